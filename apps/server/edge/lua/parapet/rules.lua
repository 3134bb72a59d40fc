-- A line's firewall rules judged against one request: the same meaning as the shared evaluator
-- (packages/shared/src/waf/evaluate.ts, conditions.ts, actions.ts). Every set condition must hold,
-- then the first exclusion that holds spares the request; the first terminating action decides,
-- log and header actions are collected and judging goes on. The case table (cases.json) is
-- replayed through this code by apps/server/test/edge/conformance.test.ts.
local net = require("parapet.net")
local re_find = ngx.re.find

local _M = {}

local function any_network(list, client)
  for _, n in ipairs(list) do
    if net.holds(n, client) then return n end
  end
  return nil
end

local function any_pattern(list, subject)
  for _, pattern in ipairs(list) do
    -- "jo": PCRE with JIT, compiled once per pattern; a pattern PCRE refuses never holds.
    local from = re_find(subject, pattern, "jo")
    if from then return pattern end
  end
  return nil
end

local function any_header(list, headers)
  for _, h in ipairs(list) do
    local value = headers[h.name]
    if value ~= nil and re_find(value, h.re, "jo") then return h.entry end
  end
  return nil
end

local function listed(list, value)
  if value == nil then return nil end
  for _, entry in ipairs(list) do
    if entry == value then return entry end
  end
  return nil
end

-- The request's count over the rule's window, > n requests.
local function rate_holds(rate, req)
  local count = req.rate(req, rate.seconds)
  return count > rate.requests
end

local function owasp_holds(list, req)
  for _, category in ipairs(list) do
    if req.owasp[category] then return category end
  end
  return nil
end

-- A rule's reason is gathered in one table for every rule and request, not a new one each: most
-- rules fail before their reason is asked for, and judging never yields, so no other request of
-- the worker runs while one is judged.
local parts, count = {}, 0
local function add(part)
  count = count + 1
  parts[count] = part
end

-- The event's reason: the held conditions, in the evaluator's order, as "field: entry", or the
-- field alone when no one entry held (an inverted country list). The default source network
-- (bits 0: 0.0.0.0/0 or ::/0) says nothing of a match and is named only when it is all a rule
-- asked (packages/shared/src/waf/event-reason.ts says the same).
local function reason_of(every_address)
  if count == 0 and every_address then return "wafIp: " .. every_address end
  return table.concat(parts, "; ", 1, count)
end

-- The entry of the rule's ISPs equal to the request's, as the rule names it (nil for none).
local function isp_entry(list, isp)
  for _, entry in ipairs(list) do
    if entry.lower == isp then return entry.entry end
  end
  return nil
end

-- Adds the condition to the reason when its entry held; answers whether it did.
local function held(field, entry)
  if not entry then return false end
  add(field .. ": " .. entry)
  return true
end

-- When every set condition holds (the evaluator's order does not change the answer), the reason
-- they give; nil when one does not.
local function conditions_hold(when, req)
  local every_address = nil
  count = 0
  if when.ip then
    local n = any_network(when.ip, req.client)
    if not n then return nil end
    if n.bits == 0 then every_address = n.entry else add("wafIp: " .. n.entry) end
  end
  if when.uri and not held("wafUri", any_pattern(when.uri, req.uri)) then return nil end
  if when.country then
    local hit = listed(when.country, req.country)
    if when.countryInvert then
      if hit then return nil end
      add("wafCountry")
    elseif not held("wafCountry", hit) then
      return nil
    end
  end
  if when.isp and not held("wafIsp", isp_entry(when.isp, req.isp)) then return nil end
  if when.headers and not held("wafHeaders", any_header(when.headers, req.headers)) then return nil end
  if when.rate and not held("wafRate", rate_holds(when.rate, req) and when.rate.entry) then return nil end
  if when.methods and not held("wafHttpMethod", listed(when.methods, req.method)) then return nil end
  if when.owasp and not held("wafOwasp", owasp_holds(when.owasp, req)) then return nil end
  if when.proxy and not held("wafProxyType", listed(when.proxy, req.proxy_type)) then return nil end
  return reason_of(every_address)
end

local function spared(unless, req)
  if unless.ip and any_network(unless.ip, req.client) then return true end
  if unless.uri and any_pattern(unless.uri, req.uri) then return true end
  if unless.headers and any_header(unless.headers, req.headers) then return true end
  if unless.headersPresent then
    for _, name in ipairs(unless.headersPresent) do
      if req.headers[name] ~= nil then return true end
    end
  end
  return false
end

local function set_header(list, name, value)
  local lower = name:lower()
  for _, h in ipairs(list) do
    if h.name:lower() == lower then
      h.name, h.value = name, value
      return
    end
  end
  list[#list + 1] = { name = name, value = value }
end

-- A matched rule of a blocking period stays matched for the client until the period ends.
local function blocked(rule, req)
  return rule.action == "08" and req.is_blocked(req, rule.name)
end

-- Why the rule matches the request, nil when it does not: a client inside the rule's block
-- period is refused for the period, else every condition must hold and no exclusion spare it.
local function matched(rule, req)
  if blocked(rule, req) then return "wafBucketTime: " .. tostring(rule.blockSeconds) end
  local why = conditions_hold(rule.when, req)
  if why and not spared(rule.unless, req) then return why end
  return nil
end

-- Judges the line's rules: the deciding rule (or nil) and why it matched, and what the other
-- matched rules added; `logged_reason` is the last log rule's reason, which the event names
-- when no rule decides.
function _M.judge(rules, req)
  local outcome = { request_headers = {}, response_headers = {}, logged = {} }
  -- The rate is a fact of the request, as the client's count over a window: every request of
  -- the client counts, whatever the rules decide or whichever of their conditions fail first.
  for _, rule in ipairs(rules) do
    if rule.enabled and rule.when.rate then req.rate(req, rule.when.rate.seconds) end
  end
  for _, rule in ipairs(rules) do
    if rule.enabled then
      local why = matched(rule, req)
      if why then
        local action = rule.action
        if action == "04" then
          outcome.logged[#outcome.logged + 1] = rule
          outcome.logged_reason = why
        elseif action == "09" or action == "10" then
          local list = action == "09" and outcome.request_headers or outcome.response_headers
          for _, h in ipairs(rule.setHeaders or {}) do
            local value = h.value:gsub(rule.clientIpVariable:gsub("%$", "%%$"), req.client_ip)
            set_header(list, h.name, value)
          end
        else
          outcome.final = rule
          outcome.reason = why
          return outcome
        end
      end
    end
  end
  return outcome
end

return _M
