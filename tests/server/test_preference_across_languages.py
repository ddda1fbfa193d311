"""A preference between two things told in one language answers the question asked in the
other, and a change told in the other language supersedes it (issue 18), end to end through the
real stdio server. "Prefiero el té al café" was keyed 'preference:cafe vs te' and "I prefer tea
to coffee" 'preference:coffee vs tea': "Do I prefer tea or coffee?" did not lead with the
Spanish fact, and "Ahora prefiero el café al té" after the English one made a second timeline,
so the English question still led with 'tea'. The sides said in Spanish are now keyed in
English when the bilingual lexicon knows them (``keys.preference_pair``); the value stays as
said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TEA_ES = "[2025-03-09] User: Prefiero el té al café."
TEA_EN = "[2025-03-09] User: I prefer tea to coffee."
ASKED = ("Do I prefer tea or coffee?", "¿Prefiero té o café?")


@pytest.mark.parametrize(("told", "value"), [(TEA_ES, "el té"), (TEA_EN, "tea")])
async def test_a_preference_answers_the_question_in_either_language(
        tmp_path: Path, told: str, value: str) -> None:
    async with server_session(tmp_path / "prefer") as s:
        saved = await s.ok("save_memory", {"content": told})
        assert f"user preference:coffee vs tea = '{value}'" in saved, saved
        for question in ASKED:
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(
                f"Current value: user preference:coffee vs tea = '{value}' (since 2025-03-09)"), \
                (question, reply)


@pytest.mark.parametrize(("first", "then", "old", "new"), [
    (TEA_EN, "[2025-06-01] User: Ahora prefiero el café al té.", "tea", "el café"),
    (TEA_ES, "[2025-06-01] User: Now I prefer coffee to tea.", "el té", "coffee"),
])
async def test_a_change_told_in_the_other_language_supersedes(
        tmp_path: Path, first: str, then: str, old: str, new: str) -> None:
    async with server_session(tmp_path / "change") as s:
        await s.ok("save_memory", {"content": first})
        saved = await s.ok("save_memory", {"content": then})
        assert f"you said user preference:coffee vs tea = '{old}', but on 2025-06-01 you " \
               f"updated to '{new}'" in saved, saved
        for question in ASKED:
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(
                f"Current value: user preference:coffee vs tea = '{new}' (since 2025-06-01). "
                f"Earlier: '{old}' (from 2025-03-09)."), (question, reply)
