#!/usr/bin/env bash
# npm run start:cluster — several server instances behind one address (issue #19), on this box:
# PostgreSQL (ensured as `npm test` does) with a database of its own, instances a (8081) and b
# (8082) with CLUSTER=1 and the same secrets, one machine agent process hosting the floor's
# cabinets through the proxy, and HAProxy on 127.0.0.1:8080 in front (scripts/haproxy-cluster.cfg).
# Every process logs to data/cluster/<name>.log; Ctrl-C stops all of them. Loopback only.
# docs/deploy.md, "Several instances", says what each part does and how to add an instance.
# The end-to-end test on the cluster (scripts/test-cluster.sh) runs it with its own settings:
#   CLUSTER_DIR           where the logs, secrets, agent and pids go (data/cluster)
#   CLUSTER_DATABASE_URL  the instances' database, created when missing; the same server's
#                         `postgres` database is the admin one
#                         (postgres://postgres:postgres@127.0.0.1:5432/reelcast_cluster)
#   CLUSTER_PORT          HAProxy's port (8080); the instances take the next two (8081, 8082)
#   CLUSTER_STATS_PORT    HAProxy's stats page (8404)
#   CLUSTER_SKIP_SERVICES=1, CLUSTER_SKIP_BUILD=1: PostgreSQL and HAProxy are there already, and
#                         so is the build (the caller ran it)
# Once everything is up, each process's pid is in $CLUSTER_DIR/pids ("a 1234" a line).
set -euo pipefail
cd "$(dirname "$0")/.."

dir=${CLUSTER_DIR:-$PWD/data/cluster}
database_url=${CLUSTER_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/reelcast_cluster}
db_name=${database_url##*/}
proxy_port=${CLUSTER_PORT:-8080}
stats_port=${CLUSTER_STATS_PORT:-8404}
proxy_url=http://127.0.0.1:$proxy_port
# The directory as the messages name it: relative when it is inside the repository.
where=${dir#"$PWD/"}
instances=(a b)
declare -A port=([a]=$((proxy_port + 1)) [b]=$((proxy_port + 2)))
declare -A pid=()
declare -A reported=()
# The agent and HAProxy need no root: as root they run as nobody, as the server makes itself
# (as root, libwebrtc's threads take real-time priority and starve the agent's drawing).
as_nobody=()
[ "$(id -u)" = 0 ] && as_nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)

say() { printf '%s\n' "$*"; }
die() { say "start:cluster: $*" >&2; exit 1; }
alive() { [ -n "${pid[$1]:-}" ] && kill -0 "${pid[$1]}" 2>/dev/null; }
psql_db() { PGPASSWORD=postgres psql -d "${database_url%/*}/${2:-$db_name}" -Atqc "$1"; }
tail_log() { say "--- the end of $dir/$1.log:" >&2; tail -n "${2:-15}" "$dir/$1.log" >&2 || true; }

# Runs a child in a process group of its own (setsid), so a Ctrl-C reaches this script only and
# the stop goes in order; its output to data/cluster/<name>.log (readable by root only). Disowned:
# bash would print a child killed by a signal (the failover's kill -9) with its whole command.
new_log() { rm -f "$dir/$1.log" && (umask 077 && : >"$dir/$1.log"); }
spawn() {
  local name=$1
  shift
  new_log "$name"
  setsid "$@" >"$dir/$name.log" 2>&1 </dev/null &
  pid[$name]=$!
  disown "$!"
}

# SIGTERM first (the instances drain: games in play end, meters are written), SIGKILL for what
# is still there `wait` seconds later or after another Ctrl-C.
hurry=0
stopping_since=''
terminate() {
  if alive "$1"; then kill -TERM -- "-${pid[$1]}" 2>/dev/null || true; fi
}
await_stop() {
  local name=$1 deadline=$((SECONDS + $2))
  while alive "$name" && [ "$hurry" = 0 ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.2; done
  if alive "$name"; then kill -KILL -- "-${pid[$name]}" 2>/dev/null || true; fi
}
# npm passes the terminal's Ctrl-C on to this script, which the terminal signals too: one press
# arrives twice. Only a signal a second or more after the first hurries the stop.
on_signal() {
  if [ -z "$stopping_since" ]; then
    stopping_since=$SECONDS
    exit "$1"
  fi
  if [ $((SECONDS - stopping_since)) -ge 2 ]; then hurry=1; fi
}
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
  stopping_since=${stopping_since:-$SECONDS}
  [ ${#pid[@]} -gt 0 ] || return 0
  say "Stopping the cluster…"
  # The instances first and together (SHUTDOWN_GRACE_MS is 15 s): their drain needs the agent,
  # reached through HAProxy, until the games in play have ended.
  for name in "${instances[@]}" seed; do terminate "$name"; done
  for name in "${instances[@]}" seed; do await_stop "$name" 30; done
  for name in agent haproxy; do
    terminate "$name"
    await_stop "$name" 10
  done
  say "Stopped."
}
trap cleanup EXIT
trap 'on_signal 130' INT
trap 'on_signal 143' TERM

# Waits for GET /healthz on a port to answer 200 while the process named lives.
await_health() {
  local name=$1 url=$2 deadline=$((SECONDS + 180))
  until curl -fs -o /dev/null --max-time 2 "$url/healthz"; do
    alive "$name" || { tail_log "$name"; die "$name exited while starting (log $where/$name.log)"; }
    [ "$SECONDS" -lt "$deadline" ] || { tail_log "$name"; die "$name did not answer $url/healthz"; }
    sleep 0.5
  done
}

# One server instance, as `npm run start -w apps/server` runs it but without npm in between, so
# the pid printed is the server's own (for kill -9). Both share the database and the secrets.
start_instance() {
  local name=$1 instance=$2 cluster=$3 p=${port[$2]}
  mkdir -p "$dir/$instance"
  CLUSTER=$cluster INSTANCE_ID=$instance INSTANCE_URL=http://127.0.0.1:$p HOST=127.0.0.1 \
    PORT=$p DATABASE_URL=$database_url DATA_DIR=$dir/$instance SEED_DEMO=true LOCAL_AGENT=0 \
    TRUST_PROXY=127.0.0.1 JWT_SECRET=$jwt_secret METRICS_TOKEN=$metrics_token \
    spawn "$name" node --enable-source-maps apps/server/dist/main.js
  await_health "$name" "http://127.0.0.1:$p"
}

for p in "$proxy_port" "$stats_port" "${port[@]}"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
    die "something already listens on 127.0.0.1:$p (another start:cluster?)"
  fi
done
mkdir -p "$dir"
# Traversable (not readable) by the instances and the agent once they run as nobody.
chmod 711 "$dir"
[ "$(id -u)" = 0 ] && chmod o+x "$dir/.."
rm -f "$dir/pids"

if [ "${CLUSTER_SKIP_SERVICES:-0}" != 1 ]; then
  say "PostgreSQL and HAProxy (scripts/ensure-services.sh; log $where/services.log)…"
  new_log services
  bash scripts/ensure-services.sh >"$dir/services.log" 2>&1 || { tail_log services; die "services failed"; }
fi
command -v haproxy >/dev/null 2>&1 || die "haproxy is not installed (apt install haproxy)"
if [ "$(psql_db "select 1 from pg_database where datname = '$db_name'" postgres)" != 1 ]; then
  psql_db "create database $db_name" postgres
fi

if [ "${CLUSTER_SKIP_BUILD:-0}" != 1 ]; then
  say "Building (npm run build; log $where/build.log)…"
  new_log build
  npm run -s build >"$dir/build.log" 2>&1 || { tail_log build 30; die "the build failed"; }
fi

# The settings both instances must share, new at every run of the cluster: the token signing key
# (a token from one instance is checked by the other) and the /metrics bearer token. Kept in a
# file only root reads, for a tool that must talk to the instances; never printed.
rm -f "$dir/secrets.env"
jwt_secret=$(head -c 48 /dev/urandom | base64 | tr -d '/+=\n')
metrics_token=$(head -c 24 /dev/urandom | base64 | tr -d '/+=\n')
(umask 077 && printf 'JWT_SECRET=%s\nMETRICS_TOKEN=%s\n' "$jwt_secret" "$metrics_token" >"$dir/secrets.env")

# The machine agent: registered once with the CLI for every enabled machine, its id, secret and
# cabinets kept in data/cluster/agent.env (root only) so later runs reuse it and its NVRAM (the
# credits on its cabinets). Registered again, under a new id, when the floor's machines changed.
agent_file=$dir/agent.env
agent_id='' agent_secret='' agent_cabinets=''
floor_cabinets() {
  psql_db "select string_agg(id || ':' || game, ',' order by id) from machines where enabled" \
    2>/dev/null || true
}
read_agent_file() {
  [ -f "$agent_file" ] || return 1
  while IFS='=' read -r key value; do
    case $key in
      AGENT_ID) agent_id=$value ;;
      AGENT_SECRET) agent_secret=$value ;;
      AGENT_CABINETS) agent_cabinets=$value ;;
    esac
  done <"$agent_file"
  [[ $agent_id =~ ^[A-Za-z0-9._-]+$ ]] && [ -n "$agent_secret" ] && [ -n "$agent_cabinets" ]
}
agent_current() {
  read_agent_file || return 1
  [ "$agent_cabinets" = "$(floor_cabinets)" ] || return 1
  [ "$(psql_db "select count(*) from agents where id = '$agent_id' and revoked_at is null")" = 1 ] || return 1
  local ids
  ids=$(psql_db "select string_agg(id::text, ',' order by id) from machines where agent_id = '$agent_id'")
  [ "$ids" = "$(sed -E 's/:[^,]*//g' <<<"$agent_cabinets")" ]
}
# The CLI on the database itself (no server answers at REELCAST_URL while this runs).
cli() {
  REELCAST_URL=http://127.0.0.1:${port[a]} DATABASE_URL=$database_url JWT_SECRET=$jwt_secret \
    npm run -s cli -- "$@"
}
register_agent() {
  local cabinets old_id
  if [ -z "$(floor_cabinets)" ]; then
    # An empty database: one start of instance a alone migrates it and seeds the demo data and
    # the floor; then it stops, for the instances must find the agent's machines at their start.
    say "A new database: instance a seeds it first (log $where/seed.log)…"
    start_instance seed a 0
    terminate seed
    await_stop seed 30
  fi
  cabinets=$(floor_cabinets)
  [ -n "$cabinets" ] || die "the floor has no enabled machine"
  # An earlier registration of ours (the floor changed, or its file is gone) is revoked.
  for old_id in $(psql_db "select id from agents where id like 'cluster-floor%' and revoked_at is null"); do
    cli agent revoke "$old_id" >/dev/null
  done
  agent_id='cluster-floor'
  if [ "$(psql_db "select count(*) from agents where id = '$agent_id'")" != 0 ]; then
    agent_id=cluster-floor-$(date +%s)
  fi
  local out ids
  read -ra ids <<<"$(sed -E 's/:[^,]*//g; s/,/ /g' <<<"$cabinets")"
  out=$(cli agent add "$agent_id" "${ids[@]}") || die "npm run cli -- agent add $agent_id failed"
  agent_secret=$(sed -nE 's/.*secret \(.*\): ([A-Za-z0-9_-]+).*/\1/p' <<<"$out")
  [ -n "$agent_secret" ] || die "npm run cli -- agent add printed no secret"
  agent_cabinets=$cabinets
  (umask 077 && printf 'AGENT_ID=%s\nAGENT_SECRET=%s\nAGENT_CABINETS=%s\n' \
    "$agent_id" "$agent_secret" "$agent_cabinets" >"$agent_file")
  say "Machine agent $agent_id registered for machines $(sed -E 's/:[^,]*//g' <<<"$cabinets")"
}
agent_current || register_agent

# Instance a first, b once a answers: a migrates (when this build brings a migration) alone.
for name in "${instances[@]}"; do
  say "Instance $name on 127.0.0.1:${port[$name]}…"
  start_instance "$name" "$name" 1
done

say "HAProxy on 127.0.0.1:$proxy_port…"
# The configuration reads its ports from these (today's by default).
spawn haproxy env CLUSTER_PORT="$proxy_port" CLUSTER_STATS_PORT="$stats_port" \
  CLUSTER_A_PORT="${port[a]}" CLUSTER_B_PORT="${port[b]}" \
  "${as_nobody[@]}" haproxy -db -f scripts/haproxy-cluster.cfg
await_health haproxy "$proxy_url"

# The agent as `npm start`'s local agent is run (modules/agents/local-agent.ts), with none of the
# server's settings, connecting through HAProxy to whichever instance it lands on.
mkdir -p "$dir/agent"
chmod 700 "$dir/agent"
[ "$(id -u)" = 0 ] && chown 65534:65534 "$dir/agent"
say "Machine agent $agent_id through HAProxy…"
REELCAST_URL=$proxy_url AGENT_ID=$agent_id AGENT_SECRET=$agent_secret \
  AGENT_CABINETS=$agent_cabinets AGENT_NVRAM=$dir/agent/agent-$agent_id.nvram \
  AGENT_HAND_PAY_LIMIT=${HAND_PAY_LIMIT:-120000} AGENT_EXIT_WITH_PARENT=1 \
  spawn agent env -u JWT_SECRET -u METRICS_TOKEN -u DATABASE_URL -u CLUSTER_DATABASE_URL \
  "${as_nobody[@]}" node --import tsx apps/agent/src/main.ts
deadline=$((SECONDS + 60))
until grep -q "on the floor" "$dir/agent.log" 2>/dev/null; do
  alive agent || { tail_log agent; die "the agent exited (log $dir/agent.log)"; }
  [ "$SECONDS" -lt "$deadline" ] || { say "The agent is not on the floor yet: see $dir/agent.log"; break; }
  sleep 0.5
done
agent_on=''
for name in "${instances[@]}"; do
  curl -fs --max-time 2 "http://127.0.0.1:${port[$name]}/healthz" | grep -q "\"id\":\"$agent_id\"" &&
    agent_on=" (connected to instance $name)"
done

logins=$(grep -m1 '^Demo logins:' "$dir/a.log" || true)
cat <<EOF

Reelcast cluster at $proxy_url/ (HAProxy; which instance is up: http://127.0.0.1:$stats_port/)
  instance a  pid ${pid[a]}  http://127.0.0.1:${port[a]}  log $where/a.log
  instance b  pid ${pid[b]}  http://127.0.0.1:${port[b]}  log $where/b.log
  agent       pid ${pid[agent]}  $agent_id, machines $(sed -E 's/:[^,]*//g' <<<"$agent_cabinets")$agent_on  log $where/agent.log
  haproxy     pid ${pid[haproxy]}  log $where/haproxy.log
${logins:-No demo logins in this database.}${logins:+ (PIN 1234)}
Failover: kill -9 an instance's pid; HAProxy takes it out within about 3 s and the other takes
its machines over once their leases run out (a few seconds). Ctrl-C stops everything.

EOF
# For a tool that kills one (scripts/test-cluster.sh): written whole, then moved into place.
printf '%s %s\n' a "${pid[a]}" b "${pid[b]}" agent "${pid[agent]}" haproxy "${pid[haproxy]}" \
  >"$dir/pids.new"
mv "$dir/pids.new" "$dir/pids"

# Tells of any process that ends; the others go on (an instance killed on purpose is the point).
# Without HAProxy nothing is reachable, and without the npm that ran this script (a SIGTERM to
# npm ends its sh, not this script) nobody is left to stop it: then everything stops.
parent=$PPID
while alive haproxy && kill -0 "$parent" 2>/dev/null; do
  for name in "${instances[@]}" agent; do
    if [ -z "${reported[$name]:-}" ] && ! alive "$name"; then
      say "$(date +%T) $name (pid ${pid[$name]}) has exited (log $where/$name.log); the rest go on."
      reported[$name]=1
    fi
  done
  sleep 1
done
alive haproxy || { tail_log haproxy 5; die "HAProxy exited"; }
