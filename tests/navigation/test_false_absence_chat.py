"""False "No memory found" in a chat between two named friends, one writing English, the other
mostly Spanish: a region or a people's name told only by a city, a question supposing
something ("Would Ana enjoy...?") answered by what the person told of themselves. Each test
asks the stored case (and, where a rule could swallow it, a never-stored twin), and fails
when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors import regions
from actors.navigation import actor as navigation
from actors.navigation import beyond_names
from actors.navigation.asked_person import names_asked
from actors.navigation.query import asked, asks_an_inference, inference_subject, states_a_preference
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

FILLER = (
    "Ana: Haha no way.", "Rafa: Jajaja qué risa.", "Ana: Long day, talk tomorrow?",
    "Rafa: Hoy llovió todo el día.", "Ana: Did you see the game last night?",
    "Rafa: Estoy muerto de sueño.", "Ana: Same here honestly.", "Rafa: ¿Cómo te fue hoy?",
    "Ana: I'm so tired of this week.", "Rafa: Buenas noches, amiga.",
    "Ana: Wait really?", "Rafa: ¡No manches!", "Ana: Send pics please!",
    "Rafa: Qué envidia.", "Ana: Ugh, same.", "Rafa: You always make me laugh.",
    "Ana: Miss our chats, we should call this weekend.", "Rafa: Ay, ya sé.",
    "Ana: Have you watched anything good lately?", "Rafa: Tengo un sueño horrible hoy.",
)
CHAT = tuple(f"2026-{month:02d}-{day:02d} {line}" for month, day, line in (
    (1, 5, "Ana: I just moved into a flat in Leeds, the rent is brutal."),
    (1, 5, "Rafa: Yo viví cinco años en Phoenix antes de mudarme a Bilbao."),
    (1, 5, "Ana: Five years in the desert, wow."),
    (2, 9, "Rafa: Hoy cociné ají de gallina como lo hacía mi abuela en Lima."),
    (2, 9, "Ana: That sounds amazing, save me some."),
    (3, 14, "Rafa: Yo no soporto el frío, en cuanto baja de cinco grados no salgo de casa."),
    (3, 14, "Ana: You'd hate it here then."),
    (4, 2, "Ana: I signed up for a pottery course on Thursday evenings, my first mug is lopsided."),
    (4, 2, "Rafa: ¡Qué bien! Mándame fotos de la taza."),
    (5, 20, "Ana: My sister got a puppy, a tiny spaniel called Pip."),
    (5, 20, "Rafa: ¡Qué bonito! Yo quiero un perro pero el piso es pequeño."),
    (6, 11, "Ana: I ran my first 10k on Saturday, fifty-eight minutes."),
    (6, 11, "Rafa: ¡Felicidades, campeona!"),
    *((month, 1 + n, line) for n, line in enumerate(FILLER) for month in range(1, 13)),
))


async def test_a_region_a_memory_names_by_its_city_is_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked_ = ("Which of the two friends has lived in Arizona?",
              "Which of the two friends has lived in Tennessee?")  # never stored
    arizona, tennessee = await replies(tmp_path / "on", CHAT, asked_)
    assert arizona.status == "FOUND"
    assert any("Phoenix" in hit.text for hit in arizona.hits)
    assert tennessee.status == "NONE" and "Tennessee" in (tennessee.reason or "")
    monkeypatch.setattr(regions, "cities_of", lambda region: ())
    arizona, = await replies(tmp_path / "off", CHAT, asked_[:1])
    assert arizona.status == "NONE"


async def test_a_peoples_name_a_memory_names_by_a_city_is_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked_ = ("Which Peruvian dish did Rafa cook?",
              "Which Korean dish did Rafa cook?")  # never stored
    peruvian, korean = await replies(tmp_path / "on", CHAT, asked_)
    assert peruvian.status == "FOUND"
    assert any("ají de gallina" in hit.text for hit in peruvian.hits)
    assert korean.status == "NONE" and "Korean" in (korean.reason or "")
    monkeypatch.setattr(regions, "demonym_cities", lambda word: ())
    peruvian, = await replies(tmp_path / "off", CHAT, asked_[:1])
    assert peruvian.status == "NONE"


def test_a_city_is_no_peoples_name() -> None:
    # "Porto" ends like a people's name and starts as Portugal does: a memory of Lisbon
    # does not hold it
    assert regions.demonym_cities("Porto") == ()
    assert "lima" in regions.demonym_cities("Peruvian")


def test_an_inference_question_and_what_it_supposes() -> None:
    assert asks_an_inference("Would Rafa make a good guide to Peruvian food?")
    assert asks_an_inference("Would Ana be interested in a ceramics workshop?")
    assert not asks_an_inference("What did Rafa make for dinner?")
    assert inference_subject("Would Ana be interested in a ceramics workshop?") \
        == "Ana ceramics workshop"
    assert inference_subject("Would Rafa enjoy it?") == "Would Rafa enjoy it?"


def test_the_spanish_cannot_stand_is_a_preference() -> None:
    assert states_a_preference("Rafa: Yo no soporto el frío.")
    assert states_a_preference("No aguanto el calor de agosto.")
    assert not states_a_preference("Rafa: Hoy hace frío.")


async def test_a_place_an_inference_supposes_is_no_place_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the trip is supposed: what answers is what Rafa said of the cold
    asked_ = ("Would Rafa enjoy a winter holiday in Lapland?",)
    lapland, = await replies(tmp_path / "on", CHAT, asked_)
    assert lapland.status == "FOUND"
    monkeypatch.setattr(navigation, "asks_an_inference", lambda text: False)
    lapland, = await replies(tmp_path / "off", CHAT, asked_)
    assert lapland.status == "NONE" and "Lapland" in (lapland.reason or "")


async def test_what_an_inference_supposes_is_measured_on_its_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked_ = ("Would Ana be interested in a ceramics workshop?",)
    art, = await replies(tmp_path / "on", CHAT, asked_)
    assert art.status == "FOUND"
    assert any("pottery" in hit.text for hit in art.hits)
    monkeypatch.setattr(navigation, "inference_subject", lambda text: text)
    # the pottery turn, Ana's own and said alone, also stands out of the question without
    # her name ("Would be interested in a ceramics workshop?": ``beyond_names``); off too,
    # so that this pins the inference's own reading
    monkeypatch.setattr(beyond_names, "without_asked", lambda question, keys: None)
    art, = await replies(tmp_path / "off", CHAT, asked_)
    assert art.status == "NONE"


def test_a_plurals_verb_is_no_part_of_the_thing_asked() -> None:
    assert asked("What animals live with Rafa in Bilbao?") == ("animals",)
    assert asked("¿Qué animales viven con Rafa?") == ("animales",)
    assert asked("Which book club did Ana join?") == ("book", "club")


def test_a_region_asked_is_nobody_who_speaks() -> None:
    assert names_asked("Which of the two friends has lived in Texas?") == ()
    assert names_asked("Has Rafa lived in Arizona?") == ("Rafa",)

