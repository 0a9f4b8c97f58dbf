#!/usr/bin/env bash
# Concurrent generation of styled 1000 px PNGs over loopback against a server with a 512 MB heap: first one client
# per core (the baseline: the machine's uncontended throughput), then CONNECTIONS clients, far more than the render
# memory budget admits at once, for DURATION. Reports throughput, p50/p99, non-2xx answers (admission control must
# queue this load, not refuse it, and nothing may fail) and the heap after every GC of the loaded run, from the
# server's GC log, plus after a final full GC.
# Env: CONNECTIONS (64), DURATION (60s), WARMUP (20s), HEAP (512m); QRFORGE_DB* pass through.
set -euo pipefail
cd "$(dirname "$0")/.."

CONNECTIONS=${CONNECTIONS:-64}
DURATION=${DURATION:-60s}
WARMUP=${WARMUP:-20s}
HEAP=${HEAP:-512m}
OFFSET=400
export QRFORGE_BENCH_KEY=qrk_bench_render_0123456789abcdef
GC_LOG="$PWD/target/render-load-gc.log"

command -v wrk >/dev/null || { apt-get update -qq && apt-get install -y -qq wrk; }
[ -d target/server ] || mvn -B -q package -DskipTests
rm -f "$GC_LOG"
export JBOSS_JAVA_SIZING="-Xms$HEAP -Xmx$HEAP -Xlog:gc:file=$GC_LOG:uptime"
. bench/server.sh
start_server $OFFSET render-load $QRFORGE_BENCH_KEY
URL="$BASE/api/v1/qr"
cores=$(nproc)

run() { wrk -t2 -c"$1" -d"$2" --latency -s bench/render-load.lua "$URL"; }
rps() { awk '/Requests\/sec/ {print $2}' <<<"$1"; }
pct() { awk -v p="$2" '$1==p {print $2}' <<<"$1"; }
failed() { awk '/Non-2xx or 3xx/ {n=$5} END {print n+0}' <<<"$1"; }
socket_errors() { awk '/Socket errors/ {print}' <<<"$1"; }

echo "warming up ($WARMUP)"
run "$CONNECTIONS" "$WARMUP" >/dev/null
baseline=$(run "$cores" "$DURATION")
echo "$baseline"
load_started=$(awk -F'[][s]' 'END {print $2+0}' "$GC_LOG")
loaded=$(run "$CONNECTIONS" "$DURATION")
echo "$loaded"

after_full_gc=$(heap_after_full_gc "$(java_pid $SERVER)")
limited=$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $QRFORGE_BENCH_KEY" -H 'Content-Type: application/json' \
  -d '{"data":"https://example.com/after-the-load","format":"png","size":1000}' "$URL")

echo
echo "styled 1000 px PNG, heap $HEAP"
printf '%-28s %10s %9s %9s %8s\n' "" "req/s" "p50" "p99" "non-2xx"
printf '%-28s %10s %9s %9s %8s\n' "baseline: $cores connections" "$(rps "$baseline")" "$(pct "$baseline" 50%)" "$(pct "$baseline" 99%)" "$(failed "$baseline")"
printf '%-28s %10s %9s %9s %8s\n' "load: $CONNECTIONS connections" "$(rps "$loaded")" "$(pct "$loaded" 50%)" "$(pct "$loaded" 99%)" "$(failed "$loaded")"
socket_errors "$baseline$loaded"
python3 -c "print(f'throughput ratio load/baseline: {float(\"$(rps "$loaded")\") / float(\"$(rps "$baseline")\"):.2f}')"
python3 - "$GC_LOG" "$load_started" <<'PY'
import re, sys
after = [(float(t), int(a)) for t, a in re.findall(r"\[(\d+\.\d+)s\].*?->(\d+)M\(\d+M\)", open(sys.argv[1]).read())]
during = [a for t, a in after if t >= float(sys.argv[2])]
if during:
    print(f"heap after GC during the load: {len(during)} GCs, min {min(during)} MB, max {max(during)} MB,"
          f" last {during[-1]} MB")
PY
echo "heap used after a full GC at the end: $after_full_gc MB"
echo "a request after the load: HTTP $limited"
grep -q OutOfMemoryError target/render-load-server.log && { echo "OutOfMemoryError in the server log"; exit 1; } || echo "no OutOfMemoryError in the server log"
