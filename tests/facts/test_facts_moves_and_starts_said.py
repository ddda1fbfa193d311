"""Moves and new jobs in the words an outside probe (probe44) used in a chat, which recorded
no fact: a move told alone and its new home in the next sentence ("We've moved! New place in
Mumbles"), a move to come in a part of a month ("Me mudo a Bilbao a principios de
septiembre"), a job started in Spanish with "de" ("Empiezo a trabajar de técnica de
laboratorio en Labersa"), and a two-word title ("a lead designer", was 'lead'). Each rule
through the extractor with the cases it must not read, and the move once through a save."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import current, facts_told, open_runtime, save

_DAY = dt.date(2025, 7, 19)

_facts = functools.partial(facts_told, day=_DAY)


@pytest.mark.parametrize(("text", "place"), [
    ("[2025-07-19] Bryn: We've moved! New place in Mumbles, a terraced house by the sea.",
     "Mumbles"),
    ("Bryn: ¡Nos hemos mudado! Piso nuevo en Deusto, al lado de la ría.", "Deusto"),
    ("Bryn: We've moved! The new flat in Leith is tiny.", "Leith"),
    ("Anna: Haha we moved! The cats hate it. New flat in Leith though.", "Leith"),
    ("Ana: Ya nos hemos mudado. La casa nueva en Triana es preciosa.", "Triana"),
    ("We finally moved. Our new house in Harrogate has a garden.", "Harrogate"),
])
def test_a_move_told_alone_goes_to_the_home_the_next_sentence_names(
        text: str, place: str) -> None:
    assert [(f[1], f[2]) for f in _facts(text)] == [("location", place)]


@pytest.mark.parametrize("text", [
    "Bryn: My sister has moved! New place in Mumbles.",  # someone else's move
    "Bryn: We've moved! New place in the city centre.",  # no place's name
    "Anna: We moved! My brother's new flat in Leith is nice though.",  # his home
    "Ana: Tengo un piso nuevo en Triana.",  # a home, no move
    "Bryn: We've moved! The cats hate it. The dog hates it. We miss Leeds. New flat in York.",
])
def test_no_move_to_a_home_that_is_not_the_speaker_s_new_one(text: str) -> None:
    assert [f for f in _facts(text) if f[1] == "location"] == []


@pytest.mark.parametrize(("text", "place", "day"), [
    ("Ceri: Me mudo a Bilbao a principios de septiembre.", "Bilbao", dt.date(2025, 9, 1)),
    ("Ceri: Nos mudamos a Vigo a finales de julio.", "Vigo", dt.date(2025, 7, 25)),
    ("Ceri: I move to Leeds at the end of August.", "Leeds", dt.date(2025, 8, 25)),
    ("Ceri: We're moving to York in mid-October.", "York", dt.date(2025, 10, 15)),
    ("Ceri: I move to Cork in early March.", "Cork", dt.date(2026, 3, 1)),
])
def test_a_move_in_a_part_of_a_month_is_true_from_then(
        text: str, place: str, day: dt.date) -> None:
    assert [(f[2], f[3]) for f in _facts(text) if f[1] == "location"] == [(place, day)]


def test_a_move_with_no_day_is_still_no_fact() -> None:
    assert _facts("Ceri: Me mudo a Bilbao cuando pueda.") == []


@pytest.mark.parametrize(("text", "role", "employer"), [
    ("Iolo: Empiezo a trabajar de técnica de laboratorio en Labersa.",
     "técnica de laboratorio", "Labersa"),
    ("Iolo: He empezado como enfermera en el Hospital Clínico.", "enfermera",
     "Hospital Clínico"),
    ("Gethin: I'm now a lead designer at Hollin Homes in Swansea.", "lead designer",
     "Hollin Homes"),
    ("Gethin: I'm the head chef at Casa Pepe.", "head chef", "Casa Pepe"),
])
def test_a_job_started_or_held_names_its_whole_role(
        text: str, role: str, employer: str) -> None:
    told = {f[1]: f[2] for f in _facts(text)}
    assert (told.get("role"), told.get("employer")) == (role, employer)


def test_work_at_night_is_no_role() -> None:
    assert _facts("Iolo: Empiezo a trabajar de noche en Labersa.") == []


@pytest.mark.anyio
async def test_where_one_lives_after_a_move_told_alone(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[2025-01-11] Rohan: Still in the Canton flat in Cardiff, rent went up.")
        await save(rt, "[2025-07-19] Rohan: We've moved! New place in Mumbles, a terraced "
                       "house five minutes from the sea.")
        assert await current(rt, "Rohan") == "Mumbles"
