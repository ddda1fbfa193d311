"""A time listing's newest memories (``MemoryDays.newest_first``): ordered a batch at a time.

A listing ("what did we discuss yesterday?") takes the few hundred newest recorded of its
time's memories; on a bulk import's month (37,000 at 50k memories) it built a (record time,
position) pair per memory for a heap and asked each memory's record time one by one. The
days now order only as many as the caller takes, from their own list of record times.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest

from actors.navigation import days as days_module
from actors.navigation.days import MemoryDays


def test_the_newest_come_in_the_full_orders_order_a_batch_at_a_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Across batch edges and ties of record time, the memories come as sorting every one of
    the time by (newest record, position in ``between``) gives, with no record time read one
    memory at a time; a memory saved or deleted after the walk moves the order with it."""
    monkeypatch.setattr(days_module, "NEWEST_BATCH", 7)
    draw = random.Random(13)
    rows = [(f"m{n:04d}", f"2025-09-{1 + draw.randrange(30):02d}",
             f"2025-10-01T08:{draw.randrange(6):02d}:00Z", "") for n in range(600)]
    rows += [(f"x{n}", "2025-11-02", "2025-10-01T09:00:00Z", "") for n in range(5)]
    leaves: dict[str, object] = {}
    days = MemoryDays(lambda: rows, lambda: leaves)  # type: ignore[arg-type, return-value]
    asked: list[str] = []
    monkeypatch.setattr(MemoryDays, "recorded_ts",
                        lambda self, leaf: asked.append(leaf))  # type: ignore[misc]
    start, end = dt.date(2025, 9, 3), dt.date(2025, 9, 27)

    def expected() -> list[str]:
        dated = days.between(start, end)
        stamp = {leaf: recorded for leaf, _, recorded, _ in rows}
        return [leaf for _, _, leaf in sorted(
            (-days_module.posix_seconds(stamp[leaf]), at, leaf) for at, leaf in enumerate(dated))]

    whole = expected()
    assert 400 < len(whole) < 600
    for taken in (0, 1, 6, 7, 8, 35, 36, len(whole)):  # the batches end at 7, 35, 175, 875
        assert list(itertools.islice(days.newest_first(start, end), taken)) == whole[:taken]
    assert list(days.newest_first(start, end)) == whole
    assert list(days.newest_first(dt.date(2026, 1, 1), dt.date(2026, 1, 31))) == []
    rows.pop(0)
    days.gone("m0000")
    assert list(days.newest_first(start, end)) == expected()
    assert asked == []
