"""Room for a process's matrix rows in an unlinked file of the store's ``state/``, mapped.

A server holds one row per memory of its vectors (``actors.embedding.quantized``: 1 KB a
memory at 512 dimensions, 48 MB at 50k memories) for as long as it runs. Held in anonymous
memory they are private to the process and never given back; held in a mapped file they are
page cache: clean once written back, dropped by the kernel under pressure and read again when
touched, and counted in the process's RSS only while resident (``RssFile``, not ``RssAnon``).
The file is the process's own (``O_TMPFILE``: it has no name, so nothing is left behind by a
killed process and no other process ever sees it); what it holds is derived from the vectors
table and rebuilt from it at every start.

The blocks are reserved on disk before they are mapped (``posix_fallocate``): a store write to
a mapped hole of a full disk is a ``SIGBUS``, which no handler can turn into a reply, whereas a
refused reservation is an ``OSError`` here, mapped to the store's typed error, and the caller
keeps its rows in memory instead (so does a system without ``posix_fallocate``, macOS).
A matrix whose rows are rarely read (the fine rows ``r``: a search reads ~100 of 50,000) gives
the pages it has just written back to the page cache (``release``): written through the
mapping, they would stay in the process's resident set until the process ends (24 MB at 50k
memories, counted by ``VmHWM``), though no search reads most of them again; and the rows it
reads later come from the file (``read_into``), not the mapping, which would map 64 KB around
each one back in.
This module never decides what the rows hold.
"""

from __future__ import annotations

import errno
import mmap
import os
import weakref
from pathlib import Path

from store.errors import map_os_error


class MappedRows:
    """Room for ``rows`` rows of ``row_bytes`` bytes, grown on demand; each ``resize`` hands
    out a mapping of the whole file (the rows written before kept, the new ones zero)."""

    def __init__(self, directory: Path, row_bytes: int) -> None:
        self.directory = directory
        self.row_bytes = row_bytes
        try:
            if not hasattr(os, "posix_fallocate"):  # macOS: no reservation, no mapped rows
                raise OSError(errno.EOPNOTSUPP, "blocks cannot be reserved here")
            self._fd = _unnamed_file(directory)
        except OSError as exc:
            raise map_os_error(exc, directory) from exc
        self._size = 0
        self._mapping: mmap.mmap | None = None
        """The last mapping handed out (``release`` acts on it)."""
        weakref.finalize(self, os.close, self._fd)

    def resize(self, rows: int) -> mmap.mmap:
        """A mapping of ``rows`` rows (never fewer than were held: the file only grows). The
        mappings handed out before stay valid (each is unmapped when nothing refers to it)."""
        size = max(rows * self.row_bytes, self._size, 1)
        try:
            if size > self._size:
                os.posix_fallocate(self._fd, self._size, size - self._size)
                self._size = size
            self._mapping = mmap.mmap(self._fd, size, flags=mmap.MAP_SHARED,
                                      prot=mmap.PROT_READ | mmap.PROT_WRITE)
            return self._mapping
        except OSError as exc:
            raise map_os_error(exc, self.directory) from exc

    def read_into(self, buffer: memoryview, firsts: list[int], counts: list[int]) -> None:
        """Fill ``buffer`` (bytes) with stretches of rows one after another: ``counts[i]`` rows
        from row ``firsts[i]``. Read from the file (``preadv``), not through a mapping: the
        page cache serves them and no page becomes resident in this process (a mapped read
        maps the 64 KB cached around the row, and ~200 rows rescored by one search made 10 MB
        of the 50k fine rows resident)."""
        width, fd, at = self.row_bytes, self._fd, 0
        try:
            for first, count in zip(firsts, counts, strict=True):
                start, end = at, at + count * width
                while at < end:
                    got = os.preadv(fd, [buffer[at:end]], first * width + at - start)
                    if got <= 0:
                        raise OSError(errno.EIO, "rows past the end of their room")
                    at += got
        except OSError as exc:
            raise map_os_error(exc, self.directory) from exc

    def release(self, start: int, stop: int) -> None:
        """Take the pages of rows ``start`` to ``stop`` (of the last mapping) out of this
        process's resident set: they stay in the file's page cache, written back in time, and a
        later read maps them again (``MADV_DONTNEED`` on a shared mapping keeps the data; the
        page holding ``start``'s first byte is released whole, its earlier rows too)."""
        advice = getattr(mmap, "MADV_DONTNEED", None)
        if self._mapping is None or advice is None or stop <= start:
            return
        first = start * self.row_bytes // mmap.PAGESIZE * mmap.PAGESIZE
        end = min(stop * self.row_bytes, len(self._mapping))
        if end > first:
            self._mapping.madvise(advice, first, end - first)


def _unnamed_file(directory: Path) -> int:
    """An open, nameless file in ``directory`` (``O_TMPFILE``; a named one removed at once
    where the file system has no such files)."""
    flags = os.O_RDWR | os.O_CLOEXEC
    tmpfile = getattr(os, "O_TMPFILE", 0)
    if tmpfile:
        try:
            return os.open(directory, flags | tmpfile, 0o600)
        except OSError as exc:
            if exc.errno not in (getattr(os, "EOPNOTSUPP", -1), getattr(os, "EISDIR", -1),
                                 getattr(os, "EINVAL", -1)):
                raise
    import tempfile

    fd, path = tempfile.mkstemp(dir=directory, prefix=".rows-")
    os.unlink(path)
    return fd

