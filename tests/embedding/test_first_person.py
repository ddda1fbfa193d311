"""A question about "the user" is read by the sentence model as the user would ask it (the
memories are first-person notes); its words, and Spanish questions, are left as asked."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from actors.embedding.first_person import first_person
from actors.embedding.index import VectorIndex
from actors.embedding.sentence import SentenceEncoder
from store.paths import StoreLayout


@pytest.mark.parametrize(("asked", "spoken"), [
    ("What car does the user drive now?", "What car do I drive now?"),
    ("Where is the user spending Christmas?", "Where am I spending Christmas?"),
    ("How is the user's knee?", "How is my knee?"),
    ("Which book did Vera recommend to the user?", "Which book did Vera recommend to me?"),
    ("What did the doctor prescribe the user for acidez?",
     "What did the doctor prescribe me for acidez?"),
    ("The user has a dog?", "I have a dog?"),
    ("Why the user left Northwind", "Why I left Northwind"),
    ("the user isn't vegan?", "I am not vegan?"),
    ("Why doesn't the user like Rust?", "Why don't I like Rust?"),
    ("What did the user say about the user interface?",
     "What did I say about the user interface?"),  # a thing of software stays
])
def test_the_user_becomes_the_first_person(asked: str, spoken: str) -> None:
    assert first_person(asked) == spoken


@pytest.mark.parametrize("asked", [
    "What did I buy in February?",
    "¿Dónde vive el usuario ahora?",  # Spanish keeps its person in the verb: left alone
    "User research plan for Q3",  # no "the user": a name of a thing
    "Which users signed up last week?",
    "What does the user-agent header say?",
    "How does the user service handle retries?",
    "Does the user table have an index?",
])
def test_other_questions_are_left_as_asked(asked: str) -> None:
    assert first_person(asked) == asked


def test_the_question_vector_is_the_first_person_reading(tmp_path: Path) -> None:
    encoder = SentenceEncoder()
    index = VectorIndex(StoreLayout.at_home(tmp_path), encoder)
    asked = index.encode_query("Where does the user live now?")
    assert np.allclose(asked, encoder.encode(["Where do I live now?"])[0], atol=1e-6)
