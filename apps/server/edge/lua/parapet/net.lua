-- Client addresses against networks, on the raw bytes nginx keeps ($binary_remote_addr). An IPv4
-- address written as IPv6 (::ffff:a.b.c.d) counts as the IPv4 address, as the evaluator says
-- (packages/shared/src/waf/network.ts).
local bit = require("bit")
local byte, sub, char, floor = string.byte, string.sub, string.char, math.floor

local _M = {}

function _M.from_hex(hex)
  return (hex:gsub("..", function(pair) return char(tonumber(pair, 16)) end))
end

local MAPPED = string.rep("\0", 10) .. "\255\255"

-- The client as {v = 4|6, bytes = string}.
function _M.client(binary)
  if not binary then return nil end
  if #binary == 4 then return { v = 4, bytes = binary } end
  if #binary == 16 then
    if sub(binary, 1, 12) == MAPPED then return { v = 4, bytes = sub(binary, 13) } end
    return { v = 6, bytes = binary }
  end
  return nil
end

function _M.holds(network, client)
  if not client or client.v ~= network.v then return false end
  local bits = network.bits
  if bits == 0 then return true end
  local whole = floor(bits / 8)
  local a, b = client.bytes, network.bytes
  -- Byte by byte: a substring a network would make a new string each request.
  for i = 1, whole do
    if byte(a, i) ~= byte(b, i) then return false end
  end
  local rest = bits % 8
  if rest == 0 then return true end
  local mask = bit.band(bit.lshift(0xff, 8 - rest), 0xff)
  return bit.band(byte(a, whole + 1), mask) == byte(b, whole + 1)
end

return _M
