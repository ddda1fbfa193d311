"""A chat turn holding nothing of the question but the asked person's name is judged by what
it shares with the question beyond the name (``beyond_names``, ``ranking.Evidence.beyond``):
small talk ("Lina: Long day.") is no answer, a turn telling the thing in other words ("Lina:
I signed up for a pottery evening class") is, and a question nothing answers is "No memory
found". The chats are our own, not probe43's."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import beyond_names, ranking
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

CHAT = (
    "2026-01-04 Bea: Morning all!",
    "2026-01-05 Omar: Hola, ¿qué tal el finde?",
    "2026-01-06 Lina: I signed up for a pottery evening class at the arts centre, Wednesdays.",
    "2026-01-07 Bea: lol same as always",
    "2026-01-08 Omar: Empiezo un máster de ingeniería ambiental en Granada.",
    "2026-01-09 Lina: Long day.",
    "2026-01-10 Bea: Our boiler broke again, freezing in here.",
    "2026-01-11 Omar: Jajaja Bea",
    "2026-01-12 Lina: Haha Omar",
    "2026-01-13 Bea: Can't wait for summer.",
    "2026-01-14 Omar: Buenas noches.",
    "2026-01-15 Lina: We're moving to Porto in March, Rui got a job there.",
    "2026-01-16 Bea: So sleepy today.",
    "2026-01-17 Omar: Qué semana llevo.",
    "2026-01-18 Lina: Anyone else hate January?",
    "2026-01-19 Bea: Started volunteering at the food bank on Saturdays.",
    "2026-01-20 Omar: Vendí el coche, ahora voy en bici a todas partes.",
    "2026-01-21 Lina: Good night folks.",
    "2026-01-22 Bea: Ha, nice one Omar",
    "2026-01-23 Omar: Madre mía, qué frío.",
    "2026-01-24 Lina: Friday at last!",
    "2026-01-25 Bea: Meh.",
)

CROWD = (
    "[2026-01-05] Priya: Happy new year everyone!",
    "[2026-01-06] Tomás: Feliz año a todos.",
    "[2026-01-08] Kofi: Sold the motorbike, finally.",
    "[2026-01-09] Ingrid: haha about time",
    "[2026-01-11] Priya: I've enrolled in a night course on Italian cooking at the Leith "
    "Cookery School.",
    "[2026-01-13] Tomás: Buenos días.",
    "[2026-01-14] Ingrid: Got the keys to the new flat in Aarhus today!",
    "[2026-01-16] Kofi: lol",
    "[2026-01-18] Tomás: Me han operado de la rodilla, menisco roto. Dos meses sin correr.",
    "[2026-01-19] Priya: Ouch, get well soon!",
    "[2026-01-21] Kofi: Anyone up for pizza on Friday?",
    "[2026-01-22] Ingrid: So tired today.",
    "[2026-01-24] Priya: My cat Biscuit is fourteen now and still climbing the curtains.",
    "[2026-01-27] Tomás: Qué sueño tengo.",
    "[2026-01-29] Kofi: Started a new job as a nurse at St James's in Leeds.",
    "[2026-02-01] Ingrid: Monday again...",
    "[2026-02-03] Tomás: Vendí la moto también, ahora voy en bus.",
    "[2026-02-05] Priya: Brrr, freezing.",
    "[2026-02-07] Ingrid: Adopted two hens, Olga and Freya.",
    "[2026-02-09] Kofi: Such a long week.",
    "[2026-02-11] Tomás: Estoy aprendiendo a tocar el ukelele.",
    "[2026-02-13] Priya: Good night all.",
    "[2026-02-15] Ingrid: My brother Lars is getting married in Bergen in July.",
    "[2026-02-17] Kofi: Ha, nice one Ingrid",
    "[2026-02-19] Tomás: jajaja",
    "[2026-02-21] Priya: Passed my driving test on the third go!",
    "[2026-02-23] Kofi: I'm running the Manchester half marathon in April.",
    "[2026-02-25] Ingrid: Boring day at work.",
    "[2026-03-01] Priya: Spring is coming!",
    "[2026-03-03] Kofi: Ugh, Mondays.",
    "[2026-03-05] Ingrid: Finished my thesis on Viking trade routes.",
    "[2026-03-07] Tomás: Buenas noches, chicos.",
    "[2026-03-11] Kofi: Bought a second-hand Skoda Fabia for 3,000 pounds.",
    "[2026-03-13] Tomás: Qué día más largo.",
)


async def test_the_turn_telling_the_thing_leads_the_small_talk(tmp_path: Path) -> None:
    (learning,) = await replies(tmp_path, CHAT, ("What is Lina learning?",))
    assert learning.status == "FOUND"
    assert "pottery" in learning.hits[0].text


async def test_small_talk_of_the_person_answers_nothing(tmp_path: Path) -> None:
    home, sold, brother = await replies(tmp_path, CROWD, (
        "¿Dónde vive Priya?", "What did Kofi sell?", "What is Ingrid's brother called?"))
    assert home.status == "NONE"  # "Priya: Spring is coming!" led it
    # a short turn telling the thing still answers
    assert "motorbike" in sold.hits[0].text
    assert "Lars" in brother.hits[0].text


def test_a_turn_holding_only_the_name_is_judged_beyond_it() -> None:
    # close to the whole question by the name its label shares, nothing beyond it
    filler = ranking.Evidence(coverage=0.2, words=frozenset({"nadia"}), rarest_df=23,
                              asked=2, similarity=0.38, compared=True, crowd=0.29,
                              beyond=(0.07, 0.09))
    assert not ranking.about(filler, 93)
    # under the whole question's crowd, standing out beyond the name: about it
    told = ranking.Evidence(coverage=0.2, words=frozenset({"nadia"}), rarest_df=23, asked=2,
                            similarity=0.33, compared=True, crowd=0.29, beyond=(0.15, 0.09))
    assert ranking.about(told, 93)
    assert ranking.about(ranking.Evidence(
        coverage=0.2, words=frozenset({"nadia"}), rarest_df=23, asked=2, similarity=0.38,
        compared=True, crowd=0.29), 93)  # not measured beyond: as before


def test_the_question_without_the_people_it_asks_about() -> None:
    keys = beyond_names.asked_keys("What is Nadia's baby called?")
    assert keys == {"nadia"}
    assert beyond_names.without_asked("What is Nadia's baby called?", keys) \
        == "What is baby called?"
    assert beyond_names.without_asked("Who is Nadia?", keys) is None
    assert beyond_names.names_only({"nadia"}, keys) and beyond_names.names_only((), keys)
    assert not beyond_names.names_only({"nadia", "baby"}, keys)
