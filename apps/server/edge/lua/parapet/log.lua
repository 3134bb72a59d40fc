-- The access log: one event record (spec §3, eventRecordSchema in packages/shared) per line of
-- JSON, appended by each worker; the shipper sends it to the console's ingest (docs/edge-shipper.md).
local cjson = require("cjson.safe")
local edge = require("parapet.edge")

local _M = {}
local file
local sub, floor, concat = string.sub, math.floor, table.concat
local pending, pending_count = {}, 0
local FLUSH_LINES, FLUSH_SECONDS = 256, 0.25

-- The record's bounds (event-records.ts): longer values are cut, never refused by ingest.
local URI_MAX, ARGS_MAX, URL_MAX, TEXT_MAX, SHORT_MAX = 4096, 4096, 8192, 512, 64
local HEADER_NAME_MAX, HEADER_VALUE_MAX, HEADERS_MAX = 128, 4096, 100

local function cut(value, max)
  if value == nil then return "" end
  if #value > max then return sub(value, 1, max) end
  return value
end

local function last_number(list)
  if not list or list == "" then return nil end
  local last = list:match("([^,%s:]+)%s*$")
  return tonumber(last)
end

-- Upstream times are listed per attempt ("0.002, 0.010"); the record keeps their sum.
local function total_time(list)
  if not list or list == "" then return nil end
  local sum, any = 0, false
  for n in list:gmatch("[%d%.]+") do
    sum, any = sum + tonumber(n), true
  end
  return any and sum or nil
end

local function headers_record(headers)
  local out, count = {}, 0
  for name, value in pairs(headers or {}) do
    if count >= HEADERS_MAX then break end
    if #name <= HEADER_NAME_MAX and name:match("^[a-z0-9!#$%%&'*+.^_`|~-]+$") then
      out[name] = cut(value, HEADER_VALUE_MAX)
      count = count + 1
    end
  end
  return out
end

-- The rule the event names and why it matched: the deciding one, else the last log rule.
local function acted(outcome)
  if not outcome then return nil, nil end
  if outcome.final then return outcome.final, outcome.reason end
  local last = outcome.logged[#outcome.logged]
  return last, last and outcome.logged_reason
end

function _M.write()
  local ctx = ngx.ctx
  local line = ctx.line
  if not line then return end
  local var = ngx.var
  local rule, why = acted(ctx.outcome)
  local status = ngx.status
  if status < 100 or status > 599 then status = 500 end
  local host = var.host or ""
  local port = line.ports[var.server_port]
  -- As in access.lua: no country or ISP for an address that is not public.
  local public = var.parapet_client_public ~= "0"
  local record = {
    req_id = var.request_id,
    timestamp = floor(ngx.req.start_time() * 1000),
    server_name = line.serverName,
    host = cut(host, 253),
    scheme = var.scheme,
    method = cut(ngx.req.get_method(), SHORT_MAX),
    server_port = port or tonumber(var.server_port),
    uri = cut(var.uri, URI_MAX),
    args = cut(var.args, ARGS_MAX),
    request_url = cut(var.scheme .. "://" .. host .. ":" .. tostring(port or var.server_port) .. (var.request_uri or ""), URL_MAX),
    server_protocol = cut(var.server_protocol, SHORT_MAX),
    req_headers = next(ctx.headers or {}) and headers_record(ctx.headers) or nil,
    client_ip = var.remote_addr,
    user_agent = cut(var.http_user_agent, TEXT_MAX),
    country = public and var.parapet_country or "",
    isp = public and cut(var.parapet_isp or "", TEXT_MAX) or "",
    action = rule and rule.action or "",
    type = rule and "01" or "",
    rule = rule and cut(rule.name, SHORT_MAX) or "",
    reason = cut(ctx.reason or why or "", TEXT_MAX),
    status = status,
    upstream_status = last_number(var.upstream_status),
    request_time = tonumber(var.request_time) or 0,
    upstream_response_time = total_time(var.upstream_response_time),
    bytes_sent = tonumber(var.bytes_sent) or 0,
    cache_status = (var.upstream_cache_status ~= nil and var.upstream_cache_status ~= "") and var.upstream_cache_status or "-",
    origin_host_resolve = cut(var.upstream_addr, TEXT_MAX),
  }
  if record.upstream_status and (record.upstream_status < 100 or record.upstream_status > 599) then record.upstream_status = nil end
  local json = cjson.encode(record)
  if not json then return end
  pending_count = pending_count + 1
  pending[pending_count] = json
  if pending_count >= FLUSH_LINES then _M.flush() end
end

-- Lines are written in batches, one write a batch: a write a request cost the edge a tenth of
-- its throughput (docs/edge-bench.md). A batch waits at most FLUSH_SECONDS, and a worker that
-- stops (a reload, a stop) writes what it holds first.
function _M.flush()
  if pending_count == 0 then return end
  if not file then
    file = io.open(edge.opts.log, "a")
    if not file then return end
    file:setvbuf("full", 1024 * 1024)
  end
  pending[pending_count + 1] = ""
  file:write(concat(pending, "\n", 1, pending_count + 1))
  file:flush()
  for i = pending_count + 1, 1, -1 do pending[i] = nil end
  pending_count = 0
end

function _M.init_worker()
  local function tick(premature)
    _M.flush()
    if premature then return end
  end
  ngx.timer.every(FLUSH_SECONDS, tick)
end

return _M
