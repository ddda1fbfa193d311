"""A question about the user's own events in a chat saved one turn per memory: two events set
against each other ("How many weeks passed between buying my kayak and the race?"), an
event's span ("How many days long was my Porto trip?"), the day of one ("When did I enter the
paddle race?"). Each event is answered by the user's turn telling it, dated, before the
assistant's advice on it (``events``, ``compared``, ``ranking.told_first``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from actors.navigation.compared import compared_things
from actors.navigation.events import asks_when, spanned_thing
from actors.navigation.several import counts_time
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "things"), [
    ("How many days after adopting the puppy did I leave for Porto?",
     ("adopting the puppy", "I leave for Porto")),
    ("How many weeks before the regatta did I sign up for it?",
     ("the regatta", "I sign up for the regatta")),
    ("How long after my sister was born did we move?", ("my sister was born", "we move")),
    ("How many weeks passed between signing up for the half marathon and running it?",
     ("signing up for the half marathon", "running the half marathon")),
    ("¿Cuántos días después de adoptar al cachorro me fui a Oporto?",
     ("adoptar al cachorro", "me fui a Oporto")),
    ("¿Cuánto tiempo después de mudarme compré el coche?", ("mudarme", "compré el coche")),
    ("Which trip came first, Porto or Kyoto?", ("Porto", "Kyoto")),
    ("¿Qué fue primero, Oporto o Kioto?", ("Oporto", "Kioto")),
    ("Which came first: tea or coffee?", None),  # a one-word piece that is no name
    ("How long had I worked there when I was promoted?", None),
])
def test_two_events_a_question_measures_between(question: str,
                                                things: tuple[str, str] | None) -> None:
    assert compared_things(question) == things


@pytest.mark.parametrize(("question", "thing"), [
    ("How many days long was my Porto trip?", "my Porto trip"),
    ("How many nights did I spend in Kyoto?", "I spend in Kyoto"),
    ("How long did my trip to Kyoto last?", "my trip to Kyoto"),
    ("How long did I stay in Porto?", "I stay in Porto"),
    ("¿Cuántos días duró mi viaje a Oporto?", "mi viaje a Oporto"),
    ("¿Cuánto tiempo estuve en Kioto?", "estuve en Kioto"),
    ("How long was my run?", None),  # a length one memory tells
    ("How long did you say each session should be?", None),
    ("How many days a week do I swim?", None),
])
def test_the_event_whose_span_a_question_asks(question: str, thing: str | None) -> None:
    assert spanned_thing(question) == thing


@pytest.mark.parametrize(("question", "when"), [
    ("When did I adopt the puppy?", True),
    ("On what date did I buy the car?", True),
    ("How many weeks passed between buying my kayak and the race?", True),
    ("How long ago did I move?", True),
    ("Which came first, the wedding or the move?", True),
    ("¿Cuándo me mudé?", True),
    ("¿Hace cuánto compré el coche?", True),
    ("What day are my cello lessons?", False),
    ("What did the assistant suggest for the race?", False),
    ("How many bikes do I own?", False),
    ("How much does Lucía earn after her raise?", False),
    ("How much time passed between the wedding and the move?", True),
])
def test_a_question_asking_when_an_event_was(question: str, when: bool) -> None:
    assert asks_when(question) is when


@pytest.mark.parametrize(("question", "counted"), [
    ("How many weeks passed between buying my kayak and the race?", True),
    ("¿Cuántos días duró el viaje?", True),
    ("How many bikes do I own?", False),
    ("How many times did I go climbing?", False),
])
def test_a_length_of_time_counted_is_no_list(question: str, counted: bool) -> None:
    assert counts_time(question) is counted


def test_the_turn_an_answer_answered_takes_its_place() -> None:
    ranked = [("advice", 10.0), ("other advice", 9.0), ("a note", 8.0), ("more advice", 7.0)]
    answered = {"advice": "told", "other advice": "told too", "more advice": "told later"}
    out, moved = ranking.told_first(ranked, answered.get)
    # only the answers leading the ranking: "more advice" comes after a note
    assert out == [("told", 10.0), ("told too", 9.0), ("advice", 10.0 * ranking.ASSISTANT_FACTOR),
                   ("other advice", 9.0 * ranking.ASSISTANT_FACTOR), ("a note", 8.0),
                   ("more advice", 7.0)]
    assert moved == {"told": "advice", "told too": "other advice"}


def test_a_thing_s_next_best_memory_needs_half_the_best_s_score() -> None:
    assert ranking.ANOTHER_MEMORY_SHARE == 0.5


CHAT = (
    "2026-03-02 user: Me compré un kayak ayer, un Perception Pescador azul, estoy feliz.",
    "2026-03-02 assistant: ¡Enhorabuena por el kayak! Empieza en aguas tranquilas, ajusta el "
    "reposapiés y lleva siempre el chaleco.",
    "2026-03-10 user: What's a good stretching routine after paddling?",
    "2026-03-10 assistant: Five minutes for the shoulders and the lower back: arm circles, a "
    "doorway chest stretch and a seated twist.",
    "2026-04-20 user: I entered the Tahoe Paddle 10K on June 14. My brother thinks I'm mad.",
    "2026-04-20 assistant: Eight weeks is plenty to prepare for a 10 km paddle race if you "
    "build up slowly: two paddles a week, one long and one with intervals, and practise "
    "getting back in after a capsize before race day.",
    "2026-05-03 user: How many weeks does a sourdough starter need before baking?",
    "2026-05-03 assistant: One to two weeks of daily feeding; it is ready when it doubles "
    "within six hours.",
    "2026-06-16 user: Finished the Tahoe Paddle 10K in 1 hour 52 minutes!",
    "2026-06-16 assistant: Congratulations, under two hours on your first paddle race is a "
    "great result. Rest this week and eat well.",
    "2026-07-01 user: I'm going to Porto on July 10 for a friend's birthday, back on the "
    "15th. Where should I eat?",
    "2026-07-01 assistant: For a trip to Porto: a francesinha at Café Santiago, grilled "
    "sardines in Matosinhos, and a port tasting in Gaia. Book the Gaia cellars ahead.",
    "2026-07-16 user: Back from Porto. The francesinha was worth the whole trip.",
    "2026-07-16 assistant: Glad you enjoyed Porto! Next time try the Douro valley by train.",
    "2026-08-02 user: ¿Cuántos días hacen falta para conocer Lisboa?",
    "2026-08-02 assistant: Con tres o cuatro días ves lo principal de Lisboa sin prisas.",
)
QUESTIONS = ("How many weeks passed between buying my kayak and the race?",
             "How many days long was my Porto trip?")


async def test_each_event_is_told_by_the_user_s_turn_in_date_order(tmp_path: Path) -> None:
    between, span = await replies(tmp_path, CHAT, QUESTIONS)
    first, second = (hit.text for hit in between.hits[:2])
    # the race told by the user (signing up for it or finishing it), not the advice on it
    assert "Me compré un kayak" in first and "user: " in second and "Paddle 10K" in second
    first, second = (hit.text for hit in span.hits[:2])
    assert "I'm going to Porto" in first and "Back from Porto" in second


async def test_without_it_the_assistant_s_advice_stands_for_the_race(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # "the race" is said only in the assistant's answers ("a 10 km paddle race"): the turn
    # each one answered tells the event, and takes its place
    monkeypatch.setattr(ranking, "told_first", lambda ranked, told_by: (list(ranked), {}))
    between, = await replies(tmp_path, CHAT, QUESTIONS[:1])
    assert not any("user: " in hit.text and "Paddle 10K" in hit.text
                   for hit in between.hits[:2])
