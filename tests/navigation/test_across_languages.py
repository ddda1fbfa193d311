"""A memory in one language is found by a question in the other when the search's lists know
no word for the thing (probe43): a place spelled by each language's letters ("Reykjavik" /
"Reikiavik", ``spelled``), a thing the lexicon cannot translate that the multilingual model
places by its translation ("tortoise" / "tortuga", ``across``), a kind asked in one language
of a thing the closed kinds list ("instrumento" / "fiddle", ``everyday_kinds``). A thing or
a place never stored stays "No memory found". Each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import across, spelled
from actors.navigation.everyday_kinds import everyday_things_of
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

FILLER = (
    "[2025-11-05] user: Anyone watching the match tonight?",
    "[2025-12-01] Bea: Reminder: the dentist appointment moved to Thursday.",
    "Walked 7 km along the river in Ghent.",
)


def test_a_place_s_two_spellings_share_their_letters_key() -> None:
    for english, spanish in (("Reykjavik", "Reikiavik"), ("Gothenburg", "Gotemburgo"),
                             ("Stockholm", "Estocolmo"), ("Philadelphia", "Filadelfia"),
                             ("Kathmandu", "Katmandú")):
        assert spelled.same_place(english, spanish) and spelled.same_place(spanish, english)
    for one, other in (("Boston", "Bolton"), ("Austria", "Australia"), ("Lyon", "León"),
                       ("Porto", "Portugal"), ("Iceland", "Ireland"), ("Rome", "Roma")):
        assert not spelled.same_place(one, other)


async def test_a_place_asked_in_the_other_language_s_spelling_is_found(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = ("El vuelo a Reikiavik sale el 2027-02-18 a las 06:40 desde Bruselas.", *FILLER)
    asked = ("When does the flight to Reykjavik leave?", "When does the flight to Oslo leave?")
    found, never = await replies(tmp_path / "on", turns, asked)
    assert found.status == "FOUND" and "Reikiavik" in found.hits[0].text
    assert "Reykjavik" not in found.absent
    assert never.status == "NONE" and "'Oslo'" in (never.reason or "")
    monkeypatch.setattr(spelled, "spelled_in", lambda asked, texts: False)
    (found,) = await replies(tmp_path / "off", turns, asked[:1])
    assert found.status == "NONE" and "'Reykjavik'" in (found.reason or "")


async def test_a_thing_the_lexicon_cannot_translate_is_found_in_the_other_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = ("[2025-11-09] Carmen: Tengo una tortuga que se llama Pepa, hoy cumple diez años.",
             "[2025-11-10] Carmen: Mañana tengo examen de estadística, deseadme suerte.",
             *FILLER)
    asked = ("How old is Carmen's tortoise?", "How old is Carmen's hamster?")
    found, never = await replies(tmp_path / "on", turns, asked)
    assert found.status == "FOUND" and "tortuga" in found.hits[0].text
    assert never.status == "NONE" and "'hamster'" in (never.reason or "")
    monkeypatch.setattr(across, "MIN_COSINE", 2.0)
    (found,) = await replies(tmp_path / "off", turns, asked[:1])
    assert found.status == "NONE" and "'tortoise'" in (found.reason or "")


async def test_a_kind_asked_in_spanish_is_read_as_the_closed_kind_s_things(
        tmp_path: Path) -> None:
    assert "fiddl" in everyday_things_of("instrumento")  # the closed kind's word
    assert "bass" not in everyday_things_of("instrument")  # a fish or a voice as often
    turns = ("[2026-11-27] user: Started learning the fiddle, lessons on Sunday afternoons.",
             *FILLER)
    (found,) = await replies(tmp_path, turns, ("¿Qué instrumento toca el usuario?",))
    assert found.status == "FOUND" and "fiddle" in found.hits[0].text
