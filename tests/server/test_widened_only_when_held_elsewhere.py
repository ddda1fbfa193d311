"""A search that finds nothing is widened to every scope only when some memory is of a scope
the caller may not see (perf-ask, issues 13 and 18), end to end through the real stdio server.
``NavigationActor._held_elsewhere`` reads the store's scopes (``MemoryDays.scopes``, kept by
each refresh): a store whose memories are all global or of the project asked in is not searched
a second time. Another project's memory saved between two searches must be named by the
second ("Memories of another scope ... match it"), and no longer once it is forgotten; a
memory of the project asked in is no other scope."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

GLOBAL = ("Started a pottery class on Thursday evenings.",
          "My sister Ana moved to Porto in June.")
ASKED = "When is the kiln firing?"
KILN = "The kiln firing for the glaze batch is on Saturday morning at the studio."
NAMED = 'Memories of another scope ("project:alpha") match it'


def _memory_id(reply: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in reply.splitlines()
                if line.startswith("Memory id"))


async def test_another_projects_memory_saved_or_forgotten_is_seen_by_the_next_search(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "home") as s:
        for turn in GLOBAL:
            await s.ok("save_memory", {"content": turn})
        alone = await s.ok("search_memory", {"query": ASKED, "scope": "project:beta"})
        assert alone.startswith("No memory found") and "another scope" not in alone, alone

        # of the project asked in: found there, and no other scope to name
        own = await s.ok("save_memory", {"content": KILN, "scope": "project:beta"})
        here = await s.ok("search_memory", {"query": ASKED, "scope": "project:beta"})
        assert "Saturday morning" in here.split("\n\n")[0], here
        await s.ok("forget_memory", {"memory_id": _memory_id(own), "reason": "a test",
                                     "scope": "project:beta"})
        gone = await s.ok("search_memory", {"query": ASKED, "scope": "project:beta"})
        assert gone.startswith("No memory found") and "another scope" not in gone, gone

        other = await s.ok("save_memory", {"content": KILN, "scope": "project:alpha"})
        named = await s.ok("search_memory", {"query": ASKED, "scope": "project:beta"})
        assert named.startswith("No memory found") and NAMED in named, named
        everywhere = await s.ok("search_memory", {"query": ASKED, "scope": "*"})
        assert "Saturday morning" in everywhere.split("\n\n")[0], everywhere

        await s.ok("forget_memory", {"memory_id": _memory_id(other), "reason": "a test",
                                     "scope": "project:alpha"})
        forgotten = await s.ok("search_memory", {"query": ASKED, "scope": "project:beta"})
        assert forgotten.startswith("No memory found"), forgotten
        assert "another scope" not in forgotten, forgotten
