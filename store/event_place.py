"""Where the database's place in the event file is, as the file is now.

The database remembers how many bytes of ``events.jsonl`` it applied (``events_offset``). A
line before that offset made longer or shorter (a hand edit, a stray write inserting or
deleting bytes) moves every later line: read from the old offset, the file then starts in the
middle of a line already applied, and the complete lines after it would be applied a second
time (or, the file shorter, a line appended since would be read from its middle and skipped).

So the same transaction that sets the offset also sets ``EVENTS_MARK``: the CRC-32 and length
of the bytes from the start of the last non-blank line to the offset (one more meta value; the
save path computes it from the line it has just written, reading nothing). ``place`` checks
that the bytes before the offset still read so; when they do not, it looks for them in the
whole file (one read, a CRC only of spans of that exact length starting a line) and returns
where they end now; when they are nowhere, or in more than one place, it refuses to guess
(``Place.found`` False): the caller applies nothing and reports the file as damaged.

This module reads the event file and the meta table only; it never writes either.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from store.db import Tx, get_meta
from store.errors import map_os_error
from store.events import mark_of, size_of, span_mark

EVENTS_MARK = "events_mark"
"""Meta key: "<crc32 hex> <length>" of the bytes from the start of the last non-blank line
applied to ``events_offset`` (absent in a database from before it, or of an empty file)."""
EVENTS_ASTRAY = "events_astray"
"""Meta key: "<offset> <mark>" when a start did not find the database's place in the event
file (bytes before it were changed) and so applied nothing of it; cleared by a rewrite of the
file (``doctor --repair``) or a rebuild."""


def mark_at(path: Path, end: int) -> str | None:
    """The mark of the file's bytes ending at ``end`` (None: nothing but blank lines there)."""
    size = 65536
    try:
        with open(path, "rb") as handle:
            while True:
                begin = max(0, end - size)
                handle.seek(begin)
                tail = handle.read(end - begin)
                body_end = len(tail.rstrip(b"\n"))
                if begin == 0:
                    return mark_of(tail) if body_end else None
                if body_end and tail.rfind(b"\n", 0, body_end) >= 0:
                    return mark_of(tail)
                size *= 4  # a longer line (or padding) than read: read further back
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise map_os_error(exc, path) from exc


def record_place(tx: Tx, path: Path, end: int) -> None:
    """Set the database's place in the event file to ``end``, with its mark, in ``tx``."""
    tx.set_meta("events_offset", str(end))
    tx.set_meta(EVENTS_MARK, mark_at(path, end) or "")


@dataclass(frozen=True)
class Place:
    """Where the bytes the database applied end in the file as it is now."""

    offset: int
    """Where to read on from (``recorded`` when not found)."""
    recorded: int
    """``events_offset`` as the database holds it."""
    found: bool = True
    """False: the file is longer than what was applied and the mark is nowhere in it (or in
    several places): which lines were applied cannot be told, so none is applied. (A file
    shorter than that without the mark lost lines: ``offset`` is ``recorded``, found.)"""

    @property
    def moved(self) -> bool:
        return self.found and self.offset != self.recorded


def place(conn: sqlite3.Connection, path: Path, data: bytes | None = None) -> Place:
    """The database's place in the event file (see the module docstring). Cheap when it is
    where the database says: one read of the last applied line. ``data``: the file's bytes,
    when the caller has read them already (``event_restore.Reading``): nothing is read."""
    applied = int(get_meta(conn, "events_offset") or 0)
    mark = get_meta(conn, EVENTS_MARK)
    if not mark or not applied:
        return Place(applied, applied)  # nothing to check by (a database from before marks)
    crc, _, length = mark.partition(" ")
    try:
        span = int(length)
    except ValueError:
        return Place(applied, applied)
    if _span_is(path, applied - span, applied, mark, data):
        return Place(applied, applied)
    ends = _find(path, span, mark, data)
    if len(ends) == 1:
        return Place(ends[0], applied)
    if not ends and (size_of(path) if data is None else len(data)) < applied:
        return Place(applied, applied)  # cut short or emptied: lost lines, as ``events_lost``
    return Place(applied, applied, found=False)


def _span_is(path: Path, begin: int, end: int, mark: str, whole: bytes | None) -> bool:
    if begin < 0:
        return False
    if whole is not None:
        data = whole[max(0, begin - 1):end]
    else:
        try:
            with open(path, "rb") as handle:
                handle.seek(max(0, begin - 1))
                data = handle.read(end - max(0, begin - 1))
        except FileNotFoundError:
            return False
        except OSError as exc:
            raise map_os_error(exc, path) from exc
    if begin > 0:
        if data[:1] != b"\n":
            return False  # the span must start a line
        data = data[1:]
    return len(data) == end - begin and span_mark(data) == mark


def _find(path: Path, span: int, mark: str, whole: bytes | None) -> list[int]:
    """Every offset at which ``span`` bytes starting a line end with the mark's CRC."""
    try:
        data = path.read_bytes() if whole is None else whole
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    ends: list[int] = []
    start = 0
    while start + span <= len(data):
        end = start + span
        if data[end - 1:end] == b"\n" and span_mark(data[start:end]) == mark:
            ends.append(end)
        newline = data.find(b"\n", start)
        if newline < 0:
            break
        start = newline + 1
    return ends
