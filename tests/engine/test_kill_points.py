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
