#!/bin/sh
# Builds the service's classes jar and the benchmarks, runs PrintFormatBenchmark, and prints each format's generation
# (verification included) and drawing alone as ratios to SVG and PNG of the same code in the same run. Extra arguments
# go to JMH (e.g. -f 1 -wi 2 -i 3 for a quicker, rougher run).
set -eu
cd "$(dirname "$0")"
(cd .. && mvn -q install -DskipTests -Dwildfly.package.skip=true)
mvn -q package
java -jar target/benchmarks.jar PrintFormatBenchmark -rf json -rff target/print.json "$@"
python3 - target/print.json <<'PY'
import json, sys

scores = {}
for r in json.load(open(sys.argv[1])):
    scores[(r["benchmark"].rsplit(".", 1)[1], r["params"]["format"])] = r["primaryMetric"]
print(f"\n{'benchmark':<12}{'format':<8}{'us/op':>12}{'+- error':>10}  {'x svg':>7}{'x png':>7}")
for (bench, fmt), metric in sorted(scores.items()):
    svg, png = scores[(bench, "svg")]["score"], scores[(bench, "png")]["score"]
    print(f"{bench:<12}{fmt:<8}{metric['score']:>12.1f}{metric['scoreError']:>10.1f}"
          f"  {metric['score'] / svg:>6.2f}x{metric['score'] / png:>6.2f}x")
PY
