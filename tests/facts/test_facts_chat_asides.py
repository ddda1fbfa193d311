"""Changes told the casual way in chats (fix-facts8, the outside bbtest29 and bbtest30 runs): a
role named after "I got it" with only its place, a purchase a reply opens with, the home one
is in, a home before its place cut from the value, and a job taken after the employer ended
answering the employer question by its role, a car ended told in Spanish, and "Do I have a car
right now?". One test per rule, each with what it must leave alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from facts_runtime import open_runtime, save

from actors.facts.patterns import extract_facts
from actors.navigation.messages import Search

_DAY = dt.date(2023, 9, 2)


def _told(text: str, attribute: str) -> list[str]:
    return [f.value for f in extract_facts(f"[11:50 am on 2 September, 2023] Rui: {text}",
                                           entry_date=_DAY) if f.attribute == attribute]


@pytest.mark.parametrize(("text", "roles"), [
    ("I GOT IT. ski patroller in Whistler. start on the 18th", []),  # no job noun
    ("I got it!! wildlife ranger in Jasper. start on the 18th", ["wildlife ranger"]),
    ("¡me dieron el puesto! guía en Picos de Europa", ["guía"]),
    # left alone: no place's name, nothing got
    ("I got it. nurse in the ICU", []),
    ("so tired. wildlife ranger in Jasper would be a dream", []),
])
def test_a_role_named_after_i_got_it_with_its_place(text: str, roles: list[str]) -> None:
    assert _told(text, "role") == roles


@pytest.mark.parametrize(("text", "cars"), [
    ("no, picked up a used Subaru Forester on Monday. 2016, blue", ["Subaru Forester"]),
    ("yeah, bought a Kia Niro last week", ["Kia Niro"]),
    ("Picked up a second-hand Honda Jazz today", ["Honda Jazz"]),
    # left alone: someone else, a pickup of something else
    ("no, they picked up a Toyota at the airport", []),
    ("picked up the kids from school", []),
])
def test_a_purchase_a_reply_opens_with(text: str, cars: list[str]) -> None:
    assert _told(text, "car") == cars


@pytest.mark.parametrize(("text", "places"), [
    ("and I'm in a condo in Squamish with a roommate", ["Squamish"]),
    ("we're in a little flat in Leith now", ["Leith"]),
    # left alone: a stay, a cabin, no place's name
    ("I'm in a flat in Porto for the weekend", []),
    ("we're in a cabin in Tahoe", []),
    ("I'm in a house in the suburbs", []),
])
def test_the_home_one_is_in(text: str, places: list[str]) -> None:
    assert _told(text, "location") == places


@pytest.mark.parametrize(("text", "places"), [
    ("yep, we got a two bedroom in Ballard, the spare room is the cat's", ["Ballard"]),
    ("I got a one-bed in Leith, near the docks", ["Leith"]),
    # left alone: a stay, a home found (read with its move-in), no place's name
    ("we got a flat in Porto for the long weekend", []),
    ("we found a two bedroom in Ballard", []),
    ("we got a two bedroom in the end", []),
])
def test_a_home_got_in_a_place(text: str, places: list[str]) -> None:
    assert _told(text, "location") == places


@pytest.mark.parametrize(("text", "jobs"), [
    ("got a job as an archivist at the Tidewater Maritime Museum in Mystic. old maps",
     [("role", "archivist"), ("employer", "Tidewater Maritime Museum")]),
    ("I landed a position as a data engineer with Glovo!",
     [("role", "data engineer"), ("employer", "Glovo")]),
    ("conseguí trabajo de camarera en el Hotel Palace",
     [("role", "camarera"), ("employer", "Hotel Palace")]),
    # a job started as a role (an outside probe's turn, then held-out ones)
    ("Hi all, I'm Oliver. I just started as a structural engineer at Halcrow Partners in Leeds.",
     [("role", "structural engineer"), ("employer", "Halcrow Partners")]),
    ("Last week I began working as a nurse at St Mary's Hospital.",
     [("role", "nurse"), ("employer", "St Mary's Hospital")]),
    ("He empezado como enfermera en el Hospital del Mar, turno de noche.",
     [("role", "enfermera"), ("employer", "Hospital del Mar")]),
    ("Entré como diseñadora en Tramoya Estudio el lunes.",
     [("role", "diseñadora"), ("employer", "Tramoya Estudio")]),
    # left alone: no firm's name, a wish
    ("I just started as a volunteer at the local pub", []),
    ("I got a job as a waiter at the local pub", []),
    ("if I got a job as a nurse at Mercy General I'd move", []),
])
def test_a_job_got_as_a_role_at_a_firm(text: str, jobs: list[tuple[str, str]]) -> None:
    said = extract_facts(f"[11:50 am on 2 September, 2023] Rui: {text}", entry_date=_DAY)
    assert sorted((f.attribute, f.value) for f in said
                  if f.attribute in ("role", "employer")) == sorted(jobs)


@pytest.mark.parametrize(("text", "places"), [
    ("we're living in a two-bedroom in Leith now", ["Leith"]),
    ("I live in a tiny flat in Gràcia", ["Gràcia"]),
    ("I live in Mexico City", ["Mexico City"]),  # left alone
])
def test_a_home_before_its_place_is_cut_from_the_value(text: str, places: list[str]) -> None:
    assert _told(text, "location") == places


@pytest.mark.anyio
async def test_a_job_taken_after_the_employer_ended_answers_by_its_role(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[4:25 pm on 16 July, 2023] Rui: so. I got laid off")
        got = await save(rt, "[11:50 am on 2 September, 2023] Rui: I got it!! wildlife ranger "
                             "in Jasper. start on the 18th")
        answer = (await rt.navigation.ask(Search(query="Who employs Rui now?"))).answer
        assert answer is not None
        assert (answer.attribute, answer.value, answer.leaf_id) == (
            "role", "wildlife ranger", got.leaf_ids[0])
    # left alone: an ending with no job since is the answer
    async with open_runtime(tmp_path / "b") as rt:
        await save(rt, "[4:25 pm on 16 July, 2023] Rui: so. I got laid off")
        answer = (await rt.navigation.ask(Search(query="Who employs Rui now?"))).answer
        assert answer is not None and answer.value == "none (laid off)"


@pytest.mark.parametrize(("text", "cars"), [
    ("No tengo coche ahora, me muevo en bici.", ["ninguno"]),
    ("Aún no tengo coche pero quiero uno", ["ninguno"]),
    ("Vendí el Seat Ibiza por 3.000 euros, uno menos.", ["ninguno (vendido o regalado)"]),
    # left alone: a day without it, a sofa sold, someone else's
    ("no tengo coche hoy, mi hermano lo tiene", []),
    ("Vendí el sofá por fin", []),
    ("Mi hermana no tiene coche", []),
])
def test_a_car_ended_told_in_spanish(text: str, cars: list[str]) -> None:
    assert _told(text, "car") == cars


def test_do_i_have_a_car_right_now_asks_for_the_car() -> None:
    from actors.facts.questions import attribute_question
    assert attribute_question("Do I have a car right now?") == ("user", "car")
    assert attribute_question("Do I have a car at the moment?") == ("user", "car")
    assert attribute_question("Do I have a car wash nearby?") is None  # left alone


@pytest.mark.parametrize(("text", "partners"), [
    ("I've been seeing someone new for about a month, Mei. She's a nurse.", ["Mei"]),
    ("I started dating someone, Ana.", ["Ana"]),
    # left alone: a doctor seen, no name, a day
    ("I've been seeing someone about my back, Dr Lee.", []),
    ("I'm seeing someone for my anxiety, Dr Lee.", []),
    ("I started seeing someone last week, finally.", []),
    ("I've been seeing someone new, Tuesday was our third date", []),
])
def test_a_name_closing_the_sentence_that_tells_the_dating(text: str,
                                                           partners: list[str]) -> None:
    said = extract_facts(f"2024/02/01 (Thu) 10:00\nuser: {text}", entry_date=_DAY)
    assert [f.value for f in said if f.attribute == "partner"] == partners
