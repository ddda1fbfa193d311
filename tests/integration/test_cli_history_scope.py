"""``ihmt-async history`` shows a project's facts: they are recorded under 'subject
@project:x' (``scoped_subject``), and the command asked for the bare subject only, so
"history gravelpit" said no facts were recorded (probe-agent). Real CLI processes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.cli_support import run_cli

BUMP = "[2026-05-27] Upgraded gravelpit from Go 1.22 to Go 1.23 to use range-over-func."


def facts_of(store: Path, *args: str) -> list[dict[str, object]]:
    done = run_cli("history", *args, "--json", store=store)
    assert done.returncode == 0, done.stderr
    found: list[dict[str, object]] = json.loads(done.stdout)
    return found


def test_history_shows_a_projects_own_facts(tmp_path: Path) -> None:
    store = tmp_path / "store"
    saved = run_cli("save", "--scope", "project:gravelpit", BUMP, store=store)
    assert saved.returncode == 0, saved.stderr
    by_name = facts_of(store, "gravelpit")
    assert [(f["attribute"], f["value"]) for f in by_name] == [("version:go", "Go 1.23")]
    assert facts_of(store, "--scope", "project:gravelpit") == by_name
    assert facts_of(store, "gravelpit", "version:go") == by_name
    assert facts_of(store) == []  # the user's own: none
    shown = run_cli("history", "gravelpit", store=store)
    assert "Go 1.23" in shown.stdout and shown.returncode == 0
