"""``memory_history`` of another project's facts: a session in one repository asked for
another's ("otterpop" from kelpyard) and was told no facts were recorded, and the tool had no
way to name a project (probe-agent2). Real server over stdio."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

BUMP = "[2026-09-14] Bumped Kotlin from 1.9.24 to 2.0.20 in otterpop for the new compiler."


@pytest.mark.anyio
async def test_a_session_sees_another_projects_facts_by_its_name_or_its_scope(
        tmp_path: Path) -> None:
    async with server_session(tmp_path, IHMT_PROJECT="kelpyard") as s:
        await s.ok("save_memory", {"content": BUMP, "scope": "project:otterpop"})
        await s.ok("save_memory", {"content": "2026-01-05: I moved to Bergen."})
        by_name = await s.ok("memory_history", {"subject": "otterpop"})
        assert "2.0.20" in by_name and "@project:otterpop" in by_name
        by_scope = await s.ok("memory_history", {"scope": "project:otterpop"})
        assert "2.0.20" in by_scope and "Bergen" not in by_scope
        own = await s.ok("memory_history", {})
        assert "Bergen" in own and "2.0.20" not in own
        assert "2.0.20" not in await s.ok("memory_history", {"scope": "user"})
        refused, is_error = await s.call("memory_history", {"scope": "bogus:x"})
        assert is_error and "'bogus:x'" in refused
