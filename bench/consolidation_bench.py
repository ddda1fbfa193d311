"""Consolidation benchmark: does a save stay out of consolidation, and how fast is a pass?

Run from the checkout: ``python -m bench.consolidation_bench`` (one to two minutes; writes only
in a temp directory). It prints one compact table:

- save latency p50/p95/max through a whole Runtime, background consolidation off, then on
  with a short quiet period so passes really run between and during the saves; the "during a
  pass" row holds the saves that started and ended while this process held the consolidation
  lock (read from the lock file's holder stamp, which does not disturb the lock);
- a forced Flush over 5,000 and 20,000 parentless notes (leaves and catalog entries written
  directly, as the tests do), with the consolidation actor alone so the figure is the pass
  itself: seconds, branches, depth, nodes; then the same Flush again (nothing to do) and an
  unforced pass after 64 new notes (the steady-state background pass on a big store).

Goal: 5,000 notes consolidated in <= 10 s on a 2-core machine. This is a tool, not a test:
it asserts nothing.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import anyio
import structlog

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "consolidation"))
from consolidation_store import build_leaves, note_text  # noqa: E402

from actors.consolidation.actor import ConsolidationActor  # noqa: E402
from actors.consolidation.messages import Flush  # noqa: E402
from actors.ingest.messages import Save  # noqa: E402
from actors.provenance import Provenance  # noqa: E402
from ihmt_async.runtime import ActorSystem, Runtime, open_store  # noqa: E402
from store.locks import read_holder  # noqa: E402

SAVES = 400
WARMUP = 10
SIZES = (5_000, 20_000)
INCREMENT = 64
QUIET_S = "0.05"
WHO = Provenance(agent="bench", session="bench")


def _pcts(samples_s: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples_s)
    if not ordered:
        return (0.0, 0.0, 0.0)
    p95 = ordered[min(len(ordered) - 1, int(round(0.95 * (len(ordered) - 1))))]
    return statistics.median(ordered) * 1000, p95 * 1000, ordered[-1] * 1000


async def bench_saves(base: Path, background: bool) -> dict[str, object]:
    home = base / f"saves-{'on' if background else 'off'}"
    samples: list[float] = []
    during: list[float] = []
    async with Runtime(home, provenance=WHO, background_consolidation=background) as rt:
        lock_file = rt.layout.lock_file("consolidation")
        for n in range(WARMUP + SAVES):
            busy_before = bool(read_holder(lock_file))
            t0 = time.perf_counter()
            await rt.ingest.ask(Save(content=note_text(n), domain=("work", "personal")[n % 2],
                                     provenance=WHO))
            elapsed = time.perf_counter() - t0
            if n < WARMUP:
                continue
            samples.append(elapsed)
            if busy_before and read_holder(lock_file):
                during.append(elapsed)
        passes = rt.consolidation.passes
    return {"all": _pcts(samples), "during": _pcts(during), "during_n": len(during),
            "passes": passes}


async def bench_pass(base: Path, size: int) -> dict[str, float]:
    store = open_store(base / f"pass-{size}")
    t0 = time.perf_counter()
    await anyio.to_thread.run_sync(lambda: build_leaves(store.layout, store.locks, size))
    built = time.perf_counter() - t0
    actor = ConsolidationActor(store.layout, store.settings, store.locks, background=False)
    async with ActorSystem([actor]):
        first = await actor.ask(Flush(force=True))
        again = await actor.ask(Flush(force=True))
        await anyio.to_thread.run_sync(
            lambda: build_leaves(store.layout, store.locks, INCREMENT, start=size, tag="inc"))
        step = await actor.ask(Flush(force=False))
    return {"build_s": built, "flush_s": first.duration_ms / 1000,
            "branches": first.branches_written, "depth": first.depth, "nodes": first.nodes,
            "again_s": again.duration_ms / 1000, "again_written": again.branches_written,
            "step_s": step.duration_ms / 1000, "step_written": step.branches_written}


async def run() -> list[str]:
    started = time.perf_counter()
    os.environ["IHMT_CONSOLIDATION_QUIET_S"] = QUIET_S
    with tempfile.TemporaryDirectory(prefix="ihmt-cbench-") as tmp:
        base = Path(tmp)
        off = await bench_saves(base, background=False)
        on = await bench_saves(base, background=True)
        passes = {size: await bench_pass(base, size) for size in SIZES}

    def lat(label: str, values: object, extra: str = "") -> str:
        p50, p95, top = values  # type: ignore[misc]
        return f"{label:<44}{p50:8.2f} {p95:8.2f} {top:8.2f}  {extra}"

    lines = [f"ihmt-async consolidation bench ({os.cpu_count()} cores)",
             f"{'save latency, ms':<44}{'p50':>8} {'p95':>8} {'max':>8}",
             lat(f"  background off ({SAVES} saves)", off["all"], f"passes {off['passes']}"),
             lat(f"  background on, quiet {QUIET_S}s", on["all"], f"passes {on['passes']}"),
             lat("  background on, during a pass", on["during"],
                 f"{on['during_n']} saves overlapped a pass"),
             f"{'forced flush of N new notes':<44}{'build':>8} {'flush':>8} {'branches':>9}"
             f" {'depth':>5} {'nodes':>6} {'again':>7} {'+64 pass':>9}"]
    for size, r in passes.items():
        lines.append(f"  {size:>6,} notes{'':<31}{r['build_s']:7.1f}s {r['flush_s']:7.2f}s "
                     f"{r['branches']:>9.0f} {r['depth']:>5.0f} {r['nodes']:>6.0f} "
                     f"{r['again_s']:6.2f}s {r['step_s']:8.2f}s")
    goal = passes[SIZES[0]]["flush_s"]
    lines.append(f"goal: {SIZES[0]:,} notes in <= 10 s -> {goal:.2f} s "
                 f"({'met' if goal <= 10 else 'MISSED'}); total "
                 f"{time.perf_counter() - started:.0f}s")
    return lines


def main() -> None:
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(30))
    lines = anyio.run(run)
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
