"""Ingest bench: chunking throughput per chunker route, and what one save costs per leaf.

Run from the checkout: ``python -m bench.ingest_bench [--quick] [--json]`` (under a minute;
writes only in a temporary directory). It measures

- chunking throughput in MB/s for each route of ``actors.ingest.chunkers.chunk`` (python,
  java, typescript code, narrative, temporal/personal, process, generic) on generated
  documents, detection excluded (timed separately, per MB);
- the save path per leaf with background consolidation off: ``Runtime`` + ``ingest.ask(Save)``
  of generated memories, one at a time (validation, redaction, detection, chunking, leaf file,
  catalog append under the lock, audit line, fact extraction).

It also holds the helpers the other benches share: ``pcts`` and ``bulk_build``, the fast way
to grow a big store. ``bulk_build`` writes leaves and catalog entries with the store functions
exactly as the ingest actor does (detect → chunk → ``build_header`` → ``write_leaf`` → catalog
``put`` under the catalog lock, one transaction per batch), but skips the audit line and the
fact extraction; the benches feed facts through the real actor where they matter.
This is a tool, not a test: it asserts nothing, and it never touches a real user's store.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
import structlog

from actors.ingest.chunkers import chunk
from actors.ingest.detect import detect
from actors.ingest.leaves import build_header
from actors.ingest.messages import Save
from actors.provenance import Provenance
from bench.generator import Generator, Memory
from store import catalog as catalog_table
from store.catalog import CatalogReader
from store.engine import Engine
from store.leaves import write_leaf
from store.locks import LockManager
from store.paths import StoreLayout

WRITE_THREADS = 8
"""Leaf files written at once by ``bulk_build``: each is still fsynced (as ``write_leaf`` does),
but concurrent fsyncs share the file system's journal commits."""
BULK_PROVENANCE = Provenance(agent="bench-bulk", client_version="1", session="bench")


def quiet_logs() -> None:
    """Actor logs go to stderr at warning level: stdout is for the bench's own table."""
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(30))


def bench_main(description: str, run: Callable[[bool, int], dict[str, Any]],
               render: Callable[[dict[str, Any]], str], argv: Sequence[str] | None) -> int:
    """The shared command line of the single-purpose benches: --quick, --json, --seed."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--seed", type=int, default=20260401)
    args = parser.parse_args(argv)
    quiet_logs()
    result = run(args.quick, args.seed)
    sys.stdout.write((json.dumps(result, indent=2) if args.json else render(result)) + "\n")
    return 0


def pcts(samples_s: Sequence[float]) -> dict[str, float]:
    """p50/p95/max in milliseconds (nearest-rank p95) and the sample count."""
    if not samples_s:
        return {"p50_ms": float("nan"), "p95_ms": float("nan"), "max_ms": float("nan"), "n": 0}
    ordered = sorted(samples_s)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 3),
            "p95_ms": round(p95 * 1000, 3), "max_ms": round(ordered[-1] * 1000, 3),
            "n": len(ordered)}


# ---------------------------------------------------------------------------- bulk build


@dataclass
class BuildReport:
    memories: int = 0
    leaves: int = 0
    seconds: float = 0.0
    leaf_ids: dict[str, tuple[str, ...]] = field(default_factory=dict)
    """Generated key → the leaf ids it became (for recall checks)."""

    def as_dict(self) -> dict[str, Any]:
        return {"memories": self.memories, "leaves": self.leaves,
                "seconds": round(self.seconds, 2),
                "leaves_per_s": round(self.leaves / self.seconds, 1) if self.seconds else None}


def _prepare(memory: Memory, now: dt.datetime) -> list[tuple[dict[str, Any], str]]:
    """What the ingest actor computes for one Save before it writes (no secrets in bench text)."""
    detection = detect(memory.text)
    chunks = [c for c in chunk(memory.text, detection) if c.text.strip()]
    source = f"bench://{memory.key}"
    return [(build_header(chunk=c, order=i, detection=detection, domain=detection.domain,
                          source=source, provenance=BULK_PROVENANCE, scope="", origin="user",
                          caller_tags=(), now=now, type_given=False), c.text)
            for i, c in enumerate(chunks)]


def bulk_build(layout: StoreLayout, locks: LockManager, memories: Iterable[Memory], *,
               batch: int = 500, report: BuildReport | None = None) -> BuildReport:
    """Write leaves + catalog entries the way the ingest actor does, a batch at a time."""
    report = report or BuildReport()
    started = time.perf_counter()
    engine = Engine(layout)
    reader = CatalogReader(layout)
    pending: list[Memory] = []

    def flush(pool: ThreadPoolExecutor) -> None:
        now = dt.datetime.now(dt.UTC)
        # Each memory gets its own record time, as separate saves do (chunks of one save
        # share theirs, and navigation treats them as one memory).
        prepared = [(m, _prepare(m, now + dt.timedelta(microseconds=i)))
                    for i, m in enumerate(pending)]
        jobs = [(h, t) for _, items in prepared for h, t in items]
        written = list(pool.map(lambda job: write_leaf(layout, job[0], job[1]), jobs))
        with locks.hold_sync("catalog", actor="bench-bulk", timeout_s=120):
            known = reader.known([w.leaf.leaf_id for w in written])
            engine.commit(catalog=[catalog_table.put(catalog_table.entry_from_leaf(
                w.leaf.header, w.relpath, None)) for w in written if w.leaf.leaf_id not in known],
                logged=False)
        for memory, items in prepared:
            report.leaf_ids[memory.key] = tuple(str(h["leaf_id"]) for h, _ in items)
        report.memories += len(pending)
        report.leaves += len(written)
        pending.clear()

    with ThreadPoolExecutor(WRITE_THREADS) as pool:
        for memory in memories:
            pending.append(memory)
            if len(pending) >= batch:
                flush(pool)
        if pending:
            flush(pool)
    engine.close()
    reader.close()
    report.seconds += time.perf_counter() - started
    return report


def count_catalog_leaves(layout: StoreLayout) -> set[str]:
    entries = CatalogReader(layout).entries()
    return {i for i, e in entries.items() if e.get("kind") == "leaf"}


# ---------------------------------------------------------------------------- chunking


def route_documents(gen: Generator, scale: int) -> dict[str, str]:
    """One generated document per chunker route, each roughly ``scale`` memories long."""
    by_kind: dict[str, list[Memory]] = {}
    for memory in gen.memories(scale * 8, start=20_000_000):
        by_kind.setdefault(memory.kind, []).append(memory)
    code = [m.text for m in by_kind.get("code", [])]
    python = [t for t in code if "def " in t]
    java = [t for t in code if "public class" in t]
    typescript = [t for t in code if "export function" in t]
    dated = [m.text for m in by_kind.get("decision", []) if m.lang == "en"]
    prose = [m.text for m in by_kind.get("bug", []) + by_kind.get("setup", [])]
    steps = [f"{i + 1}. {m.text.split(':', 1)[-1].strip()}"
             for i, m in enumerate(by_kind.get("setup", []))]
    generic = [m.text for m in by_kind.get("preference", []) + by_kind.get("personal", [])]
    return {
        "python": "\n\n".join(python[:scale]),
        "java": "\n".join(java[:scale]),
        "typescript": "\n".join(typescript[:scale]),
        "narrative": "\n\n".join(
            " ".join(prose[i:i + 6]) for i in range(0, min(len(prose), scale * 3), 6)),
        "personal": "\n".join(dated[:scale]),
        "process": "How to set up a new laptop for the team\n\n" + "\n".join(steps[:scale]),
        "generic": "\n".join(generic[:scale]),
    }


def chunking_throughput(gen: Generator, *, scale: int = 400, repeats: int = 3
                        ) -> dict[str, dict[str, Any]]:
    """MB/s per route (best of ``repeats``), and which route detection actually picked."""
    out: dict[str, dict[str, Any]] = {}
    for name, text in route_documents(gen, scale).items():
        size_mb = len(text.encode("utf-8")) / 1e6
        t0 = time.perf_counter()
        detection = detect(text)
        detect_s = time.perf_counter() - t0
        best = float("inf")
        pieces = 0
        for _ in range(repeats):
            t0 = time.perf_counter()
            pieces = len(chunk(text, detection))
            best = min(best, time.perf_counter() - t0)
        route = detection.data_type.value.lower() + (
            f"/{detection.language}" if detection.language else "")
        out[name] = {"mb": round(size_mb, 3), "route": route, "chunks": pieces,
                     "chunk_mb_s": round(size_mb / best, 2) if best else None,
                     "detect_mb_s": round(size_mb / detect_s, 2) if detect_s else None}
    return out


# ---------------------------------------------------------------------------- save path


async def save_path_cost(home: Path, memories: Sequence[Memory]) -> dict[str, Any]:
    """Per-save and per-leaf cost of the real Save path, background consolidation off."""
    from ihmt_async.runtime import Runtime

    per_save: list[float] = []
    per_leaf: list[float] = []
    leaves = 0
    prov = Provenance(agent="bench-ingest", client_version="1", session="bench")
    async with Runtime(home, provenance=prov, background_consolidation=False) as rt:
        started = time.perf_counter()
        for memory in memories:
            t0 = time.perf_counter()
            result = await rt.ingest.ask(Save(content=memory.text, origin="user",
                                              provenance=prov))
            elapsed = time.perf_counter() - t0
            per_save.append(elapsed)
            n = max(1, len(result.leaf_ids))
            leaves += n
            per_leaf.extend([elapsed / n] * n)
        total = time.perf_counter() - started
    return {"saves": len(memories), "leaves": leaves, "per_save": pcts(per_save),
            "per_leaf": pcts(per_leaf), "saves_per_s": round(len(memories) / total, 1)}


def run(quick: bool = False, seed: int = 20260401) -> dict[str, Any]:
    gen = Generator(seed)
    throughput = chunking_throughput(gen, scale=150 if quick else 400)
    with tempfile.TemporaryDirectory(prefix="ihmt-ingest-bench-") as tmp:
        saves = list(gen.memories(100 if quick else 400, start=30_000_000))
        cost = anyio.run(save_path_cost, Path(tmp), saves)
    return {"chunking": throughput, "save_path": cost}


def render(result: dict[str, Any]) -> str:
    lines = ["| route (document) | detected as | MB | chunks | chunk MB/s | detect MB/s |",
             "|---|---|---:|---:|---:|---:|"]
    for name, row in result["chunking"].items():
        lines.append(f"| {name} | {row['route']} | {row['mb']} | {row['chunks']} | "
                     f"{row['chunk_mb_s']} | {row['detect_mb_s']} |")
    cost = result["save_path"]
    lines += ["", "| save path (background consolidation off) | p50 ms | p95 ms |",
              "|---|---:|---:|",
              f"| per save ({cost['saves']} saves) | {cost['per_save']['p50_ms']} | "
              f"{cost['per_save']['p95_ms']} |",
              f"| per leaf ({cost['leaves']} leaves) | {cost['per_leaf']['p50_ms']} | "
              f"{cost['per_leaf']['p95_ms']} |",
              f"| saves/s, one at a time | {cost['saves_per_s']} | |"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    return bench_main("ihmt-async ingest bench", run, render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
