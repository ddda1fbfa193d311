#!/usr/bin/env bash
# Quick start, part 1: save and search a few memories through the real actors, in a fresh
# throwaway store (your real memory at $IHMT_HOME is never touched). Pass --demo-home DIR to
# keep the store.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
exec "$ROOT/.venv/bin/ihmt-async" demo "$@"
