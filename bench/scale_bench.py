"""Store-engine scale bench (issue 13): stores built through the real save path, measured via MCP.

Run from the checkout: ``python -m bench.scale_bench`` (1k / 10k / 50k) or ``--quick`` (300 /
1k), ``--sizes 1000,10000`` to choose, ``--json`` for the raw figures, ``--read-only`` for
the per-size MCP figures alone (no fsync count, no writers: a read-side A/B in minutes).
Built stores are cached under ``bench/results/tmp/`` (git-ignored) and reused by later runs
with the same seed; a
larger store is grown from a copy of the largest smaller one. Every measurement that writes
runs on a copy, so the cache stays as built.

How a store is built: the real ``Runtime`` and ``ingest.ask(Save)`` (validation, chunking,
fact extraction, dated decisions, the catalog transaction, the full-text tail and its
background commits), fed by four concurrent callers; needles (a made-up word only one memory
holds) and knowledge-update pairs are saved first; a forced ``Flush`` consolidates at the end.

What is measured, per size, through a real stdio MCP session on ``python -m ihmt_async serve``:
``initialize`` time (spawn to initialised, median of 3, next to an empty store's), the
first search after start (it may wait for the background load of the vectors), the
server's peak RSS (``VmHWM``), ``search_memory`` p50/p95 for rare-word queries (a needle's
made-up word) and common-word queries (words thousands of memories hold), and
``save_memory`` p50/p95. Then fsyncs per save and 1/2/4/8 writer processes on the 10k store,
with the CPU time the servers and the client spent per save while they saved (the ceiling of
saves/s on this machine is its cores divided by their sum).

fsyncs per save: a child process saves N memories through the Runtime under
``strace -f -y -e trace=fsync,fdatasync,msync,sync_file_range`` (every thread, so SQLite's
and tantivy's syncs are counted too, including the index commits that batch the saves), minus
the same child with 0 saves (start and stop), divided by N; split by file into the save path
(leaf, folder, event file, database) and the full-text index's batched commits, whose share
per save depends on how many saves one commit covers (256, or those of 5 s). Wrapping
``os.fsync`` in Python would miss the syncs SQLite and tantivy make in C and Rust. Without
strace the figure is reported as unavailable, never guessed.

This is a tool, not a test: it asserts nothing, and it never touches a real user's store.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import anyio

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.provenance import Provenance
from bench.generator import Generator
from bench.ingest_bench import pcts, quiet_logs
from bench.mcp_bench import server_session, vm_hwm_kb
from bench.run import concurrent_saves
from ihmt_async.runtime import Runtime
from store.catalog import CatalogReader
from store.fulltext import FulltextIndex
from store.paths import StoreLayout

REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / "bench" / "results" / "tmp"
PROV = Provenance(agent="bench-scale", client_version="1", session="bench")
CALLERS = 4
NEEDLES = 40
UPDATES = 40
COMMON_QUERIES = (
    "the team decided to use it for the project because",
    "setup the local database port and the integration tests",
    "bug root cause fixed with a regression test and a small patch",
    "code reviews ask new contributors to follow the convention",
    "decidimos usar la base de datos en el proyecto",
)
FSYNC_SAVES = 200


def log(message: str) -> None:
    sys.stderr.write(f"[scale-bench {time.strftime('%H:%M:%S')}] {message}\n")
    sys.stderr.flush()


# ---------------------------------------------------------------------------- building


def texts_for(gen: Generator, start: int, count: int) -> list[str]:
    """Memories ``start`` .. ``start + count``; needles and updates come first in a store."""
    head: list[str] = []
    if start == 0:
        head = [n.text for n in gen.needles(NEEDLES)]
        for update in gen.updates(UPDATES):
            head += [update.first, update.second]
    body = [m.text for m in gen.memories(max(count - len(head), 0), start=start)]
    return head + body


async def save_all(home: Path, texts: Sequence[str], callers: int = CALLERS) -> list[float]:
    """Save ``texts`` through the real Runtime with ``callers`` concurrent callers."""
    latencies: list[float] = []
    send, receive = anyio.create_memory_object_stream[str](callers * 2)
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:

        async def caller() -> None:
            async with receive.clone() as mine:
                async for text in mine:
                    t0 = time.perf_counter()
                    await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))
                    latencies.append(time.perf_counter() - t0)

        async with anyio.create_task_group() as tg:
            for _ in range(callers):
                tg.start_soon(caller)
            async with send:
                for text in texts:
                    await send.send(text)
            receive.close()
        await rt.consolidation.ask(Flush(force=True), timeout_s=3600)
    return latencies


def cached_store(size: int, seed: int) -> tuple[Path, dict[str, Any]]:
    """The built store of ``size`` memories (built, or grown from a smaller cached one)."""
    CACHE.mkdir(parents=True, exist_ok=True)
    home = CACHE / f"scale-{seed}-{size}"
    marker = home / "bench-built.json"
    if marker.exists():
        return home, json.loads(marker.read_text())
    shutil.rmtree(home, ignore_errors=True)
    have = 0
    smaller = sorted(int(p.name.rsplit("-", 1)[1]) for p in CACHE.glob(f"scale-{seed}-*")
                     if (p / "bench-built.json").exists() and int(p.name.rsplit("-", 1)[1]) < size)
    if smaller:
        have = smaller[-1]
        shutil.copytree(CACHE / f"scale-{seed}-{have}", home)
        (home / "bench-built.json").unlink()
    else:
        home.mkdir(parents=True)
    gen = Generator(seed)
    texts = texts_for(gen, have, size - have)
    log(f"building {size:,} memories ({len(texts):,} saves through the real save path)")
    started = time.perf_counter()
    latencies = anyio.run(save_all, home, texts)
    info = {"size": size, "seed": seed, "grown_from": have, "saves": len(texts),
            "build_s": round(time.perf_counter() - started, 1),
            "build_saves_per_s": round(len(texts) / max(time.perf_counter() - started, 1e-9), 1),
            "build_save": pcts(latencies)}
    marker.write_text(json.dumps(info, indent=2))
    log(f"built {size:,} in {info['build_s']} s")
    return home, info


def scratch_copy(home: Path) -> Path:
    target = Path(tempfile.mkdtemp(prefix="ihmt-scale-", dir=CACHE)) / "home"
    shutil.copytree(home, target)
    return target


# ---------------------------------------------------------------------------- MCP figures


async def initialize_s(home: Path, runs: int = 3) -> float:
    """Median wall time from spawning the server to an initialised MCP session."""
    samples = []
    for _ in range(runs):
        t0 = time.perf_counter()
        async with server_session(home):
            samples.append(time.perf_counter() - t0)
    return round(statistics.median(samples), 3)


async def mcp_figures(home: Path, rare: Sequence[str], common: Sequence[str],
                      saves: Sequence[str]) -> dict[str, Any]:
    init = await initialize_s(home)
    async with server_session(home) as session:
        # The first search after start waits for the background load of the vectors and
        # the model (at most the server's VECTORS_WAIT_S): reported apart, not in p50/p95.
        t0 = time.perf_counter()
        await session.call("search_memory", {"query": rare[0] if rare else "memory"})
        first_ms = round((time.perf_counter() - t0) * 1000, 1)
        rare_s: list[float] = []
        common_s: list[float] = []
        for _ in range(2):  # the same queries twice: the second round is the steady state
            for query in rare:
                t0 = time.perf_counter()
                await session.call("search_memory", {"query": query})
                rare_s.append(time.perf_counter() - t0)
            for query in common:
                t0 = time.perf_counter()
                await session.call("search_memory", {"query": query})
                common_s.append(time.perf_counter() - t0)
        save_s: list[float] = []
        for text in saves:
            t0 = time.perf_counter()
            await session.call("save_memory", {"content": text, "origin": "user"})
            save_s.append(time.perf_counter() - t0)
        rss = vm_hwm_kb(session.pid) if session.pid else None
    return {"initialize_s": init, "first_search_ms": first_ms, "search_rare": pcts(rare_s),
            "search_common": pcts(common_s), "save": pcts(save_s),
            "server_vm_hwm_mb": round(rss / 1024, 1) if rss else None}


# ---------------------------------------------------------------------------- fsyncs


FSYNC_CHILD = """
import sys, anyio
sys.path.insert(0, {repo!r})
from bench.scale_bench import child_saves
anyio.run(child_saves, {home!r}, {count})
"""


async def child_saves(home: str, count: int) -> None:
    quiet_logs()
    texts = [m.text for m in Generator(7).memories(count, start=70_000_000)]
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        for text in texts:
            await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))


SYNC_CALL = re.compile(r"\b(?:fsync|fdatasync|msync|sync_file_range)\((\d+)<([^>]*)>")


def _strace_syncs(home: Path, count: int) -> dict[str, int] | None:
    """Sync calls of one child run, split by what they made durable: the full-text index's
    files (its commits, batched: ``fulltext``) and everything else (the save path: leaf file,
    its folder, the event file, the database: ``save_path``)."""
    out = Path(tempfile.mkstemp(prefix="strace-", dir=CACHE)[1])
    code = FSYNC_CHILD.format(repo=str(REPO), home=str(home), count=count)
    try:
        subprocess.run(["strace", "-f", "-y", "-o", str(out), "-e",
                        "trace=fsync,fdatasync,msync,sync_file_range", sys.executable, "-c",
                        code], check=True, capture_output=True, timeout=1800)
        split = {"save_path": 0, "fulltext": 0}
        for line in out.read_text().splitlines():
            match = SYNC_CALL.search(line)
            if match is None:
                continue  # "<... fsync resumed>" halves, exits, signals
            part = "fulltext" if f"{os.sep}fulltext" in match.group(2) else "save_path"
            split[part] += 1
        return split
    except (OSError, subprocess.SubprocessError):
        return None
    finally:
        out.unlink(missing_ok=True)


def fsyncs_per_save(home: Path, count: int) -> dict[str, Any]:
    if shutil.which("strace") is None:
        return {"per_save": None, "why": "strace is not installed"}
    copy = scratch_copy(home)
    try:
        # A first start may do one-off work on a cached store (a full-text schema upgrade
        # re-indexes it once): not counted, so that both counted runs start alike.
        _strace_syncs(copy, 0)
        base = _strace_syncs(copy, 0)
        with_saves = _strace_syncs(copy, count)
    finally:
        shutil.rmtree(copy.parent, ignore_errors=True)
    if base is None or with_saves is None:
        return {"per_save": None, "why": "strace could not trace the child"}
    added = {part: with_saves[part] - base[part] for part in with_saves}
    return {"per_save": round(sum(added.values()) / count, 2),
            "save_path_per_save": round(added["save_path"] / count, 2),
            "fulltext_commits_per_save": round(added["fulltext"] / count, 2),
            "saves": count, "syncs_start_stop": base, "syncs_with_saves": with_saves}


# ---------------------------------------------------------------------------- writers


async def writers(home: Path, count: int, saves: int, gen: Generator) -> dict[str, Any]:
    """``count`` MCP server processes saving at once; lost = acknowledged but not in the
    catalog, or not in the full-text index once every process has stopped."""
    run = await concurrent_saves(home, count, saves, gen)
    acked, latencies, errors, seconds = run.acked, run.latencies, run.errors, run.seconds
    layout = StoreLayout.at_home(home)
    reader = CatalogReader(layout)
    in_catalog = reader.known(acked)
    fulltext = FulltextIndex(layout)
    indexed = {leaf for leaf in acked if fulltext.get(leaf) is not None}
    reader.close()
    return {"processes": count, "saves_acked": len(latencies) - errors, "errors": errors,
            "seconds": round(seconds, 2), "saves_per_s": round(len(latencies) / seconds, 1),
            "latency": pcts(latencies), "cpu_ms_per_save": run.cpu_ms_per_save(),
            "lost_catalog": len(set(acked) - in_catalog),
            "lost_index": len(set(acked) - indexed)}


# ---------------------------------------------------------------------------- run


def run(sizes: Sequence[int], seed: int, writer_counts: Sequence[int], writer_saves: int,
        calls: int, *, read_only: bool = False) -> dict[str, Any]:
    gen = Generator(seed)
    rare = [n.query for n in gen.needles(NEEDLES)][:calls]
    out: dict[str, Any] = {"sizes": list(sizes), "seed": seed, "rows": {}}
    with tempfile.TemporaryDirectory(prefix="ihmt-scale-empty-") as empty:
        out["empty_initialize_s"] = anyio.run(initialize_s, Path(empty))
    log(f"empty store initialize: {out['empty_initialize_s']} s")
    for size in sizes:
        home, built = cached_store(size, seed)
        copy = scratch_copy(home)
        try:
            saves = [m.text for m in gen.memories(calls, start=40_000_000 + size)]
            row = anyio.run(mcp_figures, copy, rare, COMMON_QUERIES, saves)
        finally:
            shutil.rmtree(copy.parent, ignore_errors=True)
        row["build"] = built
        out["rows"][str(size)] = row
        log(f"{size:,}: {json.dumps(row)}")
    if read_only:
        return out
    fsync_home = cached_store(sizes[min(1, len(sizes) - 1)], seed)[0]
    out["fsyncs"] = fsyncs_per_save(fsync_home, FSYNC_SAVES if len(sizes) > 2 else 40)
    log(f"fsyncs: {out['fsyncs']}")
    writer_home = cached_store(sizes[min(1, len(sizes) - 1)], seed)[0]
    out["writers_store"] = writer_home.name
    out["writers"] = []
    for count in writer_counts:
        copy = scratch_copy(writer_home)
        try:
            out["writers"].append(anyio.run(writers, copy, count, writer_saves, gen))
        finally:
            shutil.rmtree(copy.parent, ignore_errors=True)
        log(f"writers: {out['writers'][-1]}")
    return out


def render(result: dict[str, Any]) -> str:
    lines = [f"Empty store: initialize {result['empty_initialize_s']} s",
             "", "| memories | initialize s | first search ms | VmHWM MB | "
             "search rare p50/p95 ms | search common p50/p95 ms | save p50/p95 ms | "
             "build saves/s |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for size, row in result["rows"].items():
        lines.append(
            f"| {int(size):,} | {row['initialize_s']} | {row.get('first_search_ms', '')} | "
            f"{row['server_vm_hwm_mb']} | "
            f"{row['search_rare']['p50_ms']} / {row['search_rare']['p95_ms']} | "
            f"{row['search_common']['p50_ms']} / {row['search_common']['p95_ms']} | "
            f"{row['save']['p50_ms']} / {row['save']['p95_ms']} | "
            f"{row['build']['build_saves_per_s']} |")
    if "fsyncs" not in result:  # --read-only
        return "\n".join(lines)
    fs = result["fsyncs"]
    lines += ["", f"fsyncs per save: {fs['per_save']} ({fs})", "",
              f"Writers on {result['writers_store']}:", "",
              "| processes | saves/s | p50/p95 ms | CPU ms/save server / client | errors | "
              "lost (catalog / index) |",
              "|---:|---:|---:|---:|---:|---:|"]
    for w in result["writers"]:
        cpu = w.get("cpu_ms_per_save") or {}
        lines.append(f"| {w['processes']} | {w['saves_per_s']} | {w['latency']['p50_ms']} / "
                     f"{w['latency']['p95_ms']} | {cpu.get('server')} / {cpu.get('client')} | "
                     f"{w['errors']} | {w['lost_catalog']} / {w['lost_index']} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ihmt-async store-engine scale bench")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--sizes", default="")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seed", type=int, default=20260401)
    parser.add_argument("--build-only", action="store_true",
                        help="build (or grow) the cached stores and stop")
    parser.add_argument("--read-only", action="store_true",
                        help="only the per-size MCP figures (no fsync count, no writers)")
    args = parser.parse_args(argv)
    quiet_logs()
    os.environ.setdefault("IHMT_LOG_STDERR", "0")
    sizes = [int(s) for s in args.sizes.split(",") if s] or \
        ([300, 1_000] if args.quick else [1_000, 10_000, 50_000])
    if args.build_only:
        for size in sorted(sizes):
            cached_store(size, args.seed)
        return 0
    result = run(sorted(sizes), args.seed, (1, 2, 4, 8), 10 if args.quick else 40,
                 12 if args.quick else 40, read_only=args.read_only)
    sys.stdout.write((json.dumps(result, indent=2) if args.json else render(result)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
