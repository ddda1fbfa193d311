"""A chat names a setting once ("off to the Dolomites") and tells what was done there a few
turns on, without naming it again ("Mostly ski touring with my cousin Ilaria"). A question
naming both ("What will the user do with Ilaria in the Dolomites?") is answered by the later
turn: it holds the question's other words, and its conversation holds the rare name
(``NavigationActor._told_in_setting``; rank-bf, end to end through the real stdio server).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import first_memory, server_session

pytestmark = pytest.mark.anyio

EARLIER = (
    "[2025-12-20] user: My cousin Ilaria is coming for Christmas, she's bringing panettone.",
    "[2026-01-05] user: Ilaria got a new job in Milan, at a design studio.",
)
TRIP = (
    "[2026-02-14] user: Next week I'm off to the Dolomites for five days, in a mountain hut "
    "near Cortina.",
    "[2026-02-14] assistant: Lovely! Will you ski or hike?",
    "[2026-02-14] user: Mostly ski touring with Ilaria, she knows every slope there.",
    "[2026-02-14] assistant: Have a wonderful time, and check the avalanche bulletin.",
)
ANSWER = "ski touring with Ilaria"


async def test_a_turn_told_in_a_named_setting_answers_a_question_naming_both(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "trip") as s:
        for turn in (*EARLIER, *TRIP):
            await s.ok("save_memory", {"content": turn})
        for question in ("What will the user do with Ilaria in the Dolomites?",
                         "¿Qué hará la usuaria con Ilaria en los Dolomitas?"):
            reply = await s.ok("search_memory", {"query": question, "limit": 5})
            assert ANSWER in first_memory(reply), (question, reply)
        # the setting asked alone: its own turn leads, as before
        reply = await s.ok("search_memory", {"query": "Where will the user stay in the "
                                                      "Dolomites?", "limit": 5})
        assert "mountain hut near Cortina" in first_memory(reply), reply
