"""Rows of an int8 matrix kept in an unlinked file and read back a few at a time (``pread``).

The quantized vectors (``quantized``) hold two int8 rows per vector: ``q``, read by every search
(one pass over all rows), and the rounding left over, ``r``, read only for the few hundred
candidates a search rescores. Held in memory, ``r`` was 24 MB of a 50k server's resident
memory (512 dimensions, 48,496 rows) for ~600 rows read per search. Here it lives in a file
that no name reaches (created unlinked, ``O_TMPFILE``, where the system allows, else unlinked
right after it is made: removed when closed, dropped or when the process ends, however it
ends), written once per row and read
by ``pread`` into a fresh array: the file's pages stay in the system's page cache (shared, and
given back under memory pressure), never in the process's resident set.

Not mapped: a mapped file's read faults map the pages around each one (the kernel's fault-around,
64 KB), so reading 256 random rows of 512 bytes made 12-24 MB resident at once (VmHWM counts
it) until they were dropped again. ``pread`` costs ~1 µs a row (measured: 256 rows 0.36 ms
against 0.08 ms from memory); a run of consecutive rows (a long memory's passages) is one call.

No ranking decisions; I/O errors are the caller's (``OSError``). Thread-safe for reads
(``pread`` takes no file position); writes belong to the one owner.
"""

from __future__ import annotations

import errno
import os
import tempfile
import weakref
from pathlib import Path
from typing import Any

import numpy as np


class RowFile:
    """A growable matrix of ``dim`` int8 columns in an unlinked file of ``directory``."""

    def __init__(self, dim: int, directory: Path) -> None:
        self.dim = dim
        self._fd = _unlinked_file(directory)
        self._closing = weakref.finalize(self, os.close, self._fd)
        self.count = 0
        """Rows written (the file's length in rows)."""

    def close(self) -> None:
        """Close (and so remove) the file now rather than when this object is dropped."""
        self._closing()

    def write(self, start: int, block: Any) -> None:
        """Write int8 rows from row ``start`` on (past the end grows the file)."""
        data = memoryview(np.ascontiguousarray(block, dtype=np.int8).tobytes())
        offset = start * self.dim
        while len(data):
            written = os.pwrite(self._fd, data, offset)
            data, offset = data[written:], offset + written
        self.count = max(self.count, start + len(block))

    def take(self, picked: Any) -> Any:
        """These rows (indices below ``count``), in their order, as a new int8 array."""
        rows = np.asarray(picked, dtype=np.int64).reshape(-1)
        width, fd, pread = self.dim, self._fd, os.pread
        if not len(rows):
            return np.zeros((0, width), dtype=np.int8)
        first = int(rows[0])
        if int(rows[-1]) - first == len(rows) - 1 and (len(rows) == 1
                                                       or bool((np.diff(rows) == 1).all())):
            data = pread(fd, width * len(rows), first * width)  # consecutive: one read
        else:
            data = b"".join([pread(fd, width, at * width) for at in rows.tolist()])
        if len(data) != width * len(rows):
            raise OSError(f"the row file returned {len(data)} bytes, not {width * len(rows)}")
        return np.frombuffer(data, dtype=np.int8).reshape(len(rows), width)


def _unlinked_file(directory: Path) -> int:
    """A new file in ``directory`` that no name reaches, open for reading and writing."""
    flags = os.O_RDWR | os.O_CLOEXEC
    if hasattr(os, "O_TMPFILE"):
        try:
            return os.open(directory, flags | os.O_TMPFILE | os.O_EXCL, 0o600)
        except IsADirectoryError:  # a file system without O_TMPFILE
            pass
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EINVAL):  # the same
                raise
    fd, name = tempfile.mkstemp(prefix="ihmt-rows-", dir=directory)
    try:
        os.unlink(name)
    except OSError:
        os.close(fd)
        raise
    return fd
