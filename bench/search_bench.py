"""Search latency at 1k, 10k and 50k leaves, through the navigation actor, in one process.

Run from the repository root: ``python -m bench.search_bench`` (``--sizes 1000,10000`` to pick
sizes, ``--queries N`` per size). For each size it builds a fresh store with the store functions
ingest uses (generated coding-agent memories plus buried needles, see
``tests/navigation/nav_corpus.py``), measures the cold start of the read model (catalog +
term index built from the leaf files), consolidates with a forced Flush, then times a mix of
searches: needles, mid-frequency topic words, very common words, attribute questions and topics
never stored. Prints p50/p95 per size, the 50k/1k p50 ratio, how often the full-text fallback
ran and the needle recall. Prints to stdout: this is a script, not library code.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "navigation"))

from nav_corpus import SERVICES, TOOLS, memory_text, needle, write_memories  # noqa: E402

from actors.consolidation.messages import Flush  # noqa: E402
from actors.navigation.messages import Search  # noqa: E402
from actors.navigation.read_model import ReadModel  # noqa: E402
from ihmt_async.logs import configure_logging  # noqa: E402
from ihmt_async.runtime import Runtime, open_store  # noqa: E402

NEVER = ["sourdough starter hydration", "tango lessons buenos aires", "wedding gift ideas",
         "receta de paella con conejo", "snowboard wax icy slopes"]
COMMON = ["service tests", "the service fails", "deploy staging", "pipeline changes",
          "service module week"]
QUESTIONS = ["which database does the billing service use?", "where do I live?",
             "what does the checkout service use", "¿dónde vivo?"]


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run_size(size: int, queries: int, seed: int) -> dict[str, float]:
    rng = random.Random(seed)
    used: set[str] = set()
    n_needles = max(10, size // 200)
    needles = [needle(rng, used) for _ in range(n_needles)]
    texts = [memory_text(rng) for _ in range(size - n_needles)]
    positions = sorted(rng.sample(range(size), n_needles))
    for pos, item in zip(positions, needles, strict=True):
        texts.insert(pos, item.text)
    home = Path(tempfile.mkdtemp(prefix=f"ihmt-bench-{size}-"))
    opened = open_store(home)
    t0 = time.perf_counter()
    ids = await write_memories(opened.layout, opened.locks, texts,
                               domains=("general", "code", "work", "personal"))
    write_s = time.perf_counter() - t0
    needle_ids = {item.query: ids[texts.index(item.text)] for item in needles}

    async with Runtime(home, background_consolidation=False) as rt:
        t0 = time.perf_counter()
        flushed = await rt.consolidation.ask(Flush(force=True))
        flush_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        cold = ReadModel(rt.layout)
        cold.refresh()
        cold_s = time.perf_counter() - t0
        del cold
        await rt.navigation.ask(Search(query="warm up"))  # takes in the consolidation's writes

        mix: list[tuple[str, str]] = []
        for i in range(queries):
            kind = i % 6
            if kind == 0:
                item = needles[i // 6 % len(needles)]
                mix.append(("needle", item.query))
            elif kind == 1:
                mix.append(("topic", f"{rng.choice(SERVICES)} {rng.choice(TOOLS)}"))
            elif kind == 2:
                mix.append(("topic", f"{rng.choice(SERVICES)} timeout retry"))
            elif kind == 3:
                mix.append(("common", rng.choice(COMMON)))
            elif kind == 4:
                mix.append(("question", rng.choice(QUESTIONS)))
            else:
                mix.append(("never", rng.choice(NEVER)))
        timings: dict[str, list[float]] = {}
        fallback = found_needles = none_never = 0
        for kind, query in mix:
            t0 = time.perf_counter()
            result = await rt.navigation.ask(Search(query=query))
            ms = (time.perf_counter() - t0) * 1000
            timings.setdefault(kind, []).append(ms)
            timings.setdefault("all", []).append(ms)
            fallback += result.trace.fallback_used
            if kind == "needle" and result.hits and result.hits[0].leaf_id == needle_ids[query]:
                found_needles += 1
            if kind == "never" and result.status == "NONE":
                none_never += 1
    n_needle_q = len(timings.get("needle", [])) or 1
    n_never_q = len(timings.get("never", [])) or 1
    every = timings["all"]
    print(f"\n== {size:,} leaves (write {write_s:.1f}s, forced flush {flush_s:.1f}s: "
          f"{flushed.nodes} nodes, depth {flushed.depth}; cold start {cold_s:.2f}s)")
    for kind in ("all", "needle", "topic", "common", "question", "never"):
        values = timings.get(kind, [])
        if values:
            print(f"  {kind:9s} n={len(values):4d}  p50 {statistics.median(values):7.2f} ms"
                  f"  p95 {pct(values, 0.95):7.2f} ms  max {max(values):7.2f} ms")
    print(f"  fallback ran in {fallback}/{len(every)} searches; needle recall@1 "
          f"{found_needles}/{n_needle_q}; never-stored answered NONE {none_never}/{n_never_q}")
    return {"p50": statistics.median(every), "p95": pct(every, 0.95), "cold": cold_s}


async def main(sizes: list[int], queries: int) -> None:
    results = {}
    for size in sizes:
        results[size] = await run_size(size, queries, seed=size)
    if 1000 in results and 50000 in results:
        ratio = results[50000]["p50"] / results[1000]["p50"]
        print(f"\n50k/1k p50 ratio: {ratio:.2f} (goal <= 2); p50 at 50k "
              f"{results[50000]['p50']:.2f} ms (goal <= 10 ms); cold start at 50k "
              f"{results[50000]['cold']:.1f}s")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,50000")
    parser.add_argument("--queries", type=int, default=300)
    args = parser.parse_args()
    configure_logging(level="warning", to_stderr=True)
    anyio.run(main, [int(s) for s in args.sizes.split(",")], args.queries)
