"""The monitor's pure aggregation and its log follower (rotation), without any server."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ihmt_async import monitor
from ihmt_async.logs import RotatingJsonl

NOW = dt.datetime(2026, 5, 1, 12, 0, 0, tzinfo=dt.UTC)


def at(seconds_ago: float) -> str:
    return (NOW - dt.timedelta(seconds=seconds_ago)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def ev(event: str, ago: float, pid: int = 10, **fields: Any) -> dict[str, Any]:
    base = {"ts": at(ago), "level": "info", "event": event, "pid": pid, "actor": "server",
            "request_id": ""}
    return {**base, **fields}


def test_counts_percentiles_and_last_minute_window() -> None:
    agg = monitor.Aggregator()
    for i, ms in enumerate([10.0, 20.0, 30.0, 40.0, 1000.0]):
        agg.add(ev("save.done", ago=300 - i, actor="ingest", duration_ms=ms))
    agg.add(ev("save.done", ago=5, actor="ingest", duration_ms=7.0))
    agg.add(ev("search.served", ago=2, actor="navigation", duration_ms=3.0))
    snap = agg.snapshot(NOW)
    save = snap["kinds"]["save"]
    assert save["total"]["count"] == 6
    assert save["total"]["max_ms"] == 1000.0
    assert save["total"]["p50_ms"] == 20.0
    assert save["total"]["p95_ms"] == 1000.0
    assert save["last_minute"] == {"count": 1, "errors": 0, "p50_ms": 7.0, "p95_ms": 7.0,
                                   "max_ms": 7.0}
    assert snap["kinds"]["search"]["last_minute"]["count"] == 1
    assert snap["kinds"]["consolidation"]["total"]["count"] == 0


def test_errors_are_attributed_to_the_kind_they_hurt() -> None:
    agg = monitor.Aggregator()
    agg.add(ev("tool.failed", 3, level="error", tool="save_memory", error="boom"))
    agg.add(ev("actor.crashed", 200, level="error", actor="navigation", error="x"))
    agg.add(ev("journal.line_skipped", 1, level="warning"))
    agg.add(ev("store.broken", 1, level="error", actor="server"))
    agg.add(ev("tool.refused", 1, tool="save_memory"))  # a refusal is not an error
    snap = agg.snapshot(NOW)
    assert snap["kinds"]["save"]["total"]["errors"] == 1
    assert snap["kinds"]["save"]["last_minute"]["errors"] == 1
    assert snap["kinds"]["search"]["total"]["errors"] == 1
    assert snap["kinds"]["search"]["last_minute"]["errors"] == 0
    assert snap["errors"]["total"] == 3 and snap["errors"]["other"] == 1
    assert snap["errors"]["last_minute"] == 2
    assert [p["errors"] for p in snap["processes"]] == [3]


def test_processes_actors_lag_and_slow_locks() -> None:
    agg = monitor.Aggregator()
    agg.add(ev("navigation.ready", 50, pid=1, actor="navigation"))
    agg.add(ev("save.done", 40, pid=1, actor="ingest", client="claude-code", duration_ms=5,
               queue_depth=3))
    agg.add(ev("save.done", 39, pid=1, actor="ingest", client="claude-code", duration_ms=5,
               queue_depth=1))
    agg.add(ev("search.served", 30, pid=2, actor="navigation", client="codex", duration_ms=2))
    agg.add(ev("actor.restarted", 20, pid=2, actor="navigation", level="warning",
               restarts=2))
    agg.add(ev("consolidation.pass", 15, pid=2, actor="consolidation", pending=4,
               duration_ms=50))
    agg.add(ev("consolidation.pass", 10, pid=1, actor="consolidation", pending=0,
               duration_ms=60))
    agg.add(ev("lock.wait", 8, pid=1, actor="ingest", lock="catalog", wait_ms=250.0))
    agg.add(ev("lock.wait", 7, pid=2, actor="facts", lock="facts", wait_ms=90.0))
    snap = agg.snapshot(NOW)
    procs = {p["pid"]: p for p in snap["processes"]}
    assert procs[1]["client"] == "claude-code" and procs[2]["client"] == "codex"
    assert procs[1]["counts"]["save"] == 2 and procs[2]["counts"]["search"] == 1
    actors = {(a["pid"], a["actor"]): a for a in snap["actors"]}
    assert actors[(1, "ingest")]["queue_depth"] == 1
    assert actors[(1, "ingest")]["max_queue_depth"] == 3
    assert actors[(2, "navigation")]["restarts"] == 2
    assert snap["consolidation"]["pending"] == 0 and snap["consolidation"]["passes"] == 2
    assert snap["kinds"]["lock_wait"]["total"]["count"] == 2
    assert snap["kinds"]["lock_wait"]["total"]["max_ms"] == 250.0
    slow = snap["slow_lock_waits"]
    assert slow["count"] == 1 and slow["recent"][0]["lock"] == "catalog"
    table = monitor.render_table(snap)
    assert "claude-code" in table and "codex" in table and "'catalog'" in table


def test_since_filters_and_bad_lines_are_counted() -> None:
    agg = monitor.Aggregator(since=NOW - dt.timedelta(minutes=10))
    agg.add_lines([json.dumps(ev("save.done", 3600, duration_ms=1)),
                   json.dumps(ev("save.done", 60, duration_ms=1)),
                   b'{"ts": "2026-05-01T11:59', b"", b"[1, 2]"])
    snap = agg.snapshot(NOW)
    assert snap["kinds"]["save"]["total"]["count"] == 1
    assert snap["lines_unparsed"] == 3


def test_parse_since() -> None:
    assert monitor.parse_since("10m", NOW) == NOW - dt.timedelta(minutes=10)
    assert monitor.parse_since("2h", NOW) == NOW - dt.timedelta(hours=2)
    assert monitor.parse_since("2026-04-30", NOW) == dt.datetime(2026, 4, 30, tzinfo=dt.UTC)
    assert monitor.parse_since("2026-04-30T10:00:00Z", NOW).hour == 10
    with pytest.raises(ValueError):
        monitor.parse_since("yesterday", NOW)


@given(st.lists(st.floats(min_value=0, max_value=1e6), min_size=1, max_size=200),
       st.integers(min_value=1, max_value=100))
def test_percentile_is_a_member_and_monotone(values: list[float], q: int) -> None:
    p = monitor.percentile(values, q)
    assert p in values
    assert monitor.percentile(values, 100) == max(values)
    assert p <= monitor.percentile(values, min(100, q + 10))  # type: ignore[operator]
    assert sum(v <= p for v in values) >= q * len(values) / 100  # type: ignore[operator]


@pytest.mark.anyio
async def test_follower_survives_rotation_and_replays_backups(tmp_path: Path) -> None:
    log_file = tmp_path / "logs" / "ihmt.jsonl"
    sink = RotatingJsonl(log_file, max_bytes=2000, backups=3)
    early = [json.dumps(ev("save.done", 100, duration_ms=i)) for i in range(10)]
    for line in early:
        sink.write(line)
    seen: list[bytes] = []
    written = [json.dumps(ev("search.served", 50, duration_ms=i, n=i)) for i in range(60)]
    async with monitor.LogFollower(log_file, from_end=True) as follower:
        assert await follower.poll() == []
        for index, line in enumerate(written):
            sink.write(line)
            if index % 7 == 0:
                seen += await follower.poll()
        seen += await follower.poll()
        assert follower.rotations >= 2, "the sink should have rotated under the follower"
    assert [json.loads(x)["n"] for x in seen] == list(range(60))
    # A replay (--since / --once) reads the surviving backups oldest first, then the live file.
    lines: list[bytes] = []
    for path in monitor.replay_files(log_file):
        lines += await monitor.read_whole(path)
    async with monitor.LogFollower(log_file, from_end=False) as live:
        lines += await live.poll()
    ns = [json.loads(x).get("n") for x in lines if b"search.served" in x]
    assert ns == sorted(ns) and ns[-1] == 59


@pytest.mark.anyio
async def test_follower_keeps_a_partial_line_until_it_is_complete(tmp_path: Path) -> None:
    log_file = tmp_path / "ihmt.jsonl"
    log_file.write_bytes(b"")
    line = json.dumps(ev("save.done", 1, duration_ms=2)).encode()
    async with monitor.LogFollower(log_file, from_end=False) as follower:
        with open(log_file, "ab") as handle:  # noqa: ASYNC230 (the writer under test's eyes)
            handle.write(line[:20])
            handle.flush()
            assert await follower.poll() == []
            handle.write(line[20:] + b"\n")
            handle.flush()
            assert await follower.poll() == [line]
