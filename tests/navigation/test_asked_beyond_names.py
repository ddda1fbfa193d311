"""A question whose every word beyond its names, places and times is held by no memory, and
names a thing ("What is Lior's surname?", "Which hotel did we book in Oslo?"), was never
stored, though a memory holds the name; a doing asked in other words ("¿Dónde se comprometió
Lior?", "What does Lior do for a living?"), a relation, or a thing a memory means though in
other words ("What blanket did Dana sew?": "I finally finished the quilt") stays answered.
The store tests fail with their rule off (``Unmentioned.topic_unheld`` returning nothing;
``NavigationActor._meant_beyond_names`` returning False)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor, unmentioned
from actors.navigation.asked_topic import beyond_names, none_held, things
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-04-05] Dana: My cousin Lior just got engaged to Noa, on a boat in Tromsø!",
    "[2025-04-05] Pablo: ¡Qué romántico! ¿Y a qué se dedica Lior?",
    "[2025-04-05] Dana: He's a carpenter, he builds boats in a yard near Bergen.",
    "[2025-04-05] Pablo: I am off to Oslo with my sister this summer, four days.",
    "[2025-04-05] Dana: Oslo in summer is lovely, the light never ends.",
    "[2025-05-17] Pablo: Mi perro Turrón odia el agua, no hay manera de bañarlo.",
    "[2025-05-17] Dana: Ha, my brother's dog is the opposite, always in the sea.",
    "[2025-06-01] Dana: I finally finished the quilt for my niece, two months of evenings.",
    "[2025-06-01] Pablo: Qué maravilla, ¿de qué colores?",
)


async def test_nothing_asked_beyond_the_names_held_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    never = ("What is Lior's surname?", "Which hotel did Pablo book in Oslo?",
             "When did Dana run the Bergen marathon?")
    stored = ("¿Dónde se comprometió Lior?", "What does Lior do for a living?",
              "What does Turrón hate?")
    got = await replies(tmp_path / "on", TURNS, never + stored)
    for question, reply in zip(never, got[:3], strict=True):
        assert reply.status == "NONE", question
        assert "no stored memory mentions" in (reply.reason or ""), question
    engaged, living, turron = got[3:]
    assert engaged.status == "FOUND" and "Tromsø" in engaged.hits[0].text
    assert living.status == "FOUND" and "carpenter" in " ".join(
        hit.text + (hit.next_turn.text if hit.next_turn else "") for hit in living.hits)
    assert turron.status == "FOUND" and "agua" in turron.hits[0].text
    monkeypatch.setattr(unmentioned.Unmentioned, "topic_unheld",
                        lambda self, query, best, served: ())
    surname, hotel, _ = await replies(tmp_path / "off", TURNS, never)
    assert surname.status != "NONE" and hotel.status != "NONE"  # the names answered them


def test_a_thing_is_a_word_after_a_determiner_and_a_doing_is_none() -> None:
    assert things("Which hotel did we stay at in Tokyo?") == {"hotel"}
    assert things("What is Ewan's surname?") == {"surname"}
    assert things("When did Inés run the Zaragoza marathon?") == {"zaragoza", "marathon"}
    assert things("¿Cuántos años tiene la abuela de Inés?") == {"anos", "abuela"}
    assert things("How much did the Skoda Fabia cost?") == {"skoda"}
    assert things("¿Qué relación tienen ahora Owen y Hana?") == {"relacion"}
    assert things("Where did the user sleep on the weekend?") == {"user", "weekend"}
    assert things("What does Kiran do for a living?") == frozenset()
    assert things("¿Dónde se comprometió Kiran?") == frozenset()
    # whom, where and when a question asks about are no part of what it asks
    assert beyond_names("When did Inés run the Zaragoza marathon in May?",
                        ("Inés", "run", "Zaragoza", "marathon", "May")) == ("run", "marathon")
    # what kind of thing, and the verb a sum is stated with, are no part of it either
    assert beyond_names("¿Qué tipo de cine no soporta?", ("tipo", "cine", "soporta")) == (
        "cine", "soporta")
    assert beyond_names("How much did Inés's sofa cost?", ("Inés", "sofa", "cost")) == (
        "sofa",)
    assert none_held("Which hotel did we stay at?", ("hotel", "stay"), ("hotel", "stay"))
    assert not none_held("Which herb does Yusuf hate?", ("herb", "hate"), ("herb",))
    assert not none_held("Where was Inés living?", ("living",), ("living",))


async def test_a_memory_meaning_what_is_asked_beyond_the_names_keeps_it_answered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # no memory holds "blanket" nor "sew", and the quilt Dana finished is what it asks
    asked = ("What blanket did Dana sew?",)
    blanket, = await replies(tmp_path / "on", TURNS, asked)
    assert blanket.status == "FOUND" and "quilt" in blanket.hits[0].text
    monkeypatch.setattr(actor.NavigationActor, "_meant_beyond_names",
                        lambda self, question, served, admissible, crowd: False)
    blanket, = await replies(tmp_path / "off", TURNS, asked)
    assert blanket.status == "NONE" and "'blanket'" in (blanket.reason or "")
