"""The day each searchable memory is of, sorted, and the months those days fall in.

A time question ("what did I do in March 2026?", "last week") takes the memories of its range
by a bisect over every memory sorted by day, and a month asked without its year ("in
September?") is read in the latest year the store holds memories of. Both were kept per store
state and rebuilt by a walk over every memory when it moved: the first time question after
each save looked up and parsed every memory's date (~6 s CPU at 50k memories, the index's
metadata one memory at a time). Here the days are read once per read model, on the first time
question, from the catalog in one query (~0.2 s at 50k); after it, each catalog change the read
model takes in marks its memory, and the next time question re-reads only the marked ones.

This module never opens the catalog, the index or the disk: the read model gives it the
catalog's rows and its view of the searchable leaves.
"""

from __future__ import annotations

import bisect
import datetime as dt
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Protocol

from actors.text import parse_instant

NEWEST_BATCH = 512
"""How many of a time's memories ``newest_first`` orders at first (then four times as many
each time the caller wants more): a listing takes a few hundred (``IN_RANGE_SCANNED``)."""


class Dated(Protocol):
    """What a memory's day is read from (``read_model.LeafMeta``)."""

    @property
    def timestamp(self) -> str: ...

    @property
    def recorded_at(self) -> str: ...

    @property
    def recorded_ts(self) -> float: ...

    @property
    def scope(self) -> str: ...


def day_of(meta: Dated) -> dt.date | None:
    """The day a memory is of: its own date, else the day it was saved."""
    return _day(meta.timestamp, meta.recorded_at)


def states_its_day(meta: Dated) -> bool:
    """The memory was told with a day of its own ("2026-11-02: ALD-7 fixed", a dated chat
    turn), not only stamped with the moment it was saved: an undated save's timestamp is its
    saving moment, to the second."""
    return bool(meta.timestamp) and meta.timestamp[:19] != meta.recorded_at[:19]


def saved_in_order(meta: Dated) -> bool:
    """The memory is a project's note, told with no day of its own: an agent files a
    project's notes as its work goes on, so one saved later knows more than one saved
    before it, whatever day either is stamped with. Memories saved in one go elsewhere (a
    chat imported beside dated notes) tell nothing by their order."""
    return meta.scope.startswith("project:") and not states_its_day(meta)


def posix_seconds(stamp: str) -> float:
    """An ISO-8601 stamp as POSIX seconds; naive stamps are UTC; 0.0 when it does not parse.

    Record times are compared as instants, never as strings: "…:22Z" and "…:22.7Z" sort the
    wrong way round as text.
    """
    moment = parse_instant(stamp)
    return moment.timestamp() if moment is not None else 0.0


def _day(timestamp: str, recorded_at: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat((timestamp or recorded_at)[:10])
    except ValueError:
        return None


class MemoryDays:
    """Every searchable memory with a day, by its day, and how many fall in each month.

    ``times`` reads (id, timestamp, recorded_at, scope) of every memory the read model has taken in
    (the catalog's rows up to its seq, less those it could not read): a catalog row holds the
    leaf header's dates as its index entry does (a header without a timestamp: the catalog's
    is its ingest time, the index's its record time, the same save). ``leaves`` gives the read
    model's view of the searchable leaves (replaced when the index is rebuilt), for the marked
    ones. ``touch`` marks a memory a catalog change saved or changed, ``gone`` drops a deleted
    one, ``clear`` forgets everything (the index was emptied). A marked memory not yet
    searchable (a leaf another process saved, not yet analysed here) stays marked until it
    is: a time question answers from what a search could find, as before."""

    def __init__(self, times: Callable[[], Iterable[tuple[str, str, str, str]]],
                 leaves: Callable[[], Mapping[str, Dated]]) -> None:
        self._times = times
        self._leaves = leaves
        self._built = False
        self._days: list[dt.date] = []
        self._ids: list[str] = []
        self._recorded: list[float] = []
        """Three lists side by side, sorted by (day, id): each dated memory's day, id and
        record time (its ``recorded_ts``). A time's memories are a slice of the ids (a bulk
        import's month at 50k memories is 37,000: unpacking a (day, id) pair each took
        ~10 ms), and a time listing orders them by record time without reading each one's
        metadata."""
        self._recorded_array: Any = None
        """``_recorded`` as a numpy array, made again after a change (``newest_first``)."""
        self._day: dict[str, dt.date] = {}
        self._scoped: dict[str, str] = {}
        """The scope of each memory that has one (most have none: "" is not kept): a
        question about a busy time tells which of its thousands of memories it may see
        without fetching each one's stored document (``scope``); an undated memory's is
        kept too, so ``scopes`` lists every scope (a search widens to them)."""
        self._scopes: Counter[str] = Counter()
        """How many memories each scope of ``_scoped`` holds (``scopes``)."""
        self._months: Counter[tuple[int, int]] = Counter()
        self._marked: set[str] = set()
        self.walks = 0
        """Reads of every memory's day so far (one per read model, or per ``clear``)."""

    def touch(self, leaf_id: str) -> None:
        """A catalog change saved or changed ``leaf_id``."""
        if self._built:
            self._marked.add(leaf_id)

    def gone(self, leaf_id: str) -> None:
        """A catalog change deleted ``leaf_id``."""
        self._marked.discard(leaf_id)
        self._drop(leaf_id)

    def clear(self) -> None:
        self._built = False
        self._days, self._ids, self._recorded = [], [], []
        self._recorded_array = None
        self._day = {}
        self._scoped = {}
        self._scopes = Counter()
        self._months = Counter()
        self._marked = set()

    def between(self, start: dt.date, end: dt.date) -> list[str]:
        """The memories dated from ``start`` to ``end`` (both included), oldest first (ties
        by id)."""
        low, high = self._span(start, end)
        return self._ids[low:high]

    def newest_first(self, start: dt.date, end: dt.date) -> Iterator[str]:
        """The memories ``between`` lists, the newest recorded first, ties in ``between``'s
        order. Ordered a batch at a time (``NEWEST_BATCH``, then four times as many): a
        listing takes a few hundred of a bulk import's 37,000, and a tuple per memory for a
        heap cost ~15-45 ms at 50k memories. Each batch is exactly the next of the full
        order: its floor is the batch's last record time, every memory at or above it is
        sorted, ties by position."""
        import numpy as np

        low, high = self._span(start, end)
        ids = self._ids[low:high]
        if self._recorded_array is None:
            self._recorded_array = np.asarray(self._recorded, dtype=np.float64)
        times = self._recorded_array[low:high]
        count, given, take = len(ids), 0, NEWEST_BATCH
        while given < count:
            take = min(take, count)
            picked = np.flatnonzero(times >= np.partition(times, count - take)[count - take])
            order = picked[np.lexsort((picked, -times[picked]))][:take]
            for at in order[given:].tolist():
                yield ids[at]
            given, take = take, take * 4

    def recorded_ts(self, leaf_id: str) -> float:
        """The record time of a memory ``between`` listed: its metadata's ``recorded_ts``
        (the catalog row's ``recorded_at`` is the index entry's, the same header field)."""
        return self._recorded[self._at(leaf_id)]

    def scope(self, leaf_id: str) -> str:
        """The scope of a memory ``between`` listed: its metadata's ``scope`` (the catalog
        row's is the leaf header's, as the index entry's is), "" when it has none."""
        return self._scoped.get(leaf_id, "")

    def scopes(self) -> frozenset[str]:
        """Every scope some memory is filed under ("project:kestrel"), "" left out."""
        self._current()
        return frozenset(scope for scope, count in self._scopes.items() if count > 0)

    def holds_month(self, year: int, month: int) -> bool:
        """Some memory is of a day of that month."""
        self._current()
        return self._months[(year, month)] > 0

    def _span(self, start: dt.date, end: dt.date) -> tuple[int, int]:
        """Where the memories dated from ``start`` to ``end`` are in the sorted lists."""
        days = self._current()
        return bisect.bisect_left(days, start), bisect.bisect_right(days, end)

    def _at(self, leaf_id: str) -> int:
        """Where a dated memory is in the sorted lists (KeyError when it has no day)."""
        day = self._day[leaf_id]
        low = bisect.bisect_left(self._days, day)
        return bisect.bisect_left(self._ids, leaf_id, low,
                                  bisect.bisect_right(self._days, day, low))

    def _current(self) -> list[dt.date]:
        if not self._built:
            self.walks += 1
            self._marked = set()
            self._day = {}
            recorded: dict[str, float] = {}
            self._scoped = {}
            same: dict[dt.date, dt.date] = {}  # one date object per day, not per memory
            for leaf, stamp, recorded_at, scope in self._times():
                day = _day(stamp, recorded_at)
                if day is not None:
                    self._day[leaf] = same.setdefault(day, day)
                    recorded[leaf] = posix_seconds(recorded_at)
                if scope:  # an undated memory's scope too: ``scopes`` lists every one
                    self._scoped[leaf] = sys.intern(scope)
            self._scopes = Counter(self._scoped.values())
            ordered = sorted((day, leaf) for leaf, day in self._day.items())
            self._days = [day for day, _ in ordered]
            self._ids = [leaf for _, leaf in ordered]
            self._recorded = [recorded[leaf] for leaf in self._ids]
            self._recorded_array = None
            self._months = Counter((day.year, day.month) for day in self._day.values())
            self._built = True
        elif self._marked:
            marked, self._marked = self._marked, set()
            self._take(marked, self._leaves())
        return self._days

    def _take(self, ids: Iterable[str], leaves: Mapping[str, Dated]) -> None:
        for leaf_id in ids:
            self._drop(leaf_id)
            meta = leaves.get(leaf_id)
            if meta is None:
                self._marked.add(leaf_id)  # not searchable here yet: asked again next time
                continue
            if meta.scope:
                self._scoped[leaf_id] = meta.scope
                self._scopes[meta.scope] += 1
            day = day_of(meta)
            if day is not None:
                self._day[leaf_id] = day
                at = self._at(leaf_id)
                self._days.insert(at, day)
                self._ids.insert(at, leaf_id)
                self._recorded.insert(at, meta.recorded_ts)
                self._recorded_array = None
                self._months[(day.year, day.month)] += 1

    def _drop(self, leaf_id: str) -> None:
        scope = self._scoped.pop(leaf_id, None)
        if scope is not None:
            self._scopes[scope] -= 1
        if leaf_id not in self._day:
            return
        at = self._at(leaf_id)
        day = self._day.pop(leaf_id)
        del self._days[at], self._ids[at], self._recorded[at]
        self._recorded_array = None
        self._months[(day.year, day.month)] -= 1
