#!/usr/bin/env bash
# Create .venv (Python 3.11+) and install the project with its test extra, once per change of
# pyproject.toml. Sourced by scripts/demo.sh and scripts/test.sh; prints nothing on stdout.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$ROOT/.venv"

pick_python() {
  for candidate in "${PYTHON:-}" python3 python3.13 python3.12 python3.11 python; do
    [ -n "$candidate" ] || continue
    if command -v "$candidate" >/dev/null 2>&1 &&
       "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else 1)' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  echo "ihmt-async needs Python 3.11 or newer on PATH (or PYTHON=/path/to/python)." >&2
  return 1
}

if [ ! -x "$VENV/bin/python" ]; then
  "$(pick_python)" -m venv "$VENV" >&2
fi
STAMP="$VENV/.ihmt-installed"
WANT="$(sha256sum "$ROOT/pyproject.toml" | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  "$VENV/bin/python" -m pip install --quiet --upgrade pip >&2
  "$VENV/bin/python" -m pip install --quiet -e "$ROOT[test]" >&2
  echo "$WANT" > "$STAMP"
fi
