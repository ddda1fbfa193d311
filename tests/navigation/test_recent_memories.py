"""A scope's newest memories (the session-start brief, ``Recent``) and the memories one file
left (a re-ingest, ``LeavesOf``) are catalog seeks: newest first, the scope exact, retracted
and superseded memories passed over, and no walk over every memory (sorting every memory's
metadata took 4.5 s a brief at 50,000 memories)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from actors.facts.messages import Retract
from actors.ingest.messages import Save
from actors.navigation import read_model
from actors.navigation.messages import LeavesOf, Recent
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime
from store.catalog import CatalogReader

PROV = Provenance(agent="test")
TOPICS = ("the invoice exporter writes CSV with semicolons",
          "the ledger runs on PostgreSQL 16 with Alembic migrations",
          "the nightly reconciliation job starts at 02:30 UTC",
          "the staging database is reset every Monday",
          "the payments webhook retries five times with backoff",
          "the customer portal uses server-side sessions",
          "the tax tables are refreshed from the ministry feed",
          "the audit trail is kept for seven years")


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the walks over every memory: the searchable leaves (``LeafView.__iter__``)
    and every leaf id of the catalog."""
    counted: list[str] = []
    walk = read_model.LeafView.__iter__
    every = CatalogReader.leaf_ids

    def walking(self: read_model.LeafView) -> Iterator[str]:
        counted.append("leaves")
        return walk(self)

    def listing(self: CatalogReader) -> list[str]:
        counted.append("catalog")
        return every(self)

    monkeypatch.setattr(read_model.LeafView, "__iter__", walking)
    monkeypatch.setattr(CatalogReader, "leaf_ids", listing)
    return counted


@pytest.mark.anyio
async def test_the_newest_current_memories_of_exactly_one_scope(
        tmp_path: Path, walks: list[str]) -> None:
    async with Runtime(tmp_path, background_consolidation=False, vectors=False) as rt:
        async def save(text: str, scope: str, supersedes: str | None = None) -> str:
            done = await rt.ingest.ask(Save(content=text, scope=scope, origin="user",
                                            supersedes=supersedes, provenance=PROV))
            return done.leaf_ids[0]

        billing = [await save(f"Billing note {n}: {topic}.", "project:billing")
                   for n, topic in enumerate(TOPICS)]
        # a scope that starts with the other's name, and a global memory, saved later
        await save("Billing-two note: the dashboard caches charts for an hour.",
                   "project:billing-two")
        await save("I prefer short commit messages.", "")
        fixed = await save("Billing note 3, corrected: the staging database is reset every "
                           "Sunday night.", "project:billing", supersedes=billing[3])
        for leaf in billing[4:]:  # the newest four, forgotten: the first page holds none
            await rt.facts.ask(Retract(target=leaf, reason="wrong", provenance=PROV))

        recent = await rt.navigation.ask(Recent(scope="project:billing", limit=3))
        assert [m.leaf_id for m in recent] == [fixed, billing[2], billing[1]]
        assert "Sunday night" in recent[0].excerpt and recent[0].recorded_at
        more = await rt.navigation.ask(Recent(scope="project:billing", limit=10))
        assert [m.leaf_id for m in more] == [fixed, billing[2], billing[1], billing[0]]
        other = await rt.navigation.ask(Recent(scope="project:billing-two", limit=5))
        assert [m.excerpt[:17] for m in other] == ["Billing-two note:"]
        assert await rt.navigation.ask(Recent(scope="project:nothing", limit=5)) == ()
    assert walks == []


@pytest.mark.anyio
async def test_the_memories_one_file_left(tmp_path: Path, walks: list[str]) -> None:
    async with Runtime(tmp_path, background_consolidation=False, vectors=False) as rt:
        async def save(text: str, source: str) -> str:
            done = await rt.ingest.ask(Save(content=text, source=source, provenance=PROV))
            return done.leaf_ids[0]

        first = await save("# Deploy\nThe deploy script tags the release.", "/repo/deploy.md")
        second = await save("# Deploy\nRollbacks use the previous tag.", "/repo/deploy.md")
        await save("# Deploy notes\nThe other file's text.", "/repo/deploy.md.bak")
        gone = await save("# Deploy\nA line the author removed.", "/repo/deploy.md")
        await rt.facts.ask(Retract(target=gone, reason="file changed", provenance=PROV))
        left = await rt.navigation.ask(LeavesOf(source="/repo/deploy.md"))
        assert left == tuple(sorted((first, second)))
        assert await rt.navigation.ask(LeavesOf(source="/repo/none.md")) == ()
    assert walks == []
