"""Eight OS processes writing one store at once lose nothing and duplicate nothing.

Each child appends 200 catalog entries (one per hold of the catalog lock) and makes 200 fact
read-modify-writes whose content depends on what every process wrote before (the next global
sequence number), so a writer that decided on a stale view would produce a duplicate number.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from store.audit import read_audit
from store.catalog import CatalogReader
from store.events import read_lines
from store.factlog import FactEventsReader
from store.paths import StoreLayout

Child = Any  # tests/store/conftest.py: Child (a store_worker.py process)

WORKERS = 8
PER_WORKER = 200
TOTAL = WORKERS * PER_WORKER


def run_writers(layout: StoreLayout, spawn: Callable[..., Child], *,
                with_reader: Path | None = None) -> list[dict[str, Any]]:
    reader = spawn("reader", layout.home, with_reader) if with_reader else None
    writers = [spawn("stress", layout.home, w, PER_WORKER) for w in range(WORKERS)]
    for child in [*writers, *([reader] if reader else [])]:
        child.expect("ready")
    for child in [*([reader] if reader else []), *writers]:
        child.send("go")
    results = [json.loads(child.expect("{", timeout_s=120)) for child in writers]
    for child in writers:
        child.finish()
    if reader:
        reader.send("stop")
        reader.expect("done")
        reader.finish()
    return results


def check_store(layout: StoreLayout, results: list[dict[str, Any]]) -> None:
    # Every decision was unique across all processes: 0 .. 1599 exactly once.
    decisions = sorted(seq for r in results for seq in r["decisions"])
    assert decisions == list(range(TOTAL))

    entries = CatalogReader(layout).entries()
    expected_ids = {f"S-w{w}-{i:04d}" for w in range(WORKERS) for i in range(PER_WORKER)}
    assert set(entries) == expected_ids
    assert CatalogReader(layout).counts().leaves == 0  # kind "stress" rows are not leaves

    events = FactEventsReader(layout).all_events()
    assert [e["seq"] for e in events] == list(range(TOTAL))
    assert Counter(e["subject"] for e in events) == {f"w{w}": PER_WORKER
                                                     for w in range(WORKERS)}

    # The event file: one whole line per fact commit, none torn, none twice.
    read = read_lines(layout.events_file)
    assert not read.torn_tail and read.bad == []
    ids = [row["event"]["fact_id"] for line in read.lines for row in line.record["facts"]]
    assert len(ids) == TOTAL and len(set(ids)) == TOTAL

    audit = list(read_audit(layout))
    assert Counter(r["action"] for r in audit) == {"catalog.put": TOTAL, "fact.record": TOTAL}


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(2))
def test_eight_processes_commit_and_read_modify_write(
        layout: StoreLayout, spawn: Callable[..., Child], round_: int) -> None:
    results = run_writers(layout, spawn)
    check_store(layout, results)


@pytest.mark.slow
def test_an_incremental_reader_follows_eight_writers(
        layout: StoreLayout, spawn: Callable[..., Child], tmp_path: Path) -> None:
    out = tmp_path / "reader.json"
    results = run_writers(layout, spawn, with_reader=out)
    check_store(layout, results)

    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["violations"] == []
    assert seen["refreshes"] > 10
    # The incremental reader ends with exactly what a fresh reader sees.
    assert seen["catalog"] == CatalogReader(layout).entries()
    assert seen["facts"] == FactEventsReader(layout).all_events()
