#!/usr/bin/env bash
# npm test: services, then lint, typecheck, the player's first-load size budget, unit,
# integration (PGlite and PostgreSQL; then through the media server, Janus), end to end on the
# cluster, the short forms of the proof suites (fuzz, money simulation with kills, load) and
# end-to-end tests in Chromium.
# Every stage runs even when an earlier one fails, and the run ends with one plain
# "N passed, N failed" line.
set -uo pipefail
cd "$(dirname "$0")/.."
results=.tmp/results
rm -rf "$results" && mkdir -p "$results"
export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/test}

# Each stage's wall time goes to stages.txt and is printed at the end: CI has a time budget
# (README), and this shows which stage to look at when the run grows.
stage_name=''
stage_start=$SECONDS
stage_end() { [ -n "$stage_name" ] && printf '%5d s  %s\n' $((SECONDS - stage_start)) "$stage_name" >> "$results/stages.txt"; }
stage() { stage_end; stage_name=$1; stage_start=$SECONDS; echo; echo "=== $1"; }
failures=0
stage "services" && { bash scripts/ensure-services.sh || failures=$((failures + 1)); }

stage "lint (biome, size limits)"
if npx biome check . >"$results/lint.log" 2>&1 && node scripts/check-size.mjs >>"$results/lint.log" 2>&1; then echo ok > "$results/lint.step"; else cat "$results/lint.log"; echo fail > "$results/lint.step"; fi
stage "typecheck (tsc)"
if npm run -s typecheck >"$results/typecheck.log" 2>&1; then echo ok > "$results/typecheck.step"; else cat "$results/typecheck.log"; echo fail > "$results/typecheck.step"; fi

# The player's first-load budget (docs/decisions.md): builds the player app and fails when a route
# loads more than its limit (apps/player/.size-limit.js).
stage "first-load size budget"
if npm run -s size 2>&1 | tee "$results/size.log"; then echo ok > "$results/size.step"; else echo fail > "$results/size.step"; fi

stage "unit"
npx vitest run --project unit-node --project unit-player --project unit-console --reporter=default --reporter=json --outputFile="$results/unit.json"
echo $? > "$results/unit.exit"
stage "integration (PGlite and PostgreSQL)"
npx vitest run --project integration --reporter=default --reporter=json --outputFile="$results/integration.json"
echo $? > "$results/integration.exit"
stage "integration through the media server (Janus, loopback-only namespace)"
bash scripts/test-sfu.sh --reporter=default --reporter=json --outputFile="$PWD/$results/integration-sfu.json"
echo $? > "$results/integration-sfu.exit"
# Two server instances behind HAProxy on a PostgreSQL of its own, one killed (issue #19).
stage "end to end on the cluster (Chromium, loopback-only namespace)"
bash scripts/test-cluster.sh --reporter=list,json
# The proof suites' short forms: a few fixed seeds, each a pass or a fail of its own. They print
# figures; only findings (5xx, crashes, money violations, errors) fail them, never a timing.
proof() {
  local name=$1; shift
  stage "proof: $name"
  if "$@" 2>&1 | tee "$results/$name.log" | tail -n 25; then echo ok > "$results/$name.step"; else echo fail > "$results/$name.step"; fi
}
proof fuzz npm run -s fuzz -- --short
proof sim-money npm run -s sim:money -- --seed 7 --ops 1500 --kills 3 --players 50
# The same plan with the cabinets on the machine agent process, as `npm start` runs them.
proof sim-money-agent npm run -s sim:money -- --seed 7 --ops 1500 --kills 3 --players 50 --floor agent
proof load npm run -s bench:load -- --players 2000 --seconds 30

stage "end to end (Chromium)"
bash scripts/e2e.sh --reporter=list,json

stage_end
echo; echo "=== time per stage"; cat "$results/stages.txt"
node scripts/summarise-tests.mjs "$results" "$failures"
