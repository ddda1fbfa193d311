"""A person's title is part of their name: "My doctor is Dr. Ana Ruiz" was read as the doctor
'Dr' (the sentence was cut at the title's full stop), as was "a new therapist, Dr. Lee"."""

from __future__ import annotations

import pytest

from actors.facts.patterns import extract_facts
from actors.text import sentences


@pytest.mark.parametrize(("text", "subject", "value"), [
    ("My doctor is Dr. Ana Ruiz.", "doctor", "Dr. Ana Ruiz"),
    ("My dentist is Dr. Patel.", "dentist", "Dr. Patel"),
    ("I started with a new therapist, Dr. Lee.", "therapist", "Dr. Lee"),
    ("I started with a new cello teacher, Tomasz Nowak.", "teacher", "Tomasz Nowak"),
])
def test_a_title_stays_with_its_name(text: str, subject: str, value: str) -> None:
    found = [(f.subject, f.value) for f in extract_facts(text)]
    assert found == [(subject, value)]


def test_a_title_s_full_stop_ends_no_sentence() -> None:
    assert sentences("My doctor is Dr. Ana Ruiz. She is great! Mr. Smith left.") == [
        "My doctor is Dr. Ana Ruiz.", "She is great!", "Mr. Smith left."]
    assert sentences("We met at the clinic. Dr Lee was late.") == [
        "We met at the clinic.", "Dr Lee was late."]
