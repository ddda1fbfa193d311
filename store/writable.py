"""Whether the process asking could write the store, found out without writing anything.

``doctor`` said "No problems found" while every save was refused: a database file made
immutable (``chattr +i``), a database or folder whose mode or owner shuts out the user the
servers run as, ``state/`` made read-only. Each save said so clearly ("permission denied
writing the store; nothing was saved"), but the check meant to explain a failing store did
not. ``refusals`` asks the operating system the question a save would, one path at a time:
opening each file a save or its background work writes (for writing, no create, no
truncation: nothing changes) and ``access(W_OK)`` on each folder it creates files in.

It answers for the user running it (a store checked by root for servers run as another user
looks writable to root), and it never creates, changes or removes a file. Paths that are not
what they should be (a directory where the database belongs, a file where ``locks/`` does)
are left to the checks that name them.
"""

from __future__ import annotations

import array
import errno
import fcntl
import os
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from store.paths import StoreLayout

FS_IOC_GETFLAGS = 0x80086601
"""Linux's ioctl reading a file's attributes (``lsattr``)."""
FS_IMMUTABLE_FL = 0x10
FS_APPEND_FL = 0x20


@dataclass(frozen=True)
class Refusal:
    """One path the store needs to write and may not."""

    path: Path
    errno: int
    """EROFS (a read-only file system), EPERM or EACCES."""
    immutable: bool
    """The path carries the immutable (or append-only) attribute: no user may change it,
    root included, until ``chattr -i``."""


def refusals(layout: StoreLayout) -> list[Refusal]:
    """Every path of the store a save (or its background work) needs to write and may not;
    [] when the store can be written (or does not exist yet)."""
    found: list[Refusal] = []
    for directory in _directories(layout):
        if not os.access(directory, os.W_OK | os.X_OK):
            found.append(_refused(directory, errno.EACCES))
    for path in _files(layout):
        # as the store opens it: the event file for appending, the rest for reading and
        # writing (an append-only database refuses SQLite's open, not an append)
        mode = os.O_WRONLY | os.O_APPEND if path == layout.events_file else os.O_RDWR
        try:
            os.close(os.open(path, mode | os.O_NOFOLLOW | os.O_NONBLOCK))
        except FileNotFoundError:
            continue
        except OSError as exc:
            found.append(_refused(path, exc.errno or errno.EACCES))
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


def _refused(path: Path, code: int) -> Refusal:
    if code != errno.EROFS and _on_read_only_mount(path):
        code = errno.EROFS
    return Refusal(path, code, code != errno.EROFS and _immutable(path))


def _on_read_only_mount(path: Path) -> bool:
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def _immutable(path: Path) -> bool:
    """Whether ``lsattr`` would show ``i`` (or ``a``) on ``path``; False where it cannot be
    asked (another system, a file system without attributes)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        flags = array.array("i", [0])
        fcntl.ioctl(fd, FS_IOC_GETFLAGS, flags, True)
        return bool(flags[0] & (FS_IMMUTABLE_FL | FS_APPEND_FL))
    except OSError:
        return False
    finally:
        os.close(fd)
