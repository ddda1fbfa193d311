"""The store's database: one SQLite file in WAL mode holding the catalog, fact events and audit.

``state/ihmt.sqlite3`` is an index, never the truth: every row can be derived again from the
leaf and branch files plus the event file (``store.events``), which is what ``ihmt-async
rebuild`` does. Why SQLite: one transaction per save (catalog rows, fact events and audit rows
commit together or not at all), readers that see only committed data without locks, and
queries (by id, by key, "what changed since") instead of folding the store into memory.

Durability: ``synchronous=NORMAL`` (and a larger WAL between checkpoints:
``WAL_AUTOCHECKPOINT_PAGES``). In WAL mode a commit then costs no fsync (the WAL is
synced at checkpoints); a killed process loses nothing that was committed (the WAL is in the
page cache). What a power cut can take back is the tail of the WAL, but every acknowledged
save is durable before its commit in files this module does not own: the leaf (fsynced by
``store.atomic``) and its event line (fsynced by ``store.events``); the start-up recovery
(``store.engine``) replays event lines the database has not applied. Measured: FULL adds one
fsync per save (4 instead of 3) for nothing a rebuild could not give back.

Tables:
- ``catalog``: one row per leaf and branch; ``seq`` is a new, increasing number on every insert
  or update (``changes_since``); ``catalog_gone`` remembers deleted ids with their seq.
- ``tallies``: leaves per domain and branch count, kept in the same transactions.
- ``facts``: fact events in record order (``seq``) with the columns the facts actor looks them
  up by (computed by the caller: this module knows nothing of fact keys).
- ``audit``: one row per audit record (the JSON of the record).
- ``pending``: leaves a save is writing right now (a save killed before its commit is rolled
  back on the next start, see ``store.engine``).
- ``meta``: key/value (``events_offset``: bytes of the event file applied).

Errors are mapped once, here, to ``StoreError`` subclasses (``map_sqlite_error``). Opening for
reading never creates anything: ``connect(create=False)`` returns None when there is no file.
This module takes no file locks (callers hold ``store.locks`` around every write) and never
touches leaf files.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import sqlite3
import tempfile
import time
import urllib.parse
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from store.atomic import TEMP_PREFIX, ensure_private_dir
from store.errors import (
    DamagedDatabase,
    DatabaseGone,
    DiskFull,
    StoreError,
    StoreIOError,
    map_os_error,
)
from store.paths import StoreLayout
from store.writable import write_refused

SCHEMA_VERSION = 1
LATER_INDEXES = {"catalog_turns": "CREATE INDEX IF NOT EXISTS catalog_turns ON catalog(agent, "
                                  "source, recorded_at)",
                 "catalog_recent": "CREATE INDEX IF NOT EXISTS catalog_recent ON catalog(kind, "
                                   "scope, recorded_at)",
                 "catalog_source": "CREATE INDEX IF NOT EXISTS catalog_source ON catalog(source, "
                                   "kind)"}
"""Indexes added after a store's schema was made: created by the first connection that can
write and finds one missing, the schema version unchanged (an older program reads the store
as before; a read-only store is read without them, queries scanning instead).
``catalog_turns``: a conversation's next turn; ``catalog_recent``: a scope's newest memories
(the session-start brief), a seek instead of sorting the store; ``catalog_source``: the
memories one ingested file left (re-ingesting it replaces them)."""
DROPPED_INDEXES = ("catalog_told",)
"""Later indexes a newer one replaced, dropped the same way: (agent, recorded_at) left the next
turn of a memory to a walk over every later save of its agent when each save had its own
source (files ingested one by one, a bench's bulk saves: 14 ms a look-up at 50k)."""
BUSY_TIMEOUT_MS = 30_000
WAL_AUTOCHECKPOINT_PAGES = 8_000
"""Checkpoint once the WAL holds this many pages (32 MB of 4 KiB pages; SQLite's default is
1,000). Each checkpoint costs two fsyncs (WAL, database), and a save writes ~20 pages (its
catalog row and indexes, fact events and indexes, audit, pending, meta), so the default
checkpointed every ~50 saves: 0.06 fsyncs per save of the 3.17 measured. Readers find pages
through the WAL's hash index, so a longer WAL costs them little; recovery after a crash
replays at most this much."""

CATALOG_FIELDS = ("id", "kind", "layer", "domain", "path", "parent_id", "timestamp", "title",
                  "leaf_count", "status", "source", "scope", "origin", "agent", "recorded_at")
FACT_COLUMNS = ("op", "fact_id", "fkey", "subject", "leaf", "ref", "at_us")

SCHEMA = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS catalog (
    id TEXT PRIMARY KEY, kind TEXT NOT NULL, layer INTEGER NOT NULL, domain TEXT NOT NULL,
    path TEXT NOT NULL, parent_id TEXT, timestamp TEXT, title TEXT, leaf_count INTEGER,
    status TEXT, source TEXT, scope TEXT, origin TEXT, agent TEXT, recorded_at TEXT,
    seq INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS catalog_seq ON catalog(seq);
CREATE INDEX IF NOT EXISTS catalog_parent ON catalog(parent_id);
CREATE INDEX IF NOT EXISTS catalog_layer ON catalog(kind, layer);
CREATE TABLE IF NOT EXISTS catalog_gone (
    id TEXT PRIMARY KEY, domain TEXT NOT NULL, seq INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS catalog_gone_seq ON catalog_gone(seq);
CREATE TABLE IF NOT EXISTS tallies (
    domain TEXT NOT NULL, kind TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (domain, kind));
CREATE TABLE IF NOT EXISTS facts (
    seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, fact_id TEXT, fkey TEXT,
    subject TEXT, leaf TEXT, ref TEXT, at_us INTEGER, event TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS facts_key ON facts(fkey);
CREATE INDEX IF NOT EXISTS facts_fact_id ON facts(fact_id);
CREATE INDEX IF NOT EXISTS facts_subject ON facts(subject);
CREATE INDEX IF NOT EXISTS facts_leaf ON facts(leaf);
CREATE INDEX IF NOT EXISTS facts_ref ON facts(ref);
CREATE INDEX IF NOT EXISTS facts_at ON facts(at_us);
CREATE TABLE IF NOT EXISTS audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, ts TEXT,
    action TEXT, record TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS pending (
    id TEXT NOT NULL, path TEXT NOT NULL, pid INTEGER NOT NULL, PRIMARY KEY (id, pid));
PRAGMA user_version = {SCHEMA_VERSION};
"""

Entry = dict[str, Any]
SQLITE_IOERR_SHMSIZE = 4874
"""SQLite's extended code for "could not grow the ``-shm`` file" (``sqlite3`` names it from
Python 3.11 on; spelled out so the meaning is here)."""
FROZEN_RETRY_S = 2.0
"""How long a ``Reader`` keeps a frozen connection (``_frozen``) before it tries a live one
again: a freed disk is seen within this, and the frozen file view never grows old."""
_SPACE_NEEDED = 64 * 1024
"""Free bytes under which a refused ``-shm`` growth is read as a full disk."""


def _no_space(path: Path) -> bool:
    try:
        st = os.statvfs(path.parent)
    except OSError:
        return False
    return st.f_bavail * st.f_frsize < _SPACE_NEEDED


# ---------------------------------------------------------------------------- errors


def map_sqlite_error(exc: sqlite3.Error, path: Path) -> StoreError:
    """The one place an sqlite3 error becomes a typed store error."""
    code = getattr(exc, "sqlite_errorcode", None)
    text = str(exc).lower()
    if code == sqlite3.SQLITE_FULL or "disk is full" in text or (
            code == SQLITE_IOERR_SHMSIZE and _no_space(path)):
        # SQLite says "disk I/O error" when it cannot grow the WAL index (``-shm``); on a
        # disk with no room left that is the full disk, and the reply should say so
        return map_os_error(OSError(errno.ENOSPC, "disk full"), path)
    if code == sqlite3.SQLITE_READONLY or "readonly" in text or "read-only" in text:
        return map_os_error(OSError(_why_read_only(path), "read-only"), path)
    if code in (sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN) or "unable to open" in text:
        return _cannot_open(path)
    if code in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT) or "not a database" in text \
            or "malformed" in text:
        return DamagedDatabase(path, str(exc))
    if code == sqlite3.SQLITE_IOERR or "disk i/o" in text:
        return map_os_error(OSError(errno.EIO, str(exc)), path)
    return StoreError(f"{path}: database error ({exc})")


def _cannot_open(path: Path) -> StoreError:
    """Why SQLite could not open the database, asked of the disk: it says only "unable to
    open", and read as a permission it sent the owner of a database path that had become a
    directory off to check file modes. A directory there holds no database: it is damage
    (``rebuild`` moves it aside, as it moves a garbled file, and derives the database
    again); a refusal of the file itself is mapped as what it is; anything else stays the
    permission it was read as before."""
    if path.is_dir():
        return DamagedDatabase(path, "its path is a directory, not a database file")
    # asked, not opened: closing a descriptor of the database would drop the locks this
    # process's other connections hold on it (``store.writable``)
    refused = write_refused(path)
    return map_os_error(OSError(refused or errno.EACCES, "cannot open"), path)


def _why_read_only(path: Path) -> int:
    """The errno behind SQLite's "attempt to write a readonly database", which does not say:
    EROFS for a read-only file system, else what a write to the database (or its ``-wal`` /
    ``-shm``) meets (EACCES for a mode, EPERM for an immutable file), or EACCES when the
    folder they live in cannot be written. Asked once per refused write, of the disk, never
    by opening the files: closing a descriptor of the database drops the locks this
    process's connections hold on it (``store.writable``)."""
    try:
        if os.statvfs(path.parent).f_flag & os.ST_RDONLY:
            return errno.EROFS
        for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
            refused = write_refused(path.with_name(name))
            if refused is not None:
                return refused
        if not os.access(path.parent, os.W_OK):
            return errno.EACCES
    except OSError:
        pass
    return errno.EROFS


@contextlib.contextmanager
def mapped(path: Path) -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as exc:
        raise map_sqlite_error(exc, path) from exc
    except OSError as exc:
        raise map_os_error(exc, path) from exc


# ---------------------------------------------------------------------------- connections


class _MappedCursor(sqlite3.Cursor):
    """A cursor whose steps map sqlite3 errors too (a damaged page may be met by the
    ``fetchone`` after the ``execute``, not by the ``execute``)."""

    def _path(self) -> Path:
        connection = self.connection
        return connection.store_path if isinstance(connection, _MappedConnection) else Path()

    def execute(self, sql: str, parameters: Any = (), /) -> Self:
        with mapped(self._path()):
            return super().execute(sql, parameters)

    def executemany(self, sql: str, seq_of_parameters: Any, /) -> Self:
        with mapped(self._path()):
            return super().executemany(sql, seq_of_parameters)

    def executescript(self, sql_script: str, /) -> Self:
        with mapped(self._path()):
            super().executescript(sql_script)
        return self

    def fetchone(self) -> Any:
        with mapped(self._path()):
            return super().fetchone()

    def fetchmany(self, size: int | None = 1) -> list[Any]:
        with mapped(self._path()):
            return super().fetchmany(size)

    def fetchall(self) -> list[Any]:
        with mapped(self._path()):
            return super().fetchall()

    def __next__(self) -> Any:
        with mapped(self._path()):
            return super().__next__()


class _MappedConnection(sqlite3.Connection):
    """Every statement's sqlite3 error becomes the store's typed error, whoever runs it: a
    damaged page met by any reader ("database disk image is malformed") is a
    ``DamagedDatabase`` with what to do, not a traceback from whichever query met it first."""

    store_path = Path()
    frozen_at: float | None = None
    """Set on a connection to the file as it stood (``_frozen``): when it was opened."""
    opened: tuple[int, int] | None = None
    """(device, inode) of the file opened (``_identify``): ``file_gone`` compares."""

    def execute(self, sql: str, parameters: Any = (), /) -> sqlite3.Cursor:
        return self.cursor(_MappedCursor).execute(sql, parameters)

    def executemany(self, sql: str, parameters: Any, /) -> sqlite3.Cursor:
        return self.cursor(_MappedCursor).executemany(sql, parameters)

    def executescript(self, sql_script: str, /) -> sqlite3.Cursor:
        return self.cursor(_MappedCursor).executescript(sql_script)


def _identify(conn: _MappedConnection, path: Path) -> None:
    """Note which file ``conn`` opened (the name may later be removed or replaced)."""
    with contextlib.suppress(OSError):
        st = os.stat(path)
        conn.opened = (st.st_dev, st.st_ino)


def file_gone(conn: sqlite3.Connection) -> bool:
    """The file ``conn`` opened is no longer the store's database: removed (``state/``
    deleted) or replaced (another process rebuilt it). A stat, ~2 us."""
    if not isinstance(conn, _MappedConnection) or conn.opened is None:
        return False
    try:
        st = os.stat(conn.store_path)
    except FileNotFoundError:
        return True
    except OSError:
        return False  # unreadable now: the next statement says why
    return (st.st_dev, st.st_ino) != conn.opened


def database_missing(layout: StoreLayout) -> bool:
    """Memories are recorded (the event file) but their database is not there: ``state/``
    was deleted. Only a rebuild may make a new one (``DatabaseGone`` for anyone else)."""
    return not layout.database.exists() and layout.events_file.exists()


def _create_file(path: Path) -> None:
    """Create the database whole or not at all: built under a temporary name (0600, WAL mode,
    the current schema) and linked into place only when complete.

    Another connection (another process, or this process's background vector load) may open
    the file the moment it exists: an empty file would have both of them switch it to WAL and
    write the schema at once, and one of them fails with "database is locked" (a first CLI save
    on a new store did). Linking never replaces a database another creator linked first.
    """
    ensure_private_dir(path.parent)
    fd, tmp_name = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".part",
                                    dir=path.parent)
    try:
        os.fchmod(fd, 0o600)
        os.close(fd)
        conn = sqlite3.connect(tmp_name, isolation_level=None)
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            conn.executescript("BEGIN IMMEDIATE;" + SCHEMA + "COMMIT;")
        finally:
            conn.close()
        with contextlib.suppress(FileExistsError):
            os.link(tmp_name, path)
    finally:
        for leftover in (tmp_name, f"{tmp_name}-wal", f"{tmp_name}-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)


def connect(layout: StoreLayout, *, create: bool) -> sqlite3.Connection | None:
    """A connection to the store's database; None when it does not exist and ``create`` is False.

    Other modules (``store.vectors``) may open their own connection the same way. Connections
    are used by one thread at a time (``check_same_thread=False`` lets a worker-thread hop use
    the actor's connection).
    """
    path = layout.database
    with mapped(path):
        if not path.exists():
            if not create:
                return None
            _create_file(path)
        if not os.access(path.parent, os.W_OK):
            return _read_only(path)
        try:
            return _live(path)
        except DiskFull:
            # Opening a WAL database makes its ``-shm`` file; with the disk full that fails,
            # and every read with it. A reader gets the file as it stands instead (``_frozen``);
            # a writer gets the refusal ("the disk is full; nothing was saved").
            if create or not _wal_is_empty(path):
                raise
            return _frozen(path)


def _live(path: Path) -> sqlite3.Connection:
    """The ordinary read-write connection (WAL, the schema brought up to date)."""
    with mapped(path):
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                               check_same_thread=False, factory=_MappedConnection)
        conn.store_path = path
        _identify(conn, path)
        try:
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise DamagedDatabase(path, f"it has schema version {version}, newer than this "
                                      f"program's {SCHEMA_VERSION}")
            mode = conn.execute("PRAGMA journal_mode").fetchone()[0]
            if str(mode).lower() != "wal":
                conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute(f"PRAGMA wal_autocheckpoint = {WAL_AUTOCHECKPOINT_PAGES}")
            if version < SCHEMA_VERSION:
                conn.executescript("BEGIN IMMEDIATE;" + SCHEMA + "COMMIT;")
            _add_later_indexes(conn)
        except BaseException:
            conn.close()
            raise
    return conn


def _add_later_indexes(conn: sqlite3.Connection) -> None:
    """``LATER_INDEXES`` a database lacks, ``DROPPED_INDEXES`` it still has (a look in
    ``sqlite_master`` when there is nothing to do; a busy database, a full or read-only disk,
    leave it for a later connection: the queries work either way, and a reader must never fail
    because an index could not be written)."""
    present = {str(row[0]) for row in
               conn.execute("SELECT name FROM sqlite_master WHERE type = 'index'")}
    statements = [statement for name, statement in LATER_INDEXES.items() if name not in present]
    statements += [f"DROP INDEX IF EXISTS {name}" for name in DROPPED_INDEXES if name in present]
    for statement in statements:
        try:
            conn.execute(statement)
        except StoreIOError:
            continue
        except StoreError as exc:
            text = str(exc.__cause__ or exc)
            if "locked" not in text and "busy" not in text:
                raise


def _wal_is_empty(path: Path) -> bool:
    """No ``-wal`` file, or an empty one: everything committed is in the database file."""
    try:
        return path.with_name(path.name + "-wal").stat().st_size == 0
    except FileNotFoundError:
        return True


def _frozen(path: Path) -> sqlite3.Connection:
    """The database file as it stands, read-only and without the ``-shm`` file (``immutable``):
    for a reader on a full disk, where the WAL index cannot be made. Only when the WAL is
    empty (the last process closed cleanly: every commit is in the file) and, as nobody could
    have the database open without its ``-shm`` file, nobody is writing. A process may start
    writing once space is freed: ``Reader`` replaces the connection after ``FROZEN_RETRY_S``,
    or as soon as the WAL holds a commit, and nobody else holds one (``connect`` hands them to
    readers only; ``readonly_shm`` is not used: it made every connection of the process,
    the writer's too, read-only until all were closed)."""
    with mapped(path):
        conn = _opened_read_only(path, "mode=ro&immutable=1", "the disk is full")
    conn.frozen_at = time.monotonic()
    return conn


def _read_only(path: Path) -> sqlite3.Connection:
    """The database of a store whose folder cannot be written (a read-only mount, a backup
    browsed as another user): read-only, and immutable when it has no WAL file (WAL mode would
    need to create its ``-shm`` file there, and nobody can change the file meanwhile). Reads
    work; a write is refused by SQLite and mapped to ``StoreReadOnly`` ("nothing was
    saved")."""
    # immutable only when no -wal file (or an empty one) is there: immutable reads ignore the
    # WAL, and a store made read-only while a server ran keeps its last transactions there
    immutable = _wal_is_empty(path)
    flags = "mode=ro&immutable=1" if immutable else "mode=ro"
    conn = _opened_read_only(path, flags, "the store is read-only")
    if immutable:
        # an immutable view never sees a later commit: when the store becomes writable again
        # a ``Reader`` replaces it as it replaces a full disk's frozen one
        conn.frozen_at = time.monotonic()
    return conn


def _opened_read_only(path: Path, flags: str, because: str) -> _MappedConnection:
    """A connection opened with the URI ``flags`` (read-only ones), refused as damaged when its
    schema version is not this program's: a read-only connection cannot bring it up to date
    (``because`` says why it is read-only)."""
    uri = f"file:{urllib.parse.quote(str(path))}?{flags}"
    conn = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False,
                           factory=_MappedConnection)
    conn.store_path = path
    _identify(conn, path)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        if version != SCHEMA_VERSION:
            raise DamagedDatabase(path, f"it has schema version {version} and {because}, so "
                                  f"it cannot be brought to this program's {SCHEMA_VERSION}")
    except BaseException:
        conn.close()
        raise
    return conn


@contextlib.contextmanager
def transaction(conn: sqlite3.Connection, path: Path) -> Iterator[Tx]:
    """One write transaction (``BEGIN IMMEDIATE`` … ``COMMIT``); rolled back on any error."""
    with mapped(path):
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield Tx(conn)
        except BaseException:
            with contextlib.suppress(sqlite3.Error, StoreError):
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")


class Reader:
    """A read-only view's connection, opened on first use and never creating the database
    (``CatalogReader``, ``FactEventsReader``): ``connection()`` is None while no store exists."""

    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._conn: sqlite3.Connection | None = None

    def connection(self) -> sqlite3.Connection | None:
        conn = self._conn
        if isinstance(conn, _MappedConnection) and conn.frozen_at is not None and (
                time.monotonic() - conn.frozen_at >= FROZEN_RETRY_S
                or not _wal_is_empty(self.layout.database)):
            # a frozen view (full disk): try a live one again (or a fresh frozen one) now and
            # then, and at once when a writer has committed (its WAL is no longer empty), so
            # a save made once space is freed is read back by the next search
            self.close()
        if self._conn is not None and file_gone(self._conn):
            self.close()  # a rebuilt database is read from now on; a removed one is refused
        if self._conn is None:
            self._conn = connect(self.layout, create=False)
            if self._conn is None and database_missing(self.layout):
                raise DatabaseGone(self.layout.database)
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


# ---------------------------------------------------------------------------- writing


@dataclass(frozen=True)
class FactRow:
    """One fact event with the columns it is looked up by (computed by the facts actor)."""

    event: Mapping[str, Any]
    fkey: str | None = None
    """``subject\\x1fattribute`` after normalisation, for fact events."""
    subject: str | None = None
    leaf: str | None = None
    """The leaf the event concerns: a fact's source, a retracted or superseded leaf."""
    ref: str | None = None
    """The fact a retract or review concerns."""
    at_us: int | None = None
    """Record time in microseconds since the epoch."""

    def as_dict(self) -> dict[str, Any]:
        return {"event": dict(self.event), "fkey": self.fkey, "subject": self.subject,
                "leaf": self.leaf, "ref": self.ref, "at_us": self.at_us}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> FactRow:
        return cls(event=dict(data["event"]), fkey=data.get("fkey"),
                   subject=data.get("subject"), leaf=data.get("leaf"), ref=data.get("ref"),
                   at_us=data.get("at_us"))


class Tx:
    """The writes one transaction may make; every catalog change gets the next seq."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self.conn = conn

    def _next_seq(self) -> int:
        row = self.conn.execute(
            "INSERT INTO meta(key, value) VALUES ('catalog_seq', '1') ON CONFLICT(key) DO "
            "UPDATE SET value = CAST(value AS INTEGER) + 1 RETURNING value").fetchone()
        return int(row[0])

    def _tally(self, domain: str, kind: str, delta: int) -> None:
        self.conn.execute(
            "INSERT INTO tallies(domain, kind, n) VALUES (?, ?, ?) ON CONFLICT(domain, kind) "
            "DO UPDATE SET n = n + excluded.n", (domain, kind, delta))
        self.conn.execute("DELETE FROM tallies WHERE n <= 0")

    def catalog(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Apply put / patch / del records (shapes in ``store.catalog``)."""
        for record in records:
            op = record.get("op")
            if op == "put":
                self.put(record["entry"])
            elif op == "patch":
                self.patch(str(record["id"]), dict(record["set"]))
            elif op == "del":
                self.delete(str(record["id"]))

    def put(self, entry: Mapping[str, Any]) -> None:
        old = self.conn.execute("SELECT domain, kind FROM catalog WHERE id = ?",
                                (entry["id"],)).fetchone()
        if old is not None:
            self._tally(old[0], old[1], -1)
        values = [entry.get(f) for f in CATALOG_FIELDS]
        values[2] = int(values[2] or 0)
        self.conn.execute(
            f"INSERT OR REPLACE INTO catalog({', '.join(CATALOG_FIELDS)}, seq) "
            f"VALUES ({', '.join('?' for _ in CATALOG_FIELDS)}, ?)",
            (*values, self._next_seq()))
        self.conn.execute("DELETE FROM catalog_gone WHERE id = ?", (entry["id"],))
        self._tally(str(entry["domain"]), str(entry["kind"]), 1)

    def patch(self, entry_id: str, fields: Mapping[str, Any]) -> None:
        names = [f for f in fields if f in CATALOG_FIELDS and f not in ("id", "kind", "domain")]
        if not names:
            return
        self.conn.execute(
            f"UPDATE catalog SET {', '.join(f'{n} = ?' for n in names)}, seq = ? WHERE id = ?",
            (*[fields[n] for n in names], self._next_seq(), entry_id))

    def delete(self, entry_id: str) -> None:
        old = self.conn.execute("SELECT domain, kind FROM catalog WHERE id = ?",
                                (entry_id,)).fetchone()
        if old is None:
            return
        self.conn.execute("DELETE FROM catalog WHERE id = ?", (entry_id,))
        self.conn.execute("INSERT OR REPLACE INTO catalog_gone(id, domain, seq) VALUES (?, ?, ?)",
                          (entry_id, old[0], self._next_seq()))
        self._tally(old[0], old[1], -1)

    def replace_catalog(self, entries: Iterable[Mapping[str, Any]]) -> None:
        """Make ``entries`` the whole catalog (rebuild); removed ids are reported as deleted."""
        entries = list(entries)
        keep = {str(e["id"]) for e in entries}
        for (entry_id,) in self.conn.execute("SELECT id FROM catalog").fetchall():
            if entry_id not in keep:
                self.delete(entry_id)
        for entry in entries:
            self.put(entry)

    def facts(self, rows: Iterable[FactRow]) -> None:
        self.conn.executemany(
            "INSERT INTO facts(op, fact_id, fkey, subject, leaf, ref, at_us, event) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [(str(r.event.get("op")), r.event.get("fact_id"), r.fkey, r.subject, r.leaf,
              r.ref, r.at_us, _dumps(r.event)) for r in rows])

    def replace_facts(self, rows: Iterable[FactRow]) -> None:
        """Make ``rows`` the whole table (rebuild); bumps ``facts_epoch`` for followers."""
        self.conn.execute("DELETE FROM facts")
        self.conn.execute(
            "INSERT INTO meta(key, value) VALUES ('facts_epoch', '1') ON CONFLICT(key) DO "
            "UPDATE SET value = CAST(value AS INTEGER) + 1")
        self.facts(rows)

    def audit(self, records: Iterable[Mapping[str, Any]]) -> None:
        self.conn.executemany(
            "INSERT INTO audit(ts, action, record) VALUES (?, ?, ?)",
            [(str(r.get("ts") or ""), str(r.get("action") or ""), _dumps(r)) for r in records])

    def replace_audit(self, records: Iterable[Mapping[str, Any]]) -> None:
        self.conn.execute("DELETE FROM audit")
        self.audit(records)

    def pending(self, ids_paths: Sequence[tuple[str, str]], pid: int) -> None:
        self.conn.executemany("INSERT OR REPLACE INTO pending(id, path, pid) VALUES (?, ?, ?)",
                              [(i, p, pid) for i, p in ids_paths])

    def clear_pending(self, ids: Iterable[str], pid: int | None = None) -> None:
        for leaf_id in ids:
            if pid is None:
                self.conn.execute("DELETE FROM pending WHERE id = ?", (leaf_id,))
            else:
                self.conn.execute("DELETE FROM pending WHERE id = ? AND pid = ?", (leaf_id, pid))

    def set_meta(self, key: str, value: str) -> None:
        self.conn.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)", (key, value))


def _dumps(value: Mapping[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def get_meta(conn: sqlite3.Connection, key: str) -> str | None:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def entry_of(row: Sequence[Any]) -> Entry:
    return dict(zip(CATALOG_FIELDS, row, strict=False))


def pending_rows(conn: sqlite3.Connection) -> list[tuple[str, str, int]]:
    return [(str(a), str(b), int(c)) for a, b, c in
            conn.execute("SELECT id, path, pid FROM pending ORDER BY id").fetchall()]
