"""A note's owner told after the bracketed day an agent writes first ("[2026-01-22] Marta owns
the auth service"), end to end through the real stdio server (issue 18, the engineering set):
the owner patterns were anchored at the sentence's start, which the day held, so neither the
first owner nor the new one was a fact, and "who owns it?" led with the first owner long after
the change. Either language, either way round."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


async def test_an_owner_after_the_day_is_a_fact_and_its_change_supersedes_it(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "owners") as s:
        first = await s.ok("save_memory", {
            "content": "[2026-01-10] Inés owns the ledger exporter; ping her before touching "
                       "its schema."})
        assert "ledger exporter owner = 'Inés'" in first, first
        await s.ok("save_memory", {
            "content": "[2026-03-02] The ledger exporter writes CSV files to the reports "
                       "bucket every hour."})
        later = await s.ok("search_memory", {"query": "Who owns the ledger exporter?"})
        assert "Inés owns" in later.split("\n\n")[0], later  # the one owner told so far
        changed = await s.ok("save_memory", {
            "content": "[2026-06-02] Bruno is now the ledger exporter's owner, Inés moved to "
                       "the data team."})
        assert "ledger exporter owner = 'Bruno'" in changed, changed
        reply = await s.ok("search_memory", {"query": "Who owns the ledger exporter?"})
        assert "Bruno is now" in reply.split("\n\n")[0], reply
        assert "OUTDATED" in reply and "'Inés'" in reply, reply
        spanish = await s.ok("save_memory", {
            "content": "[2026-02-01] El responsable de la pasarela de pagos es Tomás."})
        assert "pasarela de pagos owner = 'Tomás'" in spanish, spanish
