"""A race named by its distance is a word, not the number it starts with (issue 18), end to end
through the real stdio server: "What was the user's time in the 5K?" over "Finished the 10K in
57:42" held every word but the number, and served the 10K's time. A race told in another
writing ("a 5 km race", "los 5 kilómetros") is still found; a thousand ("my 50k salary") is no
race (``race_names``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.race_names import names_race, races_asked
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-06-14] User: I signed up for my first 10K race along the river on June 29.",
    "[2025-06-30] User: Finished the 10K yesterday, my time was 57:42! My legs are destroyed.",
    "[2025-09-02] User: Hice la carrera de 21 kilómetros en Bilbao, mi tiempo fue 2:05.",
)
NONE = "No memory found"


async def test_a_race_never_told_is_no_memory_and_a_told_one_answers(tmp_path: Path) -> None:
    async with server_session(tmp_path / "race") as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        for question in ("What was the user's time in the 5K?", "What was my 5K time?",
                         "¿Cuál fue mi tiempo en la 5K?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(NONE) and "'5K'" in reply, (question, reply)
        for question in ("What was the user's time in the 10K?", "What was my 10K time?",
                         "¿Cuál fue mi tiempo en la 10K?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith(NONE) and "57:42" in reply, (question, reply)
        reply = await s.ok("search_memory", {"query": "What was my time in the 21K?"})
        assert not reply.startswith(NONE) and "2:05" in reply, reply


def test_what_is_a_race_name_and_its_writings() -> None:
    assert races_asked("What was the user's time in the Madrid 10K?") == ("10K",)
    assert races_asked("¿Cuándo es la 21K del domingo?") == ("21K",)
    for question in ("How much is my 50k salary?", "How many of my 5K followers liked it?",
                     "Is 5k enough?"):
        assert races_asked(question) == (), question
    for text in ("ran a 5 km race", "5K!", "los 5 kilómetros", "a 5k this morning"):
        assert names_race(text, "5K"), text
    for text in ("15K done", "5,5 km", "the 10K", "5 kids"):
        assert not names_race(text, "5K"), text
