-- Record a table's departures as transfers and move its relay's cursor past them, at once.
-- KEYS[1] the sending match's wormhole hash (field 'relayed': the cursor), KEYS[2] its set
-- of pending transfers, KEYS[3..] one transfer record per departure (all on the sending
-- match's slot). ARGV[1] the version the cursor moves to, ARGV[2] now (epoch seconds),
-- then four per departure: its version, the receiving match, the receiving table and the
-- arrival command (JSON).
-- A record that exists is left as it is (a departure read again after a crash is the same
-- transfer, perhaps already settled); the cursor never moves back.
for i = 3, #KEYS do
  local base = 3 + (i - 3) * 4
  if redis.call('EXISTS', KEYS[i]) == 0 then
    redis.call('HSET', KEYS[i], 'version', ARGV[base], 'to_match', ARGV[base + 1],
               'to_table', ARGV[base + 2], 'command', ARGV[base + 3], 'state', 'pending',
               'attempts', 0, 'next_at', 0, 'recorded_at', ARGV[2])
    redis.call('SADD', KEYS[2], ARGV[base])
  end
end
local cursor = tonumber(redis.call('HGET', KEYS[1], 'relayed') or '0')
if tonumber(ARGV[1]) > cursor then
  redis.call('HSET', KEYS[1], 'relayed', ARGV[1])
end
return #KEYS - 2
