"""Whole-file writes that a reader can never see half-done.

Every file we replace goes through ``write_atomic``: a temp file in the same directory, fsync,
``os.replace``, fsync of the directory. A writer killed mid-write leaves only a temp file, which
``clean_stray_temps`` removes (in a consolidation pass, off the start-up path). This module
must never write in place.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, BinaryIO

from store.errors import map_os_error
from store.processes import pid_alive

TEMP_PREFIX = ".ihmt-tmp-"
FILE_MODE = 0o600
DIR_MODE = 0o700
"""Store files and directories are private to their owner, whatever the umask: memories,
notes and the project index's copies of files may hold what others must not read."""


def ensure_private_dir(directory: Path) -> None:
    """Create ``directory`` and any missing parents with mode 0700 (set explicitly, so the
    umask cannot widen or narrow it); existing directories are left as they are."""
    missing: list[Path] = []
    current = directory
    while not _exists(current):
        missing.append(current)
        if current.parent == current:
            break
        current = current.parent
    for path in reversed(missing):
        try:
            path.mkdir()
        except FileExistsError:
            continue  # another process made it first
        except OSError as exc:  # a parent that cannot hold folders (/proc), a vanished one
            raise map_os_error(exc, path) from exc
        try:
            os.chmod(path, DIR_MODE)
        except OSError as exc:
            raise map_os_error(exc, path) from exc


def _exists(path: Path) -> bool:
    """``Path.exists`` whose refusals (a folder this user may not enter) are the store's
    typed error, not a ``PermissionError`` from deep inside a save."""
    try:
        return path.exists()
    except OSError as exc:
        raise map_os_error(exc, path) from exc


def fsync_dir(directory: Path) -> None:
    """Make a rename in ``directory`` durable."""
    fd = os.open(directory, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, data: bytes | str, *, durable: bool = True,
                 mode: int = FILE_MODE) -> None:
    """Replace ``path`` with ``data`` atomically (and durably unless ``durable=False``).

    ``durable=False`` skips both fsyncs: for derived files that are cheap to recompute (the
    project index's sources), where readers still never see a partial file.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    write_atomic_with(path, lambda handle: handle.write(payload), durable=durable, mode=mode)


def write_atomic_with(path: Path, write: Callable[[BinaryIO], object], *, durable: bool = True,
                      mode: int = FILE_MODE,
                      before_rename: Callable[[], object] | None = None) -> None:
    """``write_atomic`` of whatever ``write`` puts in the temp file it is handed: for payloads
    too large to hold twice (a 65 MB array is streamed, not copied into one ``bytes``).
    ``before_rename`` runs once the temp file is durable and before it replaces ``path`` (the
    event file's rewrite commits the database's new place there); if it raises, ``path`` is
    left as it was.

    What the disk refuses (full, read-only, no permission), from the temp file's creation to
    the directory's fsync, is the store's typed error: every caller gets one clear sentence
    (``rebuild`` on a read-only mount printed a traceback from ``mkstemp``)."""
    ensure_private_dir(path.parent)
    try:
        fd, tmp_name = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{os.getpid()}-", suffix=".part",
                                        dir=path.parent)
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    tmp = Path(tmp_name)
    try:
        os.fchmod(fd, mode)  # explicit: independent of the umask
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        if before_rename is not None:
            before_rename()
        os.replace(tmp, path)
    except BaseException as exc:
        tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError):
            raise map_os_error(exc, path) from exc
        raise
    if durable:
        try:
            fsync_dir(path.parent)
        except OSError as exc:
            raise map_os_error(exc, path) from exc


def write_json_atomic(path: Path, value: Any) -> None:
    """``write_atomic`` of pretty, key-stable JSON (hand-editable, diff-friendly)."""
    write_atomic(path, json.dumps(value, ensure_ascii=False, indent=2) + "\n")


def is_temp_file(path: Path) -> bool:
    return path.name.startswith(TEMP_PREFIX)


def stray_temps(root: Path) -> list[Path]:
    """Temp files left by a writer that died before its rename."""
    if not root.exists():
        return []
    return sorted(p for p in root.rglob(f"{TEMP_PREFIX}*") if p.is_file())


def temp_owner_alive(path: Path) -> bool:
    """Whether the process that created this temp file (its pid is in the name) still runs."""
    rest = path.name[len(TEMP_PREFIX):]
    pid_text = rest.split("-", 1)[0]
    if not pid_text.isdigit():
        return False
    return pid_alive(int(pid_text))


def clean_stray_temps(root: Path, *, older_than_s: float = 3600.0) -> list[Path]:
    """Remove temp files whose writer died (or that are older than ``older_than_s``).

    A live writer's temp file is renamed within milliseconds; one whose pid is gone can only be
    debris from a killed writer, so it is safe to delete even while other processes write.
    """
    removed: list[Path] = []
    now = time.time()
    for path in stray_temps(root):
        try:
            if not temp_owner_alive(path) or now - path.stat().st_mtime >= older_than_s:
                path.unlink()
                removed.append(path)
        except FileNotFoundError:
            continue
    return removed
