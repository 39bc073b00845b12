-- Delete a moved match's keys from Redis, only if its stream still holds the events the
-- archive verified (an append since would make the archived copy short: keep everything).
-- KEYS[1] the match's event stream, KEYS[2..] its other keys (same slot)
-- ARGV[1] the number of events archived
-- Returns the number of keys deleted, or -1 when the stream holds another number of events.
local current = redis.call('XLEN', KEYS[1])
if current ~= 0 and current ~= tonumber(ARGV[1]) then
  return -1
end
return redis.call('DEL', unpack(KEYS))
