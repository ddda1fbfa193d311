"""Memory vectors: table ``vectors`` of the store's database (``state/ihmt.sqlite3``).

One row per (memory, model): the vector as float32 bytes. Rows are derived data (a leaf's text
through the embedding model), so losing them costs only a background re-embedding; a new model
id re-embeds everything while the old rows keep serving until replaced. This module owns only
this table (the rest of the file's schema belongs to the store engine) and opens its own WAL
connection per call, so any thread or process may use it. It never reads leaf files.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from store.db import connect, mapped
from store.paths import StoreLayout

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    leaf_id TEXT NOT NULL, model TEXT NOT NULL, vec BLOB NOT NULL,
    PRIMARY KEY (leaf_id, model));
"""


@contextmanager
def _connect(layout: StoreLayout, *, create: bool = False
             ) -> Iterator[sqlite3.Connection | None]:
    """A connection with the table; None when there is nothing to read and ``create`` is
    False: no database (reading vectors never creates a store), or no table yet. Only a
    writer creates the table: a read is never a write, so a full or read-only disk cannot
    fail a search's vector look-up. Errors map like the engine's."""
    conn = connect(layout, create=create)
    if conn is None:
        yield None
        return
    try:
        with mapped(layout.database):
            if create:
                conn.executescript(_SCHEMA)
            elif conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND "
                              "name = 'vectors'").fetchone() is None:
                yield None
                return
            conn.execute("BEGIN")
            try:
                yield conn
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
    finally:
        conn.close()


def put(layout: StoreLayout, model: str, rows: Iterable[tuple[str, bytes]]) -> int:
    """Store vectors (one transaction); a row already there is replaced. Returns the count."""
    batch = [(leaf, model, vec) for leaf, vec in rows]
    if not batch:
        return 0
    with _connect(layout, create=True) as conn:
        assert conn is not None
        conn.executemany("INSERT OR REPLACE INTO vectors (leaf_id, model, vec) VALUES (?, ?, ?)",
                         batch)
    return len(batch)


def embedded_ids(layout: StoreLayout, model: str) -> set[str]:
    """Ids of the memories that have a vector of ``model``."""
    with _connect(layout) as conn:
        if conn is None:
            return set()
        return {row[0] for row in conn.execute(
            "SELECT leaf_id FROM vectors WHERE model = ?", (model,))}


def read(layout: StoreLayout, model: str, leaf_ids: Iterable[str] | None = None
         ) -> list[tuple[str, bytes]]:
    """(leaf id, vector bytes) of ``model``: all of them, or those of ``leaf_ids``."""
    with _connect(layout) as conn:
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
def scanning(layout: StoreLayout, model: str
             ) -> Iterator[tuple[int, Iterable[tuple[str, bytes]]]]:
    """How many vectors of ``model`` there are, and a cursor over them (leaf id, bytes), in
    one read transaction: a reader can size its buffer once and fill it row by row, instead
    of holding every row as a Python object first."""
    with _connect(layout) as conn:
        if conn is None:
            yield 0, ()
            return
        row = conn.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", (model,)).fetchone()
        yield int(row[0]), conn.execute("SELECT leaf_id, vec FROM vectors WHERE model = ?",
                                        (model,))


def drop_other_models(layout: StoreLayout, model: str) -> int:
    """Delete the rows of every model but ``model`` (once it covers the store)."""
    with _connect(layout, create=True) as conn:
        if conn is None:
            return 0
        return conn.execute("DELETE FROM vectors WHERE model != ?", (model,)).rowcount


def count(layout: StoreLayout, model: str) -> int:
    with _connect(layout) as conn:
        if conn is None:
            return 0
        row = conn.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", (model,)).fetchone()
        return int(row[0])
