"""Whether the process asking could write the store, found out without writing anything.

``doctor`` said "No problems found" while every save was refused: a database file made
immutable (``chattr +i``), a database or folder whose mode or owner shuts out the user the
servers run as, ``state/`` made read-only. Each save said so clearly ("permission denied
writing the store; nothing was saved"), but the check meant to explain a failing store did
not. ``refusals`` asks the operating system, path by path, whether a write would be allowed
(``access(W_OK)``): each file a save or its background work writes in place, each folder it
creates files in.

Nothing here opens a file of the store: closing any descriptor of the database (or its
``-wal`` / ``-shm``) drops every POSIX lock SQLite holds on it in this process, and the GUI
runs these checks beside its own live connections (opening for writing and closing, the first
version of this check, broke them: "disk I/O error"). ``write_refused`` is also what
``store.db`` asks when SQLite refuses a write or an open without saying why.

It answers for the user running it (a store checked by root for servers run as another user
looks writable to root), and it never creates, changes or removes a file. Paths that are not
what they should be (a directory where the database belongs, a file where ``locks/`` does)
are left to the checks that name them.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from store.paths import StoreLayout


@dataclass(frozen=True)
class Refusal:
    """One path the store needs to write and may not."""

    path: Path
    errno: int
    """EROFS (a read-only file system), EACCES (its owner or mode) or EPERM (its mode allows
    the write and it is still refused: the immutable attribute, ``chattr -i``)."""

    @property
    def immutable(self) -> bool:
        return self.errno == errno.EPERM


def write_refused(path: Path) -> int | None:
    """The errno a write to ``path`` (a file, or files made in a folder) would meet, asked
    without opening it; None when it would be allowed, or when nothing is there."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return exc.errno or errno.EACCES
    wanted = os.W_OK | (os.X_OK if stat.S_ISDIR(st.st_mode) else 0)
    if os.access(path, wanted, effective_ids=os.access in os.supports_effective_ids):
        return None
    if _on_read_only_mount(path):
        return errno.EROFS
    return errno.EPERM if _mode_allows(st) else errno.EACCES


def refusals(layout: StoreLayout) -> list[Refusal]:
    """Every path of the store a save (or its background work) needs to write and may not;
    [] when the store can be written (or does not exist yet)."""
    found: list[Refusal] = []
    for path in [*_directories(layout), *_files(layout)]:
        code = write_refused(path)
        if code is not None:
            found.append(Refusal(path, code))
    return found


def _directories(layout: StoreLayout) -> Iterator[Path]:
    """The folders new files are made in: a leaf's domain folder and ``layer_0`` (a new
    domain), the event file's and ``root.json``'s folder, ``state/`` (the database's WAL
    files and temp files), the lock files', the branch files' and the full-text index's."""
    tops = [layout.root, layout.leaves_dir, layout.layers_dir, layout.state_dir,
            layout.locks_dir, layout.state_dir / "fulltext"]
    for top in tops:
        if top.is_dir() and not top.is_symlink():
            yield top
    for parent in (layout.leaves_dir, layout.layers_dir):
        try:
            children = sorted(parent.iterdir())
        except OSError:
            continue
        yield from (child for child in children if child.is_dir() and not child.is_symlink())


def _files(layout: StoreLayout) -> Iterator[Path]:
    """The files written in place: the database and its WAL files, the event file (appended),
    ``root.json`` and the lock files (only regular files: the others are named elsewhere)."""
    database = layout.database
    paths = [database, database.with_name(database.name + "-wal"),
             database.with_name(database.name + "-shm"), layout.events_file, layout.root_file]
    if layout.locks_dir.is_dir():
        paths += sorted(layout.locks_dir.glob("*.lock"))
    for path in paths:
        try:
            if stat.S_ISREG(os.lstat(path).st_mode):
                yield path
        except OSError:
            continue


def _on_read_only_mount(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


CAP_DAC_OVERRIDE = 1
"""The capability that lets root write whatever the mode bits say (``capabilities(7)``)."""


def _overrides_modes() -> bool:
    """Root writes past the mode bits only with CAP_DAC_OVERRIDE: a root process started
    without it (``setpriv``, a container dropping capabilities) is refused by the modes like
    anyone, and calling that refusal "immutable" sent the reader to ``chattr``. Read from
    ``/proc/self/status`` (Linux); elsewhere root is taken to have it."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as status:
            for line in status:
                if line.startswith("CapEff:"):
                    return bool(int(line.split()[1], 16) >> CAP_DAC_OVERRIDE & 1)
    except (OSError, ValueError, IndexError):
        pass
    return True


def _mode_allows(st: os.stat_result) -> bool:
    """Whether the owner, group and mode bits let this process write (root: unless it runs
    without CAP_DAC_OVERRIDE): when
    they do and the write is refused anyway, an attribute refuses it (immutable)."""
    uid = os.geteuid()
    if uid == 0 and _overrides_modes():
        return True
    if st.st_uid == uid:
        return bool(st.st_mode & stat.S_IWUSR)
    if st.st_gid == os.getegid() or st.st_gid in os.getgroups():
        return bool(st.st_mode & stat.S_IWGRP)
    return bool(st.st_mode & stat.S_IWOTH)
