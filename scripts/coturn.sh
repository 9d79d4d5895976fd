#!/usr/bin/env bash
# Starts a throwaway coturn (TURN) server on 127.0.0.1 for the voice chat and prints how to reach it;
# the browser test through TURN uses it, and so can `wolfrunde serve` on one machine.
# Usage: eval "$(bash scripts/coturn.sh start)"
#        wolfrunde serve --turn-url "$WOLFRUNDE_TURN_URL" --turn-secret "$WOLFRUNDE_TURN_SECRET"
#        bash scripts/coturn.sh stop "$WOLFRUNDE_TURN_DIR"
# A real server: see docs/voice.md ("Running coturn") for the settings this script picks for a test.
set -euo pipefail
case "${1:-}" in
  start)
    command -v turnserver >/dev/null 2>&1 || { echo "coturn fehlt: bash scripts/system-packages.sh installiert es." >&2; exit 1; }
    dir=$(mktemp -d /tmp/wolfrunde-turn.XXXXXX)
    port=$(python3 -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    secret=$(python3 -c 'import secrets; print(secrets.token_hex(24))')
    # relay ports: coturn's default range 49152-65535. Loopback peers are allowed because the test's browsers all run on this machine; never in production
    setsid turnserver -n --listening-ip=127.0.0.1 --relay-ip=127.0.0.1 --listening-port="$port" \
      --use-auth-secret --static-auth-secret="$secret" \
      --realm=wolfrunde --fingerprint --no-tls --no-dtls --no-cli --no-multicast-peers --allow-loopback-peers \
      --pidfile="$dir/pid" --log-file="$dir/log" --simple-log --no-stdout-log >/dev/null 2>&1 </dev/null &
    echo $! >"$dir/pid"
    for _ in $(seq 1 100); do
      if grep -qs "listener opened on" "$dir"/log*; then break; fi
      kill -0 "$(cat "$dir/pid")" 2>/dev/null || { echo "coturn startete nicht: $(cat "$dir"/log* 2>/dev/null | tail -n 5)" >&2; exit 1; }
      sleep 0.1
    done
    echo "export WOLFRUNDE_TURN_DIR=$dir"
    echo "export WOLFRUNDE_TURN_URL=turn:127.0.0.1:$port?transport=udp"
    echo "export WOLFRUNDE_TURN_SECRET=$secret"
    ;;
  stop)
    dir="$2"
    if [ -f "$dir/pid" ]; then kill "$(cat "$dir/pid")" 2>/dev/null || true; fi
    rm -rf "$dir"
    ;;
  *) echo "usage: coturn.sh start|stop DIR" >&2; exit 2 ;;
esac
