#!/usr/bin/env bash
# npm run bench:video — inside a loopback-only network namespace, like the e2e tests.
# BENCH_SCRIPT runs another benchmark the same way (npm run bench:input).
set -euo pipefail
cd "$(dirname "$0")/.."
npm run -s build >/dev/null
cmd="ip link set lo up && exec node --import tsx ${BENCH_SCRIPT:-scripts/bench-video.ts} $*"
if [ "$(id -u)" = 0 ]; then exec unshare -n sh -c "$cmd"; else exec unshare -rn sh -c "$cmd"; fi
