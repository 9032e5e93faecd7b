-- The bench's requests for wrk (scripts/bench/wrk.ts). Each thread is one connection when a
-- scenario has a shopper per connection: thread N sends the requests of file N (or of file 0
-- when there is one file for all), in turn, over and over. Requests are whole HTTP/1.1 messages
-- separated by a NUL byte, written by the bench; Lua only hands them out.
-- A status of 300 or more is counted (wrk itself counts only 400 and more).

local threads = {}
local next_id = 0

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

local requests = {}
local turn = 0
bad = 0

function init(args)
  local folder, files = args[1], tonumber(args[2])
  local file = io.open(string.format("%s/%d.req", folder, id % files), "rb")
  local all = file:read("*a")
  file:close()
  for message in string.gmatch(all, "([^%z]+)") do
    table.insert(requests, message)
  end
end

function request()
  turn = turn + 1
  return requests[(turn - 1) % #requests + 1]
end

function response(status)
  if status >= 300 then
    bad = bad + 1
  end
end

function done(summary, latency)
  local non2xx = 0
  for _, thread in ipairs(threads) do
    non2xx = non2xx + thread:get("bad")
  end
  local e = summary.errors
  io.write(string.format(
    'WRK_RESULT {"requests":%d,"microseconds":%d,"p50":%d,"p99":%d,"max":%d,"errors":%d,"non2xx":%d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect + e.read + e.write + e.timeout, non2xx))
end
