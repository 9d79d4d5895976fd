#!/usr/bin/env bash
# Installs the website's test tools from npm into .cache/npm (git-ignored), when they are missing:
# the W3C Nu HTML checker (vnu-jar, runs on Java) and axe-core (the accessibility audit).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cache="$root/.cache/npm"
VNU="vnu-jar@26.9.27"
AXE="axe-core@4.14.1"
if [ -f "$cache/node_modules/vnu-jar/build/dist/vnu.jar" ] && [ -f "$cache/node_modules/axe-core/axe.min.js" ]; then
  exit 0
fi
if ! command -v npm >/dev/null 2>&1; then
  echo "npm fehlt: bash scripts/system-packages.sh installiert es." >&2
  exit 1
fi
mkdir -p "$cache"
echo "Installiere $VNU und $AXE nach .cache/npm …" >&2
npm install --prefix "$cache" --no-audit --no-fund --no-save --loglevel=error "$VNU" "$AXE" >&2
