"""Which questions ask the day something started and which turns tell one
(``navigation.start_told``): the turn shown beside the news is chosen by them."""

from __future__ import annotations

import datetime as dt

import pytest

from actors.navigation.start_told import asks_start, tells_start

SAID = dt.date(2026, 3, 28)


@pytest.mark.parametrize(("question", "asks"), [
    ("When did Odalys start her new job?", True),
    ("What day does Teo begin at the club?", True),
    ("¿Cuándo empezó Lía en la escuela?", True),
    ("When did Henrik move to Kinsale?", False),
    ("What did Odalys start doing?", False),
])
def test_a_question_asks_the_day_of_a_start(question: str, asks: bool) -> None:
    assert asks_start(question) is asks


@pytest.mark.parametrize(("text", "tells"), [
    ("[2026-03-28] Odalys: Empiezo el 6 de abril.", True),
    ("[2026-03-28] Tomás: Arranco el martes que viene con los ensayos.", True),
    ("[2026-03-28] Greta: My first day is on Monday.", True),
    ("[2026-03-28] Odalys: I start soon, can't wait.", False),  # no day
    ("[2026-03-28] Henrik: Haha, classic.", False),  # its own date is not the start's
])
def test_a_turn_tells_a_start_and_its_day(text: str, tells: bool) -> None:
    assert tells_start(text, SAID) is tells
