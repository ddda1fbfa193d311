"""A stored answer is never hidden behind "No memory found": the rules that call something
never stored must not fire on what a memory tells in other words (a people's name in the
other language, a time asked beside a topic). Each test asks the stored case and a
never-stored twin, and fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors import regions
from actors.navigation import actor as navigation
from actors.navigation import readings, unmentioned
from actors.navigation.derivation import spellings
from actors.navigation.query import asks_a_liking
from actors.navigation.stem import stem
from bench import conversation_set, conversation_set_d
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-03-22] user: Started Portuguese lessons on Tuesdays, my teacher is from Coimbra.",
    "[2025-03-22] assistant: European Portuguese pronunciation takes some getting used to.",
    "[2026-01-17] user: Empiezo clases de alemán en la escuela de idiomas, nivel A1.",
    "[2026-01-17] assistant: El alemán tiene mucha gramática, pero es muy regular.",
    "[2026-02-14] user: I baked bread with my sister Inés on Sunday.",
    "[2026-05-20] user: My team lead at the new job is Samir.",
    "[2026-06-18] user: My GP checked my bloods because I'm always tired. Ferritin is 11, so "
    "iron tablets every second day for three months.",
)


def test_a_peoples_name_is_read_in_the_other_languages_letters() -> None:
    assert regions.demonym_stems("German") == ("alem",)  # Germany, Alemania
    assert regions.demonym_stems("Swedish") == ("suec",)  # Sweden, Suecia
    assert regions.demonym_stems("Portuguese") == ()  # Portugal in both
    assert regions.demonym_stems("Teo") == ()


async def test_a_peoples_name_told_in_the_other_language_is_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("When did the user start German classes?",
             "When did the user start Italian classes?")  # never stored
    german, italian = await replies(tmp_path / "on", TURNS, asked)
    assert german.status == "FOUND" and "alemán" in german.hits[0].text
    assert italian.status == "NONE" and "Italian" in (italian.reason or "")
    monkeypatch.setattr(regions, "demonym_stems", lambda word: ())
    german, = await replies(tmp_path / "off", TURNS, asked[:1])
    assert german.status == "NONE"


async def test_an_area_of_a_life_is_told_by_what_happened_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("What did the GP find out about the user's health?",
             "What did the GP find out about the user's cholesterol?")  # never stored
    health, cholesterol = await replies(tmp_path / "on", TURNS, asked)
    assert health.status == "FOUND" and "Ferritin" in health.hits[0].text
    assert cholesterol.status == "NONE" and "cholesterol" in (cholesterol.reason or "")
    monkeypatch.setattr(unmentioned, "LIFE_AREAS", frozenset())
    health, = await replies(tmp_path / "off", TURNS, asked[:1])
    assert health.status == "NONE"


async def test_a_times_topic_stands_out_of_its_own_crowd(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a store of a year and a half of chat: "marzo de 2026" makes every memory of any month
    # close to the whole question, so its crowd sits above what the topic alone reaches
    turns = tuple(turn.content for turn in conversation_set_d.TURNS)
    asked = ("¿Qué le diagnosticaron a Nora en marzo de 2026?",)
    diagnosis, = await replies(tmp_path / "on", turns, asked)
    assert diagnosis.status == "FOUND"
    assert any("asthma" in hit.text for hit in diagnosis.hits[:2])
    monkeypatch.setattr(navigation.NavigationActor, "_crowd_of",
                        lambda self, topic, admissible, asked: asked)
    diagnosis, = await replies(tmp_path / "off", turns, asked)
    assert diagnosis.status == "NONE"


async def test_a_region_is_told_by_its_cities(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = (*TURNS,
             "[2026-06-06] user: Long weekend in Granada with Marcos, the Alhambra was packed.",
             "[2026-06-06] user: We slept in a cave house in Sacromonte, cool even at noon.")
    asked = ("Where did the user sleep on the weekend in Andalusia?",
             "Where did the user sleep on the weekend in Tuscany?")  # never stored
    andalusia, tuscany = await replies(tmp_path / "on", turns, asked)
    assert andalusia.status == "FOUND"
    assert any("cave house" in hit.text for hit in andalusia.hits)
    assert tuscany.status == "NONE" and "Tuscany" in (tuscany.reason or "")
    monkeypatch.setattr(regions, "cities_of", lambda region: ())
    # ...nor searched as its cities (a region no memory names is read so)
    monkeypatch.setattr(readings, "cities_of_term", lambda term: ())
    andalusia, = await replies(tmp_path / "off", turns, asked[:1])
    assert andalusia.status == "NONE"


def test_retiring_is_said_in_either_spanish_word() -> None:
    assert stem("jubilada") in spellings(stem("retirarse"))
    assert stem("retirado") in spellings(stem("jubilarse"))


def test_a_question_asking_what_someone_likes_or_cannot_stand() -> None:
    assert asks_a_liking("¿Qué tipo de cine no soporta el usuario?")
    assert asks_a_liking("How does the user like their hot drinks?")
    assert asks_a_liking("Which herb does the user dislike?")
    assert not asks_a_liking("What is the user's first bowl on the wheel like?")
    assert not asks_a_liking("What happened in the user's love life in February?")
    assert not asks_a_liking("Recommend me a film I'd like for tonight.")  # advice


async def test_a_liking_asked_is_answered_by_the_statement_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # eighty notes of a life: the statement shares no word with the question, and the
    # model places it 0.18 from it (the crowd: 0.05)
    turns = tuple(turn.content for turn in conversation_set.TURNS)
    asked = ("¿Qué tipo de cine no soporta el usuario?",)
    films, = await replies(tmp_path / "on", turns, asked)
    assert films.status == "FOUND" and "terror" in films.hits[0].text
    monkeypatch.setattr(navigation, "asks_a_liking", lambda text: False)
    films, = await replies(tmp_path / "off", turns, asked)
    assert films.status == "NONE"


async def test_a_partner_is_told_by_dating_someone(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = (*TURNS,
             "[2026-02-14] user: Went on a date with a guy called Marcos, we met at pottery "
             "class. He teaches maths at a high school.",
             "[2026-02-14] assistant: How exciting! How did it go?")
    asked = ("What does the user's boyfriend teach?",
             "What does the user's husband teach?")  # no wedding told: never stored
    boyfriend, husband = await replies(tmp_path / "on", turns, asked)
    assert boyfriend.status == "FOUND"
    assert any("Marcos" in hit.text for hit in boyfriend.hits)
    assert husband.status == "NONE" and "husband" in (husband.reason or "")
    alone, = await replies(tmp_path / "alone", TURNS, asked[:1])  # nobody dated: never stored
    assert alone.status == "NONE" and "boyfriend" in (alone.reason or "")
    monkeypatch.setattr(unmentioned, "DATED", frozenset())
    boyfriend, = await replies(tmp_path / "off", turns, asked[:1])
    assert boyfriend.status == "NONE"
