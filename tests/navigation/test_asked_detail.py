"""A detail asked of someone the store knows that no memory gives (fix-never7, issue 18): the
mother told but no date of her birth, Tomás's "dos días en coche" but no car bought, health
matters but no operation, a partner but no marriage, a port of no environment for staging.
Each is "No memory found" naming the detail; each asked again of a store holding it is
answered with the memory that gives it first."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.asked_detail import detail_asked
from actors.navigation.asked_setting import setting_asked
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TURNS = (
    "[2026-02-03] user: My mother is a nurse at the Santa Maria hospital, she works nights.",
    "[2026-03-14] user: My mother came to visit last weekend, we went to the market together.",
    "[2026-04-02] user: I've had a bad cold for a week, the doctor said to rest.",
    "[2026-04-20] user: My knee hurts after running, the physio gave me exercises.",
    "[2026-05-05] user: Got my allergy test results: pollen and dust mites.",
    "[2026-05-18] user: My partner Ana and I are looking for a bigger flat.",
    "[2026-06-01] user: Ana's birthday dinner was lovely, we went to the Italian place.",
    "[2026-06-10] Maya: I bought a used Subaru last month, finally!",
    "[2026-06-10] Tomás: Yo pasé dos días en coche para llegar a Chicago, agotador.",
    "[2026-06-11] Tomás: Mi hermano Diego vive en Monterrey.",
    "[2026-07-01] user: Norbank's SFTP server listens on port 2222, user norbank-etl.",
    "[2026-07-02] user: The Norbank import job runs nightly at 02:00.",
    "[2026-07-05] user: I switched my dentist to a clinic closer to home.",
)
GIVEN = (
    "[2026-08-01] user: My mother was born on 12 March 1961.",
    "[2026-08-02] Tomás: Por fin me compré un coche, un Seat León de segunda mano.",
    "[2026-08-03] user: Me operé de la vista en septiembre, cirugía láser, todo bien.",
    "[2026-08-05] user: My wife Laura starts her new job tomorrow.",
    "[2026-08-06] user: In staging the Norbank SFTP server uses port 2022.",
)
ASKED = ("What is my mother's date of birth?", "What car did Tomás buy?",
         "When did I have eye surgery?", "What is my wife's name?",
         "What is the Norbank SFTP port in staging?")


async def test_a_detail_no_memory_gives_is_no_memory_found(tmp_path: Path) -> None:
    birth, car, surgery, wife, port = await replies(tmp_path / "never", TURNS, ASKED)
    assert (birth.status, birth.reason) == (
        "NONE", "no memory gives the user's mother's date of birth")
    assert (car.status, car.reason) == ("NONE", "no memory tells of Tomás buying car")
    assert (surgery.status, surgery.reason) == (
        "NONE", "no memory tells of the user's eye surgery")
    assert (wife.status, wife.reason) == (
        "NONE", "no memory says the user has a wife (a 'partner' is told)")
    assert wife.nearest and "partner Ana" in wife.nearest[0].text  # the partner is shown
    assert port.status == "NONE" and "(sftp staging)" in (port.reason or "")


async def test_the_detail_given_is_answered_by_its_memory(tmp_path: Path) -> None:
    answered = await replies(tmp_path / "given", (*TURNS, *GIVEN), ASKED)
    assert [(reply.status, reply.hits[0].text if reply.hits else "") for reply in answered] \
        == [("FOUND", turn) for turn in GIVEN]


def test_which_questions_ask_a_detail() -> None:
    def said(question: str) -> str | None:
        detail = detail_asked(question)
        return detail.said if detail is not None else None

    assert said("¿Cuándo nació mi abuela?") \
        == "no memory gives the user's abuela's date of birth"
    assert said("¿Cuál es la fecha de nacimiento de mi madre?") \
        == "no memory gives the user's madre's date of birth"
    assert said("Who did I get engaged to?") == "no memory tells of the user's engagement"
    assert said("¿Qué coche se compró Tomás?") == "no memory tells of Tomás buying coche"
    assert said("¿Cómo se llama mi esposa?") == "no memory says the user has a esposa"
    # what happened on a birthday asks no date of birth (only that the mother is told)
    assert said("What did I give my mother for her birthday?") \
        == "no memory tells of the user's mother"
    # a girlfriend (told as a partner as often), a proposal of code, a name given to an
    # adopted pet: no detail of its own asked
    for question in ("What is my girlfriend's name?", "How do library upgrades get proposed?",
                     "What name did the user give the bird adopted in Graz?"):
        assert said(question) is None, question


def test_a_detail_is_read_in_either_language_with_its_value() -> None:
    birth = detail_asked("When is Leo's birthday?")
    surgery = detail_asked("When did I have eye surgery?")
    bought = detail_asked("What car did Tomás buy?")
    assert birth is not None and surgery is not None and bought is not None
    assert birth.held_by("[2026-03-01] user: Leo turns 8 on 3 May!")
    assert not birth.held_by("[2026-03-01] user: Leo's birthday is coming up, any ideas?")
    assert surgery.held_by("Me operaron de los ojos en marzo.")
    assert not surgery.held_by("My eyes are itchy, the allergy season started.")
    assert bought.held_by("Tomás: Por fin me compré un Seat.")
    assert not bought.held_by("Tomás: Yo pasé dos días en coche.")
    assert not bought.held_by("Maya: I bought a used Subaru.")  # another speaker's own


def test_an_environment_asked_needs_a_memory_naming_it() -> None:
    setting = setting_asked("What is the Norbank SFTP port in staging?")
    assert setting is not None
    assert not setting.held_by("Norbank's SFTP server listens on port 2222.")
    assert setting.held_by("In staging the Norbank SFTP server uses port 2022.")



KINDS = (
    "[2026-03-08] user: My friend Teo is visiting on Friday, he works at a steel factory.",
    "[2026-03-08] user: I went running along the river this morning, 5 km in 28 minutes.",
    "[2026-03-15] user: Teo and I have been friends since primary school.",
    "[2026-04-02] user: Lucía vino a cenar el sábado y trajo un vino buenísimo.",
    "[2026-04-02] user: Estoy practicando piano todas las noches para el recital.",
)
KINDS_ASKED = ("What sport does Teo play?", "¿Qué instrumento toca Lucía?")


async def test_a_thing_of_a_kind_no_memory_shown_gives_them_is_no_memory_found(
        tmp_path: Path) -> None:
    """A sport and an instrument are stored, the user's, on the days Teo and Lucía are told
    of: the memories shown name a thing of the kind, but none with the person asked."""
    sport, instrument = await replies(tmp_path / "never", KINDS, KINDS_ASKED)
    assert (sport.status, sport.reason) == ("NONE", "no memory names the sport with Teo")
    assert (instrument.status, instrument.reason) == (
        "NONE", "no memory names the instrumento with Lucía")
    told = await replies(tmp_path / "told", (
        *KINDS, "[2026-05-01] user: Teo plays hurling with his cousins every Saturday.",
        "[2026-05-02] user: Lucía toca el violonchelo en la orquesta del barrio."), KINDS_ASKED)
    assert [reply.status for reply in told] == ["FOUND", "FOUND"]
    assert "hurling" in told[0].hits[0].text  # no list holds hurling: Teo's doing tells it
    assert "violonchelo" in told[1].hits[0].text
    flown = detail_asked("Which airline did Omar fly to Rome with?")  # "to Rome": a place
    assert flown is not None and flown.named == "Omar"
    assert flown.held_by("Omar flew to Rome with ITA.")  # an irregular form of the doing
    assert not flown.held_by("Omar is back from Rome.")
    assert not flown.held_by("I flew to Dublin with Ryanair.")  # the user's, not Omar's
    ours = detail_asked("Which airline did the user fly to Lisbon with?")
    assert ours is not None and ours.held_by("We flew to Lisbon with TAP.")
    assert not ours.held_by("We flew back with a two-hour delay, typical.")  # no thing said


STUDIES = (
    "[2026-02-14] user: Went on a date with Marcos, we met at pottery class. He teaches maths.",
    "[2026-03-01] user: I build dashboards in Metabase at work, I'm the only data analyst.",
    "[2026-03-20] user: Marcos cooked dinner and we watched a film about chess.",
)


async def test_studies_no_memory_tells_are_no_memory_found(tmp_path: Path) -> None:
    """Marcos teaches maths: what he studied is not told (a teacher of maths may have studied
    anything); told, the memory saying it is served first."""
    never, = await replies(tmp_path / "never", STUDIES, ("What did Marcos study at university?",))
    assert (never.status, never.reason) == ("NONE", "no memory tells of the studies")
    told, = await replies(tmp_path / "told", (
        *STUDIES, "[2026-04-02] user: Marcos studied physics in Salamanca before teaching."),
        ("What did Marcos study at university?",))
    assert told.status == "FOUND" and "physics" in told.hits[0].text
    # learning now, or for an exam, is no degree asked
    for question in ("¿Qué idioma está estudiando el usuario?",
                     "What did the user study for the exam?",
                     "How many languages has the user studied?"):
        assert detail_asked(question) is None, question


RELATIVES = (
    "[2026-01-04] user: I live in Bristol with my dog Pepper.",
    "[2026-01-16] Kenji: My sister Aiko just had a baby girl named Hana.",
    "[2026-02-03] Kenji: I've been bouldering twice a week at the climbing gym.",
    "[2026-02-10] Marta: Mi hijo Pablo empieza el instituto en septiembre.",
)
RELATIVES_GIVEN = (
    "[2026-04-01] Kenji: My brother Ren is moving to Osaka next month.",
    "[2026-04-03] user: My sister Clara is coming to visit in May.",
    "[2026-04-05] Marta: Mi hija Lucía ya habla inglés mejor que yo.",
)
RELATIVES_ASKED = ("What is the name of Kenji's brother?",
                   "What is the name of the user's sister?", "¿Cómo se llama la hija de Marta?",
                   "What is the name of Kenji's sister?")


async def test_a_relative_no_memory_tells_of_that_person_is_no_memory_found(
        tmp_path: Path) -> None:
    """Kenji's sister is told, no brother of his; a sister is told, Kenji's, not the user's;
    Marta's son, no daughter: each relative asked that no memory tells of that person is "No
    memory found" naming it. The sister asked of Kenji stays answered, and each relative
    told is answered with the memory that tells it (fix-never10)."""
    brother, sister, daughter, kenjis = await replies(tmp_path / "never", RELATIVES,
                                                      RELATIVES_ASKED)
    assert (brother.status, brother.reason) == ("NONE", "no memory tells of Kenji's brother")
    assert (sister.status, sister.reason) == ("NONE", "no memory tells of the user's sister")
    assert (daughter.status, daughter.reason) == ("NONE", "no memory tells of Marta's hija")
    assert kenjis.status == "FOUND" and "My sister Aiko" in kenjis.hits[0].text
    told = await replies(tmp_path / "given", (*RELATIVES, *RELATIVES_GIVEN), RELATIVES_ASKED)
    assert [reply.status for reply in told][:1] + [told[2].status] == ["FOUND", "FOUND"]
    assert told[0].hits[0].text == RELATIVES_GIVEN[0]
    assert told[2].hits[0].text == RELATIVES_GIVEN[2]
    assert told[1].status in ("FOUND", "AMBIGUOUS")  # the user's sister and Kenji's
    assert any(hit.text == RELATIVES_GIVEN[1] for hit in told[1].hits)


def test_whose_relative_is_asked_and_told() -> None:
    def said(question: str) -> str | None:
        detail = detail_asked(question)
        return detail.said if detail is not None else None

    assert said("What is Kenji's wife's name?") == "no memory says Kenji has a wife"
    assert said("¿Dónde vive la hermana de Nora?") == "no memory tells of Nora's hermana"
    assert said("¿Qué le regaló el usuario a su sobrina?") \
        == "no memory tells of the user's sobrina"
    assert said("How old is Tom's husband?") == "no memory says Tom has a husband"
    # a partner asked, a boss, a relative of a thing asked with its kind
    assert said("What is Kenji's girlfriend's name?") is None
    assert said("Where does Ana's boss work?") is None
    assert said("Which team does the user's sister-in-law play in?") is None
    kind = detail_asked("What sport does Dara's son play?")
    assert kind is not None and kind.also is not None \
        and kind.also.said == "no memory tells of Dara's son"
    # a relative's relative, a relative of its own kind, one of another speaker, the user
    # by name, another relative of the one asked, the user's relative for someone else's
    for question, text, names, held in (
            ("What is the name of the user's nephew?",
             "user: My sister Carolina had a boy, her son is called Mateo.", (), True),
            ("What is the name of the user's nephew?",
             "user: My sister Carolina lives in Monterrey.", (), False),
            ("Where does my grandmother live?", "user: My grandma lives near Cork.", (), True),
            ("Where does my grandmother live?", "Bea: Mi abuela vive en Lugo.", (), False),
            ("Where does my grandmother live?", "Nora: Mi abuela vive en Lugo.", ("Nora",),
             True),
            ("What is the name of Kenji's brother?", "Kenji: My sister Aiko had a baby.", (),
             False),
            ("What is the name of Kenji's brother?", "user: My brother Tom is visiting.", (),
             False),
            ("What is the name of Kenji's brother?", "Kenji: Mi hermano Ren vive en Osaka.",
             (), True)):
        detail = detail_asked(question)
        assert detail is not None and detail.held_by(text, names) is held, (question, text)


def test_a_mark_asked_is_told_by_a_mark_of_what_it_was_got_in() -> None:
    """A mark got in an exam or a course (abstain): told by a mark's words, passing or a
    number got, in a memory naming what it was got in; not a level one is stuck on."""
    detail = detail_asked("¿Qué nota sacó Marta en el examen de inglés?")
    assert detail is not None and detail.owner == "Marta"
    assert detail.held_by("Marta aprobó el examen de inglés con un 7,5.")
    assert detail.held_by("Marta passed her English exam, 85%.")
    assert not detail.held_by("Marta se apuntó al examen de inglés de junio.")
    assert not detail.held_by("Marta sacó un 9 en historia.")  # another subject's mark
    english = detail_asked("What grade did the user get in the cooking course?")
    assert english is not None and english.held_by("Cooking course done: final mark 8/10.")
    assert not english.held_by("The cooking course cost 120 euros.")  # a sum, no mark
    assert english.held_by("Got an A in the cooking course!")  # a letter, as written
    assert not english.held_by("I got a knife set for the cooking course.")  # an article
    assert not english.held_by("My first cooking course class is on Monday.")
    assert detail_asked("What grade is the user stuck on at the climbing wall?") is None
    assert detail_asked("¿Qué notas tomó el usuario en la reunión?") is None
