"""A thing of an everyday closed kind that a question asks which one of, or says is someone's
("Which guitar does the user play?", "Declan's cat"), is about something never stored when
no memory holds it in a form of its own, however close in meaning its sibling is (the
ukulele, the dog): a sibling is another thing. Held in the other language ("guitarra"),
or beside another thing of its kind the question names and a memory holds ("which running
club"), it stays answerable. Fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import closed_kinds
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-03-15] user: I'm learning the ukulele with YouTube videos; I know four chords.",
    "[2025-03-15] assistant: Great start! Practise the changes between chords slowly.",
    "[2025-05-02] user: I joined a running club in Ruzafa, we meet on Thursday evenings.",
    "[2025-06-01] user: My dog Kiwi hates the vacuum cleaner and hides under the bed.",
)
NEVER = ("Which guitar does the user play?", "Which tennis club did the user join?")


async def test_a_thing_held_only_as_its_sibling_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    guitar, tennis = await replies(tmp_path / "on", TURNS, NEVER)
    assert guitar.status == "NONE" and "'guitar'" in (guitar.reason or "")
    assert tennis.status == "NONE" and "'tennis'" in (tennis.reason or "")
    # the thing itself held, in the other language, or a sibling the question names
    spanish, running = await replies(tmp_path / "held", (
        *TURNS, "[2026-01-10] user: Me he comprado una guitarra española de segunda mano."),
        (NEVER[0], "Which running club did the user join?"))
    assert spanish.status == "FOUND" and running.status == "FOUND"
    monkeypatch.setattr(closed_kinds, "kind_of_thing", lambda word: None)
    guitar, tennis = await replies(tmp_path / "off", TURNS, NEVER)
    assert guitar.status != "NONE" and tennis.status != "NONE"


def test_a_thing_is_read_as_its_kind_s_in_either_language() -> None:
    assert closed_kinds.kind_of_thing("Guitarra") == "instrument"
    assert closed_kinds.kind_of_thing("tennis") == "sport"
    assert closed_kinds.kind_of_thing("gato") == "pet"
    assert closed_kinds.kind_of_thing("herb") is None
    assert closed_kinds.kind_of_thing("table tennis") is None  # one piece only
    # a puppy is a dog ("¿qué perro adoptó el usuario?" / "We adopted a golden retriever
    # puppy": test_another_form_of_the_questions_word_finds_its_memory)
    assert "puppy" in closed_kinds.same_thing("perro")
    assert closed_kinds.same_thing("guitar") == {"guitar"}
