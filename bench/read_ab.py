"""Read-side A/B: this checkout's server against another checkout's, through MCP, same minute.

Run from the checkout: ``python -m bench.read_ab --base /path/to/other/checkout`` (e.g. a
``git worktree`` of main). On a 2-core machine shared with other jobs, two benches run one
after the other see different loads; here both servers run at once on copies of the same
cached store (``bench.scale_bench``'s, built if missing) and every query goes to one, then the
other (the order alternating), so both see the same load. Reported per side: ``initialize``
(median of 3, alternating, next to an empty store's), the first search after start,
``search_memory`` p50/p95 for rare-word and common-word queries, the server's CPU seconds per
search (``/proc/<pid>/stat``: what a change saves, whatever the load), its peak RSS (VmHWM) and
its anonymous (private) and file-backed resident memory at the end. ``--after-save N`` adds
N time questions ("what did I do in March 2024?", "¿qué pasó en septiembre?"), each asked
right after a ``save_memory`` to the same server: the first question after a save is where
a store-wide walk keyed by the store's state would show (its CPU is the question's alone).

This is a tool, not a test: it asserts nothing and never touches a real user's store.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp import types as mcp_types

from bench.generator import Generator
from bench.ingest_bench import quiet_logs
from bench.mcp_bench import _children, _devnull, vm_hwm_kb
from bench.scale_bench import COMMON_QUERIES, NEEDLES, cached_store

REPO = Path(__file__).resolve().parents[1]


def _params(repo: Path, home: Path) -> StdioServerParameters:
    env = {**os.environ, "IHMT_HOME": str(home), "IHMT_LOG_STDERR": "0",
           "PYTHONPATH": str(repo)}
    return StdioServerParameters(command=sys.executable, args=["-m", "ihmt_async", "serve"],
                                 env=env, cwd=str(repo))


def _cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
        fields = handle.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _status_mb(pid: int, key: str) -> float:
    with open(f"/proc/{pid}/status", encoding="utf-8") as handle:
        for line in handle:
            if line.startswith(key + ":"):
                return int(line.split()[1]) / 1024
    return 0.0


@contextlib.asynccontextmanager
async def _session(repo: Path, home: Path) -> AsyncIterator[tuple[ClientSession, int]]:
    before = set(_children())
    info = mcp_types.Implementation(name="read-ab", version="1")
    with _devnull() as errlog:
        async with stdio_client(_params(repo, home), errlog=errlog) as (read, write), \
                ClientSession(read, write, client_info=info) as session:
            await session.initialize()
            pid = next(p for p, cmd in _children().items() if p not in before and "serve" in cmd)
            yield session, pid


async def _initialize_s(repo: Path, home: Path) -> float:
    started = time.perf_counter()
    async with _session(repo, home):
        return time.perf_counter() - started


def _pct(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{1000 * ordered[len(ordered) // 2]:.1f} / {1000 * p95:.1f}"


TIME_QUESTIONS = (
    "what did I do in March 2024?",
    "what happened in September?",
    "¿qué pasó en abril de 2023?",
    "which bugs did we fix in June 2024?",
    "what did we decide about the database in autumn 2025?",
)
"""Times the generator's memories are dated in (2022-2025), with and without their year."""


async def measure(repos: dict[str, Path], homes: dict[str, Path], empties: dict[str, Path],
                  rounds: int, after_save: int = 0) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {side: {"init": [], "init_empty": []} for side in repos}
    for turn in range(3):
        for side in (list(repos) if turn % 2 == 0 else list(reversed(repos))):
            out[side]["init_empty"].append(await _initialize_s(repos[side], empties[side]))
            out[side]["init"].append(await _initialize_s(repos[side], homes[side]))
    rare = [n.query for n in Generator(20260401).needles(NEEDLES)]
    common = list(COMMON_QUERIES) * 4
    async with contextlib.AsyncExitStack() as stack:
        sessions = {side: await stack.enter_async_context(_session(repos[side], homes[side]))
                    for side in repos}
        for side, (session, _) in sessions.items():
            started = time.perf_counter()
            await session.call_tool("search_memory", {"query": rare[0]})
            out[side]["first_search"] = time.perf_counter() - started
        await anyio.sleep(3)  # both finish their background start-up work
        for kind, queries in (("rare", rare), ("common", common)):
            for side in repos:
                out[side][kind], out[side][kind + "_cpu"] = [], 0.0
            for turn in range(rounds):
                for i, query in enumerate(queries):
                    order = list(sessions) if (turn + i) % 2 == 0 else list(reversed(sessions))
                    for side in order:
                        session, pid = sessions[side]
                        cpu, started = _cpu_s(pid), time.perf_counter()
                        await session.call_tool("search_memory", {"query": query})
                        out[side][kind].append(time.perf_counter() - started)
                        out[side][kind + "_cpu"] += _cpu_s(pid) - cpu
        if after_save:
            saves = [m.text for m in Generator(20260401).memories(after_save, start=60_000_000)]
            for side, (session, _) in sessions.items():  # the first time question: any walk
                await session.call_tool("search_memory", {"query": TIME_QUESTIONS[0]})
                out[side]["after_save"], out[side]["after_save_cpu"] = [], []
            for i, text in enumerate(saves):
                order = list(sessions) if i % 2 == 0 else list(reversed(sessions))
                for side in order:
                    session, pid = sessions[side]
                    await session.call_tool("save_memory", {"content": text, "origin": "user"})
                    question = TIME_QUESTIONS[i % len(TIME_QUESTIONS)]
                    cpu, started = _cpu_s(pid), time.perf_counter()
                    await session.call_tool("search_memory", {"query": question})
                    out[side]["after_save"].append(time.perf_counter() - started)
                    out[side]["after_save_cpu"].append(_cpu_s(pid) - cpu)
        for side, (_, pid) in sessions.items():
            out[side]["hwm_mb"] = (vm_hwm_kb(pid) or 0) / 1024
            out[side]["anon_mb"] = _status_mb(pid, "RssAnon")
            out[side]["file_mb"] = _status_mb(pid, "RssFile")
    return out


def render(out: dict[str, dict[str, Any]], size: int) -> str:
    lines = [f"{size:,} memories (load average {os.getloadavg()[0]:.2f} at the end)", "",
             "| side | init empty s | init s | first search ms | rare p50/p95 ms | "
             "rare CPU ms | common p50/p95 ms | common CPU ms | VmHWM MB | anon / file MB |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for side, row in out.items():
        lines.append(
            f"| {side} | {statistics.median(row['init_empty']):.3f} | "
            f"{statistics.median(row['init']):.3f} | {1000 * row['first_search']:.0f} | "
            f"{_pct(row['rare'])} | {1000 * row['rare_cpu'] / len(row['rare']):.1f} | "
            f"{_pct(row['common'])} | {1000 * row['common_cpu'] / len(row['common']):.1f} | "
            f"{row['hwm_mb']:.1f} | {row['anon_mb']:.1f} / {row['file_mb']:.1f} |")
    if all("after_save" in row for row in out.values()):
        lines += ["", "A time question right after a save:", "",
                  "| side | p50/p95 ms | CPU ms per question p50 / mean |", "|---|---:|---:|"]
        for side, row in out.items():
            cpu = row["after_save_cpu"]
            lines.append(f"| {side} | {_pct(row['after_save'])} | "
                         f"{1000 * statistics.median(cpu):.0f} / "
                         f"{1000 * statistics.fmean(cpu):.0f} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="read-side A/B of two checkouts via MCP")
    parser.add_argument("--base", required=True, help="the other checkout (its server code)")
    parser.add_argument("--size", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=20260401)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--after-save", type=int, default=0,
                        help="time questions asked each right after a save (0: none)")
    args = parser.parse_args(argv)
    quiet_logs()
    store, _ = cached_store(args.size, args.seed)
    repos = {"base": Path(args.base).resolve(), "this": REPO}
    with tempfile.TemporaryDirectory(prefix="ihmt-read-ab-") as scratch:
        homes, empties = {}, {}
        for side in repos:
            homes[side] = Path(scratch) / side / "home"
            shutil.copytree(store, homes[side])
            empties[side] = Path(scratch) / side / "empty"
            empties[side].mkdir()
        out = anyio.run(measure, repos, homes, empties, args.rounds, args.after_save)
    sys.stdout.write(render(out, args.size) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
