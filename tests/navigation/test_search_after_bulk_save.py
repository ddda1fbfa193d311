"""A search right after a bulk save (another process's import) ranks and judges its
candidates by meaning too: it embeds the memories its words found that still lack a vector
before the rest of the backlog, within ``CANDIDATES_EMBED_S``, and counts the question's crowd
on the share of the store embedded so far (``NavigationActor._crowd_rank``); a backlog of a
few sessions (``SETTLE_BACKLOG``) it embeds whole before answering. Real actors and files; the
order is certain, not timed: the bulk memories are another process's saves, left to their
saver for ``OTHERS_GRACE_S``."""

from __future__ import annotations

import random
from pathlib import Path

import anyio
import pytest
from nav_corpus import memory_text, write_memories

from actors.ingest.messages import Save
from actors.navigation import actor as navigation_actor
from actors.navigation.actor import SETTLE_BACKLOG
from actors.navigation.messages import Search, Stats
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio
PROV = Provenance(agent="test", session="bulk")
VACCINE = ("Took Miso to the vet on Tuesday: she got her rabies booster and the vet said her "
           "weight is fine, 4.1 kg. Next check-up in March.")


async def test_a_search_right_after_a_bulk_save_embeds_the_memories_it_ranks(
        tmp_path: Path) -> None:
    rng = random.Random(5)
    # long notes, more than a search settles: the background needs many batches for them,
    # the search only its own
    bulk = [" ".join(memory_text(rng) for _ in range(8)) for _ in range(SETTLE_BACKLOG + 44)]
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content="The staging cluster is recreated every Sunday.",
                                 provenance=PROV))
        with anyio.fail_after(60):  # the model in, the first memory embedded
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.1)
        vaccine, *_ = await write_memories(rt.layout, rt.store.locks, [VACCINE, *bulk])
        vectors = rt.navigation.vectors
        assert vaccine not in vectors.position
        result = await rt.navigation.ask(Search(query="Which vaccine did Miso get at the vet?"))
        assert result.hits and result.hits[0].leaf_id == vaccine
        assert vaccine in vectors.position  # compared by meaning in this very search
        assert len(vectors) < 1 + 1 + len(bulk)  # while the backlog is still being embedded


async def test_a_settled_store_puts_no_candidate_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every memory embedded: a search has nothing to embed first, and does not rank its
    candidates for it (sorting every candidate of a common word, per search, at 50k); a
    backlog brings the work back."""
    rng = random.Random(7)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for text in ["The staging cluster is recreated every Sunday.",
                     *(memory_text(rng) for _ in range(12))]:
            await rt.ingest.ask(Save(content=text, provenance=PROV))
        with anyio.fail_after(60):
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.1)
        vectors = rt.navigation.vectors
        asked: list[list[str]] = []
        first = vectors.embed_first

        def embed_first(leaf_ids: list[str]) -> list[str]:
            asked.append(list(leaf_ids))
            return first(leaf_ids)

        monkeypatch.setattr(vectors, "embed_first", embed_first)
        result = await rt.navigation.ask(Search(query="When is the staging cluster recreated?"))
        assert result.hits and "staging cluster" in (result.hits[0].text or "")
        assert asked == []
        bulk = [" ".join(memory_text(rng) for _ in range(8))
                for _ in range(SETTLE_BACKLOG + 44)]
        vaccine, *_ = await write_memories(rt.layout, rt.store.locks, [VACCINE, *bulk])
        result = await rt.navigation.ask(Search(query="Which vaccine did Miso get at the vet?"))
        assert result.hits and result.hits[0].leaf_id == vaccine
        assert asked and asked[0][0] == vaccine


async def test_a_search_right_after_a_few_sessions_embeds_them_all_first(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Forty memories saved just now (more than one batch, fewer than ``SETTLE_BACKLOG``): the
    search embeds every one before it answers, not only the candidates its words found, so it
    answers as it will once the idle turns have embedded them (probe46: the first twenty
    questions after a 230-turn chat was saved were answered with its newest 50 turns found
    by their words alone)."""
    rng = random.Random(11)
    # the rule is the count; its time cap is for a slow machine's sake, not this test's
    monkeypatch.setattr(navigation_actor, "SETTLE_MAX_S", 600.0)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content="The staging cluster is recreated every Sunday.",
                                 provenance=PROV))
        with anyio.fail_after(60):
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.1)
        sessions = [VACCINE, *(" ".join(memory_text(rng) for _ in range(3)) for _ in range(39))]
        await write_memories(rt.layout, rt.store.locks, sessions)
        vectors = rt.navigation.vectors
        result = await rt.navigation.ask(Search(query="Which vaccine did Miso get at the vet?"))
        assert result.hits
        assert len(vectors) == 1 + len(sessions)
        assert vectors.unembedded == 0
