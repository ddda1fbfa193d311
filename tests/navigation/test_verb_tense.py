"""A clause's tense as its verbs tell it (``verb_tense.tells_past``): what decides whether a
weekday said alone is the one gone by or the one to come."""

from __future__ import annotations

import pytest

from actors.verb_tense import tells_past


@pytest.mark.parametrize("clause", [
    "He had surgery on Monday", "we closed on the house Thursday", "Tuesday was awful",
    "el martes terminé en la emergencia", "la operaron el lunes", "se cayó el domingo",
    "ha llovido todo el jueves", "estaba de guardia el sábado",
])
def test_a_past_verb_tells_a_time_gone_by(clause: str) -> None:
    assert tells_past(clause)


@pytest.mark.parametrize("clause", [
    "I start on Monday", "my last day is this Friday", "I'm so excited for Friday",
    "the vet is booked for Monday", "I'll have had it by Monday", "we're going to paint Sunday",
    "el martes empiezo", "voy a operarme el jueves", "el viernes cenaremos fuera",
    "el lunes tengo turno",
])
def test_the_present_or_the_future_tells_a_time_to_come(clause: str) -> None:
    assert not tells_past(clause)
