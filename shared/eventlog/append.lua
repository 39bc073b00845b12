-- Append events to a match stream if, and only if, the stream is at the expected version.
-- KEYS[1] the match's event stream, KEYS[2] the match's command-results hash
-- ARGV[1] expected version, ARGV[2] command id ('' for none), ARGV[3] timestamp,
-- ARGV[4] number of events n, then n pairs (type, data as JSON), then optionally the
-- command's digest, kept beside the command id's result ('first:last:digest') so that a
-- repeated id can be told from an id reused for another command.
-- Returns {'appended', 'first:last'} | {'duplicate', 'first:last[:digest]'} | {'conflict', current}
-- Stream ids are '<version>-1', so a version is its own stream id and reading from a
-- version is an XRANGE. The log is never trimmed, so XLEN is the version.
local command_id = ARGV[2]
if command_id ~= '' then
  local prior = redis.call('HGET', KEYS[2], command_id)
  if prior then
    return {'duplicate', prior}
  end
end
local current = redis.call('XLEN', KEYS[1])
local expected = tonumber(ARGV[1])
if current ~= expected then
  return {'conflict', tostring(current)}
end
local n = tonumber(ARGV[4])
for i = 1, n do
  redis.call('XADD', KEYS[1], (expected + i) .. '-1',
             'type', ARGV[3 + 2 * i], 'data', ARGV[4 + 2 * i],
             'at', ARGV[3], 'cmd', command_id)
end
local result = (expected + 1) .. ':' .. (expected + n)
if command_id ~= '' then
  local digest = ARGV[5 + 2 * n]
  if digest and digest ~= '' then
    redis.call('HSET', KEYS[2], command_id, result .. ':' .. digest)
  else
    redis.call('HSET', KEYS[2], command_id, result)
  end
end
return {'appended', result}
