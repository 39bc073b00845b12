-- Record that a match was projected at a version, unless a later one was projected already.
-- KEYS[1] the match's projected-version key (the match's own hash slot).
-- ARGV[1] version, ARGV[2] 'a' (active) | 'o' (over).
-- Returns {stale (0|1), was_active}: was_active 1 when the match was projected active
-- before, 0 when not (or never), -1 when this very version was projected already (no news).
local version = tonumber(ARGV[1])
local prior = redis.call('GET', KEYS[1])
local was_active = 0
if prior then
  local v, s = string.match(prior, '^(%d+)|(%a)$')
  if tonumber(v) > version then
    return {1, 0}
  end
  if s == 'a' then was_active = 1 end
  if tonumber(v) == version then was_active = -1 end
end
redis.call('SET', KEYS[1], version .. '|' .. ARGV[2])
return {0, was_active}
