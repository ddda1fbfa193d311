"""A home told right after a move is inside the town moved to (fix-facts39, the outside
bbtest39 chat: "Tomás: Llegamos a Chicago ayer." then "Tomás: Vivimos en Logan Square" made
'Logan Square' replace 'Chicago', and every Chicago memory was shown OUTDATED); a job still
held, told after a reply word or with "sigo en X como ...", is the speaker's employer (the
employer before a change was never recorded, so "before" questions had nothing to answer
with). Each rule with its English and Spanish wordings and what it must leave alone."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, facts_told, history, open_runtime, save

from actors.facts.keys import same_value

_facts = functools.partial(facts_told, day=dt.date(2026, 6, 26))


def _homes(text: str, earlier: list[str] | None = None) -> list[tuple[str, str]]:
    return [(f[0], f[2]) for f in _facts(text, earlier) if f[1] == "location"]


@pytest.mark.parametrize(("earlier", "text", "expected"), [
    (["Tomás: Llegamos a Chicago ayer. Mole maulló todo el camino."],
     "Tomás: Vivimos en Logan Square, cerca de un parque.", [("Tomás", "Logan Square, Chicago")]),
    (["Maya: We're driving to Denver next weekend.", "Tomás: ¿Ya tienes departamento?"],
     "Maya: I rented a one-bedroom in Capitol Hill, close to the park.",
     [("Maya", "Capitol Hill, Denver")]),
    (["Priya: Made it to Leeds on Monday!"], "Priya: We live in Headingley now.",
     [("Priya", "Headingley")]),  # "now": a change of its own, not a part of Leeds
    # someone else's town, a negated or supposed move: the home alone
    (["Maya: Made it to Denver on Monday!"], "Tomás: Vivimos en Logan Square.",
     [("Tomás", "Logan Square")]),
    (["Maya: We're not moving to Denver after all."], "Maya: We live in Capitol Hill.",
     [("Maya", "Capitol Hill")]),
    (["Maya: If we move to Denver I'll cry."], "Maya: I rented a one-bedroom in Capitol Hill.",
     [("Maya", "Capitol Hill")]),
    (["Maya: My sister moved to Denver."], "Maya: I rented a one-bedroom in Capitol Hill.",
     [("Maya", "Capitol Hill")]),
    # a turn of another day is another conversation (a history back-filled after the move)
    (["2026-05-01: I moved to Valencia."], "2025-03-10: I live in Madrid.", [("user", "Madrid")]),
])
def test_a_home_told_after_a_move_is_inside_its_town(
        earlier: list[str], text: str, expected: list[tuple[str, str]]) -> None:
    assert _homes(text, earlier) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a whole session saved as one memory: the speaker's own earlier line names the town
    ("2026-06-26 — conversation between Maya and Tomás\nTomás: Llegamos a Chicago ayer.\n"
     "Maya: Welcome to the north! What neighborhood?\nTomás: Vivimos en Logan Square.",
     [("Tomás", "Logan Square, Chicago")]),
    ("Me he mudado a Madrid. Vivo en Chamberí.",
     [("user", "Madrid"), ("user", "Chamberí, Madrid")]),
    # a change of its own is no part of the town
    ("I moved to Madrid. Now I live in Valencia, since Sunday.",
     [("user", "Madrid"), ("user", "Valencia")]),
    ("We moved to Leeds. We moved from Headingley to Chapel Allerton.",
     [("user", "Leeds"), ("user", "Chapel Allerton")]),
])
def test_a_home_inside_the_town_in_one_memory(text: str, expected: list[tuple[str, str]]
                                              ) -> None:
    assert _homes(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I rented a one-bedroom in Capitol Hill, close to Cheesman Park.",
     [("user", "Capitol Hill")]),
    ("We've rented a two-bed in Leith.", [("user", "Leith")]),
    ("Alquilamos un piso en Gràcia.", [("user", "Gràcia")]),
    # a stay, a home of the past
    ("We rented a flat in Porto for a month.", []),
    ("We rented a house in Cornwall for the summer.", []),
    ("I rented a studio in Brooklyn back in college.", []),
    ("Alquilamos un piso en Cádiz por un mes.", []),
    ("She rented a flat in Leeds.", []),
])
def test_a_home_rented_told_as_done(text: str, expected: list[tuple[str, str]]) -> None:
    assert _homes(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Maya: Yep, still an ER nurse at Providence St. Vincent here in Portland.",
     [("Maya", "Providence St. Vincent")]),
    ("Yeah, still a developer at Globex, nothing new.", [("user", "Globex")]),
    ("Tomás: Noted. Yo sigo en Brightwave Solar como ingeniero de datos, nada nuevo.",
     [("Tomás", "Brightwave Solar")]),
    ("Sigo trabajando en Indra.", [("user", "Indra")]),
    # no reply word (maybe someone else's job), no role, no name
    ("My sister? Still a nurse at Kaiser.", []),
    ("She's still a nurse at Kaiser.", []),
    ("Sigo en Madrid como siempre.", []),
    ("Sigo trabajando en casa.", []),
    ("Yep, still a nurse at the hospital.", []),
    # "trabajo" the noun after a verb that has it as its object, not "I work at"
    ("Tomás: Lucía consiguió trabajo en Chicago, en un despacho de arquitectura.", []),
    ("Mi hermana consiguió trabajo en Madrid.", []),
    ("Busco trabajo en Sevilla.", []),
    ("Ahora trabajo en Indra como analista.", [("user", "Indra")]),
])
def test_a_job_still_held_is_the_speaker_s_employer(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert [(f[0], f[2]) for f in _facts(text) if f[1] == "employer"] == expected


def test_a_town_is_the_same_place_as_a_home_inside_it() -> None:
    assert same_value("Chicago", "Logan Square, Chicago", "location")
    assert same_value("Capitol Hill, Denver", "denver", "location")
    assert not same_value("Logan Square, Chicago", "Wicker Park, Chicago", "location")
    assert not same_value("Chicago", "Logan Square", "location")
    assert not same_value("Acme", "Labs, Acme", "employer")  # places only


@pytest.mark.anyio
async def test_the_home_refines_the_move_on_the_timeline(tmp_path: Path) -> None:
    """Through the real save path, one turn per memory: the neighbourhood is no change (no
    notice, the move's memory stays current), and a rebuild reads the same earlier turns."""
    home = tmp_path / "home"
    async with open_runtime(home) as rt:
        await save(rt, "2026-06-03 Tomás: Confirmado: nos mudamos a Chicago a finales de junio.")
        await save(rt, "2026-06-26 Tomás: Llegamos a Chicago ayer. Dos días en coche.")
        await save(rt, "2026-06-26 Maya: Welcome to the north! What neighborhood?")
        told = await save(rt, "2026-06-26 Tomás: Vivimos en Logan Square, cerca de un parque.")
        timeline = [(f.value, f.status) for f in await history(rt, "Tomás", "location")]
    assert [f.value for f in told.facts.new_facts] == ["Logan Square, Chicago"]
    assert told.facts.notices == ()
    assert timeline == [("Chicago", "HISTORICAL"), ("Logan Square, Chicago", "ACTIVE")]
    assert_rebuilt_alike(home)
