"""Memory vectors: table ``vectors`` of the store's database (``state/ihmt.sqlite3``).

One row per (memory, model): the vector as float32 bytes. Rows are derived data (a leaf's text
through the embedding model), so losing them costs only a background re-embedding; a new model
id re-embeds everything while the old rows keep serving until replaced. This module owns only
this table (the rest of the file's schema belongs to the store engine). A ``VectorTable`` keeps
one connection for its owner's life (the navigation actor's vector index: it reads and writes a
few rows after every save, and opening a connection costs a dozen statements of set-up); the
module's functions open one per call, for one-off callers. It never reads leaf files.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from store.db import connect, database_missing, file_gone, mapped
from store.errors import DatabaseGone
from store.paths import StoreLayout

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    leaf_id TEXT NOT NULL, model TEXT NOT NULL, vec BLOB NOT NULL,
    PRIMARY KEY (leaf_id, model));
"""


class VectorTable:
    """One owner's connection to the table, opened on first use and kept until ``close``.

    Any thread may use it, one call at a time (a lock: the background load of the stored
    vectors runs beside the actor's own calls). A call that fails closes the connection, so
    the next one opens afresh: a disk refusing writes, then freed, or a store whose database
    appeared since. Errors map like the engine's."""

    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._conn: sqlite3.Connection | None = None
        self._has_table = False
        self._lock = threading.Lock()

    def close(self) -> None:
        with self._lock:
            self._drop()

    def _drop(self) -> None:
        if self._conn is not None:
            self._conn.close()
        self._conn = None
        self._has_table = False

    @contextmanager
    def _transaction(self, *, create: bool = False) -> Iterator[sqlite3.Connection | None]:
        """The connection with the table, in one transaction; None when there is nothing to
        read and ``create`` is False: no database (reading vectors never creates a store), or
        no table yet. Only a writer creates the table: a read is never a write, so a full or
        read-only disk cannot fail a search's vector look-up."""
        with self._lock:
            try:
                if self._conn is not None and file_gone(self._conn):
                    self._drop()  # rebuilt by another process: reopened; removed: refused
                if self._conn is None:
                    if create and database_missing(self.layout):
                        raise DatabaseGone(self.layout.database)
                    self._conn = connect(self.layout, create=create)
                    if self._conn is None:
                        yield None
                        return
                conn = self._conn
                with mapped(self.layout.database):
                    if not self._has_table:
                        if create:
                            conn.executescript(_SCHEMA)
                        elif conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                                          "AND name = 'vectors'").fetchone() is None:
                            yield None
                            return
                        self._has_table = True
                    conn.execute("BEGIN")
                    try:
                        yield conn
                    except BaseException:
                        conn.execute("ROLLBACK")
                        raise
                    conn.execute("COMMIT")
            except BaseException:
                self._drop()
                raise

    def put(self, model: str, rows: Iterable[tuple[str, bytes]]) -> int:
        """Store vectors (one transaction); a row already there is replaced. Returns the
        count."""
        batch = [(leaf, model, vec) for leaf, vec in rows]
        if not batch:
            return 0
        with self._transaction(create=True) as conn:
            assert conn is not None
            conn.executemany("INSERT OR REPLACE INTO vectors (leaf_id, model, vec) "
                             "VALUES (?, ?, ?)", batch)
        return len(batch)

    def embedded_ids(self, model: str) -> set[str]:
        """Ids of the memories that have a vector of ``model``."""
        with self._transaction() as conn:
            if conn is None:
                return set()
            return {row[0] for row in conn.execute(
                "SELECT leaf_id FROM vectors WHERE model = ?", (model,))}

    def read(self, model: str, leaf_ids: Iterable[str] | None = None
             ) -> list[tuple[str, bytes]]:
        """(leaf id, vector bytes) of ``model``: all of them, or those of ``leaf_ids``."""
        with self._transaction() as conn:
            if conn is None:
                return []
            if leaf_ids is None:
                return list(conn.execute("SELECT leaf_id, vec FROM vectors WHERE model = ?",
                                         (model,)))
            out: list[tuple[str, bytes]] = []
            ids = list(leaf_ids)
            for start in range(0, len(ids), 500):
                chunk = ids[start:start + 500]
                marks = ",".join("?" * len(chunk))
                out.extend(conn.execute(
                    f"SELECT leaf_id, vec FROM vectors WHERE model = ? AND leaf_id IN ({marks})",
                    (model, *chunk)))
            return out

    @contextmanager
    def scanning(self, model: str) -> Iterator[tuple[int, Iterable[tuple[str, bytes]]]]:
        """How many vectors of ``model`` there are, and a cursor over them (leaf id, bytes),
        in one read transaction: a reader can size its buffer once and fill it row by row,
        instead of holding every row as a Python object first."""
        with self._transaction() as conn:
            if conn is None:
                yield 0, ()
                return
            row = conn.execute("SELECT COUNT(*) FROM vectors WHERE model = ?",
                               (model,)).fetchone()
            yield int(row[0]), conn.execute("SELECT leaf_id, vec FROM vectors WHERE model = ?",
                                            (model,))

    def drop_other_models(self, model: str) -> int:
        """Delete the rows of every model but ``model`` (once it covers the store)."""
        with self._transaction(create=True) as conn:
            if conn is None:
                return 0
            return int(conn.execute("DELETE FROM vectors WHERE model != ?", (model,)).rowcount)

    def count(self, model: str) -> int:
        with self._transaction() as conn:
            if conn is None:
                return 0
            row = conn.execute("SELECT COUNT(*) FROM vectors WHERE model = ?",
                               (model,)).fetchone()
            return int(row[0])


@contextmanager
def _once(layout: StoreLayout) -> Iterator[VectorTable]:
    """A table handle for one call (its connection closed after it)."""
    table = VectorTable(layout)
    try:
        yield table
    finally:
        table.close()


def put(layout: StoreLayout, model: str, rows: Iterable[tuple[str, bytes]]) -> int:
    """Store vectors (one transaction); a row already there is replaced. Returns the count."""
    with _once(layout) as table:
        return table.put(model, rows)


def embedded_ids(layout: StoreLayout, model: str) -> set[str]:
    """Ids of the memories that have a vector of ``model``."""
    with _once(layout) as table:
        return table.embedded_ids(model)


def read(layout: StoreLayout, model: str, leaf_ids: Iterable[str] | None = None
         ) -> list[tuple[str, bytes]]:
    """(leaf id, vector bytes) of ``model``: all of them, or those of ``leaf_ids``."""
    with _once(layout) as table:
        return table.read(model, leaf_ids)


@contextmanager
def scanning(layout: StoreLayout, model: str
             ) -> Iterator[tuple[int, Iterable[tuple[str, bytes]]]]:
    """``VectorTable.scanning`` on a connection of its own."""
    with _once(layout) as table, table.scanning(model) as found:
        yield found


def drop_other_models(layout: StoreLayout, model: str) -> int:
    """Delete the rows of every model but ``model`` (once it covers the store)."""
    with _once(layout) as table:
        return table.drop_other_models(model)


def count(layout: StoreLayout, model: str) -> int:
    with _once(layout) as table:
        return table.count(model)
