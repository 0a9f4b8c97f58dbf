# Sourced by the HTTP benchmarks: starts the server `mvn package` provisioned (target/server) on its own base
# directory and port offset, waits until the API answers, and stops it when the script exits.
# Usage: start_server OFFSET NAME KEY   (database settings come from the caller's QRFORGE_DB* environment)
# Sets BASE (http://127.0.0.1:PORT) and SERVER (the pid).
start_server() {
  local offset=$1 name=$2 key=$3
  local base_dir="target/$name-server"
  BASE="http://127.0.0.1:$((8080 + offset))"
  rm -rf "$base_dir" && cp -r target/server/standalone "$base_dir"
  export JBOSS_JAVA_SIZING=${JBOSS_JAVA_SIZING:--Xms1g -Xmx1g}
  # In the background, standalone.sh forwards its TERM to the server, so the trap below really stops it.
  # The benchmarks measure the service, not its rate limits: the one key gets budgets it cannot spend.
  LAUNCH_JBOSS_IN_BACKGROUND=1 QRFORGE_BOOTSTRAP_API_KEY=$key QRFORGE_RATE_LIMIT_GENERATION_PER_MINUTE=1000000000 \
    QRFORGE_RATE_LIMIT_READS_PER_MINUTE=1000000000 target/server/bin/standalone.sh \
    -Djboss.server.base.dir="$PWD/$base_dir" -Djboss.socket.binding.port-offset="$offset" > "target/$name-server.log" 2>&1 &
  SERVER=$!
  trap 'kill $SERVER 2>/dev/null; wait $SERVER 2>/dev/null || true' EXIT
  for _ in $(seq 180); do
    kill -0 $SERVER 2>/dev/null || { echo "the server exited; see target/$name-server.log" >&2; exit 1; }
    [ "$(curl -s -m 5 -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "$BASE/api/v1/qr?limit=1")" = 200 ] && return
    sleep 1
  done
  echo "the API did not answer within 180 s; see target/$name-server.log" >&2
  exit 1
}
