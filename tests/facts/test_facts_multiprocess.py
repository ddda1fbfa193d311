"""Several OS processes recording facts in one store at once, and compaction under their feet."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from facts_runtime import history, journal_events, open_runtime, save
from facts_worker import text_for

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SUBJECTS = ("Ana", "Luis", "Marta", "Pablo")
PER_PROCESS = 100


def _assert_ordered(facts: tuple, subject: str, count: int) -> None:
    assert [f.value for f in facts] == [f"Ciudad{n}" for n in range(count)], subject
    assert [f.status for f in facts] == ["HISTORICAL"] * (count - 1) + ["ACTIVE"]
    for older, newer in zip(facts, facts[1:], strict=False):
        assert older.valid_to == newer.valid_from
        assert older.superseded_at is not None


async def test_four_processes_record_four_subjects_at_once(
        home: Path, workers: Callable[..., object]) -> None:
    procs = [workers("save", home, subject, PER_PROCESS) for subject in SUBJECTS]
    for proc in procs:
        proc.expect("ready")  # type: ignore[attr-defined]
    started = time.monotonic()
    for proc in procs:
        proc.send("go")  # type: ignore[attr-defined]
    for proc in procs:
        assert proc.expect("done") == f"done {PER_PROCESS}"  # type: ignore[attr-defined]
        proc.finish(60)  # type: ignore[attr-defined]
    elapsed = time.monotonic() - started
    events = journal_events(home)
    facts = [e for e in events if e["op"] == "fact"]
    assert len(facts) == len(SUBJECTS) * PER_PROCESS
    assert len({e["fact_id"] for e in facts}) == len(facts)
    assert Counter(e["subject"] for e in facts) == {s: PER_PROCESS for s in SUBJECTS}
    async with open_runtime(home) as rt:
        for subject in SUBJECTS:
            _assert_ordered(await history(rt, subject=subject), subject, PER_PROCESS)
    assert elapsed < 60, f"{len(facts)} saves in 4 processes took {elapsed:.1f}s"


async def test_compaction_by_another_process_loses_no_fact(
        home: Path, tmp_path: Path, workers: Callable[..., object]) -> None:
    stop = tmp_path / "stop-compacting"
    count = 60
    async with open_runtime(home) as rt:
        compactor = workers("compact", home, stop)
        compactor.expect("ready")  # type: ignore[attr-defined]
        for n in range(count):
            await save(rt, text_for("Ana", n))
        live = await history(rt, subject="Ana")
        stop.touch()
        compactions = int(compactor.expect("compacted").split()[1])  # type: ignore[attr-defined]
        compactor.finish(30)  # type: ignore[attr-defined]
    assert compactions >= 3, "the compactor never ran while the saves did"
    _assert_ordered(live, "Ana (live view)", count)
    assert len([e for e in journal_events(home) if e["op"] == "fact"]) == count
    async with open_runtime(home) as rt:
        _assert_ordered(await history(rt, subject="Ana"), "Ana (fresh view)", count)
