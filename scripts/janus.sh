#!/usr/bin/env bash
# Runs Debian's Janus (package janus, installed by scripts/ensure-services.sh) in the foreground
# with Reelcast's configuration, written afresh to JANUS_CONFIG_DIR:
#   - only the VideoRoom plugin and the WebSocket transport, listening on 127.0.0.1:JANUS_WS_PORT;
#   - every API request needs JANUS_API_SECRET (only the server talks to Janus: players never get
#     a handle, a room id or a secret, only media through the server's signalling);
#   - ICE only on JANUS_ICE_INTERFACE. libnice never gathers on an interface flagged loopback, so
#     on a loopback-only box (tests, benchmarks, a local start) that is one end of a veth pair
#     carrying 127.0.0.2/32, made by `scripts/janus.sh --veth` (root, or root in a namespace).
set -euo pipefail

veth() {
  # Idempotent: an existing pair is kept.
  ip link show rcjanus0 >/dev/null 2>&1 && return 0
  ip link add rcjanus0 type veth peer name rcjanus1
  ip addr add 127.0.0.2/32 dev rcjanus0
  ip link set rcjanus0 up
  ip link set rcjanus1 up
}
if [ "${1:-}" = "--veth" ]; then veth; exit 0; fi

: "${JANUS_API_SECRET:?JANUS_API_SECRET is required}"
dir=${JANUS_CONFIG_DIR:-$(mktemp -d /tmp/reelcast-janus-XXXXXX)}
port=${JANUS_WS_PORT:-8188}
iface=${JANUS_ICE_INTERFACE:-rcjanus0}
lib=$(dirname "$(dpkg -L janus 2>/dev/null | grep -m1 '/janus/plugins/libjanus_videoroom.so$')")/..
mkdir -p "$dir"
chmod 700 "$dir"
umask 077

plugins=$(cd "$lib/plugins" && ls libjanus_*.so | grep -v videoroom | paste -sd, -)
transports=$(cd "$lib/transports" && ls libjanus_*.so | grep -v websockets | paste -sd, -)
events=$(cd "$lib/events" 2>/dev/null && ls libjanus_*.so 2>/dev/null | paste -sd, - || true)
loggers=$(cd "$lib/loggers" 2>/dev/null && ls libjanus_*.so 2>/dev/null | paste -sd, - || true)

cat >"$dir/janus.jcfg" <<CFG
general: {
  configs_folder = "$dir"
  plugins_folder = "$lib/plugins"
  transports_folder = "$lib/transports"
  events_folder = "$lib/events"
  loggers_folder = "$lib/loggers"
  debug_level = ${JANUS_DEBUG_LEVEL:-3}
  server_name = "reelcast-media"
  api_secret = "$JANUS_API_SECRET"
  session_timeout = 60
}
media: {
  ipv6 = false
}
nat: {
  ice_enforce_list = "$iface"
  ignore_mdns = true
  full_trickle = false
}
plugins: {
  disable = "$plugins"
}
transports: {
  disable = "$transports"
}
events: {
  broadcast = false
  disable = "$events"
}
loggers: {
  disable = "$loggers"
}
CFG
cat >"$dir/janus.transport.websockets.jcfg" <<CFG
general: {
  json = "compact"
  ws = true
  ws_port = $port
  ws_ip = "127.0.0.1"
  wss = false
}
admin: {
  admin_ws = false
  admin_wss = false
}
CFG
cat >"$dir/janus.plugin.videoroom.jcfg" <<CFG
general: {
  admin_key = "$JANUS_API_SECRET"
  lock_rtp_forward = true
}
CFG
exec janus -F "$dir" -C "$dir/janus.jcfg"
