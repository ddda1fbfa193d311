"""Retrieval bench: quality on the team's own corpus, search latency via MCP, embedding speed.

Run from the checkout: ``python -m bench.retrieval_bench [--sizes 1000,10000,50000] [--json]``.

Quality: every memory of ``bench.retrieval_corpus`` is saved through the real Save path
(in-process Runtime), the background embedder is left to finish, then every question is asked
three ways: the full path (lexical + vectors + the EN/ES reading), without vectors, and without
vectors nor the EN/ES reading (the lexical-only path); the full path also on each half of the
questions (alternate ones: a tuning half and a held-out half; a second ``--seed`` is a corpus
no rule was tuned on). Reported per way: recall@1/@3/@5 among
the memories shown, the share of replies that are AMBIGUOUS, false "No memory found" for stored
answers, never-stored questions answered NONE, and recall@5 on cross-language questions.

Latency: stores of each size are grown with ``bulk_build`` (the ingest bench's bulk path) from
the generator's memories plus this corpus and kept under ``bench/results/tmp/`` for the next
run; their vectors are computed with the same code the background embedder runs (the
throughput reported), then a real ``ihmt-async serve`` answers ``search_memory`` calls over
stdio, one at a time (p50/p95). A tool, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import anyio

from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult, Stats
from actors.navigation.read_model import ReadModel
from actors.provenance import Provenance
from bench.retrieval_corpus import NEVER, Item, corpus
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / "results" / "tmp"
WAYS = (("full", True, True), ("no vectors", False, True), ("lexical only", False, False))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _rank(result: SearchResult, leaf_ids: set[str]) -> int | None:
    for i, hit in enumerate(result.hits):
        if hit.leaf_id in leaf_ids:
            return i
    return None


async def _quality(seed: int) -> dict[str, Any]:
    items = corpus(seed)
    home = CACHE / f"retrieval-quality-{seed}"
    marker = home / "leaf_ids.json"
    async with Runtime(home) as rt:
        if not marker.exists():
            saved_ids: dict[str, list[str]] = {}
            for item in items:
                saved = await rt.ingest.ask(Save(content=item.text, provenance=Provenance(
                    agent="bench", session="retrieval")))
                saved_ids[item.key] = list(saved.leaf_ids)
            marker.write_text(json.dumps(saved_ids))
        ids = {key: set(value) for key, value in json.loads(marker.read_text()).items()}
        with anyio.fail_after(600):
            while True:
                if not (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                    break
                await anyio.sleep(0.5)  # the embedder runs while the inbox is idle
        out: dict[str, Any] = {}
        asked = [i for i in items if i.question]
        for way, vectors, bilingual in WAYS:
            rt.navigation.use_vectors = vectors
            rt.navigation.use_bilingual = bilingual
            out[way] = await _ask_all(rt, asked, ids)
            if way == "full":
                # Halves of the same corpus (alternate questions): rules were tuned looking at
                # the first; the second shows how much of a gain is fitted to what was seen.
                out["full, tuning half"] = await _ask_all(rt, asked[0::2], ids)
                out["full, held-out half"] = await _ask_all(rt, asked[1::2], ids)
        return out


async def _ask_all(rt: Runtime, items: list[Item], ids: dict[str, set[str]]) -> dict[str, Any]:
    asked = [i for i in items if i.question]
    at = {1: 0, 3: 0, 5: 0}
    ambiguous = absent = nearby = cross = cross_hit = 0
    shown = 0
    for item in asked:
        result = await rt.navigation.ask(Search(query=item.question, limit=5))
        rank = _rank(result, ids[item.key])
        if result.status == "NONE":
            absent += 1
            nearby += any(hit.leaf_id in ids[item.key] for hit in result.nearest)
        if result.status == "AMBIGUOUS":
            ambiguous += 1
        if rank is not None:
            shown += 1
            if result.status == "FOUND":
                for k in at:
                    at[k] += rank < k
        question_es = any(c in item.question for c in "¿áéíóúñ")
        if question_es != (item.language == "es"):
            cross += 1
            cross_hit += rank is not None and rank < 5 and result.status == "FOUND"
    never = 0
    for question in NEVER:
        never += (await rt.navigation.ask(Search(query=question))).status == "NONE"
    n = len(asked)
    return {"questions": n, **{f"recall@{k}": round(v / n, 3) for k, v in at.items()},
            "shown_any_status": round(shown / n, 3), "ambiguous": round(ambiguous / n, 3),
            "false_absence": round(absent / n, 3),
            "false_absence_answer_offered_nearby": f"{nearby}/{absent}",
            "never_stored_none": f"{never}/{len(NEVER)}",
            "cross_language_recall@5": f"{cross_hit}/{cross}"}


def _build(size: int, seed: int) -> Path:
    """A store of ``size`` memories (cached), with every vector computed; returns its home."""
    from bench.generator import Generator, Memory
    from bench.ingest_bench import bulk_build
    from store.locks import LockManager
    from store.paths import StoreLayout

    home = CACHE / f"retrieval-{size}"
    marker = home / "built.json"
    if not marker.exists():
        home.mkdir(parents=True, exist_ok=True)
        layout = StoreLayout.at_home(home)
        own = corpus(seed)
        generated = Generator(seed).memories(max(0, size - len(own)))
        memories = [Memory(key=i.key, kind="note", lang=i.language, text=i.text,
                           probe=i.question) for i in own] + list(generated)
        bulk_build(layout, LockManager(layout.locks_dir), memories[:size])
        marker.write_text(json.dumps({"size": size, "seed": seed}))
    return home


async def _consolidate(home: Path) -> None:
    """As an agent's store would be: the tree built over its memories (once per cached store)."""
    from actors.consolidation.messages import Flush

    done = home / "consolidated.json"
    if done.exists():
        return
    async with Runtime(home, background_consolidation=False) as rt:
        await rt.consolidation.ask(Flush(force=True), timeout_s=3600)
    done.write_text("{}")


def _embed(home: Path) -> dict[str, Any]:
    """Vectors for every memory, with the background embedder's code; its throughput."""
    from actors.embedding.index import VectorIndex
    from store.paths import StoreLayout

    model = ReadModel(StoreLayout.at_home(home))
    model.refresh()
    index = VectorIndex(model.layout)
    index.load()
    before = len(index)
    started = time.perf_counter()
    index.plan(model.leaves)
    while index.backfill(model.text_of):
        pass
    seconds = time.perf_counter() - started
    done = len(index) - before
    return {"memories": len(model.leaves), "embedded_now": done,
            "per_s": round(done / seconds, 1) if done and seconds else None}


async def _latency(home: Path, questions: list[str]) -> dict[str, Any]:
    from bench.mcp_bench import server_session

    times: list[float] = []
    async with server_session(home) as session:
        await session.call("search_memory", {"query": questions[0]})
        for question in questions:
            t0 = time.perf_counter()
            await session.call("search_memory", {"query": question})
            times.append((time.perf_counter() - t0) * 1000)
    return {"searches": len(times), "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(_pct(times, 0.95), 2)}


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    report: dict[str, Any] = {"date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
    if not args.skip_quality:
        report["quality"] = await _quality(args.seed)
    questions = [i.question for i in corpus(args.seed) if i.question][:args.searches]
    report["sizes"] = {}
    for size in args.sizes:
        home = _build(size, args.seed)
        await _consolidate(home)
        embedding = _embed(home)
        report["sizes"][size] = {"embedding": embedding,
                                 "mcp_search": await _latency(home, questions)}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000",
                        type=lambda s: [int(x) for x in s.split(",") if x])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--searches", type=int, default=100)
    parser.add_argument("--skip-quality", action="store_true")
    args = parser.parse_args()
    configure_logging(level="warning", to_stderr=True)
    report = anyio.run(main_async, args)
    sys.stdout.write(json.dumps(report, indent=2) + "\n")


if __name__ == "__main__":
    main()
