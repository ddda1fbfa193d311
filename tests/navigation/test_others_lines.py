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

LURCHER = ("[2025-02-09] User: We adopted a retired lurcher from the rescue in Cardigan, "
           "he's called Toffee.")
RINA = "[2024-11-30] Rina: For a dog that old, two short walks a day are enough, and soft food."
FLAT = "[2025-03-14] User: Our flat in Gràcia costs 1,100 euros a month, bills on top."
KEMAL = "[2025-01-05] Kemal: Budget check: my rent is 1,300 a month and bills 150, is that normal?"
TOWNS = ("Hull", "Ely", "Bury", "Wells", "Diss")
NAMES = ("Rina", "Kemal", "Oscar", "Ilona", "Bruno", "Tamar", "Wiebke", "Joss", "Farah", "Lenz",
         "Mads", "Ottavia")
SOLD = tuple(f"[2024-{m:02d}-{d:02d}] {NAMES[(m * 7 + d + k) % 12]}: I sold my car for "
             f"£{1000 + 37 * i}, the buyer came from {TOWNS[i % 5]}."
             for i, (m, d, k) in enumerate((m, d, k) for k in (0, 1) for m in range(1, 13)
                                           for d in (2, 6, 10, 15, 19, 24)))
CORSA = ("[2025-06-21] User: Finally got rid of the old Corsa: the car went to a neighbour for "
         "£2,100 and a bottle of wine, and the paperwork took all afternoon.")


async def test_another_speakers_line_ranks_below_the_users_own(tmp_path: Path) -> None:
    dog, rent = await replies(tmp_path / "store", (RINA, LURCHER, KEMAL, FLAT),
                              ("¿Cómo se llama mi perro?", "¿Cuánto pagamos de alquiler?"))
    assert dog.status == "FOUND" and "Toffee" in dog.hits[0].text  # was Rina's advice
    assert rent.status == "FOUND" and "1,100" in rent.hits[0].text  # was Kemal's rent


async def test_the_users_own_memory_leads_past_a_crowd_of_other_speakers_lines(
        tmp_path: Path) -> None:
    # 144 other people's "I sold my car for £..." rank past the 30 leading memories: every
    # one of them ranks below the user's own, not only the leading ones
    sold, = await replies(tmp_path / "crowd", (*SOLD, CORSA), ("What did I get for my car?",))
    assert sold.status == "FOUND" and "2,100" in sold.hits[0].text  # was NONE: "only Ottavia's"


def test_a_line_apart_and_a_question_of_the_user_alone() -> None:
    assert said_apart(RINA, THE_USER, ()) == "Rina"  # advice to no one named: Rina's line
    assert said_apart(LURCHER, THE_USER, ()) is None  # the user's own
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
