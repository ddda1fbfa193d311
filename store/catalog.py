"""The catalog: every leaf and branch by id, with its path, parent and status.

It is an index, rebuildable from the leaf and branch files (``store.rebuild``), kept in the
``catalog`` table of the store's database (``store.db``). Catalog entries are derived from file
headers by ``entry_from_leaf`` and ``entry_from_branch`` only, which is what makes a rebuilt
catalog equal the live one. Changes are records (``put`` / ``patch`` / ``delete``) applied by
``store.db.Tx.catalog`` inside a transaction whose writer holds the ``catalog`` lock.

``CatalogReader`` is the cheap, read-only view every process and actor may hold: it opens the
database lazily, creates nothing, and answers from committed data only.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from store.db import CATALOG_FIELDS, Reader, entry_of, mapped

Entry = dict[str, Any]
Entries = dict[str, Entry]

ENTRY_FIELDS = CATALOG_FIELDS
_SELECT = f"SELECT {', '.join(CATALOG_FIELDS)} FROM catalog"
_SHARED_VALUES = frozenset({"kind", "domain", "status", "source", "scope", "origin", "agent"})
"""Columns whose values repeat across rows (a handful of domains, kinds and agents)."""
_IDS_PER_STATEMENT = 500
"""Ids bound in one ``IN (...)`` (SQLite's bound-variable limit is lower in old builds)."""


def _check_fields(fields: Sequence[str]) -> None:
    if not fields or fields[0] != "id" or not set(fields) <= set(CATALOG_FIELDS):
        raise ValueError(f"not catalog columns starting with id: {fields!r}")


def _rows_by_id(cursor: Iterable[Sequence[Any]], fields: Sequence[str]) -> Entries:
    """Rows of ``fields`` (``id`` first) by id, the repeating values interned."""
    shared = [at for at, name in enumerate(fields) if name in _SHARED_VALUES]
    out: Entries = {}
    for row in cursor:
        values = list(row)
        for at in shared:
            if isinstance(values[at], str):
                values[at] = sys.intern(values[at])
        out[str(row[0])] = dict(zip(fields, values, strict=True))
    return out


@dataclass(frozen=True)
class Change:
    """One catalog row inserted, updated or deleted after some seq."""

    seq: int
    entry_id: str
    entry: Entry | None
    """The row as it is now; None when the row was deleted."""
    domain: str


@dataclass(frozen=True)
class Counts:
    leaves_by_domain: Mapping[str, int] = field(default_factory=dict)
    nodes: int = 0
    depth: int = 0

    @property
    def leaves(self) -> int:
        return sum(self.leaves_by_domain.values())


class CatalogReader(Reader):
    """Read-only catalog queries for one process (one connection, opened on first use).

    Contract (relied on by the navigation read model and the full-text index):
    - ``changes_since(seq)`` returns every row inserted, updated or deleted with a seq greater
      than ``seq``, in seq order, and the highest seq seen (``seq`` itself when nothing
      changed). Every insert or update of a row gets a new, increasing seq inside the
      transaction that makes it, so a caller that keeps the returned seq misses nothing and
      sees each committed change once (a row changed twice is reported once, as it is now).
    - ``get(id)`` is the committed row or None; ``counts()`` the tallies per domain and kind.
    - Nothing is created on disk: with no database yet every answer is empty.
    - Not thread-safe: one reader per thread of use (actors use theirs from one worker hop
      at a time).
    """

    def changes_since(self, seq: int) -> tuple[list[Change], int]:
        conn = self.connection()
        if conn is None:
            return [], seq
        with mapped(self.layout.database):
            conn.execute("BEGIN")
            try:
                rows = conn.execute(f"{_SELECT.replace(' FROM', ', seq FROM')} WHERE seq > ? "
                                    "ORDER BY seq", (seq,)).fetchall()
                gone = conn.execute("SELECT id, domain, seq FROM catalog_gone WHERE seq > ? "
                                    "ORDER BY seq", (seq,)).fetchall()
            finally:
                conn.execute("COMMIT")
        changes = [Change(int(r[-1]), str(r[0]), entry_of(r[:-1]), str(r[3])) for r in rows]
        changes += [Change(int(s), str(i), None, str(d)) for i, d, s in gone]
        changes.sort(key=lambda c: c.seq)
        return changes, max([seq] + [c.seq for c in changes])

    def count_changes_since(self, seq: int) -> int:
        """How many rows ``changes_since(seq)`` would return (two index range counts, no
        rows decoded: asked by every process's idle turn)."""
        conn = self.connection()
        if conn is None:
            return 0
        with mapped(self.layout.database):
            conn.execute("BEGIN")
            try:
                live = conn.execute("SELECT count(*) FROM catalog WHERE seq > ?",
                                    (seq,)).fetchone()
                gone = conn.execute("SELECT count(*) FROM catalog_gone WHERE seq > ?",
                                    (seq,)).fetchone()
            finally:
                conn.execute("COMMIT")
        return int(live[0]) + int(gone[0])

    def get(self, entry_id: str) -> Entry | None:
        conn = self.connection()
        if conn is None:
            return None
        with mapped(self.layout.database):
            row = conn.execute(f"{_SELECT} WHERE id = ?", (entry_id,)).fetchone()
        return None if row is None else entry_of(row)

    def told_before(self, entry: Mapping[str, Any], count: int) -> list[Entry]:
        """Up to ``count`` leaves the same agent saved from the same source right before
        ``entry`` (by record time; the ``catalog_turns`` index), forgotten ones skipped,
        nearest first: the turns a conversation saved one turn per memory had reached."""
        return self._told(entry, count, before=True)

    def told_around(self, entry: Mapping[str, Any], count: int) -> list[Entry]:
        """Up to ``count`` leaves the same agent saved from the same source right before
        ``entry`` and up to ``count`` right after (by record time; the ``catalog_turns``
        index), forgotten ones skipped: the turns around one of a conversation saved one turn
        per memory, nearest first on each side."""
        return [*self._told(entry, count, before=True), *self._told(entry, count, before=False)]

    def _told(self, entry: Mapping[str, Any], count: int, *, before: bool) -> list[Entry]:
        conn = self.connection()
        if conn is None or not entry.get("recorded_at") or count < 1:
            return []
        key = (entry.get("agent"), entry.get("source"), entry["recorded_at"], count)
        live = "kind = 'leaf' AND (status IS NULL OR status NOT IN ('RETRACTED', 'DELETED'))"
        where, order = ("recorded_at < ?", "agent DESC, source DESC, recorded_at DESC") \
            if before else ("recorded_at > ?", "agent, source, recorded_at")
        with mapped(self.layout.database):
            rows = conn.execute(
                f"{_SELECT} WHERE agent IS ? AND source IS ? AND {where} AND {live} "
                f"ORDER BY {order} LIMIT ?", key).fetchall()
        return [entry_of(row) for row in rows]

    def known(self, ids: Sequence[str]) -> set[str]:
        """Which of ``ids`` are in the catalog."""
        return set(self.rows(ids, ("id",)))

    def rows(self, ids: Sequence[str], fields: Sequence[str] = CATALOG_FIELDS) -> Entries:
        """The rows of ``ids`` that exist, by id (``fields`` as in ``entries``), asked in
        chunks: a store's every branch id is more than one statement may bind."""
        conn = self.connection()
        if conn is None or not ids:
            return {}
        _check_fields(fields)
        out: Entries = {}
        with mapped(self.layout.database):
            for start in range(0, len(ids), _IDS_PER_STATEMENT):
                chunk = list(ids[start:start + _IDS_PER_STATEMENT])
                cursor = conn.execute(f"SELECT {', '.join(fields)} FROM catalog WHERE id IN "
                                      f"({', '.join('?' for _ in chunk)})", chunk)
                out.update(_rows_by_id(cursor, fields))
        return out

    def counts(self) -> Counts:
        conn = self.connection()
        if conn is None:
            return Counts()
        with mapped(self.layout.database):
            rows = conn.execute("SELECT domain, kind, n FROM tallies").fetchall()
            depth = conn.execute("SELECT max(layer) FROM catalog WHERE kind = 'node'").fetchone()
        leaves = {str(d): int(n) for d, k, n in rows if k == "leaf" and n > 0}
        nodes = sum(int(n) for _d, k, n in rows if k == "node")
        return Counts(leaves, nodes, int(depth[0] or 0))

    def count_unfiled_leaves(self) -> int:
        """Leaves no branch holds yet (one count over the ``parent_id`` index)."""
        conn = self.connection()
        if conn is None:
            return 0
        with mapped(self.layout.database):
            row = conn.execute("SELECT count(*) FROM catalog WHERE parent_id IS NULL "
                               "AND kind = 'leaf'").fetchone()
        return int(row[0]) if row else 0

    def entries(self, fields: Sequence[str] = CATALOG_FIELDS) -> Entries:
        """Every row (for maintenance: doctor); O(store), never on a hot path. ``fields``:
        only these columns (the first must be ``id``), the words many rows share held once."""
        conn = self.connection()
        if conn is None:
            return {}
        _check_fields(fields)
        with mapped(self.layout.database):  # row by row: never every row twice over
            return _rows_by_id(conn.execute(f"SELECT {', '.join(fields)} FROM catalog"), fields)

    def trunk(self, fields: Sequence[str] = CATALOG_FIELDS) -> Entries:
        """The rows without a parent (retracted ones too), by id: what a consolidation pass
        files. Read over the ``parent_id`` index; a few hundred rows in a filed store of any
        size, where reading every row cost a pass 46 MB and a fifth of a second at 50k."""
        conn = self.connection()
        if conn is None:
            return {}
        _check_fields(fields)
        with mapped(self.layout.database):
            return _rows_by_id(conn.execute(
                f"SELECT {', '.join(fields)} FROM catalog WHERE parent_id IS NULL "
                "OR parent_id = ''"), fields)

    def dangling_links(self) -> dict[str, tuple[str, ...]]:
        """Parent ids some row names but no row has -> the rows naming them (sorted): the
        debris of a link write cut short (one scan in SQLite, no row reaches Python)."""
        conn = self.connection()
        if conn is None:
            return {}
        with mapped(self.layout.database):
            rows = conn.execute(
                "SELECT c.parent_id, c.id FROM catalog c LEFT JOIN catalog p "
                "ON p.id = c.parent_id WHERE c.parent_id IS NOT NULL AND c.parent_id != '' "
                "AND p.id IS NULL ORDER BY c.parent_id, c.id").fetchall()
        out: dict[str, list[str]] = {}
        for parent, child in rows:
            out.setdefault(str(parent), []).append(str(child))
        return {parent: tuple(children) for parent, children in out.items()}

    def leaf_timestamps(self) -> Iterator[str]:
        """Every distinct leaf timestamp (the root's time range), streamed from the cursor."""
        conn = self.connection()
        if conn is None:
            return
        with mapped(self.layout.database):
            for (stamp,) in conn.execute("SELECT DISTINCT timestamp FROM catalog "
                                         "WHERE kind = 'leaf'"):
                if stamp:
                    yield str(stamp)

    def parentless(self) -> list[Entry]:
        """Rows without a parent, oldest first: the trunk the navigation descent starts from
        (uses the ``parent_id`` index; small once consolidation has filed the leaves)."""
        conn = self.connection()
        if conn is None:
            return []
        with mapped(self.layout.database):
            rows = conn.execute(f"{_SELECT} WHERE parent_id IS NULL "
                                "ORDER BY timestamp, id").fetchall()
        return [entry_of(r) for r in rows]

    def leaf_ids(self) -> list[str]:
        """Every leaf id (O(store): background work such as embedding backfill, never a
        search's hot path)."""
        conn = self.connection()
        if conn is None:
            return []
        with mapped(self.layout.database):
            rows = conn.execute("SELECT id FROM catalog WHERE kind = 'leaf' ORDER BY id"
                                ).fetchall()
        return [str(r[0]) for r in rows]

    def newest_leaves(self, scope: str, count: int, skip: int = 0) -> list[str]:
        """Ids of the leaves of exactly ``scope``, newest record time first (ties by id),
        ``count`` of them after the first ``skip``: a seek on the ``catalog_recent`` index,
        whatever the store's size. Record times are compared as text: every save writes them
        in one fixed-width UTC form (``%Y-%m-%dT%H:%M:%S.%fZ``), which sorts as its instant."""
        conn = self.connection()
        if conn is None or count < 1:
            return []
        with mapped(self.layout.database):
            rows = conn.execute("SELECT id FROM catalog WHERE kind = 'leaf' AND scope = ? "
                                "ORDER BY recorded_at DESC, id LIMIT ? OFFSET ?",
                                (scope, count, max(skip, 0))).fetchall()
        return [str(r[0]) for r in rows]

    def leaves_from(self, source: str) -> list[str]:
        """Ids of the leaves saved from ``source`` (an ingested file's path), by id: a seek on
        the ``catalog_source`` index."""
        conn = self.connection()
        if conn is None:
            return []
        with mapped(self.layout.database):
            rows = conn.execute("SELECT id FROM catalog WHERE source = ? AND kind = 'leaf' "
                                "ORDER BY id", (source,)).fetchall()
        return [str(r[0]) for r in rows]

    def leaf_times(self, upto_seq: int) -> Iterator[tuple[str, str, str, str]]:
        """(id, timestamp, recorded_at, scope) of every leaf as of ``upto_seq`` (rows changed later
        are left out): one query, for a reader that keeps every memory's day (O(store) rows,
        read once per process, never per search). Streamed from the cursor: a list of every
        row beside the reader's own copy (two of them at 50k memories, ~12 MB each) raised a
        server's heap for good on its first time question."""
        conn = self.connection()
        if conn is None:
            return
        with mapped(self.layout.database):
            for i, stamp, recorded, scope in conn.execute(
                    "SELECT id, timestamp, recorded_at, scope FROM catalog "
                    "WHERE kind = 'leaf' AND seq <= ?", (upto_seq,)):
                yield str(i), str(stamp or ""), str(recorded or ""), str(scope or "")

    def last_seq(self) -> int:
        conn = self.connection()
        if conn is None:
            return 0
        with mapped(self.layout.database):
            row = conn.execute("SELECT value FROM meta WHERE key = 'catalog_seq'").fetchone()
        return int(row[0]) if row else 0


def put(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"op": "put", "entry": dict(entry)}


def patch(entry_id: str, **fields: Any) -> dict[str, Any]:
    return {"op": "patch", "id": entry_id, "set": fields}


def delete(entry_id: str, domain: str = "") -> dict[str, Any]:
    return {"op": "del", "id": entry_id, "domain": domain}


def entry_from_leaf(header: Mapping[str, Any], relpath: str, parent_id: str | None) -> Entry:
    """The catalog entry of a leaf, from its header alone (plus the parent found in the tree)."""
    return {
        "id": header["leaf_id"],
        "kind": "leaf",
        "layer": 0,
        "domain": header["domain"],
        "path": relpath,
        "parent_id": parent_id,
        "timestamp": header.get("timestamp") or header.get("ingested_at") or "",
        "title": header.get("title", ""),
        "leaf_count": 1,
        "status": header.get("status") or "ACTIVE",
        "source": header.get("source") or "",
        "scope": header.get("scope") or "",
        "origin": header.get("origin") or "user",
        "agent": header.get("agent") or "",
        "recorded_at": header.get("recorded_at") or header.get("ingested_at") or "",
    }


def entry_from_branch(node: Mapping[str, Any], relpath: str) -> Entry:
    time_range = node.get("time_range") or {}
    return {
        "id": node["node_id"],
        "kind": "node",
        "layer": int(node["layer"]),
        "domain": node["domain"],
        "path": relpath,
        "parent_id": node.get("parent_id"),
        "timestamp": time_range.get("end") or node.get("created_at") or "",
        "title": node.get("title", ""),
        "leaf_count": int(node.get("leaf_count", 0)),
        "status": "ACTIVE",
        "source": "",
        "scope": "",
        "origin": "",
        "agent": "",
        "recorded_at": node.get("created_at") or "",
    }
