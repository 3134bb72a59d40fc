-- The categories CRS flagged, from the mask its verdict carried: bit i is the i-th category of
-- the list the compiler puts in data.json (WAF_OWASP_CATEGORIES; compile/crs.ts writes the rules).
local bit = require("bit")

local _M = {}
local NONE = {}

function _M.categories(mask, categories)
  if mask == 0 or not categories then return NONE end
  local out = {}
  for i, category in ipairs(categories) do
    if bit.band(mask, bit.lshift(1, i - 1)) ~= 0 then out[category] = true end
  end
  return out
end

return _M
