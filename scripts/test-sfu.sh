#!/usr/bin/env bash
# Integration tests through the media server and TURN: Debian's Janus and coturn and the tests
# inside a network namespace whose only interfaces are loopback and the veth end Janus gathers on
# (127.0.0.2), so no test traffic can leave. Arguments go to vitest.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
secret=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
port=${JANUS_TEST_PORT:-8388}
turn_secret=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
turn_port=${TURN_TEST_PORT:-3479}
cmd="ip link set lo up && bash scripts/janus.sh --veth || exit 1
JANUS_API_SECRET=$secret JANUS_WS_PORT=$port bash scripts/janus.sh > .tmp/janus-test.log 2>&1 &
janus=\$!
turnserver -n --listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port=$turn_port \
  --use-auth-secret --static-auth-secret=$turn_secret --realm=reelcast.test \
  --allow-loopback-peers --no-tls --no-dtls --no-cli --min-port=49160 --max-port=49260 \
  --log-file=stdout > .tmp/turn-test.log 2>&1 &
turn=\$!
for i in \$(seq 1 50); do (echo > /dev/tcp/127.0.0.1/$port) 2>/dev/null && break; sleep 0.2; done
JANUS_TEST_URL=ws://127.0.0.1:$port JANUS_TEST_SECRET=$secret \
TURN_TEST_URL=turn:127.0.0.1:$turn_port TURN_TEST_SECRET=$turn_secret node_modules/.bin/vitest run --project integration-sfu $*
code=\$?
kill \$janus \$turn
exit \$code"
if [ "$(id -u)" = 0 ]; then exec unshare -n bash -c "$cmd"; else exec unshare -rn bash -c "$cmd"; fi
