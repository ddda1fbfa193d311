"""A never-stored question may hold only words some memory holds, never together: "Which book
did Teo give the user?" when Teo visited one weekend and the book was Inés's gift. The thing
asked ("which book", "Rubén's new job", "el gimnasio de Marcos") is told on none of the days
the name's memories are of: "No memory found", the closest memories still listed. A question
whose other words are told beside the name ("stuck" at Boulder Lab), or that asks no thing
("How did Marcos cheer the user at the race?"), is answered. Each test fails when its rule
is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import apart, asked_detail, query
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2025-04-05] user: My friend Teo is visiting from Bilbao this weekend.",
    "[2025-04-05] assistant: Lovely! Take him to the old town for pintxos.",
    "[2025-06-14] user: I signed up for my first 10K race, it is on June 29.",
    "[2025-06-30] user: Finished the 10K yesterday in 57:42, my legs are destroyed.",
    "[2025-06-30] user: Marcos waited at the finish with a banner that said 'run Nora run'.",
    "[2026-01-08] user: Now reading 'La sombra del viento', a book my sister Inés gave me.",
    "[2026-03-10] user: Joined Boulder Lab last week, currently stuck on the orange V3.",
    "[2026-04-26] user: The specialist grade at the hospital pays around 58,000 a year.",
    "[2026-05-02] user: Rubén is leaving the company; Katrin will be my new manager.",
    "[2026-07-15] user: The pool in Nazaret costs 35 euros a month.",
    "[2026-01-08] user: Her fiancé Pablo is a firefighter, they met at a climbing gym.",
    "[2026-04-10] user: I accepted an offer from Pulso Salud as a senior analyst.",
    "[2026-05-20] user: Pulso uses Snowflake and Looker, so goodbye Metabase.",
    "[2026-05-20] user: My team lead is Samir, he used to be a nurse.",
    "[2025-07-12] user: Mochi has to go on a kidney diet, the vet found early kidney disease.",
    "[2025-03-01] user: We bought a cast iron pan for the new flat.",
    "[2025-06-21] user: Inés se rompió la muñeca; lleva el brazo enyesado cinco semanas.",
    "[2025-04-08] user: Python upgraded from 3.11 to 3.12 in the Docker base image.",
    "[2025-10-20] user: Bumped the Postgres version in staging; prod follows in November.",
    "[2025-05-26] user: Lukas joined ledgerline to work on the reconcile job.",
)



async def test_a_name_and_the_thing_asked_never_together_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("Which book did Teo give the user?",
             "¿Qué libro le regaló Teo a la usuaria?",
             "Which book did Inés give the user?",
             # no thing asked: the race is told on another day than Marcos's banner
             "How did Marcos cheer the user at the race?",
             # "grade" is told apart from Boulder Lab, "stuck" beside it
             "What grade is the user stuck on at Boulder Lab?")
    teo, teo_es, ines, marcos, grade = await replies(tmp_path / "on", TURNS, asked)
    assert teo.status == "NONE" and "'book' together with 'Teo'" in (teo.reason or "")
    assert teo.nearest  # the closest memories are still listed
    assert teo_es.status == "NONE"
    assert ines.status == "FOUND" and marcos.status == "FOUND" and grade.status == "FOUND"
    monkeypatch.setattr(apart.Apart, "apart", lambda self, query, topic, best: ())
    # the gift gate (fix-never) says Teo's gift never stored too: "regaló" asks a gift
    monkeypatch.setattr(asked_detail, "_gift_received", lambda question, folded: None)
    teo, teo_es = await replies(tmp_path / "off", TURNS, asked[:2])
    assert teo.status != "NONE" and teo_es.status != "NONE"


def test_the_thing_a_question_asks_about_is_read_in_both_languages() -> None:
    assert query.asked("Which book did Teo give the user?") == ("book",)
    assert query.asked("How much rent did the user pay in Galway?") == ("rent",)
    assert query.asked("What kind of pet does the user have?") == ("pet",)
    assert query.asked("¿Qué ruta hizo Nora con Inés?")[0] == "ruta"
    assert query.asked("What did Lucía get Dani for his birthday?") == ()
    assert apart.owned_by_names("What is Rubén's new job?") == {"Rubén": ("new", "job")}
    assert apart.owned_by_names("¿Cuánto cuesta el gimnasio de Marcos?") \
        == {"Marcos": ("gimnasio",)}
    # the thing, not the verb after it
    assert apart.owned_by_names("How long was Inés's cast supposed to stay on?") \
        == {"Inés": ("cast",)}


async def test_a_relation_of_a_name_told_on_none_of_its_days_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("What does Teo's sister do for work?", "¿A qué se dedica la mujer de Samir?",
             # "fiancé" tells "boyfriend": any word of the relation on the name's days
             "Is Inés's boyfriend a firefighter?")
    sister, wife, boyfriend = await replies(tmp_path / "on", TURNS, asked)
    assert sister.status == "NONE" and "'sister' together with 'Teo'" in (sister.reason or "")
    assert wife.status == "NONE"
    assert boyfriend.status == "FOUND"
    monkeypatch.setattr(apart.Apart, "relations_apart", lambda self, owns, days: ())
    # the relation gate (fix-never10) says the sister and the wife never stored too
    monkeypatch.setattr(asked_detail, "_relation", lambda question: None)
    sister, wife = await replies(tmp_path / "off", TURNS, asked[:2])
    assert sister.status != "NONE" and wife.status != "NONE"


async def test_a_name_of_several_words_is_told_by_any_of_them(tmp_path: Path) -> None:
    # "Pulso Salud" on one day, "Pulso" beside the team lead on another
    lead, = await replies(tmp_path, TURNS, ("Who is the user's team lead at Pulso Salud?",))
    assert lead.status == "FOUND"


async def test_a_thing_of_a_names_held_in_no_form_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("What did the vet say about Mochi's heart?",
             "What did the vet say about Mochi's kidneys?")
    heart, kidneys = await replies(tmp_path / "on", TURNS, asked)
    assert heart.status == "NONE" and "'heart' together with 'Mochi'" in (heart.reason or "")
    assert kidneys.status == "FOUND"
    monkeypatch.setattr(apart.Apart, "things_unheld", lambda self, things, best: ())
    heart, = await replies(tmp_path / "off", TURNS, asked[:1])
    assert heart.status != "NONE"


async def test_a_thing_the_lexicon_cannot_translate_is_not_sought_beside_a_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "cast" is held in English on another day; Inés's day tells it in Spanish ("enyesado")
    asked = ("How long was Inés's cast supposed to stay on?",)
    cast, = await replies(tmp_path / "on", TURNS, asked)
    assert "together with 'Inés'" not in (cast.reason or "")
    monkeypatch.setattr(apart, "translatable", lambda word: True)
    cast, = await replies(tmp_path / "off", TURNS, asked)
    assert cast.status == "NONE" and "'cast' together with 'Inés'" in (cast.reason or "")


async def test_a_name_s_thing_the_lexicon_cannot_translate_is_no_thing_never_held(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # no memory says "splint", and the lexicon cannot say what a Spanish memory would call
    # it ("lleva el brazo enyesado"): its absence tells nothing
    asked = ("How long was Inés's splint supposed to stay on?",)
    splint, = await replies(tmp_path / "on", TURNS, asked)
    assert "'splint' together with 'Inés'" not in (splint.reason or "")
    monkeypatch.setattr(apart, "other_reading", lambda word: [(word, (word,))])
    splint, = await replies(tmp_path / "off", TURNS, asked)
    assert splint.status == "NONE" and "'splint' together with 'Inés'" in (splint.reason or "")


async def test_a_version_asked_beside_a_name_is_a_value(tmp_path: Path) -> None:
    # an outside probe: "Which Python version does ledgerline run on?" was "no stored memory
    # mentions 'version' together with 'Python'": the memory tells the number ("upgraded from
    # 3.11 to 3.12"), as one tells a price, not the word (``VALUE_WORDS``)
    [python] = await replies(tmp_path, TURNS, ("Which Python version does ledgerline run on?",))
    assert python.status == "FOUND"
