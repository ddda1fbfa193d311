"""A name every memory holds costs a search no more than a rare one: "how many services are
written in Go?" over a store where most memories say "Go" read the ids of every holder twice
(~400 ms a question at 50,000 memories), once for the names-apart rule, which drops a name
held that widely anyway, and once to look for Go's own chat turns among the first
``OWN_SCAN`` holders. Both now read no more than they keep; the reply is the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from actors.navigation import actor as navigation_actor
from actors.navigation.shared_index import SharedIndex
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

SERVICES = ("billing", "ledger", "checkout", "pricing", "search", "export", "audit", "mailer",
            "gateway", "invoices", "scheduler", "reports", "payments", "catalog", "inventory",
            "shipping", "returns", "accounts", "profiles", "sessions", "tokens", "webhooks",
            "metrics", "alerts", "backups", "imports", "media", "thumbnails", "geocoder", "quotes")


async def test_a_name_held_by_most_memories_reads_only_what_is_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    turns = tuple(f"The {name} service is written in Go and deploys on Tuesdays."
                  for name in SERVICES) + (
        "The frontend is a TypeScript app built with Vite.",
        "Our data team writes its jobs in Python.")
    whole: list[str] = []
    limits: list[int] = []
    holders, ranked_ids = SharedIndex.holders, SharedIndex.ranked_ids

    def holders_spy(self: SharedIndex, term: str) -> set[str]:
        whole.append(term)
        return holders(self, term)

    def ranked_spy(self: SharedIndex, terms: tuple[str, ...], *, limit: int) -> Any:
        if terms == ("go",):
            limits.append(limit)
        return ranked_ids(self, terms, limit=limit)

    monkeypatch.setattr(SharedIndex, "holders", holders_spy)
    monkeypatch.setattr(SharedIndex, "ranked_ids", ranked_spy)
    monkeypatch.setattr(navigation_actor, "OWN_SCAN", 10)
    (reply,) = await replies(tmp_path, turns, ("How many services are written in Go?",))
    assert reply.status == "FOUND"
    assert "written in Go" in reply.hits[0].excerpt
    assert "go" not in whole  # the names-apart rule read none of its 30 holders
    assert limits and max(limits) <= 10  # Go's own turns looked for among the first 10 only
