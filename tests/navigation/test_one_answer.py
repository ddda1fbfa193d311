"""Memories that give the same answer (the same names and numbers beyond the question's words)
are one answer, never rivals the caller is asked to choose between: with every user memory
shared by all projects, "My editor is Neovim" said in two projects met itself. The test fails
when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.messages import SearchResult
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

TEXTS = ("My editor is Neovim.", "I use Neovim as my editor (test user).",
         "I prefer Neovim as my editor.", "I prefer GitHub CLI for pull requests.",
         "My terminal is WezTerm.", "The bakery opened late on Monday.",
         "The bus changed its schedule last week.", "Our neighbour fixed the heating.")


async def asked(home: Path, question: str) -> SearchResult:
    async with Runtime(home) as rt:
        for text in TEXTS:
            await save(rt, text)
        await embedded(rt)
        return await search(rt, question)


async def test_memories_telling_the_same_answer_are_no_rivals(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # words no fact key is asked by: "Which editor does the user use?" is answered by the
    # editor's current value, found whatever this rule says
    found = await asked(tmp_path / "on", "editor the user uses")
    assert found.status == "FOUND"
    assert "Neovim" in found.hits[0].title
    monkeypatch.setattr(navigation.NavigationActor, "_told", lambda *a: frozenset())
    again = await asked(tmp_path / "off", "editor the user uses")
    assert again.status == "AMBIGUOUS"


async def test_the_editor_asked_is_answered_by_its_current_value(tmp_path: Path) -> None:
    found = await asked(tmp_path, "Which editor does the user use?")
    assert found.status == "FOUND" and found.answer is not None
    assert found.answer.value == "Neovim"
