"""How old the speaker is (fix-facts9, ``actors.facts.ages``): "¡Hoy cumplo 31!" answers "How
old am I?" / "¿Cuántos años tengo?" (the outside bbtest30 question was answered from "a
three-year-old mutt"); the latest age told is the current one. An age back then, a birthday
ahead, a count of years that is no age, and someone else's age are no age of the user's."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import current, facts_told, open_runtime, save

from actors.facts.questions import attribute_question

_DAY = dt.date(2024, 2, 12)
_facts = functools.partial(facts_told, day=_DAY)


@pytest.mark.parametrize(("text", "age"), [
    ("¡Hoy cumplo 31! Also proud: I cut down to two cups of coffee a day.", "31"),
    ("2023/05/20 (Sat) 02:21\nuser: I turn 31 today", "31"),
    ("I'm 31 now", "31"),
    ("I'm 31!", "31"),
    ("I'm now 32.", "32"),
    ("I just turned 40!", "40"),
    ("I am 45 years old and live in Leeds.", "45"),
    ("Me llamo Marta, tengo 34 años y vivo en Zaragoza", "34"),
    ("Acabo de cumplir 50.", "50"),
])
def test_an_age_told_is_the_users_age(text: str, age: str) -> None:
    assert [(f[0], f[2]) for f in _facts(text) if f[1] == "age"] == [("user", age)]


@pytest.mark.parametrize("text", [
    "When I turned 18 I left home.",          # an age back then
    "I turned 30 back in 2019.",
    "Cumplí 30 hace dos años.",
    "I turn 40 next week.",                   # a birthday ahead
    "Mañana cumplo 31.",
    "I'm 5 minutes away.",                    # no age
    "I'm 30 minutes late.",
    "I'm 100% sure.",
    "I'm 12 weeks pregnant.",
    "Tengo 5 años de experiencia en Python.",
    "The app turned 3 today.",
    "My daughter turns 5 today.",             # someone else's
    "She's 4 years old and afraid of everything.",
])
def test_what_is_no_age_of_the_users(text: str) -> None:
    assert [f for f in _facts(text) if f[0] == "user" and f[1] == "age"] == []


def test_a_named_speakers_age_is_theirs() -> None:
    assert [f[:3] for f in _facts("[2024-05-01] Jess: I just turned 29!")] == [
        ("Jess", "age", "29")]


@pytest.mark.parametrize("question", [
    "How old am I?", "Today is 2024-10-01. How old am I?", "What's my age?",
    "¿Cuántos años tengo?", "¿Qué edad tengo?"])
def test_how_old_am_i_asks_the_age(question: str) -> None:
    assert attribute_question(question) == ("user", "age")


@pytest.mark.anyio
async def test_the_latest_birthday_is_the_current_age(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "[2023-06-01] user: Me llamo Valeria y tengo 30 años.")
        await save(rt, "[2024-02-12] user: ¡Hoy cumplo 31! Any ideas for a birthday dinner?")
        assert await current(rt, "user", "age") == "31"
