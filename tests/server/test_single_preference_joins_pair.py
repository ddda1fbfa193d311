"""A single preference told after a pair ("Ahora prefiero el café" after "Prefiero el té al
café") is the pair's newer value, end to end through the real stdio server (issue 18): it was
keyed 'preference:cafe' alone, and "¿Prefiero té o café?" led with the old 'el té'. Either
language, either side; a topic's preference ("I prefer Vim for editing") and a thing the pair
does not hold join nothing (``keys.pairs_joined``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


async def test_a_later_single_preference_supersedes_the_pair_in_spanish(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "es") as s:
        await s.ok("save_memory", {"content": "[2025-03-09] User: Prefiero el té al café."})
        saved = await s.ok("save_memory", {
            "content": "[2025-06-01] User: Ahora prefiero el café, la verdad."})
        assert "user preference:coffee vs tea = 'el café'" in saved, saved
        for question in ("¿Prefiero té o café?", "Do I prefer tea or coffee?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(
                "Current value: user preference:coffee vs tea = 'el café'"), (question, reply)


async def test_a_later_single_preference_supersedes_the_pair_in_english(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "en") as s:
        await s.ok("save_memory", {"content": "[2025-03-09] User: I prefer coffee to tea."})
        saved = await s.ok("save_memory", {
            "content": "[2025-06-01] User: These days I prefer tea."})
        assert "user preference:coffee vs tea = 'tea'" in saved, saved
        for question in ("Do I prefer tea or coffee?", "¿Prefiero té o café?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("Current value: user preference:coffee vs tea = 'tea'"), \
                (question, reply)
        # a topic's preference and another thing are no side of the pair
        for text in ("[2025-07-01] User: I prefer coffee for breakfast.",
                     "[2025-07-02] User: I prefer hot chocolate."):
            saved = await s.ok("save_memory", {"content": text})
            assert "coffee vs tea" not in saved, saved
