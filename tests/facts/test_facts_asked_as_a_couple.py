"""An attribute asked in other words (fix-attr, the outside probe46): in the plural ("What car
do we drive?", "¿Qué coche llevamos?"), with closing words of time ("What is my job now?"),
by its verb alone ("What do I drive?", "What does Yusuf eat now?"). The rules were written
in the singular and most of them without time words, so such a question had no key and no
``Current value`` line."""

from __future__ import annotations

import pytest

from actors.facts.questions import attribute_question, history_question


@pytest.mark.parametrize(("question", "key"), [
    ("What car do we drive?", ("user", "car")),
    ("What do I drive these days?", ("user", "car")),
    ("What are we driving at the moment?", ("user", "car")),
    ("¿Qué coche llevamos ahora?", ("user", "car")),
    ("¿Qué conduzco?", ("user", "car")),
    ("What is my job now?", ("user", "employer")),
    ("What's our current company?", ("user", "employer")),
    ("Where do we work these days?", ("user", "employer")),
    ("¿A qué nos dedicamos?", ("user", "role")),
    ("¿Dónde trabajamos actualmente?", ("user", "employer")),
    ("Where are we based right now?", ("user", "location")),
    ("What's our address these days?", ("user", "location")),
    # as before: the plural rules keep their reading, others' questions stay theirs
    ("¿Dónde nos mudamos?", ("user", "location")),
    ("What car does Kenji drive now?", ("kenji", "car")),
])
def test_a_question_in_the_plural_or_with_time_words_asks_the_user_s_attribute(
        question: str, key: tuple[str, str]) -> None:
    assert attribute_question(question) == key


@pytest.mark.parametrize("question", [
    "What do we drive to the coast?",  # asks for no car: a place follows
    "What did we do on Saturday?",
    "Where did we eat now that the cafe is shut?",
])
def test_a_question_asking_no_attribute_still_asks_none(question: str) -> None:
    assert attribute_question(question) is None


def test_a_history_asked_in_the_plural_is_the_user_s_history() -> None:
    assert history_question("Which cars have we owned?") == (("user", "car"),)
    assert history_question("Where have we lived?") == (("user", "location"),)


@pytest.mark.parametrize(("question", "key"), [
    ("What does Oriol eat these days?", ("oriol", "diet")),
    ("¿Qué come Oriol ahora?", ("oriol", "diet")),
    ("What do we eat now?", ("user", "diet")),
    # left alone: a meal asked, an animal's food
    ("What does Oriol eat for breakfast?", None),
    ("What does the tortoise eat?", None),
    ("¿Qué come el perro?", None),
])
def test_what_someone_eats_with_nothing_after_asks_the_diet(
        question: str, key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key
