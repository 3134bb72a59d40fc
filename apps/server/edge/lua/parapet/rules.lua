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
    if net.holds(n, client) then return n.entry end
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

-- Whether every set condition holds (the evaluator's order does not change the answer).
local function conditions_hold(when, req)
  if when.ip and not any_network(when.ip, req.client) then return false end
  if when.uri and not any_pattern(when.uri, req.uri) then return false end
  if when.country then
    local hit = listed(when.country, req.country)
    if when.countryInvert then
      if hit then return false end
    elseif not hit then
      return false
    end
  end
  if when.isp and not listed(when.isp, req.isp) then return false end
  if when.headers and not any_header(when.headers, req.headers) then return false end
  if when.rate and not rate_holds(when.rate, req) then return false end
  if when.methods and not listed(when.methods, req.method) then return false end
  if when.owasp and not owasp_holds(when.owasp, req) then return false end
  if when.proxy and not listed(when.proxy, req.proxy_type) then return false end
  return true
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

-- Judges the line's rules: the deciding rule (or nil), and what the other matched rules added.
function _M.judge(rules, req)
  local outcome = { request_headers = {}, response_headers = {}, logged = {} }
  -- The rate is a fact of the request, as the client's count over a window: every request of
  -- the client counts, whatever the rules decide or whichever of their conditions fail first.
  for _, rule in ipairs(rules) do
    if rule.enabled and rule.when.rate then req.rate(req, rule.when.rate.seconds) end
  end
  for _, rule in ipairs(rules) do
    if rule.enabled then
      local matched = blocked(rule, req) or (conditions_hold(rule.when, req) and not spared(rule.unless, req))
      if matched then
        local action = rule.action
        if action == "04" then
          outcome.logged[#outcome.logged + 1] = rule
        elseif action == "09" or action == "10" then
          local list = action == "09" and outcome.request_headers or outcome.response_headers
          for _, h in ipairs(rule.setHeaders or {}) do
            local value = h.value:gsub(rule.clientIpVariable:gsub("%$", "%%$"), req.client_ip)
            set_header(list, h.name, value)
          end
        else
          outcome.final = rule
          return outcome
        end
      end
    end
  end
  return outcome
end

return _M
