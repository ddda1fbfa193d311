"""What one call of every MCP tool and every store command costs at a given store size.

Run from the checkout: ``python -m bench.tool_cost --store DIR`` (an ``IHMT_HOME`` whose
``ihmt_memory`` is a built store, e.g. ``bench.scale_bench``'s cached
``bench/results/tmp/scale-20260401-50000``, best with every vector computed: a store whose
vectors are of an older model re-embeds in the server's background and that CPU would count
against every call). ``--base /other/checkout`` measures that checkout too, on its own copy,
side by side in the same minutes (the order alternating), so the two are compared under the
same load. The store given is copied (``--work DIR``, default a temporary directory), never
changed.

Reported per call: the CPU seconds it cost, which is what grows with the store when a call
walks every memory, whatever the machine's load:
- MCP tools: the server's CPU (``/proc/<pid>/stat``) across the call, on one stdio session
  (``save_memory`` into a project scope first, then ``search_memory`` rare and common,
  ``memory_history``, ``forget_memory`` of a saved memory, ``note`` / ``recall`` /
  ``digest_output``), median of ``--rounds``, after the server is idle (no background CPU for
  ``IDLE_S``). ``read_file``, ``project_map`` and ``find_code`` read the project's files,
  not the memory store: left out.
- Commands (``stats``, ``tree``, ``history``, ``conflicts``, ``review``, ``audit``,
  ``search``, ``save``, ``forget``, ``brief``, ``recall-hook``, ``export``, ``doctor``,
  ``monitor --once``, ``ingest`` of one file): the whole process's CPU (``RUSAGE_CHILDREN``),
  and the same command on an empty store (``init``) beside it: the difference is what the
  store's size adds (start-up and imports are in both). ``rebuild`` and ``import``
  re-derive or add the whole input by design; ``consolidate`` and ``gui`` have their own
  benches.

This is a tool, not a test: it asserts nothing and never touches a real user's store.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Sequence
from pathlib import Path
from typing import Any

import anyio
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp import types as mcp_types

from bench.mcp_bench import _children, _devnull, cpu_seconds, saved_ids

REPO = Path(__file__).resolve().parents[1]
PROJECT = "toolcost"
"""The project the bench's saves, brief and recall-hook are about (a folder of that name
holding ``.git`` under the work directory)."""
IDLE_S = 2.0
"""A server counts as idle once this long passes with under ``IDLE_CPU_S`` of its CPU."""
IDLE_CPU_S = 0.05
IDLE_MAX_S = 300.0
RARE = "Which zanzibar-quokka token did we rotate?"
COMMON = "the team decided to use the database for the project because of the tests"
SAVES = ("Decision: the {n}th toolcost deploy keeps the blue-green switch behind a flag.",
         "We moved the toolcost staging database to port 54{n}2 after the clash.",
         "The toolcost release checklist gained a rollback drill, item {n}.")


def _env(repo: Path, home: Path) -> dict[str, str]:
    return {**os.environ, "IHMT_HOME": str(home), "IHMT_LOG_STDERR": "0",
            "PYTHONPATH": str(repo)}


@contextlib.asynccontextmanager
async def _session(repo: Path, home: Path, cwd: Path
                   ) -> AsyncIterator[tuple[ClientSession, int]]:
    before = set(_children())
    params = StdioServerParameters(command=sys.executable, args=["-m", "ihmt_async", "serve"],
                                   env=_env(repo, home), cwd=str(cwd))
    info = mcp_types.Implementation(name="tool-cost", version="1")
    with _devnull() as errlog:
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, client_info=info) as session:
            await session.initialize()
            pid = next(p for p, cmd in _children().items() if p not in before and "serve" in cmd)
            yield session, pid


def _cpu(pid: int) -> float:
    return cpu_seconds(pid) or 0.0


async def _wait_idle(pid: int) -> float:
    """Wait until the server's background work (vectors loading, commits) is done; returns
    the seconds waited."""
    started = time.perf_counter()
    last = _cpu(pid)
    while time.perf_counter() - started < IDLE_MAX_S:
        await anyio.sleep(IDLE_S)
        now = _cpu(pid)
        if now - last < IDLE_CPU_S:
            break
        last = now
    return time.perf_counter() - started


def _text(result: mcp_types.CallToolResult) -> str:
    return "\n".join(c.text for c in result.content if isinstance(c, mcp_types.TextContent))


def _tool_calls(round_: int) -> list[tuple[str, str, dict[str, Any]]]:
    """(label, tool, arguments) for one round (``forget_memory`` gets a saved id)."""
    calls: list[tuple[str, str, dict[str, Any]]] = [
        (f"save_memory ({i + 1})", "save_memory",
         {"content": text.format(n=round_ * 10 + i), "origin": "user",
          "scope": f"project:{PROJECT}"})
        for i, text in enumerate(SAVES)]
    calls += [
        ("search_memory rare", "search_memory", {"query": RARE}),
        ("search_memory common", "search_memory", {"query": COMMON}),
        ("search_memory project", "search_memory",
         {"query": "which port does the toolcost staging database use?",
          "scope": f"project:{PROJECT}"}),
        ("memory_history user", "memory_history", {"subject": "user"}),
        ("memory_history user location", "memory_history",
         {"subject": "user", "attribute": "location"}),
        ("forget_memory", "forget_memory", {"memory_id": "", "reason": "bench"}),
        ("note", "note", {"text": f"toolcost scratch note {round_}"}),
        ("recall", "recall", {"query": "toolcost scratch note"}),
        ("digest_output", "digest_output", {"text": "error: x\n" * 40 + "ok\n"}),
    ]
    return calls


async def measure_tools(repos: dict[str, Path], homes: dict[str, Path], cwd: Path,
                        rounds: int) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {side: {"tools": {}} for side in repos}
    async with contextlib.AsyncExitStack() as stack:
        sessions = {side: await stack.enter_async_context(_session(repos[side], homes[side],
                                                                   cwd))
                    for side in repos}
        for side, (session, pid) in sessions.items():
            await session.call_tool("search_memory", {"query": RARE})  # vectors and model in
            out[side]["idle_wait_s"] = round(await _wait_idle(pid), 1)
        saved: dict[str, list[str]] = {side: [] for side in repos}
        for turn in range(rounds):
            for i, (label, tool, arguments) in enumerate(_tool_calls(turn)):
                order = list(sessions) if (turn + i) % 2 == 0 else list(reversed(sessions))
                for side in order:
                    session, pid = sessions[side]
                    args = dict(arguments)
                    if tool == "forget_memory":
                        args["memory_id"] = saved[side].pop(0) if saved[side] else "L-none"
                    cpu, started = _cpu(pid), time.perf_counter()
                    result = await session.call_tool(tool, args)
                    wall, spent = time.perf_counter() - started, _cpu(pid) - cpu
                    if tool == "save_memory":
                        saved[side] += saved_ids(_text(result))
                    row = out[side]["tools"].setdefault(label, {"cpu": [], "wall": [],
                                                                "errors": 0})
                    row["cpu"].append(spent)
                    row["wall"].append(wall)
                    row["errors"] += bool(result.is_error)
    return out


COMMANDS: tuple[tuple[str, tuple[str, ...], str | None], ...] = (
    ("stats", ("stats",), None),
    ("tree", ("tree",), None),
    ("history", ("history",), None),
    ("conflicts", ("conflicts",), None),
    ("review", ("review",), None),
    ("audit --since 1h", ("audit", "--since", "1h"), None),
    ("search", ("search", COMMON), None),
    ("save", ("save", "The toolcost CLI note {n}: the nightly job runs at 03:{n}0.",
              "--scope", f"project:{PROJECT}"), None),
    ("forget", ("forget", "L-none", "--reason", "bench"), None),
    ("brief", ("brief", "--project", "{project}"), ""),
    ("recall-hook", ("recall-hook", "--project", "{project}"),
     json.dumps({"prompt": "which port does the staging database use?"})),
    ("export --scope", ("export", "--scope", f"project:{PROJECT}"), None),
    ("doctor", ("doctor",), None),
    ("monitor --once", ("monitor", "--once"), None),
    ("ingest one file", ("ingest", "{file}"), None),
)
"""(label, arguments, stdin) of each command measured; ``{project}``, ``{file}`` and ``{n}``
are filled in per run."""


def _run_command(repo: Path, home: Path, cwd: Path, argv: Sequence[str], stdin: str | None,
                 n: int) -> tuple[float, float, int]:
    """(process CPU s, wall s, exit status) of one ``ihmt-async`` command."""
    filled = [a.format(project=cwd, file=cwd / "notes.md", n=n) for a in argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "ihmt_async", *filled, "--home", str(home)],
                          input=stdin if stdin is not None else "", capture_output=True,
                          text=True, env=_env(repo, home), cwd=str(cwd), check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, done.returncode


def measure_commands(repos: dict[str, Path], homes: dict[str, Path],
                     empties: dict[str, Path], cwd: Path, rounds: int
                     ) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {side: {"commands": {}} for side in repos}
    for turn in range(rounds):
        for i, (label, argv, stdin) in enumerate(COMMANDS):
            (cwd / "notes.md").write_text(f"# Toolcost notes\nRevision {turn}: the job runs "
                                          f"at 03:{turn}0.\n", encoding="utf-8")
            order = list(repos) if (turn + i) % 2 == 0 else list(reversed(repos))
            for side in order:
                row = out[side]["commands"].setdefault(
                    label, {"cpu": [], "wall": [], "empty_cpu": [], "status": set()})
                cpu, wall, status = _run_command(repos[side], homes[side], cwd, argv, stdin,
                                                 turn)
                row["cpu"].append(cpu)
                row["wall"].append(wall)
                row["status"].add(status)
                row["empty_cpu"].append(_run_command(repos[side], empties[side], cwd, argv,
                                                     stdin, turn)[0])
    return out


def _ms(samples: list[float]) -> float:
    return round(1000 * statistics.median(samples), 1) if samples else 0.0


def summarise(tools: dict[str, dict[str, Any]], commands: dict[str, dict[str, Any]]
              ) -> dict[str, Any]:
    summary: dict[str, Any] = {}
    for side in tools:
        summary[side] = {
            "idle_wait_s": tools[side].get("idle_wait_s"),
            "tools": {label: {"cpu_ms": _ms(row["cpu"]), "wall_ms": _ms(row["wall"]),
                              "errors": row["errors"]}
                      for label, row in tools[side]["tools"].items()},
            "commands": {label: {"cpu_ms": _ms(row["cpu"]), "empty_cpu_ms": _ms(row["empty_cpu"]),
                                 "wall_ms": _ms(row["wall"]),
                                 "status": sorted(row["status"])}
                         for label, row in commands.get(side, {}).get("commands", {}).items()}}
    return summary


def render(summary: dict[str, Any], memories: int) -> str:
    sides = list(summary)
    lines = [f"One call at {memories} memories: CPU ms, median (commands: the process, and "
             "on an empty store)"]
    head = "".join(f" | {side} cpu" for side in sides)
    lines.append(f"| MCP tool (server CPU){head} |")
    for label in summary[sides[0]]["tools"]:
        cells = "".join(f" | {summary[s]['tools'][label]['cpu_ms']:.0f}" for s in sides)
        lines.append(f"| {label}{cells} |")
    head = "".join(f" | {side} cpu / empty" for side in sides)
    lines.append(f"| command (process CPU){head} |")
    for label in summary[sides[0]]["commands"]:
        cells = "".join(f" | {summary[s]['commands'][label]['cpu_ms']:.0f} / "
                        f"{summary[s]['commands'][label]['empty_cpu_ms']:.0f}" for s in sides)
        lines.append(f"| {label}{cells} |")
    return "\n".join(lines)


def _leaves(home: Path) -> int:
    from store.catalog import CatalogReader
    from store.paths import StoreLayout

    return CatalogReader(StoreLayout.at_home(home)).counts().leaves


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.tool_cost", description=__doc__)
    parser.add_argument("--store", type=Path, required=True,
                        help="an IHMT_HOME holding a built store (copied, never changed)")
    parser.add_argument("--base", type=Path, default=None,
                        help="another checkout measured side by side (e.g. main's worktree)")
    parser.add_argument("--rounds", type=int, default=3, help="calls of each (default 3)")
    parser.add_argument("--work", type=Path, default=None, help="where the copies go")
    parser.add_argument("--skip-commands", action="store_true", help="MCP tools only")
    parser.add_argument("--out", type=Path, default=None, help="write the JSON here too")
    args = parser.parse_args(argv)
    repos = {"this": REPO}
    if args.base is not None:
        repos["base"] = args.base.resolve()
    with tempfile.TemporaryDirectory(prefix="ihmt-tool-cost-", dir=args.work) as tmp:
        work = Path(tmp)
        project = work / PROJECT
        (project / ".git").mkdir(parents=True)
        homes, empties = {}, {}
        for side in repos:
            homes[side] = work / f"store-{side}"
            shutil.copytree(args.store, homes[side], symlinks=True)
            empties[side] = work / f"empty-{side}"
            subprocess.run([sys.executable, "-m", "ihmt_async", "init", "--home",
                            str(empties[side])], env=_env(repos[side], empties[side]),
                           capture_output=True, check=True)
        memories = _leaves(homes["this"])
        tools = anyio.run(measure_tools, repos, homes, project, args.rounds)
        commands = {} if args.skip_commands else measure_commands(
            repos, homes, empties, project, args.rounds)
    summary = summarise(tools, commands)
    summary["memories"] = memories
    text = json.dumps(summary, indent=2)
    if args.out is not None:
        args.out.write_text(text + "\n", encoding="utf-8")
    sys.stdout.write(render({k: v for k, v in summary.items() if k != "memories"},
                            memories) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
