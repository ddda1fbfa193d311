"""A switch between two known tools of one kind told without what it is for (fix-facts8, the
outside bbtest30 run): the user's editor or programming language (``actors.facts.tools``), and
the questions that ask for them. One test per rule, each with what it must leave alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from facts_runtime import open_runtime, save

from actors.facts.patterns import extract_facts
from actors.facts.questions import attribute_question
from actors.navigation.messages import Search


def _told(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value)
            for f in extract_facts(f"2024/04/27 (Sat) 15:30\nuser: {text}",
                                   entry_date=dt.date(2024, 4, 27))]


@pytest.mark.parametrize(("text", "facts"), [
    ("I've moved from Sublime Text to Helix, I prefer keyboard-driven tools.",
     [("user", "tool:editor", "Helix")]),
    ("The team is all Go, so I've pretty much switched from Python to Go, sadly.",
     [("user", "tool:language", "Go")]),
    ("pasamos de Java a Kotlin el año pasado", [("user", "tool:language", "Kotlin")]),
    # left alone: someone else, names of two kinds, a topic said (the tool rule's own)
    ("my sister switched from Vim to Emacs", []),
    ("I moved from Leeds to Python", []),
    ("We migrated from Jenkins to GitHub Actions for CI",
     [("project", "tool:ci", "GitHub Actions")]),
])
def test_a_switch_between_two_tools_of_one_kind(text: str,
                                                 facts: list[tuple[str, str, str]]) -> None:
    assert [f for f in _told(text) if f[1].startswith("tool:") or f[1] == "location"] == facts


@pytest.mark.parametrize(("question", "key"), [
    ("Which code editor am I using now?", ("user", "tool:editor")),
    ("¿Qué editor uso?", ("user", "tool:editor")),
    ("What language do I do my analysis in these days?", ("user", "tool:language")),
    ("What programming language do I use at work?", ("user", "tool:language")),
    # left alone: a spoken language, advice given
    ("What language do I speak with my in-laws?", None),
    ("Which editor did you recommend?", None),
])
def test_the_editor_and_language_questions(question: str, key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key


@pytest.mark.anyio
async def test_the_editor_switched_to_answers(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "2023/03/04 (Sat) 10:00\nuser: I'm in Sublime Text all day, any "
                       "plugin for Markdown tables?")
        switched = await save(rt, "2023/11/18 (Sat) 10:00\nuser: I've moved from Sublime "
                                  "Text to Helix, I prefer modal editing. What's the key "
                                  "for multiple cursors?")
        answer = (await rt.navigation.ask(Search(query="Which code editor am I using now?"))
                  ).answer
    assert answer is not None
    assert (answer.value, answer.leaf_id) == ("Helix", switched.leaf_ids[0])
