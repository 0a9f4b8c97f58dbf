#!/bin/sh
# Heap per PNG: JMH's allocation profiler (bytes allocated per render, an upper bound of what a render holds) for
# our 1000 px and 5000 px PNGs against plain ZXing at the same size, in the same run; beside it the cost model that
# admission control reserves, and how many renders the default budget of a 512 MB heap (25 %, 128 MB) admits at once.
# Extra arguments go to JMH.
set -eu
cd "$(dirname "$0")"
(cd .. && mvn -q install -DskipTests -Dwildfly.package.skip=true)
mvn -q package
java -jar target/benchmarks.jar RenderMemoryBenchmark -prof gc -rf json -rff target/render-memory.json "$@"
java -cp target/benchmarks.jar dev.qrforge.bench.RenderCosts > target/render-costs.json
python3 - target/render-memory.json target/render-costs.json <<'PY'
import json, sys

results = json.load(open(sys.argv[1]))
costs = json.load(open(sys.argv[2]))
alloc, time = {}, {}
for r in results:
    name = r["benchmark"].rsplit(".", 1)[1]
    key = (name, int(r["params"]["size"]))
    alloc[key] = r["secondaryMetrics"]["gc.alloc.rate.norm"]["score"]
    time[key] = r["primaryMetric"]["score"]
mb = 1024 * 1024
budget = costs["budgetBytes"]
print(f"\n{'render':<26}{'ms/op':>8}{'alloc MB/op':>13}{'vs zxingPng':>13}{'reserved MB':>13}{'at once in 128 MB':>19}")
for (name, size) in sorted(alloc, key=lambda k: (k[1], k[0])):
    a = alloc[(name, size)]
    ratio = a / alloc[("zxingPng", size)]
    reserved = costs["cases"].get(f"{name}:{size}")
    line = f"{name + ' ' + str(size) + ' px':<26}{time[(name, size)]:>8.1f}{a / mb:>13.2f}{ratio:>12.2f}x"
    if reserved:
        line += f"{reserved / mb:>13.2f}{budget // reserved:>19}"
        assert reserved >= a, f"the cost model reserves less than {name} {size} px allocates"
    print(line)
PY
