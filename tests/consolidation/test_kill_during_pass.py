"""SIGKILL a process in the middle of a pass over 2,000 leaves; restart; flush: the store is
consistent and the tree is the very one an uninterrupted pass builds (branch ids are a hash of
their children). The kill lands in three windows: while leaves are read (a timer), right
after the first branch file appears (before any link), right after the first link.

The cut-short journal write and the stray branch file that a kill *can* leave are also made
by hand, so the repair path is exercised every run, not only when a kill lands just so.
"""

from __future__ import annotations

import os
import shutil
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import pytest
from consolidation_store import TreeReport, build_leaves, check_tree, read_entries

from actors.consolidation import tree
from actors.consolidation.messages import Flush
from actors.consolidation.summarizer import HeuristicSummarizer
from ihmt_async.runtime import OpenedStore, Runtime, open_store
from store.catalog import CatalogReader
from store.engine import Engine
from store.leaf_format import read_leaf
from store.paths import StoreLayout
from store.tree_files import iter_branch_files, write_branch

LEAVES = 2_000
DOMAINS = ("work", "personal")


async def flush(home: Path) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=True))
        assert result.ran


@pytest.fixture(scope="module")
def seed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A store of 2,000 parentless leaves, built once and copied by each test."""
    home = tmp_path_factory.mktemp("seed")
    store = open_store(home)
    build_leaves(store.layout, store.locks, LEAVES, domains=DOMAINS)
    return home


def copy_of(seed: Path, home: Path) -> StoreLayout:
    shutil.copytree(seed, home, dirs_exist_ok=True)
    return open_store(home).layout


@pytest.fixture(scope="module")
def reference(seed: Path, tmp_path_factory: pytest.TempPathFactory) -> TreeReport:
    """The tree an uninterrupted forced pass builds over the same 2,000 leaves."""
    layout = copy_of(seed, tmp_path_factory.mktemp("reference"))
    anyio.run(flush, layout.home)
    return check_tree(layout)


def first_branch_file(layout: StoreLayout) -> bool:
    return next(iter_branch_files(layout), None) is not None


def first_link(layout: StoreLayout) -> Callable[[], bool]:
    reader = CatalogReader(layout)
    seq = reader.last_seq()
    return lambda: reader.last_seq() > seq


@pytest.mark.parametrize("window", ["timer", "first_branch", "first_link"])
@pytest.mark.anyio
async def test_sigkill_mid_pass_then_restart_and_flush(
        store_home: Path, seed: Path, spawn: Callable[..., Any], reference: TreeReport,
        window: str) -> None:
    layout = copy_of(seed, store_home)
    conditions = {"first_branch": lambda: first_branch_file(layout),
                  "first_link": first_link(layout)}
    worker = spawn("pass", layout.home)
    worker.expect("ready")
    worker.go()
    started = time.monotonic()
    condition = conditions.get(window, lambda: time.monotonic() - started >= 0.3)
    with anyio.fail_after(60):
        while not condition():
            assert worker.proc.poll() is None, "the pass finished before the kill"
            await anyio.sleep(0.001)
    assert worker.kill() == -signal.SIGKILL
    assert not layout.root_file.exists(), "the pass had finished: the kill interrupted nothing"

    await flush(layout.home)
    report = check_tree(layout)
    assert report.leaves == reference.leaves
    assert not report.parentless & report.leaves
    assert report.nodes == reference.nodes
    assert report.parents == reference.parents
    assert not [p for p in layout.root.rglob(".ihmt-tmp-*")], "a dead writer's temp file"


def half_linked(layout: StoreLayout, ids: list[str]) -> dict[str, Any]:
    """A branch file for the first group, to which only three parent links get committed: what
    a hand edit (or a pass of an earlier version killed mid-write) leaves."""
    entries = read_entries(layout)
    group = [entries[i] for i in ids[:8]]
    leaves = [read_leaf(layout.resolve(e["path"])) for e in group]
    digests = [tree.digest_of_leaf(leaf.header, leaf.text, 320) for leaf in leaves]
    node = tree.build_branch(layer=1, domain="work", children=digests,
                             paths=[e["path"] for e in group],
                             summarizer=HeuristicSummarizer(), now="2026-01-01T00:00:00Z")
    write_branch(layout, node)
    return node


@pytest.mark.anyio
async def test_a_cut_short_link_write_is_completed(opened: OpenedStore) -> None:
    layout = opened.layout
    ids = build_leaves(layout, opened.locks, 20, domains=("work",))
    node = half_linked(layout, ids)
    records = tree.link_records(node, layout.branch_relpath(1, str(node["node_id"])))
    with opened.locks.hold_sync("catalog"):
        Engine(layout).commit(catalog=records[:3], logged=False)
    async with Runtime(layout.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=True))
    assert result.repaired == 1
    report = check_tree(layout)
    assert report.parents[ids[7]] == node["node_id"]
    assert not report.parentless & set(ids)


@pytest.mark.anyio
async def test_a_link_to_a_missing_branch_file_is_undone(opened: OpenedStore) -> None:
    layout = opened.layout
    ids = build_leaves(layout, opened.locks, 20, domains=("work",))
    node = half_linked(layout, ids)
    records = tree.link_records(node, layout.branch_relpath(1, str(node["node_id"])))
    with opened.locks.hold_sync("catalog"):
        Engine(layout).commit(catalog=records[:3], logged=False)
    os.unlink(layout.branch_path(1, str(node["node_id"])))  # a hand edit, say
    async with Runtime(layout.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=True))
    assert result.repaired == 1
    check_tree(layout)


@pytest.mark.anyio
async def test_a_stray_branch_file_is_removed(opened: OpenedStore) -> None:
    layout = opened.layout
    ids = build_leaves(layout, opened.locks, 20, domains=("work",))
    stray = half_linked(layout, ids[4:])  # a group the next pass will not form
    async with Runtime(layout.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=True))
    assert result.repaired == 1
    assert not layout.branch_path(1, str(stray["node_id"])).exists()
    report = check_tree(layout)
    assert stray["node_id"] not in report.nodes
