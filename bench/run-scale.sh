#!/usr/bin/env bash
# One node against two, on one PostgreSQL, over loopback: each workload first against node A alone, then against
# nodes A and B together, every figure of a run against the one-node figure of the same run.
#  - redirect GET /s/{code} (a code with one routing rule, iPhone user agent), CONNECTIONS connections;
#  - generation POST /api/v1/qr, the styled 1000 px code of render-load.lua as SVG and as PNG, GEN_CONNECTIONS;
#  - analytics GET /api/v1/qr/{id}/analytics (last 30 days) of a code with ANALYTICS_SCANS scans, CONNECTIONS.
# One wrk run (2 threads) covers both nodes: bench/nodes.lua sends each thread to its own node, so the percentiles
# are over both. The script checks that it did, from each node's own count of the requests it served (Undertow
# statistics, read through the management CLI), and that counts add up across nodes: EXACT_SCANS sent to each node
# at once by ab, every one counted once both have flushed.
# The nodes form a cluster (bench-scale; node-a, node-b; JGroups TCP on 7600 + each port offset), as production nodes
# do (docs/operations.md, "Scaling out"). On one machine both nodes share its cores with wrk and PostgreSQL: see
# docs/scaling.md for what this can and cannot show.
# Node A: port offset 700 (HTTP 8780, management 10690); node B: 800 (8880, 10790). Schema SCHEMA is created fresh
# and dropped at the end of a good run (a broken run leaves it for inspection). Exit status non-zero for a broken
# run: a start-up or setup failure, errors (non-2xx/3xx or socket errors) in a measured run, a node that served none
# of a two-node run, or a count that does not add up.
# Env: DURATION (20s), WARMUP (10s) per workload and configuration; CONNECTIONS (64), GEN_CONNECTIONS (8),
# ANALYTICS_SCANS (2000), EXACT_SCANS (10000 per node), SCHEMA (bench_scale), JBOSS_JAVA_SIZING (-Xms1g -Xmx1g
# per node), PGHOST (127.0.0.1), PGPORT (5432), PGDATABASE (test), PGUSER (postgres).
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${DURATION:-20s}
WARMUP=${WARMUP:-10s}
CONNECTIONS=${CONNECTIONS:-64}
GEN_CONNECTIONS=${GEN_CONNECTIONS:-8}
ANALYTICS_SCANS=${ANALYTICS_SCANS:-2000}
EXACT_SCANS=${EXACT_SCANS:-10000}
SCHEMA=${SCHEMA:-bench_scale}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGDATABASE=${PGDATABASE:-test} PGUSER=${PGUSER:-postgres}
OFFSET_A=700
OFFSET_B=800
KEY=qrk_bench_scale_0123456789abcdef
OUT=target/scale
# Both nodes run the same configuration in both phases; only whether node B runs differs.
export QRFORGE_DB=postgresql QRFORGE_DB_USER=$PGUSER
export QRFORGE_DB_URL="jdbc:postgresql://$PGHOST:$PGPORT/$PGDATABASE?currentSchema=$SCHEMA"
export QRFORGE_CLUSTER_NAME=bench-scale
export QRFORGE_CLUSTER_MEMBERS="127.0.0.1[$((7600 + OFFSET_A))],127.0.0.1[$((7600 + OFFSET_B))]"
# Members authenticate with it (without one each node's secret is its own name, and the two would refuse each other).
export QRFORGE_CLUSTER_SECRET=bench-scale-cluster-secret
export QRFORGE_VISITOR_SECRET=bench-scale-visitor-secret
# Request counts per node, for the check that a two-node run reached both.
STATISTICS=-Dwildfly.undertow.statistics-enabled=true
LISTENER=/subsystem=undertow/server=default-server/http-listener=default
NODE_A=127.0.0.1:$((8080 + OFFSET_A))
NODE_B=127.0.0.1:$((8080 + OFFSET_B))

. bench/server.sh
begin_postgres_run
started=$(date +%s)

step "fresh schema $SCHEMA"
schema -c "create schema $SCHEMA"

step "starting node A on $NODE_A (log: target/scale-a-server.log)"
start_server $OFFSET_A scale-a $KEY -Djboss.node.name=node-a $STATISTICS

step "setting up: a code to scan, a code with $ANALYTICS_SCANS scans to query"
created=$(create_dynamic "$BASE" $KEY '{"destinationUrl":"https://example.com/landing",
  "rules":[{"when":{"os":["iOS"]},"destinationUrl":"https://example.com/ios"}]}')
read -r redirect_id scan_url <<<"$created"
scan_path=${scan_url#"$BASE"}
created=$(create_dynamic "$BASE" $KEY '{"destinationUrl":"https://example.com/analysed"}')
read -r analytics_id analytics_scan_url <<<"$created"
# Half from an iPhone, half from an Android phone, so that the breakdowns have more than one row.
ANDROID_UA='Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile'
ANDROID_UA+=' Safari/537.36'
analysed_scans=$((ANALYTICS_SCANS / 2 * 2))
for ua in "$PHONE_UA" "$ANDROID_UA"; do
  ab -q -k -n $((analysed_scans / 2)) -c 8 -H "User-Agent: $ua" "$analytics_scan_url" > "$OUT/analytics-scans.txt" \
    || fail "scanning the analytics code failed"
done
analytics_url="$BASE/api/v1/qr/$analytics_id/analytics"
analysed() {
  curl -fs -H "Authorization: Bearer $KEY" "$analytics_url" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["totalScans"])'
}
# The analytics read what the flush has written.
for _ in $(seq 30); do [ "$(analysed)" = $analysed_scans ] && break; sleep 1; done
[ "$(analysed)" = $analysed_scans ] || fail "the analytics show $(analysed) scans, not $analysed_scans"

WORKLOADS=(redirect svg png analytics)
wrk_run() {  # WORKLOAD DURATION NODES
  # A slow answer is measured, not cut off at wrk's default 2 s and miscounted as a socket error.
  local options=(-t2 -d"$2" --timeout 10s --latency -s bench/nodes.lua)
  case $1 in
    redirect) QRFORGE_BENCH_NODES=$3 wrk "${options[@]}" -c"$CONNECTIONS" -H "User-Agent: $PHONE_UA" "$scan_url" ;;
    svg | png) QRFORGE_BENCH_NODES=$3 QRFORGE_BENCH_KEY=$KEY QRFORGE_BENCH_FORMAT=$1 \
      wrk "${options[@]}" -c"$GEN_CONNECTIONS" "$BASE/api/v1/qr" ;;
    analytics) QRFORGE_BENCH_NODES=$3 wrk "${options[@]}" -c"$CONNECTIONS" -H "Authorization: Bearer $KEY" \
      "$analytics_url" ;;
  esac
}
# Requests each node's HTTP listener has served so far, one line "A B".
served() {
  local read="$LISTENER:read-attribute(name=request-count)"
  target/server/bin/jboss-cli.sh \
    --commands="connect 127.0.0.1:$((9990 + OFFSET_A)),$read,connect 127.0.0.1:$((9990 + OFFSET_B)),$read" \
    | sed -n 's/.*"result" => \([0-9]*\)L\{0,1\}$/\1/p' | paste -sd' '
}

step "one node: each workload against node A, warm-up $WARMUP, then $DURATION"
for workload in "${WORKLOADS[@]}"; do
  wrk_run $workload "$WARMUP" "$NODE_A" > /dev/null
  wrk_run $workload "$DURATION" "$NODE_A" > "$OUT/one-$workload.txt"
  echo "    $workload: $(awk '/Requests\/sec/ {print $2}' "$OUT/one-$workload.txt") req/s"
done

step "starting node B on $NODE_B (log: target/scale-b-server.log)"
start_server $OFFSET_B scale-b $KEY -Djboss.node.name=node-b $STATISTICS
BASE=http://$NODE_A  # start_server pointed it at node B; the URLs wrk is given name node A, nodes.lua spreads them
status=$(curl -s -o /dev/null -w '%{http_code}' -H "User-Agent: $PHONE_UA" "http://$NODE_B$scan_path")
[ "$status" = 302 ] || fail "node B answered the code node A created with HTTP $status"

step "two nodes: each workload against A and B in one wrk run, warm-up $WARMUP, then $DURATION"
for workload in "${WORKLOADS[@]}"; do
  wrk_run $workload "$WARMUP" "$NODE_A,$NODE_B" > /dev/null
  before=$(served)
  wrk_run $workload "$DURATION" "$NODE_A,$NODE_B" > "$OUT/two-$workload.txt"
  after=$(served)
  read -r a0 b0 <<<"$before"
  read -r a1 b1 <<<"$after"
  echo "$((a1 - a0)) $((b1 - b0))" > "$OUT/two-$workload-served.txt"
  echo "    $workload: $(awk '/Requests\/sec/ {print $2}' "$OUT/two-$workload.txt") req/s;" \
    "served by A $((a1 - a0)), by B $((b1 - b0))"
done

step "counts across nodes: $EXACT_SCANS scans to each node at once (ab), all counted once both have flushed"
# With no scan in flight: the count once each node's count is the database's, that is, neither holds unflushed scans.
settled() {
  local a b stored
  for _ in $(seq 60); do
    a=$(scan_count "http://$NODE_A" $KEY "$redirect_id")
    b=$(scan_count "http://$NODE_B" $KEY "$redirect_id")
    stored=$(psql -X -At -c "select scan_count from $SCHEMA.dynamic_code where id = '$redirect_id'")
    [ "$a" = "$stored" ] && [ "$b" = "$stored" ] && { echo "$stored"; return; }
    sleep 1
  done
  fail "the counts have not settled after 60 s: node A $a, node B $b, database $stored"
}
before=$(settled)
ab -q -k -n "$EXACT_SCANS" -c 32 -H "User-Agent: $PHONE_UA" "http://$NODE_A$scan_path" > "$OUT/exact-a.txt" &
ab_a=$!
ab -q -k -n "$EXACT_SCANS" -c 32 -H "User-Agent: $PHONE_UA" "http://$NODE_B$scan_path" > "$OUT/exact-b.txt"
wait $ab_a
after=$(settled)
# ab calls the 302s "Non-2xx responses"; what would spoil the count is a failed (unanswered or cut) request.
ab_field() { awk -v field="$1" '$0 ~ "^" field ":" {print $3}' "$2"; }
for node in a b; do
  [ "$(ab_field 'Failed requests' "$OUT/exact-$node.txt")" = 0 ] || fail "failed requests: see $OUT/exact-$node.txt"
done
sent=$(( $(ab_field 'Complete requests' "$OUT/exact-a.txt") + $(ab_field 'Complete requests' "$OUT/exact-b.txt") ))
echo "    completed: $(ab_field 'Complete requests' "$OUT/exact-a.txt") on A," \
  "$(ab_field 'Complete requests' "$OUT/exact-b.txt") on B; counted $((after - before))"

echo
python3 - "$OUT" "$DURATION" "$CONNECTIONS" "$GEN_CONNECTIONS" "$sent" "$((after - before))" <<'PY'
import re, sys

out, duration, connections, gen_connections, sent, counted = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
UNITS = {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}
LABELS = {"redirect": f"redirect GET /s/{{code}}, {connections} conn",
          "svg": f"POST /api/v1/qr SVG 1000 px, {gen_connections} conn",
          "png": f"POST /api/v1/qr PNG 1000 px, {gen_connections} conn",
          "analytics": f"GET …/analytics (30 days), {connections} conn"}

def parse(path):
    text = open(path).read()
    def ms(p):
        value, unit = re.search(rf"^\s*{p}%\s+([\d.]+)(us|ms|s|m)\s*$", text, re.M).groups()
        return float(value) * UNITS[unit]
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    errors = (int(non2xx.group(1)) if non2xx else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
    return float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1)), ms(50), ms(99), errors

broken = []
print(f"{duration} per run, wrk -t2; one node: node A alone; two nodes: one wrk thread per node, same connections")
print(f"{'workload':<44}{'nodes':>6}{'req/s':>11}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}  two/one")
for workload, label in LABELS.items():
    one, two = parse(f"{out}/one-{workload}.txt"), parse(f"{out}/two-{workload}.txt")
    served_a, served_b = map(int, open(f"{out}/two-{workload}-served.txt").read().split())
    for nodes, (rps, p50, p99, errors) in ((1, one), (2, two)):
        ratio = (f"  req/s {two[0] / one[0]:.2f}x, p50 {two[1] / one[1]:.2f}x, p99 {two[2] / one[2]:.2f}x"
                 if nodes == 2 else "")
        print(f"{label if nodes == 1 else '':<44}{nodes:>6}{rps:>11,.1f}{p50:>9.2f}{p99:>9.1f}{errors:>8}{ratio}")
        if errors:
            broken.append(f"{workload} on {nodes} node(s): {errors} errors")
    total = served_a + served_b
    print(f"{'':<44}{'':>6}  served in the two-node run: A {served_a:,} ({served_a / max(total, 1):.0%}),"
          f" B {served_b:,} ({served_b / max(total, 1):.0%})")
    if min(served_a, served_b) == 0:
        broken.append(f"{workload}: a node served nothing of the two-node run")
print(f"counts across nodes: {sent:,} scans completed (A and B at once), {counted:,} counted: "
      + ("exact" if sent == counted else "MISMATCH"))
if sent != counted:
    broken.append("the count across nodes is not exact")
for reason in broken:
    print(f"BROKEN RUN: {reason}")
sys.exit(1 if broken else 0)
PY
echo "whole run: $(( $(date +%s) - started )) s; wrk outputs in $OUT/"
