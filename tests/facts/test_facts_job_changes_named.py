"""Job changes told of a named person (fix-facts5): "Marta left Deloitte and joined
Accenture" (the sentence's subject a name), and a named speaker's "I left Globex last Friday,
joining Initech in two weeks" (the new job ahead, the old one ended the day just gone). The
same machinery as the speaker's own changes: ``endings.left_named``, the ``patterns`` rules,
``ahead`` for the day a job starts."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import current, facts_told, history, open_runtime, save

from actors.facts.patterns import extract_facts

_DAY = dt.date(2025, 3, 4)


_facts = functools.partial(facts_told, day=_DAY)


@pytest.mark.parametrize(("text", "expected"), [
    ("2025-02-01: Marta left Deloitte and joined Accenture as a manager.",
     [("Marta", "employer", "Accenture", dt.date(2025, 2, 1))]),
    ("Mi amigo Jorge dejó Indra y se fue a trabajar a Amazon.",
     [("Jorge", "employer", "Amazon", _DAY)]),
    ("Tom quit Globex and started at Initech.", [("Tom", "employer", "Initech", _DAY)]),
    ("Yesterday Priya left the BBC and joined Channel 4.",
     [("Priya", "employer", "Channel 4", _DAY)]),
    ("Ana ha dejado Telefónica y entró en Iberdrola.", [("Ana", "employer", "Iberdrola", _DAY)]),
])
def test_a_named_person_who_left_a_job_and_joined_another_works_there(
        text: str, expected: list[tuple[str, str, str, dt.date]]) -> None:
    # left and joined the same day: the new job alone ends the old one, as "I left Acme and
    # joined Initech" does
    assert _facts(text) == expected


@pytest.mark.parametrize("text", [
    "My sister left Deloitte and joined Accenture.",  # no name: someone of the speaker's
    "He quit his job and joined Acme.",
    "Tom quit smoking and joined Strava.",  # no job left
    "Marta left the room and joined Tom at the bar.",
    "If Marta left Deloitte and joined Accenture, she'd be happier.",  # a hypothetical
    "Marta left Deloitte.",  # a name left alone ends no job
    "I'm off to the pub, joining Tom next week.",  # "joining" with no job left before
    "Tom: I left Globex last Friday, joining the team soon.",
    "My sister quit Globex, joining Initech on Monday.",  # someone else
    "Jorge dejó Indra y se fue a Madrid.",  # "se fue a" a town as well as a firm
])
def test_no_job_change_of_a_named_person_without_a_job_left_by_them(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "employer"]


def test_a_named_speaker_left_a_job_and_joins_the_next_in_two_weeks() -> None:
    text = ("[10:00 am on 2 September, 2024] Tom: I left Globex last Friday, joining Initech "
            "in two weeks.")
    assert [(f.subject, f.attribute, f.value, f.valid_from) for f in extract_facts(text)] == [
        ("Tom", "employer", "none (left Globex)", dt.date(2024, 8, 30)),  # last Friday
        ("Tom", "employer", "Initech", dt.date(2024, 9, 16))]  # said on a Monday, +14 days


@pytest.mark.anyio
async def test_the_named_job_changes_through_the_save_path(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "[2024-06-01] Tom: I work at Globex.")
        await save(rt, "[10:00 am on 2 September, 2024] Tom: I left Globex last Friday, "
                       "joining Initech in two weeks.")
        await save(rt, "[2024-06-01] user: Marta works at Deloitte.")
        await save(rt, "2025-02-01: Marta left Deloitte and joined Accenture as a manager.")
        tom = await history(rt, "Tom", "employer")
        marta = await history(rt, "Marta", "employer")
        assert await current(rt, "Tom", "employer") == "Initech"
        assert await current(rt, "Marta", "employer") == "Accenture"
    assert [(f.value, f.status, f.valid_from, f.valid_to) for f in tom] == [
        ("Globex", "HISTORICAL", "2024-06-01", "2024-08-30"),
        ("none (left Globex)", "HISTORICAL", "2024-08-30", "2024-09-16"),
        ("Initech", "ACTIVE", "2024-09-16", None)]
    assert [(f.value, f.status, f.valid_from, f.valid_to) for f in marta] == [
        ("Deloitte", "HISTORICAL", "2024-06-01", "2025-02-01"),
        ("Accenture", "ACTIVE", "2025-02-01", None)]
