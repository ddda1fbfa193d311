#!/usr/bin/env bash
# Quick start, part 2: the whole test suite (real processes, real stdio MCP sessions).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
cd "$ROOT"
exec "$ROOT/.venv/bin/python" -m pytest "$@"
