"""A thing asked as bought when every memory holding it tells it sold (issue 18's near
misses), end to end through the real stdio server (``parted_with``):

- "What motorbike did the user buy?", "¿Cuánto pagué por la moto nueva?" beside "Sold my old
  Vespa": "No memory found", in English and Spanish, first and third person; the sale is still
  found when the sale is asked;
- a purchase told in other words and without the thing's word ("picked up the Honda from the
  dealer", "me he hecho con una Honda") beside the sale: found, never "No memory found".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

SELLER = (
    "[2025-03-02] user: Vendí mi moto, una Vespa de 2015, a un compañero de trabajo por 1.200 "
    "euros.",
    "[2025-03-02] assistant: ¡Buena venta! En Madrid la moto es práctica, pero el metro llega "
    "a todas partes.",
    "[2025-04-20] user: Started cycling to work, 12 km each way along the river.",
    "[2025-05-11] user: Bought a new helmet for the bike, a Giro, for 89 euros.",
)
"""The motorbike is only ever sold; a helmet and a bike are bought."""


async def test_a_thing_only_sold_is_never_told_bought(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in SELLER:
            await s.ok("save_memory", {"content": note})
        for question in ("What motorbike did the user buy?",
                         "How much did I pay for my new motorbike?",
                         "¿Qué moto se compró el usuario?",
                         "¿Cuánto pagué por la moto nueva?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        for question in ("Who did the user sell the motorbike to?",
                         "¿A quién vendí la moto?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "Vespa" in reply, (question, reply)


async def test_a_purchase_told_in_other_words_beside_the_sale_is_found(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in (*SELLER,
                     "[2025-06-01] user: Picked up the Honda CB500 from the dealer today, "
                     "4.900 euros.",
                     "[2025-06-03] user: Me he hecho con una Honda de segunda mano, roja."):
            await s.ok("save_memory", {"content": note})
        for question in ("What motorbike did the user buy?",
                         "¿Qué moto se compró el usuario?",
                         "How much did I pay for my new motorbike?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "Honda" in reply, (question, reply)
