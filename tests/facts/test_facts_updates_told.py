"""Changes told in a chat between friends (fix-facts2): a move with its day, a car bought and
sold by its model, a diet taken up, a promotion, and a state that is no setting's value."""

from __future__ import annotations

import datetime as dt
import functools

import pytest
from facts_runtime import facts_told

from actors.facts.patterns import attribute_question

_DAY = dt.date(2026, 11, 14)


_facts = functools.partial(facts_told, day=_DAY)


# ------------------------------------------------------------------ a move with its day


@pytest.mark.parametrize(("text", "expected"), [
    ("[2026-11-14] Kenji: Signed the lease! I move to Stockport tomorrow.",
     ("Kenji", "location", "Stockport", dt.date(2026, 11, 15))),
    ("user: I move to Leeds tomorrow.", ("user", "location", "Leeds", dt.date(2026, 11, 15))),
    ("user: Me mudo a Sevilla mañana.", ("user", "location", "Sevilla", dt.date(2026, 11, 15))),
    ("Mañana por la mañana me mudo a Cádiz.",
     ("user", "location", "Cádiz", dt.date(2026, 11, 15))),
    ("[2026-07-05] Marta: We move to Porto on the 1st of August.",
     ("Marta", "location", "Porto", dt.date(2026, 8, 1))),
])
def test_a_move_with_its_day_is_the_town_from_that_day(
        text: str, expected: tuple[str, str, str, dt.date]) -> None:
    assert expected in _facts(text)


@pytest.mark.parametrize("text", [
    "user: When I move to a new city I always get lost.",  # a habit: no day
    "user: If I move to Berlin next week, I'll tell you.",  # a hypothetical
    "user: Do I move to Lyon tomorrow?",  # a question
    "user: Tom moves to Leeds tomorrow.",  # someone else
    "user: Me mudo a Sevilla algún día.",  # a wish
    "assistant: I move to the next step tomorrow.",  # the assistant
])
def test_a_move_without_its_day_or_not_the_speakers_is_no_town(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "location"]


def test_the_home_named_before_the_move_in_is_the_town_from_the_day_moved_in() -> None:
    turn = ("[2026-07-05] Saoirse: It's a one-bed in Blackrock with a tiny back garden, "
            "perfect for Biscuit. I move in on the 1st of August.")
    assert _facts(turn) == [("Saoirse", "location", "Blackrock", dt.date(2026, 8, 1))]
    assert ("user", "location", "Triana", dt.date(2026, 11, 16)) in _facts(
        "user: Encontré un piso en Triana. Me mudo pasado mañana.")


@pytest.mark.parametrize("text", [
    "user: My sister found a flat in Leeds. She moves in on Monday.",  # someone else
    "user: I found a flat in Leith. I move in with Tom on Monday.",  # someone else's home
    "Kenji: A small house in Stockport with a garage, so I can park the truck there.",  # plan
    "user: I saw a flat in Leith. I'd move in on the 1st if they let me.",  # hypothetical
])
def test_a_home_without_the_speakers_move_in_is_no_town(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "location"]


def test_a_day_still_to_come_dates_only_a_move_or_a_start() -> None:
    """Other facts told with a day ahead stay dated when said (a plan is not yet true); a job
    started ahead is dated as a move is (fix-facts3: ``test_facts_changes_ahead``)."""
    [phone] = _facts("2026-06-05: My phone is a Pixel 8 from June 15.")
    assert phone[3] == dt.date(2026, 6, 5)
    [employer, role] = _facts("2026-06-05: I'm joining Revolut as an engineer on June 15.")
    assert employer[3] == role[3] == dt.date(2026, 6, 15)
    [town] = _facts("2026-05-05: It's happening: I'm moving to Lisbon on May 20th!")
    assert town[2:] == ("Lisbon", dt.date(2026, 5, 20))


# ------------------------------------------------------------------ cars by their model


@pytest.mark.parametrize(("text", "expected"), [
    ("Kenji: Love that. I bought the car, by the way - a blue 2019 Nissan Leaf.",
     ("Kenji", "car", "Nissan Leaf")),
    ("user: I bought a blue 2019 Nissan Leaf.", ("user", "car", "Nissan Leaf")),
    ("user: We finally got the new phone: a Pixel 8.", ("user", "phone", "Pixel 8")),
    ("user: Me he comprado un coche: un Seat Ibiza.", ("user", "car", "Seat Ibiza")),
    ("user: Me compré un Seat Ibiza rojo.", ("user", "car", "Seat Ibiza")),
])
def test_a_car_bought_is_its_make_and_model(text: str, expected: tuple[str, str, str]) -> None:
    assert expected in [f[:3] for f in _facts(text)]


@pytest.mark.parametrize("text", [
    "user: My sister bought a new car - a Tesla.",
    "user: A secondhand Nissan Leaf might fit my budget.",
    "user: I bought the car seat - a Maxi-Cosi.",
])
def test_a_car_someone_else_bought_or_considered_is_none_of_the_speakers(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "car"]


def test_a_model_sold_ends_the_car() -> None:
    turn = ("Kenji: Ha, no. I actually sold the Leaf last week. The truck is my only vehicle "
            "now, and I'm getting an e-bike for everything else.")
    assert ("Kenji", "car", "none (sold or given away)") in [f[:3] for f in _facts(turn)]
    assert ("user", "car", "ninguno (vendido o regalado)") in [
        f[:3] for f in _facts("user: Vendí el coche.")]
    assert not _facts("user: I sold the leaf blower.")
    assert not _facts("user: My sister sold the Leaf.")


# ------------------------------------------------------------------ a diet taken up


@pytest.mark.parametrize(("text", "value"), [
    ("Saoirse: Update on my diet: I'm trying vegan for a month.", "vegan"),
    ("user: I'm on a vegan diet now.", "vegan"),
    ("user: We're going vegetarian from today.", "vegetarian"),
    ("user: Estoy probando la dieta vegana.", "vegana"),
    ("user: Me estoy haciendo vegetariana.", "vegetariana"),
    ("user: Me he hecho vegana.", "vegana"),
])
def test_a_diet_taken_up_is_the_diet(text: str, value: str) -> None:
    assert value in [f[2] for f in _facts(text) if f[1] == "diet"]


@pytest.mark.parametrize("text", [
    "user: I'm thinking of going vegan.",
    "user: I'm doing vegan recipes this week.",
    "user: I'm going vegan restaurant hunting.",
    "user: Estoy probando recetas veganas.",
    "user: Tadhg is trying vegan for a month.",
])
def test_a_dish_a_wish_or_someone_elses_diet_is_no_diet(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "diet" and f[0] == "user"]


# ------------------------------------------------------------------ a promotion


def test_the_role_held_now_is_read_with_its_article() -> None:
    turn = ("Saoirse: Oh, and I got promoted - I'm now the shelter manager at Paws & Claws, "
            "since Deirdre retired.")
    found = [f[:3] for f in _facts(turn)]
    assert ("Saoirse", "role", "shelter manager") in found
    assert ("Saoirse", "employer", "Paws & Claws") in found
    assert ("user", "role", "jefa de turno") in [
        f[:3] for f in _facts("user: Me han ascendido, ahora soy jefa de turno.")]
    assert not _facts("user: I'm the manager's assistant.")
    assert not _facts("user: My sister is the manager at Lidl.")


# ------------------------------------------------------------------ states are no values


@pytest.mark.parametrize("text", [
    "Saoirse: Yes! The October race is back on.",
    "The trip is off now.",
    "The wedding is on hold.",
])
def test_how_a_thing_stands_is_no_setting(text: str) -> None:
    assert not _facts(text)


def test_settings_in_lower_case_words_are_kept() -> None:
    assert ("theme", "value", "dark mode") in [f[:3] for f in _facts("The theme is dark mode.")]


# ------------------------------------------------------------------ questions about a friend


@pytest.mark.parametrize(("question", "key"), [
    ("What diet does Saoirse follow now?", ("saoirse", "diet")),
    ("What is Saoirse's diet?", ("saoirse", "diet")),
    ("Is Saoirse still vegetarian?", ("saoirse", "diet")),
    ("¿Qué dieta sigue Lucía ahora?", ("lucia", "diet")),
    ("What does Saoirse do for work now?", ("saoirse", "role")),
    ("What is Kenji's job title?", ("kenji", "role")),
    ("What is Kenji's job now?", ("kenji", "employer")),
    ("What car does Kenji drive now?", ("kenji", "car")),
    ("¿Qué coche tiene Marta?", ("marta", "car")),
    # the user's own stay the user's
    ("What diet does the user follow?", ("user", "diet")),
    ("What car do I drive?", ("user", "car")),
    ("What is my job?", ("user", "employer")),
])
def test_a_question_about_a_named_persons_attribute_asks_their_key(
        question: str, key: tuple[str, str]) -> None:
    assert attribute_question(question) == key


def test_a_question_about_a_pronoun_asks_no_key() -> None:
    assert attribute_question("What does she do for work?") is None
    assert attribute_question("What car does he drive now?") is None
