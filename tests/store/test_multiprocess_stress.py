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
from store.catalog import open_catalog
from store.factlog import open_facts
from store.paths import StoreLayout

Child = Any  # tests/store/conftest.py: Child (a store_worker.py process)

WORKERS = 8
PER_WORKER = 200
TOTAL = WORKERS * PER_WORKER


def lines_of(path: Path) -> list[dict[str, Any]]:
    """Every line of a JSONL file, each of which must parse (a torn line fails the test)."""
    raw = path.read_bytes()
    assert raw.endswith(b"\n"), f"{path} ends in a cut line"
    records = []
    for number, line in enumerate(raw.split(b"\n")[:-1], 1):
        try:
            records.append(json.loads(line))
        except ValueError:
            raise AssertionError(f"{path}:{number} is not JSON: {line[:80]!r}") from None
    return records


def run_writers(layout: StoreLayout, spawn: Callable[..., Child], *, compact_every: int = 0,
                with_reader: Path | None = None) -> list[dict[str, Any]]:
    reader = spawn("reader", layout.home, with_reader) if with_reader else None
    writers = [spawn("stress", layout.home, w, PER_WORKER, compact_every if w == 0 else 0)
               for w in range(WORKERS)]
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


def check_store(layout: StoreLayout, results: list[dict[str, Any]], *, compacted: bool) -> None:
    # Every decision was unique across all processes: 0 .. 1599 exactly once.
    decisions = sorted(seq for r in results for seq in r["decisions"])
    assert decisions == list(range(TOTAL))

    catalog = open_catalog(layout)
    catalog.refresh()
    expected_ids = {f"S-w{w}-{i:04d}" for w in range(WORKERS) for i in range(PER_WORKER)}
    assert set(catalog.state) == expected_ids
    assert catalog.skipped_lines == 0

    facts = open_facts(layout)
    facts.refresh()
    assert [e["seq"] for e in facts.state] == list(range(TOTAL))
    assert Counter(e["subject"] for e in facts.state) == {f"w{w}": PER_WORKER
                                                          for w in range(WORKERS)}
    assert facts.skipped_lines == 0

    # Raw files: every journal line parses; together with the snapshot no record appears twice.
    for snap_path, journal_path, key in (
        (layout.catalog_snapshot, layout.catalog_journal, "catalog"),
        (layout.facts_snapshot, layout.facts_journal, "facts"),
    ):
        records = lines_of(journal_path)
        assert records[0].get("journal") == key and "generation" in records[0]
        body = records[1:]
        if snap_path.exists():
            snapshot = json.loads(snap_path.read_text(encoding="utf-8"))
            assert snapshot["generation"] == records[0]["generation"]
        else:
            snapshot = {}
        assert compacted == bool(snapshot)
        if key == "catalog":
            ids = [r["entry"]["id"] for r in body] + list(snapshot.get("entries", {}))
        else:
            ids = [r["fact_id"] for r in body] + [e["fact_id"] for e in snapshot.get("events", [])]
        assert len(ids) == TOTAL and len(set(ids)) == TOTAL, f"{key}: duplicates or losses"

    audit_lines = lines_of(layout.audit_log)
    assert len(audit_lines) == 2 * TOTAL
    assert len(list(read_audit(layout.audit_log))) == 2 * TOTAL
    assert Counter(r["action"] for r in audit_lines) == {"catalog.put": TOTAL,
                                                         "fact.record": TOTAL}


@pytest.mark.slow
@pytest.mark.parametrize("round_", range(3))
def test_eight_processes_append_and_read_modify_write(
        layout: StoreLayout, spawn: Callable[..., Child], round_: int) -> None:
    results = run_writers(layout, spawn)
    check_store(layout, results, compacted=False)


@pytest.mark.slow
def test_compaction_while_others_append_and_a_reader_follows(
        layout: StoreLayout, spawn: Callable[..., Child], tmp_path: Path) -> None:
    out = tmp_path / "reader.json"
    results = run_writers(layout, spawn, compact_every=40, with_reader=out)
    check_store(layout, results, compacted=True)

    seen = json.loads(out.read_text(encoding="utf-8"))
    assert seen["violations"] == []
    assert seen["skipped"] == 0
    assert seen["reloads"] >= 2, "the reader never saw a compaction: the test did not test it"
    assert seen["refreshes"] > 10
    catalog = open_catalog(layout)
    catalog.refresh()
    facts = open_facts(layout)
    facts.refresh()
    # The incremental reader ends with exactly what a fresh reader sees.
    assert seen["catalog"] == catalog.state
    assert seen["facts"] == facts.state
