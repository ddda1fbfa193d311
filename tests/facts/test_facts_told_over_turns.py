"""Changes friends tell over several turns (fix-facts4, the outside set bbtest27): a move in
told in one turn and the home in another, a car sold and the next one bought in one breath, a
promotion at a named firm, and the casual sentences the generic setting rule must leave alone.
Each rule once through the extractor and, where the tester met it, through the real save path
(and the rebuild, which must read the same earlier turns)."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, facts_told, history, open_runtime, save

from actors.facts.ahead import day_ahead
from actors.facts.moves import day_before
from actors.ingest.scope import save_scope
from actors.text import fold

_DAY = dt.date(2023, 7, 15)  # a Saturday


_facts = functools.partial(facts_told, day=_DAY)


# ------------------------------------------------------------------ casual chat is no setting


@pytest.mark.parametrize("text", [
    "the swimming is gonna humble me",
    "the old man is snoring next to the woodstove right now",
    "the shop is for paid work",
    "the garage is for weekend projects now",
    "The dog is sleeping on the sofa.",
    "el taller es para el trabajo pagado",
    "la piscina va a poder conmigo",
])
def test_what_a_thing_does_or_is_for_is_no_setting(text: str) -> None:
    assert _facts(text) == []


@pytest.mark.parametrize(("text", "fact"), [
    ("The theme is dark mode.", ("theme", "value", "dark mode")),
    ("Our primary region is eu-west-1.", ("primary region", "value", "eu-west-1")),
    ("The deploy target is now fly.io", ("deploy target", "value", "fly.io")),
    ("The plan tier is spring cleaning.", ("plan tier", "value", "spring cleaning")),
])
def test_a_setting_still_has_its_value(text: str, fact: tuple[str, str, str]) -> None:
    assert fact in [f[:3] for f in _facts(text)]


# ------------------------------------------------------------------ a car sold and the next


@pytest.mark.parametrize(("text", "value"), [
    ("[8:45 pm on 7 October, 2023] Bea: and I finally sold the Subaru. we got an electric "
     "car, a used Chevy Bolt. it's red and tiny and I love it", "Chevy Bolt"),
    ("[2023-10-07] Marta: Vendí el Seat. Nos hemos comprado un coche eléctrico, un Renault Zoe.",
     "Renault Zoe"),
    ("[2023-10-07] Kenji: We bought a new car: a blue 2019 Nissan Leaf.", "Nissan Leaf"),
])
def test_the_car_named_after_its_noun_is_the_car(text: str, value: str) -> None:
    cars = [f for f in _facts(text) if f[1] == "car"]
    assert [(f[2], f[3]) for f in cars] == [(value, dt.date(2023, 10, 7))]


def test_we_got_an_electric_car_names_no_car() -> None:
    assert _facts("[2023-10-07] Bea: we got an electric car, finally") == []


@pytest.mark.anyio
async def test_a_car_sold_and_the_next_bought_in_one_turn_through_the_save_path(
        tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[8:30 pm on 6 August, 2022] Bea: I bought a used 2018 Subaru Outback.")
        await save(rt, "[8:45 pm on 7 October, 2023] Bea: and I finally sold the Subaru. we "
                       "got an electric car, a used Chevy Bolt.")
        facts = await history(rt, "Bea", "car")
    assert [(f.value, f.status, f.valid_from) for f in facts] == [
        ("Subaru Outback", "HISTORICAL", "2022-08-06"), ("Chevy Bolt", "ACTIVE", "2023-10-07")]


# ------------------------------------------------------------------ a promotion at a firm


@pytest.mark.parametrize(("text", "role", "firm"), [
    ("[2022-11-05] Dev: I got promoted to senior engineer at Greenhouse", "senior engineer",
     "Greenhouse"),
    ("[2022-11-05] Lucía: Me han ascendido a jefa de sala en Mercadona.", "jefa de sala",
     "Mercadona"),
])
def test_a_promotion_at_a_firm_is_the_role_and_the_employer(text: str, role: str,
                                                            firm: str) -> None:
    found = {f[1]: f[2] for f in _facts(text)}
    assert (found.get("role"), found.get("employer")) == (role, firm)


def test_a_promotion_without_a_firm_is_the_role_alone() -> None:
    assert [f[1:3] for f in _facts("I got promoted to team lead!")] == [("role", "team lead")]


# ------------------------------------------------------------------ the days of a move in


@pytest.mark.parametrize(("words", "day"), [
    ("yesterday", dt.date(2023, 7, 14)),
    ("last saturday", dt.date(2023, 7, 8)),  # said on a Saturday: a week back
    ("on tuesday", dt.date(2023, 7, 11)),
    ("el sabado pasado", dt.date(2023, 7, 8)),
    ("ayer", dt.date(2023, 7, 14)),
])
def test_a_day_just_gone_is_counted_back(words: str, day: dt.date) -> None:
    assert day_before(fold(f"we moved in {words}"), _DAY) == day


def test_a_vague_past_names_no_day() -> None:
    assert day_before("we moved in last week", _DAY) is None


@pytest.mark.parametrize(("words", "day"), [
    ("in July", dt.date(2024, 7, 1)),   # said on 15 July 2023 another July is next year's
    ("in August", dt.date(2023, 8, 1)),
    ("en agosto", dt.date(2023, 8, 1)),
    ("August 14", dt.date(2023, 8, 14)),
])
def test_a_month_or_a_bare_day_of_a_month_is_a_day_ahead(words: str, day: dt.date) -> None:
    assert day_ahead(fold(f"it happens {words}"), _DAY) in (day, _DAY)
    assert day_ahead(fold(f"it happens {words}"), dt.date(2023, 6, 3)) == (
        dt.date(2023, 7, 1) if "july" in words.lower() else day)


def test_a_job_started_on_a_bare_day_is_dated_that_day() -> None:
    assert _facts("[2023-07-15] Dev: I'm going to Nashville. I start at Ironwood August 14") \
        == [("Dev", "employer", "Ironwood", dt.date(2023, 8, 14))]


# ------------------------------------------------------------------ a move in over turns


_SESSION = (
    "[3:50 pm on 3 June, 2023] Conversation between Bea and Dev\n"
    "Bea: smart sister. ok unrelated: Jess asked me to move in with her. she has a little "
    "house in Golden\n"
    "Dev: whoa! you said yes?\n"
    "Bea: I said YES. we're moving in July. Juniper gets a yard!!\n")


def test_a_move_in_a_month_ahead_goes_to_the_home_named_turns_before() -> None:
    assert [f for f in _facts(_SESSION) if f[1] == "location"] == [
        ("Bea", "location", "Golden", dt.date(2023, 7, 1))]


def test_a_move_in_goes_only_to_the_speaker_s_own_home() -> None:
    other = ("[2023-06-03] Dev: my sister has a little house in Golden\n"
             "Bea: I said YES. we're moving in July.\n")
    assert _facts(other) == []
    no_home = "[2023-06-03] Bea: Jess asked me to move in with her.\nBea: we're moving in July.\n"
    assert _facts(no_home) == []


def test_moved_in_last_saturday_goes_to_the_home_of_an_earlier_turn() -> None:
    earlier = ["[3:50 pm on 3 June, 2023] Bea: Jess asked me to move in with her. she has a "
               "little house in Golden",
               "[3:50 pm on 3 June, 2023] Dev: whoa! you said yes?"]
    told = "[4:05 pm on 15 July, 2023] Bea: we moved in last saturday!"
    assert _facts(told, earlier) == [("Bea", "location", "Golden", dt.date(2023, 7, 8))]
    assert _facts(told) == []  # no home named: no guess
    assert _facts("[4:05 pm on 15 July, 2023] Dev: we moved in last saturday!", earlier) == []


@pytest.mark.parametrize(("text", "place"), [
    ("[2023-06-03] Bea: I'm moving in with Jess in Golden", "Golden"),
    ("[2023-06-03] Bea: we've just moved in with my aunt in Leeds.", "Leeds"),
    ("[2023-06-03] Lucía: Me voy a vivir con Jess a Golden.", "Golden"),
])
def test_moving_in_with_someone_in_a_place_is_that_place(text: str, place: str) -> None:
    assert [f[2] for f in _facts(text) if f[1] == "location"] == [place]


def test_moving_in_with_someone_alone_is_no_place() -> None:
    assert _facts("[2023-06-03] Bea: I'm moving in with Jess next month") == []


@pytest.mark.anyio
async def test_a_move_in_told_turns_after_the_home_through_the_save_path_and_rebuild(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with open_runtime(home) as rt:
        await save(rt, "[12:15 pm on 14 May, 2022] Bea: we're moving to Denver.")
        await save(rt, "[3:50 pm on 3 June, 2023] Bea: ok unrelated: Jess asked me to move in "
                       "with her. she has a little house in Golden")
        await save(rt, "[3:50 pm on 3 June, 2023] Dev: whoa! you said yes?")
        await save(rt, "[4:05 pm on 15 July, 2023] Dev: lol true. how's Golden?")
        await save(rt, "[4:05 pm on 15 July, 2023] Bea: we moved in last saturday!")
        facts = await history(rt, "Bea")
    assert [(f.value, f.status, f.valid_from) for f in facts] == [
        ("Denver", "HISTORICAL", "2022-05-14"), ("Golden", "ACTIVE", "2023-07-08")]
    assert_rebuilt_alike(home)


# ------------------------------------------------------------------ filing a friend's turn


@pytest.mark.parametrize(("text", "personal"), [
    ("[8:45 pm on 7 October, 2023] Bea: and I finally sold the Subaru. we got an electric "
     "car, a used Chevy Bolt.", True),
    ("[12:15 pm on 14 May, 2022] Bea: we're moving to Denver.", True),
    ("[4:05 pm on 15 July, 2023] Bea: we moved in last saturday!", True),
    ("[2026-11-30] Alice: we pin numpy to 1.26 in this repo.", False),
])
def test_a_named_speaker_s_turn_about_their_life_is_filed_globally(text: str,
                                                                    personal: bool) -> None:
    """A named speaker's first-person facts are that person's; like the user's, they are
    saved globally even inside a project (the tester's chat turns went to @project:main)."""
    assert (save_scope("", "project:main", text) == "") is personal
