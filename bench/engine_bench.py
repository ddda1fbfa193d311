"""Store engine figures: save latency, fsyncs per save, and 1/2/4/8 writer processes.

Run from the checkout: ``python -m bench.engine_bench [--size 10000] [--saves 300]``.
Printed figures only (no asserts on time). Every save goes through the real save path (the
runtime's ingest and fact actors: leaf file, event line, one transaction, fact extraction,
leading dates). The store is first filled to ``--size`` memories with ``bulk_build`` (leaf
files and catalog rows, as ingest writes them, in batches) so the figures are for a store of
that size; before the timed saves the runtime is left to embed those filled memories (its
idle-time backfill, which a store filled through the save path never needs), so the figures
are the save path's, not a one-off backfill's. fsyncs are counted with ``strace -f`` around a
separate process doing the saves.
Writes only in a temp directory.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio

from actors.ingest.messages import Save
from actors.navigation.messages import Stats
from actors.provenance import Provenance
from bench.generator import Generator
from bench.ingest_bench import bulk_build
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime, open_store
from store.catalog import CatalogReader

PROV = Provenance(agent="bench", client_version="1", session="bench")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def texts(seed: int, count: int, start: int) -> list[str]:
    """Generated memories, each opening with a date half of the time (as real notes do)."""
    out = []
    for n, memory in enumerate(Generator(seed).memories(count, start=start)):
        day = f"2025-{1 + n % 12:02d}-{1 + n % 28:02d}"
        out.append(f"{day}: {memory.text}" if n % 2 else memory.text)
    return out


async def settled(rt: Runtime, limit_s: float = 900.0) -> None:
    """Wait until the navigation actor has embedded every memory (its idle-time backfill).

    ``bulk_build`` writes leaves and catalog rows but no vectors, so a fresh runtime first
    embeds the whole filled store in the background; timed saves running meanwhile would
    measure that one-off backfill (reading and embedding thousands of leaves) rather than the
    save path. A store filled through the real save path has its vectors already."""
    reader = CatalogReader(rt.layout)
    leaves = len(reader.leaf_ids())
    reader.close()
    seen: list[int] = []
    with anyio.move_on_after(limit_s):
        while True:
            stats = await rt.navigation.ask(Stats())
            seen.append(int(stats.get("embedding", {}).get("embedded", 0)))
            # Done when every leaf has its vector, or when the count has stopped moving
            # (a leaf the embedder skips must not hold the bench up).
            if seen[-1] >= leaves or (len(seen) >= 4 and len(set(seen[-4:])) == 1):
                return
            await anyio.sleep(0.3)


async def timed_saves(home: Path, contents: list[str], settle: bool = True
                      ) -> tuple[list[float], float]:
    """Wall milliseconds per save, and the process's CPU milliseconds per save (all threads:
    meaningful on a loaded machine, where wall time is mostly waiting for a core or a disk)."""
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        if settle:
            await settled(rt)
        times = []
        cpu = time.process_time()
        for text in contents:
            started = time.perf_counter()
            await rt.ingest.ask(Save(content=text, provenance=PROV))
            times.append((time.perf_counter() - started) * 1000)
        cpu = (time.process_time() - cpu) * 1000 / max(1, len(contents))
    return times, cpu


def build(home: Path, size: int) -> None:
    store = open_store(home)
    if size:
        bulk_build(store.layout, store.locks, Generator(7).memories(size, start=5_000_000))


def writer(home: str, count: int, seed: int) -> None:
    """One writer process: waits for a line on stdin, saves, prints its leaf ids."""
    contents = texts(seed, count, start=seed * 100_000)

    async def run() -> None:
        async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
            sys.stdout.write("ready\n")
            sys.stdout.flush()
            await anyio.to_thread.run_sync(sys.stdin.readline)
            ids: list[str] = []
            for text in contents:
                result = await rt.ingest.ask(Save(content=text, provenance=PROV))
                ids.extend(result.leaf_ids)
            sys.stdout.write(json.dumps({"ids": ids}) + "\n")
            sys.stdout.flush()

    anyio.run(run)


def fsync_probe(base: Path) -> float:
    """What one fdatasync of a small append costs on this disk right now (p50 of 50)."""
    path = base / "probe"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    times = []
    try:
        for _ in range(50):
            os.write(fd, b"x" * 200 + b"\n")
            started = time.perf_counter()
            os.fdatasync(fd)
            times.append((time.perf_counter() - started) * 1000)
    finally:
        os.close(fd)
    return round(statistics.median(times), 2)


def fsyncs_per_save(home: Path, saves: int) -> float | None:
    """strace-counted fsync/fdatasync calls of a process doing ``saves`` saves, minus one that
    does none (start-up and shutdown), divided by ``saves``."""
    if shutil.which("strace") is None:
        return None

    def count(n: int) -> int:
        out = home.parent / f"strace-{n}.txt"
        code = ("import anyio; from bench.engine_bench import timed_saves, texts; "
                "from ihmt_async.logs import configure_logging; "
                "configure_logging(level='warning', to_stderr=True); "
                f"anyio.run(timed_saves, {str(home)!r}, texts(99, {n}, 9_000_000 + {n}))")
        subprocess.run(["strace", "-f", "-qq", "-e", "trace=fsync,fdatasync", "-o", str(out),
                        sys.executable, "-c", code], check=True, capture_output=True,
                       env={**os.environ, "IHMT_LOG_STDERR": "0"})
        lines = out.read_text().splitlines()
        return sum(1 for line in lines if "fsync(" in line or "fdatasync(" in line)

    return (count(saves) - count(0)) / saves


def writers(home: Path, processes: int, per_process: int, seed: int) -> dict[str, float]:
    before = len(CatalogReader(open_store(home).layout).entries())
    children = [subprocess.Popen([sys.executable, "-m", "bench.engine_bench", "writer",
                                  str(home), str(per_process), str(seed + p)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                 env={**os.environ, "IHMT_LOG_STDERR": "0"})
                for p in range(processes)]
    for child in children:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
    started = time.perf_counter()
    for child in children:
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    acked: set[str] = set()
    for child in children:
        assert child.stdout is not None
        acked.update(json.loads(child.stdout.readline())["ids"])
    elapsed = time.perf_counter() - started
    for child in children:
        child.wait()
    entries = CatalogReader(open_store(home).layout).entries()
    lost = len(acked - set(entries))
    return {"processes": processes, "saves": processes * per_process,
            "saves_per_s": round(processes * per_process / elapsed, 1), "lost": lost,
            "new_rows": len(entries) - before}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", nargs="?", default="report")
    parser.add_argument("args", nargs="*")
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--saves", type=int, default=300)
    parser.add_argument("--per-writer", type=int, default=100)
    opts = parser.parse_args()
    configure_logging(level="warning", to_stderr=True)
    report_fsync_probe = opts.mode == "report"
    if opts.mode == "writer":
        writer(opts.args[0], int(opts.args[1]), int(opts.args[2]))
        return
    base = Path(tempfile.mkdtemp(prefix="ihmt-engine-bench-"))
    try:
        report: dict[str, object] = {"fdatasync_ms_p50": fsync_probe(base)
                                     if report_fsync_probe else None,
                                     "load_average": os.getloadavg()[0]}
        for size in (0, opts.size):
            home = base / f"store-{size}"
            build(home, size)
            times, cpu = anyio.run(timed_saves, home, texts(1, opts.saves, 1_000_000))
            report[f"save_ms_at_{size}"] = {"p50": round(statistics.median(times), 2),
                                            "p95": round(pct(times, 0.95), 2),
                                            "cpu_ms_per_save": round(cpu, 2)}
        report["fsyncs_per_save"] = fsyncs_per_save(base / f"store-{opts.size}", 50)
        home = base / f"store-{opts.size}"
        report["writers"] = [writers(home, n, opts.per_writer, 1000 * n) for n in (1, 2, 4, 8)]
        sys.stdout.write(json.dumps(report, indent=2) + "\n")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
