"""A Spanish question's verb is read as the verb, not as the noun it folds into: "¿Qué bebe
el usuario?" (beber) is no "bebé", "se casa" (casarse) no "casa"; a gerund in "-yendo"
("leyendo") is its verb ("leer"). Each read as the noun, or not at all, served another memory
at full confidence (``verb_slot``, ``bilingual``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


async def test_a_verb_in_a_verb_s_place_is_read_as_the_verb(tmp_path: Path) -> None:
    turns = (
        "[2026-01-04] user: I live in Bristol, in a small terraced house in Bedminster.",
        "[2026-01-16] Kenji: My sister Aiko just had a baby girl named Hana.",
        "[2026-10-25] user: I've given up coffee, now I only drink rooibos tea.",
        "[2026-11-29] user: We picked the wedding venue: a quinta in Sintra, date set for "
        "2027-04-24.",
    )
    drinks, marries, house = await replies(tmp_path, turns, (
        "¿Qué bebe el usuario?", "¿Cuándo se casa el usuario?",
        "¿Dónde está la casa del usuario?"))
    assert "rooibos" in drinks.hits[0].text
    assert "wedding" in marries.hits[0].text
    # after an article the noun stays a noun
    assert "terraced house" in house.hits[0].text


async def test_a_gerund_in_yendo_is_read_as_its_verb(tmp_path: Path) -> None:
    turns = (
        "[2026-05-30] user: Booked the ferry from Plymouth to Santander for Pepper, cost £610 "
        "for the car and a pet cabin.",
        "[2026-09-25] user: I'm reading 'Ensaio sobre a cegueira' by Saramago in Portuguese, "
        "with a dictionary.",
    )
    (reading,) = await replies(tmp_path, turns, ("¿Qué libro está leyendo el usuario?",))
    assert "Saramago" in reading.hits[0].text
