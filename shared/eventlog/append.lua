-- Append events to a match stream if, and only if, the stream is at the expected version.
-- KEYS[1] the match's event stream, KEYS[2] the match's command-results hash
-- ARGV[1] expected version, ARGV[2] command id ('' for none), ARGV[3] timestamp,
-- ARGV[4] number of events n, ARGV[5] the batch's cause as JSON ('' for none: what
-- produced these events, kept on the batch's first entry so a log can be re-executed),
-- then n triples (type, schema version, data as JSON), then optionally the command's
-- digest, kept beside the command id's result ('first:last:digest') so that a repeated id
-- can be told from an id reused for another command ('' for none), then optionally the
-- announcement of this append (a bus message's text) and the bus's MAXLEN: it is added, as
-- field 'm', to each stream KEYS[3..] (its topics' partitions) once the events are, so a
-- writer on one Redis appends and announces in one round trip (a cluster never passes
-- these: its scripts touch the match's slot only).
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
  local base = 3 + 3 * i
  if i == 1 and ARGV[5] ~= '' then
    redis.call('XADD', KEYS[1], (expected + i) .. '-1', 'type', ARGV[base], 'schema',
               ARGV[base + 1], 'data', ARGV[base + 2], 'at', ARGV[3], 'cmd', command_id,
               'cause', ARGV[5])
  else
    redis.call('XADD', KEYS[1], (expected + i) .. '-1', 'type', ARGV[base], 'schema',
               ARGV[base + 1], 'data', ARGV[base + 2], 'at', ARGV[3], 'cmd', command_id)
  end
end
local result = (expected + 1) .. ':' .. (expected + n)
if command_id ~= '' then
  local digest = ARGV[6 + 3 * n]
  if digest and digest ~= '' then
    redis.call('HSET', KEYS[2], command_id, result .. ':' .. digest)
  else
    redis.call('HSET', KEYS[2], command_id, result)
  end
end
local message = ARGV[7 + 3 * n]
if message then
  for k = 3, #KEYS do
    redis.call('XADD', KEYS[k], 'MAXLEN', '~', ARGV[8 + 3 * n], '*', 'm', message)
  end
end
return {'appended', result}
