"""A job told by a pronoun opening the sentence after the one that names the person
(``pronoun_told.said_of_one``, issue 18): the person's, only when the pronoun can point to no
one else. Each case with its look-alikes that must stay no one's job."""

from __future__ import annotations

import pytest

from actors.facts.patterns import extract_facts


def _roles(text: str) -> list[tuple[str, str]]:
    return [(f.subject, f.value) for f in extract_facts(text, data_type="PERSONAL")
            if f.attribute == "role"]


@pytest.mark.parametrize(("text", "expected"), [
    ("I met my neighbour Iker. He's a firefighter.", [("Iker", "firefighter")]),
    ("[2025-03-09] User: I met my neighbour Iker. He is a firefighter at the station.",
     [("Iker", "firefighter")]),
    ("Nora: My cousin Facundo came over. He works as a surf instructor.",
     [("Facundo", "surf instructor")]),
    ("Yesterday Iker called. She's a nurse now.", [("Iker", "nurse")]),
    ("Conocí a mi vecina Itziar. Es bombera.", [("Itziar", "bombera")]),
    ("Ayer vi a Lucía. Ella trabaja de enfermera en el Clínico.", [("Lucía", "enfermera")]),
    ("Iker y yo fuimos al cine. Es bombero.", [("Iker", "bombero")]),
])
def test_a_job_told_by_a_pronoun_is_the_one_named(text: str,
                                                 expected: list[tuple[str, str]]) -> None:
    assert _roles(text) == expected


@pytest.mark.parametrize("text", [
    "I met Iker and Ane. She's a nurse.",            # two people
    "I met Iker in Bilbao. He's a firefighter.",     # a second candidate in between
    "I met Iker. It is a nice day. He is a nurse.",  # not the sentence right before
    "I talked to Marta's brother Iker. He is a nurse.",
    "Iker came to dinner. He's a big fan of Catan.",  # no trade
    "Hoy comí con Iker. Es un crack.",
    "Hoy es lunes. Es bombero.",                     # no one named
    "My sister called. She's a nurse.",              # no name
    "I met Iker. Later he said he's a nurse.",       # the pronoun opens no sentence
])
def test_no_job_when_the_pronoun_may_be_someone_else(text: str) -> None:
    assert _roles(text) == []


def test_another_named_before_keeps_the_pronoun_unread() -> None:
    # "Marta is a nurse" is hers; "He is a chef" may be Iker's or anyone's
    assert _roles("I met Iker. Marta is a nurse. He is a chef.") == [("Marta", "nurse")]
