"""Store micro-benchmark: does a save stay cheap as the store grows, and what do locks cost?

Run from the checkout: ``python -m bench.store_bench`` (about a minute; writes only in a temp
directory). It prints one compact table:

- catalog append p50/p95 at 1k, 10k and 50k existing entries, where one append is what a save
  does: take the ``catalog`` lock, ``Journal.append`` one entry (refresh, write, fdatasync),
  release, with a catalog view kept open across saves like the ingest actor keeps it. The
  existing entries sit in the journal (the worst case: no compaction ran yet) and, in a second
  row, in a compacted snapshot. The 50k/1k ratio of the p50 should be at most 1.5.
- the same append with the catalog re-opened each time (what a save must NOT do), for scale.
- ``refresh`` for a reader that has nothing new to read.
- lock acquire latency, uncontended (sync and async) and with 4 other processes contending.

This is a tool, not a test: it asserts nothing.
"""

from __future__ import annotations

import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import anyio
import structlog

from store.catalog import open_catalog, put
from store.locks import LockManager
from store.paths import StoreLayout

SIZES = (1_000, 10_000, 50_000)
SAMPLES = 300
FRESH_SAMPLES = 15
CONTENDERS = 4


def _entry(i: int, tag: str = "seed") -> dict[str, object]:
    return {"id": f"L-bench-{tag}-{i:06d}", "kind": "leaf", "layer": 0, "domain": "bench",
            "path": f"layer_0/bench/L-bench-{tag}-{i:06d}.txt", "parent_id": None,
            "timestamp": "2026-01-01T00:00:00Z", "title": f"benchmark leaf number {i}",
            "leaf_count": 1, "status": "ACTIVE", "source": "bench", "scope": "",
            "origin": "user", "agent": "bench", "recorded_at": "2026-01-01T00:00:00Z"}


def _pcts(samples_s: list[float]) -> tuple[float, float]:
    ordered = sorted(samples_s)
    p50 = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return p50 * 1000, p95 * 1000


def _timed(fn: Callable[[], object], n: int) -> list[float]:
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def _seed(layout: StoreLayout, locks: LockManager, upto: int, have: int) -> None:
    catalog = open_catalog(layout)
    with locks.hold_sync("catalog"):
        for start in range(have, upto, 1000):
            catalog.append([put(_entry(i)) for i in range(start, min(upto, start + 1000))])


def bench_appends(compacted: bool) -> dict[int, tuple[float, float]]:
    results: dict[int, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-") as tmp:
        layout = StoreLayout.at_home(tmp)
        layout.ensure()
        locks = LockManager(layout.locks_dir)
        have = 0
        for size in SIZES:
            _seed(layout, locks, size, have)
            have = size
            if compacted:
                with locks.hold_sync("catalog"):
                    open_catalog(layout).compact()
            saver = open_catalog(layout)
            saver.refresh()
            counter = iter(range(10**9))

            def save() -> None:
                with locks.hold_sync("catalog", actor="bench"):
                    saver.append([put(_entry(next(counter), f"s{size}"))])

            results[size] = _pcts(_timed(save, SAMPLES))
            # Forget what this round added so the next size starts from exactly its count.
            with locks.hold_sync("catalog"):
                saver.append([{"op": "del", "id": f"L-bench-s{size}-{i:06d}"}
                              for i in range(SAMPLES)])
    return results


def bench_fresh_open() -> dict[int, tuple[float, float]]:
    results: dict[int, tuple[float, float]] = {}
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-") as tmp:
        layout = StoreLayout.at_home(tmp)
        layout.ensure()
        locks = LockManager(layout.locks_dir)
        have = 0
        for size in SIZES:
            _seed(layout, locks, size, have)
            have = size
            counter = iter(range(10**9))

            def save() -> None:
                with locks.hold_sync("catalog"):
                    open_catalog(layout).append([put(_entry(next(counter), f"f{size}"))])

            results[size] = _pcts(_timed(save, FRESH_SAMPLES))
    return results


def bench_refresh() -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-") as tmp:
        layout = StoreLayout.at_home(tmp)
        layout.ensure()
        locks = LockManager(layout.locks_dir)
        _seed(layout, locks, SIZES[-1], 0)
        reader = open_catalog(layout)
        reader.refresh()
        return _pcts(_timed(reader.refresh, 2000))


def bench_lock_uncontended() -> tuple[tuple[float, float], tuple[float, float]]:
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-") as tmp:
        locks = LockManager(Path(tmp) / "locks")

        def sync_once() -> None:
            with locks.hold_sync("catalog"):
                pass

        sync = _pcts(_timed(sync_once, 2000))

        async def async_run() -> list[float]:
            out = []
            for _ in range(2000):
                t0 = time.perf_counter()
                async with locks.hold("catalog"):
                    out.append(time.perf_counter() - t0)
            return out

        return sync, _pcts(anyio.run(async_run))


def _contender(locks_dir: str, stop: multiprocessing.synchronize.Event,
               ready: multiprocessing.synchronize.Barrier) -> None:
    locks = LockManager(Path(locks_dir), default_timeout_s=60)
    ready.wait()
    while not stop.is_set():
        with locks.hold_sync("catalog", actor="contender"):
            # About what a save does inside the lock: a small write and a data sync.
            fd = os.open(Path(locks_dir) / "work.bin", os.O_WRONLY | os.O_CREAT | os.O_APPEND)
            try:
                os.write(fd, b"x" * 256)
                os.fdatasync(fd)
            finally:
                os.close(fd)


def bench_lock_contended() -> tuple[float, float, float, float]:
    ctx = multiprocessing.get_context("spawn")
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-") as tmp:
        locks_dir = Path(tmp) / "locks"
        locks_dir.mkdir()
        stop = ctx.Event()
        ready = ctx.Barrier(CONTENDERS + 1)
        procs = [ctx.Process(target=_contender, args=(str(locks_dir), stop, ready))
                 for _ in range(CONTENDERS)]
        for proc in procs:
            proc.start()
        try:
            ready.wait(60)
            locks = LockManager(locks_dir, default_timeout_s=60)
            waits: list[float] = []
            for _ in range(300):
                t0 = time.perf_counter()
                with locks.hold_sync("catalog", actor="bench"):
                    waits.append(time.perf_counter() - t0)
        finally:
            stop.set()
            for proc in procs:
                proc.join(30)
        p50, p95 = _pcts(waits)
        p99 = sorted(waits)[int(0.99 * (len(waits) - 1))] * 1000
        return p50, p95, p99, max(waits) * 1000


def main() -> None:
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(30))
    started = time.perf_counter()
    journal = bench_appends(compacted=False)
    snapshot = bench_appends(compacted=True)
    fresh = bench_fresh_open()
    refresh = bench_refresh()
    sync_lock, async_lock = bench_lock_uncontended()
    contended = bench_lock_contended()

    def row(label: str, values: dict[int, tuple[float, float]]) -> str:
        cells = "".join(f"{p50:9.3f}/{p95:<9.3f}" for p50, p95 in
                        (values[s] for s in SIZES))
        ratio = values[SIZES[-1]][0] / values[SIZES[0]][0]
        return f"{label:<34}{cells}{ratio:8.2f}"

    lines = [
        "ihmt-async store bench (ms, p50/p95)",
        f"{'catalog append (lock + 1 entry)':<34}" + "".join(f"{f'{s:,} existing':<20}"
                                                            for s in SIZES) + "  50k/1k",
        row("  entries in journal", journal),
        row("  entries in snapshot", snapshot),
        row("  re-open each save (anti-pattern)", fresh),
        f"{'reader refresh, nothing new':<34}{refresh[0]:9.4f}/{refresh[1]:<9.4f}",
        f"{'lock uncontended, sync':<34}{sync_lock[0]:9.4f}/{sync_lock[1]:<9.4f}",
        f"{'lock uncontended, async':<34}{async_lock[0]:9.4f}/{async_lock[1]:<9.4f}",
        f"{f'lock with {CONTENDERS} contending processes':<34}"
        f"{contended[0]:9.3f}/{contended[1]:<9.3f} p99 {contended[2]:.1f} max {contended[3]:.1f}",
        f"goal: journal append ratio 50k/1k <= 1.5 -> "
        f"{journal[SIZES[-1]][0] / journal[SIZES[0]][0]:.2f}; "
        f"total {time.perf_counter() - started:.0f}s",
    ]
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
