"""Changes two friends tell in a chat saved one turn per memory (fix-facts6): a home secured in
a place, a move told without its subject, a job named after "I got it!!", a rank given, a car
named after "I bought a car!", a workplace started at by its common noun, a job lost without
a subject, and who the speaker is with (the ``partner`` attribute, new). One test per rule,
each with the sentences it must leave alone; the turns told over several memories go through
the real save path and the rebuild."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, facts_told, history, open_runtime, save

from actors.facts.questions import attribute_question

_DAY = dt.date(2024, 8, 22)  # a Thursday
_facts = functools.partial(facts_told, day=_DAY)


def _turn(text: str, who: str = "Maren") -> str:
    return f"[6:30 pm on 22 August, 2024] {who}: {text}"


def _of(attribute: str, text: str, earlier: list[str] | None = None) -> list[tuple[str, str]]:
    return [(f[0], f[2]) for f in _facts(_turn(text), earlier) if f[1] == attribute]


# ------------------------------------------------------------------ where the speaker lives


@pytest.mark.parametrize(("text", "place"), [
    ("we signed the lease on a casita in Santa Fe!!", "Santa Fe"),
    ("signed a lease on a two-bed in Leith yesterday", "Leith"),
    ("got the keys to the new flat in Leith today", "Leith"),
    ("we closed on a house in Providence!", "Providence"),
    ("firmamos el contrato de alquiler de un piso en Triana", "Triana"),
    ("nos hemos comprado una casa en Olot", "Olot"),
])
def test_a_home_secured_in_a_place_is_where_the_speaker_lives(text: str, place: str) -> None:
    assert _of("location", text) == [("Maren", place)]


@pytest.mark.parametrize("text", [
    "signed the lease on a studio in Canal Park for the shop",
    "we bought a house in the suburbs",
    "my sister signed the lease on a flat in Leith",
    "he wants to buy a house in Denver someday",
])
def test_a_workshop_a_common_noun_or_someone_else_s_home_is_no_location(text: str) -> None:
    assert _of("location", text) == []


@pytest.mark.parametrize(("text", "place", "day"), [
    ("moved into the yellow house in Pawtucket last weekend", "Pawtucket", dt.date(2024, 8, 17)),
    ("me mudé a Santa Fe el sábado", "Santa Fe", dt.date(2024, 8, 17)),
    ("we moved to a bigger place in Santa Fe", "Santa Fe", _DAY),
    ("we just moved! the new place is in Pawtucket", "Pawtucket", _DAY),
    ("Moving to Tromsø next month!", "Tromsø", dt.date(2024, 9, 1)),
    ("my apartment is in East Nashville, walking distance to a good coffee place",
     "East Nashville", _DAY),
    ("nuestro piso nuevo está en Gràcia", "Gràcia", _DAY),
    ("nos vamos a vivir a Santa Fe", "Santa Fe", _DAY),
])
def test_a_move_or_a_home_told_without_a_subject_is_the_location(text: str, place: str,
                                                                 day: dt.date) -> None:
    assert [(f[2], f[3]) for f in _facts(_turn(text)) if f[1] == "location"] == [(place, day)]


@pytest.mark.parametrize("text", [
    "moving to the couch lol", "moved into the guest room in the meantime",
    "my house is in a mess", "Moving to Berlin would be a dream",
    "he's moving to Boston next month",
])
def test_a_room_a_state_or_a_wish_is_no_move(text: str) -> None:
    assert _of("location", text) == []


@pytest.mark.parametrize("text", [
    "I move to Berlin and never look back", "me mudo a Berlín y ya",
    "Starting at Initech sounds fun",
])
def test_the_turn_s_own_date_is_no_day_word(text: str) -> None:
    """"[6:30 pm on 22 August, 2024]" opens the turn: its "on 22" names no day of a move or a
    start, so a present tense without a day of its own stays a habit or a wish."""
    assert _facts(_turn(text)) == []


# ------------------------------------------------------------------ work


@pytest.mark.parametrize(("text", "role", "employer"), [
    ("I got the job!! interpretive guide with Parks Canada, in Banff", "interpretive guide",
     "Parks Canada"),
    ("I GOT IT. dispatcher at Denver 911, start date August 22", "dispatcher", "Denver 911"),
    ("I got it!! barista at Blue Bottle", "barista", "Blue Bottle"),
    ("conseguí el trabajo! guía en Parques Nacionales", "guía", "Parques Nacionales"),
    ("me cogieron! camarera en el Hotel Palace", "camarera", "Hotel Palace"),
])
def test_the_job_named_after_i_got_it_is_the_role_and_the_employer(text: str, role: str,
                                                                   employer: str) -> None:
    assert _of("role", text) == [("Maren", role)]
    assert _of("employer", text) == [("Maren", employer)]


@pytest.mark.parametrize("text", [
    "she got the job! nurse at Mercy", "I got it. thanks at Costco",
    "I got the job done. cleaning at home", "I got the job! starting Monday",
])
def test_someone_else_s_job_or_no_role_at_a_name_is_no_job(text: str) -> None:
    assert _of("role", text) == [] and _of("employer", text) == []


@pytest.mark.parametrize(("text", "role"), [
    ("they made me captain", "captain"),
    ("I was made head of science at Roosevelt", "head of science"),
    ("the coach made me captain of the team lol", "captain of the team"),
    ("me han hecho capitana", "capitana"),
    ("me nombraron jefa de sala", "jefa de sala"),
])
def test_a_rank_given_is_the_role(text: str, role: str) -> None:
    assert _of("role", text) == [("Maren", role)]


@pytest.mark.parametrize("text", [
    "they made me dinner last night", "that made me cry", "they made me an offer",
    "my boss made me redo the deck", "me hicieron una tarta", "me nombraron en la reunión",
])
def test_what_someone_made_the_speaker_do_or_have_is_no_role(text: str) -> None:
    assert _of("role", text) == []


@pytest.mark.parametrize(("text", "role", "employer"), [
    ("I'm gonna be science department head at Roosevelt starting this fall!",
     "science department head", "Roosevelt"),
    ("I'm going to be the new head chef at Noma from September", "head chef", "Noma"),
])
def test_a_role_told_ahead_with_where_is_the_role(text: str, role: str, employer: str) -> None:
    assert _of("role", text) == [("Maren", role)]
    assert _of("employer", text) == [("Maren", employer)]


@pytest.mark.parametrize("text", ["I'm gonna be a mom!!", "I'm going to be a nurse one day"])
def test_a_wish_to_be_something_is_no_role(text: str) -> None:
    assert _of("role", text) == []


@pytest.mark.parametrize(("text", "employer", "day"), [
    ("starting at the archive on Monday", "the archive", dt.date(2024, 8, 26)),
    ("I start at the library next week", "the library", dt.date(2024, 8, 26)),
    ("empiezo en el archivo el lunes", "el archivo", dt.date(2024, 8, 26)),
])
def test_a_workplace_started_at_on_a_day_is_the_employer(text: str, employer: str,
                                                         day: dt.date) -> None:
    assert [(f[2], f[3]) for f in _facts(_turn(text)) if f[1] == "employer"] == [(employer, day)]


@pytest.mark.parametrize(("text", "employer"), [
    ("I got a job at the library!", "the library"),
    ("landed a new job at the museum", "the museum"),
    ("he encontrado curro en Mercadona", "Mercadona"),
])
def test_a_job_got_at_a_workplace_by_its_noun_is_the_employer(text: str, employer: str) -> None:
    assert _of("employer", text) == [("Maren", employer)]


@pytest.mark.parametrize("text", [
    "starting at the gym next week", "I start at the school on Monday",
    "starting at the archive would be nice", "I got a job at the gym",
    "she got a job at the library",
])
def test_a_gym_a_school_or_no_day_is_no_workplace(text: str) -> None:
    assert _of("employer", text) == []


@pytest.mark.parametrize(("text", "value"), [
    ("got laid off from Stratum today", "none (laid off from Stratum)"),
    ("they let me go today", "none (laid off)"),
    ("Stratum laid me off yesterday", "none (laid off)"),
    ("I lost my job today", "none (lost the job)"),
    ("me he quedado sin trabajo", "ninguno (sin trabajo)"),
])
def test_a_job_lost_without_a_subject_ends_the_employer(text: str, value: str) -> None:
    assert _of("employer", text) == [("Maren", value)]


@pytest.mark.parametrize("text", [
    "let me go check", "they let me go home early", "Dad got laid off from Ford",
])
def test_leave_to_go_or_someone_else_s_layoff_ends_no_job(text: str) -> None:
    assert _of("employer", text) == []


# ------------------------------------------------------------------ a car


@pytest.mark.parametrize(("text", "car"), [
    ("I bought a car! a 2019 Toyota Tacoma, silver", "Toyota Tacoma"),
    ("I bought a truck. a 2015 Ford F-150", "Ford F-150"),
    ("me compré un coche! un Seat León rojo", "Seat León"),
])
def test_the_car_named_after_i_bought_a_car_is_the_car(text: str, car: str) -> None:
    assert _of("car", text) == [("Maren", car)]


@pytest.mark.parametrize("text", [
    "I bought a car! it's blue", "I bought a car wash voucher. a Toyota dealer sold it",
    "my sister bought a car! a Toyota Yaris",
])
def test_a_car_not_named_after_it_is_no_car(text: str) -> None:
    assert _of("car", text) == []


# ------------------------------------------------------------------ a partner


@pytest.mark.parametrize(("text", "value"), [
    ("estoy saliendo con Inés", "Inés"),
    ("Jess and I went on a date", "Jess"),
    ("I'm now dating Priya", "Priya"),
    ("I've been seeing Marcus since June", "Marcus"),
    ("Tom and I got engaged!!", "Tom"),
    ("I married Tom last weekend", "Tom"),
    ("Femi is my boyfriend now", "Femi"),
    ("my girlfriend, Ana, says hi", "Ana"),
    ("me he casado con Pablo", "Pablo"),
    ("Luca and I broke up", "none (broke up with Luca)"),
    ("we broke up last week", "none (broke up)"),
    ("rompí con Luca", "ninguna (rompió con Luca)"),
    ("Luca y yo lo hemos dejado", "ninguna (rompió con Luca)"),
    ("hemos roto", "ninguna (ruptura)"),
])
def test_a_partner_taken_up_or_left_is_the_partner(text: str, value: str) -> None:
    assert _of("partner", text) == [("Maren", value)]


@pytest.mark.parametrize("text", [
    "I'm seeing Tom tomorrow for coffee", "my sister is dating Luca",
    "Jess and I went to the gym", "my boyfriend is the best", "we split up the bill",
    "the band broke up in 2009", "Kenji and I are done with the project",
    "salgo con mis amigas el sábado", "estoy saliendo con prisa", "I'm dating someone new",
])
def test_a_meeting_someone_else_s_date_or_no_name_is_no_partner(text: str) -> None:
    assert _of("partner", text) == []


@pytest.mark.parametrize(("text", "earlier", "value"), [
    ("his name is Keoni, he's a nurse at OHSU, we met at choir",
     [_turn("also I started dating someone??"), _turn("WHAT. details", "Oskar")], "Keoni"),
    ("His name is Tadhg, he's a history teacher.",
     [_turn("And, um, I went on a date."), _turn("WHAT. With who?", "Kenji")], "Tadhg"),
    ("his name is Femi, we met at the climbing gym", [], "Femi"),
    ("tengo novio!! se llama Pablo", [], "Pablo"),
    # the name alone, in the turn that told the dating
    ("funny you ask. I met someone at the gym. Femi. he designs bridges", [], "Femi"),
    ("conocí a alguien en el coro. Inés. es profe de música", [], "Inés"),
])
def test_a_name_after_the_speaker_told_dating_is_the_partner(text: str, earlier: list[str],
                                                             value: str) -> None:
    assert _of("partner", text, earlier) == [("Maren", value)]


def test_a_name_after_the_speaker_told_dating_in_one_saved_session_is_the_partner() -> None:
    session = ("[2026-08-16] Conversation between Saoirse and Kenji\n"
               "Saoirse: And, um, I went on a date.\nKenji: WHAT. With who?\n"
               "Saoirse: His name is Tadhg, he volunteers at the shelter on Saturdays.\n"
               "Kenji: His name is Bruno, my new dog.")
    assert [(f[0], f[2]) for f in _facts(session) if f[1] == "partner"] == [("Saoirse", "Tadhg")]


@pytest.mark.parametrize(("text", "earlier"), [
    ("his name is Keoni, he's a nurse", []),
    ("his name is Keoni", [_turn("I started dating someone??", "Oskar")]),
    ("we adopted a puppy! her name is Biscuit", [_turn("I went on a date")]),
    ("her name is Ana, my new boss", [_turn("I went on a date")]),
    ("we went on a date. Friday. it was fine", []),
    ("Femi. he designs bridges", [_turn("I met someone at the gym")]),
    ("I met Tom at the gym. Tom. what a guy", []),
])
def test_a_name_without_the_speaker_s_date_or_of_a_pet_or_boss_is_no_partner(
        text: str, earlier: list[str]) -> None:
    assert _of("partner", text, earlier) == []


# ------------------------------------------------------------------ values


@pytest.mark.parametrize("text", [
    "my alarm clock is now that bird", "I started working at that bird place",
    "mi jefe es ahora ese tipo",
])
def test_a_value_that_points_at_a_thing_is_no_value(text: str) -> None:
    assert _facts(_turn(text)) == []


# ------------------------------------------------------------------ questions


@pytest.mark.parametrize(("question", "key"), [
    ("What town is Hamish living in now?", ("hamish", "location")),
    ("Where do Kenji and Theo live now?", ("kenji", "location")),
    ("Who employs Hamish now?", ("hamish", "employer")),
    ("What is Valeria doing for work at the moment?", ("valeria", "role")),
    ("What is Maren's rank at her airline now?", ("maren", "role")),
    ("What car is Valeria driving these days?", ("valeria", "car")),
    ("Who is Maren's partner now?", ("maren", "partner")),
    ("Is Leilani seeing anyone these days?", ("leilani", "partner")),
    ("Who is Hamish dating?", ("hamish", "partner")),
    ("¿Con quién sale Valeria actualmente?", ("valeria", "partner")),
    ("¿Quién es la pareja de Valeria?", ("valeria", "partner")),
    ("Who is my partner?", ("user", "partner")),
])
def test_questions_about_a_friend_s_home_work_car_and_partner_ask_their_key(
        question: str, key: tuple[str, str]) -> None:
    assert attribute_question(question) == key


# ------------------------------------------------------------------ through the save path


@pytest.mark.anyio
async def test_a_partner_named_turns_after_the_date_through_the_save_path_and_rebuild(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with open_runtime(home) as rt:
        await save(rt, "[7:00 pm on 2 March, 2024] Maren: Luca and I broke up")
        await save(rt, "[6:30 pm on 22 August, 2024] Maren: also I started dating someone??")
        await save(rt, "[6:31 pm on 22 August, 2024] Hamish: WHAT. details")
        await save(rt, "[6:32 pm on 22 August, 2024] Maren: his name is Femi, he's a nurse")
        facts = await history(rt, "Maren", "partner")
    assert [(f.value, f.status, f.valid_from) for f in facts] == [
        ("none (broke up with Luca)", "HISTORICAL", "2024-03-02"),
        ("Femi", "ACTIVE", "2024-08-22")]
    assert_rebuilt_alike(home)


@pytest.mark.anyio
async def test_a_job_lost_then_a_workplace_started_through_the_save_path(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[9:00 am on 3 June, 2024] Hamish: I work at Stratum")
        await save(rt, "[6:30 pm on 20 August, 2024] Hamish: got laid off from Stratum today")
        await save(rt, "[6:30 pm on 22 August, 2024] Hamish: starting at the archive on Monday")
        facts = await history(rt, "Hamish", "employer")
    assert [(f.value, f.status, f.valid_from) for f in facts] == [
        ("Stratum", "HISTORICAL", "2024-06-03"),
        ("none (laid off from Stratum)", "HISTORICAL", "2024-08-20"),
        ("the archive", "ACTIVE", "2024-08-26")]
