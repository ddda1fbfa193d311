"""SIGKILL at each step of a save (and during recovery), then a restart: the store opens
without ``doctor --repair``, every acknowledged save is there, the killed save is all there or
not there at all, and ``doctor`` finds nothing.

The worker stops itself at the step (a wrapper around the real function prints "at <step>" and
waits), so the kill always lands at the same place: deterministic, no sleeps.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from actors.facts.messages import History
from actors.navigation.messages import Search
from ihmt_async.runtime import Runtime
from store import doctor
from store.catalog import CatalogReader
from store.engine import Engine
from store.events import read_lines
from store.factlog import FactEventsReader
from store.paths import StoreLayout
from tests.worker_process import WorkerProcess

pytestmark = pytest.mark.anyio

POINTS = ("before_leaf", "after_leaf", "after_event_line", "inside_transaction", "after_commit")


def killed_mid_save(home: Path, spawn: Callable[..., WorkerProcess], point: str) -> list[str]:
    child = spawn("save-and-stop", home, point)
    acked = [child.expect("acked ").split()[1] for _ in range(3)]
    child.expect(f"at {point}")
    child.kill()
    return acked


async def check_after_restart(home: Path, acked: list[str]) -> bool:
    """Everything acknowledged is found; returns whether the killed fourth save survived."""
    layout = StoreLayout.at_home(home)
    async with Runtime(home, background_consolidation=False) as rt:
        entries = CatalogReader(layout).entries()
        leaves = {i for i, e in entries.items() if e["kind"] == "leaf"}
        assert set(acked) <= leaves
        for n, leaf_id in enumerate(acked):
            found = await rt.navigation.ask(Search(query=f"Zebra{n}"))
            assert leaf_id in {h.leaf_id for h in found.hits}
        history = await rt.facts.ask(History(subject="user", attribute="location"))
        fourth = await rt.navigation.ask(Search(query="Zebra3"))
    files = {p.stem for p in layout.leaves_dir.rglob("*.txt")}
    survived = len(leaves) == 4
    # All or nothing: the leaf file, its catalog row, its fact and its audit go together.
    assert files == leaves
    assert len(history) == len(leaves)
    assert [f.value for f in history].count("Lisbon") == int(survived)
    assert any("Zebra3" in h.text for h in fourth.hits) == survived
    facts = [e for e in FactEventsReader(layout).all_events() if e["op"] == "fact"]
    assert len(facts) == len(leaves)
    assert not Engine(layout).needs_recovery()
    return survived


@pytest.mark.parametrize("point", POINTS)
async def test_a_save_killed_at_each_step(tmp_path: Path, spawn: Callable[..., WorkerProcess],
                                          point: str) -> None:
    acked = killed_mid_save(tmp_path, spawn, point)
    survived = await check_after_restart(tmp_path, acked)
    # Before its event line the save never happened; from its event line on, it is completed.
    assert survived == (point in ("after_event_line", "inside_transaction", "after_commit"))
    assert doctor.check(StoreLayout.at_home(tmp_path), grace_s=0.0) == []


async def test_a_kill_during_recovery_is_recovered_by_the_next_start(
        tmp_path: Path, spawn: Callable[..., WorkerProcess]) -> None:
    acked = killed_mid_save(tmp_path, spawn, "inside_transaction")
    layout = StoreLayout.at_home(tmp_path)
    assert Engine(layout).needs_recovery()
    child = spawn("recover-and-stop", tmp_path)
    child.expect("at recovery")
    child.kill()
    assert Engine(layout).needs_recovery()  # the recovery's own transaction never committed
    assert await check_after_restart(tmp_path, acked)
    assert doctor.check(layout, grace_s=0.0) == []
    # The replayed line was applied once: one audit "save" per memory.
    lines = read_lines(layout.events_file).lines
    assert len(lines) == 4


async def test_a_migration_killed_before_its_commit_finishes_once_on_the_next_start(
        tmp_path: Path, spawn: Callable[..., WorkerProcess]) -> None:
    import json
    import shutil

    from tests.fixture_paths import IHMT_STORE_FIXTURE

    home = tmp_path / "home"
    shutil.copytree(IHMT_STORE_FIXTURE, home)
    layout = StoreLayout.at_home(home)
    ihmt_facts = json.loads(layout.legacy_facts.read_text(encoding="utf-8"))["facts"]
    child = spawn("migrate-and-stop", home)
    child.expect("at migration")
    child.kill()
    assert layout.legacy_catalog.exists()  # the old files stay until the migration commits
    async with Runtime(home, background_consolidation=False) as rt:
        history = await rt.facts.ask(History(subject="user", attribute="location"))
    assert {"Madrid", "Valencia"} <= {f.value for f in history}
    facts = [e for e in FactEventsReader(layout).all_events() if e["op"] == "fact"]
    assert len(facts) == len(ihmt_facts)  # applied once, not twice
    assert not layout.legacy_catalog.exists() and not layout.legacy_facts.exists()
    assert len(CatalogReader(layout).entries()) == 36
    assert doctor.check(layout, grace_s=0.0) == []


@pytest.mark.parametrize("point", ["after_leaf", "after_event_line"])
async def test_a_server_still_running_recovers_a_save_killed_beside_it(
        tmp_path: Path, spawn: Callable[..., WorkerProcess], point: str) -> None:
    """One process is killed mid-save while a server keeps running on the same store.
    ``doctor`` said "unfinished_save" / "events_not_applied" and exited 1 until some process
    restarted or ``--repair`` ran. What was left is no damage (nothing acknowledged depends on
    it), so doctor lists it as a leftover and exits 0, and the running server's maintenance
    finishes it: the killed save undone before its event line, completed after it."""
    import anyio

    from tests.mcp_client import server_session
    from tests.ops.ops_support import run_cli

    layout = StoreLayout.at_home(tmp_path)
    async with server_session(tmp_path, client_name="survivor") as survivor:
        await survivor.ok("save_memory", {"content": "The survivor keeps serving."})
        acked = killed_mid_save(tmp_path, spawn, point)
        found = doctor.examine(layout, grace_s=0.0)
        assert found.problems == []
        assert [p.code for p in found.leftovers] == (
            ["unfinished_save"] if point == "after_leaf"
            else ["unfinished_save", "events_not_applied"])
        done = run_cli(tmp_path, "doctor")
        assert done.returncode == 0 and "No problems found" in done.stdout, done.stdout
        if doctor.examine(layout, grace_s=0.0).leftovers:  # still there after doctor ran (on a
            # loaded machine the server's maintenance may finish it while doctor starts)
            assert "leftover" in done.stdout and found.leftovers[0].code in done.stdout
        with anyio.fail_after(30):  # the facts actor looks every few seconds
            while doctor.examine(layout, grace_s=0.0).leftovers:
                await anyio.sleep(0.2)
        answer = await survivor.ok("search_memory", {"query": "Zebra3"})
        for leaf_id in acked:
            assert leaf_id in CatalogReader(layout).entries()
    completed = point == "after_event_line"
    assert ("Zebra3" in answer) == completed
    leaves = {i for i, e in CatalogReader(layout).entries().items() if e["kind"] == "leaf"}
    assert len(leaves) == 5 if completed else 4
    assert {p.stem for p in layout.leaves_dir.rglob("*.txt")} == leaves
    assert doctor.examine(layout, grace_s=0.0) == doctor.Findings([], [])


async def test_a_rebuild_does_not_bring_back_a_save_killed_before_its_line(
        tmp_path: Path, spawn: Callable[..., WorkerProcess]) -> None:
    """``rebuild`` derives the catalog from the leaf files: the leaf of a save killed before
    its event line (never acknowledged) came back as a memory. It is undone first."""
    from tests.ops.ops_support import run_cli

    acked = killed_mid_save(tmp_path, spawn, "after_leaf")
    layout = StoreLayout.at_home(tmp_path)
    run_cli(tmp_path, "rebuild")
    leaves = {i for i, e in CatalogReader(layout).entries().items() if e["kind"] == "leaf"}
    assert leaves == set(acked)
    assert {p.stem for p in layout.leaves_dir.rglob("*.txt")} == leaves
    assert doctor.examine(layout, grace_s=0.0) == doctor.Findings([], [])
