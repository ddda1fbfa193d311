"""The whole benchmark: stores of 1k, 10k and 50k generated memories, measured end to end.

Run from the checkout: ``python -m bench.run`` (full, under 20 minutes on 2 cores) or
``python -m bench.run --quick`` (300/1k/3k memories, under 2 minutes). ``--sizes 200,500``
overrides the sizes (consolidation checkpoints shrink to fit), ``--out DIR`` writes the results
elsewhere than ``bench/results``. Results: ``latest.json`` + ``latest.md`` (``latest-quick.*``
for quick runs) and a dated copy of each; the table is also printed.

How the stores are built (one store, grown stage by stage, in a temporary directory):
1. needles and ordinary generated memories are written with ``bulk_build`` (the ingest
   actor's own steps and store functions: detect → chunk → build_header → write_leaf →
   catalog put under the catalog lock, 500 memories per transaction; no audit line, no
   fact extraction);
2. the knowledge-update pairs go through the real ``Runtime`` + ``ingest.ask(Save)``, so their
   facts reach the timeline exactly as in use;
3. a forced ``Flush`` consolidates everything before each measurement; on the way from one size
   to the next, a batch of exactly C1 (then C2) new leaves is consolidated alone and timed.
Then, per size: searches and saves in-process (Runtime with background consolidation off, so a
save's latency is the save path alone), and through a real stdio MCP session on a spawned
``python -m ihmt_async serve`` (background consolidation on, as in use): cold start to the
first answered search, round trips, and the server's VmHWM. After the sizes: bulk ingest
throughput through the real Save path, and 1/2/4/8 server processes saving at once (lost
memories = acknowledged ids missing from the catalog).
This is a tool, not a test: it asserts nothing, and it never touches a real user's store.
"""

from __future__ import annotations

import argparse
import datetime as dt
import faulthandler
import importlib.metadata
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio

from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from actors.text import fold
from bench.generator import Generator, Memory, Update, absent_queries
from bench.ingest_bench import (
    BuildReport,
    bulk_build,
    chunking_throughput,
    count_catalog_leaves,
    pcts,
    quiet_logs,
)
from bench.mcp_bench import (
    consolidate,
    cpu_seconds,
    round_trips,
    saved_ids,
    server_pids,
    server_session,
)
from ihmt_async import render
from ihmt_async.runtime import Runtime
from store.locks import LockManager
from store.paths import StoreLayout

RESULTS = Path(__file__).resolve().parent / "results"
PROV = Provenance(agent="bench-run", client_version="1", session="bench")


@dataclass(frozen=True)
class Plan:
    mode: str
    sizes: tuple[int, ...]
    checkpoints: tuple[int, ...]
    """Leaves consolidated alone (and timed) on the way to sizes[1], sizes[2] ..."""
    needles: int
    updates: int
    probes: int
    absent: int
    saves: int
    mcp_calls: int
    ingest_saves: int
    writers: tuple[int, ...]
    writer_saves: int
    chunk_scale: int = 300


FULL = Plan("full", (1_000, 10_000, 50_000), (5_000, 20_000), needles=40, updates=40,
            probes=120, absent=20, saves=150, mcp_calls=60, ingest_saves=800,
            writers=(1, 2, 4, 8), writer_saves=40)
QUICK = Plan("quick", (300, 1_000, 3_000), (500, 2_000), needles=12, updates=12, probes=30,
             absent=6, saves=40, mcp_calls=15, ingest_saves=120, writers=(1, 2, 4, 8),
             writer_saves=10, chunk_scale=150)


def plan_for(quick: bool, sizes: Sequence[int] | None) -> Plan:
    base = QUICK if quick else FULL
    if not sizes:
        return base
    sizes = tuple(sorted(sizes))
    checkpoints = tuple(max(1, (b - a) // 2) for a, b in zip(sizes, sizes[1:], strict=False))
    small = sizes[-1] < 1_000
    return Plan(base.mode if not small else "quick", sizes, checkpoints,
                needles=min(base.needles, 6) if small else base.needles,
                updates=min(base.updates, 6) if small else base.updates,
                probes=min(base.probes, 15) if small else base.probes,
                absent=min(base.absent, 4) if small else base.absent,
                saves=min(base.saves, 10) if small else base.saves,
                mcp_calls=min(base.mcp_calls, 4) if small else base.mcp_calls,
                ingest_saves=min(base.ingest_saves, 20) if small else base.ingest_saves,
                writers=(2,) if small else base.writers,
                writer_saves=min(base.writer_saves, 3) if small else base.writer_saves,
                chunk_scale=40 if small else base.chunk_scale)


# ---------------------------------------------------------------------------- machine


def machine() -> dict[str, Any]:
    cpu = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    versions = {}
    for name in ("anyio", "mcp", "structlog"):
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            versions[name] = None
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, cwd=RESULTS.parent.parent, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        commit = ""
    return {"cpu": cpu or platform.processor(), "cores": os.cpu_count(),
            "python": platform.python_version(), "platform": platform.platform(),
            "packages": versions, "commit": commit,
            "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "loadavg_start": list(os.getloadavg())}


# ---------------------------------------------------------------------------- quality


@dataclass
class Probe:
    query: str
    kind: str
    """needle, update, probe (an ordinary memory) or absent."""
    leaf_ids: tuple[str, ...] = ()
    update: Update | None = None


def judge(probe: Probe, result: SearchResult) -> dict[str, Any]:
    reply = render.render_search(result)
    top = result.hits[0].leaf_id if result.hits else None
    row: dict[str, Any] = {"kind": probe.kind, "status": result.status,
                           "fallback": result.trace.fallback_used}
    if probe.kind == "needle":
        row["recall1"] = top in probe.leaf_ids
        row["answered"] = result.status == "FOUND" and top in probe.leaf_ids
    elif probe.kind == "probe":
        row["found"] = any(h.leaf_id in probe.leaf_ids for h in result.hits)
    elif probe.kind == "update" and probe.update is not None:
        current = fold(probe.update.current)
        row["answer_ok"] = result.answer is not None and current in fold(result.answer.value)
        head = fold("\n".join(reply.splitlines()[:2]))
        row["reply_ok"] = current in head
    return row


def summarize_quality(rows: list[dict[str, Any]]) -> dict[str, Any]:
    def share(kind: str, key: str) -> float | None:
        picked = [r[key] for r in rows if r["kind"] == kind and key in r]
        return round(sum(picked) / len(picked), 3) if picked else None

    stored = [r for r in rows if r["kind"] != "absent"]
    absent = [r for r in rows if r["kind"] == "absent"]
    return {"needle_recall_at_1": share("needle", "recall1"),
            "needle_found_share": share("needle", "answered"),
            "update_answer_accuracy": share("update", "answer_ok"),
            "update_reply_accuracy": share("update", "reply_ok"),
            "probe_found_in_hits": share("probe", "found"),
            "false_absences": sum(r["status"] == "NONE" for r in stored),
            "stored_queries": len(stored),
            "absent_correct_none": sum(r["status"] == "NONE" for r in absent),
            "absent_queries": len(absent),
            "fallback_share": round(sum(r["fallback"] for r in rows) / len(rows), 3)
            if rows else None,
            "statuses": {s: sum(r["status"] == s for r in rows)
                         for s in ("FOUND", "AMBIGUOUS", "NONE")}}


# ---------------------------------------------------------------------------- stages


async def save_updates(home: Path, updates: Sequence[Update]) -> dict[str, str]:
    """Knowledge-update pairs through the real Save path (facts reach the timeline)."""
    ids: dict[str, str] = {}
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        for update in updates:
            for n, text in enumerate((update.first, update.second)):
                result = await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))
                ids[f"{update.key}:{n}"] = result.leaf_ids[0]
    return ids


async def in_process(home: Path, probes: Sequence[Probe], saves: Sequence[str]
                     ) -> dict[str, Any]:
    started = time.perf_counter()
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        ready = time.perf_counter() - started
        search_s: list[float] = []
        rows: list[dict[str, Any]] = []
        for probe in probes:
            t0 = time.perf_counter()
            result = await rt.navigation.ask(Search(query=probe.query))
            search_s.append(time.perf_counter() - t0)
            rows.append(judge(probe, result))
        save_s: list[float] = []
        for text in saves:
            t0 = time.perf_counter()
            await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))
            save_s.append(time.perf_counter() - t0)
    return {"runtime_start_s": round(ready, 3), "search": pcts(search_s), "save": pcts(save_s),
            "quality": summarize_quality(rows)}


async def bulk_ingest(home: Path, texts: Sequence[str], concurrency: int = 4) -> dict[str, Any]:
    """Memories/s through the real Save path (background consolidation on, as in use)."""
    queue = list(texts)
    leaves = 0

    async with Runtime(home, provenance=PROV) as rt:
        async def feeder() -> None:
            nonlocal leaves
            while queue:
                text = queue.pop()
                result = await rt.ingest.ask(Save(content=text, origin="user", provenance=PROV))
                leaves += len(result.leaf_ids)

        started = time.perf_counter()
        async with anyio.create_task_group() as tg:
            for _ in range(concurrency):
                tg.start_soon(feeder)
        seconds = time.perf_counter() - started
    return {"memories": len(texts), "leaves": leaves, "seconds": round(seconds, 2),
            "memories_per_s": round(len(texts) / seconds, 1), "concurrency": concurrency}


@dataclass(frozen=True)
class SaveRun:
    """What ``count`` server processes saving at once got back."""

    acked: list[str]
    latencies: list[float]
    errors: int
    seconds: float
    """From the start signal to the last save (not the shutdowns)."""
    server_cpu_s: float | None = None
    """CPU time all server processes used from the start signal to the last save."""
    client_cpu_s: float | None = None
    """CPU time this (client) process used meanwhile: the MCP client side of every save."""
    server_cpu_after_s: float | None = None
    """CPU time all server processes used from the start signal until they settled after the
    last save: the saves' background work too (their vectors, the index commits), some of
    which another process may do seconds later."""
    embedded: int | None = None
    """Vectors the servers computed meanwhile (their ``embedding.progress`` batches): one
    per save when no process computes another's again."""

    def cpu_ms_per_save(self) -> dict[str, float | None]:
        """Server and client CPU per save: with ``processes`` on 2 cores, saves/s can not
        exceed 2000 / (server + client) ms, however the lock is handed over."""
        n = max(len(self.latencies), 1)
        return {"server": None if self.server_cpu_s is None
                else round(self.server_cpu_s / n * 1000, 2),
                "client": None if self.client_cpu_s is None
                else round(self.client_cpu_s / n * 1000, 2),
                "server_with_background": None if self.server_cpu_after_s is None
                else round(self.server_cpu_after_s / n * 1000, 2),
                "vectors_per_save": None if self.embedded is None
                else round(self.embedded / n, 2)}


QUIET_CPU_SHARE = 0.05
"""A server is settled when it used less than this share of a core over ``QUIET_WINDOW_S``."""
QUIET_WINDOW_S = 0.5
SETTLE_MAX_S = 120.0


async def settled(pids: list[int]) -> None:
    """Wait until every server's start-up background work (loading the stored vectors,
    planning the embedder, committing the index) has died down, so the writers' figures are
    saves, not start-ups; gives up after ``SETTLE_MAX_S`` (the figures then say so by
    themselves: CPU per save)."""
    deadline = time.monotonic() + SETTLE_MAX_S
    while time.monotonic() < deadline:
        before = [cpu_seconds(pid) for pid in pids]
        await anyio.sleep(QUIET_WINDOW_S)
        after = [cpu_seconds(pid) for pid in pids]
        busy = [b - a for a, b in zip(before, after, strict=True)
                if a is not None and b is not None]
        if all(used < QUIET_CPU_SHARE * QUIET_WINDOW_S for used in busy):
            return


AFTER_SAVES_S = 4.0
"""Wait after the last save before the servers' background work is read as settled: a
memory another process saved is embedded by its saver, the others read its vector after a
grace of 3 s (``actors.embedding.index.OTHERS_GRACE_S``), quiet meanwhile."""


def vectors_computed(home: Path, since: float) -> int | None:
    """Vectors the store's processes computed since ``since`` (POSIX seconds), from their
    ``embedding.progress`` log lines; None when the log cannot be read."""
    try:
        lines = StoreLayout.at_home(home).log_file.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    start = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(since))
    total = 0
    for line in lines:
        if '"embedding.progress"' not in line:
            continue
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if str(event.get("ts", "")) >= start:
            total += int(event.get("batch") or 0)
    return total


async def concurrent_saves(home: Path, count: int, saves: int, gen: Generator) -> SaveRun:
    """``count`` MCP server processes each saving ``saves`` generated memories at once, from
    when every server has settled after its start (``settled``).

    Shared by this bench and ``bench.scale_bench``, which check the acknowledged ids against
    different read sides."""
    go = anyio.Event()
    ready = [anyio.Event() for _ in range(count)]
    all_finished = anyio.Event()
    measured = anyio.Event()
    acked: list[str] = []
    latencies: list[float] = []
    finished: list[float] = []
    errors = 0

    async def writer(index: int) -> None:
        nonlocal errors
        texts = [m.text for m in gen.memories(saves, start=60_000_000 + index * 10_000)]
        async with server_session(home, client_name=f"bench-writer-{index}") as session:
            ready[index].set()
            await go.wait()
            for n, text in enumerate(texts):
                t0 = time.perf_counter()
                reply, failed = await session.call("save_memory", {
                    "content": f"{text}\n(writer {index}, note {n})", "origin": "agent"})
                latencies.append(time.perf_counter() - t0)
                if failed:
                    errors += 1
                else:
                    acked.extend(saved_ids(reply))
            finished.append(time.perf_counter())
            if len(finished) == count:
                all_finished.set()
            await measured.wait()  # servers stay up until their CPU time is read

    def servers_cpu(pids: list[int]) -> float | None:
        times = [cpu_seconds(pid) for pid in pids]
        return None if not pids or None in times else sum(t for t in times if t is not None)

    async with anyio.create_task_group() as tg:
        for index in range(count):
            tg.start_soon(writer, index)
        for event in ready:
            await event.wait()
        pids = server_pids()
        await settled(pids)
        server_before, client_before = servers_cpu(pids), time.process_time()
        started, wall_start = time.perf_counter(), time.time()
        go.set()
        try:
            await all_finished.wait()
            server_after, client_after = servers_cpu(pids), time.process_time()
            await anyio.sleep(AFTER_SAVES_S)
            await settled(pids)
            server_settled = servers_cpu(pids)
        finally:
            measured.set()
    seconds = max(finished, default=time.perf_counter()) - started  # not the shutdowns
    whole = len(pids) == count and server_before is not None
    server_cpu = (server_after - server_before if whole and server_after is not None
                  and server_before is not None else None)
    with_background = (server_settled - server_before if whole and server_settled is not None
                       and server_before is not None else None)
    return SaveRun(acked, latencies, errors, seconds, server_cpu, client_after - client_before,
                   with_background, vectors_computed(home, wall_start))


async def writers(home: Path, count: int, saves: int, gen: Generator) -> dict[str, Any]:
    """``count`` server processes saving at once; lost = acknowledged ids not in the catalog."""
    run = await concurrent_saves(home, count, saves, gen)
    acked, latencies, errors, seconds = run.acked, run.latencies, run.errors, run.seconds
    in_catalog = count_catalog_leaves(StoreLayout.at_home(home))
    lost = sorted(set(acked) - in_catalog)
    return {"processes": count, "saves_acked": len(latencies) - errors, "errors": errors,
            "seconds": round(seconds, 2), "saves_per_s": round(len(latencies) / seconds, 1),
            "latency": pcts(latencies), "cpu_ms_per_save": run.cpu_ms_per_save(),
            "catalog_leaves": len(in_catalog),
            "lost_memories": len(lost), "lost_ids": lost[:10]}


# ---------------------------------------------------------------------------- report


def _ms(stat: dict[str, Any]) -> str:
    return f"{stat['p50_ms']:.1f} / {stat['p95_ms']:.1f}"


def _size(size: str) -> str:
    n = int(size)
    return f"{n // 1000}k" if n % 1000 == 0 else f"{n:,}"


def _ratio(result: dict[str, Any], pick: Any) -> float | None:
    sizes = list(result["sizes"].values())
    if len(sizes) < 2:
        return None
    first, last = pick(sizes[0]), pick(sizes[-1])
    return round(last / first, 2) if first else None


def targets(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The issue's goals, each with the measured value and whether it was met."""
    sizes = list(result["sizes"])
    big = result["sizes"][sizes[-1]] if sizes else None
    save_ratio = _ratio(result, lambda r: r["save"]["p50_ms"])
    five_k = [c for c in result["consolidation"] if c["label"].startswith("5,000 ")]
    checks = [c for c in result["consolidation"] if c["label"].endswith(" new leaves")]
    lost = sum(w["lost_memories"] for w in result["writers"])
    rows = [
        {"target": f"save p50 growth {int(sizes[-1]):,}/{int(sizes[0]):,} <= 1.5 (in-process)",
         "value": save_ratio, "met": save_ratio is not None and save_ratio <= 1.5},
        {"target": f"search p50 <= 10 ms at {int(sizes[-1]):,} (in-process)",
         "value": big["search"]["p50_ms"] if big else None,
         "met": bool(big) and big["search"]["p50_ms"] <= 10},
        {"target": "5,000 leaves consolidated <= 10 s (forced Flush)",
         "value": five_k[0]["seconds"] if five_k else
         (f"n/a ({checks[0]['label']}: {checks[0]['seconds']} s)" if checks else None),
         "met": five_k[0]["seconds"] <= 10 if five_k else None},
        {"target": "lost memories with concurrent writers = 0", "value": lost,
         "met": lost == 0},
    ]
    return rows


def markdown(result: dict[str, Any]) -> str:
    m = result["machine"]
    pk = m["packages"]
    lines = [f"## ihmt-async benchmark ({result['mode']}, {m['date']})", "",
             f"Machine: {m['cpu']}, {m['cores']} cores, Python {m['python']}, anyio "
             f"{pk['anyio']}, mcp {pk['mcp']}, structlog {pk['structlog']}; commit "
             f"{m['commit'] or '?'}; load average {m['loadavg_start'][0]:.1f} at start, "
             f"{m.get('loadavg_end', [float('nan')])[0]:.1f} at end; total "
             f"{result['total_seconds']:.0f} s.", "",
             "| memories | leaves | runtime start s | save p50/p95 ms (in-proc) | "
             "save p50/p95 ms (MCP) | search p50/p95 ms (in-proc) | search p50/p95 ms (MCP) | "
             "fallback share | MCP cold start s | server VmHWM MB |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for size, row in result["sizes"].items():
        mcp = row["mcp"]
        lines.append(f"| {int(size):,} | {row['leaves']:,} | {row['runtime_start_s']:.1f} | "
                     f"{_ms(row['save'])} | {_ms(mcp['save'])} | {_ms(row['search'])} | "
                     f"{_ms(mcp['search'])} | {row['quality']['fallback_share']} | "
                     f"{mcp['cold_start_s']:.1f} | {mcp['server_vm_hwm_mb']} |")
    sizes = list(result["sizes"])
    if len(sizes) > 1:
        lines.append(
            f"| ratio {_size(sizes[-1])}/{_size(sizes[0])} p50 | | "
            f"| {_ratio(result, lambda r: r['save']['p50_ms'])} "
            f"| {_ratio(result, lambda r: r['mcp']['save']['p50_ms'])} "
            f"| {_ratio(result, lambda r: r['search']['p50_ms'])} "
            f"| {_ratio(result, lambda r: r['mcp']['search']['p50_ms'])} | | | |")
    lines += ["", "Retrieval quality (in-process, per size):", "",
              "| memories | needle recall@1 | needle FOUND@1 | knowledge-update answer | "
              "... in first 2 reply lines | probe in hits | false absences | absent → NONE | "
              "FOUND/AMBIGUOUS/NONE |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|---|"]
    for size, row in result["sizes"].items():
        q = row["quality"]
        st = q["statuses"]
        lines.append(f"| {int(size):,} | {q['needle_recall_at_1']} | {q['needle_found_share']} | "
                     f"{q['update_answer_accuracy']} | {q['update_reply_accuracy']} | "
                     f"{q['probe_found_in_hits']} | {q['false_absences']}/{q['stored_queries']} "
                     f"| {q['absent_correct_none']}/{q['absent_queries']} | "
                     f"{st['FOUND']}/{st['AMBIGUOUS']}/{st['NONE']} |")
    lines += ["", "Consolidation (forced Flush through the consolidation actor):", "",
              "| pass | leaves in store | seconds | leaves placed | branches written | depth |",
              "|---|---:|---:|---:|---:|---:|"]
    for c in result["consolidation"]:
        lines.append(f"| {c['label']} | {c['leaves_in_store']:,} | {c['seconds']:.2f} | "
                     f"{c['leaves_placed']:,} | {c['branches_written']:,} | {c['depth']} |")
    b = result["bulk_ingest"]
    lines += ["", f"Bulk ingest through the real Save path: {b['memories']} memories "
              f"({b['leaves']} leaves) in {b['seconds']} s = **{b['memories_per_s']} "
              f"memories/s** ({b['concurrency']} concurrent callers, background consolidation "
              "on).", "", "Concurrent writers (server processes saving at once over MCP):", "",
              "| processes | saves | aggregate saves/s | p50 / p95 ms | CPU ms/save server "
              "(with background) / client | vectors computed per save | errors | "
              "lost memories |",
              "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for w in result["writers"]:
        cpu = w.get("cpu_ms_per_save") or {}
        lines.append(f"| {w['processes']} | {w['saves_acked']} | {w['saves_per_s']} | "
                     f"{_ms(w['latency'])} | {cpu.get('server')} "
                     f"({cpu.get('server_with_background')}) / {cpu.get('client')} | "
                     f"{cpu.get('vectors_per_save')} | {w['errors']} | "
                     f"{w['lost_memories']} |")
    lines += ["", "Chunking throughput (detection excluded):", "",
              "| document | detected route | MB | chunk MB/s | detect MB/s |",
              "|---|---|---:|---:|---:|"]
    for name, c in result["chunking"].items():
        lines.append(f"| {name} | {c['route']} | {c['mb']} | {c['chunk_mb_s']} | "
                     f"{c['detect_mb_s']} |")
    builds = ", ".join(f"{b['stage']}: {b['leaves_added']:,} leaves at {b['leaves_per_s']}/s"
                       for b in result["builds"])
    lines += ["", "Targets:", "", "| target | measured | met |", "|---|---:|:---:|"]
    for t in result["targets"]:
        met = "n/a" if t["met"] is None else ("yes" if t["met"] else "**no**")
        lines.append(f"| {t['target']} | {t['value']} | {met} |")
    lines += ["", "How the stores were built: needles and generated memories written with "
              "`bulk_build` (detect → chunk → build_header → write_leaf → catalog put under the "
              "catalog lock, 500 per transaction; no audit, no fact extraction); "
              "knowledge-update pairs saved through the real Runtime + ingest.ask(Save); a "
              "forced Flush before each measurement. Bulk stages: " + builds + "."]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------- driver


def log(message: str) -> None:
    sys.stderr.write(f"[bench {time.strftime('%H:%M:%S')}] {message}\n")
    sys.stderr.flush()


def run(plan: Plan, seed: int) -> dict[str, Any]:
    gen = Generator(seed)
    rng = random.Random(seed)
    started = time.perf_counter()
    out: dict[str, Any] = {"mode": plan.mode, "seed": seed, "machine": machine(),
                           "plan": plan.__dict__ | {"sizes": list(plan.sizes)},
                           "sizes": {}, "consolidation": [], "builds": []}
    needles = gen.needles(plan.needles)
    updates = gen.updates(plan.updates)
    absent = absent_queries(plan.absent, seed)
    log("chunking throughput")
    out["chunking"] = chunking_throughput(gen, scale=plan.chunk_scale, repeats=2)
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-") as tmp:
        home = Path(tmp)
        layout = StoreLayout.at_home(home)
        layout.ensure()
        locks = LockManager(layout.locks_dir)
        built = BuildReport()
        next_memory = 0

        def grow_to(target: int, label: str) -> None:
            nonlocal next_memory
            have = len(count_catalog_leaves(layout))
            want = max(0, target - have)
            t0 = time.perf_counter()
            before = built.leaves
            bulk_build(layout, locks, gen.memories(want, start=next_memory), report=built)
            next_memory += want
            seconds = time.perf_counter() - t0
            out["builds"].append({"stage": label, "leaves_added": built.leaves - before,
                                  "seconds": round(seconds, 2),
                                  "leaves_per_s": round((built.leaves - before) / seconds, 1)
                                  if seconds else None})
            log(f"{label}: +{built.leaves - before} leaves in {seconds:.1f}s")

        def flush(label: str) -> dict[str, Any]:
            pending = len(count_catalog_leaves(layout))
            result = anyio.run(consolidate, home)
            result |= {"label": label, "leaves_in_store": pending}
            out["consolidation"].append(result)
            log(f"consolidate {label}: {result['seconds']}s, {result['leaves_placed']} placed")
            return result

        needle_mems = [Memory(key=n.key, kind="needle", lang="", text=n.text, probe=n.query)
                       for n in needles]
        bulk_build(layout, locks, needle_mems, report=built)
        log(f"needles: {len(needles)}; knowledge updates: {len(updates)} pairs (real Save)")
        update_ids = anyio.run(save_updates, home, updates)
        for index, size in enumerate(plan.sizes):
            if index > 0:
                grow_to(len(count_catalog_leaves(layout)) + plan.checkpoints[index - 1],
                        f"checkpoint {plan.checkpoints[index - 1]}")
                flush(f"{plan.checkpoints[index - 1]:,} new leaves")
            grow_to(size, f"size {size}")
            flush(f"up to {size:,}")
            leaves_now = len(count_catalog_leaves(layout))
            probes = [Probe(n.query, "needle", built.leaf_ids[n.key]) for n in needles]
            probes += [Probe(u.query, "update", (update_ids[f"{u.key}:1"],), u)
                       for u in updates]
            picked = rng.sample(range(next_memory), min(plan.probes, next_memory))
            memories = {m.key: m for i in picked for m in gen.memories(1, start=i)}
            probes += [Probe(m.probe, "probe", built.leaf_ids.get(k, ()))
                       for k, m in memories.items()]
            probes += [Probe(q, "absent") for q in absent]
            rng.shuffle(probes)
            save_texts = [m.text for m in gen.memories(plan.saves, start=50_000_000 + size)]
            log(f"size {size:,} ({leaves_now:,} leaves): in-process searches and saves")
            row = anyio.run(in_process, home, probes, save_texts)
            mcp_saves = [m.text for m in gen.memories(plan.mcp_calls, start=55_000_000 + size)]
            mcp_queries = [p.query for p in probes[: plan.mcp_calls]]
            log(f"size {size:,}: MCP session (cold start, round trips, VmHWM)")
            row["mcp"] = anyio.run(round_trips, home, mcp_saves, mcp_queries)
            row["leaves"] = leaves_now
            out["sizes"][str(size)] = row
        texts = [m.text for m in gen.memories(plan.ingest_saves, start=70_000_000)]
    with tempfile.TemporaryDirectory(prefix="ihmt-bench-ingest-") as tmp:
        log(f"bulk ingest: {len(texts)} saves through the real Save path")
        out["bulk_ingest"] = anyio.run(bulk_ingest, Path(tmp), texts)
    out["writers"] = []
    for count in plan.writers:
        with tempfile.TemporaryDirectory(prefix="ihmt-bench-writers-") as tmp:
            log(f"concurrent writers: {count} server processes")
            out["writers"].append(anyio.run(writers, Path(tmp), count, plan.writer_saves, gen))
    out["machine"]["loadavg_end"] = list(os.getloadavg())
    out["total_seconds"] = round(time.perf_counter() - started, 1)
    out["targets"] = targets(out)
    return out


def write_results(result: dict[str, Any], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    stem = "latest" if result["mode"] == "full" else "latest-quick"
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M")
    text = json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    table = markdown(result)
    paths = []
    for name in (stem, f"{stamp}-{result['mode']}"):
        for suffix, body in ((".json", text), (".md", table)):
            path = out_dir / f"{name}{suffix}"
            path.write_text(body, encoding="utf-8")
            paths.append(path)
    return paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="ihmt-async benchmark")
    parser.add_argument("--quick", action="store_true", help="300/1k/3k memories, < 2 min")
    parser.add_argument("--sizes", default="", help="comma-separated store sizes")
    parser.add_argument("--seed", type=int, default=20260401)
    parser.add_argument("--out", default=str(RESULTS), help="results directory")
    args = parser.parse_args(argv)
    quiet_logs()
    faulthandler.register(signal.SIGUSR1)  # `kill -USR1 <pid>` shows where a slow run is
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    plan = plan_for(args.quick, sizes)
    result = run(plan, args.seed)
    paths = write_results(result, Path(args.out))
    sys.stdout.write(markdown(result) + "\n")
    log("wrote " + ", ".join(str(p) for p in paths))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
