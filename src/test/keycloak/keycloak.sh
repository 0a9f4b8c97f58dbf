#!/usr/bin/env bash
# Starts, awaits and stops a throw-away Keycloak (dev mode, loopback only) for the integration tests.
#
#   keycloak.sh start <keycloak-home> <realm-json> <log-file>
#   keycloak.sh await <keycloak-home> [<realm-json> [<log-file>]]
#   keycloak.sh stop  <keycloak-home> [<realm-json> [<log-file>]]
#
# start  Copies <realm-json> into <home>/data/import/ (the only realm file there), deletes the dev database
#        <home>/data/h2 so the realm is imported fresh, launches `kc.sh start-dev --import-realm` in its own
#        session in the background, writes the session leader's pid (= process group) to <home>/kc.pid and
#        returns at once. A Keycloak left over from an earlier run (live <home>/kc.pid) is stopped first; a
#        port held by anything else is an error. A watchdog (pid in <home>/kc-watchdog.pid) stops Keycloak as
#        soon as the process that ran `start` (its parent: under exec-maven-plugin the Maven JVM) is gone,
#        so an aborted or failed build never leaves Keycloak behind.
# await  Polls http://127.0.0.1:$KC_IT_HTTP_PORT/realms/$KC_IT_REALM/.well-known/openid-configuration until
#        it answers 200; fails at once (printing the log's tail) if Keycloak died, or after the timeout.
# stop   Stops the watchdog and Keycloak (TERM, KILL after the grace period). Succeeds if nothing runs.
#
# Environment (all optional):
#   KC_IT_HTTP_PORT   HTTP port on 127.0.0.1                               (8180)
#   KC_IT_MGMT_PORT   management port                                      (9180)
#   KC_IT_REALM       realm whose discovery document `await` waits for     (qrforge)
#   KC_IT_TIMEOUT     seconds `await` waits                                (300)
#   KC_IT_STOP_GRACE  seconds between TERM and KILL                        (20)
#   KC_IT_HEAP        JVM heap (and JIT) options, passed as JAVA_OPTS_KC_HEAP
#                     (-Xms64m -Xmx512m -XX:TieredStopAtLevel=1: C1 only, as for the test servers, whose
#                     few minutes C2 compilations cost more CPU than they pay back)
#   KC_IT_ADMIN_USER / KC_IT_ADMIN_PASSWORD  bootstrap admin of the master realm (admin / admin)
#   KC_IT_WATCH_PID   pid the watchdog watches instead of the parent; "none" disables the watchdog
set -euo pipefail

HTTP_PORT=${KC_IT_HTTP_PORT:-8180}
MGMT_PORT=${KC_IT_MGMT_PORT:-9180}
REALM=${KC_IT_REALM:-qrforge}
TIMEOUT=${KC_IT_TIMEOUT:-300}
STOP_GRACE=${KC_IT_STOP_GRACE:-20}
HEAP=${KC_IT_HEAP:--Xms64m -Xmx512m -XX:TieredStopAtLevel=1}
ADMIN_USER=${KC_IT_ADMIN_USER:-admin}
ADMIN_PASSWORD=${KC_IT_ADMIN_PASSWORD:-admin}
WATCH_PID=${KC_IT_WATCH_PID:-$PPID}

SELF=$(readlink -f "$0")

say() { echo "[keycloak.sh] $*"; }
die() { echo "[keycloak.sh] ERROR: $*" >&2; exit 1; }
usage() {
    sed -n '2,8p' "$SELF" >&2
    exit 2
}

# --- process helpers ----------------------------------------------------------------------------------

# Start time (clock ticks since boot) of a pid, to tell it from a later process that reuses the number.
proc_start_time() {
    local stat f
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
    stat=${stat##*) }
    read -r -a f <<<"$stat"
    echo "${f[19]}"
}

# True while process group $1 has a member that is not a zombie.
group_alive() {
    ps -eo pgid=,stat= | awk -v g="$1" '$1 == g && $2 !~ /^Z/ { found = 1 } END { exit !found }'
}

# True if some member of process group $1 was started from Keycloak home $2 (guards against pid reuse).
group_is_keycloak() {
    local p
    for p in $(ps -eo pid=,pgid= | awk -v g="$1" '$2 == g { print $1 }'); do
        if tr '\0' ' ' <"/proc/$p/cmdline" 2>/dev/null | grep -qF -- "$2"; then
            return 0
        fi
    done
    return 1
}

# TERM the whole process group (kc.sh and its java), KILL it after the grace period.
stop_group() {
    local pg=$1 i
    ((pg > 1)) || { echo "[keycloak.sh] ERROR: refusing to signal process group '$pg'" >&2; return 1; }
    kill -TERM -- "-$pg" 2>/dev/null || true
    for ((i = 0; i < STOP_GRACE * 4; i++)); do
        group_alive "$pg" || return 0
        sleep 0.25
    done
    say "Keycloak (process group $pg) still running ${STOP_GRACE}s after TERM, sending KILL"
    kill -KILL -- "-$pg" 2>/dev/null || true
    for ((i = 0; i < 40; i++)); do
        group_alive "$pg" || return 0
        sleep 0.25
    done
    echo "[keycloak.sh] ERROR: process group $pg survived KILL" >&2
    return 1
}

port_taken() {
    timeout 2 bash -c "exec 3<>/dev/tcp/127.0.0.1/$1" 2>/dev/null
}

describe_port() {
    if command -v ss >/dev/null 2>&1; then
        ss -ltnp "( sport = :$1 )" 2>/dev/null | tail -n +2 || true
    fi
}

# --- commands -----------------------------------------------------------------------------------------

do_stop() {
    local home=$1 wd pg i started=$SECONDS stopped_something=false
    if [[ -f $home/kc-watchdog.pid ]]; then
        wd=$(cat "$home/kc-watchdog.pid")
        if [[ $wd =~ ^[0-9]+$ ]] && tr '\0' ' ' <"/proc/$wd/cmdline" 2>/dev/null | grep -q -- '__watchdog'; then
            kill -TERM "$wd" 2>/dev/null || true
            for ((i = 0; i < 20; i++)); do
                kill -0 "$wd" 2>/dev/null || break
                sleep 0.25
            done
        fi
        rm -f "$home/kc-watchdog.pid"
    fi
    if [[ -f $home/kc.pid ]]; then
        pg=$(cat "$home/kc.pid")
        if [[ $pg =~ ^[0-9]+$ ]] && ((pg > 1)) && group_alive "$pg" && group_is_keycloak "$pg" "$home"; then
            say "stopping Keycloak (process group $pg)"
            stop_group "$pg"
            stopped_something=true
        fi
        rm -f "$home/kc.pid"
    fi
    if $stopped_something; then
        say "Keycloak stopped in $((SECONDS - started))s"
    else
        say "no Keycloak running for $home"
    fi
}

do_start() {
    local home=$1 realm_json=$2 log=$3 p i pg="" watch_start=""
    [[ -f $home/bin/kc.sh ]] || die "no Keycloak distribution at $home (missing bin/kc.sh)"
    [[ -x $home/bin/kc.sh ]] || chmod u+x "$home/bin/kc.sh"
    [[ -f $realm_json ]] || die "realm file $realm_json not found"
    command -v curl >/dev/null 2>&1 || die "curl is required (apt-get install curl)"

    # A Keycloak from an earlier run of this home is stopped first.
    if [[ -f $home/kc.pid || -f $home/kc-watchdog.pid ]]; then
        do_stop "$home"
    fi
    for p in "$HTTP_PORT" "$MGMT_PORT"; do
        if port_taken "$p"; then
            describe_port "$p" >&2
            die "port $p on 127.0.0.1 is already in use by another process; stop it or choose other ports with KC_IT_HTTP_PORT / KC_IT_MGMT_PORT"
        fi
    done

    # Fresh dev database, so the realm is always imported from the file as it is now.
    rm -rf "$home/data/h2"
    mkdir -p "$home/data/import" "$(dirname "$log")"
    rm -f "$home/data/import/"*.json
    cp "$realm_json" "$home/data/import/"
    rm -f "$home/kc.pid" "$home/kc.pid.tmp"
    : >"$log"
    log=$(readlink -f "$log")
    echo "$log" >"$home/kc.log-path"
    date +%s >"$home/kc.started"

    (
        # Nothing from the caller's environment may reconfigure this Keycloak: kc.sh drops its defaults
        # (heap, GC) when JAVA_OPTS is set and opens a debugger when DEBUG=true; KC_* / QUARKUS_* are options.
        unset JAVA_OPTS JAVA_OPTS_APPEND JAVA_ADD_OPENS DEBUG DEBUG_PORT DEBUG_SUSPEND
        while IFS= read -r v; do
            case $v in KC_* | QUARKUS_*) unset "$v" ;; esac
        done < <(compgen -e)
        export JAVA_OPTS_KC_HEAP="$HEAP"
        export KC_BOOTSTRAP_ADMIN_USERNAME="$ADMIN_USER"
        export KC_BOOTSTRAP_ADMIN_PASSWORD="$ADMIN_PASSWORD"
        cd "$home"
        # Own session and process group: a Ctrl-C of the build does not reach it half-way, and `stop`
        # can signal kc.sh and its java together. The session leader writes its own pid.
        exec setsid bash -c 'echo $$ >"$0"; exec "$@"' "$home/kc.pid.tmp" \
            "$home/bin/kc.sh" start-dev \
            --http-host=127.0.0.1 --http-port="$HTTP_PORT" --http-management-port="$MGMT_PORT" \
            --import-realm
    ) </dev/null >>"$log" 2>&1 &

    for ((i = 0; i < 100; i++)); do
        if [[ -s $home/kc.pid.tmp ]]; then
            pg=$(cat "$home/kc.pid.tmp")
            break
        fi
        sleep 0.05
    done
    [[ -n $pg ]] || die "Keycloak did not start; see $log"
    mv "$home/kc.pid.tmp" "$home/kc.pid"
    say "Keycloak starting: pid $pg, http://127.0.0.1:$HTTP_PORT, log $log"

    if [[ $WATCH_PID == none ]]; then
        say "watchdog disabled (KC_IT_WATCH_PID=none)"
        return 0
    fi
    watch_start=$(proc_start_time "$WATCH_PID") || {
        do_stop "$home"
        die "watched process $WATCH_PID does not exist"
    }
    setsid "$BASH" "$SELF" __watchdog "$home" "$WATCH_PID" "$watch_start" "$pg" "$log" \
        </dev/null >>"$log" 2>&1 &
    say "watchdog stops Keycloak when pid $WATCH_PID exits: $(tr '\0' ' ' <"/proc/$WATCH_PID/cmdline" | cut -c1-120)"
}

do_watchdog() {
    local home=$1 watched=$2 watched_start=$3 pg=$4
    trap '' HUP INT
    trap 'exit 0' TERM
    echo $$ >"$home/kc-watchdog.pid"
    while group_alive "$pg"; do
        if [[ $(proc_start_time "$watched" || true) != "$watched_start" ]]; then
            say "watchdog: pid $watched (the build) is gone, stopping Keycloak (process group $pg)"
            stop_group "$pg" || true
            rm -f "$home/kc.pid"
            break
        fi
        sleep 2
    done
    if [[ $(cat "$home/kc-watchdog.pid" 2>/dev/null || true) == "$$" ]]; then
        rm -f "$home/kc-watchdog.pid"
    fi
}

do_await() {
    local home=$1 log=$2 url code pg t0=$SECONDS started
    url="http://127.0.0.1:$HTTP_PORT/realms/$REALM/.well-known/openid-configuration"
    pg=$(cat "$home/kc.pid" 2>/dev/null || true)
    [[ -n $pg ]] || die "no $home/kc.pid: Keycloak was not started (keycloak.sh start)"
    say "waiting up to ${TIMEOUT}s for $url"
    while :; do
        code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 5 "$url" || true)
        if [[ $code == 200 ]]; then
            started=$(cat "$home/kc.started" 2>/dev/null || date +%s)
            say "Keycloak ready: waited $((SECONDS - t0))s here, $(($(date +%s) - started))s since start"
            return 0
        fi
        if ! group_alive "$pg"; then
            echo "[keycloak.sh] ERROR: Keycloak (pid $pg) exited before it was ready; last lines of $log:" >&2
            tail -n 60 "$log" >&2 || true
            rm -f "$home/kc.pid"
            exit 1
        fi
        if ((SECONDS - t0 >= TIMEOUT)); then
            echo "[keycloak.sh] ERROR: Keycloak not ready after ${TIMEOUT}s (last HTTP status '$code'); last lines of $log:" >&2
            tail -n 60 "$log" >&2 || true
            exit 1
        fi
        sleep 1
    done
}

# --- main -------------------------------------------------------------------------------------------------

[[ $# -ge 2 ]] || usage
cmd=$1
home=${2%/}
[[ -d $home ]] || die "Keycloak home $home is not a directory"
home=$(cd "$home" && pwd -P)

case $cmd in
start)
    [[ $# -eq 4 ]] || usage
    do_start "$home" "$3" "$4"
    ;;
await)
    do_await "$home" "${4:-$(cat "$home/kc.log-path" 2>/dev/null || echo "$home/keycloak.log")}"
    ;;
stop)
    do_stop "$home"
    ;;
__watchdog)
    do_watchdog "$home" "$3" "$4" "$5"
    ;;
*)
    usage
    ;;
esac
