#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the tests in a temporary folder and prints its URL.
# Usage: eval "$(bash scripts/postgres.sh start)"  …  bash scripts/postgres.sh stop "$WOLFRUNDE_PG_DIR"
set -euo pipefail
cd /tmp
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
case "${1:-}" in
  start)
    dir=$(mktemp -d /tmp/wolfrunde-pg.XXXXXX)
    chown postgres "$dir" 2>/dev/null || true
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
    as_pg "$bin/initdb" -D "$dir/data" -U wolfrunde --auth=trust >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -o "-p $port -k $dir -c listen_addresses=127.0.0.1" -w start >/dev/null
    as_pg "$bin/createdb" -h 127.0.0.1 -p "$port" -U wolfrunde wolfrunde_test
    echo "export WOLFRUNDE_PG_DIR=$dir"
    echo "export WOLFRUNDE_TEST_POSTGRES_URL=postgresql+psycopg://wolfrunde@127.0.0.1:$port/wolfrunde_test"
    ;;
  stop)
    dir="$2"
    if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null || true
    else "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null || true; fi
    rm -rf "$dir"
    ;;
  *) echo "usage: postgres.sh start|stop DIR" >&2; exit 2 ;;
esac
