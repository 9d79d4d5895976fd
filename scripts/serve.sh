#!/usr/bin/env bash
# Sets up Wolfrunde and starts the main job.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
bash scripts/setup.sh
exec .venv/bin/wolfrunde serve "$@"
