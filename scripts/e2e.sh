#!/usr/bin/env bash
# End-to-end tests: build the player app, then run Playwright (Debian's Chromium) and the server
# inside a network namespace whose only interface is loopback, so no test traffic can leave.
set -uo pipefail
cd "$(dirname "$0")/.."
# One run at a time on a machine: runs share the player build, .tmp/e2e-data and the results.
exec 9>/tmp/reelcast-e2e.lock
flock 9
npm run -s build >/dev/null || { echo "player build failed"; exit 1; }
rm -rf .tmp/e2e-data
mkdir -p .tmp/results
export PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/results/e2e.json"
# The veth end the media server (Janus) gathers on: libnice skips loopback interfaces.
cmd="ip link set lo up && bash scripts/janus.sh --veth && exec node_modules/.bin/playwright test -c e2e/playwright.config.ts $*"
if [ "$(id -u)" = 0 ]; then
  exec unshare -n sh -c "$cmd"
else
  exec unshare -rn sh -c "$cmd"
fi
