"""Three processes consolidate the same 500 new leaves at once: exactly one set of branches.

Each child runs a whole Runtime and, released together, either sends a forced Flush (the
blocking consolidation lock: they take turns, the later ones find nothing to do) or a Nudge
with background consolidation on (the try-lock: losers skip and try again after the quiet
period). The result must be the tree one process alone builds: no duplicate node, no lost
leaf, one branch file per catalog node.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from consolidation_store import TreeReport, build_leaves, check_tree

from actors.consolidation.messages import Flush
from ihmt_async.runtime import Runtime, open_store

LEAVES = 500
PROCESSES = 3
DOMAINS = ("work", "personal", "recetas")


def seed_store(home: Path) -> None:
    store = open_store(home)
    build_leaves(store.layout, store.locks, LEAVES, domains=DOMAINS)


def alone(seed: Path, home: Path, *, force: bool) -> TreeReport:
    """The tree one process builds over a copy of the same store."""
    shutil.copytree(seed, home)

    async def run() -> None:
        async with Runtime(home, background_consolidation=False) as rt:
            await rt.consolidation.ask(Flush(force=force))

    anyio.run(run)
    return check_tree(open_store(home).layout)


def together(spawn: Callable[..., Any], home: Path, *args: str,
             env: dict[str, str] | None = None) -> list[dict[str, Any]]:
    workers = [spawn(*args[:1], home, *args[1:], env=env) for _ in range(PROCESSES)]
    for worker in workers:
        worker.expect("ready")
    for worker in workers:
        worker.go()
    return [worker.result() for worker in workers]


def test_three_forced_flushes_build_one_tree(tmp_path: Path, spawn: Callable[..., Any]
                                             ) -> None:
    home = tmp_path / "shared"
    seed_store(home)
    expected = alone(home, tmp_path / "alone", force=True)

    results = together(spawn, home, "flush")
    assert sum(r["branches_written"] for r in results) == len(expected.nodes)
    assert sorted(r["branches_written"] > 0 for r in results) == [False, False, True]

    report = check_tree(open_store(home).layout)
    assert len(report.parents.keys() & report.leaves) == LEAVES, "every leaf has one parent"
    assert (report.nodes, report.parents) == (expected.nodes, expected.parents)


def test_three_nudged_processes_build_one_tree(tmp_path: Path, spawn: Callable[..., Any]
                                               ) -> None:
    home = tmp_path / "shared"
    seed_store(home)
    expected = alone(home, tmp_path / "alone", force=False)

    env = {**os.environ, "IHMT_CONSOLIDATION_QUIET_S": "0.05"}
    results = together(spawn, home, "nudge", str(LEAVES), env=env)
    assert sum(r["passes"] for r in results) >= 1

    report = check_tree(open_store(home).layout)
    assert (report.nodes, report.parents) == (expected.nodes, expected.parents)
    factor = open_store(home).settings.branch_factor
    assert len(report.leaves - report.parents.keys()) < factor * len(DOMAINS)
