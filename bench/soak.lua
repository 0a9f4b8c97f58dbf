-- wrk script for the soak: GET each of the scan paths in QRFORGE_SOAK_PATHS ("/s/a,/s/b") in turn on every connection
-- until QRFORGE_SOAK_UNTIL (epoch seconds), then GET /robots.txt, which counts nothing, until wrk stops. So no scan is
-- in flight when wrk cuts its connections, and the scans sent, which done() prints ("scans PATH N", one line a path),
-- are exactly the scans the server must count when the run had no errors. QRFORGE_SOAK_DELAY_MS (0: none) paces
-- each connection: a pause before each request.
local paths = {}
for path in string.gmatch(os.getenv("QRFORGE_SOAK_PATHS") or "", "[^,]+") do
  table.insert(paths, path)
end
local deadline = tonumber(os.getenv("QRFORGE_SOAK_UNTIL"))
local pause = tonumber(os.getenv("QRFORGE_SOAK_DELAY_MS") or "0")
local threads = {}

function setup(thread)
  -- wrk calls request() once in the first thread before it starts, to check the request parses, and never sends
  -- that one: it must not be a scan (see request()).
  thread:set("probed", #threads == 0)
  table.insert(threads, thread)
end

function init(args)
  -- Globals, so that done() can read them through thread:get.
  sent = {}
  for i = 1, #paths do
    sent[i] = 0
  end
  turn = 0
end

function request()
  if probed then
    probed = false
    return wrk.format(nil, "/robots.txt")
  end
  if os.time() < deadline then
    turn = turn % #paths + 1
    sent[turn] = sent[turn] + 1
    return wrk.format(nil, paths[turn])
  end
  return wrk.format(nil, "/robots.txt")
end

-- Defined only when pacing, since wrk then arms a timer before every request.
if pause > 0 then
  function delay()
    return pause
  end
end

function done(summary, latency, requests)
  for i, path in ipairs(paths) do
    local n = 0
    for _, thread in ipairs(threads) do
      n = n + thread:get("sent")[i]
    end
    io.write(string.format("scans %s %d\n", path, n))
  end
end
