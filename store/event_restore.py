"""Write the event file again from a healthy database that applied all of it (probe F5).

The event file (``store.events``) is, with the leaf files, what ``rm -rf state/ && ihmt-async
rebuild`` replays. When lines of it are damaged (a line garbled, the file emptied or cut short)
and the database applied every one of them before, the database is the one whole copy of
what they held: the fact rows (retractions, reviews, supersessions, and the id and record time
of every fact), the audit records, the catalog entries. ``rewrite`` keeps every readable line
as it is and writes, where the first loss was, lines holding what the database has and the
readable lines do not, so the file again replays to what the database holds. The damaged file
is kept beside it (``*.corrupt-<time>``).

It refuses (``refusal``) when the database may not hold what was lost: lines it never applied
(a damaged line the start-up replay skipped, ``EVENTS_UNAPPLIED``; lines still waiting).

Crash order: the new file is written and fsynced under a temp name, the old one linked aside,
the database then records the new file's length, and only then is the new file renamed into
place. The new file is never shorter than the old one (blank lines pad it: every reader skips
them), so a crash between the commit and the rename leaves an old file no longer than what the
database says it applied: nothing is replayed twice, and ``doctor`` reports the damage again.

The caller holds the ``catalog`` and ``facts`` locks (as every appender does); the old file's
``flock`` is taken too. This module never reads or writes leaf files and decides nothing about
facts: it copies rows.
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import json
import os
import sqlite3
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from store import catalog as catalog_table
from store.atomic import write_atomic_with
from store.db import CATALOG_FIELDS, FactRow, get_meta, transaction
from store.engine import (
    EVENTS_UNAPPLIED,
    Engine,
    events_accepted,
    events_lost,
    settle_damage,
)
from store.errors import map_os_error
from store.event_place import EVENTS_ASTRAY, EVENTS_MARK, Place, place
from store.events import ReadResult, encode_line, mark_of, parse_lines, utc_now
from store.paths import StoreLayout
from store.salvage import aside_path

LINE_META_KEYS = ("migrated_from",)
"""Meta keys event lines set (``migrate``): carried over when no readable line holds them."""
ROWS_PER_LINE = 500
"""Items of each kind per written line: an emptied file of a large store is many lines, not
one line of hundreds of megabytes."""


@dataclass(frozen=True)
class Rewritten:
    """What ``rewrite`` did."""

    kept: int
    """Readable lines kept as they were."""
    written: int
    """Lines written from the database."""
    facts: int
    audit: int
    catalog: int
    aside: Path | None
    """Where the damaged file was kept (None: there was no file)."""


class Reading:
    """The event file read once for one check or one repair, and what is told from it:
    ``doctor`` asked ``damage``, ``refusal`` and its own checks, and each read the whole file
    again (and looked for the database's place in it once more: a whole read each when the
    place is lost). Read when first asked (a check that needs nothing of it reads nothing);
    never re-read, so it is one moment of the file. Lines are parsed only where damaged
    (``read_lines(records=False)``)."""

    def __init__(self, layout: StoreLayout, conn: sqlite3.Connection) -> None:
        self.path = layout.events_file
        self.conn = conn

    @functools.cached_property
    def data(self) -> bytes:
        """The file's bytes (none when there is no file)."""
        try:
            return self.path.read_bytes()
        except FileNotFoundError:
            return b""
        except OSError as exc:
            raise map_os_error(exc, self.path) from exc

    @functools.cached_property
    def where(self) -> Place:
        """The database's place in the file (``event_place.place``)."""
        return place(self.conn, self.path, self.data)

    @functools.cached_property
    def lines(self) -> ReadResult:
        """Every complete line, its record left unparsed unless it is damaged."""
        return parse_lines(self.data, records=False)

    @functools.cached_property
    def lost(self) -> tuple[int, int, bool] | None:
        """``engine.events_lost`` of this reading."""
        return events_lost(self.conn, self.path, self.data, where=self.where)


def damage(reading: Reading) -> bool:
    """Whether the event file lost lines the database applied, or holds damaged ones."""
    if reading.lost is not None or get_meta(reading.conn, EVENTS_ASTRAY):
        return True
    if not reading.where.found:
        return True
    accepted = events_accepted(reading.conn)
    return any(line.offset >= accepted for line in reading.lines.damaged)


def refusal(reading: Reading) -> str | None:
    """Why the database cannot stand in for the lost lines (None: it can)."""
    if get_meta(reading.conn, EVENTS_UNAPPLIED):
        return ("a damaged line was skipped by a start before the database applied it, so "
                "no copy of what it held is left")
    where = reading.where
    if not where.found:
        return None  # a start applies none of it either: the database is all there is
    if any(line.end > where.offset for line in reading.lines.lines):
        return "the database has not applied every line yet (the next start applies them)"
    return None


def rewrite(layout: StoreLayout, engine: Engine) -> Rewritten:
    """Write the event file again from the database (locks held; ``refusal`` was None)."""
    path = layout.events_file
    try:
        fd = os.open(path, os.O_RDONLY) if path.exists() else None
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    try:
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_EX)  # as appenders do (they hold the facts lock too)
        old = path.read_bytes() if fd is not None else b""
        conn = engine.connection()
        kept, records = _plan(layout, conn, old)
        lines = [encode_line(r) for r in records]
        body = b"".join(kept[0]) + b"".join(lines) + b"".join(kept[1])
        body += b"\n" * max(0, len(old) - len(body))
        return _replace(layout, engine, body, fd is not None, Rewritten(
            kept=len(kept[0]) + len(kept[1]), written=len(lines),
            facts=sum(len(r["facts"]) for r in records),
            audit=sum(len(r["audit"]) for r in records),
            catalog=sum(len(r["catalog"]) for r in records), aside=None))
    finally:
        if fd is not None:
            os.close(fd)


def _plan(layout: StoreLayout, conn: sqlite3.Connection, old: bytes
          ) -> tuple[tuple[list[bytes], list[bytes]], list[dict[str, Any]]]:
    """(readable lines before the first loss, those after it) and the records to write
    between them: what the database holds that the readable lines do not."""
    found = parse_lines(old)  # the bytes read under the flock, not the file read again
    good = {line.end: line.record for line in found.lines}
    lost = events_lost(conn, layout.events_file, old)
    accepted = events_accepted(conn)
    firsts = [d.offset for d in found.damaged if d.offset >= accepted]
    if lost is not None and lost[2]:
        firsts.append(lost[1])  # a start found it this short; later saves appended after
    cut = min(firsts, default=len(old))
    before: list[bytes] = []
    after: list[bytes] = []
    offset = 0
    for body in old.split(b"\n")[:-1]:  # newlines only, as ``read_lines`` splits
        raw = body + b"\n"
        offset += len(raw)
        if offset in good:
            (before if offset - len(raw) < cut else after).append(raw)
    readable = [good[end] for end in sorted(good)]
    return (before, after), _chunks(_missing(conn, readable))


def _identity(row: FactRow) -> str:
    event = row.event
    if event.get("op") == "fact" and event.get("fact_id"):
        return f"fact {event['fact_id']}"  # a rebuilt row may differ in derived fields
    return _canonical(event)


def _canonical(value: Mapping[str, Any]) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _missing(conn: sqlite3.Connection, readable: list[Mapping[str, Any]]) -> dict[str, Any]:
    """The database's fact rows, audit records, leaf entries and line meta no readable line
    holds (rows and records as multisets: a record twice in the database and once in the file
    is written once more), in the database's order."""
    facts_held = Counter(_identity(FactRow.from_dict(r)) for line in readable
                         for r in line.get("facts") or ()
                         if isinstance(r, Mapping) and isinstance(r.get("event"), Mapping))
    audit_held = Counter(_canonical(r) for line in readable for r in line.get("audit") or ()
                         if isinstance(r, Mapping))
    facts: list[dict[str, Any]] = []
    for fkey, subject, leaf, ref, at_us, event in conn.execute(
            "SELECT fkey, subject, leaf, ref, at_us, event FROM facts ORDER BY seq"):
        row = FactRow(json.loads(event), fkey, subject, leaf, ref, at_us)
        if _take(facts_held, _identity(row)):
            facts.append(row.as_dict())
    audit = [record for (raw,) in conn.execute("SELECT record FROM audit ORDER BY seq")
             if _take(audit_held, _canonical(record := json.loads(raw)))]
    return {"facts": facts, "audit": audit, "catalog": _catalog_missing(conn, readable),
            "meta": _meta_missing(conn, readable)}


def _take(held: Counter[str], key: str) -> bool:
    """True when ``key`` is not (any more) among ``held``; else uses one of them up."""
    if held[key] > 0:
        held[key] -= 1
        return False
    return True


def _catalog_missing(conn: sqlite3.Connection, readable: list[Mapping[str, Any]]
                     ) -> list[dict[str, Any]]:
    """Puts of the leaf entries no readable line puts, deletes of those the readable lines
    leave in but the database no longer has: what a blank database applying the file needs
    (a rebuild reads the catalog from the files instead)."""
    present: set[str] = set()
    put: set[str] = set()
    for line in readable:
        for change in line.get("catalog") or ():
            if not isinstance(change, Mapping):
                continue
            entry = change.get("entry")
            if change.get("op") == "put" and isinstance(entry, Mapping):
                present.add(str(entry.get("id")))
                put.add(str(entry.get("id")))
            elif change.get("op") == "del":
                present.discard(str(change.get("id")))
    current = {row[0]: dict(zip(CATALOG_FIELDS, row, strict=False)) for row in conn.execute(
        f"SELECT {', '.join(CATALOG_FIELDS)} FROM catalog WHERE kind = 'leaf' ORDER BY seq")}
    out = [catalog_table.put(entry) for leaf_id, entry in current.items() if leaf_id not in put]
    out += [catalog_table.delete(leaf_id) for leaf_id in sorted(present - set(current))]
    return out


def _meta_missing(conn: sqlite3.Connection, readable: list[Mapping[str, Any]]
                  ) -> dict[str, str]:
    carried = {str(key) for line in readable if isinstance(line.get("meta"), Mapping)
               for key in line["meta"]}
    return {key: value for key in LINE_META_KEYS if key not in carried
            and (value := get_meta(conn, key)) is not None}


def _chunks(missing: dict[str, Any]) -> list[dict[str, Any]]:
    """The records of the lines to write: each holds at most ``ROWS_PER_LINE`` of a kind."""
    kinds = ("catalog", "facts", "audit")
    count = max((len(missing[kind]) for kind in kinds), default=0)
    if not count and not missing["meta"]:
        return []
    stamp = utc_now()
    records: list[dict[str, Any]] = []
    for start in range(0, max(count, 1), ROWS_PER_LINE):
        record: dict[str, Any] = {"ts": stamp, "restored": "doctor --repair, from the database",
                                  **{kind: missing[kind][start:start + ROWS_PER_LINE]
                                     for kind in kinds}}
        if start == 0 and missing["meta"]:
            record["meta"] = missing["meta"]
        records.append(record)
    return records


def _replace(layout: StoreLayout, engine: Engine, body: bytes, had_file: bool,
             done: Rewritten) -> Rewritten:
    """Temp file, fsync; the old file linked aside; the commit; the rename (see above)."""
    path = layout.events_file
    kept: list[Path] = []

    def commit() -> None:
        if had_file:
            aside = aside_path(path)
            with contextlib.suppress(FileExistsError):  # a second repair in the same second
                os.link(path, aside)
            kept.append(aside)
        with transaction(engine.connection(), layout.database) as tx:
            tx.set_meta("events_offset", str(len(body)))
            tx.set_meta(EVENTS_MARK, mark_of(body) if body.strip(b"\n") else "")
            settle_damage(tx, 0)

    write_atomic_with(path, lambda handle: handle.write(body), before_rename=commit)
    return Rewritten(done.kept, done.written, done.facts, done.audit, done.catalog,
                     kept[0] if kept else None)


def summary(done: Rewritten) -> str:
    kept = f"; the damaged file is kept as {done.aside.name}" if done.aside else ""
    return (f"wrote the event file again from the database: {done.kept} readable line(s) kept, "
            f"{done.written} line(s) written in place of what was lost ({done.facts} fact "
            f"event(s), {done.audit} audit record(s), {done.catalog} catalog change(s)){kept}")
