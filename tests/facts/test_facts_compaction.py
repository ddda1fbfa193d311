"""Compaction of the facts journal by another process while saves run loses no fact."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from facts_runtime import Worker, assert_ordered, history, journal_events, open_runtime, save
from facts_worker import text_for

pytestmark = [pytest.mark.anyio, pytest.mark.slow]


async def test_compaction_by_another_process_loses_no_fact(
        home: Path, tmp_path: Path, workers: Callable[..., Worker]) -> None:
    stop = tmp_path / "stop-compacting"
    count = 60
    async with open_runtime(home) as rt:
        compactor = workers("compact", home, stop)
        compactor.expect("ready")
        for n in range(count):
            await save(rt, text_for("Ana", n))
        live = await history(rt, subject="Ana")
        stop.touch()
        compactions = int(compactor.expect("compacted").split()[1])
        compactor.finish(30)
    assert compactions >= 3, "the compactor never ran while the saves did"
    assert_ordered(live, "Ana (live view)", count)
    assert len([e for e in journal_events(home) if e["op"] == "fact"]) == count
    async with open_runtime(home) as rt:
        assert_ordered(await history(rt, subject="Ana"), "Ana (fresh view)", count)
