#!/usr/bin/env bash
# Refreshes the online round's screenshots in docs/screenshots/ (online-*.png at 360 px, online-*-desktop.png
# at 1280 px): runs the online browser tests with WOLFRUNDE_SCREENSHOTS pointing there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/web-tools.sh
export WOLFRUNDE_CHROMIUM="${WOLFRUNDE_CHROMIUM:-/usr/bin/chromium}"
export WOLFRUNDE_SCREENSHOTS="$root/docs/screenshots"
PYTHONPATH="$root/src${PYTHONPATH:+:$PYTHONPATH}" .venv/bin/python -m pytest -q -p no:cacheprovider \
  tests/e2e/test_online_game.py tests/e2e/test_online_screen.py tests/e2e/test_meldeliste.py "$@"
ls "$WOLFRUNDE_SCREENSHOTS"/online-*.png
