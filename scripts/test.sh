#!/usr/bin/env bash
# Sets up everything the tests need and runs all of them: lint, unit, scenario, property, server,
# PostgreSQL and browser tests. Extra arguments go to pytest.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/system-packages.sh
bash scripts/setup.sh test
bash scripts/web-tools.sh  # vnu-jar and axe-core for the website tests, into .cache/npm
.venv/bin/ruff check src tests bench
.venv/bin/ruff format --check src tests bench
.venv/bin/mypy
eval "$(bash scripts/postgres.sh start)"
trap 'bash scripts/postgres.sh stop "$WOLFRUNDE_PG_DIR"' EXIT
export WOLFRUNDE_CHROMIUM=/usr/bin/chromium
.venv/bin/python -m pytest -q --durations=25 "$@"  # the slowest tests, to keep the run short
