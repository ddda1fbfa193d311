"""No false absence: needles buried deep in their bodies are found among 2,000 memories.

The 1,950 ordinary memories are written with the store functions ingest uses (fast); the 50
needles go through the real Save path. After a forced consolidation the tree's descriptors only
carry each leaf's title, 320-character excerpt and top keywords, so the beam descent cannot see
the needles' distinguishing words: only the full-text fallback can find them.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from nav_corpus import memory_text, needle, write_memories

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.navigation.messages import Search
from actors.text import fold
from ihmt_async.runtime import Runtime
from store.catalog import CatalogReader
from store.leaf_format import read_leaf

pytestmark = pytest.mark.anyio


async def test_needles_are_found_after_consolidation(tmp_path: Path) -> None:
    rng = random.Random(2024)
    used: set[str] = set()
    needles = [needle(rng, used) for _ in range(50)]
    fillers = [memory_text(rng) for _ in range(1950)]
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await write_memories(rt.layout, rt.store.locks, fillers,
                             domains=("general", "code", "work"))
        needle_ids: list[str] = []
        for item in needles:
            saved = await rt.ingest.ask(Save(content=item.text))
            assert len(saved.leaf_ids) == 1
            needle_ids.append(saved.leaf_ids[0])
        passed = await rt.consolidation.ask(Flush(force=True))
        assert passed.ran and passed.nodes > 0

        # The needles really are hidden from the tree's descriptors.
        entries = CatalogReader(rt.layout).entries()
        for item, leaf_id in zip(needles, needle_ids, strict=True):
            leaf = read_leaf(rt.layout.resolve(entries[leaf_id]["path"]))
            assert item.marker not in fold(leaf.text[:320])
            assert item.marker not in " ".join(leaf.header["keywords"])
            assert item.marker not in fold(str(leaf.header["title"]))

        top1 = absent = 0
        fallback = 0
        for item, leaf_id in zip(needles, needle_ids, strict=True):
            result = await rt.navigation.ask(Search(query=item.query))
            if result.status == "NONE":
                absent += 1
                continue
            fallback += result.trace.fallback_used
            if result.hits and result.hits[0].leaf_id == leaf_id:
                top1 += 1
        assert absent == 0
        assert top1 / len(needles) >= 0.99, f"recall@1 {top1}/{len(needles)}"
        assert fallback > 0  # the descent alone could not have found them

        # Ordinary memories are still found by their own words after consolidation.
        found = 0
        for text in rng.sample(fillers, 20):
            words = " ".join(text.split()[:12])
            result = await rt.navigation.ask(Search(query=words))
            found += result.status != "NONE"
        assert found == 20
