#!/usr/bin/env bash
# Installs and starts what the tests need on a Debian machine: Chromium, PostgreSQL, the media
# server and TURN (Janus and coturn, started by the tests themselves with their own settings), and
# HAProxy (in front of the instances of `npm run start:cluster`, which runs it itself).
# Idempotent: does nothing that is already done. Needs root for apt and for starting services.
set -euo pipefail

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || need_apt+=(postgresql)
command -v ip >/dev/null 2>&1 || need_apt+=(iproute2)
command -v janus >/dev/null 2>&1 || need_apt+=(janus)
command -v turnserver >/dev/null 2>&1 || need_apt+=(coturn)
command -v haproxy >/dev/null 2>&1 || need_apt+=(haproxy)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Installing ${need_apt[*]} from Debian's packages…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
  # The packages' own services (their default configurations, on every interface) are not ours:
  # the tests run Janus (scripts/janus.sh) and coturn (scripts/test-sfu.sh) themselves, and
  # start:cluster runs HAProxy with scripts/haproxy-cluster.cfg.
  if command -v systemctl >/dev/null 2>&1; then
    for unit in janus coturn haproxy; do
      [[ " ${need_apt[*]} " == *" $unit "* ]] && { systemctl disable --now "$unit" >/dev/null 2>&1 || true; }
    done
  fi
fi

# PostgreSQL: start the cluster when it is down, then make sure the test database answers on
# 127.0.0.1. A fresh Debian install asks for a password over TCP, so give postgres one (a
# trust-auth server ignores it).
export PGPASSWORD=postgres
pg_ok() { psql -h 127.0.0.1 -U postgres -d "${1:-postgres}" -Atqc 'select 1' >/dev/null 2>&1; }
if ! pg_ok; then
  version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -n 1)
  if [ -n "$version" ]; then
    pg_ctlcluster --skip-systemctl-redirect "$version" main start >/dev/null 2>&1 || true
    for _ in $(seq 1 30); do pg_ok && break; sleep 0.5; done
    if ! pg_ok; then
      runuser -u postgres -- psql -qc "alter user postgres password 'postgres'" >/dev/null 2>&1 || true
    fi
  fi
fi
if ! pg_ok test; then
  runuser -u postgres -- createdb test >/dev/null 2>&1 || psql -h 127.0.0.1 -U postgres -qc 'create database test' >/dev/null 2>&1 || true
fi
pg_ok test || { echo "PostgreSQL is not reachable on 127.0.0.1:5432 (database test)"; exit 1; }

echo "Services ready: chromium, PostgreSQL, janus, coturn, haproxy."
