"""The audit log: one record per mutation, in the ``audit`` table of the store's database.

Each record says when (``ts``), who (``pid``, ``actor``, ``client``, ``session``), what
(``action``) and on which ids. Records are written in the same transaction as the change they
describe (``store.engine.Engine.commit``) and, inside that transaction's line, to the event file
(``store.events``), which is why a rebuild can restore the whole audit after ``state/`` is gone.
The fact records must stay complete on their own: the facts rebuild replays retractions and
reviews from them.

``read_audit`` is the public way to iterate the log (export, ``ihmt-async audit``); with no
database it reads the event file, so it never creates anything.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from store.db import connect, mapped
from store.events import iter_records, utc_now
from store.paths import StoreLayout


def audit_record(*, actor: str, action: str, ids: Sequence[str] = (), client: str = "",
                 session: str = "", **details: Any) -> dict[str, Any]:
    """One audit record (written by whoever commits the change it describes)."""
    return {"ts": utc_now(), "pid": os.getpid(), "actor": actor, "client": client,
            "session": session, "action": action, "ids": list(ids), **details}


def records_of_line(line: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The audit records an event-file line carries."""
    return [r for r in line.get("audit") or () if isinstance(r, Mapping)]


def read_audit(layout: StoreLayout, since_day: str = "") -> Iterator[Mapping[str, Any]]:
    """Every audit record, oldest first. ``since_day`` (``YYYY-MM-DD``): only records stamped
    that day or later, as the stamp reads, asked of the database: ``ihmt-async audit --since
    2h`` decoded every record of the store (50,000 at 50k memories) to keep a few. The caller
    keeps its exact test (a stamp with an offset reads a day apart from its UTC day: pass the
    day before)."""
    conn = connect(layout, create=False)
    if conn is None:
        for line in iter_records(layout.events_file):
            yield from (record for record in records_of_line(line)
                        if str(record.get("ts") or "") >= since_day)
        return
    try:
        with mapped(layout.database):
            rows = conn.execute("SELECT record FROM audit WHERE ts >= ? ORDER BY seq",
                                (since_day,)).fetchall() if since_day else \
                conn.execute("SELECT record FROM audit ORDER BY seq").fetchall()
    finally:
        conn.close()
    for (raw,) in rows:
        record = json.loads(raw)
        if isinstance(record, dict):
            yield record
