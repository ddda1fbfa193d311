"""Check a store's files for damage and repair what the leaf files can vouch for.

``check`` is read-only and takes no locks: it reads the catalog, then the facts, then lists the
files (files are always written before the rows that name them, so this order cannot report a
half-done save as damage), and re-reads the catalog before judging a leaf unindexed. Leaves
younger than ``grace_s``, or noted as pending by a live save, are never called unindexed.
What writers interrupted mid-change left (a save killed, or refused by a full disk, before
its commit; event lines not yet applied; a dead writer's temp file) is listed apart as
leftovers (``Findings``): nothing acknowledged depends on them and the store finishes them by
itself, so they do not make it unclean. Lock stamps that name a killed process are not
problems either: the kernel dropped the lock with the process. A store the user running
doctor may not write is one (``store.writable``): nothing is damaged, but every save fails.

``repair`` re-runs the checks INSIDE the locks of what it changes (``catalog``, ``facts``,
``root``), re-reading the current state there, and commits its fixes in transactions, so it is
safe while servers are running. It never rewrites a leaf file; the only leaf files it deletes
are those of saves that were never acknowledged (``recover``). Unreadable branch/root files
(derived data) are renamed aside as ``*.corrupt-<time>`` and re-made by the next consolidation
pass; a damaged database is renamed aside and the CLI rebuilds it from the files.

This module may know the layout (it is in ``store``); it must never import ``actors`` or
``ihmt_async``: re-deriving facts from leaf text is the CLI's job (``ihmt-async rebuild``).
"""

from __future__ import annotations

import errno
import itertools
import os
import pwd
import sqlite3
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from store import catalog as catalog_table
from store import event_restore, fulltext
from store.atomic import TEMP_PREFIX, stray_temps, temp_owner_alive
from store.audit import audit_record
from store.catalog import CatalogReader, Entries, entry_from_leaf
from store.db import FactRow, get_meta, pending_rows
from store.engine import Engine, events_accepted, is_blank
from store.errors import DamagedDatabase, InputError, MalformedFile, StoreError
from store.event_place import EVENTS_ASTRAY
from store.events import Line, read_lines, utc_now
from store.factlog import FactEventsReader, retracted_targets
from store.leaf_format import LeafFile, leaf_from_bytes
from store.leaves import leaf_relpath_of
from store.locks import LockManager, is_held, read_holder, remove_empty_lock_dirs
from store.migrate import legacy_files
from store.paths import StoreLayout
from store.processes import pid_alive
from store.rebuild import set_aside_damaged
from store.salvage import LostLeaf, lost_leaves, restore_all, set_aside
from store.tree_files import iter_branch_files, iter_leaf_files, read_branch, read_root
from store.writable import Refusal, refusals

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

    catalog: Entries | None = None
    facts: list[dict[str, Any]] | None = None
    in_flight: set[str] = field(default_factory=set)
    """Leaves a live process is saving right now (pending rows of live pids)."""
    dead_saves: set[str] = field(default_factory=set)
    """Leaves of saves whose process died before their event line (pending rows of dead
    pids): leftovers, never acknowledged, not unindexed memories."""
    waiting_saves: set[str] = field(default_factory=set)
    """Leaves put by event lines the database has not applied yet: durable, indexed by the
    next apply (the ``events_not_applied`` leftover), not unindexed memories. After `state/`
    was deleted under a running server every save since is one, and doctor listed each as
    ``leaf_not_in_catalog`` with no word that the next start indexes it."""
    notes: list[str] = field(default_factory=list)
    """Things worth saying that are not damage (a torn event line of an unacknowledged save)."""
    leaves: dict[str, tuple[Path, LeafFile]] = field(default_factory=dict)
    unreadable: dict[Path, str] = field(default_factory=dict)
    """Leaf files that cannot be parsed, with why."""
    lost: list[LostLeaf] = field(default_factory=list)
    """Memories the catalog holds whose file is gone or damaged (``store.salvage``)."""
    branches: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    leftovers: list[Problem] = field(default_factory=list)
    """What writers that died mid-change left and the store finishes by itself (see
    ``Findings``)."""
    conditions: list[str] = field(default_factory=list)
    """How the store stands that is no problem but changes what works (see ``Findings``)."""

    def add(self, code: str, path: Path | str, detail: str, ref: str = "",
            repairable: bool = True) -> None:
        self.problems.append(Problem(code, str(path), detail, ref, repairable))

    def leftover(self, code: str, path: Path | str, detail: str, ref: str = "") -> None:
        self.leftovers.append(Problem(code, str(path), detail, ref))


@dataclass(frozen=True)
class Findings:
    """What ``examine`` found: ``problems`` make a store unclean; ``leftovers`` do not.

    A leftover is what a writer killed mid-change left behind, which nothing acknowledged
    depends on and which the store's own protocol finishes without anyone: a save killed
    before its event line (its leaf was never acknowledged; undone), event lines the database
    has not applied (durable; applied), a temp file of a dead writer (never renamed into
    place; removed). Servers still running do it (the facts actor's maintenance; temp files:
    the next start's first consolidation pass), any start does it, ``--repair`` does it now.
    Reporting them as damage made ``doctor`` fail after every kill, even with the survivors
    about to clean up.
    """

    problems: list[Problem]
    leftovers: list[Problem]
    notes: list[str] = field(default_factory=list)
    """How the store stands that is no problem but changes what works: a store on a
    read-only mount (a backup browsed, a store shared read-only) is searched as usual and
    refuses saves as designed, so it stays clean, but doctor says so."""




# ---------------------------------------------------------------------------- checks


def _open_db(layout: StoreLayout, view: _View) -> None:
    """Read catalog and facts (committed data only); a damaged database is one problem."""
    if not layout.database.exists():
        if legacy_files(layout):
            view.add("store_not_migrated", layout.state_dir, "the store was written by an earlier "
                     "version (or IHMT); the next start (or --repair) migrates it")
        elif layout.events_file.exists() or any(layout.leaves_dir.rglob("*.txt")):
            view.add("database_missing", layout.database, "state/ is gone; --repair (or the "
                     "next start) rebuilds it from the leaf files and the event file")
        if view.problems:
            return
    catalog, facts = CatalogReader(layout), FactEventsReader(layout)
    try:
        view.catalog = catalog.entries()
        view.facts = facts.all_events()
        conn = catalog.connection()
        if conn is not None:
            # every page read once: a garbage page deep in the file that no query of the
            # checks above happened to meet (servers went on serving from it)
            verdict = str(conn.execute("PRAGMA quick_check").fetchone()[0])
            if verdict != "ok":
                raise DamagedDatabase(layout.database, verdict)
            if is_blank(conn, layout.events_file) and any(layout.leaves_dir.rglob("*.txt")):
                view.leftover("database_blank", layout.database,
                              "the database holds none of the event file's lines (it was "
                              "made anew: state/ deleted under a running server?); the next "
                              "start applies them to it, --repair does it now")
                view.catalog = view.facts = None  # empty, not a catalog to check leaves by
                return
            applied = int(get_meta(conn, "events_offset") or 0)
            rows = pending_rows(conn)
            view.in_flight = {i for i, _p, pid in rows if pid_alive(pid)}
            dead = [i for i, _p, pid in rows if not pid_alive(pid)]
            if dead:
                view.dead_saves = set(dead)
                view.leftover("unfinished_save", layout.database,
                              f"{len(dead)} leaf file(s) of saves interrupted before their "
                              "commit (their process was killed, or the disk refused the "
                              "save before its file could be taken back) "
                              f"({', '.join(dead[:5])}), never acknowledged: {_FINISHED_BY}",
                              dead[0])
            _check_events(layout, view, applied, conn)
            _check_fulltext(layout, view, catalog)
    except DamagedDatabase as exc:
        view.catalog = view.facts = None
        view.add("database_damaged", exc.path, exc.reason)
    finally:
        catalog.close()
        facts.close()


def _check_fulltext(layout: StoreLayout, view: _View, catalog: CatalogReader) -> None:
    """An index the next start must redo before it serves (a lost, stale or foreign one):
    not damage to any memory, but a slow start that ``--repair`` can take now instead."""
    last = catalog.last_seq()
    if not last:
        return
    state = fulltext.inspect(layout)
    if not state.checked:
        return
    path = fulltext.index_dir(layout)
    redo = "the next start re-indexes every memory before it serves; --repair does it now"
    if state.unusable:
        view.add("fulltext_unusable", path, f"the shared full-text index: {state.unusable}; "
                 f"{redo}")
    elif state.watermark is not None and state.watermark.seq > last:
        view.add("fulltext_ahead", path, "the shared full-text index names catalog changes "
                 f"the database never made (the database was rebuilt); {redo}")
    else:
        behind = catalog.count_changes_since(state.watermark.seq if state.watermark else 0)
        if behind > fulltext.BACKLOG:
            missing = " (it is missing)" if state.watermark is None else ""
            view.add("fulltext_behind", path, f"{behind} catalog change(s) are not in the "
                     f"shared full-text index{missing}; the next start indexes them before it "
                     "serves; --repair does it now")


def _check_events(layout: StoreLayout, view: _View, applied: int,
                  conn: sqlite3.Connection) -> None:
    reading = event_restore.Reading(layout, conn)  # the whole file, read once for all below
    refused = event_restore.refusal(reading)
    fix = (_REWRITE if refused is None else f"--repair cannot write it again from the "
           f"database: {refused}. Restore the file from a backup, or `rebuild --accept-loss`")
    where = reading.where
    astray = get_meta(conn, EVENTS_ASTRAY)
    if astray or not where.found:
        at = astray.partition(" ")[0] if astray else str(where.recorded)
        when = "a start found" if astray else "the next start will find"
        view.add("event_place_lost", layout.events_file,
                 f"bytes before what the database applied of it (byte {at}) were changed: "
                 f"{when} the last line it applied nowhere, so which lines it applied cannot "
                 "be told, and none is applied (none twice, none skipped unseen). "
                 f"{fix}", repairable=refused is None)
    elif where.moved:
        applied = where.offset  # bytes inserted or removed before it: read on from there
    lost = reading.lost
    if lost is not None:
        had, held, earlier = lost
        later = (" (a start found it so; the saves since were appended after what was left)"
                 if earlier else "")
        view.add("event_file_shorter", layout.events_file,
                 f"the database has applied {had} bytes of it but it held {held}{later}: "
                 "lines were lost, and the database is the only copy of what they held "
                 "(retractions, reviews, supersessions, facts' ids; a rebuild would undo "
                 f"them, so `rebuild` refuses). {fix}", repairable=refused is None)
        if not earlier:
            return
    # the whole file, not only past ``applied``: a line damaged long after it was applied is
    # what a rebuild would lose (a forgotten memory served again)
    found = reading.lines
    accepted = events_accepted(conn)  # replayed by a completed rebuild: no loss any more
    for damaged in (line for line in found.damaged if line.offset >= accepted):
        view.add("event_line_damaged", layout.events_file,
                 f"line {damaged.line} (from byte {damaged.offset}) is damaged: {damaged.why}. "
                 "What it recorded (a save, a retraction, a review) cannot be read back; the "
                 "database keeps what it applied, but a rebuild would lose it, so `rebuild` "
                 f"refuses. {fix}", repairable=refused is None)
    if any(line.end > applied for line in found.lines):
        # a live writer appends its line, then commits: what it committed while we read the
        # file is applied, not a leftover (read the offset again, after the lines)
        now_applied = int(get_meta(conn, "events_offset") or 0)
        waiting = [line for line in found.lines if line.end > now_applied]
        if waiting:
            view.waiting_saves = _leaves_put(read_lines(layout.events_file, now_applied,
                                                        keys=("catalog",)).lines)
            view.leftover("events_not_applied", layout.events_file,
                          f"{len(waiting)} transaction line(s) are not in the database yet "
                          f"(durable in this file; applied, not lost): {_FINISHED_BY}")
    if found.torn_tail or any(offset >= applied for offset in found.bad):
        view.notes.append(f"{layout.events_file}: a line cut short by an interrupted write "
                          "(an unacknowledged change) is skipped")


_REWRITE = ("--repair writes the file again from the database, which applied all of it: "
            "every readable line kept, what the database holds and they do not written in "
            "place of the lost lines (the damaged file is kept beside it as "
            "events.jsonl.corrupt-<time>), so a rebuild gives what the store serves now")


def _leaves_put(lines: Iterable[Line]) -> set[str]:
    return {str(change["entry"]["id"]) for line in lines
            for change in line.record.get("catalog") or ()
            if change.get("op") == "put" and (change.get("entry") or {}).get("kind") == "leaf"}


READERS = 4
"""Threads reading leaf files' bytes at once. Every leaf must be read (its header must parse:
a leaf that does not is the one problem only its content shows), and at 50,000 memories on a
busy machine the reads waited on the disk one at a time (11-41 s wall for 8 s of CPU). The
threads only read; the headers are parsed here, in the listing's order (the same duplicate
is named), so the parsing does not contend for the interpreter."""
READ_WINDOW = 256


def _read_leaves(paths: Iterable[Path]) -> Iterator[tuple[Path, LeafFile | MalformedFile]]:
    """Each leaf file read (or why it cannot be), in the order given."""
    listed = iter(paths)
    with ThreadPoolExecutor(max_workers=READERS, thread_name_prefix="doctor-read") as pool:
        while window := list(itertools.islice(listed, READ_WINDOW)):
            for path, raw in zip(window, pool.map(Path.read_bytes, window), strict=True):
                try:
                    yield path, leaf_from_bytes(raw, path)
                except MalformedFile as exc:
                    yield path, exc


def _read_files(layout: StoreLayout, view: _View) -> None:
    for path in iter_branch_files(layout):
        try:
            node = read_branch(path)
        except MalformedFile as exc:
            view.add("unreadable_branch", path, exc.reason)
            continue
        view.branches[str(node["node_id"])] = node
    for path, leaf in _read_leaves(iter_leaf_files(layout)):
        if isinstance(leaf, MalformedFile):
            view.unreadable[path] = leaf.reason  # reported by ``_check_lost``
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


_FINISHED_BY = ("a running server finishes it within a minute, as does the next start; "
                "--repair does it now")
"""What a leftover's note promises: the facts actor's maintenance looks every few seconds
(half a minute after a disk refused it), ``prepare_store`` at every start."""


def _check_catalog(layout: StoreLayout, view: _View, now: float, grace_s: float) -> None:
    # Re-read: take in saves that finished while we listed the files.
    entries = CatalogReader(layout).entries()
    view.catalog = entries
    where = _EntryPaths(layout)
    forgotten = retracted_targets(view.facts or ())
    for entry_id, entry in sorted(entries.items()):
        path, exists = where.of(entry)
        if path is None:
            view.add("entry_bad_path", layout.database,
                     f"catalog entry {entry_id} has path {entry.get('path')!r}", entry_id)
        elif not exists and (entry.get("kind") != "leaf" or entry_id in view.leaves
                             or entry_id in forgotten):
            # a leaf's file found elsewhere is re-pointed; a forgotten memory's entry dropped;
            # any other memory whose file is gone is a loss (``_check_lost``)
            view.add("entry_without_file", path,
                     f"catalog entry {entry_id} ({entry.get('kind')}) has no file", entry_id)
    for leaf_id, (path, _) in sorted(view.leaves.items()):
        if (leaf_id in entries or leaf_id in view.in_flight or leaf_id in view.dead_saves
                or leaf_id in view.waiting_saves):
            continue  # a dead save's leaf is its leftover: undone, never indexed; a waiting
            # one's line is durable and the next apply indexes it
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
            view.add("dangling_parent", _entry_path(layout, entry) or layout.database,
                     f"{entry_id}: {reason}", entry_id)


class _EntryPaths:
    """``layout.resolve`` of every catalog entry's path and whether its file exists, with each
    directory resolved once: resolving every path (a ``lstat`` of each of its components) and
    then ``exists`` were 6 of doctor's 30 s at 50,000 memories. A file that is a symlink, or a
    path that is not plain ``dir/name``, is resolved in full, as before."""

    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._dirs: dict[str, Path | None] = {}

    def of(self, entry: Mapping[str, Any]) -> tuple[Path | None, bool]:
        head, _, name = str(entry.get("path") or "").rpartition("/")
        if head and name not in ("", ".", ".."):
            if head not in self._dirs:
                try:
                    self._dirs[head] = self.layout.resolve(head)
                except (StoreError, InputError):
                    self._dirs[head] = None  # outside the store: so is every file in it
            real_dir = self._dirs[head]
            if real_dir is None:
                return None, False
            candidate = real_dir / name
            try:
                if not stat.S_ISLNK(os.lstat(candidate).st_mode):
                    return candidate, True
            except FileNotFoundError:
                return candidate, False
            except OSError:
                pass
        path = _entry_path(self.layout, entry)
        return path, path is not None and path.exists()


def _entry_path(layout: StoreLayout, entry: Mapping[str, Any]) -> Path | None:
    try:
        return layout.resolve(str(entry.get("path") or ""))
    except (StoreError, InputError):  # outside the store (``InvalidDomain``): a bad path,
        return None                   # reported, not a traceback


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


def _check_lost(layout: StoreLayout, view: _View) -> None:
    """A memory whose file is gone or damaged is never dropped in silence: rewritten from the
    copy the store holds when it is whole (repairable), else kept for a person, its facts
    with it (probe-fault F1, F2). A damaged file no catalog entry names is for a person too."""
    forgotten = retracted_targets(view.facts or ())
    if view.catalog is not None:
        entries = {i: e for i, e in view.catalog.items() if i not in forgotten}
        view.lost = lost_leaves(layout, entries, view.leaves,
                                {path.name: why for path, why in view.unreadable.items()})
    for lost in view.lost:
        view.add("leaf_restorable" if lost.restorable else "leaf_lost", lost.path, lost.detail,
                 lost.leaf_id, repairable=lost.restorable)
    named = {lost.path.name for lost in view.lost}
    for path, why in view.unreadable.items():
        if path.stem in forgotten:  # nothing in it is served any more: set aside, not lost
            view.add("unreadable_leaf", path, f"{why}; it is the file of a forgotten memory: "
                     "--repair moves it aside as *.corrupt-<time>", path.stem)
        elif path.name not in named:
            view.add("unreadable_leaf", path, why + " (fix it by hand or move it out of the "
                     "store, then run doctor again)", repairable=False)


def _orphan_facts(view: _View) -> list[dict[str, Any]]:
    """Facts whose source memory is gone for good: not a file, not a memory the catalog still
    holds (a lost one is kept for a person, its facts with it), not a damaged file of that id
    (a person may fix it; retracting its facts then lost them for good, probe-fault F1)."""
    assert view.facts is not None
    events = view.facts
    gone = retracted_targets(events)
    kept = set(view.leaves) | {path.stem for path in view.unreadable} | {
        i for i, e in (view.catalog or {}).items() if e.get("kind") == "leaf"}
    return [e for e in events if e.get("op") == "fact" and e.get("source_leaf_id")
            and str(e["source_leaf_id"]) not in kept
            and str(e.get("fact_id")) not in gone and str(e["source_leaf_id"]) not in gone]


def _check_facts(layout: StoreLayout, view: _View) -> None:
    for event in _orphan_facts(view):
        view.add("fact_source_missing", layout.database,
                 f"fact {event.get('fact_id')} ({event.get('subject')} "
                 f"{event.get('attribute')} = {str(event.get('value'))[:40]!r}) comes from "
                 f"leaf {event['source_leaf_id']}, which is gone (no file, no catalog entry)",
                 str(event.get("fact_id")))


def _check_temps(layout: StoreLayout, view: _View, now: float) -> None:
    """A temp file of a dead writer is a leftover (never renamed into place, so nothing read
    it; the next process's first consolidation pass removes it); one whose writer looks alive
    but is an hour old is a problem (a hung writer, or its pid reused)."""
    for path in stray_temps(layout.root):
        try:
            old = now - path.stat().st_mtime >= STALE_TEMP_S
        except FileNotFoundError:
            continue
        if not temp_owner_alive(path):
            view.leftover("stray_temp", path, "temp file of a writer that died before its "
                          "rename (never part of the store): the next start's first "
                          "consolidation pass removes it; --repair does it now")
        elif old:
            view.add("stray_temp", path, "temp file older than an hour whose writer's pid "
                     "runs (a hung writer, or its pid was reused)")


def _check_locks(layout: StoreLayout, view: _View) -> None:
    """Only a lock still HELD under a dead pid's stamp is a problem; a stamp left by a killed
    holder is not (flock died with the process; the next holder overwrites the stamp)."""
    if not layout.locks_dir.exists():
        return
    if not layout.locks_dir.is_dir():
        view.add("locks_not_a_directory", layout.locks_dir, "the lock files' directory is a "
                 "file: every save fails ('Not a directory'). It holds no memory: remove it, "
                 "and the next start makes the directory again", repairable=False)
        return
    for path in sorted(layout.locks_dir.glob("*.lock")):
        if path.is_dir():
            empty = not path.is_symlink() and not any(path.iterdir())
            fix = ("--repair removes it" if empty else "move what it holds out, then remove "
                   "it (`rmdir`)")
            view.add("lock_not_a_file", path, "this lock file is a directory: every write "
                     f"needing the lock fails ('Is a directory'). It holds no memory: {fix}, "
                     "and the next write makes the lock file again", repairable=empty)
            continue
        holder = read_holder(path)
        pid = holder.get("pid")
        if not isinstance(pid, int) or pid_alive(pid):
            continue
        if is_held(path):
            view.add("lock_held_by_dead_pid", path, f"held, but its stamp names pid {pid}, "
                     "which is not running (a child process inherited the lock?)",
                     repairable=False)


def _check_writable(layout: StoreLayout, view: _View) -> None:
    """A store the user running doctor may not write (``store.writable``): nothing in it is
    damaged, but every save and forget is refused, which is what a doctor is asked about.
    A refused path is a problem, with what refuses it. A read-only mount is no problem (it
    is how a backup is browsed, and a store on one is searched as usual: the saves refuse
    as designed), but a note in the saves' words."""
    refused = refusals(layout)
    if not refused:
        return
    if any(r.errno == errno.EROFS for r in refused):
        view.conditions.append(
            f"{layout.root} is on a read-only file system: searches work; every save and "
            "forget is refused (\"the store is on a read-only file system; nothing was "
            "saved\") until it is mounted read-write, and servers already running then save "
            "again within seconds")
        return
    first = refused[0]
    others = [str(r.path) for r in refused[1:]]
    more = (f", nor {len(others)} other path(s) of the store ({', '.join(others[:3])}"
            f"{', ...' if len(others) > 3 else ''})") if others else ""
    view.add("store_not_writable", first.path,
             f"{_who()} may not write it{more}: {_why(refused)}. Searches work, but every "
             "save and forget is refused (\"permission denied writing the store; nothing was "
             f"saved\"). Nothing is damaged: {_fix(refused)}, and servers already running "
             "save again within seconds", repairable=False)


def _who() -> str:
    try:
        return f"this user ({pwd.getpwuid(os.geteuid()).pw_name})"
    except KeyError:
        return f"this user (uid {os.geteuid()})"


def _why(refused: list[Refusal]) -> str:
    immutable = sum(r.immutable for r in refused)
    one = len(refused) == 1
    if immutable == len(refused):
        return f"{'it is' if one else 'they are'} immutable (`lsattr` shows 'i' or 'a')"
    if immutable:
        return (f"{immutable} of them immutable (`lsattr` shows 'i' or 'a'), the others' owner "
                "or mode refuses this user")
    return f"{'its' if one else 'their'} owner or mode refuses this user"


def _fix(refused: list[Refusal]) -> str:
    steps = []
    if any(r.immutable for r in refused):
        steps.append("`chattr -i` (or `-a`) the immutable ones")
    if any(not r.immutable for r in refused):
        steps.append("give this user write access (`chown` / `chmod u+w`), or run doctor and "
                     "the servers as the store's owner")
    return " and ".join(steps)


def _gather(layout: StoreLayout, *, grace_s: float) -> _View:
    now = time.time()
    view = _View()
    _check_writable(layout, view)
    _open_db(layout, view)
    _read_files(layout, view)
    if view.catalog is not None:
        _check_catalog(layout, view, now, grace_s)
    _check_lost(layout, view)
    if view.facts is not None:
        _check_facts(layout, view)
    _check_temps(layout, view, now)
    _check_locks(layout, view)
    return view


def check(layout: StoreLayout, *, grace_s: float = 5.0) -> list[Problem]:
    """Every problem found, read-only and lock-free (leftovers are not problems)."""
    return examine(layout, grace_s=grace_s).problems


def examine(layout: StoreLayout, *, grace_s: float = 5.0) -> Findings:
    """Problems and leftovers, read-only and lock-free."""
    if not layout.root.exists():
        return Findings([Problem("no_store", str(layout.root),
                                 "the store directory does not exist", repairable=False)], [])
    view = _gather(layout, grace_s=grace_s)
    return Findings(view.problems, view.leftovers, view.conditions)


# ---------------------------------------------------------------------------- repairs


def _repair_catalog(layout: StoreLayout, engine: Engine, actions: list[Action]) -> None:
    view = _gather(layout, grace_s=0.0)  # re-read everything inside the lock
    if view.catalog is None:
        return
    entries = view.catalog
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
        if problem.code == "unreadable_leaf" and problem.repairable:
            moved = set_aside(Path(problem.path))
            actions.append(Action("leaf_quarantined", str(moved), problem.detail))
            if problem.ref in entries:
                records.append(catalog_table.delete(problem.ref))
        if problem.code == "unreadable_branch":
            moved = set_aside(Path(problem.path))
            actions.append(Action("branch_quarantined", str(moved), problem.detail))
            for node_id, entry in list(entries.items()):
                if _entry_path(layout, entry) == Path(problem.path):
                    records.append(catalog_table.delete(node_id))
                    clear_children(node_id)
    for lost, aside in restore_all(layout, view.lost):
        kept = f"; the damaged file is kept as {aside.name}" if aside else ""
        actions.append(Action("leaf_restored", str(lost.path),
                              f"wrote the file of memory {lost.leaf_id} again from the whole "
                              f"text the search index holds{kept}"))
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
    if records:
        engine.commit(catalog=records, logged=False)


def _repair_facts(layout: StoreLayout, engine: Engine, actions: list[Action]) -> None:
    view = _View(facts=FactEventsReader(layout).all_events())
    catalog = CatalogReader(layout)
    try:
        view.catalog = catalog.entries()
    finally:
        catalog.close()
    for path, leaf in _read_leaves(iter_leaf_files(layout)):
        if isinstance(leaf, MalformedFile):
            view.unreadable[path] = leaf.reason
        else:
            view.leaves[leaf.leaf_id] = (path, leaf)
    orphans = _orphan_facts(view)
    if not orphans:
        return
    at = utc_now()
    by = {"agent": "doctor", "session": f"{os.getpid()}-doctor", "client_version": ""}
    events: list[dict[str, Any]] = [{"op": "retract", "target": str(e["fact_id"]), "kind": "fact",
               "reason": f"its source memory {e['source_leaf_id']} is gone (doctor)",
               "at": at, "by": by} for e in orphans]
    record = audit_record(actor="doctor", action="retract.fact",
                          ids=[str(e["target"]) for e in events], client="doctor",
                          session=by["session"], events=events)
    micros = int(time.time() * 1_000_000)
    engine.commit(facts=[FactRow(e, ref=str(e["target"]), at_us=micros) for e in events],
                  audit=[record])
    for event in events:
        actions.append(Action("fact_retracted", str(layout.database),
                              f"retracted {event['target']}: {event['reason']}"))


def _repair_events(layout: StoreLayout, engine: Engine, actions: list[Action]) -> None:
    """A damaged or shortened event file, written again from the database when it applied
    all of it (``store.event_restore``); otherwise left for a person, as doctor said."""
    reading = event_restore.Reading(layout, engine.connection())
    if not event_restore.damage(reading) or event_restore.refusal(reading):
        return
    done = event_restore.rewrite(layout, engine)
    actions.append(Action("event_file_rewritten", str(layout.events_file),
                          event_restore.summary(done)))


def free_locks(layout: StoreLayout) -> list[Action]:
    """Remove the empty directories found in place of lock files: what must come before any
    step that takes a lock (the start's own preparation included), which they refuse."""
    return [Action("lock_directory_removed", str(path), "removed the empty directory in place "
                   "of this lock file; the next write makes the lock file again")
            for path in remove_empty_lock_dirs(layout.locks_dir)]


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
    step("locks")  # first: a lock that is a directory refuses every step below
    actions += free_locks(layout)
    step("database")
    with locks.hold_sync("catalog", "facts", actor="doctor", timeout_s=timeout_s):
        moved = set_aside_damaged(layout)
    if moved:
        actions.append(Action("database_set_aside", str(moved[0]),
                              "the damaged database was moved aside; it is rebuilt from the "
                              "leaf files and the event file"))
        return actions
    engine = Engine(layout)
    try:
        return _repair_with(layout, locks, engine, actions, timeout_s, step)
    finally:
        engine.close()


def _repair_with(layout: StoreLayout, locks: LockManager, engine: Engine,
                 actions: list[Action], timeout_s: float, step: Callable[[str], None]
                 ) -> list[Action]:
    if layout.database.exists() or layout.events_file.exists():
        with locks.hold_sync("catalog", "facts", actor="doctor", timeout_s=timeout_s):
            done = engine.recover()
        if done.replayed:
            actions.append(Action("events_applied", str(layout.events_file),
                                  f"applied {done.replayed} transaction line(s) the database "
                                  "had missed"))
        for leaf_id in done.rolled_back:
            actions.append(Action("unfinished_save_removed", str(layout.database),
                                  f"removed leaf {leaf_id} of a save interrupted before its commit "
                                  "(never acknowledged)"))
    step("events")
    with locks.hold_sync("catalog", "facts", actor="doctor", timeout_s=timeout_s):
        _repair_events(layout, engine, actions)
    step("root")
    with locks.hold_sync("root", actor="doctor", timeout_s=timeout_s):
        try:
            read_root(layout)
        except MalformedFile as exc:
            moved = set_aside(exc.path)
            actions.append(Action("root_quarantined", str(moved), f"{exc.reason}; the next "
                                  "consolidation pass writes a new root.json"))
    step("catalog")
    with locks.hold_sync("catalog", actor="doctor", timeout_s=timeout_s):
        _repair_catalog(layout, engine, actions)
    step("facts")
    with locks.hold_sync("facts", actor="doctor", timeout_s=timeout_s):
        _repair_facts(layout, engine, actions)
    return actions
