"""Several OS processes recording facts in one store at once."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from facts_runtime import Worker, assert_ordered, history, journal_events, open_runtime

pytestmark = [pytest.mark.anyio, pytest.mark.slow]

SUBJECTS = ("Ana", "Luis", "Marta", "Pablo")
PER_PROCESS = 100


async def test_four_processes_record_four_subjects_at_once(
        home: Path, workers: Callable[..., Worker]) -> None:
    procs = [workers("save", home, subject, PER_PROCESS) for subject in SUBJECTS]
    for proc in procs:
        proc.expect("ready")
    for proc in procs:
        proc.send("go")
    for proc in procs:
        assert proc.expect("done") == f"done {PER_PROCESS}"
        proc.finish(60)
    events = journal_events(home)
    facts = [e for e in events if e["op"] == "fact"]
    assert len(facts) == len(SUBJECTS) * PER_PROCESS
    assert len({e["fact_id"] for e in facts}) == len(facts)
    assert Counter(e["subject"] for e in facts) == {s: PER_PROCESS for s in SUBJECTS}
    async with open_runtime(home) as rt:
        for subject in SUBJECTS:
            assert_ordered(await history(rt, subject=subject), subject, PER_PROCESS)
