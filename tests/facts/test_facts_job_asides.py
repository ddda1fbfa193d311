"""Job changes told in passing in a chat with an assistant (fix-facts8, the outside bbtest30
run): going freelance, signing with a firm, leading a team (``actors.facts.jobs``), and a firm
confirmed by a shorter name keeps its full name. One test per rule, each with what it must
leave alone; the career told over four sessions goes through the real save path."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_events import fact, stamp
from facts_runtime import assert_rebuilt_alike, facts_told, history, open_runtime, save

from actors.facts.timeline import resolve

_DAY = dt.date(2024, 3, 9)
_facts = functools.partial(facts_told, day=_DAY)


def _jobs(text: str) -> list[tuple[str, str]]:
    return [(f[1], f[2]) for f in _facts(f"2024/03/09 (Sat) 10:00\nuser: {text}")
            if f[1] in ("employer", "role")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm going freelance as a UX designer, wish me luck.",
     [("employer", "self-employed (freelance)"), ("role", "UX designer")]),
    ("I went freelance in January.", [("employer", "self-employed (freelance)")]),
    ("I'm self-employed now, mostly translation work.",
     [("employer", "self-employed (freelance)")]),
    # "traductora" is a role noun since fix-current: the role, as in English
    ("Me he hecho autónoma como traductora.",
     [("employer", "autónomo (por cuenta propia)"), ("role", "traductora")]),
    ("Ahora trabajo por mi cuenta.", [("employer", "autónomo (por cuenta propia)")]),
    # left alone: a side job, and someone else
    ("I'm freelancing on the side to pay for the wedding.", []),
    ("My sister went freelance last year.", []),
])
def test_going_freelance_is_a_new_employer(text: str, expected: list[tuple[str, str]]) -> None:
    assert _jobs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I signed with Helix Robotics in Lyon as a firmware engineer, first day Monday.",
     [("employer", "Helix Robotics"), ("role", "firmware engineer")]),
    ("We signed a contract with Orbital Foods!", [("employer", "Orbital Foods")]),
    ("Firmé con Cabify como analista de datos.",
     [("employer", "Cabify"), ("role", "analista de datos")]),
    # left alone: no job said, no firm named, a lease
    ("I signed with Penguin for my second novel.", []),
    ("We signed with a new agent", []),
    ("I signed the lease with Jess yesterday.", []),
])
def test_signing_with_a_firm_names_the_employer(text: str,
                                                expected: list[tuple[str, str]]) -> None:
    assert _jobs(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Big week: I'm now leading the payments platform team at Kestrel Bank.",
     [("role", "payments platform team lead"), ("employer", "Kestrel Bank")]),
    ("I now head the research group.", [("role", "research group lead")]),
    ("Ahora lidero el equipo de producto en Wallapop.",
     [("role", "líder del equipo de producto"), ("employer", "Wallapop")]),
    # left alone: a meeting, a bare team, and a title said beside it
    ("I'm running the team meeting tomorrow.", []),
    ("I'm leading the team at 9am tomorrow.", []),
    ("Tidepool promoted me to staff engineer: I now lead the data team.",
     [("role", "staff engineer")]),
])
def test_leading_a_team_is_a_role(text: str, expected: list[tuple[str, str]]) -> None:
    assert sorted(_jobs(text)) == sorted(expected)


def test_a_firm_confirmed_by_a_shorter_name_keeps_its_full_name() -> None:
    full = fact("Kestrel Bank", stamp("2024-01-10"), valid_from="2024-01-10",
                attribute="employer", leaf="L-1")
    short = fact("Kestrel", stamp("2024-06-01"), valid_from="2024-06-01",
                 attribute="employer", leaf="L-2")
    current = resolve([full, short]).current("user", "employer")
    assert current is not None and (current.value, current.confirms) == ("Kestrel Bank", True)
    # left alone: a longer name after a shorter one is its own spelling, and another firm
    longer = fact("Kestrel Bank Group", stamp("2024-07-01"), valid_from="2024-07-01",
                  attribute="employer", leaf="L-3")
    now = resolve([full, short, longer]).current("user", "employer")
    assert now is not None and now.value == "Kestrel Bank Group"
    other = fact("Kestrelon", stamp("2024-06-01"), valid_from="2024-06-01",
                 attribute="employer", leaf="L-2")
    then = resolve([full, other]).current("user", "employer")
    assert then is not None and then.value == "Kestrelon"


@pytest.mark.anyio
async def test_a_career_told_in_asides_ends_at_the_current_job(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with open_runtime(home) as rt:
        await save(rt, "2023/06/03 (Sat) 10:00\nuser: I'm a backend developer at Larkspur "
                       "Freight. How do I paginate in SQL?")
        await save(rt, "2023/10/14 (Sat) 10:00\nuser: I quit Larkspur last Friday! I'm going "
                       "freelance as a data consultant. How do I invoice in Texas?")
        await save(rt, "2024/02/10 (Sat) 10:00\nuser: Freelancing was fun but I signed with "
                       "Vireo Labs here in Lisbon as a senior developer, I started last "
                       "Monday.")
        await save(rt, "2024/08/03 (Sat) 10:00\nuser: Small win: I'm now leading the search "
                       "infrastructure team at Vireo. Tips for a first 1:1?")
        employers = await history(rt, "user", "employer")
        roles = await history(rt, "user", "role")
    assert [(f.value, f.status) for f in employers][-1] == ("Vireo Labs", "ACTIVE")
    assert "self-employed (freelance)" in [f.value for f in employers]
    assert [f.value for f in roles][-1] == "search infrastructure team lead"
    assert_rebuilt_alike(home)


@pytest.mark.parametrize(("text", "expected"), [
    ("Passed the interview for a sous-chef job at Noma, I start in May!",
     [("employer", "Noma")]),
    ("I aced my interviews for the analyst position at Klarna.", [("employer", "Klarna")]),
    ("Me han dado el puesto de recepcionista en el Hotel Majestic.",
     [("employer", "el Hotel Majestic")]),
    # left alone: an interview not passed, another's, a day off given
    ("I have an interview for a sous-chef job at Noma tomorrow.", []),
    ("My brother passed the interview for a job at Klarna.", []),
    ("Me dieron el día libre en el trabajo.", []),
])
def test_a_job_got_by_its_interview_or_given_names_the_employer(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert _jobs(text) == expected
