#!/usr/bin/env bash
# Refreshes the website's screenshots in docs/screenshots/ (site-*-phone.png, site-*-desktop.png):
# runs the website's browser test with WOLFRUNDE_SITE_SCREENSHOTS pointing there.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/web-tools.sh
export WOLFRUNDE_CHROMIUM="${WOLFRUNDE_CHROMIUM:-/usr/bin/chromium}"
export WOLFRUNDE_SITE_SCREENSHOTS="$root/docs/screenshots"
PYTHONPATH="$root/src${PYTHONPATH:+:$PYTHONPATH}" .venv/bin/python -m pytest -q -p no:cacheprovider \
  "tests/server/site/test_browser.py::test_every_page_fits_and_is_photographed_at_phone_and_desktop_width" "$@"
ls "$WOLFRUNDE_SITE_SCREENSHOTS"/site-*.png
