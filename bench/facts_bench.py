"""What recording one fact costs through the fact actor as the store grows (1k, 10k, 50k facts).

Run from the checkout: ``python -m bench.facts_bench [--requests N]``.

For each size a fresh store is pre-filled directly with generated fact events (one journal
append under the ``facts`` lock, then a compaction, as consolidation would leave a big store),
a Runtime is opened on it, and real ``Extract`` requests are sent to the fact actor: half on a
key with a long history (``user location``), half on fresh subjects. Each request pays what a
save pays: refresh, decide, journal append + fsync, audit append + fsync. Prints p50/p95 per
size and the 50k/1k ratio; a ratio near 1 means saves do not slow down as the store grows.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio

from actors.facts.index import fact_row
from actors.facts.messages import Extract, LeafText
from actors.facts.timeline import fact_id_for
from actors.provenance import Provenance
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime
from store.engine import Engine
from store.locks import LockManager
from store.paths import StoreLayout

SIZES = (1_000, 10_000, 50_000)
HOT_HISTORY = 200
"""Facts pre-filled on the hot key (user location), whatever the size."""
PROV = Provenance(agent="bench", session="bench-1")
BASE = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)


def generated_events(count: int) -> list[dict[str, Any]]:
    """``count`` fact events: a long history on one key, the rest spread over many people."""
    events: list[dict[str, Any]] = []
    for n in range(count):
        stamp = (BASE + dt.timedelta(seconds=n)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        if n < HOT_HISTORY:
            subject, attribute, value = "user", "location", f"Town{n}"
        else:
            person = n // 5
            subject = f"Person{person}"
            attribute = ("location", "employer")[n % 2]
            value = f"{attribute.title()}{n}"
        leaf = f"L-bench-{n:06d}"
        events.append({
            "op": "fact", "fact_id": fact_id_for(leaf, subject, attribute, value, stamp),
            "subject": subject, "attribute": attribute, "value": value,
            "valid_from": (BASE.date() + dt.timedelta(days=n % 2000)).isoformat()
            if n % 3 else None,
            "recorded_at": stamp, "recorded_by": PROV.as_dict(), "origin": "user",
            "source_leaf_id": leaf, "domain": "personal", "scope": "", "pending": False,
        })
    return events


def prefill(home: Path, count: int) -> float:
    layout = StoreLayout.at_home(home)
    layout.ensure()
    started = time.perf_counter()
    with LockManager(layout.locks_dir).hold_sync("facts", actor="bench"):
        Engine(layout).commit(facts=[fact_row(e) for e in generated_events(count)],
                              logged=False)
    return time.perf_counter() - started


def requests(count: int) -> list[Extract]:
    out = []
    for n in range(count):
        text = (f"I moved to Newtown{n}." if n % 2 == 0
                else f"Newperson{n} lives in Village{n}.")
        out.append(Extract(leaves=(LeafText(
            leaf_id=f"L-personal-9999-{n:010d}", text=text, data_type="PERSONAL",
            domain="personal", entry_date=None, origin="user"),), provenance=PROV))
    return out


async def measure(home: Path, count: int) -> tuple[list[float], list[float], float]:
    """Wall-clock and CPU milliseconds per request (CPU: every thread of this process, so it
    stays meaningful on a loaded machine, where wall time is mostly waiting for a core)."""
    started = time.perf_counter()
    async with Runtime(home, provenance=PROV, background_consolidation=False) as rt:
        opened = time.perf_counter() - started
        wall: list[float] = []
        cpu: list[float] = []
        for message in requests(count):
            t0, c0 = time.perf_counter(), time.process_time()
            report = await rt.facts.ask(message)
            wall.append((time.perf_counter() - t0) * 1000)
            cpu.append((time.process_time() - c0) * 1000)
            if len(report.new_facts) != 1:
                raise SystemExit(f"expected one fact from {message.leaves[0].text!r}")
    return wall[5:], cpu[5:], opened  # the first few warm caches up


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    configure_logging(level="warning", to_stderr=True)
    out = sys.stdout
    out.write(f"{'facts':>8} {'prefill s':>10} {'open s':>8} {'p50 ms':>8} {'p95 ms':>8} "
              f"{'mean ms':>8} {'cpu p50':>8} {'cpu p95':>8}\n")
    results: dict[int, tuple[float, float, float]] = {}
    for size in SIZES:
        with tempfile.TemporaryDirectory(prefix="facts-bench-") as tmp:
            home = Path(tmp)
            fill_s = prefill(home, size)
            timings, cpu, open_s = anyio.run(measure, home, args.requests)
        p50, p95 = percentile(timings, 0.50), percentile(timings, 0.95)
        cpu50 = percentile(cpu, 0.50)
        results[size] = (p50, p95, cpu50)
        out.write(f"{size:>8} {fill_s:>10.2f} {open_s:>8.2f} {p50:>8.2f} {p95:>8.2f} "
                  f"{statistics.fmean(timings):>8.2f} {cpu50:>8.2f} "
                  f"{percentile(cpu, 0.95):>8.2f}\n")
        out.flush()
    small, large = results[SIZES[0]], results[SIZES[-1]]
    out.write(f"ratio {SIZES[-1] // 1000}k/{SIZES[0] // 1000}k: p50 {large[0] / small[0]:.2f}x, "
              f"p95 {large[1] / small[1]:.2f}x, cpu p50 {large[2] / small[2]:.2f}x\n")


if __name__ == "__main__":
    main()
