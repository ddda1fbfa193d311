"""A setting told in one clause of a longer chat sentence ("My manager is Priya; she took over
the team", "Priya left the company, my new manager is Oskar"): the setting rules read a whole
short sentence on purpose, so a turn that went on told nothing and "Who is my manager?" asked
a clue between the two. Each clause after a semicolon, or after a comma before "my"/"our", is
read as a sentence of its own; a condition's clause is not. A person the user has by their
role is named by a name: "my manager is happy with the plan" tells none."""

from __future__ import annotations

import datetime as dt
import functools

import pytest
from facts_runtime import facts_told

_DAY = dt.date(2026, 8, 10)
_facts = functools.partial(facts_told, day=_DAY)


def _settings(text: str) -> list[tuple[str, str, str]]:
    return [(f[0], f[1], f[2]) for f in _facts(text)]


@pytest.mark.parametrize(("text", "told"), [
    ("2026-06-01 user: My manager is Priya; she took over the team from Daniel last month.",
     ("manager", "value", "Priya")),
    ("2026-08-10 user: Priya left the company, my new manager is Oskar.",
     ("manager", "value", "Oskar")),
    ("Luis se fue de la empresa, mi nueva jefa es Carmen.", ("jefa", "value", "Carmen")),
    ("The rollout went fine; the staging database is pg-stage-3 now.",
     ("staging", "database", "pg-stage-3")),
])
def test_a_setting_in_one_clause_of_a_longer_sentence_is_told(
        text: str, told: tuple[str, str, str]) -> None:
    assert told in _settings(text)


@pytest.mark.parametrize("text", [
    "If the cache is cold, our latency is 300 ms.",
    "Cuando llueve, mi jefa es insoportable.",
    "I talked to her yesterday, my sister is a nurse in Leeds.",
])
def test_a_clause_under_a_condition_or_describing_someone_tells_no_setting(text: str) -> None:
    assert not [s for s in _settings(text) if s[1] == "value"]


@pytest.mark.parametrize("text", [
    "We had a long meeting, and my manager is happy with the plan.",
    "My manager is out sick today.",
    "My dentist is on holiday until May.",
])
def test_a_person_had_by_a_role_is_named_by_a_name_not_how_they_are(text: str) -> None:
    assert _settings(text) == []


def test_a_role_named_by_a_name_is_still_told() -> None:
    assert ("dentist", "value", "Dr. Amaral") in _settings("My dentist is Dr. Amaral.")


@pytest.mark.parametrize("text", [
    "Bought a standing desk for €389; my back is much better already.",
    "Got new headphones on Black Friday; the open-plan office is finally bearable.",
    "Perfect. Make it sound warmer; the school office is someone I like.",
])
def test_a_clause_saying_how_a_thing_is_tells_no_setting(text: str) -> None:
    assert _settings(text) == []


@pytest.mark.parametrize("text", [
    "Connect timeouts and read timeouts differ; the connect timeout is usually a few seconds.",
    "The connect timeout is usually a few seconds.",
    "El tiempo de espera es normalmente de unos segundos.",
])
def test_a_rule_of_thumb_is_no_setting(text: str) -> None:
    assert _settings(text) == []
