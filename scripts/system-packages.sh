#!/usr/bin/env bash
# Installs the Debian packages the full test suite needs (browser, database, Java and npm for the
# website checks), when they are missing.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)  # the HTML checker vnu.jar
command -v npm >/dev/null 2>&1 || need+=(npm)  # installs vnu-jar and axe-core (scripts/web-tools.sh)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" != 0 ]; then
    echo "Fehlende Pakete: ${need[*]} (bitte mit apt-get installieren)" >&2
    exit 1
  fi
  echo "Installiere ${need[*]} …" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
