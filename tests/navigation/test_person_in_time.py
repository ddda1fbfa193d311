"""A question about one person's time and nothing else ("What did Marta do in August?",
"¿Qué hizo Kenji en julio?", "What happened to the user in February?") lists the memories of
that time with that person's own turns first (``NavigationActor._whose_time``,
``ranking.range_first``'s ``own``): in a chat of three, another speaker's turn of the month
("Kenji: I've been bouldering", with a "Said by Kenji" note) or the person's turn of another
month led. The chat was written after the first rule, in words not looked at while writing
it; its May and June plans then gave the second rule (``planned``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation import asked_person
from tests.navigation.test_retrieval_rules import LAST_YEAR, replies

pytestmark = pytest.mark.anyio

Y = LAST_YEAR
CHAT = tuple(f"[{Y}-{day}] {said}" for day, said in (
    ("01-20", "Tomás: He vuelto a correr, tres veces por semana por Montjuïc."),
    ("01-22", "Nadia: I'm learning to knit, a scarf is taking forever."),
    ("01-28", "user: My landlord finally fixed the boiler after six weeks."),
    ("02-03", "Nadia: I did a pottery taster session, made a wonky bowl."),
    ("02-10", "Tomás: Hice una ruta en kayak por la Costa Brava, agotador pero precioso."),
    ("02-17", "user: I did my first parkrun, 29 minutes."),
    ("03-02", "Tomás: Empecé clases de cerámica los jueves en un taller de Gràcia."),
    ("03-09", "user: I adopted a grey rabbit called Miso from the shelter."),
    ("03-27", "Tomás: Nadia did a great job at the quiz, she knew every capital."),
    ("03-04", "Nadia: I finally booked the flights to Lisbon for the conference in May."),
    ("04-03", "Tomás: Me rompí el dedo jugando al pádel, dos semanas con férula."),
    ("04-11", "Nadia: Started a new job as a data analyst at a shipping company."),
    ("04-18", "user: I ran the Brighton 10K in 52 minutes, a personal best."),
    ("05-06", "Nadia: The Lisbon conference was great, I gave a talk on time series."),
    ("05-12", "user: We painted the spare room green and turned it into an office."),
    ("05-20", "Tomás: Vendí la moto y me compré una bici eléctrica."),
    ("05-24", "Tomás: En junio corro mi primer triatlón, el de Banyoles, qué nervios."),
    ("05-27", "user: Did a weekend course on sourdough baking, my loaf actually rose."),
    ("06-19", "Tomás: Acabé el triatlón de Banyoles en una hora y veinte."),
    ("07-03", "Nadia: What did you do at the weekend? I did nothing but sleep."),
    ("07-09", "Tomás: Hice una paella para Nadia y sus amigos, le encantó."),
    ("07-15", "user: I did a first-aid course for work, two full days."),
    ("08-01", "Nadia: I went hiking in the Picos de Europa with my cousin."),
    ("08-12", "Tomás: Fui al concierto de Rosalía en el Palau Sant Jordi."),
    ("08-20", "user: Did a pottery weekend in Stoke, came home with six mugs."),
))
QUESTIONS = (f"¿Qué hizo Tomás en mayo de {Y}?", f"What did I do in January {Y}?",
             f"¿Qué hizo el usuario en agosto de {Y}?", f"What did Nadia do in July {Y}?")
EXPECTED = ("Vendí la moto", "fixed the boiler", "pottery weekend", "nothing but sleep")


async def test_the_persons_own_memories_of_the_time_lead(tmp_path: Path) -> None:
    results = await replies(tmp_path, CHAT, QUESTIONS)
    assert [words in result.hits[0].text for result, words in zip(results, EXPECTED,
                                                                   strict=True)] == [True] * 4


async def test_without_it_another_time_or_another_speaker_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(navigation, "said_by_asked", lambda speakers, text: False)
    monkeypatch.setattr(navigation.NavigationActor, "_whose_time",
                        lambda self, text, span, scores, listing: frozenset())
    results = await replies(tmp_path, CHAT, QUESTIONS)
    assert not all(words in result.hits[0].text
                   for result, words in zip(results, EXPECTED, strict=True))


PLANNED = (f"What was Nadia up to in May {Y}?", f"¿Qué hizo Tomás en junio de {Y}?")


async def test_a_time_s_own_memories_lead_the_plans_told_before_it(tmp_path: Path) -> None:
    """Said in March, "the flights for the conference in May" tells what was to be; the
    May turn tells what was (``ranking.range_first``'s ``planned``)."""
    nadia, tomas = await replies(tmp_path, CHAT, PLANNED)
    assert "conference was great" in nadia.hits[0].text
    assert "Acabé el triatlón" in tomas.hits[0].text


def test_a_memory_is_the_asked_persons_own_by_its_label() -> None:
    speakers = frozenset({"tomas", asked_person.THE_USER})
    assert asked_person.said_by_asked(speakers, "[2026-05-20] Tomás: Vendí la moto.")
    assert asked_person.said_by_asked(speakers, "[2026-05-20] user: I sold it.")
    assert asked_person.said_by_asked(speakers, "Fixed the flaky test.")  # a note: the user's
    assert not asked_person.said_by_asked(speakers, "[2026-05-20] Nadia: I sold it.")
    assert not asked_person.said_by_asked(speakers, "assistant: You could sell it.")
    assert not asked_person.said_by_asked(frozenset({"nadia"}), "[2026-05-20] user: I did.")
