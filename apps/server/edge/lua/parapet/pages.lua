-- Pages the edge answers with: a rule's deny or custom page, the line's error page, and the
-- human check. Published pages already hold the request-id block with the edge's variables in
-- it (html-pages.publisher.ts, EDGE_RID_VALUES); they are filled in per response here.
local edge = require("parapet.edge")

local _M = {}
local cache = {}
local cache_version

local FALLBACK = {
  [403] = "<!doctype html><title>403 Forbidden</title><h1>403 Forbidden</h1><p>Request ID: $request_id</p>",
  [500] = "<!doctype html><title>500 Internal Server Error</title><h1>500</h1><p>Request ID: $request_id</p>",
  [502] = "<!doctype html><title>502 Bad Gateway</title><h1>502 Bad Gateway</h1><p>Request ID: $request_id</p>",
  [503] = "<!doctype html><title>503 Service Unavailable</title><h1>503</h1><p>Request ID: $request_id</p>",
  [504] = "<!doctype html><title>504 Gateway Timeout</title><h1>504 Gateway Timeout</h1><p>Request ID: $request_id</p>",
}

local function source(page_id, status)
  local data, version = edge.data()
  if version ~= cache_version then
    cache, cache_version = {}, version
  end
  if page_id and cache[page_id] then return cache[page_id] end
  local path = page_id and data and data.pages[page_id]
  local text = path and edge.read_file(path)
  if text then
    cache[page_id] = text
    return text
  end
  return FALLBACK[status] or FALLBACK[403]
end

local function fill(text)
  return (text:gsub("%$([%w_]+)", function(name)
    if name == "request_id" or name == "time_iso8601" or name == "remote_addr" then
      return ngx.var[name]
    end
    return nil
  end))
end

function _M.serve(page_id, status)
  ngx.status = status
  ngx.header["Content-Type"] = "text/html; charset=utf-8"
  ngx.header["Cache-Control"] = "no-store"
  ngx.print(fill(source(page_id, status)))
  return ngx.exit(status)
end

-- The line's error page for a failure on the way to the origin, with that failure's status.
function _M.error()
  local status = ngx.status
  if status < 500 or status > 599 then status = 502 end
  local line = ngx.ctx.line
  if not line then
    local data = edge.data()
    line = data and data.lines[ngx.var.parapet_line or ""]
  end
  return _M.serve(line and line.errorPage, status)
end

-- A check a browser passes by running it: it sets a cookie bound to the client's address.
local COOKIE = "parapet_pass"
local function token()
  return ngx.encode_base64(ngx.hmac_sha1(edge.opts.crs_token, ngx.var.remote_addr)):gsub("[+/=]", "")
end

function _M.passed_challenge()
  return ngx.var["cookie_" .. COOKIE] == token()
end

function _M.challenge()
  ngx.status = 403
  ngx.header["Content-Type"] = "text/html; charset=utf-8"
  ngx.header["Cache-Control"] = "no-store"
  ngx.print("<!doctype html><title>Checking your browser</title><noscript>Please enable JavaScript.</noscript>",
    "<script>document.cookie='", COOKIE, "=", token(), "; path=/; SameSite=Lax';location.reload();</script>",
    "<p>Request ID: ", ngx.var.request_id, "</p>")
  return ngx.exit(403)
end

return _M
