# Sourced by the HTTP benchmarks: starts servers `mvn package` provisioned (target/server), each on its own base
# directory and port offset, waits until each one's API answers, and stops every one of them when the script exits
# (a caller that needs more at exit sets its own trap, which calls stop_servers too).
# Usage: start_server OFFSET NAME KEY [SERVER ARGUMENT...]
#   Settings come from the caller's environment (QRFORGE_DB*, JBOSS_JAVA_SIZING, …); server arguments such as
#   -Djboss.node.name=… go to standalone.sh.
# Sets BASE (http://127.0.0.1:PORT) and SERVER (the pid of standalone.sh; `java_pid $SERVER` gives the JVM's).
SERVERS=()
stop_servers() {
  local pid
  for pid in "${SERVERS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${SERVERS[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap stop_servers EXIT

start_server() {
  local offset=$1 name=$2 key=$3
  shift 3
  local base_dir="target/$name-server"
  BASE="http://127.0.0.1:$((8080 + offset))"
  rm -rf "$base_dir" && cp -r target/server/standalone "$base_dir"
  # 4 MB heap regions, as docs/operations.md advises: a render's 1000-px buffers are humongous objects in G1's default
  # 1 MB regions of a 1 GB heap, and every bulk job started concurrent cycles for them.
  export JBOSS_JAVA_SIZING=${JBOSS_JAVA_SIZING:--Xms1g -Xmx1g -XX:G1HeapRegionSize=4m}
  # In the background, standalone.sh forwards its TERM to the server, so stop_servers really stops it.
  # The benchmarks measure the service, not its rate limits: the one key gets budgets it cannot spend.
  LAUNCH_JBOSS_IN_BACKGROUND=1 QRFORGE_BOOTSTRAP_API_KEY=$key QRFORGE_RATE_LIMIT_GENERATION_PER_MINUTE=1000000000 \
    QRFORGE_RATE_LIMIT_READS_PER_MINUTE=1000000000 target/server/bin/standalone.sh \
    -Djboss.server.base.dir="$PWD/$base_dir" -Djboss.socket.binding.port-offset="$offset" "$@" \
    > "target/$name-server.log" 2>&1 &
  SERVER=$!
  SERVERS+=("$SERVER")
  for _ in $(seq 180); do
    kill -0 $SERVER 2>/dev/null || { echo "the server exited; see target/$name-server.log" >&2; exit 1; }
    [ "$(curl -s -m 5 -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "$BASE/api/v1/qr?limit=1")" \
      = 200 ] && return
    sleep 1
  done
  echo "the API did not answer within 180 s; see target/$name-server.log" >&2
  exit 1
}

# The load generators: wrk for throughput and latency, ab (apache2-utils) where an exact number of requests counts.
load_tools() {
  command -v wrk > /dev/null && command -v ab > /dev/null \
    || { apt-get update -qq && apt-get install -y -qq wrk apache2-utils; }
}

# The server's JVM: standalone.sh (the pid start_server gives) runs it as its child.
java_pid() { pgrep -P "$1" -x java; }

# Heap in use right after a full collection, in MB (G1's GC.heap_info line: "garbage-first heap total …K, used …K").
heap_after_full_gc() {
  jcmd "$1" GC.run > /dev/null
  jcmd "$1" GC.heap_info | awk '/garbage-first heap|heap total/ {
    for (i = 1; i < NF; i++) if ($i == "used") { sub(/K.*/, "", $(i + 1)); printf "%.1f\n", $(i + 1) / 1024; exit } }'
}

# The scan benchmarks' scanner: a phone's browser, which is counted (a bot, or a client with no user agent, is not).
PHONE_UA='Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)'
PHONE_UA+=' Version/17.5 Mobile/15E148 Safari/604.1'

# Creates a dynamic code through BASE from a request body; prints its id and its short URL on BASE.
create_dynamic() {  # BASE KEY BODY
  curl -fs -H "Authorization: Bearer $2" -H 'Content-Type: application/json' -d "$3" "$1/api/v1/dynamic" \
    | python3 -c 'import json, sys; c = json.load(sys.stdin); print(c["id"], c["shortUrl"])' \
    | sed "s# https\?://[^/]*# $1#"
}

# A dynamic code's counted scans as BASE's node reports them: those every node has flushed plus its own unflushed ones.
scan_count() {  # BASE KEY ID
  curl -fs -H "Authorization: Bearer $2" "$1/api/v1/dynamic/$3" \
    | python3 -c 'import json, sys; print(json.load(sys.stdin)["scanCount"])'
}

# The frame of a benchmark on a PostgreSQL schema of its own (SCHEMA, with the PG* variables; OUT for its outputs):
# step prints progress, fail ends a broken run, schema drops SCHEMA and runs the psql commands given. At exit the
# servers stop and the schema is dropped, unless the run broke: then it is left for inspection.
step() { echo "==> $(date -u +%T) $*"; }
fail() { echo "BROKEN RUN: $*" >&2; exit 1; }
schema() {
  psql -X -q -v ON_ERROR_STOP=1 -c "set client_min_messages = warning" -c "drop schema if exists $SCHEMA cascade" "$@"
}
begin_postgres_run() {
  load_tools
  [ -d target/server ] || mvn -B -q package -DskipTests
  rm -rf "$OUT" && mkdir -p "$OUT"
  trap 'status=$?; stop_servers; if [ $status = 0 ]; then schema; else echo "schema $SCHEMA left in place"; fi' EXIT
}
