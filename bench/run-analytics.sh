#!/usr/bin/env bash
# Analytics benchmark (issue #4) on PostgreSQL, every figure against a baseline measured in the same run:
#  - flush throughput: 1,000,000 scans of one dynamic code over the last 365 days plus 100 scans of each of 10,000
#    other codes over the last 30 days, written through ScanStore.write (the server's flush code) in batches of
#    BATCH scans by bench's AnalyticsLoader; baseline: the same events by plain batched INSERT into a copy of
#    scan_event. Then a minute of live traffic at 20,000 scans/s spread over the 10,000 codes, in batches as the flush
#    forms them (a full buffer flushes early: BATCH consecutive scans each), timed after the loaded period so the
#    analytics do not see it.
#  - analytics latency: GET /api/v1/qr/{big code}/analytics for the last 30 and the last 365 days, and the
#    workspace's GET /api/v1/analytics (all 10,001 codes) for the last 90 days, ending before the live traffic and
#    again through its hour (curl time_total, median and p95);
#    baseline: the same aggregation (totals, daily timeline, every breakdown) straight over the raw scan_event rows
#    with psql \timing.
# Targets (issue 24): flush >= 30,000 events/s; each analytics call < 100 ms. A missed target is reported, not an error; the exit
# status is non-zero only for a broken run (build, start-up, load or a consistency check failed, or the analytics
# endpoint did not answer 200).
# Uses the server `mvn package` provisions (target/server) with its own base directory and port offset OFFSET, on a
# fresh schema that is left behind for inspection; drop it with
#   psql -h 127.0.0.1 -U postgres test -c 'drop schema qrforge_anbench cascade'
# Env: BATCH (50000, the server's default QRFORGE_SCAN_BUFFER_CAPACITY), RUNS (25 timed calls per figure),
# WARMUP_RUNS (5), FLUSH_ONLY (unset; 1: stop after the flush figures and the consistency checks, timing no analytics
# call), OFFSET (400: the server's port offset), SCHEMA (qrforge_anbench), PGHOST (127.0.0.1), PGPORT (5432), PGDATABASE (test), PGUSER (postgres),
# PGPASSWORD (unset: trust auth).
set -euo pipefail
cd "$(dirname "$0")/.."

BATCH=${BATCH:-50000}
RUNS=${RUNS:-25}
WARMUP_RUNS=${WARMUP_RUNS:-5}
SCHEMA=${SCHEMA:-qrforge_anbench}
export PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGDATABASE=${PGDATABASE:-test} PGUSER=${PGUSER:-postgres}
OTHER_CODES=10000
# Codes are created through the API by this many curl processes, each sending its share over one keep-alive connection.
CREATE_WORKERS=4
OFFSET=${OFFSET:-400}
FLUSH_ONLY=${FLUSH_ONLY:-}
KEY=qrk_anbench_0123456789abcdef
OUT=target/anbench
DB_URL="jdbc:postgresql://$PGHOST:$PGPORT/$PGDATABASE?currentSchema=$SCHEMA&reWriteBatchedInserts=true"
STARTUP_SECONDS=180
LOAD_TIMEOUT_SECONDS=1200
QUERY_TIMEOUT_MILLIS=120000
DAY_SECONDS=86400
export JBOSS_JAVA_SIZING=${JBOSS_JAVA_SIZING:--Xms1g -Xmx1g}

step() { echo "==> $(date -u +%T) $*"; }
fail() { echo "BROKEN RUN: $*" >&2; exit 1; }
sql() {
  PGOPTIONS="-c search_path=$SCHEMA -c statement_timeout=$QUERY_TIMEOUT_MILLIS" \
    psql -X -q -v ON_ERROR_STOP=1 -At "$@"
}
now() { date +%s.%N; }

step "building the server and the loader"
# Provisioning the server prints WildFly's boot log whatever -q says; it goes to a file.
{ mvn -B -q install -DskipTests && (cd bench && mvn -B -q package); } > target/anbench-build.log 2>&1 \
  || fail "the build failed; see target/anbench-build.log"
rm -rf "$OUT" && mkdir -p "$OUT"
. bench/server.sh

step "fresh schema $SCHEMA"
psql -X -q -v ON_ERROR_STOP=1 -c "set client_min_messages = warning" -c "drop schema if exists $SCHEMA cascade" \
  -c "create schema $SCHEMA"

step "starting the server on port $((8080 + OFFSET)) (log: target/anbench-server.log)"
QRFORGE_DB=postgresql QRFORGE_DB_URL="$DB_URL" QRFORGE_DB_USER="$PGUSER" start_server $OFFSET anbench $KEY

step "creating 1 + $OTHER_CODES dynamic codes through the API ($CREATE_WORKERS parallel keep-alive connections)"
create() {  # $1: how many codes; prints their ids
  local urls=()
  for _ in $(seq "$1"); do urls+=("$BASE/api/v1/dynamic"); done
  curl -s -m 600 -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d '{"destinationUrl":"https://example.com/x"}' -w '\n' "${urls[@]}" | grep -o '"id":"dyn_[^"]*"' | cut -d'"' -f4
}
export -f create
export BASE KEY
created_at=$(now)
create 1 > "$OUT/codes.txt"
seq $CREATE_WORKERS | xargs -P $CREATE_WORKERS -I{} bash -c \
  "create $((OTHER_CODES / CREATE_WORKERS)) > $OUT/codes.{}.txt"
cat "$OUT"/codes.[0-9]*.txt >> "$OUT/codes.txt"
create_seconds=$(python3 -c "print(f'{$(now) - $created_at:.1f}')")
codes=$(wc -l < "$OUT/codes.txt")
[ "$codes" -eq $((OTHER_CODES + 1)) ] || fail "created $codes codes, wanted $((OTHER_CODES + 1))"
BIG=$(head -1 "$OUT/codes.txt")
echo "    $codes codes in ${create_seconds}s; the big one is $BIG"

# Whole hours, so that rollups by the hour can answer the ranges exactly and every figure covers the same scans.
END_EPOCH=$(( $(date -u +%s) / 3600 * 3600 ))
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
END=$(iso $END_EPOCH)

step "loading scans through ScanStore.write, each batch also as plain INSERTs (baseline)"
timeout $LOAD_TIMEOUT_SECONDS java -Xmx512m -cp bench/target/benchmarks.jar dev.qrforge.bench.AnalyticsLoader \
  "$DB_URL" "$PGUSER" "${PGPASSWORD:-}" "$OUT/codes.txt" "$END" "$OUT/load.properties" "$BATCH" \
  || fail "the loader failed"
prop() { sed -n "s/^$1=//p" "$OUT/load.properties"; }

step "checking the load"
stored=$(sql -c "select count(*) from scan_event")
written=$(( $(prop events) + $(prop live_events) ))
[ "$stored" = "$written" ] || fail "scan_event holds $stored rows, the loader wrote $written"
api_count=$(curl -fs -m 10 -H "Authorization: Bearer $KEY" "$BASE/api/v1/dynamic/$BIG" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["scanCount"])')
[ "$api_count" = "$(prop big_code_counted)" ] || fail "API scanCount $api_count, loader counted $(prop big_code_counted)"
echo "    scan_event rows $stored, big code scanCount $api_count (as loaded)"
sql -F ' ' -c "select 'scan_visitor', count(*) from scan_visitor union all select 'scan_hourly', count(*) from scan_hourly
  union all select 'scan_daily', count(*) from scan_daily" > "$OUT/rows.txt"
sed 's/^/    rows in /' "$OUT/rows.txt"

step "checking the rollups, counts and first visits against the raw events"
# Each query counts what disagrees: hours and days missing on either side or with other totals, days whose OS or
# referrer breakdown differs, codes whose all-time count differs, workspace hours and days that are not the sums of
# their codes' rows, and visitors with other than one first scan of a code a day.
consistency=$(sql -F ' ' <<'SQL'
with raw as (select dynamic_code_id, date_trunc('hour', scanned_at) as hour_start,
                    count(*) filter (where not bot) as scans, count(*) filter (where unique_scan) as unique_scans,
                    count(*) filter (where bot) as bot_scans
             from scan_event group by 1, 2)
select count(*) from raw full join scan_hourly h using (dynamic_code_id, hour_start)
where (raw.scans, raw.unique_scans, raw.bot_scans) is distinct from (h.scans, h.unique_scans, h.bot_scans);
with raw as (select dynamic_code_id, (scanned_at at time zone 'UTC')::date as scan_day,
                    count(*) filter (where not bot) as scans, count(*) filter (where unique_scan) as unique_scans,
                    count(*) filter (where bot) as bot_scans
             from scan_event group by 1, 2)
select count(*) from raw full join scan_daily d using (dynamic_code_id, scan_day)
where (raw.scans, raw.unique_scans, raw.bot_scans) is distinct from (d.scans, d.unique_scans, d.bot_scans);
with values_ as (select dynamic_code_id, (scanned_at at time zone 'UTC')::date as scan_day, 'os' as dimension,
                        os as value, count(*) as n from scan_event where not bot and os is not null group by 1, 2, 4
                 union all
                 select dynamic_code_id, (scanned_at at time zone 'UTC')::date, 'referrer', referrer_host, count(*)
                 from scan_event where not bot and referrer_host is not null group by 1, 2, 4),
     raw as (select dynamic_code_id, scan_day, dimension, jsonb_object_agg(value, n) as counts from values_
             group by 1, 2, 3),
     stored as (select dynamic_code_id, scan_day, b.key as dimension, b.value as counts
                from scan_daily, jsonb_each(breakdown::jsonb) b where b.key in ('os', 'referrer'))
select count(*) from raw full join stored using (dynamic_code_id, scan_day, dimension)
where raw.counts is distinct from stored.counts;
select count(*) from dynamic_code d left join (select dynamic_code_id as id, count(*) as scans from scan_event
                                               where not bot group by 1) e using (id)
where d.scan_count <> coalesce(e.scans, 0);
select count(*) from (select d.workspace_id, h.hour_start, sum(h.scans) as scans, sum(h.unique_scans) as unique_scans,
                             sum(h.bot_scans) as bot_scans
                      from scan_hourly h join dynamic_code d on d.id = h.dynamic_code_id group by 1, 2) c
  full join workspace_hourly w using (workspace_id, hour_start)
where (c.scans, c.unique_scans, c.bot_scans) is distinct from (w.scans, w.unique_scans, w.bot_scans);
with codes as (select d.workspace_id, s.scan_day, o.key, sum(o.value::bigint) as n
               from scan_daily s join dynamic_code d on d.id = s.dynamic_code_id,
                    jsonb_each_text(s.breakdown::jsonb -> 'os') o group by 1, 2, 3),
     workspaces as (select workspace_id, scan_day, o.key, o.value::bigint as n
                    from workspace_daily, jsonb_each_text(breakdown::jsonb -> 'os') o)
select count(*) from codes full join workspaces using (workspace_id, scan_day, key) where codes.n is distinct from workspaces.n;
select count(*) from (select 1 from scan_event where not bot and visitor_key is not null
                      group by dynamic_code_id, (scanned_at at time zone 'UTC')::date, visitor_key
                      having count(*) filter (where unique_scan) <> 1) v;
SQL
)
echo "    disagreeing: $(echo $consistency) (hours, days, OS/referrer days, counts, workspace hours, workspace OS days, first visits)"
[ "$(echo $consistency)" = "0 0 0 0 0 0 0" ] || fail "the rollups do not match the raw events: $consistency"

if [ -z "$FLUSH_ONLY" ]; then
  step "vacuum analyze (what autovacuum would have done over a year)"
  vacuum_at=$(now)
  sql -c "vacuum analyze scan_event, scan_visitor, scan_hourly, scan_daily, dynamic_code"
  echo "    $(python3 -c "print(f'{$(now) - $vacuum_at:.1f}')")s"
fi

# Raw baseline: one pass over the raw events of the code (or of every code: the workspace) computing what the
# endpoint returns: totals, daily timeline, and every breakdown. Bots are counted apart, as the endpoint reports them.
# :codes is the events' filter, spliced in as SQL.
cat > "$OUT/raw.sql" <<'SQL'
select day, country, city, os, device, browser, language, referrer_host,
       count(*) filter (where not bot) as scans, count(*) filter (where unique_scan) as unique_scans,
       count(*) filter (where bot) as bot_scans
from (select date_trunc('day', scanned_at at time zone 'UTC') as day, e.* from scan_event e
      where :codes and scanned_at >= cast(:'from' as timestamptz)
        and scanned_at < cast(:'to' as timestamptz)) s
group by grouping sets ((), (day), (country), (country, city), (os), (device), (browser), (language), (referrer_host));
SQL

measured_all=true
# Each case: what is asked (the big code, or the workspace, all of whose codes the bench's key created) and its days.
# workspace-90-live: the last 90 days as a dashboard asks for them, through the current hour, so that the live minute
# is inside the range: every code's newest scans then count in it, where in workspace-90 they fall after its end.
for case in $([ -n "$FLUSH_ONLY" ] || echo code-30 code-365 workspace-90 workspace-90-live); do
  scope=${case%%-*} rest=${case#*-}
  days=${rest%%-*} end_epoch=$END_EPOCH
  [ "$rest" = "$days" ] || end_epoch=$((END_EPOCH + 3600))
  from=$(iso $((end_epoch - days * DAY_SECONDS))) to=$(iso $end_epoch)
  if [ "$scope" = code ]; then
    codes="dynamic_code_id = '$BIG'" path="/api/v1/qr/$BIG/analytics"
  else
    codes="true" path="/api/v1/analytics"
  fi
  vars=(-v codes="$codes" -v from="$from" -v to="$to")

  step "raw SQL baseline, $scope, last $days days: $WARMUP_RUNS warm-up + $RUNS timed runs"
  # psql expands :'variables' only in what it reads, not in -c commands.
  sql "${vars[@]}" -F ' ' > "$OUT/raw-totals-$case.txt" <<'SQL'
select count(*) filter (where not bot), count(*) filter (where unique_scan), count(*) filter (where bot)
from scan_event where :codes and scanned_at >= cast(:'from' as timestamptz)
  and scanned_at < cast(:'to' as timestamptz);
SQL
  { echo 'explain (analyze, buffers)'; cat "$OUT/raw.sql"; } | sql "${vars[@]}" > "$OUT/raw-explain-$case.txt"
  { echo '\timing on'; echo '\o /dev/null'; for _ in $(seq $((WARMUP_RUNS + RUNS))); do cat "$OUT/raw.sql"; done; } \
    | sql "${vars[@]}" | sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' | tail -n "$RUNS" > "$OUT/raw-ms-$case.txt"

  step "analytics endpoint, $scope, last $days days: $WARMUP_RUNS warm-up + $RUNS timed calls"
  url="$BASE$path?from=$from&to=$to&granularity=day&timezone=UTC"
  call() { curl -s -m 30 -H "Authorization: Bearer $KEY" -o "$OUT/endpoint-$case.json" -w "$1" "$url"; }
  status=$(call '%{http_code}')
  if [ "$status" != 200 ]; then
    echo "    HTTP $status: not measured"
    echo "HTTP $status" > "$OUT/endpoint-status-$case.txt"
    measured_all=false
    continue
  fi
  read -r scans uniques bots < "$OUT/raw-totals-$case.txt"
  answer=$(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r["totalScans"], r["uniqueScans"], r["botScans"])' \
    "$OUT/endpoint-$case.json")
  [ "$answer" = "$scans $uniques $bots" ] \
    || fail "endpoint says total/unique/bot $answer for $case, raw scan_event says $scans $uniques $bots"
  for _ in $(seq $((WARMUP_RUNS - 1))); do call '' > /dev/null; done
  for _ in $(seq "$RUNS"); do call '%{http_code} %{time_total}\n'; done > "$OUT/endpoint-calls-$case.txt"
  awk '$1 != 200 {bad = 1} END {exit bad}' "$OUT/endpoint-calls-$case.txt" \
    || fail "the analytics endpoint stopped answering 200 (see $OUT/endpoint-calls-$case.txt)"
  awk '{printf "%.3f\n", $2 * 1000}' "$OUT/endpoint-calls-$case.txt" > "$OUT/endpoint-ms-$case.txt"
done

echo
python3 - "$OUT" "$create_seconds" "$RUNS" "$FLUSH_ONLY" <<'PY'
import math, os, statistics, sys

out, create_seconds, runs, flush_only = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
FLUSH_TARGET, LATENCY_TARGET_MS = 30_000, 100
load = dict(line.strip().split("=", 1) for line in open(f"{out}/load.properties"))

def num(key):
    return float(load[key])

def ms_figures(path):
    values = sorted(float(v) for v in open(path) if v.strip())
    return statistics.median(values), values[math.ceil(0.95 * len(values)) - 1]

def verdict(met):
    return "met" if met else "NOT met"

print(f"codes created through the API: 10,001 in {create_seconds:.1f} s ({10001 / create_seconds:,.0f} codes/s)")
print(f"scans loaded: {int(num('events')):,} in {load['batches']} batches of {int(num('batch_size')):,};"
      f" wall {num('wall_seconds'):.0f} s"
      f" (ours {num('ours_seconds'):.0f} s + baseline {num('baseline_seconds'):.0f} s + generation),"
      f" then {int(num('live_events')):,} live scans after the loaded period")
print()
print(f"{'flush throughput, events/s':<46}{'ours':>10}{'baseline':>11}{'ratio':>8}   target >= {FLUSH_TARGET:,}/s")
for label, key in [("whole load", "events_per_s"), ("last 10 batches", "tail_events_per_s"),
                   ("batches of the big code only (days 1-335)", "big_only_events_per_s"),
                   ("batches of all 10,001 codes (last 30 days)", "mixed_events_per_s"),
                   ("live: 20,000 scans/s over 10,000 codes", "live_events_per_s")]:
    ours, base = num(f"ours_{key}"), num(f"baseline_{key}")
    print(f"  {label:<44}{ours:>10,.0f}{base:>11,.0f}{ours / base:>8.2f}   {verdict(ours >= FLUSH_TARGET)}")
print("  (baseline: the same batches by plain batched INSERT into a copy of scan_event, same run, alternating order)")
if flush_only:
    sys.exit()
print()
print(f"{'analytics, ms':<46}{'median':>10}{'p95':>11}{'ratio':>8}   target < {LATENCY_TARGET_MS} ms")
for case, what in [("code-30", "the big code"), ("code-365", "the big code"),
                   ("workspace-90", "the workspace (10,001 codes)"),
                   ("workspace-90-live", "the workspace (10,001 codes)")]:
    days = case.split("-")[1]
    raw_median, raw_p95 = ms_figures(f"{out}/raw-ms-{case}.txt")
    status_file = f"{out}/endpoint-status-{case}.txt"
    print(f"  {what}, last {days} days" + (" through the live traffic's hour" if case.endswith("-live") else ""))
    if os.path.exists(status_file):
        print(f"  {'  endpoint':<44}{'NOT MEASURED (' + open(status_file).read().strip() + ')':>29}")
    else:
        median, p95 = ms_figures(f"{out}/endpoint-ms-{case}.txt")
        print(f"  {f'  endpoint (curl, {runs} calls)':<44}{median:>10.1f}{p95:>11.1f}"
              f"{median / raw_median:>8.3f}   {verdict(p95 < LATENCY_TARGET_MS)} (p95)")
    print(f"  {'  baseline: raw scan_event SQL':<44}{raw_median:>10.1f}{raw_p95:>11.1f}{'1':>8}")
print("  (ratio: endpoint median / raw SQL median; raw SQL = one grouping-sets pass over the raw events computing")
print("   totals, daily timeline and all seven breakdowns, psql \\timing; plans in raw-explain-*.txt)")
PY
echo "files: $OUT/ (load.properties, rows.txt, raw-*.txt, endpoint-*.txt); schema $SCHEMA left in place"
$measured_all || fail "the analytics endpoint was not measured (see above)"
