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
    # a name, then their work in an aside (issue 18, probe47's Facundo)
    ("Nora: My cousin Facundo, he's a surf instructor here, picked us up.", "Facundo",
     "surf instructor"),
    ("Facundo - he's a surf instructor - showed us the break.", "Facundo", "surf instructor"),
    ("Marta, who is a doctor, said it was fine.", "Marta", "doctor"),
    ("Ask Marta, she's the manager.", "Marta", "manager"),
    ("Mi hermana Carla, que es enfermera en el Clínico, hoy libra.", "Carla", "enfermera"),
    ("Pedro, que es guía de montaña, nos llevó al refugio.", "Pedro", "guía de montaña"),
    ("Facundo trabaja de monitor de surf en Máncora.", "Facundo", "monitor de surf"),
    ("Iker, que es bombero, vino en moto.", "Iker", "bombero"),
])
def test_a_named_person_s_work_goes_on_their_timeline(text: str, who: str, role: str) -> None:
    told = facts_told(text, day=dt.date(2025, 10, 18))
    assert (who, "role", role) in [f[:3] for f in told], told


@pytest.mark.parametrize("text", [
    "Sunday is a teacher training day.",  # the role noun does not end the phrase
    "Marta is a terrible cook.",  # how she cooks, not her job
    "Tom is the best engineer I know.",
    "The weather is a nightmare.",
    # an aside that says how someone is, not their job
    "Tomasz, he's a big fan of Catan, wants a rematch.",
    "Marta, she's a big help with the kids.",
    "Luis, he's a good friend of mine.",
    "Facundo, he's a member of the club.",
    "Thanks Facundo, he's a lifesaver.",
    "Marta, she's a terrible cook.",
    "Sam, he's a real chef in the kitchen.",
    "Kai, he's a bit of a chef.",
    "Nora, she's a fan of surf instructors.",
    "Marta, she's a teacher's pet.",
    "Tomasz, he's the owner of the bar.",
    "Facundo, es un crack.",
    "Luis, que es socio del club, nos invitó.",
    "Carla, que es una gran profesora, nos ayudó.",
    "Carla es muy buena cocinera.",
    "Julia, que es la mejor cocinera del mundo.",
    # a place or a thing before the comma is no one whose job it is (conversation-b's
    # Matías: 'Barcelona role = cocinero')
    "Mi hermano Matías vive en Barcelona, es cocinero en un restaurante.",
    "He lives in Lobitos, he's a surf instructor.",
    "Conoció a un chico en Barcelona, que es cocinero.",
])
def test_no_role_where_none_is_said(text: str) -> None:
    assert [f for f in facts_told(text, day=dt.date(2025, 10, 18)) if f[1] == "role"] == []


@pytest.mark.parametrize(("question", "key"), [
    ("What does Koldo do?", ("koldo", "role")),
    ("What does Koldo do now?", ("koldo", "role")),
    ("What does this function do?", None),
    ("What does the deploy script do?", None),
    ("What does Koldo do on weekends?", None),
    ("What was Koldo's job?", ("koldo", "employer")),  # the role answers after any employer
    ("What did Koldo do for a living?", ("koldo", "role")),
    ("¿Cuál es el trabajo de Koldo?", ("koldo", "employer")),
    ("¿Cuál era la profesión de Koldo?", ("koldo", "role")),
    ("¿De qué trabaja Koldo?", ("koldo", "role")),
    ("¿Cuál es el trabajo de fin de grado de Koldo?", None),
])
def test_what_someone_does_asks_their_work(question: str, key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key
