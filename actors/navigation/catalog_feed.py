"""What navigation needs of the catalog, as a Protocol, and its adapter over the journal.

The read model and the index committer read the catalog only through ``CatalogReader``: the
changes since a sequence number (so a process takes in what any process wrote at the cost of
what is new, and the full-text index can record how far it is current), one entry by id, the
parentless entries (the trunk the descent starts from) and counts. The store engine's
database answers these with queries; ``JournalCatalog`` answers them over the journaled
catalog table, where the sequence number is (journal generation, record number).

Never writes the catalog.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from store import catalog as catalog_table
from store.paths import StoreLayout

GENERATION_SHIFT = 32
"""seq = generation << GENERATION_SHIFT | records read from that generation's journal."""


@dataclass(frozen=True)
class Change:
    """One catalog entry that changed after some sequence number (``entry`` None: removed)."""

    seq: int
    entry_id: str
    entry: Mapping[str, Any] | None


@dataclass(frozen=True)
class Counts:
    leaves: int
    nodes: int
    depth: int
    domains: Mapping[str, int]


class CatalogReader(Protocol):
    def changes_since(self, seq: int) -> tuple[list[Change], int]:
        """Entries changed after ``seq`` (latest state of each, by seq) and the new seq.

        A reader that cannot tell what changed since ``seq`` (the journal was compacted)
        returns every entry: the caller treats an unchanged one as a no-op.
        """
        ...

    def get(self, entry_id: str) -> Mapping[str, Any] | None: ...

    def parentless(self) -> Iterator[Mapping[str, Any]]:
        """Entries without a parent, oldest first (the trunk of each domain)."""
        ...

    def counts(self) -> Counts: ...


class JournalCatalog:
    """``CatalogReader`` over the journaled catalog (the whole table folded in memory)."""

    def __init__(self, layout: StoreLayout) -> None:
        self._journal = catalog_table.open_catalog(layout)
        self._generation = -1
        self._log: list[str] = []
        """Ids touched by each record of the current generation's journal, in order."""

    def _pull(self) -> bool:
        """Take in new journal records; True when the table was reloaded (compacted)."""
        result = self._journal.refresh()
        if result.reloaded or self._journal.generation != self._generation:
            self._generation = self._journal.generation
            self._log = []
            reloaded = True
        else:
            reloaded = False
        for record in result.records:
            entry = record.get("entry")
            self._log.append(str(entry["id"]) if isinstance(entry, Mapping)
                             else str(record.get("id")))
        return reloaded

    @property
    def seq(self) -> int:
        return (max(self._generation, 0) << GENERATION_SHIFT) | len(self._log)

    def changes_since(self, seq: int) -> tuple[list[Change], int]:
        self._pull()
        generation, done = seq >> GENERATION_SHIFT, seq & ((1 << GENERATION_SHIFT) - 1)
        now = self.seq
        state = self._journal.state
        if generation != max(self._generation, 0) or done > len(self._log):
            ids: list[str] = list(state)
        else:
            ids = list(dict.fromkeys(self._log[done:]))
        return [Change(now, i, state.get(i)) for i in ids], now

    def get(self, entry_id: str) -> Mapping[str, Any] | None:
        return self._journal.state.get(entry_id)

    def parentless(self) -> Iterator[Mapping[str, Any]]:
        self._pull()
        entries = sorted(self._journal.state.values(),
                         key=lambda e: (e.get("timestamp") or "", e["id"]))
        return (e for e in entries if not e.get("parent_id"))

    def counts(self) -> Counts:
        self._pull()
        leaves = nodes = depth = 0
        domains: dict[str, int] = {}
        for entry in self._journal.state.values():
            if entry.get("kind") == "node":
                nodes += 1
                depth = max(depth, int(entry.get("layer", 0)))
            else:
                leaves += 1
                domains[str(entry["domain"])] = domains.get(str(entry["domain"]), 0) + 1
        return Counts(leaves=leaves, nodes=nodes, depth=depth, domains=domains)
