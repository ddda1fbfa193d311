"""After a flush the tree is whole, agrees both ways, stays shallow, and a second flush is a no-op.

Real files and a real Runtime; ``check_tree`` (consolidation_store.py) reads everything back
from disk: root.json -> top_nodes -> branch child_ids reaches every leaf, catalog parent_id
<=> branch child_ids, one branch file per catalog node.
"""

from __future__ import annotations

import math

import pytest
from consolidation_store import build_leaves, check_tree, note_text, read_entries, tree_snapshot

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.provenance import Provenance
from ihmt_async.runtime import OpenedStore, Runtime
from store.leaf_format import read_leaf
from store.rebuild import scan_tree

pytestmark = pytest.mark.anyio

WHO = Provenance(agent="test-consolidation", session="s1")
EXTRA = (
    "Decidimos usar uv en lugar de pip para el repositorio de pagos; Ana lo documenta.",
    "The staging cluster in Frankfurt runs Kubernetes 1.29; upgrades happen on Tuesdays.",
    "Mi médico, la doctora Ruiz, cambió la dosis de vitamina D a 2000 UI al día.",
)


async def test_flush_files_every_leaf_and_repeating_it_changes_nothing(
        opened: OpenedStore) -> None:
    home = opened.layout.home
    async with Runtime(home, background_consolidation=False) as rt:
        for n in range(27):
            domain = (None, "work", "personal")[n % 3]
            await rt.ingest.ask(Save(content=note_text(n), domain=domain, provenance=WHO))
        for text in EXTRA:
            await rt.ingest.ask(Save(content=text, provenance=WHO))
        first = await rt.consolidation.ask(Flush(force=True))
        assert first.ran and first.branches_written > 0

        report = check_tree(opened.layout)
        assert not [leaf for leaf in report.leaves if leaf in report.parentless], \
            "a forced flush leaves no leaf without a branch"
        assert first.pending == 0 and first.nodes == len(report.nodes)
        before = tree_snapshot(opened.layout)

        again = await rt.consolidation.ask(Flush(force=True))
        assert (again.branches_written, again.leaves_placed, again.repaired) == (0, 0, 0)
        assert tree_snapshot(opened.layout) == before

    # A fresh process (cold caches) agrees that there is nothing left to do.
    async with Runtime(home, background_consolidation=False) as rt:
        third = await rt.consolidation.ask(Flush(force=True))
        assert third.branches_written == 0
    assert tree_snapshot(opened.layout) == before


async def test_the_catalog_is_what_a_rebuild_derives_from_the_files(opened: OpenedStore) -> None:
    build_leaves(opened.layout, opened.locks, 150, domains=("work", "personal", "recetas"))
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        await rt.consolidation.ask(Flush(force=True))
    check_tree(opened.layout)
    rebuilt = scan_tree(opened.layout)
    assert not rebuilt.problems
    assert rebuilt.entries == read_entries(opened.layout)


async def test_an_unforced_pass_files_full_groups_only(opened: OpenedStore) -> None:
    factor = opened.settings.branch_factor
    ids = build_leaves(opened.layout, opened.locks, 2 * factor + 3, domains=("work",))
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=False))
        assert (result.branches_written, result.pending) == (2, 3)
        report = check_tree(opened.layout)
        loose = [i for i in ids if i in report.parentless]
        assert loose == ids[-3:], "the newest leaves wait for the next group"

        forced = await rt.consolidation.ask(Flush(force=True))
        assert forced.pending == 0
        assert not check_tree(opened.layout).parentless & set(ids)


async def test_many_small_flushes_keep_the_tree_logarithmic(opened: OpenedStore) -> None:
    """A forced flush must not stack a new layer on the trunk every time it runs."""
    rounds, per_round = 14, 5
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        for r in range(rounds):
            build_leaves(opened.layout, opened.locks, per_round, domains=("work",),
                         start=r * per_round, tag=f"r{r}")
            await rt.consolidation.ask(Flush(force=True))
            report = check_tree(opened.layout)
            assert not report.parentless & report.leaves
    total = rounds * per_round
    factor = opened.settings.branch_factor
    assert report.depth <= 1 + math.ceil(math.log(total, factor)), report.depth


async def test_an_unreadable_leaf_does_not_hold_its_neighbours_back(
        opened: OpenedStore) -> None:
    factor = opened.settings.branch_factor
    ids = build_leaves(opened.layout, opened.locks, factor + 1, domains=("work",))
    broken = opened.layout.leaf_path("work", ids[2])
    broken.write_text("no header here", encoding="utf-8")
    async with Runtime(opened.layout.home, background_consolidation=False) as rt:
        result = await rt.consolidation.ask(Flush(force=False))
    assert result.branches_written == 1
    entries = read_entries(opened.layout)
    placed = [i for i in ids if entries[i]["parent_id"]]
    assert placed == [i for i in ids if i != ids[2]]
    assert read_leaf(opened.layout.leaf_path("work", ids[0])).text  # leaves are untouched
