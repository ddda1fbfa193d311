"""Check a store's files for damage and repair what the leaf files can vouch for.

``check`` is read-only and takes no locks: it reads the catalog, then the facts, then lists the
files (files are always written before the index lines that name them, so this order cannot
report a half-done save as damage), and re-reads the catalog journal before judging a leaf
unindexed. Leaves younger than ``grace_s`` are never called unindexed: a save may be between
writing its file and appending its catalog line.

``repair`` re-runs the checks INSIDE the lock of each table it changes (``catalog``, ``facts``,
``root``; a stale lock stamp by taking that lock), re-reading the current state there, and only
then appends its fixes through the journal, so it is safe while servers are running. It never
rewrites or deletes a leaf file; unreadable branch/root files (derived data) are renamed aside
as ``*.corrupt-<time>`` and re-made by the next consolidation pass.

This module may know the layout (it is in ``store``); it must never import ``actors`` or
``ihmt_async``: re-deriving facts from leaf text is the CLI's job (``ihmt-async rebuild``).
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from store import catalog as catalog_table
from store.atomic import TEMP_PREFIX, stray_temps, temp_owner_alive, write_json_atomic
from store.audit import append_audit
from store.catalog import CatalogCodec, Entries, entry_from_leaf
from store.errors import MalformedFile, StoreError
from store.factlog import FactsCodec, event_from_ihmt_fact, open_facts
from store.journal import Journal, utc_now
from store.leaf_format import LeafFile, read_leaf
from store.leaves import leaf_relpath_of
from store.locks import LOCK_ORDER, LockManager, is_held, read_holder
from store.paths import StoreLayout
from store.processes import pid_alive
from store.rebuild import scan_tree
from store.tree_files import iter_branch_files, iter_leaf_files, read_branch, read_root

STALE_TEMP_S = 3600.0


@dataclass(frozen=True)
class Problem:
    """One thing wrong on disk."""

    code: str
    """Stable machine name: entry_without_file, leaf_not_in_catalog, dangling_parent ..."""
    path: str
    """The file concerned (absolute)."""
    detail: str
    ref: str = ""
    """The id concerned, when there is one."""
    repairable: bool = True


@dataclass(frozen=True)
class Action:
    """One thing ``repair`` did."""

    code: str
    path: str
    detail: str


@dataclass
class _View:
    """What one pass of checks read from disk."""

    catalog: Journal[Entries] | None = None
    facts: Journal[list[dict[str, Any]]] | None = None
    leaves: dict[str, tuple[Path, LeafFile]] = field(default_factory=dict)
    branches: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    def add(self, code: str, path: Path | str, detail: str, ref: str = "",
            repairable: bool = True) -> None:
        self.problems.append(Problem(code, str(path), detail, ref, repairable))




# ---------------------------------------------------------------------------- checks


def _open_table(view: _View, journal: Journal[Any], what: str) -> Journal[Any] | None:
    try:
        journal.refresh()
    except MalformedFile as exc:
        view.add(f"unreadable_{what}", exc.path, exc.reason)
        return None
    if journal.skipped_lines:
        view.add(f"{what}_journal_bad_lines", journal.journal_path,
                 f"{journal.skipped_lines} line(s) are not JSON (cut short by a killed writer)")
    return journal


def _read_files(layout: StoreLayout, view: _View) -> None:
    for path in iter_branch_files(layout):
        try:
            node = read_branch(path)
        except MalformedFile as exc:
            view.add("unreadable_branch", path, exc.reason)
            continue
        view.branches[str(node["node_id"])] = node
    for path in iter_leaf_files(layout):
        try:
            leaf = read_leaf(path)
        except MalformedFile as exc:
            view.add("unreadable_leaf", path, exc.reason + " (fix it by hand or move it out of "
                     "the store, then run doctor again)", repairable=False)
            continue
        earlier = view.leaves.get(leaf.leaf_id)
        if earlier is not None:
            view.add("duplicate_leaf_id", path, f"leaf id {leaf.leaf_id} is also in "
                     f"{earlier[0]}; remove one by hand", leaf.leaf_id, repairable=False)
            continue
        view.leaves[leaf.leaf_id] = (path, leaf)
    try:
        read_root(layout)
    except MalformedFile as exc:
        view.add("unreadable_root", exc.path, exc.reason)


def _check_catalog(layout: StoreLayout, view: _View, now: float, grace_s: float) -> None:
    assert view.catalog is not None
    view.catalog.refresh()  # take in saves that finished while we listed the files
    entries = view.catalog.state
    for entry_id, entry in sorted(entries.items()):
        path = _entry_path(layout, entry)
        if path is None:
            view.add("entry_bad_path", layout.catalog_snapshot,
                     f"catalog entry {entry_id} has path {entry.get('path')!r}", entry_id)
        elif not path.exists():
            view.add("entry_without_file", path,
                     f"catalog entry {entry_id} ({entry.get('kind')}) has no file", entry_id)
    for leaf_id, (path, _) in sorted(view.leaves.items()):
        if leaf_id in entries:
            continue
        try:
            young = now - path.stat().st_mtime < grace_s
        except FileNotFoundError:
            continue
        if not young:
            view.add("leaf_not_in_catalog", path, f"leaf {leaf_id} is not in the catalog",
                     leaf_id)
    for entry_id, entry in sorted(entries.items()):
        reason = _dangling(entries, view.branches, entry_id, entry)
        if reason:
            view.add("dangling_parent", _entry_path(layout, entry) or layout.catalog_snapshot,
                     f"{entry_id}: {reason}", entry_id)


def _entry_path(layout: StoreLayout, entry: Mapping[str, Any]) -> Path | None:
    try:
        return layout.resolve(str(entry.get("path") or ""))
    except StoreError:
        return None


def _dangling(entries: Entries, branches: Mapping[str, Mapping[str, Any]], entry_id: str,
              entry: Mapping[str, Any]) -> str | None:
    parent_id = entry.get("parent_id")
    if not parent_id:
        return None
    parent = entries.get(str(parent_id))
    if parent is None:
        return f"parent {parent_id} is not in the catalog"
    if parent.get("kind") != "node":
        return f"parent {parent_id} is not a branch"
    node = branches.get(str(parent_id))
    if node is None:
        return None  # the parent's own file is missing or unreadable: reported on its own
    if entry_id not in node.get("child_ids", []):
        return f"parent {parent_id}'s branch file does not list it"
    return None


def _retracted(events: Iterable[Mapping[str, Any]]) -> set[str]:
    return {str(e.get("target")) for e in events if e.get("op") == "retract"}


def _orphan_facts(view: _View) -> list[dict[str, Any]]:
    assert view.facts is not None
    events = view.facts.state
    gone = _retracted(events)
    return [e for e in events if e.get("op") == "fact" and e.get("source_leaf_id")
            and str(e["source_leaf_id"]) not in view.leaves
            and str(e.get("fact_id")) not in gone and str(e["source_leaf_id"]) not in gone]


def _check_facts(layout: StoreLayout, view: _View) -> None:
    for event in _orphan_facts(view):
        view.add("fact_source_missing", layout.facts_journal,
                 f"fact {event.get('fact_id')} ({event.get('subject')} "
                 f"{event.get('attribute')} = {str(event.get('value'))[:40]!r}) comes from "
                 f"leaf {event['source_leaf_id']}, which is gone", str(event.get("fact_id")))


def _check_temps(layout: StoreLayout, view: _View, now: float) -> None:
    for path in stray_temps(layout.root):
        try:
            old = now - path.stat().st_mtime >= STALE_TEMP_S
        except FileNotFoundError:
            continue
        if not temp_owner_alive(path) or old:
            view.add("stray_temp", path, "temp file of a writer that died before its rename")


def _check_locks(layout: StoreLayout, view: _View) -> None:
    if not layout.locks_dir.exists():
        return
    for path in sorted(layout.locks_dir.glob("*.lock")):
        holder = read_holder(path)
        pid = holder.get("pid")
        if not isinstance(pid, int) or pid_alive(pid):
            continue
        if is_held(path):
            view.add("lock_held_by_dead_pid", path, f"held, but its stamp names pid {pid}, "
                     "which is not running (a child process inherited the lock?)",
                     repairable=False)
        elif path.stem in LOCK_ORDER:
            view.add("stale_lock_stamp", path, f"not held, but still names pid {pid} "
                     f"({holder.get('actor') or '?'}) which died while holding it")


def _gather(layout: StoreLayout, *, grace_s: float) -> _View:
    now = time.time()
    view = _View()
    view.catalog = _open_table(view, catalog_table.open_catalog(layout), "catalog")
    view.facts = _open_table(view, open_facts(layout), "facts")
    _read_files(layout, view)
    if view.catalog is not None:
        _check_catalog(layout, view, now, grace_s)
    if view.facts is not None:
        _check_facts(layout, view)
    _check_temps(layout, view, now)
    _check_locks(layout, view)
    return view


def check(layout: StoreLayout, *, grace_s: float = 5.0) -> list[Problem]:
    """Every problem found, read-only and lock-free."""
    if not layout.root.exists():
        return [Problem("no_store", str(layout.root), "the store directory does not exist",
                        repairable=False)]
    return _gather(layout, grace_s=grace_s).problems


# ---------------------------------------------------------------------------- repairs


def _quarantine(path: Path) -> Path:
    target = path.with_name(f"{path.name}.corrupt-{time.strftime('%Y%m%dT%H%M%S')}")
    os.replace(path, target)
    return target


def _journal_generation(path: Path) -> int | None:
    try:
        with open(path, "rb") as handle:
            header = json.loads(handle.readline())
        return int(header["generation"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _restore_table(journal: Journal[Any], payload: dict[str, Any], actions: list[Action],
                   what: str) -> None:
    """Replace an unreadable snapshot (lock held): the journal's records survive on top."""
    generation = _journal_generation(journal.journal_path)
    if generation is None and journal.journal_path.exists():
        moved = _quarantine(journal.journal_path)
        actions.append(Action(f"{what}_journal_quarantined", str(moved),
                              "the journal header was unreadable; moved aside"))
    if journal.snapshot_path.exists():
        moved = _quarantine(journal.snapshot_path)
        actions.append(Action(f"{what}_snapshot_quarantined", str(moved),
                              "the unreadable snapshot was moved aside"))
    write_json_atomic(journal.snapshot_path, {"schema_version": 1,
                                              "generation": generation or 0,
                                              "updated_at": utc_now(), **payload})
    journal.refresh()
    journal.compact()


def _salvage_events(path: Path) -> list[dict[str, Any]]:
    """Complete event (or IHMT fact) objects from a snapshot cut short."""
    try:
        raw = path.read_text(encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return []
    decoder = json.JSONDecoder()
    for key, ihmt in (('"events"', False), ('"facts"', True)):
        start = raw.find(key)
        if start < 0:
            continue
        index = raw.find("[", start)
        found: list[dict[str, Any]] = []
        while index >= 0:
            index += 1
            while index < len(raw) and raw[index] in " \t\r\n,":
                index += 1
            try:
                value, index = decoder.raw_decode(raw, index)
            except ValueError:
                break
            if isinstance(value, dict):
                found.append(event_from_ihmt_fact(value, utc_now()) if ihmt else value)
        return found
    return []


def _repair_catalog(layout: StoreLayout, actions: list[Action], grace_s: float) -> None:
    journal = catalog_table.open_catalog(layout)
    try:
        journal.refresh()
    except MalformedFile:
        entries = scan_tree(layout).entries
        _restore_table(journal, CatalogCodec().dump_snapshot(entries), actions, "catalog")
        actions.append(Action("catalog_rebuilt", str(layout.catalog_snapshot),
                              f"re-derived {len(entries)} entries from the leaf and branch "
                              "files (plus the journal's lines)"))
        return
    view = _gather(layout, grace_s=0.0)  # re-read everything inside the lock
    entries = journal.state
    records: list[dict[str, Any]] = []
    cleared: set[str] = set()

    def clear_children(node_id: str) -> None:
        for child_id, child in entries.items():
            if child.get("parent_id") == node_id and child_id not in cleared:
                cleared.add(child_id)
                records.append(catalog_table.patch(child_id, parent_id=None))
                actions.append(Action("parent_cleared", str(_entry_path(layout, child)),
                                      f"{child_id} lost its parent {node_id}; the next "
                                      "consolidation pass re-files it"))

    for problem in view.problems:
        if problem.code == "unreadable_branch":
            moved = _quarantine(Path(problem.path))
            actions.append(Action("branch_quarantined", str(moved), problem.detail))
            for node_id, entry in list(entries.items()):
                if _entry_path(layout, entry) == Path(problem.path):
                    records.append(catalog_table.delete(node_id))
                    clear_children(node_id)
    for problem in view.problems:
        if problem.code not in ("entry_without_file", "entry_bad_path"):
            continue
        entry = entries[problem.ref]
        found = view.leaves.get(problem.ref)
        if found is not None and entry.get("kind") == "leaf":
            path, leaf = found
            records.append(catalog_table.put(entry_from_leaf(
                leaf.header, leaf_relpath_of(layout, path), entry.get("parent_id"))))
            actions.append(Action("entry_path_fixed", str(path),
                                  f"{problem.ref} now points at the file where it is"))
            continue
        records.append(catalog_table.delete(problem.ref))
        actions.append(Action("entry_deleted", problem.path,
                              f"removed catalog entry {problem.ref}: its file is gone"))
        if entry.get("kind") == "node":
            clear_children(problem.ref)
    for problem in view.problems:
        if problem.code == "leaf_not_in_catalog":
            path, leaf = view.leaves[problem.ref]
            parent = leaf.get("parent_id")
            node = view.branches.get(str(parent)) if parent else None
            if node is None or parent not in entries or problem.ref not in node["child_ids"]:
                parent = None
            records.append(catalog_table.put(entry_from_leaf(
                leaf.header, leaf_relpath_of(layout, path), parent)))
            actions.append(Action("entry_added", str(path),
                                  f"indexed leaf {problem.ref} from its file"))
        elif problem.code == "dangling_parent" and problem.ref not in cleared:
            cleared.add(problem.ref)
            records.append(catalog_table.patch(problem.ref, parent_id=None))
            actions.append(Action("parent_cleared", problem.path,
                                  f"{problem.detail}; cleared so the next consolidation pass "
                                  "re-files it"))
    journal.append(records)
    if journal.skipped_lines:
        journal.compact()
        actions.append(Action("catalog_compacted", str(layout.catalog_journal),
                              "folded the journal into a new snapshot, dropping bad lines"))


def _repair_facts(layout: StoreLayout, actions: list[Action]) -> None:
    journal = open_facts(layout)
    try:
        journal.refresh()
    except MalformedFile:
        events = _salvage_events(layout.facts_snapshot)
        _restore_table(journal, FactsCodec().dump_snapshot(events), actions, "facts")
        actions.append(Action("facts_restored", str(layout.facts_snapshot),
                              f"kept {len(events)} complete event(s) of the damaged snapshot "
                              "plus the journal (the rest comes back from the leaves with "
                              "`ihmt-async rebuild`)"))
        journal = open_facts(layout)
        journal.refresh()
    view = _View(facts=journal)
    view.leaves = {leaf.leaf_id: (p, leaf) for p, leaf in _readable_leaves(layout)}
    orphans = _orphan_facts(view)
    if orphans:
        at = utc_now()
        by = {"agent": "doctor", "session": f"{os.getpid()}-doctor", "client_version": ""}
        events = [{"op": "retract", "target": str(e["fact_id"]), "kind": "fact",
                   "reason": f"its source memory {e['source_leaf_id']} is gone (doctor)",
                   "at": at, "by": by} for e in orphans]
        journal.append(events)
        append_audit(layout.audit_log, actor="doctor", action="retract.fact",
                     ids=[e["target"] for e in events], client="doctor",
                     session=by["session"], events=events)
        for event in events:
            actions.append(Action("fact_retracted", str(layout.facts_journal),
                                  f"retracted {event['target']}: {event['reason']}"))
    if journal.skipped_lines:
        journal.compact()
        actions.append(Action("facts_compacted", str(layout.facts_journal),
                              "folded the journal into a new snapshot, dropping bad lines"))


def _readable_leaves(layout: StoreLayout) -> Iterable[tuple[Path, LeafFile]]:
    for path in iter_leaf_files(layout):
        try:
            yield path, read_leaf(path)
        except MalformedFile:
            continue


def repair(layout: StoreLayout, locks: LockManager, *, timeout_s: float = 30.0,
           on_step: Callable[[str], None] | None = None) -> list[Action]:
    """Fix what can be fixed, each table under its own lock, and say what was done."""
    actions: list[Action] = []
    step = on_step or (lambda _: None)
    now = time.time()
    step("temps")
    for path in stray_temps(layout.root):
        try:
            if path.name.startswith(TEMP_PREFIX) and (
                    not temp_owner_alive(path) or now - path.stat().st_mtime >= STALE_TEMP_S):
                path.unlink()
                actions.append(Action("stray_temp_removed", str(path), "removed"))
        except FileNotFoundError:
            continue
    step("locks")
    view = _View()
    _check_locks(layout, view)
    for problem in view.problems:
        if problem.code == "stale_lock_stamp":
            with locks.hold_sync(Path(problem.path).stem, actor="doctor", timeout_s=timeout_s):
                pass  # taking and releasing the lock clears the dead holder's stamp
            actions.append(Action("lock_stamp_cleared", problem.path, problem.detail))
    step("root")
    with locks.hold_sync("root", actor="doctor", timeout_s=timeout_s):
        try:
            read_root(layout)
        except MalformedFile as exc:
            moved = _quarantine(exc.path)
            actions.append(Action("root_quarantined", str(moved), f"{exc.reason}; the next "
                                  "consolidation pass writes a new root.json"))
    step("catalog")
    with locks.hold_sync("catalog", actor="doctor", timeout_s=timeout_s):
        _repair_catalog(layout, actions, grace_s=0.0)
    step("facts")
    with locks.hold_sync("facts", actor="doctor", timeout_s=timeout_s):
        _repair_facts(layout, actions)
    return actions
