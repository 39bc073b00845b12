-- Write one player's "your turn" entry for one match; when the turn is new and players are
-- notified, add the note to the player's feed and return their webhook ids.
-- KEYS (all the player's, one hash slot): [1] to-act zset, [2] turns hash, [3] feed stream,
-- [4] webhooks hash. ARGV[1] match id, ARGV[2] must act '1'|'0', ARGV[3] score, ARGV[4]
-- marker "<seat>:<since version>", ARGV[5] entry JSON, ARGV[6] notify '1'|'0', ARGV[7] note
-- JSON, ARGV[8] feed length cap.
-- Returns {0} when the turn is not new, else {1, webhook id...}.
local match_id = ARGV[1]
if ARGV[2] ~= '1' then
  redis.call('ZREM', KEYS[1], match_id)
  redis.call('HDEL', KEYS[2], match_id)
  return {0}
end
redis.call('ZADD', KEYS[1], ARGV[3], match_id)
local marker = ARGV[4]
local old = redis.call('HGET', KEYS[2], match_id)
redis.call('HSET', KEYS[2], match_id, marker .. ' ' .. ARGV[5])
if ARGV[6] ~= '1' or (old and string.sub(old, 1, #marker + 1) == marker .. ' ') then
  return {0}
end
redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[8], '*', 'm', ARGV[7])
local out = {1}
for _, id in ipairs(redis.call('HKEYS', KEYS[4])) do table.insert(out, id) end
return out
