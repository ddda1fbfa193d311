"""The write side of the store: one transaction per change, after the files it names are durable.

A save goes: leaf files written and fsynced (``store.leaves``) → under the ``catalog`` and
``facts`` locks, one line in the event file (fsynced) → one database transaction with the
catalog rows, fact events, audit records and the new event-file offset. Three fsyncs (leaf,
its directory, the event line); the commit itself costs none (``store.db``). The reply is sent
after the commit.

Before its leaves are written a save also notes them in the ``pending`` table (no fsync). A
save killed between its leaf and its event line leaves a leaf nobody acknowledged; the next
start (``recover``) removes it, once its writer's pid is gone, so the store holds exactly the
acknowledged saves and ``doctor`` stays clean. A save killed after its event line is completed
by ``recover`` from that line (the database catches up with the file, never the reverse).

``Engine`` is one process's writer: it creates the store (directories 0700, database 0600) on
the first write only. Callers hold the locks (``store.locks``): take the lock, then the
transaction. This module never decides anything about facts or leaves' content.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from store.db import (
    FactRow,
    Tx,
    connect,
    database_missing,
    file_gone,
    get_meta,
    pending_rows,
    transaction,
)
from store.errors import DatabaseGone, StoreError, StorePermission, StoreReadOnly
from store.event_place import EVENTS_ASTRAY, EVENTS_MARK, Place, place, record_place
from store.events import append_line, read_lines, size_of, take_back, utc_now
from store.paths import StoreLayout
from store.processes import pid_alive

log = structlog.get_logger("ihmt.engine")
WRITER_RETRY_S = 2.0
"""After a write was refused as read-only or not permitted, the writer opens a fresh connection
for the next write once this long has passed. A connection opened while the database could not
be written stays read-only for its life (SQLite falls back to a read-only open of a file it may
not write, and a store whose folder is read-only gets ``db._read_only``): without this a server
started on such a store refused every save until it was restarted."""


@dataclass
class Recovery:
    """What a start-up recovery did."""

    replayed: int = 0
    """Event-file lines applied that the database had not committed."""
    bad_lines: int = 0
    torn_tail: bool = False
    rolled_back: list[str] = field(default_factory=list)
    """Leaves of saves killed before their event line, removed."""

    def __bool__(self) -> bool:
        return bool(self.replayed or self.bad_lines or self.torn_tail or self.rolled_back)


@dataclass(frozen=True)
class Leftovers:
    """What writers that died mid-change left for ``recover``, found without writing.

    Nothing in it was acknowledged: a save replies after its commit. ``recover`` undoes the
    dead saves and applies the lines; until then the store serves what is committed."""

    dead_saves: tuple[str, ...] = ()
    """Leaves noted as pending by saves whose process is gone (killed before their line)."""
    unapplied: bool = False
    """The event file holds lines the database has not applied (a writer killed between its
    line and its commit; a power cut that took the WAL's tail)."""

    def __bool__(self) -> bool:
        return bool(self.dead_saves or self.unapplied)


def find_leftovers(layout: StoreLayout, conn: sqlite3.Connection) -> Leftovers:
    """``Leftovers`` seen through any connection (a reader's will do): two small queries,
    a stat, and a liveness check per pending row; the event file is read only past what was
    applied, when it is longer. A line cut short (or not JSON) is skipped by every reader and
    fenced off by the next append: not a leftover. An event file shorter than what was
    applied is not one either but lost lines (``doctor`` reports it)."""
    applied = int(get_meta(conn, "events_offset") or 0)
    dead = tuple(i for i, _p, pid in pending_rows(conn) if not pid_alive(pid))
    unapplied = False
    if size_of(layout.events_file) > applied:
        where = place(conn, layout.events_file)  # bytes inserted before it move it on
        unapplied = not where.found \
            or bool(read_lines(layout.events_file, where.offset).lines)
    return Leftovers(dead, unapplied)


class Engine:
    """One process's write access to a store's database and event file."""

    def __init__(self, layout: StoreLayout, *, rebuilding: bool = False) -> None:
        """``rebuilding``: this engine writes a database derived again from the files
        (``ihmt-async rebuild``, a start that finds none): it may create one where memories
        exist. Any other engine refuses to (``DatabaseGone``): a database holding only the
        saves made after ``state/`` was deleted would hide every earlier memory."""
        self.layout = layout
        self.rebuilding = rebuilding
        self._conn: sqlite3.Connection | None = None
        self._refused_at: float | None = None
        """When a write through ``_conn`` was first refused (read-only, no permission)."""

    def connection(self) -> sqlite3.Connection:
        """The read-write connection; creates the store's directories and database if missing.

        One refused as read-only is replaced, at most every ``WRITER_RETRY_S``."""
        if self._refused_at is not None \
                and time.monotonic() - self._refused_at >= WRITER_RETRY_S:
            self.close()
        if self._conn is not None and file_gone(self._conn):
            self.close()  # removed (refused below) or rebuilt by another process (reopened)
        if self._conn is None:
            if not self.layout.database.exists():
                if not self.rebuilding and database_missing(self.layout):
                    raise DatabaseGone(self.layout.database)
                self.layout.ensure()
            conn = connect(self.layout, create=True)
            assert conn is not None
            self._conn = conn
        return self._conn

    def close(self) -> None:
        self._refused_at = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextlib.contextmanager
    def _writing(self) -> Iterator[None]:
        """Around each write: note a refusal, so a later write tries a fresh connection."""
        try:
            yield
        except (StoreReadOnly, StorePermission):
            if self._refused_at is None:
                self._refused_at = time.monotonic()
            raise

    # ------------------------------------------------------------------ saves

    def note_pending(self, ids_paths: Sequence[tuple[str, str]]) -> None:
        """Before writing leaves: remember them, so a kill before the commit can be undone."""
        with self._writing(), transaction(self.connection(), self.layout.database) as tx:
            tx.pending(ids_paths, os.getpid())

    def drop_pending(self, ids: Iterable[str]) -> None:
        with self._writing(), transaction(self.connection(), self.layout.database) as tx:
            tx.clear_pending(ids, os.getpid())

    def commit(self, *, catalog: Iterable[Mapping[str, Any]] = (),
               facts: Iterable[FactRow] = (), audit: Iterable[Mapping[str, Any]] = (),
               logged: bool = True, done_pending: Iterable[str] = (),
               meta: Mapping[str, str] | None = None) -> None:
        """One transaction; when ``logged``, its line goes to the event file first.

        Logged commits need the ``facts`` lock held (the event file's writers take turns under
        it); catalog records need the ``catalog`` lock.
        """
        catalog, rows, audit = list(catalog), list(facts), list(audit)
        with self._writing():
            conn = self.connection()
            start = end = mark = None
            if logged:
                self._catch_up(conn)
                line: dict[str, Any] = {"ts": utc_now(), "catalog": catalog,
                                        "facts": [r.as_dict() for r in rows], "audit": audit}
                if meta:
                    line["meta"] = dict(meta)
                start, end, mark = append_line(self.layout.events_file, line)
            try:
                with transaction(conn, self.layout.database) as tx:
                    tx.catalog(catalog)
                    tx.facts(rows)
                    tx.audit(audit)
                    tx.clear_pending(done_pending, os.getpid())
                    for key, value in (meta or {}).items():
                        tx.set_meta(key, value)
                    if end is not None and mark is not None:
                        tx.set_meta("events_offset", str(end))
                        tx.set_meta(EVENTS_MARK, mark)
            except StoreError:
                # The change is refused as a whole: its line must not be replayed later.
                if start is not None:
                    take_back(self.layout.events_file, start)
                raise

    # ------------------------------------------------------------------ recovery

    def catch_up(self) -> int:
        """Apply event lines the database has not (locks held); how many were applied."""
        with self._writing():
            return self._catch_up(self.connection())[0]

    def meta(self, key: str) -> str | None:
        return get_meta(self.connection(), key)

    def needs_recovery(self) -> bool:
        """Cheap (a stat and two small queries): is there anything for ``recover`` to do?"""
        conn = connect(self.layout, create=False)
        if conn is None:
            return False
        try:
            applied = int(get_meta(conn, "events_offset") or 0)
            return size_of(self.layout.events_file) != applied or bool(pending_rows(conn))
        finally:
            conn.close()

    def recover(self) -> Recovery:
        """Apply event lines the database missed; undo saves whose writer died. Locks held."""
        with self._writing():
            result = Recovery()
            conn = self.connection()
            result.replayed, result.bad_lines, result.torn_tail = self._catch_up(conn)
            known_dead = [(i, p, pid) for i, p, pid in pending_rows(conn) if not pid_alive(pid)]
            if known_dead:
                ids = [i for i, _p, _pid in known_dead]
                in_catalog = {str(r[0]) for r in conn.execute(
                    f"SELECT id FROM catalog WHERE id IN ({', '.join('?' for _ in ids)})", ids)}
                for leaf_id, relpath, pid in known_dead:
                    if leaf_id not in in_catalog:
                        try:
                            self.layout.resolve(relpath).unlink(missing_ok=True)
                        except (OSError, ValueError):
                            continue
                        result.rolled_back.append(leaf_id)
                    with transaction(conn, self.layout.database) as tx:
                        tx.clear_pending([leaf_id], pid)
            if result:
                log.warning("store.recovered", replayed=result.replayed, bad_lines=result.bad_lines,
                            torn_tail=result.torn_tail, rolled_back=result.rolled_back)
            return result

    def _catch_up(self, conn: sqlite3.Connection) -> tuple[int, int, bool]:
        path = self.layout.events_file
        recorded = int(get_meta(conn, "events_offset") or 0)
        size = size_of(path)
        if size == recorded:
            return 0, 0, False  # every save comes here: a stat and one meta read, no more
        where = place(conn, path)
        if not where.found:
            # bytes before the database's place were changed and its last line is nowhere (or
            # twice): which lines it applied cannot be told, so none is applied (one applied
            # twice, one never: both are wrong); the file is reported damaged from now on
            log.error("events.place_lost", path=str(path), applied=recorded, size=size)
            with transaction(conn, self.layout.database) as tx:
                tx.set_meta(EVENTS_ASTRAY, f"{recorded} {size}")
                record_place(tx, path, size)
            return 0, 0, False
        applied = where.offset
        if where.moved:
            log.warning("events.place_moved", path=str(path), recorded=recorded, now=applied)
        lost = where.offset < recorded or size < applied
        if lost and not get_meta(conn, EVENTS_LOST):  # "" once a repair or rebuild settled it
            # lines the database applied are gone from the file (or shortened: a line
            # before its place lost bytes): the saves that follow append after what is left,
            # so the gap must be remembered, or the next rebuild would replay a file without
            # them (a forgotten memory served again)
            log.error("events.file_shorter", path=str(path), applied=recorded,
                      size=min(size, applied))
            with transaction(conn, self.layout.database) as tx:
                tx.set_meta(EVENTS_LOST, f"{recorded} {min(size, applied)}")
        if size <= applied:
            if where.moved:
                with transaction(conn, self.layout.database) as tx:
                    tx.set_meta("events_offset", str(applied))
            return 0, 0, False
        found = read_lines(path, applied)
        for bad in found.bad:
            log.warning("events.line_skipped", path=str(path), offset=bad)
        for damaged in found.damaged:
            # skipped like a torn line (its content cannot be trusted), but as an error: it
            # may have been acknowledged. ``doctor`` names it from now on, ``rebuild`` refuses.
            log.error("events.line_damaged", path=str(path),
                      line=damaged.line, offset=damaged.offset, why=damaged.why)
        if found.torn_tail:
            log.warning("events.torn_tail", path=str(path), offset=found.end)
        skipped = len(found.bad) + len(found.damaged)
        if found.end == recorded:
            return 0, skipped, found.torn_tail
        with transaction(conn, self.layout.database) as tx:  # also when only the place moved
            for line in found.lines:
                apply_line(tx, line.record)
            if found.damaged and _line_starts_at(path, applied):
                # what these lines held was never applied: the database cannot stand in for
                # them (``store.event_restore`` refuses; a rebuild settles it)
                earlier = get_meta(conn, EVENTS_UNAPPLIED) or ""
                tx.set_meta(EVENTS_UNAPPLIED, " ".join(filter(None, [earlier, *(
                    str(d.offset) for d in found.damaged)])))
            record_place(tx, path, found.end)
        return len(found.lines), skipped, found.torn_tail


EVENTS_LOST = "events_lost"
"""Meta key: "<bytes applied> <bytes found>" when a start found the event file shorter than
the database had applied (kept until a rebuild replaces the database: ``doctor`` reports it,
``rebuild`` refuses without ``--accept-loss``)."""


EVENTS_ACCEPTED = "events_accepted"
"""Meta key: bytes of the event file a completed rebuild replayed (the database then holds
what the file holds: a damaged line before it is no longer a loss to report)."""


def _line_starts_at(path: Path, offset: int) -> bool:
    """Whether a line of the file starts at ``offset`` (the file changed length before it
    otherwise: what is read from there is the rest of a line the database applied)."""
    if offset == 0:
        return True
    try:
        with open(path, "rb") as handle:
            handle.seek(offset - 1)
            return handle.read(1) == b"\n"
    except OSError:
        return False


EVENTS_UNAPPLIED = "events_unapplied"
"""Meta key: byte offsets of damaged lines the start-up replay skipped before the database
applied them (no copy of what they held is left; kept until a rebuild replaces the
database)."""


def settle_damage(tx: Tx, accepted: int) -> None:
    """The event file's recorded damage settled, in ``tx``: the database now holds what the
    first ``accepted`` bytes of the file replay (a rebuild replayed them, or ``doctor
    --repair`` wrote the file again from the database), so no loss, skipped line or lost place
    recorded before is one any longer."""
    tx.set_meta(EVENTS_LOST, "")
    tx.set_meta(EVENTS_UNAPPLIED, "")
    tx.set_meta(EVENTS_ASTRAY, "")
    tx.set_meta(EVENTS_ACCEPTED, str(accepted))


def is_blank(conn: sqlite3.Connection, events_file: Path) -> bool:
    """The database holds nothing, no save is under way, and the event file has lines: a
    database made anew after ``state/`` was deleted (under a running server, whose next write
    makes one). No running server applies the lines to it (each writes to the file it
    opened); the next start does."""
    return (not int(get_meta(conn, "events_offset") or 0) and size_of(events_file) > 0
            and conn.execute("SELECT 1 FROM catalog LIMIT 1").fetchone() is None
            and not pending_rows(conn))


def events_accepted(conn: sqlite3.Connection) -> int:
    try:
        return int(get_meta(conn, EVENTS_ACCEPTED) or 0)
    except ValueError:
        return 0


def events_lost(conn: sqlite3.Connection, events_file: Path, data: bytes | None = None,
                *, where: Place | None = None) -> tuple[int, int, bool] | None:
    """(bytes the database applied, bytes the event file holds, whether an earlier start
    found it so) when lines of the file were lost: it is shorter than what was applied now,
    or a start recorded it so (``EVENTS_LOST``: the saves since appended after what was
    left). ``doctor`` reports it, ``rebuild`` refuses on it. ``data``: the file's bytes, when
    the caller has read them (``place``); ``where``: their ``place``, when the caller found it."""
    applied = int(get_meta(conn, "events_offset") or 0)
    size = size_of(events_file) if data is None else len(data)
    if size < applied:
        return applied, size, False
    where = place(conn, events_file, data) if where is None else where
    if where.found and where.offset < applied:  # a line before its place lost bytes
        return applied, where.offset, False
    value = get_meta(conn, EVENTS_LOST)
    if not value:
        return None
    had, _, held = value.partition(" ")
    try:
        return int(had), int(held), True
    except ValueError:
        return 0, 0, True


def apply_line(tx: Tx, record: Mapping[str, Any]) -> None:
    """Apply one event-file line (what its commit would have applied)."""
    catalog = [r for r in record.get("catalog") or () if isinstance(r, Mapping)]
    tx.catalog(catalog)
    tx.facts(FactRow.from_dict(r) for r in record.get("facts") or ()
             if isinstance(r, Mapping) and isinstance(r.get("event"), Mapping))
    tx.audit(r for r in record.get("audit") or () if isinstance(r, Mapping))
    done = [str(r["entry"]["id"]) for r in catalog
            if r.get("op") == "put" and isinstance(r.get("entry"), Mapping)]
    tx.clear_pending(done)
    meta = record.get("meta")
    if isinstance(meta, Mapping):
        for key, value in meta.items():
            tx.set_meta(str(key), str(value))
