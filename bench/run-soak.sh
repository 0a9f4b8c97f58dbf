#!/usr/bin/env bash
# Soak of the scan path: one node with a 512 MB heap on PostgreSQL, steady wrk load on GET /s/{code} over CODES codes
# for SOAK, the heap in use after a full GC (jcmd GC.run, then GC.heap_info) every SAMPLE_EVERY seconds. Reports the
# series, its slope (MB/min, least squares over the second half, after start-up and warm-up have settled) and its
# max - min; wrk's errors (non-2xx/3xx answers, the 302s being success, and socket errors, timeouts included); and
# an exact count: the scans sent to each code (bench/soak.lua stops sending scans at the end of SOAK and lets every
# one complete before wrk stops) against the code's count in the API and in the database once the last flush is in.
# Exit status non-zero when there were errors, a count is not exact, or the server ran out of memory.
# Node: port offset 700 (HTTP 8780); schema SCHEMA, created fresh, dropped at the end of a good run (a broken run
# leaves it for inspection).
# Env: SOAK (600s; seconds), SAMPLE_EVERY (30 seconds), RATE (2000: at most so many scans a second in all, paced by a
# pause before each request of a connection; 0: as fast as they go),
# CONNECTIONS (16), CODES (3), HEAP (512m: -Xms and -Xmx), SCHEMA (bench_scale), PGHOST (127.0.0.1), PGPORT (5432),
# PGDATABASE (test), PGUSER (postgres).
set -euo pipefail
cd "$(dirname "$0")/.."

SOAK=${SOAK:-600s}
SOAK_SECONDS=${SOAK%s}
SAMPLE_EVERY=${SAMPLE_EVERY:-30}
RATE=${RATE:-2000}
CONNECTIONS=${CONNECTIONS:-16}
CODES=${CODES:-3}
HEAP=${HEAP:-512m}
SCHEMA=${SCHEMA:-bench_scale}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGDATABASE=${PGDATABASE:-test} PGUSER=${PGUSER:-postgres}
OFFSET=700
KEY=qrk_bench_soak_0123456789abcdef
OUT=target/soak
# After SOAK, wrk sends only /robots.txt for this long, so that the last scans complete before it stops.
DRAIN_SECONDS=3
export QRFORGE_DB=postgresql QRFORGE_DB_USER=$PGUSER
export QRFORGE_DB_URL="jdbc:postgresql://$PGHOST:$PGPORT/$PGDATABASE?currentSchema=$SCHEMA"
export JBOSS_JAVA_SIZING="-Xms$HEAP -Xmx$HEAP"

. bench/server.sh
begin_postgres_run

step "fresh schema $SCHEMA"
schema -c "create schema $SCHEMA"
step "starting the server, heap $HEAP, on port $((8080 + OFFSET)) (log: target/soak-server.log)"
start_server $OFFSET soak $KEY
pid=$(java_pid $SERVER)

ids=() paths=()
for i in $(seq "$CODES"); do
  created=$(create_dynamic "$BASE" $KEY "{\"destinationUrl\":\"https://example.com/soak-$i\"}")
  read -r id url <<<"$created"
  ids+=("$id") paths+=("${url#"$BASE"}")
done

delay_ms=0
[ "$RATE" -gt 0 ] && delay_ms=$((1000 * CONNECTIONS / RATE))
step "soak: $SOAK over $CODES codes, $CONNECTIONS connections, ${delay_ms} ms between a connection's requests;" \
  "heap after a full GC every ${SAMPLE_EVERY}s"
echo "0 $(heap_after_full_gc "$pid")" > "$OUT/heap.txt"
started=$(date +%s)
QRFORGE_SOAK_PATHS=$(IFS=,; echo "${paths[*]}") QRFORGE_SOAK_UNTIL=$((started + SOAK_SECONDS)) \
  QRFORGE_SOAK_DELAY_MS=$delay_ms wrk -t2 -c"$CONNECTIONS" -d$((SOAK_SECONDS + DRAIN_SECONDS))s --timeout 10s \
  --latency -s bench/soak.lua -H "User-Agent: $PHONE_UA" "$BASE/" > "$OUT/wrk.txt" &
load=$!
for ((at = SAMPLE_EVERY; at <= SOAK_SECONDS; at += SAMPLE_EVERY)); do
  wait_seconds=$((started + at - $(date +%s)))
  if [ $wait_seconds -gt 0 ]; then sleep $wait_seconds; fi
  heap=$(heap_after_full_gc "$pid") || fail "jcmd could not reach the server (see target/soak-server.log)"
  echo "$at $heap" >> "$OUT/heap.txt"
  echo "    ${at}s: $heap MB"
done
wait $load || fail "wrk failed; see $OUT/wrk.txt"

step "waiting for the last flush"
sent() { awk -v path="$1" '$1 == "scans" && $2 == path {print $3}' "$OUT/wrk.txt"; }
stored() { psql -X -At -c "select scan_count from $SCHEMA.dynamic_code where id = '$1'"; }
for i in "${!ids[@]}"; do
  for _ in $(seq 60); do
    [ "$(stored "${ids[$i]}")" = "$(scan_count "$BASE" $KEY "${ids[$i]}")" ] && break
    sleep 1
  done
  echo "${paths[$i]} $(sent "${paths[$i]}") $(scan_count "$BASE" $KEY "${ids[$i]}") $(stored "${ids[$i]}")"
done > "$OUT/counts.txt"
grep -q OutOfMemoryError target/soak-server.log && oom=1 || oom=0

echo
python3 - "$OUT" "$SOAK" "$oom" <<'PY'
import re, sys

out, soak, oom = sys.argv[1], sys.argv[2], int(sys.argv[3])
wrk = open(f"{out}/wrk.txt").read()
series = [tuple(map(float, line.split())) for line in open(f"{out}/heap.txt")]
counts = [line.split() for line in open(f"{out}/counts.txt")]

print(f"heap used after a full GC, MB (every sample; t in seconds from the start of the load):")
print("  " + "  ".join(f"{t:.0f}s {mb:.1f}" for t, mb in series))
half = [(t, mb) for t, mb in series if t >= series[-1][0] / 2]
n, mean_t, mean_mb = len(half), sum(t for t, _ in half) / len(half), sum(mb for _, mb in half) / len(half)
slope = (60 * sum((t - mean_t) * (mb - mean_mb) for t, mb in half) / sum((t - mean_t) ** 2 for t, _ in half)
         if n > 1 else float("nan"))
loaded = [mb for t, mb in series if t > 0]
print(f"slope over the second half ({n} samples): {slope:+.2f} MB/min;"
      f" max - min under load: {max(loaded) - min(loaded):.1f} MB ({min(loaded):.1f} to {max(loaded):.1f});"
      f" before the load: {series[0][1]:.1f} MB")

requests = int(re.search(r"(\d+) requests in", wrk).group(1))
non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", wrk)
sockets = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", wrk)
errors = (int(non2xx.group(1)) if non2xx else 0) + (sum(map(int, sockets.groups())) if sockets else 0)
latency = dict(re.findall(r"^\s*(50|99)%\s+(\S+)\s*$", wrk, re.M))
scans = sum(int(sent) for _, sent, _, _ in counts)
rate = scans / float(soak.rstrip("s"))
print(f"wrk: {requests:,} requests in {soak} plus the drain ({scans:,} scans, {rate:,.0f}/s),"
      f" p50 {latency['50']}, p99 {latency['99']}; errors {errors}"
      + (f" ({non2xx.group(0) if non2xx else ''} {sockets.group(0) if sockets else ''})" if errors else ""))
exact = True
for path, sent, api, stored in counts:
    ok = sent == api == stored
    exact &= ok
    print(f"  {path}: sent {int(sent):,}, counted by the API {int(api):,}, in the database {int(stored):,}"
          f"  {'exact' if ok else 'MISMATCH'}")
broken = [reason for reason, bad in (("errors in the load", errors > 0), ("a count is not exact", not exact),
                                     ("OutOfMemoryError in the server log", oom)) if bad]
for reason in broken:
    print(f"BROKEN RUN: {reason}")
sys.exit(1 if broken else 0)
PY
