"""Someone named and their work: "Tom is a nurse at the Royal Infirmary", "Koldo es cocinero",
"se llama Koldo, es cocinero en un restaurante" (probe44: "What does Koldo do?" was AMBIGUOUS
between that turn and "Koldo os va a hacer una cena": nothing on his timeline said what he
does). And "What does Koldo do?" alone asks his work; "What does this function do?" does
not."""

from __future__ import annotations

import datetime as dt

import pytest
from facts_runtime import facts_told

from actors.facts.questions import attribute_question


@pytest.mark.parametrize(("text", "who", "role"), [
    ("Inés: Y he conocido a alguien... se llama Koldo, es cocinero en un restaurante del "
     "Casco Viejo.", "Koldo", "cocinero"),
    ("Rohan: I met someone, his name is Tom, he's a nurse at the Royal Infirmary.", "Tom",
     "nurse"),
    ("Rohan: Tom is a nurse at the Royal Infirmary.", "Tom", "nurse"),
    ("Inés: Koldo es cocinero en el Bar Txoko.", "Koldo", "cocinero"),
    ("Marta works as a data analyst at Monzo.", "Marta", "data analyst"),
    ("Marta trabaja de enfermera en el Clínico.", "Marta", "enfermera"),
    ("Marta is now a nurse at the Royal Infirmary.", "Marta", "nurse"),
    ("Ana es profesora de inglés.", "Ana", "profesora de inglés"),
])
def test_a_named_person_s_work_goes_on_their_timeline(text: str, who: str, role: str) -> None:
    told = facts_told(text, day=dt.date(2025, 10, 18))
    assert (who, "role", role) in [f[:3] for f in told], told


@pytest.mark.parametrize("text", [
    "Sunday is a teacher training day.",  # the role noun does not end the phrase
    "Marta is a terrible cook.",  # how she cooks, not her job
    "Tom is the best engineer I know.",
    "The weather is a nightmare.",
])
def test_no_role_where_none_is_said(text: str) -> None:
    assert [f for f in facts_told(text, day=dt.date(2025, 10, 18)) if f[1] == "role"] == []


@pytest.mark.parametrize(("question", "key"), [
    ("What does Koldo do?", ("koldo", "role")),
    ("What does Koldo do now?", ("koldo", "role")),
    ("What does this function do?", None),
    ("What does the deploy script do?", None),
    ("What does Koldo do on weekends?", None),
])
def test_what_someone_does_asks_their_work(question: str, key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key
