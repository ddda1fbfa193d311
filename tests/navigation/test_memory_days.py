"""Every memory's day (``actors.navigation.days``): walked once, then kept by catalog changes.

A time question after each save re-read every memory's date (~50k parses at 50k memories):
the walk now happens once per read model, and a save, a change or a deletion reaches the days
through the changes the read model takes in.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from actors.facts.messages import Retract
from actors.ingest.messages import Save
from actors.navigation import actor as actor_module
from actors.navigation import read_model
from actors.navigation.days import MemoryDays, posix_seconds
from actors.navigation.messages import Search
from actors.provenance import Provenance
from actors.time_ranges import DateRange
from ihmt_async.runtime import Runtime
from store.catalog import CatalogReader


@dataclass(frozen=True)
class Meta:
    timestamp: str
    recorded_at: str = ""
    scope: str = ""

    @property
    def recorded_ts(self) -> float:
        return posix_seconds(self.recorded_at)


def test_a_marked_memory_is_read_again_and_a_deleted_one_leaves() -> None:
    """Days are read once from the catalog's rows; then only marked memories, through the
    searchable leaves' view, and a memory not yet searchable waits until it is."""
    leaves: dict[str, Meta] = {"a": Meta("2025-09-10"), "b": Meta("", "2025-10-01T08:00:00Z"),
                               "c": Meta("not a date")}
    catalog = {"a": ("2025-09-10", "", ""), "b": ("", "2025-10-01T08:00:00Z", ""),
               "c": ("not a date", "", "")}
    days = MemoryDays(lambda: [(leaf, *dates) for leaf, dates in catalog.items()],
                      lambda: leaves)
    assert days.between(dt.date(2025, 9, 1), dt.date(2025, 10, 31)) == ["a", "b"]
    assert days.holds_month(2025, 9) and not days.holds_month(2026, 9)
    assert days.walks == 1
    # a change moves a memory's day; a memory not yet searchable waits until it is
    leaves["a"], catalog["a"] = Meta("2026-09-03"), ("2026-09-03", "", "")
    days.touch("a")
    days.touch("d")
    assert days.between(dt.date(2025, 9, 1), dt.date(2025, 10, 31)) == ["b"]
    assert days.holds_month(2026, 9) and not days.holds_month(2025, 9)
    leaves["d"], catalog["d"] = Meta("2025-10-01"), ("2025-10-01", "", "")
    assert days.between(dt.date(2025, 10, 1), dt.date(2025, 10, 1)) == ["b", "d"]
    del leaves["b"], catalog["b"]
    days.gone("b")
    assert days.between(dt.date(2025, 1, 1), dt.date(2026, 12, 31)) == ["d", "a"]
    del leaves["a"], catalog["a"]
    days.gone("a")
    assert not days.holds_month(2026, 9)
    assert days.walks == 1
    days.clear()
    assert days.between(dt.date(2025, 1, 1), dt.date(2026, 12, 31)) == ["d"]
    assert days.walks == 2


def test_memories_of_one_day_share_its_date() -> None:
    """Every memory's day is held for as long as the process runs (48k at 50k memories):
    one date object a day, not one a memory."""

    def rows() -> Iterator[tuple[str, str, str, str]]:
        for n in range(300):
            yield f"m{n:03d}", f"2025-09-{1 + n % 3:02d}T10:00:00Z", "", ""

    days = MemoryDays(rows, dict)
    assert len(days.between(dt.date(2025, 9, 1), dt.date(2025, 9, 3))) == 300
    assert len({id(day) for day in days._day.values()}) == 3
    assert len({id(day) for day in days._days}) == 3


def test_a_memorys_record_time_is_kept_with_its_day() -> None:
    """A time listing orders a day's memories by record time without reading their metadata:
    the days keep it, from the catalog's row and then from a marked memory's metadata, as an
    instant ("...:22Z" is before "...:22.7Z", whatever the text's order)."""
    leaves = {"a": Meta("2025-09-10", "2025-09-11T08:00:22.7Z"),
              "b": Meta("2025-09-10", "2025-09-11T08:00:22Z")}
    catalog = {leaf: (meta.timestamp, meta.recorded_at, meta.scope)
               for leaf, meta in leaves.items()}
    days = MemoryDays(lambda: [(leaf, *dates) for leaf, dates in catalog.items()],
                      lambda: leaves)
    assert days.between(dt.date(2025, 9, 10), dt.date(2025, 9, 10)) == ["a", "b"]
    assert days.recorded_ts("b") < days.recorded_ts("a") == leaves["a"].recorded_ts
    leaves["b"] = Meta("2025-09-10", "2025-09-12T09:00:00+02:00")
    days.touch("b")
    assert days.between(dt.date(2025, 9, 10), dt.date(2025, 9, 10)) == ["a", "b"]
    assert days.recorded_ts("b") == leaves["b"].recorded_ts > days.recorded_ts("a")
    days.gone("b")
    with pytest.raises(KeyError):
        days.recorded_ts("b")


@pytest.mark.anyio
async def test_a_time_listing_reads_only_the_memories_it_takes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The newest recorded of a time's memories, ties in the days' order, are those that
    sorting every admissible one by its metadata's record time gives; only the memories
    taken (and the inadmissible ones met before them) are asked about."""
    monkeypatch.setattr(actor_module, "IN_RANGE_SCANNED", 4)
    prov = Provenance(agent="test")
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        saved = []
        for n in range(12):
            found = await rt.ingest.ask(Save(
                content=f"2025-09-{10 + n % 3:02d}: note {n} about the harbour kayak.",
                provenance=prov))
            saved.extend(found.leaf_ids)
        await rt.navigation.ask(Search(query="kayak"))
        nav = rt.navigation
        model = nav.model
        span = DateRange(dt.date(2025, 9, 1), dt.date(2025, 9, 30))
        dated = model.days.between(span.start, span.end)
        assert sorted(dated) == sorted(saved)
        barred = set(saved[-5::2])  # the newest memories, every other one, out of scope
        asked: list[str] = []

        def admissible(leaf: str) -> bool:
            asked.append(leaf)
            return leaf in model.leaves and leaf not in barred

        everyone = sorted((-model.leaves[leaf].recorded_ts, at, leaf)
                          for at, leaf in enumerate(dated) if leaf not in barred)
        assert nav._newest_dated(span, admissible) == [leaf for *_, leaf in everyone[:4]]
        assert len(asked) == 4 + len(barred & set(asked)) < len(dated)


@pytest.fixture
def walks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Counts the reads of every memory: walks over the searchable leaves
    (``LeafView.__iter__``) and reads of every leaf's dates from the catalog."""
    counted: list[str] = []
    walk = read_model.LeafView.__iter__
    times = CatalogReader.leaf_times

    def walking(self: read_model.LeafView) -> Iterator[str]:
        counted.append("walk")
        return walk(self)

    def reading(self: CatalogReader, upto_seq: int) -> Iterator[tuple[str, str, str, str]]:
        counted.append("catalog")
        return times(self, upto_seq)

    monkeypatch.setattr(read_model.LeafView, "__iter__", walking)
    monkeypatch.setattr(CatalogReader, "leaf_times", reading)
    return counted


def _septembers() -> tuple[int, int]:
    """The two latest years whose September has ended."""
    today = dt.datetime.now(dt.UTC).date()
    latest = today.year if today >= dt.date(today.year, 10, 1) else today.year - 1
    return latest - 1, latest


@pytest.mark.anyio
async def test_time_questions_after_saves_do_not_walk_every_memory(
        tmp_path: Path, walks: list[str]) -> None:
    earlier, latest = _septembers()
    prov = Provenance(agent="test")
    async with Runtime(tmp_path, background_consolidation=False) as rt:

        async def save(text: str) -> str:
            saved = await rt.ingest.ask(Save(content=text, provenance=prov))
            return saved.leaf_ids[0]

        async def listed(question: str) -> list[str]:
            found = await rt.navigation.ask(Search(query=question, limit=10))
            return [hit.leaf_id for hit in found.hits]

        kayak = await save(f"{earlier}-09-10: bought a sea kayak at the harbour shop.")
        await save(f"{earlier}-11-02: repainted the hallway a pale green.")
        assert (await listed("what did I buy in September?"))[0] == kayak
        assert walks == ["catalog"]
        # A save is in the next time question's days, and in its month's year.
        tent = await save(f"{latest}-09-03: bought a two-person tent for the mountains.")
        assert (await listed("what did I buy in September?"))[0] == tent
        assert kayak in await listed(f"what did I buy in September {earlier}?")
        # A forgotten memory leaves the answer; the days were not walked again.
        await rt.facts.ask(Retract(target=tent, reason="wrong"))
        assert tent not in await listed(f"what happened in September {latest}?")
        assert (await listed("what did I buy in September?"))[0] == kayak
        assert walks == ["catalog"]


def test_a_memorys_scope_is_kept_with_its_day() -> None:
    """A question about a busy time tells which of its memories it may see from the days
    alone: each one's scope, from the catalog's row and then from a marked memory's metadata
    ("" for the many without one, which are not kept)."""
    leaves = {"a": Meta("2025-09-10", "", "project:lighthouse"), "b": Meta("2025-09-10")}
    catalog = {leaf: (meta.timestamp, meta.recorded_at, meta.scope)
               for leaf, meta in leaves.items()}
    days = MemoryDays(lambda: [(leaf, *row) for leaf, row in catalog.items()],
                      lambda: leaves)
    assert days.between(dt.date(2025, 9, 10), dt.date(2025, 9, 10)) == ["a", "b"]
    assert (days.scope("a"), days.scope("b")) == ("project:lighthouse", "")
    assert list(days._scoped) == ["a"]
    leaves["a"], leaves["b"] = Meta("2025-09-10"), Meta("2025-09-11", "", "project:kestrel")
    days.touch("a")
    days.touch("b")
    assert days.between(dt.date(2025, 9, 10), dt.date(2025, 9, 11)) == ["a", "b"]
    assert (days.scope("a"), days.scope("b")) == ("", "project:kestrel")
    days.gone("b")
    assert days.scope("b") == "" and not days._scoped


def test_an_undated_memorys_scope_is_listed_too() -> None:
    """``scopes`` is every scope some memory is filed under, a memory without a readable day
    included: a search widens to another project only when ``scopes`` names one
    (``NavigationActor._held_elsewhere``, perf-ask), so an undated memory must not hide its
    project. Read from the catalog's rows, then from a marked memory's metadata; it leaves
    with the memory."""
    leaves = {"a": Meta("not a date", "", "project:lighthouse"), "b": Meta("2025-09-10")}
    catalog = {leaf: (meta.timestamp, meta.recorded_at, meta.scope)
               for leaf, meta in leaves.items()}
    days = MemoryDays(lambda: [(leaf, *row) for leaf, row in catalog.items()],
                      lambda: leaves)
    assert days.scopes() == {"project:lighthouse"}
    assert days.between(dt.date(2025, 1, 1), dt.date(2025, 12, 31)) == ["b"]
    leaves["c"] = Meta("", "", "project:kestrel")
    days.touch("c")
    assert days.scopes() == {"project:lighthouse", "project:kestrel"}
    days.gone("a")
    days.gone("c")
    assert days.scopes() == frozenset()
