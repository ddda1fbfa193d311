"""When two values are one (``keys.same_value``) and what never belongs in a value."""

from __future__ import annotations

import pytest

from actors.facts.keys import same_value
from actors.facts.patterns import extract_facts


@pytest.mark.parametrize(("a", "b"), [
    ("Bol.com", "Bol"),  # a web suffix
    ("Google LLC", "Google"),  # a legal form
    ("Telefónica, S.A.", "telefonica"),  # with dots, accents and case
    ("the Kia", "Kia"),  # an article
    ("la Clínica Quirón", "Clínica Quirón"),
])
def test_the_same_name_spelled_otherwise_is_the_same_value(a: str, b: str) -> None:
    assert same_value(a, b)


@pytest.mark.parametrize(("a", "b"), [
    ("Kia", "Seat"), ("Python 3.12", "Python 3.11"), ("Node.js", "Node"), ("Bol", "Bolt"),
])
def test_different_names_stay_different(a: str, b: str) -> None:
    assert not same_value(a, b)


@pytest.mark.parametrize(("text", "value"), [
    ("[2026-07-25] user: I bought the Kia by the way!", "Kia"),
    ("I work at Globex now btw.", "Globex"),
    ("Vivo en Sevilla al final.", "Sevilla"),
])
def test_trailing_filler_is_no_part_of_a_value(text: str, value: str) -> None:
    assert [f.value for f in extract_facts(text)] == [value]
