#!/usr/bin/env bash
# Starts a throwaway Redis server for the tests in a temporary folder and prints its URL.
# Usage: eval "$(bash scripts/redis.sh start)"  …  bash scripts/redis.sh stop "$WOLFRUNDE_REDIS_DIR"
set -euo pipefail
cd /tmp
case "${1:-}" in
  start)
    command -v redis-server >/dev/null 2>&1 || { echo "redis-server fehlt (scripts/system-packages.sh)" >&2; exit 1; }
    dir=$(mktemp -d /tmp/wolfrunde-redis.XXXXXX)
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    redis-server --bind 127.0.0.1 --port "$port" --dir "$dir" --save "" --appendonly no \
      --daemonize yes --pidfile "$dir/redis.pid" --logfile "$dir/log" >/dev/null
    for _ in $(seq 1 100); do
      redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG && break
      sleep 0.05
    done
    redis-cli -h 127.0.0.1 -p "$port" ping 2>/dev/null | grep -q PONG || { echo "Redis startet nicht: $(cat "$dir/log")" >&2; exit 1; }
    echo "export WOLFRUNDE_REDIS_DIR=$dir"
    echo "export WOLFRUNDE_TEST_REDIS_URL=redis://127.0.0.1:$port/0"
    ;;
  stop)
    dir="$2"
    if [ -f "$dir/redis.pid" ]; then kill "$(cat "$dir/redis.pid")" 2>/dev/null || true; fi
    for _ in $(seq 1 100); do [ -f "$dir/redis.pid" ] && kill -0 "$(cat "$dir/redis.pid")" 2>/dev/null || break; sleep 0.05; done
    rm -rf "$dir"
    ;;
  *) echo "usage: redis.sh start|stop DIR" >&2; exit 2 ;;
esac
