"""A "No memory found" about a busy time (a bulk import's month) offers the time's memories
closest in meaning without reading each memory of the time: whether one may be seen is read
from its day's scope (``MemoryDays.scope``), and only the closest few are asked whether they
are searchable and read into a facts timeline (``NEAREST_WINDOW``). Before, every memory of
the time was read (its stored document fetched and decoded): ~1.8 s and +40 MB for a week of
7,500 memories at 10k."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from actors.facts.index import StoredFacts
from actors.ingest.messages import Save
from actors.navigation import actor as actor_module
from actors.navigation import ranking, read_model
from actors.navigation.messages import SearchResult
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

_THINGS = ("kayak rental", "harbour walk", "bread oven", "tram pass", "garden hose",
           "violin lesson", "balcony plants", "bike chain", "tax form", "soup recipe")
_SCOPED = "proj-lighthouse"


async def _september(rt: Runtime, count: int) -> None:
    for n in range(count):
        text = f"2025-09-{1 + n % 28:02d}: note {n} on the {_THINGS[n % len(_THINGS)]}."
        if n % 10 == 3:  # some of the month's memories belong to one project only
            await rt.ingest.ask(Save(content=text + " For the lighthouse project.",
                                     scope=_SCOPED, provenance=Provenance(agent="t")))
        else:
            await save(rt, text)


async def test_a_none_about_a_busy_time_reads_only_its_closest_memories(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(actor_module, "RANGE_WORDS_POOL", 40)  # the month is a busy time
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await _september(rt, 120)
        await embedded(rt)
        nav = rt.navigation
        month = set(nav.model.days.between(dt.date(2025, 9, 1), dt.date(2025, 9, 30)))
        assert len(month) == 120
        scoped = {leaf for leaf in month if nav.model.leaves[leaf].scope.endswith(_SCOPED)}
        assert len(scoped) == 12
        assert all(nav.model.days.scope(leaf) == nav.model.leaves[leaf].scope for leaf in month)
        read: list[set[str]] = []  # memories read by each choice of a reply's nearest ones
        inside = [False]
        timelines: list[int] = []
        asked: list[set[str]] = []
        get = read_model.LeafView.__getitem__
        holds = read_model.LeafView.__contains__
        timeline_for = StoredFacts.timeline_for_leaves
        nearest = nav._nearest
        similarity_of = nav.vectors.similarity_of

        def reading(self: read_model.LeafView, leaf_id: str) -> read_model.LeafMeta:
            if inside[0]:
                read[-1].add(leaf_id)
            return get(self, leaf_id)

        def holding(self: read_model.LeafView, leaf_id: object) -> bool:
            if inside[0]:
                read[-1].add(str(leaf_id))
            return holds(self, leaf_id)

        def timeline(self: StoredFacts, leaf_ids: Iterable[str], **kw: Any) -> Any:
            ids = list(leaf_ids)
            timelines.append(len(ids))
            return timeline_for(self, ids, **kw)

        def choosing(similar: dict[str, float], as_of: Any) -> Any:
            inside[0] = True
            read.append(set())
            try:
                return nearest(similar, as_of)
            finally:
                inside[0] = False

        def measuring(query: Any, leaf_ids: Iterable[str],
                      at_least: float | None = None) -> dict[str, float]:
            ids = list(leaf_ids)
            asked.append(set(ids))
            return similarity_of(query, ids, at_least)

        monkeypatch.setattr(read_model.LeafView, "__getitem__", reading)
        monkeypatch.setattr(read_model.LeafView, "__contains__", holding)
        monkeypatch.setattr(StoredFacts, "timeline_for_leaves", timeline)
        monkeypatch.setattr(nav, "_nearest", choosing)
        monkeypatch.setattr(nav.vectors, "similarity_of", measuring)
        for question in ("what did Zorbulon Quiftenwax say in September 2025?",
                         "¿qué dijo Zorbulon Quiftenwax en septiembre de 2025?"):
            read.clear()
            timelines.clear()
            asked.clear()
            result: SearchResult = await search(rt, question)
            assert result.status == "NONE"
            assert month - scoped in asked  # the time's memories in scope, by their days
            shown = [hit.leaf_id for hit in result.nearest]
            assert shown and set(shown) <= month - scoped
            assert read and max(map(len, read)) <= actor_module.NEAREST_WINDOW
            assert timelines and max(timelines) <= actor_module.NEAREST_WINDOW
        assert ranking.NEAREST_SHOWN <= actor_module.NEAREST_WINDOW
