"""A job change, a promotion and a named speaker's move on the timeline (fix-role, probe47
§1): "I'm the pharmacist on the night shift", then "I'm leaving Farmacia Pocitos. I got a job
in quality control at Laboratorio Celeste.", then "I got promoted ..., I'm now head of
quality control." told no change, and "What is my job now?" answered `Current value: user
role = 'pharmacist'` at 1.00, for the user and for a named speaker alike; "Me mudé con
Ignacio ..., a un apartamento en Ciudad Vieja" and "We're moving from Blackrock to Kinsale on
June 13th" gave no residence timeline."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import current, open_runtime, save
from facts_runtime import facts_told as told

from tests.mcp_client import server_session

_DAY = dt.date(2026, 3, 28)
_facts = functools.partial(told, day=_DAY)


@pytest.mark.parametrize(("text", "expected"), [
    # a job got in a field at a firm: the field is the role (``jobs._job_in_field``)
    ("Odalys: I got a job in quality control at Laboratorio Celeste.",
     [("Odalys", "role", "quality control", _DAY),
      ("Odalys", "employer", "Laboratorio Celeste", _DAY)]),
    ("Conseguí trabajo en control de calidad en Laboratorio Celeste.",
     [("user", "role", "control de calidad", _DAY),
      ("user", "employer", "Laboratorio Celeste", _DAY)]),
    ("I got a job in Berlin at Zalando.", []),  # a town, not a field
    # the role said after the firm a job starts at, dated by the start (``_firm_as_role``)
    ("Henrik: I start at Kinsale Marine Labs as a data engineer on Monday.",
     [("Henrik", "employer", "Kinsale Marine Labs", dt.date(2026, 3, 30)),
      ("Henrik", "role", "data engineer", dt.date(2026, 3, 30))]),
    # a second noun or a field is the role's own (``jobs._as_role``)
    ("I start at Harbour Kitchen as head chef on the 15th.",
     [("user", "employer", "Harbour Kitchen", dt.date(2026, 4, 15)),
      ("user", "role", "head chef", dt.date(2026, 4, 15))]),
    ("Empiezo en Laboratorios Norte como técnica de calidad el lunes.",
     [("user", "employer", "Laboratorios Norte", dt.date(2026, 3, 30)),
      ("user", "role", "técnica de calidad", dt.date(2026, 3, 30))]),
    ("Empiezo en Laboratorio Celeste como analista el lunes.",
     [("user", "employer", "Laboratorio Celeste", dt.date(2026, 3, 30)),
      ("user", "role", "analista", dt.date(2026, 3, 30))]),
    # the head of a unit (``patterns._ROLE_HELD``), not of a family
    ("Odalys: I got promoted at Laboratorio Celeste, I'm now head of quality control.",
     [("Odalys", "role", "head of quality control", _DAY)]),
    ("I'm head of sales now.", [("user", "role", "head of sales", _DAY)]),
    ("Ahora soy la jefa de control de calidad.",
     [("user", "role", "jefa de control de calidad", _DAY)]),
    ("I'm the head of the family, apparently.", []),
    # a workplace being left, named, with the new job starting later (``endings``)
    ("I'm leaving the BBC, I start at Channel 4 next month.",
     [("user", "employer", "none (left the BBC)", _DAY),
      ("user", "employer", "Channel 4", dt.date(2026, 4, 1))]),
    ("Dejo Telefónica, empiezo en Indra el mes que viene.",
     [("user", "employer", "ninguno (dejó Telefónica)", _DAY),
      ("user", "employer", "Indra", dt.date(2026, 4, 1))]),
    ("I'm leaving London.", []),
    # no subject after the date a saved line opens with (``values.CLAUSE_START``)
    ("[2025-09-14] Got a job at Northgate Bank.",
     [("user", "employer", "Northgate Bank", dt.date(2025, 9, 14))]),
    ("[2025-09-14] Sold my car.", [("user", "car", "none (sold or given away)",
                                    dt.date(2025, 9, 14))]),
    # a named speaker's moves (``patterns._RULES``, ``_CHAT_RULES``)
    ("Henrik: We're moving from Blackrock to Kinsale on June 13th, to be close to the lab.",
     [("Henrik", "location", "Kinsale", dt.date(2026, 6, 13))]),
    ("Odalys: Me mudé con Ignacio hace dos semanas, a un apartamento en Ciudad Vieja.",
     [("Odalys", "location", "Ciudad Vieja", _DAY)]),
    ("We're moving from Python to Rust.", []),
])
def test_a_job_change_a_promotion_and_a_move_tell_their_facts(
        text: str, expected: list[tuple[str, str, str, dt.date]]) -> None:
    assert _facts(text) == expected


@pytest.mark.anyio
async def test_the_promotion_is_the_current_role_through_the_save_path(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[2025-09-06] Odalys: Work at Farmacia Pocitos is crazy this month, "
                       "I'm the pharmacist on the night shift three days a week.")
        await save(rt, "[2026-03-28] Odalys: Big news: I'm leaving Farmacia Pocitos. I got a "
                       "job in quality control at Laboratorio Celeste.")
        assert await current(rt, "Odalys", "role") == "quality control"
        await save(rt, "[2026-11-07] Odalys: I got promoted at Laboratorio Celeste, I'm now "
                       "head of quality control.")
        assert await current(rt, "Odalys", "role") == "head of quality control"
        assert await current(rt, "Odalys", "employer") == "Laboratorio Celeste"


@pytest.mark.anyio
async def test_a_new_job_told_without_its_subject_answers_with_the_new_employer(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "[2025-02-01] I'm a barista at Bean There, "
                                              "early shifts."})
        await s.ok("save_memory", {"content": "[2025-09-14] Got a job at Northgate Bank, "
                                              "first day is the 1st."})
        # the role told with the old employer ends with the change (``job_ends``)
        reply = await s.ok("search_memory", {"query": "What do I do for a living?"})
        assert reply.startswith("Current value: user employer = 'Northgate Bank'")
        assert "'barista'" not in reply.splitlines()[0].split("Earlier")[0]
