-- Write a whole exported log into an empty match stream, each entry exactly as exported
-- (its own time, schema version and batch cause), or nothing at all.
-- KEYS[1] the match's event stream
-- ARGV[1] number of events n, then n quintuples (type, schema, data, at, cause or '')
-- Returns {'restored', n} | {'conflict', current}
local current = redis.call('XLEN', KEYS[1])
if current ~= 0 then
  return {'conflict', tostring(current)}
end
local n = tonumber(ARGV[1])
for i = 1, n do
  local base = 2 + 5 * (i - 1)
  local entry = {'type', ARGV[base], 'schema', ARGV[base + 1], 'data', ARGV[base + 2],
                 'at', ARGV[base + 3], 'cmd', ''}
  if ARGV[base + 4] ~= '' then
    table.insert(entry, 'cause')
    table.insert(entry, ARGV[base + 4])
  end
  redis.call('XADD', KEYS[1], i .. '-1', unpack(entry))
end
return {'restored', tostring(n)}
