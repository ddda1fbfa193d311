"""A stored turn holding the question's own rare words, told in other words than the
question's, answered "No memory found" (probe47, fix-none3): a birth told as having the
child ("Valentina tuvo a Bruno el martes 4 de agosto"), studies told as a course ("an Irish
language night course"), a language asked ("a little Irish") read as a name, a firm asked by
its full name and told by its short one ("my last day at Corrib"), a thing named by a phrase
in the question or in the memory ("el mal de altura" / "el soroche"). Each is answered with
the turn that tells it first; the never-stored question beside it stays "No memory
found"."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.asked_detail import detail_asked
from actors.navigation.asked_topic import beyond_names
from actors.navigation.synonyms import initials_of, phrases_of
from actors.navigation.unmentioned import _short_name
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

SMALL_TALK = (
    "[2025-09-06] Henrik: Hey! How's it going?",
    "[2025-09-06] Odalys: ¡Hola! ¿Cómo va todo?",
    "[2025-10-18] Henrik: Oh wow, how did that feel?",
    "[2025-12-13] Odalys: ¿Qué tal el clima por allá?",
    "[2026-01-10] Henrik: I'm half asleep, long day.",
    "[2026-02-07] Odalys: Talk soon, I need to cook dinner.",
)

BIRTH = (
    "[2026-05-23] Odalys: My sister Valentina is pregnant! The baby is due in August.",
    "[2026-08-15] Odalys: ¡Soy tía! Valentina tuvo a Bruno el martes 4 de agosto, pesó 3,4 kilos.",
    "[2026-08-15] Henrik: ¡Felicidades, tía Odalys!",
    "[2026-08-29] Odalys: Ignacio le hizo un sonajero de madera a Bruno.",
    "[2026-09-12] Odalys: Bruno ya sonríe cuando le canto, es un amor.",
    "[2026-10-10] Odalys: Le compramos a Bruno un gorrito de lana para el invierno.",
)


async def test_a_birth_told_as_having_the_child_answers_when_born(tmp_path: Path) -> None:
    """"Tuvo a Bruno el martes 4 de agosto" gives Bruno's birth with its day: the question is
    answered with it first, ahead of the turns that only name Bruno; Ignacio's birth, told
    nowhere, stays "No memory found"."""
    english, spanish, never = await replies(tmp_path, (*SMALL_TALK, *BIRTH), (
        "When was Bruno born?", "¿Cuándo nació Bruno?", "When was Ignacio born?"))
    for reply in (english, spanish):
        assert reply.status == "FOUND", reply.reason
        assert "tuvo a Bruno" in reply.hits[0].text
    assert (never.status, never.reason) == ("NONE", "no memory gives the date of birth")
    birth = detail_asked("When was Dev born?")
    assert birth is not None
    assert birth.held_by("Priya: My cousin Anjali had a baby boy on Tuesday.")
    assert birth.held_by("Inés dio a luz el jueves 12 de febrero.")
    assert not birth.held_by("Valentina tuvo a cargo la fiesta del sábado.")  # no child had
    assert not birth.held_by("The baby is due in August.")  # expected, not born
    # a relative's birth is told of that relative: a baby had is no husband
    husband = detail_asked("When was Anjali's husband born?")
    assert husband is not None and husband.also is not None
    assert not husband.also.held_by("Priya: My cousin Anjali had a baby boy on Tuesday.")


COURSE = (
    "[2026-03-28] Henrik: I enrolled in an Irish language night course at UCC, Wednesdays. "
    "Cúpla focal already.",
    "[2026-03-28] Odalys: That's great! When did you start?",
    "[2026-03-28] Henrik: Pilchard sleeps on my Irish textbook, which is very supportive of her.",
)


async def test_studies_of_a_kind_are_told_by_a_course_of_it(tmp_path: Path) -> None:
    """"Which language did Henrik study?" is told by his course of Irish; "What did Henrik
    study at university?" asks a degree, which no course tells; a language asked ("a little
    Irish") is what the question asks, not a name beside it."""
    language, degree, speak = await replies(tmp_path, (*SMALL_TALK, *COURSE), (
        "Which language did Henrik study at night at UCC?",
        "What did Henrik study at university?", "Would Henrik be able to speak a little Irish?"))
    assert language.status == "FOUND" and "night course" in language.hits[0].text
    assert (degree.status, degree.reason) == ("NONE", "no memory tells of the studies")
    assert speak.status == "FOUND" and "Irish" in speak.hits[0].text
    instrument = detail_asked("Which instrument did Tomás study?")
    assert instrument is not None
    assert instrument.held_by("Tomás: I started cello lessons in Hackney.")  # a thing of it
    assert not instrument.held_by("Priya: I started cello lessons in Hackney.")  # hers
    assert not instrument.held_by("Tomás: I went to a pottery class.")  # no instrument
    assert "Irish" in beyond_names("Can Henrik speak Irish?", ("speak", "Irish"))
    assert "Henrik" not in beyond_names("Can Henrik speak Irish?", ("Henrik", "speak"))


FIRM = (
    "[2026-03-07] Henrik: And I accepted a job at Kinsale Marine Labs as a data engineer.",
    "[2026-03-07] Henrik: Yes, my last day at Corrib is this Friday.",
    "[2026-03-07] Odalys: Wait, seriously?",
)


async def test_a_firm_asked_by_its_full_name_is_held_by_its_short_name(tmp_path: Path) -> None:
    """"Corrib Payments" is told "Corrib": its other word is an everyday one."""
    last_day, = await replies(tmp_path, (*SMALL_TALK, *FIRM),
                              ("What was Henrik's last day at Corrib Payments?",))
    assert last_day.status == "FOUND" and "last day at Corrib" in last_day.hits[0].text

    def held(term: str) -> bool:
        return term in {"corrib", "redux", "lisbon"}

    assert _short_name("Corrib Payments", held)
    assert not _short_name("Redux Saga", held)  # the last word names it
    assert not _short_name("Lisbon Marathon", held)
    assert not _short_name("Corrib", held)  # one word: held or not as it is
    # another firm of that first word is told: "Quill Records" is not "Quill Studios"
    assert not _short_name("Quill Records", lambda term: term == "quill",
                           ["Priya: I've been at Quill Studios for three years now."])


async def test_a_thing_named_by_a_phrase_is_held_by_its_word(tmp_path: Path) -> None:
    """"el mal de altura" asked, "el soroche" told; "the aurora" asked, "the northern
    lights" told (the phrase is read only where one memory holds all its words)."""
    altitude, = await replies(tmp_path, (
        *SMALL_TALK,
        "[2026-04-25] Odalys: Volví de Cusco el domingo pasado, fuimos a Machu Picchu.",
        "[2026-04-25] Odalys: Me agarró el soroche el primer día, tomé mate de coca y mejoré."),
        ("¿Qué tomó Odalys para el mal de altura?",))
    assert altitude.status == "FOUND" and "soroche" in altitude.hits[0].text
    assert (("mal", "altura"), "soroch") in initials_of("¿Qué tomó para el mal de altura?")
    assert initials_of("un mal día en la altura") == ()  # not said in a row
    assert phrases_of("aurora") == (("northern", "light"),)
