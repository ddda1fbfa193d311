""""Which MariaDB version are we on?" when the notes told it of one part of the stack ("Upgraded
the orders database ... to MariaDB 11.4"), end to end through the real stdio server (issue 18,
the engineering set): "we" are the team, so the one thing holding that version answers, as the
project's own value would; the question was asked of 'project' alone and served the upgrade at
low confidence, AMBIGUOUS in Spanish. Once two parts hold the version, neither is "ours"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

NOTES = (
    "[2026-02-11] MariaDB backups run nightly at 03:00 and are kept for 7 days.",
    "[2026-04-03] Upgraded the orders database from MariaDB 10.11 to MariaDB 11.4; no "
    "downtime.",
    "[2026-05-12] The orders service listens on port 8081 in staging.",
)


async def test_the_one_part_holding_a_version_answers_for_the_team(tmp_path: Path) -> None:
    async with server_session(tmp_path / "ours") as s:
        for note in NOTES:
            await s.ok("save_memory", {"content": note})
        for question in ("Which MariaDB version are we on?", "¿Qué versión de MariaDB usamos?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(
                "Current value: orders version:mariadb = 'MariaDB 11.4'"), (question, reply)
        saved = await s.ok("save_memory", {
            "content": "[2026-05-20] Upgraded the analytics replica from MariaDB 10.5 to "
                       "MariaDB 10.6."})
        assert "version:mariadb = 'MariaDB 10.6'" in saved, saved
        reply = await s.ok("search_memory", {"query": "Which MariaDB version are we on?"})
        assert not reply.startswith("Current value:"), reply
