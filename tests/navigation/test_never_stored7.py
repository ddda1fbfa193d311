"""Questions about the user's things never stored, of the kinds bbtest37's and bbtest40's
abstention questions still found answered (fix-mine42): a thing held only as someone else's
without a possessive ("The hamster Pip from my colleague's classroom is staying with us", "The
dog Brutus next door"), a word held in many memories of advice (the old bound of twelve read
memories took such a word as the user's), a child only ever asked about in general ("How do I
introduce a dog to a small child?"), a specialist held only through the first letters of
their field ("cardio" for "my cardiologist"), an event named by a place never stored ("the
Lisbon Marathon" when the Douro half is), a thing after "electric"; and in a question about
the user alone, the thing asked or the country named held only where it is told of someone
else ("My coworker Dmitri is allergic to shellfish", "My colleague Clara is planning a trip to
Japan"). Each has a twin that holds it and stays answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.answer_type import said_at, whose
from actors.navigation.query import possessed
from actors.navigation.stem import stem
from actors.navigation.unmentioned import about_the_user_alone
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

ADVICE = tuple(
    f"[2026-0{1 + day % 9}-{10 + day}] assistant: A few general pointers: a dog needs a walk "
    f"before you leave, a hamster needs deep bedding, and introduce a pet to a child on "
    f"neutral ground (tip {day})."
    for day in range(14))
"""Advice naming a dog, a hamster, a pet and a child in more memories than the old bound."""
TURNS = (
    *ADVICE,
    "[2026-06-19] user: The hamster Pip from my colleague's classroom is staying with us over "
    "the holidays. Anything I should know?",
    "[2026-06-10] user: The dog Brutus next door escaped twice this week. How can they secure "
    "the garden?",
    "[2026-07-01] user: How do I introduce a friend's dog to a small child safely?",
    "[2026-03-28] user: The orthopaedist, Dr. Kasper Lindqvist, says my left knee pain is "
    "patellar tendinopathy. Can I still do cardio?",
    "[2026-06-06] user: I signed up for the Douro Valley Half Marathon on October 11! My "
    "first half.",
    "[2026-11-14] user: I bought a second-hand road bike for 650 euros. How do I set the "
    "saddle height?",
)
NEVER = ("What is the name of my hamster?", "What is my dog called?",
         "What did my cardiologist tell me?", "What was my time in the Lisbon Marathon?",
         "How much did my electric scooter cost?", "What school does my daughter go to?")


async def test_the_users_things_never_stored_are_no_memory_found(tmp_path: Path) -> None:
    hamster, dog, cardiologist, lisbon, scooter, daughter = await replies(
        tmp_path / "never", TURNS, NEVER)
    assert hamster.status == "NONE" and "'hamster' (only someone else's)" in (
        hamster.reason or "")
    assert dog.status == "NONE" and "'dog'" in (dog.reason or "")
    assert cardiologist.status == "NONE" and "'cardiologist'" in (cardiologist.reason or "")
    assert "only" not in (cardiologist.reason or "")  # "cardio" is nobody's cardiologist
    assert lisbon.status == "NONE" and "'Lisbon Marathon'" in (lisbon.reason or "")
    assert scooter.status == "NONE" and "'scooter'" in (scooter.reason or "")
    assert daughter.status == "NONE" and "'daughter'" in (daughter.reason or "")


async def test_the_same_things_held_stay_answered(tmp_path: Path) -> None:
    held = (*TURNS,
            "[2026-08-01] user: We adopted a hamster from the shelter, we called her Nube.",
            "[2026-08-02] user: Our dog Toby hates the rain, how do I get him out?",
            "[2026-08-03] user: My cardiologist said my heart rate is fine for training.",
            "[2026-08-04] user: Finished the Lisbon Marathon, my time was 3:58, so happy!",
            "[2026-08-05] user: I got an electric scooter for the commute, 420 euros.",
            "[2026-08-06] user: My daughter Ana starts at Escola Azul in September.")
    answered = await replies(tmp_path / "held", held, NEVER)
    assert [(question, reply.reason) for question, reply in zip(NEVER, answered, strict=True)
            if reply.status == "NONE"] == []


def test_whose_a_thing_is_said_after_it_or_asked_in_general() -> None:
    def told(text: str, word: str) -> list[str | None]:
        words, at = said_at(text, {stem(word)})
        return [whose(words, one) for one in at]

    assert told("The hamster Pip from my colleague's classroom is staying with us.",
                "hamster") == ["other"]
    assert told("El perro del vecino ladra toda la noche y no duermo.", "perro") == ["other"]
    assert told("How do I introduce a friend's dog to a small child safely?",
                "child") == [None]
    # the speaker's: acquired from someone, "my" before it, a child the speaker has
    assert told("We got the hamster from a friend, I love her.", "hamster") == ["speaker"]
    assert told("I adopted a puppy from my cousin's litter.", "puppy") == ["speaker"]
    assert told("My dog from the shelter is shy.", "dog") == ["speaker"]
    assert told("I have a daughter, how do I help her sleep?", "daughter") == ["speaker"]
    assert told("Can I give my dog a bone?", "dog") == ["speaker"]


def test_electric_qualifies_the_thing_possessed() -> None:
    assert possessed("How much did my electric scooter cost?") == ("scooter",)


OTHERS = (
    *ADVICE[:3],
    "[2026-07-21] user: Joaquín and I had lunch. My coworker Dmitri is allergic to shellfish, "
    "so the team dinner is a pain.",
    "[2026-06-18] user: My colleague Clara is planning a trip to Japan in spring. What's a "
    "realistic route for a first-timer?",
    "[2026-06-18] assistant: For Japan, a classic first route is Tokyo for four nights, Kyoto "
    "for three and Osaka for two.",
    "[2026-08-05] user: Planning a hike. Important: I'm allergic to peanuts, I carry an EpiPen.",
)
ABOUT_ME = ("Which shellfish am I allergic to?", "How many days did I spend in Japan?")


async def test_what_is_told_only_of_someone_else_is_never_the_users(tmp_path: Path) -> None:
    shellfish, japan = await replies(tmp_path / "never", OTHERS, ABOUT_ME)
    assert shellfish.status == "NONE" and "'shellfish' (only Dmitri's)" in (
        shellfish.reason or "")
    assert japan.status == "NONE" and "'Japan' (only Clara's)" in (japan.reason or "")


async def test_the_users_own_or_someone_elses_asked_stays_answered(tmp_path: Path) -> None:
    held = (*OTHERS,
            "[2026-09-01] user: I can't eat shellfish either, shrimp makes my lips swell.",
            "[2026-10-02] user: Back from Kyoto! Nine days and the temples were unreal.")
    shellfish, japan = await replies(tmp_path / "held", held, ABOUT_ME)
    assert shellfish.status != "NONE" and japan.status != "NONE"
    # the question asks about someone else: their memory answers it
    dmitri, = await replies(tmp_path / "dmitri", OTHERS,
                            ("Which shellfish is my coworker allergic to?",))
    assert dmitri.status != "NONE"


def test_a_question_about_the_user_alone() -> None:
    assert about_the_user_alone("Which shellfish am I allergic to?")
    assert about_the_user_alone("How many days did I spend in Japan?")
    assert not about_the_user_alone("Which shellfish is my coworker allergic to?")
    assert not about_the_user_alone("What did you recommend for my trip to Japan?")
    assert not about_the_user_alone("Which book did Teo lend me?")
    assert not about_the_user_alone("Which shellfish is Dmitri allergic to?")
