"""Rebuild the catalog from the tree files alone (leaves plus branches).

The catalog is an index: every entry comes from a leaf header or a branch file through
``store.catalog.entry_from_*``, and a leaf's parent is the branch that lists it in
``child_ids`` (falling back to the leaf header's ``parent_id`` when that branch exists).
Corrupt files are reported with path and reason and skipped; they never stop a rebuild.
The new catalog replaces the old in one transaction under the ``catalog`` lock; ids that
disappear are reported as deleted to incremental readers (``CatalogReader.changes_since``).
``set_aside_damaged`` moves a database that cannot be read out of the way first.
A caller may watch the scan through a ``ProgressFn`` (files read of files found).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from store.catalog import CatalogReader, Entries, entry_from_branch, entry_from_leaf
from store.db import connect, transaction
from store.engine import Engine, events_accepted, events_lost, settle_damage
from store.errors import (
    DamagedDatabase,
    EventLineDamaged,
    EventsLost,
    MalformedFile,
    MemoriesLost,
)
from store.events import read_lines, size_of
from store.factlog import FactEventsReader, retracted_targets
from store.leaf_format import read_leaf
from store.leaves import leaf_relpath_of
from store.locks import LockManager
from store.paths import StoreLayout
from store.progress import ProgressFn, no_progress
from store.salvage import LostLeaf, lost_leaves, restore_all, set_aside
from store.tree_files import iter_branch_files, iter_leaf_files, read_branch


@dataclass
class ScanResult:
    entries: Entries = field(default_factory=dict)
    problems: list[tuple[Path, str]] = field(default_factory=list)
    restored: list[tuple[LostLeaf, Path | None]] = field(default_factory=list)
    """Memories whose file was written again from the whole copy the store held, each with
    where its damaged file was kept (None: the file was gone)."""


def scan_tree(layout: StoreLayout, progress: ProgressFn = no_progress) -> ScanResult:
    """Derive every catalog entry from the files on disk (branches first: they name parents)."""
    result = ScanResult()
    parents: dict[str, str] = {}
    branch_files = list(iter_branch_files(layout))
    leaf_files = list(iter_leaf_files(layout))
    total = len(branch_files) + len(leaf_files)
    for done, path in enumerate(branch_files):
        progress(done, total)
        try:
            node = read_branch(path)
        except MalformedFile as exc:
            result.problems.append((path, exc.reason))
            continue
        entry = entry_from_branch(node, leaf_relpath_of(layout, path))
        result.entries[entry["id"]] = entry
        for child in node.get("child_ids", []):
            parents[str(child)] = entry["id"]
    for node_id, entry in result.entries.items():
        declared = entry["parent_id"] if entry["parent_id"] in result.entries else None
        entry["parent_id"] = parents.get(node_id, declared)
    for done, path in enumerate(leaf_files, start=len(branch_files)):
        progress(done, total)
        try:
            leaf = read_leaf(path)
        except MalformedFile as exc:
            result.problems.append((path, exc.reason))
            continue
        parent = parents.get(leaf.leaf_id)
        header_parent = leaf.get("parent_id")
        if parent is None and header_parent in result.entries:
            parent = header_parent
        relpath = leaf_relpath_of(layout, path)
        result.entries[leaf.leaf_id] = entry_from_leaf(leaf.header, relpath, parent)
    progress(total, total)
    return result


def rebuild_catalog(layout: StoreLayout, locks: LockManager, *, actor: str = "rebuild",
                    progress: ProgressFn = no_progress, accept_loss: bool = False
                    ) -> ScanResult:
    """Replace the catalog with one derived from the files, under the catalog lock. The
    memories of the old catalog the files no longer give are written again from the whole
    copy the store holds, or the rebuild refuses (``MemoriesLost``) unless ``accept_loss``."""
    with locks.hold_sync("catalog", actor=actor):
        result = scan_tree(layout, progress)
        restored = _salvage(layout, result, accept_loss)
        if restored:
            result = scan_tree(layout, progress)
            result.restored = restored
        engine = Engine(layout, rebuilding=True)
        try:
            with transaction(engine.connection(), layout.database) as tx:
                tx.replace_catalog(result.entries.values())
        finally:
            engine.close()
    return result


def _salvage(layout: StoreLayout, scan: ScanResult, accept_loss: bool
             ) -> list[tuple[LostLeaf, Path | None]]:
    """Before the old catalog is replaced (it is then the only list of what was stored): its
    memories the scan did not give, not forgotten, restored from a whole copy, or refused.
    A database set aside or deleted left no catalog to compare with."""
    if not layout.database.exists():
        return []
    reader = CatalogReader(layout)
    try:
        old = reader.entries()
    finally:
        reader.close()
    lost = lost_leaves(layout, old, scan.entries,
                       {path.name: why for path, why in scan.problems})
    if lost:
        facts = FactEventsReader(layout)
        try:
            forgotten = retracted_targets(facts.all_events())
        finally:
            facts.close()
        lost = [leaf for leaf in lost if leaf.leaf_id not in forgotten]
    beyond = [leaf for leaf in lost if not leaf.restorable]
    if beyond and not accept_loss:
        raise MemoriesLost(tuple((leaf.leaf_id, leaf.state) for leaf in beyond))
    return restore_all(layout, lost)


def undo_dead_saves(layout: StoreLayout) -> list[str]:
    """Before the files are read as the truth: undo what writers that died mid-save left
    (``Engine.recover``), so the leaf of a save killed before its event line (never
    acknowledged) is removed, not re-derived into a memory. Locks held; a store without a
    readable database has nothing recorded to undo."""
    if not layout.database.exists():
        return []
    engine = Engine(layout)
    try:
        return engine.recover().rolled_back
    finally:
        engine.close()


def set_aside_damaged(layout: StoreLayout) -> list[Path]:
    """Rename a database that cannot be opened (and its -wal/-shm) to ``*.corrupt-<time>``."""
    try:
        conn = connect(layout, create=False)
        if conn is not None:
            try:  # a damaged page past the header opens fine: read every page once
                verdict = conn.execute("PRAGMA quick_check").fetchone()
            finally:
                conn.close()
            if verdict is not None and str(verdict[0]).lower() != "ok":
                raise DamagedDatabase(layout.database, str(verdict[0]))
    except DamagedDatabase:
        pass
    else:
        return []
    moved: list[Path] = []
    stamp = time.strftime("%Y%m%dT%H%M%S")
    for suffix in ("", "-wal", "-shm"):
        path = layout.database.with_name(layout.database.name + suffix)
        if path.exists():
            moved.append(set_aside(path, stamp))
    return moved


def settle_events(layout: StoreLayout) -> None:
    """After a completed rebuild the database holds exactly what the event file replays: a
    loss recorded before (``EVENTS_LOST``) and the damaged lines it skipped are settled."""
    conn = connect(layout, create=False)
    if conn is None:
        return
    try:
        with transaction(conn, layout.database) as tx:
            settle_damage(tx, size_of(layout.events_file))
    finally:
        conn.close()


def check_events_whole(layout: StoreLayout) -> None:
    """Raise ``EventsLost`` when the event file is shorter than what the database applied
    from it (lines lost: a rebuild replaying the file would undo them), ``EventLineDamaged``
    when a line of it is damaged (the same loss, one line at a time). Refusing, rather than
    rebuilding the rest and reporting the line: the rebuild replaces the database, the one
    place the line's content still lives, so going on loses it for good."""
    conn = connect(layout, create=False)
    if conn is None:
        return
    try:
        lost = events_lost(conn, layout.events_file)
        accepted = events_accepted(conn)
    finally:
        conn.close()
    if lost is not None:
        applied, size, _ = lost
        raise EventsLost(layout.events_file, applied, size)
    # the damage only, as ``doctor`` reads it: parsing every line held 270 MB at 50k memories
    damaged = [line for line in read_lines(layout.events_file, records=False).damaged
               if line.offset >= accepted]
    if damaged:
        first = damaged[0]
        raise EventLineDamaged(layout.events_file, first.line, first.offset, first.why)
