"""A Spanish question opening with its verb (fix-absent, issue 18), end to end through the real
stdio server: "¿Fuma todavía el usuario?" was "No memory found" over "Quit cigarettes for good
last month": the sentence model reads "¿Fuma", mark and word glued, as a piece of its own, so
no memory was close enough in meaning to count, and no word of the question is in an English
memory. A question close to nothing is read again with its opening mark set apart; one whose
answer was never stored ("¿Toca el piano el usuario?") stays "No memory found"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("[2024-11-02] user: Started smoking again after the exams, about ten a day.",
         "[2025-03-09] user: Quit cigarettes for good last month, I'm using nicotine patches.",
         "[2025-02-03] user: I run 10 km every morning before work.",
         "[2025-05-01] user: Our neighbour Tomás repaired the fence.",
         "[2025-05-20] user: Booked a week in Lisbon with Ana for September.")


async def test_a_question_opening_with_its_verb_finds_the_english_turns(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        reply = await s.ok("search_memory", {"query": "¿Fuma todavía el usuario?"})
        assert not reply.startswith("No memory found"), reply
        assert "Quit cigarettes" in reply or "smoking again" in reply, reply
        never = await s.ok("search_memory", {"query": "¿Toca el piano el usuario?"})
        assert never.startswith("No memory found"), never
