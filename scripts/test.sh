#!/usr/bin/env bash
# Quick start, part 2: ruff, mypy --strict and the whole test suite (real processes, real
# stdio MCP sessions).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
# The GUI tests drive a real headless Chromium: Debian's package, installed once when missing.
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  { $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium; } >&2 ||
    echo "could not install chromium; the browser tests will fail" >&2
fi
cd "$ROOT"
# Lints first: ruff over everything, mypy --strict over the product packages (pyproject.toml).
"$ROOT/.venv/bin/ruff" check --quiet .
"$ROOT/.venv/bin/mypy" --no-error-summary
# Two workers (pytest-xdist), each taking whole files: 17 min instead of 28 on this 2-core
# machine; a file's tests keep their order and their module fixtures. `-n 0` runs one process.
exec "$ROOT/.venv/bin/python" -m pytest -n 2 --dist loadfile "$@"
