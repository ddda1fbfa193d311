"""A question asking which thing of an everyday kind ("What instrument does the user play?",
"¿Qué instrumento toca Marcos?") is about something never stored when no memory holds the
kind's word nor any thing of it; one thing of it held anywhere keeps it answerable ("I'm
learning the ukulele"), and a kind whose things are names or too many to list is never read
so ("herb": coriander). Fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import closed_kinds
from actors.navigation.stem import stem
from actors.text import terms
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-03-15] user: Started pottery classes on Tuesday evenings in Benimaclet.",
    "[2025-03-15] assistant: Wheel or hand-building?",
    "[2026-02-14] user: Went on a date with Marcos, he teaches maths at a high school.",
)



async def test_a_kind_with_no_thing_of_it_stored_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("What instrument does the user play?", "¿Qué instrumento toca Marcos?")
    english, spanish = await replies(tmp_path / "on", TURNS, asked)
    assert english.status == "NONE" and "any 'instrument'" in (english.reason or "")
    assert spanish.status == "NONE"
    # one thing of the kind held keeps the question answerable
    ukulele, = await replies(tmp_path / "held", (
        *TURNS, "[2026-03-01] user: Estoy aprendiendo ukelele con vídeos de YouTube."),
        asked[:1])
    assert ukulele.status == "FOUND"
    monkeypatch.setattr(closed_kinds, "kind_of", lambda word: None)
    english, spanish = await replies(tmp_path / "off", TURNS, asked[:2])
    assert english.status != "NONE" and spanish.status != "NONE"


def test_the_kinds_are_read_in_both_languages_and_in_the_plural() -> None:
    assert closed_kinds.kind_of("Instrumento") == "instrument"
    assert closed_kinds.kind_of("sports") == "sport"
    assert closed_kinds.kind_of("herb") is None  # its things are too many to list
    assert "ukelel" in closed_kinds.things_of("instrument")
    # the things a learner names ("Started learning the fiddle": was "no stored memory
    # mentions any 'instrument'", an outside probe), and others of the kind
    things = closed_kinds.things_of("instrument")
    assert all(stem(term) in things for word in ("fiddle", "xylophone", "laúd", "djembe",
                                                 "bassoon") for term in terms(word))
    assert "instrument" in closed_kinds.things_of("instrument")  # the kind's own word


def test_a_sport_said_alike_in_both_languages_is_its_own_translation() -> None:
    assert closed_kinds.said_alike("surfing") and closed_kinds.said_alike("Surf")
    assert closed_kinds.said_alike("golf") and closed_kinds.said_alike("kayaking")
    assert closed_kinds.kind_of_thing("surfear") == "sport"
    assert stem("surf") in closed_kinds.same_thing("surfear")
    assert not closed_kinds.said_alike("tennis")  # tenis: the lexicon's pair
    assert not closed_kinds.said_alike("table tennis")
