"""A change of home, partner or work told in passing (fix-facts44, the outside probe42 run):
"Ya estoy en Madrid, compartiendo piso en Lavapiés", "Settling in to York now that the move
is done", "Ana and I broke up; I'm seeing Lucía now", "I opened my own café, Slow Drip, today"
made no fact, so "Current value" kept stating the older home, partner or employer. Each rule
is checked through a real save after the older value; a stay, someone else's home, a home
still to come or a meeting must leave the older value current."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import current, open_runtime, save

_SPEAKER_HOME = "[2026-01-06] Bea: I live in Porto."
_USER_HOME = "[2026-01-06] user: Vivo en Sevilla."


async def _current_after(tmp_path: Path, earlier: str, later: str, attribute: str,
                         subject: str) -> str | None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, earlier)
        await save(rt, later)
        return await current(rt, subject, attribute)


@pytest.mark.anyio
@pytest.mark.parametrize(("later", "subject", "value"), [
    # the town one is in now, with a home that says it is one's own
    ("[2026-07-01] Bea: I'm in Braga now, the new flat is lovely.", "Bea", "Braga"),
    ("[2026-07-01] Bea: I'm now in Glasgow, still unpacking boxes in the new place.", "Bea",
     "Glasgow"),
    ("[2026-07-01] user: Ya estoy en Madrid, compartiendo piso en Lavapiés.", "user", "Madrid"),
    ("[2026-07-01] user: Ahora estoy en Vigo, la mudanza fue un caos.", "user", "Vigo"),
    # left alone: a stay, a visit, a trip's arrival, someone else, the past
    ("[2026-07-01] Bea: I'm in Braga for the weekend.", "Bea", "Porto"),
    ("[2026-07-01] Bea: I'm in London now for a conference, the hotel is nice.", "Bea", "Porto"),
    ("[2026-07-01] Bea: I'm in Paris now!", "Bea", "Porto"),
    ("[2026-07-01] Bea: She's in Braga now, the new flat is lovely.", "Bea", "Porto"),
    ("[2026-07-01] user: Estoy en Madrid de visita.", "user", "Sevilla"),
    ("[2026-07-01] user: Ya estoy en Madrid, mañana tengo la reunión.", "user", "Sevilla"),
])
async def test_the_town_one_is_in_now_with_a_home(tmp_path: Path, later: str, subject: str,
                                                  value: str) -> None:
    earlier = _SPEAKER_HOME if subject == "Bea" else _USER_HOME
    assert await _current_after(tmp_path, earlier, later, "location", subject) == value


@pytest.mark.anyio
@pytest.mark.parametrize(("later", "value"), [
    ("[2026-07-01] user: Settling in to York now that the move is done.", "York"),
    ("[2026-07-01] user: We're settling in Aarhus nicely.", "Aarhus"),
    ("[2026-07-01] user: Nos estamos instalando en Cádiz poco a poco.", "Cádiz"),
    # left alone: a new job, a stay
    ("[2026-07-01] user: I'm settling into the new job at Acme.", "Sevilla"),
    ("[2026-07-01] user: Settling in to Porto for the week.", "Sevilla"),
])
async def test_settling_in_a_town(tmp_path: Path, later: str, value: str) -> None:
    assert await _current_after(tmp_path, _USER_HOME, later, "location", "user") == value


@pytest.mark.anyio
@pytest.mark.parametrize(("later", "value"), [
    ("[2026-07-01] user: Acabo de llegar a mi nuevo piso en Bilbao.", "Bilbao"),
    ("[2026-07-01] user: Our new flat in Cardiff has a tiny balcony.", "Cardiff"),
    ("[2026-07-01] user: Nuestra casa nueva en Oviedo tiene jardín.", "Oviedo"),
    # left alone: someone else's, one still to come
    ("[2026-07-01] user: My sister's new flat in Leeds is huge.", "Sevilla"),
    ("[2026-07-01] user: My new flat in Bilbao will be ready in June.", "Sevilla"),
])
async def test_ones_new_home_in_a_place(tmp_path: Path, later: str, value: str) -> None:
    assert await _current_after(tmp_path, _USER_HOME, later, "location", "user") == value


@pytest.mark.anyio
@pytest.mark.parametrize(("later", "value"), [
    ("[2026-07-01] user: Ana and I broke up; I'm seeing Lucía now.", "Lucía"),
    ("[2026-07-01] user: I broke up with Ana last month and I'm now seeing Dani.", "Dani"),
    # left alone: a meeting after a break-up
    ("[2026-07-01] user: Ana and I broke up; I'm seeing Dr Ruiz now about the anxiety.",
     "none (broke up with Ana)"),
    ("[2026-07-01] user: Ana and I broke up; I'm seeing Tom tomorrow to talk about the flat.",
     "none (broke up with Ana)"),
])
async def test_a_partner_seen_after_a_break_up(tmp_path: Path, later: str, value: str) -> None:
    earlier = "[2026-01-06] user: My girlfriend Ana and I got a dog."
    assert await _current_after(tmp_path, earlier, later, "partner", "user") == value


@pytest.mark.anyio
@pytest.mark.parametrize(("later", "value"), [
    ("[2026-10-03] Kenji: I opened my own café, Slow Drip, today and quit the roastery.",
     "Slow Drip"),
    ("[2026-10-03] Kenji: He abierto mi propia panadería, La Miga, en el centro.", "La Miga"),
    # left alone: someone else's, a wish, an account
    ("[2026-10-03] Kenji: My friend opened her own café, Bean There, last week.", "Roastworks"),
    ("[2026-10-03] Kenji: I'd love to open my own bakery, Crumbs, one day.", "Roastworks"),
    ("[2026-10-03] Kenji: I opened my own bank account, finally.", "Roastworks"),
])
async def test_a_business_of_ones_own(tmp_path: Path, later: str, value: str) -> None:
    earlier = "[2026-01-09] Kenji: I'm a barista at Roastworks."
    assert await _current_after(tmp_path, earlier, later, "employer", "Kenji") == value


@pytest.mark.anyio
async def test_a_hire_at_a_firm_named_beside(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[2026-01-13] Marta: Trabajo como profesora de matemáticas en un "
                       "instituto.")
        await save(rt, "[2026-06-01] Marta: Me han contratado como desarrolladora junior en "
                       "una startup, Tramoya.")
        assert await current(rt, "Marta", "role") == "desarrolladora"
        assert await current(rt, "Marta", "employer") == "Tramoya"
