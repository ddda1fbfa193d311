"""False facts the review of the thirty-eighth pass found in the new readers (mend-facts): a
word before "tests" taken as whose tests they are ("so tests run with vitest"), a question's
function word taken as a suite ("What test runner do we use?"), company or a firm taken as a
partner ("I'm with Tom, we're working together"), a sentence adverb as the partner's name
("Honestly, he's lovely") and a town, a relative or a holiday as an employer ("Mi nuevo
trabajo en Barcelona", "I'm with Mum now", "my new job at Christmas"). Each row beside what
the readers were written for, which must still be read."""

from __future__ import annotations

import pytest

from actors.facts.patterns import extract_facts
from actors.facts.questions import suite_asked


def _facts(text: str, attribute: str) -> list[tuple[str, str]]:
    return [(f.subject, f.value) for f in extract_facts(text) if f.attribute == attribute]


@pytest.mark.parametrize(("text", "expected"), [
    ("We switched frameworks so tests run with vitest now.", [("project", "vitest")]),
    ("These days tests run with vitest.", [("project", "vitest")]),
    ("Las pruebas de rendimiento se ejecutan con k6.", [("project", "k6")]),
    ("Las pruebas de unidad se ejecutan con jest.", [("project", "jest")]),
    ("Estos días las pruebas se ejecutan con vitest.", [("project", "vitest")]),
    # what the reader is for: a suite's own command
    ("The checkout tests run with npm run test:checkout.", [("checkout", "npm run test:checkout")]),
    ("Los tests de lindera se ejecutan con cargo test.", [("lindera", "cargo test")]),
])
def test_whose_tests(text: str, expected: list[tuple[str, str]]) -> None:
    assert _facts(text, "test_runner") == expected


@pytest.mark.parametrize(("question", "suite"), [
    ("What test runner do we use?", None),
    ("How are tests run?", None),
    ("How do I test it?", None),
    ("What do I use to test?", None),
    ("Which test command do we use?", None),
    ("¿Cómo lanzo las pruebas de rendimiento?", None),
    ("How do I run the checkout tests?", "checkout"),
    ("¿Cómo lanzo los tests de lindera?", "lindera"),
])
def test_suite_asked(question: str, suite: str | None) -> None:
    assert suite_asked(question) == suite


@pytest.mark.parametrize(("text", "expected"), [
    ("I'm with Tom, we're working together on the report.", []),
    ("Estoy con Andrés, trabajamos juntos en el informe.", []),
    ("I'm with Tom now - we're a couple of hours late.", []),
    ("Tom and I have been together all day at the office.", []),
    ("Estoy con Andrés, estamos juntos todo el día en la oficina.", []),
    ("I'm with Sara, we're together in the queue.", []),
    ("Estoy con Marta, estamos juntos en la cola.", []),
    ("We broke up in March. Now I'm with Spotify, as a backend engineer.", ["none (broke up)"]),
    ("Switched jobs after we split up. Now I'm with Initech.", ["none (broke up)"]),
    ("Conor and I broke up. Now I'm with Mum, at her flat.", ["none (broke up with Conor)"]),
    ("I've been seeing someone. Honestly, he's lovely.", []),
    ("I've been seeing someone. Luckily, a friend introduced us.", []),
    ("Estoy saliendo con alguien. Ayer, una tormenta.", []),
    # what the readers are for
    ("I'm with Theo now, we've been together since June.", ["Theo"]),
    ("Estoy con Andrés, llevamos dos meses juntos.", ["Andrés"]),
    ("Tom and I have been together for two years.", ["Tom"]),
    ("We broke up in March. Now I'm with Sofía.", ["Sofía"]),
    ("I've been seeing someone. Emily, a teacher I met at the pool.", ["Emily"]),
])
def test_partner(text: str, expected: list[str]) -> None:
    assert sorted(value for _, value in _facts(text, "partner")) == sorted(expected)


@pytest.mark.parametrize(("text", "expected"), [
    ("Mi nuevo trabajo en Barcelona empieza el lunes.", []),
    ("Conseguí un trabajo en Madrid.", []),
    ("¡Me dieron el puesto! Es en Barcelona.", []),
    ("I got the job! I'm with Mum now, celebrating.", []),
    ("my new job with Sarah's team is fun", []),
    ("My new job at Christmas is the worst.", []),
    ("I got the lead role in the school play! It's at the Globe Theatre.", []),
    # what the readers are for
    ("Mi nuevo trabajo en Inditex empieza el lunes.", ["Inditex"]),
    ("¡Me dieron el puesto! Es en Indra, como analista.", ["Indra"]),
    ("I got a new job! I'm at Spotify as a backend engineer.", ["Spotify"]),
    ("My new job at Easter Foods starts Monday.", ["Easter Foods"]),
    ("My new job at Sainsbury's starts Monday.", ["Sainsbury's"]),
    ("I got the job! It's at the BBC.", ["BBC"]),
])
def test_employer(text: str, expected: list[str]) -> None:
    assert [value for _, value in _facts(text, "employer")] == expected
