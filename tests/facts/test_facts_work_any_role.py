"""A job told in passing with a role of any noun (fix-attr, the outside probe46): "I earn ...
as a junior quantity surveyor at Hendry & Moss" and "Me dieron el trabajo en Forthbank Rail:
planificador de proyectos" told no fact (no such noun in the role lists), so "What do I do
for a living?" had no timeline. And the start day said beside a job dates it ("Empecé el
lunes 15 de abril"), not the day it was told. One test per rule, each with what it must
leave alone."""

from __future__ import annotations

import datetime as dt

import pytest
from facts_runtime import facts_told

_DAY = dt.date(2025, 3, 8)


def _jobs(text: str) -> list[tuple[str, str, str]]:
    return [(f[0], f[1], f[2]) for f in facts_told(f"[2025-03-08] User: {text}", day=_DAY)
            if f[1] in ("employer", "role")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Rent is brutal, I take home 1,900 a month as a trainee actuary at Baillie Gifford.",
     [("user", "role", "trainee actuary"), ("user", "employer", "Baillie Gifford")]),
    ("Cobro 1.650 euros al mes como auxiliar de enfermería en Sanitas, no llego.",
     [("user", "role", "auxiliar de enfermería"), ("user", "employer", "Sanitas")]),
    ("I work as a site surveyor for Balfour Beatty, mostly nights.",
     [("user", "role", "site surveyor"), ("user", "employer", "Balfour Beatty")]),
    ("Me han dado el puesto en Ferrovial: jefe de obra, 41.000 al año.",
     [("user", "employer", "Ferrovial"), ("user", "role", "jefe de obra")]),
    ("We got the job at Loch Fyne Oysters: shellfish grader, seasonal.",
     [("user", "employer", "Loch Fyne Oysters"), ("user", "role", "shellfish grader")]),
    # left alone: no firm, no job, a thing that is no role, no doer after a job given
    ("I work as a team with two other volunteers.", []),
    ("I did it as a favour at Tesco last summer.", []),
    ("I earn more than my brother as a rule.", []),
    ("Me dieron el trabajo en Mercadona, 1.400 al mes.", [("user", "employer", "Mercadona")]),
])
def test_a_job_told_with_any_role_noun_gives_the_role_and_the_firm(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert sorted(_jobs(text)) == sorted(expected)


@pytest.mark.parametrize(("text", "day"), [
    ("Me han cogido en Ferrovial como jefe de obra. Empecé el lunes 3 de marzo.",
     dt.date(2025, 3, 3)),
    ("I got the job at Scottish Water! Started on the 17th of February.", dt.date(2025, 2, 17)),
    ("I got the job at Scottish Water! I started last Monday.", dt.date(2025, 3, 3)),
    # left alone: a start still to come, a start of something else, no day
    ("I got the job at Scottish Water! I start on the 17th of March.", _DAY),
    ("I got the job at Scottish Water. I started the kitchen on the 1st of March.", _DAY),
    ("I got the job at Scottish Water! Started already.", _DAY),
])
def test_a_job_is_dated_by_the_start_day_its_turn_tells(text: str, day: dt.date) -> None:
    told = [f for f in facts_told(f"[2025-03-08] User: {text}", day=_DAY)
            if f[1] == "employer"]
    assert [f[3] for f in told] == [day], told
