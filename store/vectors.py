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

from store.errors import StoreError
from store.paths import StoreLayout

BUSY_TIMEOUT_MS = 30_000

_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
    leaf_id TEXT NOT NULL, model TEXT NOT NULL, vec BLOB NOT NULL,
    PRIMARY KEY (leaf_id, model));
"""


class VectorStoreError(StoreError):
    """The vectors table could not be read or written."""


@contextmanager
def _connect(layout: StoreLayout) -> Iterator[sqlite3.Connection]:
    try:
        layout.state_dir.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(layout.database, timeout=BUSY_TIMEOUT_MS / 1000)
    except (OSError, sqlite3.Error) as exc:
        raise VectorStoreError(f"cannot open {layout.database}: {exc}") from exc
    try:
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        conn.executescript(_SCHEMA)
        yield conn
        conn.commit()
    except sqlite3.Error as exc:
        conn.rollback()
        raise VectorStoreError(f"vectors table in {layout.database}: {exc}") from exc
    finally:
        conn.close()


def put(layout: StoreLayout, model: str, rows: Iterable[tuple[str, bytes]]) -> int:
    """Store vectors (one transaction); a row already there is replaced. Returns the count."""
    batch = [(leaf, model, vec) for leaf, vec in rows]
    if not batch:
        return 0
    with _connect(layout) as conn:
        conn.executemany("INSERT OR REPLACE INTO vectors (leaf_id, model, vec) VALUES (?, ?, ?)",
                         batch)
    return len(batch)


def embedded_ids(layout: StoreLayout, model: str) -> set[str]:
    """Ids of the memories that have a vector of ``model``."""
    with _connect(layout) as conn:
        return {row[0] for row in conn.execute(
            "SELECT leaf_id FROM vectors WHERE model = ?", (model,))}


def read(layout: StoreLayout, model: str, leaf_ids: Iterable[str] | None = None
         ) -> list[tuple[str, bytes]]:
    """(leaf id, vector bytes) of ``model``: all of them, or those of ``leaf_ids``."""
    with _connect(layout) as conn:
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


def drop_other_models(layout: StoreLayout, model: str) -> int:
    """Delete the rows of every model but ``model`` (once it covers the store)."""
    with _connect(layout) as conn:
        return conn.execute("DELETE FROM vectors WHERE model != ?", (model,)).rowcount


def count(layout: StoreLayout, model: str) -> int:
    with _connect(layout) as conn:
        row = conn.execute("SELECT COUNT(*) FROM vectors WHERE model = ?", (model,)).fetchone()
        return int(row[0])
