"""A setting of the speaker's changed by naming it ("I switched my editor to Helix", "cambié
mi editor a Helix"): it joins the timeline "my editor is Neovim" started. An outside probe saw
no fact read, the older value never outdated, and "which editor do I use?" ask a clue. The
new value must name something ("... to dark mode" names no editor)."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import facts_told, history, save

from actors.facts.questions import attribute_question
from ihmt_async.runtime import Runtime

_facts = functools.partial(facts_told, day=dt.date(2026, 8, 10))


@pytest.mark.parametrize(("text", "told"), [
    ("I switched my editor to Helix.", ("user", "tool:editor", "Helix")),
    ("I've just switched my editor from Neovim to Helix.",
     ("user", "tool:editor", "Helix")),
    ("Cambié mi editor a Helix.", ("user", "tool:editor", "Helix")),
    ("He cambiado mi editor por Zed.", ("user", "tool:editor", "Zed")),
    ("We changed our CI provider from Travis to GitHub Actions.",
     ("project", "tool:ci", "GitHub Actions")),
])
def test_a_setting_switched_by_its_name_is_told(text: str, told: tuple[str, str, str]) -> None:
    assert told in [(f[0], f[1], f[2]) for f in _facts(text)]


@pytest.mark.parametrize("question", ["which editor do I use?", "What is my editor?",
                                      "¿Qué editor uso?", "Which IDE am I using now?"])
def test_the_editor_asked_is_the_editor_told(question: str) -> None:
    key = attribute_question(question)
    for text in ("My editor is Neovim.", "Mi editor es Neovim.", "I switched my editor to Helix.",
                 "I've moved from VS Code to Zed.", "My IDE is PyCharm."):
        assert key in [(f[0], f[1]) for f in _facts(text)], text


@pytest.mark.parametrize("text", ["I switched my editor to dark mode.",
                                  "I moved my desk to the window.",
                                  "Cambié mi horario a las mañanas."])
def test_a_switch_to_no_name_or_of_no_setting_tells_none(text: str) -> None:
    assert _facts(text) == []


@pytest.mark.anyio
async def test_the_switch_outdates_the_setting_and_history_finds_it_by_its_name(
        tmp_path: Path) -> None:
    # memory_history(attribute="editor") found nothing: the attribute is 'tool:editor'
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await save(rt, "2026-03-01: My editor is Neovim.")
        await save(rt, "2026-08-10: I switched my editor to Helix.")
        told = await history(rt, attribute="editor")
        assert [(f.value, f.status) for f in told] == [("Neovim", "HISTORICAL"),
                                                       ("Helix", "ACTIVE")]
