"""The brief's "Most recent" lists a project's memories by the day they tell, newest first:
an agent saves notes of past days in any order, and the list came in saving order under its
own dates (12-05, 12-03, 12-05, 11-29: probe-agent2). Real CLI processes."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.integration.cli_support import run_cli

NOTES = ("[2026-12-05] The portal's login page now uses the shared button component.",
         "[2026-11-29] Renamed the ledgerkit package's export map entries.",
         "[2026-12-03] Moved the portal's e2e tests to Playwright sharding.",
         "[2026-12-06] The ledgerkit release job publishes with provenance.",
         "[2026-10-02] Chose pnpm workspaces over npm for the monorepo.")


def test_the_brief_lists_a_projects_memories_by_the_day_they_tell(tmp_path: Path) -> None:
    project = tmp_path / "kelpyard"
    (project / ".git").mkdir(parents=True)
    for note in NOTES:
        done = run_cli("save", note, "--scope", "project:kelpyard", store=tmp_path / "store")
        assert done.returncode == 0, done.stderr
    hook = json.dumps({"session_id": "s1", "cwd": str(project),
                       "hook_event_name": "SessionStart", "source": "startup"})
    done = run_cli("brief", store=tmp_path / "store", stdin=hook)
    assert done.returncode == 0, done.stderr
    recent = done.stdout.split("Most recent in this project")[1]
    days = re.findall(r"^- (\d{4}-\d{2}-\d{2}):", recent, re.MULTILINE)
    assert days == ["2026-12-06", "2026-12-05", "2026-12-03", "2026-11-29", "2026-10-02"]
