#!/usr/bin/env bash
# Quick start, part 2: ruff, mypy --strict and the whole test suite (real processes, real
# stdio MCP sessions).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/bootstrap.sh"
cd "$ROOT"
# Lints first: ruff over everything, mypy --strict over the product packages (pyproject.toml).
"$ROOT/.venv/bin/ruff" check --quiet .
"$ROOT/.venv/bin/mypy" --no-error-summary
exec "$ROOT/.venv/bin/python" -m pytest "$@"
