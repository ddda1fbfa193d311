"""A chat partner's follow-up is seldom a bare question: "Porto is gorgeous in spring. Where
did you two stay?" reacts first, then asks. Its reply holds few of a later question's words
("In a tiny guesthouse in Ribeira, right above a bakery") and is found through the turn that
brought the trip up, as the reply to a bare "where did you stay?" is (rank-bf, end to end
through the real stdio server).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import first_memory, server_session

pytestmark = pytest.mark.anyio

TRIP = (
    "[2026-05-10] user: Spent three days in Porto with my brother Hugo, the views from the "
    "bridge were unreal.",
    "[2026-05-10] assistant: Porto is gorgeous in spring. Where did you two stay?",
    "[2026-05-10] user: In a tiny guesthouse in Ribeira, right above a bakery.",
    "[2026-05-10] assistant: Waking up to fresh bread sounds perfect.",
    "[2026-05-10] user: Next year we want to take our parents along.",
)
ANSWER = "tiny guesthouse in Ribeira"


async def test_the_reply_to_a_follow_up_question_answers_it(tmp_path: Path) -> None:
    async with server_session(tmp_path / "trip") as s:
        for turn in TRIP:
            await s.ok("save_memory", {"content": turn})
        for question in ("Where did the user and Hugo stay in Porto?",
                         "¿Dónde durmieron la usuaria y Hugo en Porto?"):
            reply = await s.ok("search_memory", {"query": question, "limit": 5})
            assert ANSWER in first_memory(reply), (question, reply)
        # no place asked: the turn holding the question's words leads, as before
        reply = await s.ok("search_memory", {"query": "Who went to Porto with the user?",
                                             "limit": 5})
        assert "my brother Hugo" in first_memory(reply), reply
