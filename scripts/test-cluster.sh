#!/usr/bin/env bash
# End to end on the cluster (issue #19), a stage of `npm test`: the build, then inside a network
# namespace whose only interface is loopback (no test traffic can leave) a PostgreSQL of its own
# (the host's is outside the namespace), the cluster of `npm run start:cluster` on it (two server
# instances, HAProxy, one machine agent; scripts/start-cluster.sh) and Playwright's
# e2e/cluster.spec.ts in Chromium against the proxy. Everything it started is stopped at the end;
# the logs stay in .tmp/cluster-e2e. Needs root (PostgreSQL runs as the postgres user). Arguments
# go to Playwright.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
work=$PWD/.tmp/cluster-e2e

if [ "${1:-}" != --inside ]; then
  [ "$(id -u)" = 0 ] || { echo "test-cluster: needs root (PostgreSQL runs as the postgres user)"; exit 1; }
  # The player build and the runs that serve it, one at a time on a machine (scripts/e2e.sh): the
  # instances serve apps/player/dist for as long as the test runs.
  exec 9>/tmp/reelcast-e2e.lock
  flock 9
  npm run -s build >/dev/null || { echo "test-cluster: the build failed"; exit 1; }
  rm -rf "$work" && mkdir -p "$work" .tmp/results
  exec unshare -n bash "$0" --inside "$@"
fi
shift

# Ports inside the namespace: nothing else listens there, but not the defaults either, so that
# a value start-cluster.sh failed to take would show.
export CLUSTER_PORT=8280 CLUSTER_STATS_PORT=8284
pg_port=55432
export CLUSTER_DATABASE_URL=postgres://postgres@127.0.0.1:$pg_port/reelcast_cluster
export CLUSTER_DIR=$work/cluster CLUSTER_PIDS=$work/cluster/pids
export CLUSTER_SKIP_SERVICES=1 CLUSTER_SKIP_BUILD=1
# The instances' settings for the test: the idle warning after 10 s (as e2e/playwright.config.ts),
# video over loopback, no random faults, and every sign-in from 127.0.0.1 allowed.
export SESSION_IDLE_MS=10000 ICE_ALLOWED_ADDRESSES=127.0.0.1 FAULT_RATE_PER_HOUR=0 \
  LOGIN_RATE_PER_MINUTE=600
export PLAYWRIGHT_JSON_OUTPUT_NAME=${PLAYWRIGHT_JSON_OUTPUT_NAME:-$PWD/.tmp/results/e2e-cluster.json}

# Debian's PostgreSQL binaries, the newest installed (scripts/ensure-services.sh installs it).
pg_bin=$(printf '%s\n' /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
[ -x "$pg_bin/initdb" ] || { echo "test-cluster: no PostgreSQL in /usr/lib/postgresql"; exit 1; }
pg=$work/pg
cluster=''
say() { printf 'test-cluster: %s\n' "$*"; }

# shellcheck disable=SC2317 # run by the EXIT trap
stop_all() {
  if [ -n "$cluster" ] && kill -0 "$cluster" 2>/dev/null; then
    # start-cluster.sh stops what it started, the instances draining first.
    kill -TERM "$cluster"
    wait "$cluster" 2>/dev/null
  fi
  # Whatever of the cluster outlived that (its process groups), then PostgreSQL.
  if [ -f "$CLUSTER_PIDS" ]; then
    while read -r _ pid; do kill -KILL -- "-$pid" 2>/dev/null; done <"$CLUSTER_PIDS"
  fi
  [ -f "$pg/data/postmaster.pid" ] &&
    runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg/data" -m fast -w stop >/dev/null 2>&1
}
trap stop_all EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ip link set lo up
say "PostgreSQL on 127.0.0.1:$pg_port (log ${pg#"$PWD/"}/log)…"
mkdir -p "$pg" && chown postgres: "$pg" && chmod 700 "$pg"
runuser -u postgres -- "$pg_bin/initdb" -D "$pg/data" -U postgres --auth=trust --no-sync \
  -E UTF8 --locale=C >"$pg/initdb.log" 2>&1 || { cat "$pg/initdb.log"; exit 1; }
# Durability off: the data dies with the test.
runuser -u postgres -- "$pg_bin/pg_ctl" -D "$pg/data" -l "$pg/log" -w -o \
  "-h 127.0.0.1 -p $pg_port -k $pg -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null || { cat "$pg/log"; exit 1; }

say "the cluster (log ${work#"$PWD/"}/start-cluster.log)…"
# Without the lock's descriptor: a process of the cluster left behind must not hold it.
bash scripts/start-cluster.sh >"$work/start-cluster.log" 2>&1 9>&- &
cluster=$!
deadline=$((SECONDS + 180))
until [ -f "$CLUSTER_PIDS" ]; do
  if ! kill -0 "$cluster" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
    tail -n 30 "$work/start-cluster.log"
    say "the cluster did not start"
    exit 1
  fi
  sleep 0.5
done
say "cluster up after ${SECONDS}s; Playwright…"

node_modules/.bin/playwright test -c e2e/playwright.cluster.config.ts "$@"
code=$?
[ "$code" = 0 ] || say "failed: the logs and traces are in ${work#"$PWD/"}"
say "stopping the cluster…"
exit $code
