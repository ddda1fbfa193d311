"""The pure readings behind ``whose_told`` and ``parted_with``: who a question asks of,
whether a line may tell of them, and the things a question asks were bought."""

from __future__ import annotations

import pytest

from actors.navigation.parted_with import asks_bought
from actors.navigation.whose_told import one_asked, tells_of


@pytest.mark.parametrize(("question", "chain"), [
    ("Which marathon did Ana run?", ("Ana", None)),
    ("¿Qué oposiciones aprobó Marta?", ("Marta", None)),
    ("Which Ironman did Marta finish?", ("Marta", None)),  # the asked thing is no person
    ("What languages does my girlfriend speak?", ("", "girlfriend")),
    ("¿Qué idiomas habla la novia del usuario?", ("", "novia")),
    ("What grade is the user stuck on at Boulder Lab?", None),  # the user's, at a place
    ("Did Ana and Marta run together?", None),  # two people
])
def test_the_one_asked(question: str, chain: tuple[str, str | None] | None) -> None:
    assert one_asked(question, ("Iris",)) == chain


def test_the_user_named_by_name_owns_the_relative() -> None:
    assert one_asked("¿Qué idiomas habla el novio de Iris?", ("Iris",)) == ("", "novio")


@pytest.mark.parametrize(("line", "told"), [
    ("Ana's sister ran the Valencia marathon last year.", False),
    ("La hermana de Ana corrió el maratón de Valencia.", False),
    ("Me estoy preparando para el medio maratón de Valencia.", False),
    ("Ana ran the Valencia marathon in 4:10.", True),
    ("She ran the Valencia marathon too.", True),
    ("Fuimos a correr el maratón de Valencia.", True),
    ("[2026-03-01] Ana: I ran the marathon!", True),
])
def test_a_line_telling_of_a_name(line: str, told: bool) -> None:
    assert tells_of(line, "Ana", None, ()) is told


def test_a_line_telling_of_a_relative_by_word_or_name() -> None:
    assert not tells_of("Empiezo clases de alemán, nivel A1.", "", "novio", ())
    assert tells_of("Mi novio habla alemán.", "", "novio", ())
    assert tells_of("Alba habla portugués.", "", "novia", ("Alba",))
    assert tells_of("My partner speaks German.", "", "girlfriend", ())


@pytest.mark.parametrize(("question", "things"), [
    ("What car did the user buy in Barcelona?", ("car",)),
    ("¿Cuánto pagó el usuario por el coche nuevo?", ("coche",)),
    ("¿Cuánto pagué por la moto nueva?", ("moto",)),
    ("Who did the user sell the motorbike to?", ()),
    ("Did the user sell the car he bought?", ()),
    ("What car does the user drive?", ()),
])
def test_the_things_asked_bought(question: str, things: tuple[str, ...]) -> None:
    assert asks_bought(question) == things
