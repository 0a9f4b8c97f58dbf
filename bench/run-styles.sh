#!/bin/sh
# Every body style, eye frame and eye ball at 1000 px, SVG and PNG (verification included), against the plain-ZXing
# baselines measured in the same JMH run, and the square style's SVG bytes against the plain merged-path SVG.
# Targets: SVG <= 2x zxingSvg and square SVG bytes <= 1.5x (issue 12); PNG <= 0.5x zxingPng (MatrixToImageWriter) for
# every style (issue 24). Then every style's PNG against the same baseline timed beside it, in alternation in one JVM
# (StyleRatios: JMH times the baseline once, in its first fork, and this machine's speed drifts between forks).
# Extra arguments go to JMH.
set -eu
cd "$(dirname "$0")"
(cd .. && mvn -q install -DskipTests -Dwildfly.package.skip=true)
mvn -q package
java -jar target/benchmarks.jar 'GenerationBenchmark.zxing(Svg|Png)$|StyleBenchmark' -rf json -rff target/styles.json "$@"
java -cp target/benchmarks.jar dev.qrforge.bench.SvgSizes > target/svg-sizes.json
python3 - target/styles.json target/svg-sizes.json <<'PY'
import json, sys

results = json.load(open(sys.argv[1]))
sizes = json.load(open(sys.argv[2]))
base = {}
styles = {}
for r in results:
    name = r["benchmark"].rsplit(".", 1)[1]
    score = r["primaryMetric"]["score"]
    if name.startswith("zxing"):
        base[name] = score
    else:
        styles.setdefault(r["params"]["style"], {})[name] = score
print(f"\nbaselines: zxingSvg {base['zxingSvg']:.1f} us, zxingPng {base['zxingPng']:.1f} us")
print(f"{'style':<24}{'SVG us':>10}{'x zxingSvg':>12}{'PNG us':>10}{'x zxingPng':>12}")
worst_svg = worst_png = 0
for style, s in styles.items():
    rs, rp = s["svg"] / base["zxingSvg"], s["png"] / base["zxingPng"]
    worst_svg, worst_png = max(worst_svg, rs), max(worst_png, rp)
    print(f"{style:<24}{s['svg']:>10.1f}{rs:>11.2f}x{s['png']:>10.1f}{rp:>11.2f}x")
print(f"\nworst SVG {worst_svg:.2f}x (target <= 2.0x), worst PNG {worst_png:.2f}x (target <= 0.5x)")
print(f"square SVG {sizes['square']} bytes = {sizes['square'] / sizes['zxingSvgMinimal']:.2f}x the plain merged path"
      f" ({sizes['zxingSvgMinimal']} bytes; target <= 1.5x)")
PY
java -cp target/benchmarks.jar dev.qrforge.bench.StyleRatios
