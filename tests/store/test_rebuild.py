"""Rebuild: the catalog derived from the files equals the one a live system kept by appending."""

from __future__ import annotations

import gc
import json
from pathlib import Path

import pytest

from store.catalog import CatalogReader, entry_from_branch, entry_from_leaf, patch, put
from store.engine import Engine
from store.errors import MemoriesLost
from store.leaf_format import render_leaf
from store.leaves import write_leaf
from store.locks import LockManager
from store.paths import StoreLayout
from store.rebuild import rebuild_catalog, scan_tree
from store.tree_files import write_branch

LEAVES = [
    ("personal", "L-personal-0000-aaaaaaaaaa", "Me mudé a Valencia en marzo.", "2026-03-01"),
    ("personal", "L-personal-0001-bbbbbbbbbb", "My dentist is Dr. Ruiz.", "2026-03-04"),
    ("personal", "L-personal-0002-cccccccccc", "Prefiero el té al café.", "2026-04-10"),
    ("software.python", "L-software.python-0000-dddddddddd", "def f():\n    return 1\n",
     "2026-05-01"),
    ("software.python", "L-software.python-0001-eeeeeeeeee", "Use uv for venvs.", "2026-05-02"),
]


def leaf_header(domain: str, leaf_id: str, day: str, **more: object) -> dict[str, object]:
    return {"leaf_id": leaf_id, "schema_version": 1, "timestamp": f"{day}T10:00:00Z",
            "ingested_at": f"{day}T10:00:01Z", "data_type": "TEXT", "domain": domain,
            "title": f"{domain} note {leaf_id[-4:]}", "tags": [], "keywords": [],
            "entities": [], "parent_id": None, "source": "mcp://claude-code",
            "status": "ACTIVE", "scope": "project:demo", "origin": "user",
            "agent": "claude-code", "recorded_at": f"{day}T10:00:01Z", **more}


def branch(node_id: str, domain: str, child_ids: list[str], layer: int = 1,
           parent_id: str | None = None) -> dict[str, object]:
    return {"node_id": node_id, "schema_version": 1, "layer": layer, "domain": domain,
            "title": f"L{layer} {domain}", "parent_id": parent_id, "child_ids": child_ids,
            "children": [{"id": c, "title": c, "excerpt": "", "keywords": [], "tags": []}
                         for c in child_ids],
            "leaf_count": len(child_ids),
            "time_range": {"start": "2026-03-01T10:00:00Z", "end": "2026-04-10T10:00:00Z"},
            "created_at": "2026-06-01T00:00:00Z"}


def build_live(layout: StoreLayout, locks: LockManager) -> dict[str, dict[str, object]]:
    """Save leaves and file them under a branch the way the running system does: appends."""
    for domain, leaf_id, text, day in LEAVES:
        written = write_leaf(layout, leaf_header(domain, leaf_id, day), text)
        with locks.hold_sync("catalog"):
            Engine(layout).commit(
                catalog=[put(entry_from_leaf(written.leaf.header, written.relpath, None))],
                logged=False)
    personal = [leaf_id for domain, leaf_id, *_ in LEAVES if domain == "personal"]
    node = branch("N1-personal-0123456789", "personal", personal)
    path = write_branch(layout, node)
    with locks.hold_sync("catalog"):
        Engine(layout).commit(
            catalog=[put(entry_from_branch(node, layout.branch_relpath(1, node["node_id"])))]
            + [patch(child, parent_id=node["node_id"]) for child in personal], logged=False)
    assert path == layout.branch_path(1, "N1-personal-0123456789")
    return CatalogReader(layout).entries()


@pytest.fixture
def locks(layout: StoreLayout) -> LockManager:
    return LockManager(layout.locks_dir)


def test_rebuilt_catalog_equals_live(layout: StoreLayout, locks: LockManager) -> None:
    live = build_live(layout, locks)
    assert len(live) == len(LEAVES) + 1
    assert live["L-personal-0001-bbbbbbbbbb"]["parent_id"] == "N1-personal-0123456789"
    assert live["L-software.python-0000-dddddddddd"]["parent_id"] is None
    reader = CatalogReader(layout)
    _, seen = reader.changes_since(0)
    result = rebuild_catalog(layout, locks)
    assert result.problems == []
    assert result.entries == live
    assert CatalogReader(layout).entries() == live
    # Every row the rebuild wrote is a change an incremental reader takes in.
    changes, _ = reader.changes_since(seen)
    assert {c.entry_id for c in changes} == set(live)


def test_rebuild_drops_entries_without_files(layout: StoreLayout, locks: LockManager) -> None:
    live = build_live(layout, locks)
    gone = layout.leaf_path("personal", "L-personal-0002-cccccccccc")
    gone.unlink()
    reader = CatalogReader(layout)
    _, seen = reader.changes_since(0)
    # no whole copy of it is held (no full-text index here): refused, then dropped when asked
    with pytest.raises(MemoriesLost) as refused:
        rebuild_catalog(layout, locks)
    assert refused.value.leaves == (("L-personal-0002-cccccccccc", "is gone"),)
    assert set(CatalogReader(layout).entries()) == set(live)
    result = rebuild_catalog(layout, locks, accept_loss=True)
    assert set(result.entries) == set(live) - {"L-personal-0002-cccccccccc"}
    assert set(CatalogReader(layout).entries()) == set(result.entries)
    changes, _ = reader.changes_since(seen)
    deleted = [c for c in changes if c.entry is None]
    assert [(c.entry_id, c.domain) for c in deleted] == [("L-personal-0002-cccccccccc",
                                                          "personal")]


def test_corrupt_files_are_reported_and_skipped(layout: StoreLayout, locks: LockManager) -> None:
    live = build_live(layout, locks)
    folder = layout.leaf_dir("personal")
    good = render_leaf(leaf_header("personal", "L-personal-0009-ffffffffff", "2026-01-01"), "x")
    corrupt = {
        "L-personal-0100-truncated.txt": good[: good.index('"domain"')],
        "L-personal-0101-badjson.txt": "<<<IHMT-META\n{\"leaf_id\": \"L-x\",,}\nIHMT-META>>>\nx",
        "L-personal-0103-noheader.txt": "just text that someone dropped here\n",
    }
    for name, raw in corrupt.items():
        (folder / name).write_text(raw, encoding="utf-8")
    latin = folder / "L-personal-0102-latin1.txt"
    latin.write_bytes(good[:-1].encode() + "café".encode("latin-1"))
    bad_branch = layout.branch_path(1, "N1-broken-0000000000")
    bad_branch.write_text("{\"node_id\": ", encoding="utf-8")
    future_branch = layout.branch_path(2, "N2-future-0000000000")
    future_branch.parent.mkdir(parents=True, exist_ok=True)
    future_branch.write_text(json.dumps({**branch("N2-future-0000000000", "personal", [], 2),
                                         "schema_version": 9}), encoding="utf-8")

    result = rebuild_catalog(layout, locks)
    reasons = {path.name: reason for path, reason in result.problems}
    assert set(reasons) == {*corrupt, latin.name, bad_branch.name, future_branch.name}
    assert "not closed" in reasons["L-personal-0100-truncated.txt"]
    assert "JSON" in reasons["L-personal-0101-badjson.txt"]
    assert "UTF-8" in reasons[latin.name]
    assert "missing" in reasons["L-personal-0103-noheader.txt"]
    assert "JSON" in reasons[bad_branch.name]
    assert "schema_version" in reasons[future_branch.name]
    for path, _ in result.problems:
        assert path.is_absolute() and path.exists()
    assert result.entries == live


def test_rebuild_of_ihmt_fixture(ihmt_copy: StoreLayout) -> None:
    ihmt_catalog = json.loads(ihmt_copy.legacy_catalog.read_text(encoding="utf-8"))["entries"]
    locks = LockManager(ihmt_copy.locks_dir)
    result = rebuild_catalog(ihmt_copy, locks)
    assert result.problems == []
    kinds = [e["kind"] for e in result.entries.values()]
    assert kinds.count("leaf") == 30 and kinds.count("node") == 6
    assert {k: e["parent_id"] for k, e in result.entries.items()} == \
        {k: e["parent_id"] for k, e in ihmt_catalog.items()}
    for key, theirs in ihmt_catalog.items():
        ours = result.entries[key]
        for field in ("kind", "layer", "domain", "path", "title", "leaf_count", "status"):
            assert ours[field] == theirs[field], (key, field)
    # The rebuilt catalog is the store's catalog.
    assert CatalogReader(ihmt_copy).entries() == result.entries


def test_scan_does_not_write(layout: StoreLayout, locks: LockManager) -> None:
    build_live(layout, locks)
    # build_live's connections may linger in reference cycles; closing the last one
    # checkpoints and removes the WAL, which must not happen between the two snapshots.
    gc.collect()
    before = sorted((p, p.stat().st_mtime_ns) for p in Path(layout.root).rglob("*")
                    if p.is_file())
    scan_tree(layout)
    after = sorted((p, p.stat().st_mtime_ns) for p in Path(layout.root).rglob("*")
                   if p.is_file())
    assert before == after


@pytest.mark.parametrize("broken", [
    {"layer": "one"}, {"leaf_count": None}, {"time_range": "2026"}, {"node_id": ["N1-x"]},
    {"child_ids": [{"id": "L-personal-0000-aaaaaaaaaa"}]}, {"layer": True},
])
def test_branch_of_wrong_shape_is_a_problem_not_a_crash(
        layout: StoreLayout, locks: LockManager, broken: dict[str, object]) -> None:
    live = build_live(layout, locks)
    path = layout.branch_path(1, "N1-hand-edited-000")
    path.write_text(json.dumps({**branch("N1-hand-edited-000", "personal", []), **broken}),
                    encoding="utf-8")
    result = rebuild_catalog(layout, locks)
    assert [p for p, _ in result.problems] == [path]
    assert result.entries == live
