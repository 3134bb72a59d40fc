-- What every request of a line meets before the proxy (docs/edge.md, "A request's path"):
-- CRS's verdict read back, HTTP/1.0, the HTTPS redirect, the firewall rules, then the origin.
local edge = require("parapet.edge")
local net = require("parapet.net")
local rules = require("parapet.rules")
local pages = require("parapet.pages")
local crs = require("parapet.crs")

local _M = {}
local rate_dict = ngx.shared.parapet_rate
local concat, floor = table.concat, math.floor

local CRS_BASE, CRS_MAX = 530, 63
local CRS_HEADER, CRS_MASK_HEADER = "X-Parapet-Crs", "X-Parapet-Crs-Mask"
local CRS_KEY, CRS_MASK_KEY = CRS_HEADER:lower(), CRS_MASK_HEADER:lower()

-- The visitor's headers by lower-case name, a repeated one joined as the evaluator joins it.
local function headers_of()
  local headers = ngx.req.get_headers(100)
  for name, value in pairs(headers) do
    if type(value) == "table" then headers[name] = concat(value, ", ") end
  end
  return headers
end

-- Requests of a client to a line over the last `seconds`: this window's count and the part of
-- the previous window still inside the span (a sliding window in two counters). Counted once a
-- request for each window, however many rules read it.
local function rate_of(req, seconds)
  local counted = req.counted
  if not counted then
    counted = {}
    req.counted = counted
  elseif counted[seconds] then
    return counted[seconds]
  end
  local now = ngx.now()
  local bucket = floor(now / seconds)
  local key = req.line_id .. "|" .. req.client_ip .. "|" .. seconds .. "|"
  local current = rate_dict:incr(key .. bucket, 1, 0, seconds * 2) or 1
  local previous = rate_dict:get(key .. (bucket - 1)) or 0
  local elapsed = (now - bucket * seconds) / seconds
  local count = current + previous * (1 - elapsed)
  counted[seconds] = count
  return count
end

local function block_key(line_id, rule_name, client_ip)
  return "block|" .. line_id .. "|" .. rule_name .. "|" .. client_ip
end

local function is_blocked(req, rule_name)
  return rate_dict:get(block_key(req.line_id, rule_name, req.client_ip))
end

local function pool_upstream(ref, line)
  if not ref then return nil, nil end
  local name = ref.name
  if ref.perPort then name = name .. "_" .. tostring(line.ports[ngx.var.server_port] or ngx.var.server_port) end
  local backup = ref.backup and (name .. "_backup") or ""
  return name, backup, ref.scheme
end

local function route(line, data, outcome, country)
  local ref = line.origin.regions[country or ""] or line.origin.default
  local final = outcome.final
  if final and final.action == "13" and final.upstream then ref = data.pools[final.upstream] or ref end
  local upstream, backup, scheme = pool_upstream(ref, line)
  if not upstream then return false end
  ngx.var.parapet_upstream = upstream
  ngx.var.parapet_backup = backup
  ngx.var.parapet_origin_scheme = scheme
  return true
end

-- The second entry of a judged request (a backup or error location): nothing to judge again.
local function reentry()
  if ngx.var.parapet_backup ~= "" and ngx.var.parapet_backup ~= nil then
    -- The backup pool answers; the primaries' error status must not stick to its response.
    ngx.status = 0
    return
  end
  return pages.error()
end

function _M.run()
  local line_id = ngx.var.parapet_line
  if not line_id or line_id == "" then return end
  local status = ngx.status
  -- CRS judged the request and came back here with its categories as a status (crs.ts).
  if status > CRS_BASE and status <= CRS_BASE + CRS_MAX then
    ngx.req.set_header(CRS_HEADER, edge.opts.crs_token)
    ngx.req.set_header(CRS_MASK_HEADER, tostring(status - CRS_BASE))
    ngx.status = 0
    return ngx.exec(ngx.var.uri, ngx.var.args)
  end
  if ngx.var.parapet_judged == "1" then return reentry() end
  ngx.var.parapet_judged = "1"

  local data = edge.data()
  local line = data and data.lines[line_id]
  if not line then return ngx.exit(503) end
  local ctx = ngx.ctx
  ctx.line = line

  local headers = headers_of()
  local mask = 0
  if headers[CRS_KEY] ~= nil or headers[CRS_MASK_KEY] ~= nil then
    if headers[CRS_KEY] == edge.opts.crs_token then mask = tonumber(headers[CRS_MASK_KEY]) or 0 end
    -- The edge's own markers never reach the origin, the log or a rule.
    headers[CRS_KEY], headers[CRS_MASK_KEY] = nil, nil
    ngx.req.clear_header(CRS_HEADER)
    ngx.req.clear_header(CRS_MASK_HEADER)
  end
  ctx.headers = headers

  if ngx.req.http_version() == 1.0 and not line.acceptHttp10 then
    ngx.header["Upgrade"] = "HTTP/1.1"
    -- EVENT_REASON_HTTP10 (packages/shared/src/waf/event-reason.ts), which the console names.
    ctx.reason = "http10"
    return ngx.exit(426)
  end
  if line.redirectHttps and ngx.var.scheme == "http" then
    local port = line.redirectHttps.port
    local host = ngx.var.host .. (port == 443 and "" or (":" .. port))
    return ngx.redirect("https://" .. host .. ngx.var.request_uri, line.redirectHttps.code)
  end

  -- Country and ISP as the GeoIP databases give them (nil without an answer), and never for an
  -- address that is not public ($parapet_client_public, from the console's own table), as ingest.
  local public = ngx.var.parapet_client_public ~= "0"
  local country = public and ngx.var.parapet_country or nil
  if country == "" then country = nil end
  -- The evaluator compares ISPs in any case; rules-data.ts writes the rule's ISPs in lower case.
  local isp = public and ngx.var.parapet_isp or nil
  if isp == "" then isp = nil elseif isp then isp = isp:lower() end
  local client_ip = ngx.var.remote_addr
  local req = {
    client = net.client(ngx.var.binary_remote_addr),
    client_ip = client_ip,
    uri = ngx.var.uri,
    method = ngx.req.get_method(),
    country = country,
    isp = isp,
    headers = headers,
    owasp = crs.categories(mask, data.owaspCategories),
    line_id = line_id,
    rate = rate_of,
    is_blocked = is_blocked,
  }
  local outcome = rules.judge(line.rules, req)
  ctx.outcome = outcome

  for _, h in ipairs(outcome.request_headers) do ngx.req.set_header(h.name, h.value) end
  local final = outcome.final
  if final then
    local action = final.action
    if action == "08" then
      -- add, not set: a request refused during the block does not make the block last longer.
      rate_dict:add(block_key(line_id, final.name, client_ip), true, final.blockSeconds)
    end
    if action == "01" or action == "08" then return pages.serve(final.page, 403) end
    -- A visitor who ran the check goes on to the origin; anyone else gets the check.
    if (action == "03" or action == "07" or action == "14") and not pages.passed_challenge() then
      return pages.challenge()
    end
    if action == "06" then
      local target = final.redirect.url
      if final.redirect.keepHost then target = ngx.var.scheme .. "://" .. ngx.var.http_host .. target end
      return ngx.redirect(target, final.redirect.code)
    end
    if action == "12" then return pages.serve(final.page, 200) end
    if action == "05" then ngx.var.limit_rate = final.speedBytes end
  end
  if not route(line, data, outcome, country) then return ngx.exit(502) end
end

-- Response headers the rules set (action 10), over the origin's own.
function _M.headers()
  local outcome = ngx.ctx.outcome
  if not outcome then return end
  for _, h in ipairs(outcome.response_headers) do ngx.header[h.name] = h.value end
end

return _M
