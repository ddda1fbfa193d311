"""Whose fact it is (fix-facts9, ``actors.facts.whose``): a relative's, a friend's or a named
person's job, home, car or phone is theirs, never the user's ("my brother got a job as a nurse
at Mercy General" gave the user the role and the employer); "I" said by a named speaker stays
that speaker; the user's own facts, with a relative beside them or no subject said, stay the
user's. The store files them as questions ask them: "Where does my brother work?" is
('brother', 'employer'), "Where does my friend Jess work?" ('jess', 'employer')."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import current, facts_told, open_runtime, save

from actors.facts.questions import attribute_question

_DAY = dt.date(2024, 3, 9)
_facts = functools.partial(facts_told, day=_DAY)


def _told(text: str) -> list[tuple[str, str, str]]:
    return [f[:3] for f in _facts(text)]


@pytest.mark.parametrize(("text", "expected"), [
    ("my brother got a job as a nurse at Mercy General",
     [("brother", "employer", "Mercy General"), ("brother", "role", "nurse")]),
    ("So my brother accepted a job as senior analyst at Maré Energia.",
     [("brother", "employer", "Maré Energia"), ("brother", "role", "senior analyst")]),
    ("My friend Jess got a job as a nurse at Mercy General.",
     [("Jess", "employer", "Mercy General"), ("Jess", "role", "nurse")]),
    ("Sam got a job as a nurse at Mercy General.",
     [("Sam", "employer", "Mercy General"), ("Sam", "role", "nurse")]),
    ("My sister switched from the Pixel to an iPhone 15.", [("sister", "phone", "iPhone 15")]),
    ("Sam traded in the Civic for a Tesla Model 3.", [("Sam", "car", "Tesla Model 3")]),
    ("My sister started at Contoso as a platform engineer on Monday.",
     [("sister", "employer", "Contoso"), ("sister", "role", "platform engineer")]),
    # someone unnamed: no one's fact
    ("She got a job as a nurse at Mercy General.", []),
    ("My friend got a job as a nurse at Mercy General.", []),
    ("They switched from the Pixel to an iPhone 15.", []),
])
def test_a_fact_read_without_its_subject_is_the_clause_openers(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _told(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My sister moved to Lyon last month.", [("sister", "location", "Lyon")]),
    ("My parents moved back to Ohio.", [("parents", "location", "Ohio")]),
    ("My wife works for Deloitte now.", [("wife", "employer", "Deloitte")]),
    ("My brother is now working at Mercy General.", [("brother", "employer", "Mercy General")]),
    ("mi hermano trabaja en Iberdrola", [("hermano", "employer", "Iberdrola")]),
    ("Mi hermana se ha mudado a Sevilla.", [("hermana", "location", "Sevilla")]),
    ("Mi madre vive en Valencia.", [("madre", "location", "Valencia")]),
    ("Sam's new job is at Stripe.", [("Sam", "employer", "Stripe")]),
    ("My brother's new job is with Glovo.", [("brother", "employer", "Glovo")]),
    ("My new job is at Stripe.", [("user", "employer", "Stripe")]),
    ("My sister works at Mercy General and my brother works at Google.",
     [("sister", "employer", "Mercy General"), ("brother", "employer", "Google")]),
    # left alone: no firm or place named, a friend unnamed, someone unnamed, a child's school
    ("My brother works for the government.", []),
    ("My dad works at the hospital.", []),
    ("My friend lives in Madrid now.", []),
    ("My friend's new job is at Stripe.", []),
    ("Her new job is at Stripe.", []),
    ("My son started at Lincoln Elementary.", []),
    ("My dog moved to the couch.", []),
])
def test_a_relatives_home_and_work_are_theirs(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _told(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I got a job as a nurse at Mercy General.",
     [("user", "employer", "Mercy General"), ("user", "role", "nurse")]),
    ("Yesterday got a job as a nurse at Mercy General.",
     [("user", "employer", "Mercy General"), ("user", "role", "nurse")]),
    ("Big news: got a job as a nurse at Mercy General!",
     [("user", "employer", "Mercy General"), ("user", "role", "nurse")]),
    ("After months of searching got a job as a nurse at Mercy General.",
     [("user", "employer", "Mercy General"), ("user", "role", "nurse")]),
    ("Honestly switched from the Pixel to an iPhone 15.", [("user", "phone", "iPhone 15")]),
    ("Yesterday moved to Lyon.", [("user", "location", "Lyon")]),
    ("My brother and I moved to Denver.", [("user", "location", "Denver")]),
    ("Mi hermano y yo vivimos en Sevilla.", [("user", "location", "Sevilla")]),
    ("Glovo hired me as a data engineer.",
     [("user", "employer", "Glovo"), ("user", "role", "data engineer")]),
    ("My boss promoted me to senior engineer.", [("user", "role", "senior engineer")]),
    ("Good news - my sister moved to Lyon and I moved to Leeds.",
     [("sister", "location", "Lyon"), ("user", "location", "Leeds")]),
    ("Después de meses conseguí trabajo de camarera en el Hotel Palace.",
     [("user", "role", "camarera"), ("user", "employer", "Hotel Palace")]),
    ("Oye, el cumple de mi novio Diego es el 5 de agosto.", [("user", "partner", "Diego")]),
    ("U: First week at Bol done.", [("user", "employer", "Bol")]),
    ("2026-04-01: Started at Initech as a platform engineer.",
     [("user", "employer", "Initech"), ("user", "role", "platform engineer")]),
])
def test_the_users_own_facts_stay_the_users(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _told(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a named speaker's "I" is that speaker, their relative theirs
    ("[2024-05-01] Marta: I got a job as a nurse at Mercy General.",
     [("Marta", "employer", "Mercy General"), ("Marta", "role", "nurse")]),
    ("[2024-05-01] Jess: my brother moved to Lyon.", [("Jess's brother", "location", "Lyon")]),
    ("[2024-05-01] Jess: my brother got a job as a nurse at Mercy General.",
     [("Jess's brother", "employer", "Mercy General"), ("Jess's brother", "role", "nurse")]),
    ("[2024-05-01] Bea: my friend Tom moved to Lyon.", [("Tom", "location", "Lyon")]),
    ("[2024-05-01] Mama: I moved to Lyon.", [("Mama", "location", "Lyon")]),
    ("[2024-05-01] Mama: my brother moved to Lyon.", [("Mama's brother", "location", "Lyon")]),
    ("2023/05/20 (Sat) 02:21\nuser: my brother got a job as a nurse at Mercy General",
     [("brother", "employer", "Mercy General"), ("brother", "role", "nurse")]),
])
def test_whose_follows_the_speaker(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _told(text) == expected


@pytest.mark.parametrize(("question", "key"), [
    ("Where does my brother work?", ("brother", "employer")),
    ("Where does my friend Jess work?", ("jess", "employer")),
    ("¿Dónde vive mi hermana Ana?", ("ana", "location")),
    ("Where does Bea's brother work?", ("bea s brother", "employer")),
])
def test_a_question_asks_the_key_the_fact_is_filed_under(
        question: str, key: tuple[str, str]) -> None:
    assert attribute_question(question) == key


@pytest.mark.anyio
async def test_a_brothers_new_job_leaves_the_users_job_current(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "[2024-01-10] user: I work at Brightline Logistics as a data analyst.")
        await save(rt, "[2024-03-09] user: my brother got a job as a nurse at Mercy General")
        assert await current(rt, "user", "employer") == "Brightline Logistics"
        assert await current(rt, "brother", "employer") == "Mercy General"
