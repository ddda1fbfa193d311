"""MCP bench: save and search round trips through a real stdio session, at 1k and 10k memories.

Run from the checkout: ``python -m bench.mcp_bench [--quick] [--json]`` (a few minutes; writes
only in a temporary directory). For each store size it grows a store with ``bulk_build``,
consolidates it with a forced Flush, spawns ``python -m ihmt_async serve`` on it (the real
entry point, background consolidation on, as an agent would run it), and times

- cold start: spawn → ``initialize`` → the first ``search_memory`` answered (wall time);
- ``save_memory`` and ``search_memory`` round trips, p50/p95, one call at a time;
- the server's peak RSS (``VmHWM`` of /proc/<pid>/status) after the calls.

It also holds the session helpers ``run.py`` uses (``server_session``, ``round_trips``).
This is a tool, not a test: it asserts nothing, and it never touches a real user's store.
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp import types as mcp_types

from bench.generator import Generator
from bench.ingest_bench import bench_main, bulk_build, pcts
from store.locks import LockManager
from store.paths import StoreLayout

REPO = Path(__file__).resolve().parents[1]


def server_params(home: Path) -> StdioServerParameters:
    env = {**os.environ, "IHMT_HOME": str(home), "IHMT_LOG_STDERR": "0",
           "PYTHONPATH": str(REPO)}
    return StdioServerParameters(command=sys.executable, args=["-m", "ihmt_async", "serve"],
                                 env=env, cwd=str(REPO))


def _children() -> dict[int, str]:
    """This process's direct children and their command lines (from /proc)."""
    me = os.getpid()
    found: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                stat = handle.read().decode(errors="replace")
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            if ppid != me:
                continue
            with open(f"/proc/{entry}/cmdline", "rb") as handle:
                found[int(entry)] = handle.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue
    return found


def vm_hwm_kb(pid: int) -> int | None:
    """Peak resident set size of ``pid`` in kB (``VmHWM``), None when it is gone."""
    try:
        with open(f"/proc/{pid}/status", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        return None
    return None


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time ``pid`` has used so far (``/proc/<pid>/stat``), None when gone."""
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def server_pids() -> list[int]:
    """This process's ``ihmt_async serve`` children (the bench's MCP servers)."""
    return [pid for pid, cmd in _children().items() if "ihmt_async" in cmd and "serve" in cmd]


class Session:
    """One initialised MCP session on a spawned server, with the server's pid when known."""

    def __init__(self, session: ClientSession, pid: int | None) -> None:
        self.session = session
        self.pid = pid

    async def call(self, tool: str, arguments: dict[str, Any]) -> tuple[str, bool]:
        result = await self.session.call_tool(tool, arguments)
        text = "\n".join(c.text for c in result.content if isinstance(c, mcp_types.TextContent))
        return text, bool(result.is_error)


def _devnull() -> TextIO:
    """The server's stderr sink (a plain function: opening /dev/null never blocks)."""
    return open(os.devnull, "w")


@contextlib.asynccontextmanager
async def server_session(home: Path, *, client_name: str = "bench-client"
                         ) -> AsyncIterator[Session]:
    before = set(_children())
    info = mcp_types.Implementation(name=client_name, version="1.0")
    with _devnull() as errlog:
        async with stdio_client(server_params(home), errlog=errlog) as (read, write), \
                ClientSession(read, write, client_info=info) as session:
            await session.initialize()
            fresh = [pid for pid, cmd in _children().items()
                     if pid not in before and "ihmt_async" in cmd and "serve" in cmd]
            yield Session(session, fresh[0] if len(fresh) == 1 else None)


def saved_ids(reply: str) -> list[str]:
    """The memory ids a save_memory reply names ("Memory id(s): L-..., L-...")."""
    for line in reply.splitlines():
        if line.startswith("Memory id"):
            return [part.strip() for part in line.split(":", 1)[1].split(",") if part.strip()]
    return []


async def round_trips(home: Path, saves: Sequence[str], searches: Sequence[str]
                      ) -> dict[str, Any]:
    """Cold start, then save and search round trips, then the server's peak RSS."""
    started = time.perf_counter()
    errors = 0
    async with server_session(home) as session:
        initialized = time.perf_counter()
        _, failed = await session.call("search_memory", {"query": searches[0]})
        first = time.perf_counter()
        errors += failed
        save_s: list[float] = []
        for text in saves:
            t0 = time.perf_counter()
            _, failed = await session.call("save_memory", {"content": text, "origin": "user"})
            save_s.append(time.perf_counter() - t0)
            errors += failed
        search_s: list[float] = []
        for query in searches:
            t0 = time.perf_counter()
            _, failed = await session.call("search_memory", {"query": query})
            search_s.append(time.perf_counter() - t0)
            errors += failed
        rss = vm_hwm_kb(session.pid) if session.pid else None
    return {"cold_start_s": round(first - started, 3),
            "initialize_s": round(initialized - started, 3),
            "save": pcts(save_s), "search": pcts(search_s), "errors": errors,
            "server_vm_hwm_mb": round(rss / 1024, 1) if rss else None}


async def consolidate(home: Path) -> dict[str, Any]:
    """A forced Flush through the real consolidation actor; its PassResult as a dict."""
    from actors.consolidation.messages import Flush
    from ihmt_async.runtime import Runtime

    async with Runtime(home, background_consolidation=False) as rt:
        t0 = time.perf_counter()
        result = await rt.consolidation.ask(Flush(force=True), timeout_s=1800)
        wall = time.perf_counter() - t0
    return {"seconds": round(wall, 3), "branches_written": result.branches_written,
            "leaves_placed": result.leaves_placed, "pending": result.pending,
            "depth": result.depth, "nodes": result.nodes}


def run(quick: bool = False, seed: int = 20260401) -> dict[str, Any]:
    sizes = (300, 1_000) if quick else (1_000, 10_000)
    calls = 20 if quick else 60
    gen = Generator(seed)
    out: dict[str, Any] = {"sizes": list(sizes), "rows": {}}
    with tempfile.TemporaryDirectory(prefix="ihmt-mcp-bench-") as tmp:
        home = Path(tmp)
        layout = StoreLayout.at_home(home)
        layout.ensure()
        locks = LockManager(layout.locks_dir)
        have = 0
        for size in sizes:
            build = bulk_build(layout, locks, gen.memories(size - have, start=have))
            have = size
            flushed = anyio.run(consolidate, home)
            probes = [m.probe for m in gen.memories(calls, start=size // 3)]
            saves = [m.text for m in gen.memories(calls, start=40_000_000 + size)]
            row = anyio.run(round_trips, home, saves, probes)
            row["build"] = build.as_dict()
            row["consolidate"] = flushed
            out["rows"][str(size)] = row
    return out


def render(result: dict[str, Any]) -> str:
    lines = ["| memories | cold start s | save p50/p95 ms | search p50/p95 ms | server VmHWM MB |",
             "|---:|---:|---:|---:|---:|"]
    for size, row in result["rows"].items():
        lines.append(f"| {int(size):,} | {row['cold_start_s']} | {row['save']['p50_ms']} / "
                     f"{row['save']['p95_ms']} | {row['search']['p50_ms']} / "
                     f"{row['search']['p95_ms']} | {row['server_vm_hwm_mb']} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    return bench_main("ihmt-async MCP round-trip bench", run, render, argv)


if __name__ == "__main__":
    raise SystemExit(main())
