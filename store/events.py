"""The event file: ``ihmt_memory/events.jsonl``, one JSON line per store transaction.

It lives outside ``state/`` on purpose: with the leaf files it is everything a rebuild needs
(``rm -rf state/ && ihmt-async rebuild`` gives the same answers). Each line is one transaction
of the facts actor (a save, a retraction, a review, a doctor fix)::

    {"ts": ..., "catalog": [catalog records], "facts": [fact rows], "audit": [audit records]}

The line is written, in full and fsynced, BEFORE the database transaction that applies the
same records commits, and the database remembers how many bytes of this file it has applied
(``meta.events_offset``). So the database can always catch up with the file (start-up
recovery), never the other way round, and a save is acknowledged only when both happened.

Appends come from holders of the ``facts`` lock and also take an ``flock`` on the file, so
lines never interleave. A line cut short (a writer killed mid-write, a full disk) is the last
bytes of the file: readers skip it (and say so), the next appender fences it off with a
newline. ``os.write``'s short returns are looped on, never ignored; a write that fails is
truncated back so the file never keeps half a line of a failed append.

This module never reads or writes the database.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from store.atomic import ensure_private_dir
from store.errors import map_os_error


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def write_all(fd: int, data: bytes) -> None:
    """``os.write`` until every byte is written (a short write is not an error)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        if written <= 0:
            raise OSError(28, "short write made no progress")
        view = view[written:]


def append_line(path: Path, record: Mapping[str, Any]) -> tuple[int, int]:
    """Append one record as a line, durably; returns (size before, size after) the append.

    Errors are mapped to typed store errors; on failure the file is cut back to where it was.
    """
    line = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    try:
        ensure_private_dir(path.parent)
        fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size == 0:
            os.fchmod(fd, 0o600)
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line  # fence off a line a killed writer cut short
        try:
            write_all(fd, line)
            os.fdatasync(fd)
        except OSError as exc:
            try:
                os.ftruncate(fd, size)
                os.fdatasync(fd)
            except OSError:
                pass  # a torn last line is tolerated by every reader
            raise map_os_error(exc, path) from exc
        return size, size + len(line)
    finally:
        os.close(fd)


def take_back(path: Path, size: int) -> None:
    """Cut the file back to ``size``: the line after it belongs to a transaction that failed.

    Only the writer that appended it may call this, with the ``facts`` lock still held.
    """
    try:
        fd = os.open(path, os.O_RDWR)
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        os.ftruncate(fd, size)
        os.fdatasync(fd)
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    finally:
        os.close(fd)


@dataclass(frozen=True)
class Line:
    record: Mapping[str, Any]
    end: int
    """Byte offset just after this line."""


@dataclass
class ReadResult:
    lines: list[Line]
    end: int
    """Offset after the last complete line read."""
    bad: list[int]
    """Offsets of complete lines that are not JSON objects (fenced-off torn lines)."""
    torn_tail: bool
    """The file ends in a line without its newline (a write cut short)."""


def read_lines(path: Path, start: int = 0) -> ReadResult:
    """Every complete line from byte ``start`` on (never blocks writers, takes no lock)."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        return ReadResult([], start, [], False)
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    with handle:
        handle.seek(start)
        data = handle.read()
    lines: list[Line] = []
    bad: list[int] = []
    offset = start
    for raw in data.splitlines(keepends=True):
        if not raw.endswith(b"\n"):
            return ReadResult(lines, offset, bad, True)
        here = offset
        offset += len(raw)
        if not raw.strip():
            continue
        try:
            record = json.loads(raw)
        except ValueError:
            bad.append(here)
            continue
        if isinstance(record, dict):
            lines.append(Line(record, offset))
        else:
            bad.append(here)
    return ReadResult(lines, offset, bad, False)


def iter_records(path: Path) -> Iterator[Mapping[str, Any]]:
    for line in read_lines(path).lines:
        yield line.record


def size_of(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0
