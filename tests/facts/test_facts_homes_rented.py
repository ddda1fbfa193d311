"""A home rented is where one lives (fix-facts9): "We're renting a flat in Chamberí for €1,450
a month" (bbtest30 B's move to Madrid, not read before), "we rent a two-bed in Leith",
"estamos alquilando un piso en Lavapiés". A stay is not ("for the weekend", "para el
verano"), nor a thing rented, a home with no place named, or someone else's rental."""

from __future__ import annotations

import datetime as dt
import functools

import pytest
from facts_runtime import facts_told

_facts = functools.partial(facts_told, day=dt.date(2024, 1, 20))


@pytest.mark.parametrize(("text", "expected"), [
    # the town landed in, then a home inside it (``towns``)
    ("We landed in Madrid last Wednesday! We're renting a flat in Chamberí for €1,450 a month.",
     [("user", "location", "Chamberí, Madrid")]),
    ("We rent a two-bed in Leith.", [("user", "location", "Leith")]),
    ("I rent a studio in Brooklyn.", [("user", "location", "Brooklyn")]),
    ("Estamos alquilando un piso en Lavapiés.", [("user", "location", "Lavapiés")]),
    ("Alquilo un piso pequeño en Gràcia.", [("user", "location", "Gràcia")]),
    # left alone: a stay, a thing rented, a cabin, no place named, someone else's
    ("We're renting a flat in Porto for the weekend.", []),
    ("We're renting an apartment in Lisbon for the summer.", []),
    ("Estamos alquilando una casa en Cádiz para el verano.", []),
    ("I'm renting a car in Lisbon.", []),
    ("We're renting a cabin in Tahoe.", []),
    ("We're renting a house in the suburbs.", []),
    ("She's renting a flat in Leeds.", []),
    ("we're renting one from an outfitter in Ely", []),
])
def test_a_home_rented_in_a_place_is_where_one_lives(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [f[:3] for f in _facts(text)] == expected
