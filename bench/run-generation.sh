#!/bin/sh
# Builds the service's classes jar and the benchmarks, runs GenerationBenchmark, and prints each of our variants as a
# ratio to its plain-ZXing baseline. Extra arguments go to JMH (e.g. -wi 1 -i 3 for a quicker, rougher run).
set -eu
cd "$(dirname "$0")"
(cd .. && mvn -q install -DskipTests -Dwildfly.package.skip=true)
mvn -q package
java -jar target/benchmarks.jar GenerationBenchmark -rf json -rff target/generation.json "$@"
python3 - target/generation.json <<'PY'
import json, sys

# Each of ours against its format's baseline; SVG also against the stricter one-bit-per-module baseline.
baselines = {"svg": ["zxingSvg", "zxingSvgMinimal"], "png": ["zxingPng"]}
scores = {r["benchmark"].rsplit(".", 1)[1]: r["primaryMetric"] for r in json.load(open(sys.argv[1]))}
print(f"\n{'benchmark':<28}{'us/op':>12}{'+- error':>10}  ratio to baseline")
for name, metric in sorted(scores.items()):
    kind = "svg" if "svg" in name.lower() else "png"
    ratios = "" if name.startswith("zxing") else "  ".join(
        f"{metric['score'] / scores[b]['score']:.2f}x {b}" for b in baselines[kind])
    print(f"{name:<28}{metric['score']:>12.1f}{metric['scoreError']:>10.1f}  {ratios}")
PY
