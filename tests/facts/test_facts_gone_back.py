"""Someone gone back to where they lived, told in Spanish ("Clara volvió a Sevilla", "mi
hermana ha vuelto a Sevilla", "regresé a Madrid"): the English "moved back to" was read, the
Spanish past of volver/regresar only for "he vuelto"/"volví". A habit taken up again ("ha
vuelto a fumar") or a place that is no town ("regresé a casa") is no home."""

from __future__ import annotations

import datetime as dt

import pytest
from facts_runtime import facts_told

_DAY = dt.date(2026, 10, 6)


def _homes(text: str) -> list[tuple[str, str]]:
    return [(f[0], f[2]) for f in facts_told(text, day=_DAY) if f[1] == "location"]


@pytest.mark.parametrize(("text", "home"), [
    ("Mi hermana Clara volvió a Sevilla en octubre.", ("Clara", "Sevilla")),
    ("Luis regresó a Lima después de diez años fuera.", ("Luis", "Lima")),
    ("Mi hermana ha vuelto a Sevilla.", ("hermana", "Sevilla")),
    ("Mi madre ha regresado a vivir a Cádiz.", ("madre", "Cádiz")),
    ("Regresé a Madrid en marzo.", ("user", "Madrid")),
])
def test_someone_gone_back_to_a_town_lives_there(text: str, home: tuple[str, str]) -> None:
    assert home in _homes(text)


@pytest.mark.parametrize("text", [
    "Clara ha vuelto a fumar.",
    "Mi hermano ha vuelto a correr por las mañanas.",
    "Regresé a casa tarde.",
    "Volví a la oficina el lunes.",
])
def test_a_habit_or_a_place_that_is_no_town_is_no_home(text: str) -> None:
    assert _homes(text) == []


@pytest.mark.parametrize(("text", "home"), [
    ("Me mudé a Valencia después de la boda.", "Valencia"),
    ("Me he mudado a Bilbao tras el verano.", "Bilbao"),
])
def test_a_home_ends_before_what_it_came_after(text: str, home: str) -> None:
    # "después de" and "tras" start a clause of their own, as "after" does
    assert ("user", home) in _homes(text)
