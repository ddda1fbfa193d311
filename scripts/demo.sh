#!/usr/bin/env bash
# Quick start, part 1: save and search a few memories through the real actors, in a fresh
# throwaway store (your real memory at $IHMT_HOME is never touched), deleted when the demo
# ends, also on Ctrl-C or an error. Pass --demo-home DIR to keep the store there instead.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
for arg in "$@"; do
  case "$arg" in
    --demo-home|--demo-home=*) exec "$ROOT/.venv/bin/ihmt-async" demo "$@" ;;
  esac
done
STORE="$(mktemp -d "${TMPDIR:-/tmp}/ihmt-demo-XXXXXX")"
trap 'rm -rf -- "$STORE"' EXIT
"$ROOT/.venv/bin/ihmt-async" demo --demo-home "$STORE" "$@"
