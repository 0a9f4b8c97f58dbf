#!/usr/bin/env bash
# Scan-path benchmark over loopback: the redirect GET /s/{code} against a static file of the same WAR
# (/robots.txt), same server, same concurrency, same run; then an exact-count check: N scans sent, N counted.
# Uses the server `mvn package` provisions (target/server) with its own base directory under target/.
# Env: CONNECTIONS (64), DURATION (20s), WARMUP (20s), EXACT_SCANS (20000), JBOSS_JAVA_SIZING (-Xms1g -Xmx1g,
# the heap docs/operations.md recommends); QRFORGE_DB* pass through.
set -euo pipefail
cd "$(dirname "$0")/.."

CONNECTIONS=${CONNECTIONS:-64}
DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-20s}
EXACT_SCANS=${EXACT_SCANS:-20000}
OFFSET=300
KEY=qrk_bench_0123456789abcdef

. bench/server.sh
load_tools
[ -d target/server ] || mvn -B -q package -DskipTests
start_server $OFFSET redirect $KEY

created=$(create_dynamic "$BASE" $KEY \
  '{"destinationUrl":"https://example.com/landing","rules":[{"when":{"os":["iOS"]},"destinationUrl":"https://example.com/ios"}]}')
read -r id scan_url <<<"$created"
count() { scan_count "$BASE" $KEY "$id"; }

run() { wrk -t2 -c"$CONNECTIONS" -d"$2" --latency -H "User-Agent: $PHONE_UA" "$1"; }
echo "warming up ($WARMUP each)"
run "$BASE/robots.txt" "$WARMUP" >/dev/null
run "$scan_url" "$WARMUP" >/dev/null

static=$(run "$BASE/robots.txt" "$DURATION")
redirect=$(run "$scan_url" "$DURATION")
rps() { awk '/Requests\/sec/ {print $2}' <<<"$1"; }
p99() { awk '$1=="99%" {print $2}' <<<"$1"; }
errors() { awk '/Non-2xx or 3xx/ {print $5} /Socket errors/ {print}' <<<"$1"; }

sleep 1
before=$(count)
ab -q -k -n "$EXACT_SCANS" -c "$CONNECTIONS" -H "User-Agent: $PHONE_UA" "$scan_url" > target/bench-ab.txt
complete=$(awk '/Complete requests/ {print $3}' target/bench-ab.txt)
failed=$(awk '/Failed requests/ {print $3}' target/bench-ab.txt)
after=$(count)

echo
echo "static  /robots.txt : $(rps "$static") req/s, p99 $(p99 "$static") $(errors "$static")"
echo "redirect /s/{code}  : $(rps "$redirect") req/s, p99 $(p99 "$redirect") $(errors "$redirect")"
python3 -c "print(f'ratio redirect/static: {float(\"$(rps "$redirect")\") / float(\"$(rps "$static")\"):.2f}')"
echo "exact count: sent $EXACT_SCANS, completed $complete, failed $failed, counted $((after - before))"
[ "$((after - before))" -eq "$complete" ] && echo "count check: OK" || { echo "count check: MISMATCH"; exit 1; }
