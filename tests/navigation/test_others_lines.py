"""A question about the user alone answered by the user's own memories, never by another named
speaker's line (probe45, failure 1): in a store shared by several chats, "What is my dog's
name?" was led at confidence 1.00 by "Dário: For a dog that age, two walks a day is plenty",
the user's own turn 2nd. The stores here are in words not used while writing the rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.asked_person import THE_USER
from actors.navigation.thing_owner import asks_the_users_own, said_apart
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

PARROT = "[2025-02-09] User: Our parrot Mango learned to whistle the kettle song, he is nine now."
RINA = "[2024-11-30] Rina: A parrot of that age needs fresh fruit every day and a big cage."
SALARY = "[2025-03-14] Usuario: Con el ascenso cobro 2.900 euros netos al mes."
OSCAR = "[2025-01-05] Óscar: Cobro 1.750 euros netos al mes y no me llega para nada."
VAN = "[2025-06-21] User: Finally sold my camper van to a couple from Truro for £14,000."
KEMAL = "[2025-05-02] Kemal: Sold my camper van last month, £9,500 cash."


async def test_another_speakers_line_ranks_below_the_users_own(tmp_path: Path) -> None:
    parrot, salary, van = await replies(
        tmp_path / "store", (RINA, PARROT, OSCAR, SALARY, KEMAL, VAN),
        ("What's my parrot called?", "¿Cuánto cobro al mes?",
         "How much did I get for the camper van?"))
    assert parrot.status == "FOUND" and "Mango" in parrot.hits[0].text
    assert salary.status == "FOUND" and "2.900" in salary.hits[0].text
    assert van.status == "FOUND" and "14,000" in van.hits[0].text


def test_a_line_apart_and_a_question_of_the_user_alone() -> None:
    assert said_apart(RINA, THE_USER, ()) == "Rina"  # advice to no one named: Rina's line
    assert said_apart(PARROT, THE_USER, ()) is None  # the user's own
    assert said_apart("[2025-01-02] Rina: your parrot needs a bigger cage", THE_USER, ()) is None
    assert said_apart("[2025-01-02] Rina: Sam's parrot bites", THE_USER, ("Sam",)) is None
    assert said_apart("A parrot needs fruit.", THE_USER, ()) is None  # a note: no teller
    assert asks_the_users_own("What's my parrot called?", ())
    assert asks_the_users_own("¿Cuánto cobro al mes?", ())  # the verb's person alone
    assert asks_the_users_own("What is Oriol's parrot called?", ("Oriol",))  # the user's name
    assert not asks_the_users_own("What is Rina's parrot called?", ())
    assert not asks_the_users_own("What does my brother earn?", ())
    assert not asks_the_users_own("¿Cuánto cobra mi hermana?", ())
    assert not asks_the_users_own("What is her parrot called?", ())
