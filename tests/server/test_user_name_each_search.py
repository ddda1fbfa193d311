"""The user's own name is read once per search (perf-ask, issues 13 and 18), end to end through
the real stdio server: ``Readings.user_names`` keeps the fact (user, name) for the read model's
turn instead of asking the facts table at each of the eight or so rules of a search that read
it. A name saved, retracted or replaced between two searches must be read by the second: a
question naming the user by that name is asked of "the user" (``the_user``), and one naming
them by a name they no longer have is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("My mother's birthday is on the 3rd of March, she turns 70.",
         "Started a pottery class on Thursday evenings.",
         "Daniel from the climbing gym lent me his rope.")
DANIEL = "I'm Daniel, I work at Nubalia as a designer."
MARCOS = "Sorry, I got that wrong: I'm Marcos, I work at Nubalia as a designer."
ASKED = "When is {}'s mother's birthday?"
ANSWER = "My mother's birthday is on the 3rd of March"


def _memory_id(reply: str) -> str:
    return next(line.split(":", 1)[1].strip() for line in reply.splitlines()
                if line.startswith("Memory id"))


def _answered(reply: str) -> bool:
    return not reply.startswith("No memory found") and ANSWER in reply.split("\n\n")[0]


async def test_a_name_saved_retracted_or_replaced_is_read_by_the_next_search(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "home") as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        before = await s.ok("search_memory", {"query": ASKED.format("Daniel")})
        assert before.startswith("No memory found"), before

        saved = await s.ok("save_memory", {"content": DANIEL})
        assert "user name = 'Daniel'" in saved, saved
        named = await s.ok("search_memory", {"query": ASKED.format("Daniel")})
        assert _answered(named), named

        await s.ok("forget_memory", {"memory_id": _memory_id(saved), "reason": "a test"})
        retracted = await s.ok("search_memory", {"query": ASKED.format("Daniel")})
        assert retracted.startswith("No memory found"), retracted

        again = await s.ok("save_memory", {"content": DANIEL})
        assert _answered(await s.ok("search_memory", {"query": ASKED.format("Daniel")}))
        await s.ok("save_memory", {"content": MARCOS, "supersedes": _memory_id(again)})
        renamed = await s.ok("search_memory", {"query": ASKED.format("Marcos")})
        assert _answered(renamed), renamed
        old_name = await s.ok("search_memory", {"query": ASKED.format("Daniel")})
        assert not _answered(old_name), old_name
