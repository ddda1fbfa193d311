"""Changes said the way people chat reach the timeline (fix-facts11, the outside bbtest34 run:
a user and an assistant over dated sessions). A car sold or being sold and the next one named
after an aside, a job left for another, a promotion ahead, a new partner named after "someone
new", a class joined at its studio, a flat found with the day of the move, an introduction
after a greeting; and the questions that ask those keys. One test per rule, each with
wordings in English and Spanish and what it must leave alone; the tester's stories go through
the real save path and the rebuild."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, facts_told, history, open_runtime, save

from actors.facts.questions import attribute_question

_DAY = dt.date(2025, 5, 6)
_facts = functools.partial(facts_told, day=_DAY)


def _told(text: str, attribute: str) -> list[tuple[str, str, dt.date | None]]:
    """(subject, value, valid from) of each fact of ``attribute`` a user's turn tells."""
    return [(f[0], f[2], f[3]) for f in _facts(f"2025-05-06 (Tue) 20:29 — user: {text}")
            if f[1] == attribute]


def _values(text: str, attribute: str) -> list[str]:
    return [value for subject, value, _ in _told(text, attribute) if subject == "user"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I bought a car again, Mateo and I want to go to the mountains: a Toyota Yaris hybrid.",
     ["Toyota Yaris hybrid"]),
    ("I bought a car again, we need it for the kids: un Toyota Yaris híbrido.",
     ["Toyota Yaris híbrido"]),
    ("We got a car last month, after ages of taking the bus everywhere — a used Honda Jazz.",
     ["Honda Jazz"]),
    ("Compré un coche de segunda mano: un Seat León.", ["Seat León"]),
    ("Al final compramos un coche, que con dos niños no hay otra: un Dacia Sandero.",
     ["Dacia Sandero"]),
    ("Ayer compré un coche, un Toyota Yaris híbrido de 2019, por 11.500 libras.",
     ["Toyota Yaris híbrido"]),
    # left alone: a make bought for someone else, a make after a long run of commas
    ("I bought a car for my dad, he always wanted a Toyota.", []),
    ("We got a new car, and my sister, who lives in Leeds, got a Honda Civic.", []),
])
def test_a_car_bought_is_named_after_an_aside(text: str, expected: list[str]) -> None:
    assert _values(text, "car") == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("No, I'm selling the Ibiza, parking in Lavapiés is impossible.", ["none (being sold)"]),
    ("We're selling our car, we never use it.", ["none (being sold)"]),
    ("I'm finally selling my old laptop.", ["none (being sold)"]),
    ("Estoy vendiendo el coche, no lo uso nunca.", ["ninguno (en venta)"]),
    ("Estamos vendiendo el Golf.", ["ninguno (en venta)"]),
    # left alone: a plan, a negation, an accessory, someone else's, a hypothetical
    ("I'm thinking of selling my car.", []),
    ("I'm not selling my car.", []),
    ("I'm selling my car seat and the pram.", []),
    ("I'm selling my Golf clubs.", []),
    ("My brother is selling his car.", []),
    ("If I'm selling the car, I need the papers.", []),
])
def test_a_sale_under_way_ends_the_thing(text: str, expected: list[str]) -> None:
    told = [v for a in ("car", "laptop", "phone") for v in _values(text, a)]
    assert told == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("I quit Brightwater, I'm now a receptionist at Elm Street Clinic.",
     ["Elm Street Clinic"]),
    ("I'm a barista at Blue Bottle.", ["Blue Bottle"]),
    ("I left Acme to join Initech.", ["Initech"]),
    ("I quit Globex to join Initech as a data analyst.", ["Initech"]),
    ("I quit Brightwater, now at Elm Street Clinic.", ["Elm Street Clinic"]),
    ("I quit Acme and I'm now at Initech.", ["Initech"]),
    # left alone: no firm named, a town left, a party left, someone else's move
    ("I'm now a receptionist at the clinic.", []),
    ("I left Leeds, now at Manchester Airport waiting.", []),
    ("I left the party to join Sam at the pub.", []),
    ("My sister left Acme to join Initech.", []),
    ("I quit the gym, now at PureGym.", []),
])
def test_a_job_left_for_another_names_the_new_employer(text: str,
                                                      expected: list[str]) -> None:
    assert _values(text, "employer") == expected


@pytest.mark.parametrize(("text", "role", "day"), [
    ("And I got back to news: I'm being promoted to senior product analyst from June.",
     "senior product analyst", dt.date(2025, 6, 1)),
    ("I'm getting promoted to team lead in September!", "team lead", dt.date(2025, 9, 1)),
    ("I'll be promoted to head of sales starting in July.", "head of sales",
     dt.date(2025, 7, 1)),
    ("Me van a ascender a jefa de sala a partir de junio.", "jefa de sala",
     dt.date(2025, 6, 1)),
    ("Me ascienden a coordinadora el mes que viene.", "coordinadora", dt.date(2025, 6, 1)),
    ("I'm being promoted to senior analyst.", "senior analyst", _DAY),
])
def test_a_promotion_ahead_counts_from_the_day_it_takes_effect(text: str, role: str,
                                                                day: dt.date) -> None:
    assert _told(text, "role") == [("user", role, day)]


@pytest.mark.parametrize("text", [
    "My sister is being promoted to manager from June.",
    "I'm hoping to be promoted to manager from June.",
])
def test_a_promotion_not_the_user_s_or_only_hoped_for_is_no_role(text: str) -> None:
    assert _told(text, "role") == []


def test_a_promotion_told_as_done_keeps_the_day_it_was_said() -> None:
    # "in June" said in September is a June gone by, not the next one
    told = facts_told("2025-09-06 (Sat) 10:00 — user: I got promoted to team lead in June.",
                      day=dt.date(2025, 9, 6))
    assert [(f[2], f[3]) for f in told if f[1] == "role"] == \
        [("team lead", dt.date(2025, 9, 6))]


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm dating someone new, Mateo, a doctor I met at the swimming pool.", ["Mateo"]),
    ("I've been seeing someone, Priya, since March.", ["Priya"]),
    ("I started dating somebody new: Tom.", ["Tom"]),
    ("Estoy saliendo con alguien nuevo, Mateo, es médico.", ["Mateo"]),
    ("He empezado a salir con alguien, Lucas.", ["Lucas"]),
    # left alone: a doctor seen, no name, someone else's dating
    ("I'm seeing someone, Dr Lee, about my back.", []),
    ("I'm seeing someone, Lee, about my back.", []),
    ("I'm seeing someone new, a doctor I met at the pool.", []),
    ("My sister is dating someone new, Mateo.", []),
])
def test_a_new_partner_is_named_after_someone_new(text: str, expected: list[str]) -> None:
    assert _values(text, "partner") == expected


@pytest.mark.parametrize(("text", "key", "value"), [
    ("I joined a yoga studio, Om Turia, I go on Mondays and Wednesdays at 8pm.",
     "activity:yoga", "yoga"),
    ("We signed up at a climbing gym near the station.", "activity:climbing", "climbing"),
    ("I joined a running club called Leeds Striders.", "activity:running", "running"),
    ("Me he apuntado a un estudio de pilates en Ruzafa.", "activity:pilates", "pilates"),
])
def test_a_class_joined_at_its_place_is_the_activity(text: str, key: str, value: str) -> None:
    assert _values(text, key) == [value]


@pytest.mark.parametrize("text", [
    "I bought a yoga mat.", "My sister joined a yoga studio.", "I joined the studio next door.",
])
def test_a_place_or_thing_of_an_activity_alone_is_no_activity(text: str) -> None:
    assert not [f for f in _facts(text) if f[1].startswith("activity:")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I quit the spin gym in Leeds. Now I do bouldering at The Depot, Monday and Friday.",
     [("activity:gym", "none (gave up gym)"), ("activity:climbing", "bouldering")]),
    ("He cambiado la natación: ahora voy a escalada con Mateo.",
     [("activity:swimming", "ninguno (dejó natación)"), ("activity:climbing", "escalada")]),
    ("I switched from yoga to pilates.",
     [("activity:pilates", "pilates"), ("activity:yoga", "none (gave up yoga)")]),
    ("I swapped spinning for boxing.",
     [("activity:boxing", "boxing"), ("activity:spinning", "none (gave up spinning)")]),
    ("Cambié el yoga por el pilates.",
     [("activity:pilates", "pilates"), ("activity:yoga", "ninguno (dejó yoga)")]),
    ("We go to pilates on Mondays.", [("activity:pilates", "pilates")]),
    ("I go to the gym Mondays, Wednesdays and Fridays.", [("activity:gym", "gym")]),
    ("Hago yoga los martes.", [("activity:yoga", "yoga")]),
    # left alone: an ending said in the present, a plan, someone else's, a hypothetical, a
    # pass cancelled, a business
    ("Ya no hago yoga.", [("activity:yoga", "ninguno (dejó yoga)")]),
    ("Voy a hacer yoga mañana.", []),
    ("My sister does yoga.", []),
    ("Mi hermana hace yoga.", []),
    ("If I do yoga my back hurts less.", []),
    ("I cancelled my hotel gym pass.", []),
    ("I quit the yoga mat business.", []),
])
def test_an_activity_done_now_or_changed_for_another(text: str,
                                                    expected: list[tuple[str, str]]) -> None:
    told = [(f[1], f[2]) for f in _facts(f"2025-05-06 (Tue) 20:29 — user: {text}")
            if f[1].startswith("activity:")]
    assert told == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Good news at work: I'm now project lead on the market renovation.",
     [("role", "project lead")]),
    ("I'm now team lead.", [("role", "team lead")]),
    ("First month at Grupo Castellana done.", [("employer", "Grupo Castellana")]),
    ("Trabajo como arquitecta en un estudio pequeño en Valencia, Estudio Albufera.",
     [("employer", "Estudio Albufera"), ("role", "arquitecta")]),
    ("I work at a small startup, Nubalia.", [("employer", "Nubalia")]),
    # left alone: no title, a title held of something, a description with no name beside it
    ("I'm now senior.", []),
    ("I'm now officially done.", []),
    ("I'm now manager of the shop.", []),
    ("First month at the gym done.", []),
    ("I work at a startup, as you know.", [("employer", "a startup")]),
    ("I'm now the shelter manager at Paws & Claws.",
     [("employer", "Paws & Claws"), ("role", "shelter manager")]),
])
def test_a_title_said_after_now_and_a_firm_named_beside_its_description(
        text: str, expected: list[tuple[str, str]]) -> None:
    told = [(f[1], f[2]) for f in _facts(f"2025-05-06 (Tue) 20:29 — user: {text}")
            if f[1] in ("employer", "role")]
    assert sorted(told) == sorted(expected)


@pytest.mark.parametrize(("text", "subject", "place", "day"), [
    ("Yes, I found a flat in Ancoats, moving on the 3rd of August.", "user", "Ancoats",
     dt.date(2025, 8, 3)),
    ("Got a two-bed in Leith, moving in next month.", "user", "Leith", dt.date(2025, 6, 1)),
    ("We found a house in Didsbury and moving in on the 1st.", "user", "Didsbury",
     dt.date(2025, 6, 1)),
    ("My sister found a flat in Ancoats, moving on the 3rd of August.", "sister", "Ancoats",
     dt.date(2025, 8, 3)),
])
def test_a_home_found_then_moving_on_a_day_is_the_new_place(text: str, subject: str,
                                                            place: str, day: dt.date) -> None:
    assert _told(text, "location") == [(subject, place, day)]


@pytest.mark.parametrize("text", [
    "She found a flat in Ancoats, moving on the 3rd of August.",
    "I saw a flat in Ancoats, moving on to the kitchen now.",
    "I found a flat in Ancoats for my sister.",
])
def test_a_home_seen_or_someone_unnamed_s_move_is_no_place(text: str) -> None:
    assert _told(text, "location") == []


@pytest.mark.parametrize(("text", "expected"), [
    ("Hi! I'm Lucía. My English is okay but sometimes I'll switch to Spanish, ¿vale?",
     ["Lucía"]),
    ("Hello there, I'm Owen.", ["Owen"]),
    ("Hola, soy Lucía. Vivo en Madrid.", ["Lucía"]),
    ("Hola! Soy Marta García.", ["Marta García"]),
    # a greeting to a group (an outside probe: "Hi all, I'm Oliver." named no one)
    ("[2025-10-03] user: Hi all, I'm Oliver. I just started as an engineer in Leeds.",
     ["Oliver"]),
    ("Hello everyone, I'm Priya.", ["Priya"]),
    ("Hola a todos, soy Nuria. Trabajo en Vigo.", ["Nuria"]),
    ("Buenas a todos, soy Iker.", ["Iker"]),
    ("Hi all, I'm back.", []),
    # left alone: no greeting (an agent's "I'm Claude."), a nationality, a state, a place
    ("I'm Claude.", []),
    ("Hi! I'm Spanish.", []),
    ("Hi! I'm back.", []),
    ("Hola, soy de Madrid.", []),
])
def test_a_name_said_after_a_greeting_is_the_user_s(text: str, expected: list[str]) -> None:
    assert _values(text, "name") == expected


@pytest.mark.parametrize(("question", "key"), [
    ("Does the user still go to yoga?", ("user", "activity:yoga")),
    ("Am I still doing pilates?", ("user", "activity:pilates")),
    ("¿Sigue haciendo yoga?", ("user", "activity:yoga")),
    ("¿Quién es su pareja actual?", ("user", "partner")),
    ("¿Con quién sale ahora?", ("user", "partner")),
    ("What neighbourhood is the user's current flat in?", ("user", "location")),
    ("¿En qué barrio está su piso?", ("user", "location")),
    ("Is the user still eating meat?", ("user", "diet")),
    ("Do I eat fish?", ("user", "diet")),
    ("¿La usuaria come carne?", ("user", "diet")),
    ("¿Sigue comiendo carne?", ("user", "diet")),
    # left alone
    ("Does the dog eat meat?", None),
    ("¿Come carne el perro?", None),
    ("Do I eat meat with red wine or white?", None),
    ("Does the user still go to the office?", None),
    ("Is yoga good for back pain?", None),
    ("¿Quién es su jefe?", None),
])
def test_questions_ask_the_keys_these_changes_fill(question: str,
                                                   key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key


@pytest.mark.anyio
async def test_the_tester_s_changes_reach_the_timeline(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with open_runtime(home) as rt:
        for day, text in (
                ("2023-01-16 (Mon) 19:23", "I rent a flat in Headingley, Leeds, with a view of "
                                          "the cricket ground."),
                ("2023-02-14 (Tue) 20:00", "Mi novio Javier me ha regalado un ramo de flores."),
                ("2023-10-10 (Tue) 19:00", "I bought the Seat Ibiza from Javier's cousin, red, "
                                          "4,800 euros."),
                ("2024-01-15 (Mon) 18:20", "I joined a yoga studio, Om Turia, I go on Mondays "
                                          "and Wednesdays at 8pm."),
                ("2024-02-26 (Mon) 21:45", "Javier y yo lo hemos dejado. Fue hace dos semanas."),
                ("2024-03-12 (Tue) 14:07", "Also I started working at Brightwater Dental as a "
                                          "receptionist."),
                ("2024-05-20 (Mon) 20:39", "No, I'm selling the Ibiza, parking in Lavapiés is "
                                          "impossible."),
                ("2024-06-24 (Mon) 22:09", "Ya no hago yoga, me he apuntado a natación en el "
                                          "polideportivo."),
                ("2024-07-15 (Mon) 19:39", "Yes, I found a flat in Ancoats, moving on the 3rd "
                                          "of August."),
                ("2024-09-02 (Mon) 09:00", "I quit Brightwater, I'm now a receptionist at Elm "
                                          "Street Clinic."),
                ("2024-09-30 (Mon) 19:50", "I'm dating someone new, Mateo, a doctor I met at "
                                          "the swimming pool."),
                ("2025-03-17 (Mon) 19:09", "I bought a car again, Mateo and I want to go to "
                                          "the mountains: a Toyota Yaris hybrid."),
                ("2025-05-06 (Tue) 20:29", "I'm being promoted to senior product analyst from "
                                          "June.")):
            await save(rt, f"{day} — user: {text}")
        now = {attribute: [(f.value, f.valid_from, f.status)
                           for f in await history(rt, "user", attribute)]
               for attribute in ("car", "employer", "role", "partner", "location",
                                 "activity:yoga")}
    assert now["car"] == [("Seat Ibiza", "2023-10-10", "HISTORICAL"),
                          ("none (being sold)", "2024-05-20", "HISTORICAL"),
                          ("Toyota Yaris hybrid", "2025-03-17", "ACTIVE")]
    assert now["employer"][-1] == ("Elm Street Clinic", "2024-09-02", "ACTIVE")
    assert now["role"][-1] == ("senior product analyst", "2025-06-01", "ACTIVE")
    assert [v for v, _, _ in now["partner"]] == ["Javier", "ninguna (rompió con Javier)",
                                                 "Mateo"]
    assert now["location"][-1] == ("Ancoats", "2024-08-03", "ACTIVE")
    assert [(v, s) for v, _, s in now["activity:yoga"]] == \
        [("yoga", "HISTORICAL"), ("ninguno (dejó yoga)", "ACTIVE")]
    assert_rebuilt_alike(home)
