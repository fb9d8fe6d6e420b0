#!/usr/bin/env bash
# npm run bench:video — inside a loopback-only network namespace, like the e2e tests.
# BENCH_SCRIPT runs another benchmark the same way (npm run bench:input); --sfu runs
# scripts/bench-sfu.ts (direct against the media server).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s build >/dev/null
script=${BENCH_SCRIPT:-scripts/bench-video.ts}
# --sfu: direct and through the media server (Janus), which gathers on a veth end (127.0.0.2).
case " $* " in *" --sfu "*) script=scripts/bench-sfu.ts ;; esac
cmd="ip link set lo up && bash scripts/janus.sh --veth && exec node --import tsx $script $*"
if [ "$(id -u)" = 0 ]; then exec unshare -n sh -c "$cmd"; else exec unshare -rn sh -c "$cmd"; fi
