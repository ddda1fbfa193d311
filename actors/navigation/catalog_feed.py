"""What navigation needs of the catalog, as a Protocol (``store.catalog.CatalogReader`` is it).

The read model and the index committer read the catalog only through this seam: the changes
since a sequence number (so a process takes in what any process wrote at the cost of what is
new, and the full-text index can record how far it is current), one entry by id, the
parentless entries (the trunk the descent starts from), the last sequence number and counts.
Tests may pass any object with these methods. Never writes the catalog.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Protocol

from store.catalog import Change, Counts


class CatalogView(Protocol):
    def changes_since(self, seq: int) -> tuple[list[Change], int]:
        """Rows changed after ``seq`` (each once, as it is now; None entry: deleted), seq order,
        and the highest seq seen."""
        ...

    def count_changes_since(self, seq: int) -> int:
        """How many rows ``changes_since(seq)`` would return (cheap: asked every idle turn)."""
        ...

    def get(self, entry_id: str) -> Mapping[str, Any] | None: ...

    def told_before(self, entry: Mapping[str, Any], count: int) -> Sequence[Mapping[str, Any]]:
        """Up to ``count`` leaves the same agent saved right before ``entry``, nearest first
        (an index look-up)."""
        ...

    def told_around(self, entry: Mapping[str, Any], count: int) -> Sequence[Mapping[str, Any]]:
        """Up to ``count`` leaves the same agent saved before ``entry`` and up to ``count``
        after (index look-ups)."""
        ...

    def parentless(self) -> Sequence[Mapping[str, Any]]:
        """Rows without a parent, oldest first (the trunk of each domain)."""
        ...

    def leaf_ids(self) -> list[str]:
        """Every leaf id, O(store): for background work, never a search's hot path."""
        ...

    def leaf_times(self, upto_seq: int) -> Iterable[tuple[str, str, str, str]]:
        """(id, timestamp, recorded_at, scope) of every leaf as of ``upto_seq``, O(store): read
        once per process, streamed (never a list of every row)."""
        ...

    def newest_leaves(self, scope: str, count: int, skip: int = 0) -> Sequence[str]:
        """Ids of the leaves of exactly ``scope``, newest record time first, ``count`` after
        the first ``skip`` (an index seek)."""
        ...

    def leaves_from(self, source: str) -> Sequence[str]:
        """Ids of the leaves saved from ``source``, by id (an index seek)."""
        ...

    def last_seq(self) -> int: ...

    def counts(self) -> Counts: ...
