"""A role ends when its holder changes employer (fix-stale, probe43 §9): "Trabajo de técnico
de sonido en el Teatro Talía", then "Me han ofrecido trabajo en una productora de pódcast",
kept 'técnico' ACTIVE beside the new employer, and "¿En qué trabaja Lucas ahora?" answered it
(``job_ends``). Also the turns of that chat that told no fact: a role's field before its
workplace, a return to work at a named place, a town one is in with a rented flat, a contract
for a post."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_events import fact, stamp
from facts_runtime import current, history, open_runtime, save
from facts_runtime import facts_told as told

from actors.facts.timeline import resolve

pytestmark = pytest.mark.anyio

_DAY = dt.date(2026, 3, 4)
_facts = functools.partial(told, day=_DAY)


def _job(value: str, day: str, attribute: str, leaf: str) -> dict[str, object]:
    return fact(value, stamp(day), valid_from=day, subject="Lucas", attribute=attribute,
                leaf=leaf)


def test_a_role_told_with_an_employer_ends_when_the_employer_changes() -> None:
    timeline = resolve([_job("el Teatro Talía", "2025-10-15", "employer", "L-1"),
                        _job("técnico", "2025-10-15", "role", "L-1"),
                        _job("una productora", "2026-07-03", "employer", "L-2")])
    (role,) = timeline.facts_for("Lucas", "role")
    assert (role.status, role.valid_to) == ("HISTORICAL", "2026-07-03")
    assert timeline.current("Lucas", "role") is None
    assert timeline.leaf_currency("L-1") == "SUPERSEDED"


def test_a_role_told_again_after_the_change_stays_and_a_first_employer_ends_nothing() -> None:
    restated = resolve([_job("Pentagram", "2025-03-01", "employer", "L-1"),
                        _job("designer", "2025-03-01", "role", "L-1"),
                        _job("IDEO", "2026-02-01", "employer", "L-2"),
                        _job("senior designer", "2026-02-01", "role", "L-2")])
    now = restated.current("Lucas", "role")
    assert now is not None and now.value == "senior designer"
    # "I'm a nurse", then "I work at St Mary's": a first employer is no change of job
    first = resolve([_job("nurse", "2025-01-10", "role", "L-1"),
                     _job("St Mary's", "2025-06-01", "employer", "L-2")])
    role = first.current("Lucas", "role")
    assert role is not None and role.value == "nurse"


async def test_the_role_ends_through_the_save_path(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "[2025-10-15] Lucas: Trabajo de técnico de sonido en el Teatro Talía, "
                       "casi todas las noches.")
        await save(rt, "[2026-07-03] Lucas: Nos mudamos a Granada, al Albaicín. Me han "
                       "ofrecido trabajo en una productora de pódcast.")
        assert await current(rt, "Lucas", "role") is None
        assert await current(rt, "Lucas", "employer") == "una productora de pódcast"
        assert [(f.value, f.status) for f in await history(rt, "Lucas", "role")] == [
            ("técnico", "HISTORICAL")]


@pytest.mark.parametrize(("text", "expected"), [
    ("[2025-10-15] Lucas: Trabajo de técnico de sonido en el Teatro Talía.",
     [("Lucas", "employer", "el Teatro Talía", dt.date(2025, 10, 15)),
      ("Lucas", "role", "técnico", dt.date(2025, 10, 15))]),
    ("Trabajo de profesora de matemáticas en el Colegio Alameda.",
     [("user", "employer", "el Colegio Alameda", _DAY), ("user", "role", "profesora", _DAY)]),
    ("[2026-08-12] Nadia: Going back to work in October, but at Wythenshawe Hospital as a "
     "hospital pharmacist, not Boots.",
     [("Nadia", "employer", "Wythenshawe Hospital", dt.date(2026, 8, 12))]),
    ("Back to work next week at Salford Royal.", [("user", "employer", "Salford Royal", _DAY)]),
    ("Going back to work at the weekend, ugh.", []),
    ("[2026-01-07] Carmen: Ya estoy en Oviedo, he alquilado un piso pequeño cerca de la "
     "universidad.", [("Carmen", "location", "Oviedo", dt.date(2026, 1, 7))]),
    ("Ya estoy en Cádiz de visita, he alquilado un piso para unos días.", []),
    ("[2026-09-10] Carmen: Me han hecho un contrato de investigadora, se acabó la beca.",
     [("Carmen", "role", "investigadora", dt.date(2026, 9, 10))]),
    ("I signed a contract as a lab technician.", [("user", "role", "lab technician", _DAY)]),
    ("Me han hecho un contrato de alquiler por un año.", []),
])
def test_the_job_and_home_turns_of_the_chat_tell_their_facts(
        text: str, expected: list[tuple[str, str, str, dt.date]]) -> None:
    assert _facts(text) == expected
