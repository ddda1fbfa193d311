"""The audit log: one JSON line per mutation in ``state/audit.jsonl``, append-only.

Each line says when (``ts``), who (``pid``, ``actor``, ``client``, ``session``), what
(``action``) and on which ids. Lines are written with a single ``O_APPEND`` write so lines from
several processes never interleave; the file is never rewritten. The facts timeline replays
retractions and reviews from here on rebuild, so the entries must be complete on their own.
"""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from store.journal import utc_now


def append_audit(path: Path, *, actor: str, action: str, ids: Sequence[str] = (),
                 client: str = "", session: str = "", **details: Any) -> dict[str, Any]:
    """Append one audit line durably and return it."""
    record = {"ts": utc_now(), "pid": os.getpid(), "actor": actor, "client": client,
              "session": session, "action": action, "ids": list(ids), **details}
    append_audit_record(path, record)
    return record


def append_audit_record(path: Path, record: Mapping[str, Any]) -> None:
    """Append one complete audit line as given (an import replays another store's lines)."""
    line = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        # Appenders take turns (readers never lock): the check for a cut line and the write
        # must not interleave with another process's append, or the fence lands mid-file.
        fcntl.flock(fd, fcntl.LOCK_EX)
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line  # fence off a line a killed writer cut short
        os.write(fd, line)
        os.fdatasync(fd)
    finally:
        os.close(fd)


def read_audit(path: Path) -> Iterator[Mapping[str, Any]]:
    """Every complete, parseable audit line, oldest first."""
    try:
        handle = open(path, "rb")
    except FileNotFoundError:
        return
    with handle:
        for line in handle:
            if not line.endswith(b"\n"):
                break
            try:
                record = json.loads(line)
            except ValueError:
                continue
            if isinstance(record, dict):
                yield record
