-- wrk script: spreads one run over several nodes, so that its throughput and latency percentiles cover all of them.
-- Each wrk thread sends to one node of QRFORGE_BENCH_NODES ("host:port,host:port"), round robin over the threads,
-- so use a multiple of their number of threads; unset, every thread sends to the URL's host. With
-- QRFORGE_BENCH_FORMAT set, every request is render-load.lua's generation request in that format.
if os.getenv("QRFORGE_BENCH_FORMAT") then
  dofile("bench/render-load.lua")
end

local nodes = {}
for host, port in string.gmatch(os.getenv("QRFORGE_BENCH_NODES") or "", "([^,]+):(%d+)") do
  table.insert(nodes, wrk.lookup(host, port)[1])
end
local threads = 0

function setup(thread)
  if #nodes > 0 then
    thread.addr = nodes[threads % #nodes + 1]
  end
  threads = threads + 1
end
