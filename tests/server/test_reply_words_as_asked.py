"""A reply says what is true in the question's own words (fix-words), end to end through the
real stdio server:

- "A colleague at Tidepool adopted a cat" is a colleague's cat, not "Tidepool's": a company
  after "at" owns no pet, and an owner never named is said as the memory says it.
- "¿A qué se dedica Tomasz?" never quotes "job", a word it never said: the work asked in
  other words is said unquoted ("Tomasz's work"); "What is Tomasz's job?" still quotes 'job'.
- "Tomasz, he's a big fan of Catan" tells of Tomasz (the name before the comma is then
  referred to by "he"), so it is not flagged as not mentioning him; "Tomasz, I put the Catan
  box back" still only speaks to him.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

NONE = "No memory found"

COLLEAGUE = (
    "[2026-11-01] user: Big news: I accepted an offer from Tidepool, a climate-data startup, "
    "as a senior engineer.",
    "[2026-11-20] user: A colleague at Tidepool adopted a cat from the rescue we've been "
    "looking at.",
    "[2026-11-21] user: Three weeks to the half: my long runs are up to 18 km.",
)


async def test_a_colleagues_cat_is_never_said_to_be_the_companys(tmp_path: Path) -> None:
    async with server_session(tmp_path / "cat") as s:
        for turn in COLLEAGUE:
            await s.ok("save_memory", {"content": turn})
        for question in ("What is the name of the user's cat?", "¿Cómo se llama mi gato?"):
            reply = await s.ok("search_memory", {"query": question})
            first = reply.split("\n\n")[0]
            assert reply.startswith(NONE), (question, reply)
            assert "Tidepool's" not in first, (question, first)
            assert "(only a colleague's)" in first, (question, first)


CHAT = (
    "[2025-03-05] Nora: Tomasz turns 35 on Saturday. He's into board games, so we got him "
    "Wingspan.",
    "[2025-03-06] Nora: Tomasz, he's a big fan of Catan, wants a rematch on Sunday.",
    "[2025-03-07] Nora: Tomasz, I put the Catan box back on the shelf for the next game.",
    "[2025-03-08] User: Mi hermana Carla, que es enfermera en el Clínico, hoy libra.",
)


async def test_work_asked_in_other_words_never_quotes_a_word_unsaid(tmp_path: Path) -> None:
    async with server_session(tmp_path / "work") as s:
        for turn in CHAT:
            await s.ok("save_memory", {"content": turn})
        for question in ("¿A qué se dedica Tomasz?", "What does Tomasz do for a living?",
                         "¿En qué trabaja Tomasz?"):
            reply = await s.ok("search_memory", {"query": question})
            first = reply.split("\n\n")[0]
            assert reply.startswith(NONE), (question, reply)
            assert "'job'" not in first and "Tomasz's work" in first, (question, first)
        reply = await s.ok("search_memory", {"query": "What is Tomasz's job?"})
        assert reply.startswith(NONE) and "'job' together with 'Tomasz'" in reply, reply


async def test_a_name_then_he_is_the_one_talked_about(tmp_path: Path) -> None:
    async with server_session(tmp_path / "fan") as s:
        for turn in CHAT:
            await s.ok("save_memory", {"content": turn})
        reply = await s.ok("search_memory", {"query": "What board game is Tomasz a fan of?"})
        blocks = reply.split("\n\n")
        fan = next(block for block in blocks if "big fan of Catan" in block)
        assert "does not mention Tomasz" not in fan, reply
        # spoken to, not talked about: the note stays (when the turn is shown)
        shelf = [block for block in blocks if "on the shelf" in block]
        assert shelf and all("Said by Nora, and it does not mention Tomasz" in block
                             for block in shelf), \
            reply
