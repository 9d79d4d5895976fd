#!/usr/bin/env bash
# Installs the Debian packages the full test suite needs (browser, database, balancer and Redis, Java and npm for the
# website checks, the narrator's system voices), when they are missing. The mbrola voices and pico live in Debian's contrib and non-free
# sections: they are enabled once, in their own file, with the same mirror as the main archive.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v haproxy >/dev/null 2>&1 || need+=(haproxy)  # the balancer of `wolfrunde cluster` (tests/cluster)
command -v redis-server >/dev/null 2>&1 || need+=(redis-server)  # limits shared by the processes
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)  # the HTML checker vnu.jar
command -v npm >/dev/null 2>&1 || need+=(npm)  # installs vnu-jar and axe-core (scripts/web-tools.sh)
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || need+=(fonts-dejavu-core)
command -v turnserver >/dev/null 2>&1 || need+=(coturn)  # TURN for the voice chat (scripts/coturn.sh, its browser test)
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)  # instruction counts of bench/instructions.py (tests/bench)
voices=()
command -v espeak-ng >/dev/null 2>&1 || voices+=(espeak-ng)  # drives mbrola
command -v mbrola >/dev/null 2>&1 || voices+=(mbrola)
for n in 1 2 3 4 5 6 7; do [ -e "/usr/share/mbrola/de$n" ] || voices+=("mbrola-de$n"); done
command -v pico2wave >/dev/null 2>&1 || voices+=(libttspico-utils)

if [ ${#need[@]} -eq 0 ] && [ ${#voices[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" != 0 ]; then
  echo "Fehlende Pakete: ${need[*]} ${voices[*]} (bitte mit apt-get installieren; docs/operators.md, Abschnitt Narrator voices)" >&2
  exit 1
fi

sections_file=/etc/apt/sources.list.d/wolfrunde-contrib-non-free.sources

# The main archive's mirror and suites, from the machine's own sources (deb822 or one-line format).
main_archive() {
  local codename
  codename="$(. /etc/os-release && echo "${VERSION_CODENAME:-}")"
  [ -n "$codename" ] || return 1
  if compgen -G "/etc/apt/sources.list.d/*.sources" >/dev/null; then
    awk -v suite="$codename" '
      BEGIN { RS = ""; FS = "\n" }
      {
        uris = ""; suites = ""; keyring = ""
        for (i = 1; i <= NF; i++) {
          if ($i ~ /^URIs:/) { uris = substr($i, 6) }
          if ($i ~ /^Suites:/) { suites = substr($i, 8) }
          if ($i ~ /^Signed-By:/) { keyring = substr($i, 11) }
        }
        if ((" " suites " ") ~ (" " suite " ") && $0 ~ /Components:.*main/ && uris !~ /security/) {
          gsub(/^ +| +$/, "", uris); gsub(/^ +| +$/, "", suites); gsub(/^ +| +$/, "", keyring)
          print uris "|" suites "|" keyring; exit
        }
      }' /etc/apt/sources.list.d/*.sources
  fi
  if [ -f /etc/apt/sources.list ]; then
    awk -v suite="$codename" '$1 == "deb" && $3 == suite && $0 ~ / main/ { print $2 "|" suite "|"; exit }' /etc/apt/sources.list
  fi
}

sections_enabled() {
  apt-cache policy 2>/dev/null | grep -q "/non-free " && apt-cache policy 2>/dev/null | grep -q "/contrib "
}

if [ ${#need[@]} -gt 0 ]; then
  echo "Installiere ${need[*]} …" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if [ ${#voices[@]} -gt 0 ]; then
  added=""
  apt-get update -qq || true
  if ! sections_enabled && [ ! -f "$sections_file" ]; then
    archive="$(main_archive | head -n 1)"
    if [ -z "$archive" ]; then
      echo "Die Debian-Bereiche contrib/non-free lassen sich nicht einrichten: keine Paketquelle für das" \
        "Hauptarchiv gefunden. mbrola und pico bitte von Hand installieren (docs/operators.md)." >&2
      exit 1
    fi
    IFS='|' read -r uris suites keyring <<<"$archive"
    {
      echo "Types: deb"
      echo "URIs: $uris"
      echo "Suites: $suites"
      echo "Components: contrib non-free"
      [ -z "$keyring" ] || echo "Signed-By: $keyring"
    } >"$sections_file"
    added=yes
    echo "Debian-Bereiche contrib und non-free eingerichtet ($sections_file)." >&2
  fi
  if ! apt-get update -qq || ! apt-cache show mbrola-de5 >/dev/null 2>&1; then
    if [ -n "$added" ]; then rm -f "$sections_file"; apt-get update -qq || true; fi
    echo "Die Debian-Bereiche contrib/non-free sind nicht erreichbar: ${voices[*]} lassen sich nicht" \
      "installieren. Ohne sie fehlen mbrola und pico, und ihre Tests schlagen in CI fehl." >&2
    exit 1
  fi
  echo "Installiere die Erzählerstimmen ${voices[*]} …" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${voices[@]}" >/dev/null
fi
