"""What someone recommended is a recollection, not a request for advice, however the one who
recommended is named ("my physiotherapist Dr. Morais", a title and four words) and in the
present ("Which podcast does Marcos recommend?"): a name no memory holds makes it a question
about something never stored. Fails when the recollection is read as advice again."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.query import asks_for_advice
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


async def test_what_a_named_person_recommended_is_a_recollection(tmp_path: Path) -> None:
    morais, = await replies(tmp_path, (
        "2026-03-28 user: The orthopaedist, Dr. Kasper Lindqvist, says my left knee pain is "
        "patellar tendinopathy. Which exercises can I still do at the gym?",
        "2026-03-28 assistant: Slow isometric holds like a wall sit and cycling are usually "
        "fine. Follow his rehab plan.",
    ), ("What did my physiotherapist Dr. Morais recommend?",))
    assert morais.status == "NONE" and "Morais" in (morais.reason or "")


def test_a_recollection_is_told_from_a_request_for_advice() -> None:
    assert not asks_for_advice("What did my physiotherapist Dr. Morais recommend?")
    assert not asks_for_advice("Which podcast does Marcos recommend?")
    assert asks_for_advice("What do you recommend for dinner?")
    assert asks_for_advice("What would you recommend for my trip?")
