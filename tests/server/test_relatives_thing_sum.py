"""A sum asked of a relative's thing (fix-never, issue 18), end to end through the real stdio
server: "¿Cuánto costó el coche de la abuela?" and "How much did my grandma's car cost?" were
answered with the user's own car's price ("a used Renault Zoe, €13,900"), the grandmother
being told only of her birthday. A sum is the relative's only in a memory naming them (any
word for them, either language); with one that does, both questions stay answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("2026-08-23: Traded the Fabia in for a used Renault Zoe, electric, €13,900 after the "
         "grant.",
         "2025-10-26: Mi abuela Chela cumple años en enero; toda la familia se junta en "
         "Rosario.",
         "2026-02-14: Started a pottery class on Thursday evenings, the first bowl collapsed.")
GRANDMAS = ("2026-09-02: Mi abuela por fin se compró un coche: un Seat Ibiza de segunda mano "
            "por 6.500 euros.")
QUESTIONS = ("¿Cuánto costó el coche de la abuela?", "How much did my grandma's car cost?")


async def _replies(home: Path, turns: tuple[str, ...]) -> list[str]:
    async with server_session(home) as s:
        for turn in turns:
            await s.ok("save_memory", {"content": turn})
        return [await s.ok("search_memory", {"query": q}) for q in QUESTIONS]


async def test_a_relatives_thing_priced_only_as_the_users_is_no_memory_found(
        tmp_path: Path) -> None:
    for reply in await _replies(tmp_path / "never", TURNS):
        assert reply.startswith("No memory found"), reply


async def test_a_relatives_thing_priced_in_a_memory_naming_them_is_answered(
        tmp_path: Path) -> None:
    for reply in await _replies(tmp_path / "told", (*TURNS, GRANDMAS)):
        assert not reply.startswith("No memory found"), reply
        assert "6.500 euros" in reply.split("\n\n")[0], reply
