"""A question asking a kind of words (a distance, a length of time, a sum, a count) whose best
match by words holds none: the memory right behind it that holds such words leads
(``ranking.kind_first``). A chat saved one turn per memory tells the thing in one turn and
its detail a few turns later, in words of its own ("I picked up the new e-bike today!" /
"about 80 km per charge")."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

CHAT = (
    "2026-02-03 Ana: Big news, I picked up the new e-bike today, the red one from the shop "
    "on Calle Mayor!",
    "2026-02-03 Leo: ¡Por fin! ¿Es la plegable?",
    "2026-02-03 Ana: No, the big one with the basket. Bought it with the bonus from work.",
    "2026-02-03 Leo: ¿Y la batería qué tal?",
    "2026-02-03 Ana: About 80 km per charge if I keep it in eco mode.",
    "2026-02-03 Leo: Nada mal.",
    "2026-03-14 Leo: Me he apuntado por fin a la clase de yoga del centro cívico.",
    "2026-03-14 Ana: The yoga class at my gym is always full, good luck.",
    "2026-03-21 Leo: Primera clase hecha: empieza a las 19:30, justo al salir del trabajo.",
    "2026-03-21 Ana: ¿Y qué tal?",
    "2026-03-20 Ana: The e-bike's chain came off on the hill, new chain next week.",
    "2026-04-02 Leo: Mi hermana se casa en junio en Cusco.",
)
QUESTIONS = ("How far can Ana's new e-bike go on one charge?",
             "What time does Leo's yoga class start?",
             "¿A qué hora empieza la clase de yoga de Leo?")


async def test_the_memory_holding_the_kind_asked_leads(tmp_path: Path) -> None:
    far, time_, hora = await replies(tmp_path, CHAT, QUESTIONS)
    assert "80 km" in far.hits[0].text
    assert "19:30" in time_.hits[0].text and "19:30" in hora.hits[0].text


async def test_without_it_the_best_match_by_words_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ranking, "kind_first", lambda ranked, holds, changed=None: ranked)
    far, time_, hora = await replies(tmp_path, CHAT, QUESTIONS)
    assert "80 km" not in far.hits[0].text
    assert "19:30" not in time_.hits[0].text and "19:30" not in hora.hits[0].text



LENGTHS = ("[2025-06-01] Tomás: Finished the bookshelf for the hallway, 180 cm tall and oak.",
           "[2025-06-02] Tomás: Tall order this week, the bookshelf kept me up, I'm exhausted.",
           "[2025-05-03] Priya: Bought a kayak, a sit-on-top, 3.2 metres long.",
           "[2025-05-04] Priya: Long day on the kayak, my arms hurt.")


async def test_how_long_or_tall_a_thing_is_is_a_length(tmp_path: Path) -> None:
    """probe47: "How long is Henrik's canoe?" led by "I'm half asleep, long day." over "16 feet
    long": "how long" asks a length of a thing as well as of time, and "how tall" a length
    (``answer_type._DURATION_OR_LENGTH``, ``_LENGTH``)."""
    tall, long_ = await replies(tmp_path, LENGTHS, ("How tall is Tomás's bookshelf?",
                                                     "How long is Priya's kayak?"))
    assert "180 cm" in tall.hits[0].text
    assert "3.2 metres" in long_.hits[0].text
