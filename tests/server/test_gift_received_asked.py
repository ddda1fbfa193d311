"""A gift the user got from someone, asked (fix-never, issue 18), end to end through the real
stdio server: "What did my dad give me for Christmas?" was answered with the user asking what
to get her dad, and "¿Qué me regaló mi padre por Navidad?" with a book her sister gave her.
A memory must tell a gift received and hold the giver (any word for them, either language);
told so in other words ("Dad got me a pair of binoculars"), both questions stay answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("[2025-12-10] user: What should I get my dad for Christmas? He's into birdwatching.",
         "[2026-01-08] user: Estoy leyendo un libro de poemas, me lo regaló mi hermana.",
         "[2025-12-20] user: Going to Bilbao for Christmas, to my parents' house.")
DADS = "[2025-12-26] user: Dad got me a pair of binoculars, we used them on Boxing Day."
QUESTIONS = ("What did my dad give me for Christmas?", "¿Qué me regaló mi padre por Navidad?")


async def _replies(home: Path, turns: tuple[str, ...]) -> list[str]:
    async with server_session(home) as s:
        for turn in turns:
            await s.ok("save_memory", {"content": turn})
        return [await s.ok("search_memory", {"query": q}) for q in QUESTIONS]


async def test_a_gift_no_memory_tells_the_giver_gave_is_no_memory_found(
        tmp_path: Path) -> None:
    for reply in await _replies(tmp_path / "never", TURNS):
        assert reply.startswith("No memory found"), reply
        assert "gift from" in reply, reply


async def test_a_gift_told_in_other_words_is_answered(tmp_path: Path) -> None:
    for reply in await _replies(tmp_path / "told", (*TURNS, DADS)):
        assert not reply.startswith("No memory found"), reply
        assert "binoculars" in reply.split("\n\n")[0], reply
