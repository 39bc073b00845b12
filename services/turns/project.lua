-- Project one match into the "your turn" keys, unless a later version was projected already.
-- KEYS[1] versions hash, KEYS[2] deadlines zset, then per player: to-act zset, turns hash
-- ARGV[1] match id, ARGV[2] version, ARGV[3] 'a' (active) | 'o' (over), ARGV[4] next
-- deadline ('' for none), ARGV[5] n players, then per player: must act ('1'|'0'), score,
-- marker ("<seat>:<since>"), entry JSON.
-- Returns {stale (0|1), was_active (0|1), i...}: the 1-based players whose turn is new.
local match_id = ARGV[1]
local version = tonumber(ARGV[2])
local prior = redis.call('HGET', KEYS[1], match_id)
local was_active = 0
if prior then
  local v, s = string.match(prior, '^(%d+)|(%a)$')
  if tonumber(v) > version then
    return {1, 0}
  end
  if s == 'a' then was_active = 1 end
  if tonumber(v) == version then was_active = -1 end  -- the same version again: no news
end
redis.call('HSET', KEYS[1], match_id, version .. '|' .. ARGV[3])
if ARGV[4] == '' then
  redis.call('ZREM', KEYS[2], match_id)
else
  redis.call('ZADD', KEYS[2], ARGV[4], match_id)
end
local out = {0, was_active}
local n = tonumber(ARGV[5])
for i = 1, n do
  local base = 5 + (i - 1) * 4
  local zset, turns = KEYS[1 + 2 * i], KEYS[2 + 2 * i]
  if ARGV[base + 1] == '1' then
    redis.call('ZADD', zset, ARGV[base + 2], match_id)
    local old = redis.call('HGET', turns, match_id)
    local marker = ARGV[base + 3]
    if (not old or string.sub(old, 1, #marker + 1) ~= marker .. ' ') and was_active ~= -1 then
      table.insert(out, i)
    end
    redis.call('HSET', turns, match_id, marker .. ' ' .. ARGV[base + 4])
  else
    redis.call('ZREM', zset, match_id)
    redis.call('HDEL', turns, match_id)
  end
end
return out
