-- The edge's state shared by every handler: where things are (set once by init_by_lua from the
-- compiled nginx.conf) and the published data (data.json), held in a shared dict so the console
-- can replace it without a reload (docs/edge.md, "Rules as data") and decoded once per worker.
local cjson = require("cjson.safe")
local net = require("parapet.net")

local _M = { opts = {} }
local dict = ngx.shared.parapet_data

local function read_file(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, err end
  local text = f:read("*a")
  f:close()
  return text
end

local function store(text)
  local version = ngx.md5(text)
  local ok, err = dict:set("json", text)
  if not ok then return nil, err end
  dict:set("version", version)
  return version
end

function _M.init(opts)
  _M.opts = opts
  -- Read at each (re)load, so the console can tell when nginx has taken a new generation.
  _M.generation = (read_file(opts.generation) or ""):gsub("%s+$", "")
  local text = read_file(opts.data)
  if text then store(text) end
end

function _M.init_worker()
  require("parapet.log").init_worker()
end

-- Networks arrive as hex; the rules compare raw bytes, as nginx gives the client's address.
local function prepare_networks(list)
  if not list then return end
  for _, n in ipairs(list) do n.bytes = net.from_hex(n.hex) end
end

local function prepare(data)
  for _, line in pairs(data.lines or {}) do
    for _, rule in ipairs(line.rules or {}) do
      prepare_networks(rule.when.ip)
      prepare_networks(rule.unless.ip)
    end
  end
  return data
end

local cached_version, cached_data

-- The data as this worker knows it, refreshed when the console has published new data.
function _M.data()
  local version = dict:get("version")
  if version ~= cached_version then
    local text = dict:get("json")
    local decoded = text and cjson.decode(text)
    if decoded then
      cached_data = prepare(decoded)
      cached_version = version
    end
  end
  return cached_data, cached_version
end

-- POST /data on the control port: read the live data file again (it was swapped in first).
function _M.reload_data()
  local text, err = read_file(_M.opts.data)
  if not text or not cjson.decode(text) then
    ngx.status = 500
    ngx.say("unreadable data: ", err or "invalid json")
    return ngx.exit(500)
  end
  local version, serr = store(text)
  if not version then
    ngx.status = 500
    ngx.say("data not stored: ", serr)
    return ngx.exit(500)
  end
  ngx.say(version)
end

function _M.health()
  local _, version = _M.data()
  ngx.header["Content-Type"] = "application/json"
  ngx.say(cjson.encode({ generation = _M.generation, data = version or "" }))
end

_M.read_file = read_file
return _M
