"""Current values after a change (fix-stale, probe43 §4 and §9): a slip corrected leads a
question that does not name the wrong value, though only the corrected memory holds the
question's words; a role ended by a change of employer answers with the employer; "at the
start of the year" is asked of the year's first day."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from actors.navigation.replacements import corrects_unasked_slip
from actors.time_ranges import asked_range, day_asked
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import ids, save, search

pytestmark = pytest.mark.anyio


async def test_a_slip_corrected_leads_unless_the_wrong_value_is_asked(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        bike = await save(rt, "[2026-02-07] user: Bought a Brompton folding bike for 1,450 "
                              "pounds to get to the office.")
        fixed = await save(rt, "[2026-02-08] user: Correction on the Brompton: it was 1,540 "
                               "pounds, not 1,450. I swapped the digits.")
        rent = await save(rt, "[2026-01-15] Marco: My rent in Turin is 720 euros a month.")
        rent_fixed = await save(rt, "[2026-01-16] Marco: Perdón, me equivoqué: son 780 euros, "
                                    "no 720.")
        assert ids(await search(rt, "How much did the folding bike cost the user?"))[:2] \
            == [fixed, bike]
        assert ids(await search(rt, "¿Cuánto paga Marco de alquiler en Turín?"))[:2] == [
            rent_fixed, rent]


def test_a_question_naming_the_wrong_value_is_not_answered_by_the_slip_rule() -> None:
    fixed = "[2026-03-02] user: Sorry, typo: it was 98 euros, not 89."
    assert corrects_unasked_slip(fixed, "How much were the concert tickets?")
    assert not corrects_unasked_slip(fixed, "the 89 euro tickets")
    assert not corrects_unasked_slip("2026-05-01: I moved to Valencia.", "Lisbon")


async def test_a_role_ended_by_a_new_employer_answers_with_the_employer(
        tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await save(rt, "[2025-03-01] Priya: I'm a junior designer at Pentagram, mostly book "
                       "covers.")
        offer = await save(rt, "[2026-02-01] Priya: I accepted an offer at IDEO, first day is "
                               "Monday!")
        for question in ("What does Priya do for work now?", "¿En qué trabaja Priya ahora?"):
            found = await search(rt, question)
            assert found.answer is not None and found.answer.value == "IDEO", question
            assert ids(found)[:1] == [offer], question


async def test_a_job_asked_with_only_a_role_told_answers_with_the_role(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        told = await save(rt, "[2026-02-01] Pablo: He firmado un contrato como técnico de "
                              "laboratorio.")
        await save(rt, "[2026-02-02] Pablo: Hola a todos, qué frío hace.")
        found = await search(rt, "What is Pablo's job?")  # asks the employer's key
        assert found.answer is not None and found.answer.value.startswith("técnico")
        assert ids(found)[:1] == [told]
        # where he works is a place no memory gives: the role is no answer to it
        assert (await search(rt, "Where does Pablo work?")).answer is None


def valid_on(question: str, today: dt.date) -> dt.date | None:
    span = asked_range(question, today)
    return None if span is None else day_asked(span, question, today)


def test_the_start_of_a_year_is_asked_of_its_first_day() -> None:
    today = dt.date(2026, 12, 7)
    for question in ("Where was the user living at the start of the year?",
                     "¿Dónde vivía el usuario a principios de año?",
                     "Where did the user live at the beginning of 2026?"):
        assert valid_on(question, today) == dt.date(2026, 1, 1), question
    assert valid_on("Where did I live at the end of the year?", today) == today
    assert valid_on("Where did I live early this year?", today) == dt.date(2026, 4, 30)
    assert valid_on("Mi hijo cumple un año", today) is None
