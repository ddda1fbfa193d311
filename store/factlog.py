"""The facts table: every fact, retraction, review and explicit supersession, as events.

The timeline is derived from these events at read time (``actors.facts.timeline``), so the
table is append-only: the facts actor inserts rows (``store.db.Tx.facts``) under the ``facts``
lock, each with the lookup columns it computed (``store.db.FactRow``). This module holds the
read side: ``FactEventsReader`` for incremental readers and the lookups the facts actor's index
is built on. A facts.json written by IHMT (a ``facts`` list with statuses) becomes the
equivalent fact events through ``event_from_ihmt_fact`` (used by ``store.migrate``).

Read-only: it never writes, and never creates the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from store.db import Reader, mapped

Events = list[dict[str, Any]]
EVENT_OPS = ("fact", "retract", "review", "supersede_leaf")
_CHUNK = 500


def _date_part(value: Any) -> str | None:
    if isinstance(value, str) and len(value) >= 10:
        return value[:10]
    return None


def event_from_ihmt_fact(fact: Mapping[str, Any], updated_at: str) -> dict[str, Any]:
    """An IHMT fact (subject, attribute, value, timestamp, source_leaf_id ...) as our event."""
    return {
        "op": "fact",
        "fact_id": str(fact.get("fact_id") or ""),
        "subject": str(fact.get("subject") or "user"),
        "attribute": str(fact.get("attribute") or ""),
        "value": str(fact.get("value") or ""),
        "valid_from": _date_part(fact.get("valid_from") or fact.get("timestamp")),
        "recorded_at": updated_at,
        "recorded_by": {"agent": "ihmt", "session": "", "client_version": ""},
        "origin": "user",
        "source_leaf_id": fact.get("source_leaf_id"),
        "domain": str(fact.get("domain") or ""),
        "scope": "",
        "pending": False,
    }


def retracted_targets(events: Iterable[Mapping[str, Any]]) -> set[str]:
    """The ids (memories and facts) the ``events`` retract: what doctor and rebuild leave
    forgotten."""
    return {str(e.get("target")) for e in events if e.get("op") == "retract"}


def _events(rows: Iterable[tuple[Any, ...]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for row in rows:
        value = json.loads(row[-1])
        if isinstance(value, dict):
            out.append(value)
    return out


def _chunks(values: list[str]) -> Iterable[list[str]]:
    for i in range(0, len(values), _CHUNK):
        yield values[i:i + _CHUNK]


class FactEventsReader(Reader):
    """Read-only access to the facts table for one thread of use.

    Contract: ``events_since(seq)`` returns ``[(seq, event), ...]`` of every event committed
    with a seq greater than ``seq``, in seq (= commit) order, and the highest seq returned
    (``seq`` itself when there is nothing new). Events are never updated or deleted, except by
    a rebuild, which replaces the whole table with seqs above every earlier one and increments
    ``epoch()``: a follower that sees a new epoch starts again from seq 0. With no database,
    it is empty (epoch 0).
    """

    def _query(self, sql: str, params: Iterable[Any] = ()) -> list[tuple[Any, ...]]:
        conn = self.connection()
        if conn is None:
            return []
        with mapped(self.layout.database):
            return conn.execute(sql, tuple(params)).fetchall()

    def events_since(self, seq: int) -> tuple[list[tuple[int, dict[str, Any]]], int]:
        rows = self._query("SELECT seq, event FROM facts WHERE seq > ? ORDER BY seq", (seq,))
        out = [(int(s), e) for s, e in ((r[0], json.loads(r[1])) for r in rows)
               if isinstance(e, dict)]
        return out, max([seq] + [int(r[0]) for r in rows])

    def epoch(self) -> int:
        rows = self._query("SELECT value FROM meta WHERE key = 'facts_epoch'")
        return int(rows[0][0]) if rows else 0

    def all_events(self) -> Events:
        return _events(self._query("SELECT event FROM facts ORDER BY seq"))

    def count(self) -> int:
        rows = self._query("SELECT count(*) FROM facts")
        return int(rows[0][0]) if rows else 0

    # ------------------------------------------------------------------ lookups by column

    def facts_of_keys(self, fkeys: list[str]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []
        for part in _chunks(fkeys):
            out += _events(self._query(
                f"SELECT seq, event FROM facts WHERE op = 'fact' AND fkey IN "
                f"({', '.join('?' for _ in part)}) ORDER BY seq", part))
        return out

    def about_facts(self, fact_ids: list[str]) -> list[dict[str, Any]]:
        """Retract and review events that name one of these facts."""
        out: list[dict[str, Any]] = []
        for part in _chunks(fact_ids):
            out += _events(self._query(
                f"SELECT seq, event FROM facts WHERE op != 'fact' AND ref IN "
                f"({', '.join('?' for _ in part)}) ORDER BY seq", part))
        return out

    def about_leaves(self, leaves: list[str]) -> list[dict[str, Any]]:
        """Leaf retractions and supersessions of these leaves."""
        out: list[dict[str, Any]] = []
        for part in _chunks(leaves):
            out += _events(self._query(
                f"SELECT seq, event FROM facts WHERE op != 'fact' AND leaf IN "
                f"({', '.join('?' for _ in part)}) ORDER BY seq", part))
        return out

    def key_of_fact(self, fact_id: str) -> str | None:
        rows = self._query("SELECT fkey FROM facts WHERE op = 'fact' AND fact_id = ? LIMIT 1",
                           (fact_id,))
        return str(rows[0][0]) if rows and rows[0][0] is not None else None

    def keys(self) -> list[str]:
        return [str(r[0]) for r in self._query(
            "SELECT DISTINCT fkey FROM facts WHERE op = 'fact' AND fkey IS NOT NULL")]

    def keys_of_subject(self, subject: str) -> list[str]:
        return [str(r[0]) for r in self._query(
            "SELECT DISTINCT fkey FROM facts WHERE op = 'fact' AND subject = ?", (subject,))]

    def keys_of_leaves(self, leaves: list[str]) -> list[str]:
        out: list[str] = []
        for part in _chunks(leaves):
            out += [str(r[0]) for r in self._query(
                f"SELECT DISTINCT fkey FROM facts WHERE op = 'fact' AND leaf IN "
                f"({', '.join('?' for _ in part)})", part)]
        return out

    def superseded_leaves(self) -> list[str]:
        return [r[0] for r in self._query(
            "SELECT DISTINCT leaf FROM facts WHERE op = 'supersede_leaf' AND leaf IS NOT NULL")]

    def leaf_known(self, leaf: str) -> bool:
        return bool(self._query("SELECT 1 FROM facts WHERE leaf = ? LIMIT 1", (leaf,)))

    def latest_us(self) -> int | None:
        rows = self._query("SELECT max(at_us) FROM facts")
        return int(rows[0][0]) if rows and rows[0][0] is not None else None
