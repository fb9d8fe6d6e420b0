#!/usr/bin/env bash
# npm run start:sfu — the product with its video through the media server: Debian's Janus
# (installed when missing), then the server with JANUS_URL and the floor on a machine agent
# process, as npm start. Janus gathers ICE on a veth end carrying 127.0.0.2 (libnice skips
# loopback), so, as in the default start, no video leaves this machine; a venue's deployment
# names its real interface instead (docs/deploy.md). Needs root for apt and the veth pair.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v janus >/dev/null 2>&1; then
  echo "Installing janus from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq --no-install-recommends janus >/dev/null
  command -v systemctl >/dev/null 2>&1 && systemctl disable --now janus >/dev/null 2>&1 || true
fi
bash scripts/janus.sh --veth
mkdir -p .tmp
npm run -s build
secret=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
port=${JANUS_WS_PORT:-8188}
JANUS_API_SECRET=$secret JANUS_WS_PORT=$port JANUS_CONFIG_DIR=${JANUS_CONFIG_DIR:-.tmp/janus} \
  bash scripts/janus.sh > .tmp/janus.log 2>&1 &
janus=$!
trap 'kill $janus 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM
echo "Media server: Janus (pid $janus) on ws://127.0.0.1:$port, log .tmp/janus.log"
JANUS_URL=ws://127.0.0.1:$port JANUS_API_SECRET=$secret LOCAL_AGENT=${LOCAL_AGENT:-1} \
  ICE_ALLOWED_ADDRESSES=${ICE_ALLOWED_ADDRESSES:-127.0.0.1,127.0.0.2} \
  npm run -s start -w apps/server
