#!/usr/bin/env bash
# Creates .venv at the project root and installs Wolfrunde with what it needs.
# Idempotent: reinstalls only when pyproject.toml or constraints.txt changed. The versions are those of
# constraints.txt.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
extras="${1:-}"
python="${PYTHON:-python3}"
if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  echo "Wolfrunde braucht Python 3.11 oder neuer ($python ist älter oder fehlt)." >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  "$python" -m venv .venv 2>/dev/null || {
    echo "python3-venv fehlt, installiere es …" >&2
    apt-get update -qq && apt-get install -y -qq python3-venv >/dev/null
    "$python" -m venv .venv
  }
fi
stamp=".venv/.wolfrunde-installed${extras:+-$extras}"
hash="$(cat pyproject.toml constraints.txt | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$hash" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -c constraints.txt -e ".${extras:+[$extras]}"
  echo "$hash" > "$stamp"
fi
