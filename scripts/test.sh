#!/usr/bin/env bash
# Sets up everything the tests need and runs all of them: lint, unit, scenario and property tests.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh test
.venv/bin/ruff check src tests bench
.venv/bin/python -m pytest "$@"
