"""Large read-only arrays kept as ``.npy`` files in the machine's cache and mapped, not read.

A model's lookup table (the sentence model's 65 MB token table) is the same bytes in every
server process of a machine. Held in anonymous memory, each process pays for all of it; mapped
read-only from one file, the pages are the page cache's, shared by every process, and only the
rows a process touches become resident in it. ``mapped_array`` returns such a mapping, building
the file once (by a function the caller supplies) when it is missing, damaged or of another
shape. ``FileRows`` reads a mapped table's rows from its file instead, for a table looked up a
few scattered rows at a time: then none of it is resident in the process at all.

The cache folder is ``store.paths.default_cache_dir()``. Concurrent builders need no lock: each
writes its own temp file (fsynced) and renames it over the name, so a reader only ever maps a
whole file, and the last rename replaces an identical file (a process that mapped the earlier
one keeps its inode). The price: processes starting together on a cold cache may each build
once (0.5 s and a transient copy each, once per machine); a lock would spare the copies but
make the others wait as long, and leave a lock file to go stale. Names must say what the bytes were
built from (the caller puts a fingerprint of its source in ``name``): a stale file is never
detected by content, only by a name that no longer matches.

It never fails its caller over the cache: a folder that cannot be created or written (read-only
home, permissions, a full disk) gives the built array in memory and one warning. It never
writes anywhere but the cache folder, and never writes a file in place.
"""

from __future__ import annotations

import errno
import mmap
import os
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

import structlog

from store.atomic import clean_stray_temps, ensure_private_dir, write_atomic_with
from store.errors import ConfigError, StoreError, map_os_error
from store.paths import default_cache_dir, is_safe_id

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Array = npt.NDArray[Any]
else:
    Array = Any

log = structlog.get_logger("ihmt.mapped_cache")

SUFFIX = ".npy"


def cache_path(name: str, directory: Path | None = None) -> Path:
    """Where the array ``name`` is cached (``directory`` defaults to the machine's cache)."""
    if not is_safe_id(name):
        raise ConfigError("cache", f"{name!r} is not a safe cache file name")
    return (directory or default_cache_dir()) / f"{name}{SUFFIX}"


def map_cached(path: Path, shape: tuple[int, ...], dtype: np.dtype[Any]) -> Array | None:
    """The file mapped read-only, or None when it is missing or is not exactly an array of
    this shape and dtype (a truncated, padded or foreign file is rebuilt, never trusted)."""
    import numpy as np

    try:
        table = np.load(path, mmap_mode="r", allow_pickle=False)
    except FileNotFoundError:
        return None
    except (OSError, ValueError, EOFError) as exc:  # a bad header, a short file
        log.info("mapped_cache_unreadable", path=str(path), reason=str(exc))
        return None
    if not isinstance(table, np.memmap):  # an .npz archive, an empty array: not ours
        log.info("mapped_cache_mismatch", path=str(path), found=type(table).__name__)
        if isinstance(table, np.lib.npyio.NpzFile):
            table.close()
        return None
    try:
        size = path.stat().st_size
    except OSError:
        size = -1
    if table.shape != shape or table.dtype != dtype or not table.flags.c_contiguous \
            or size != table.offset + table.nbytes:
        log.info("mapped_cache_mismatch", path=str(path), shape=list(table.shape),
                 dtype=str(table.dtype), size=size)
        return None
    _advise_random(table)
    return table


def _advise_random(table: Array) -> None:
    """Tell the kernel the rows are read at random: a fault then reads the one page it needs,
    instead of reading ahead (and, on file systems with large folios, mapping) the rows
    around it. Measured on ext4 (Linux 6.18), 500 texts made 8 MB of the table resident with
    the advice, all 63 MB without. Advice only: where it is refused, nothing changes. Pages
    cached by a whole-file read by anything else (a copy, a backup) stay large until evicted,
    and a process then maps more of the table than it reads: still shared, never private."""
    advise_table(table, "MADV_RANDOM")


def advise_table(table: Any, advice: str) -> None:
    """Give the kernel ``advice`` (the name of an ``mmap.MADV_*`` constant) on a numpy
    memmap's whole mapping. Advice only: where the platform lacks it or refuses it, nothing
    changes."""
    handle = getattr(table, "_mmap", None)  # numpy's own mmap object behind the memmap
    advise = getattr(handle, "madvise", None)
    value = getattr(mmap, advice, None)
    if advise is None or value is None:
        return
    try:
        advise(value)
    except (OSError, ValueError):
        return


def _drop_written_pages(path: Path) -> None:
    """Drop the just-written (and fsynced, so clean) file from the page cache: pages cached by
    the write are large folios that a fault maps whole, so the first readers would have the
    whole table resident. Read back one page at a time (``_advise_random``) instead."""
    if not hasattr(os, "posix_fadvise"):
        return
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    except OSError:
        pass
    finally:
        os.close(fd)


def mapped_array(name: str, shape: tuple[int, ...], dtype: np.dtype[Any],
                 build: Callable[[], Array], *, directory: Path | None = None,
                 replaces: str = "") -> Array:
    """The array cached as ``name``, mapped read-only; built by ``build()`` and cached first if
    the cache has no valid copy. If the cache cannot hold it, the built array itself (in
    memory) after one warning: the caller works either way, only its memory differs. Once it
    is built, the cache's other files whose names start with ``replaces`` are removed (what
    an earlier release built from other weights or named otherwise: 65 MB each)."""
    path = cache_path(name, directory)
    table = map_cached(path, shape, dtype)
    if table is not None:
        return table
    started = time.perf_counter()
    built = build()
    if built.shape != shape or built.dtype != dtype:
        raise ConfigError("cache", f"the builder of {name} made a {built.dtype}{built.shape} "
                          f"array, not {dtype}{shape}")
    try:
        _write(path, built)
    except (OSError, StoreError) as exc:
        log.warning("mapped_cache_unwritable", path=str(path), reason=str(exc),
                    consequence="the table is held in this process's memory")
        return built
    table = map_cached(path, shape, dtype)
    if table is None:  # written but not mappable (a file system without mmap)
        log.warning("mapped_cache_unwritable", path=str(path),
                    reason="the written file could not be mapped",
                    consequence="the table is held in this process's memory")
        return built
    log.info("mapped_cache_built", path=str(path), mb=round(built.nbytes / 2**20, 1),
             seconds=round(time.perf_counter() - started, 3))
    if replaces:
        _drop_replaced(path, replaces)
    return table  # ``built`` is dropped here: the process keeps the mapping, not its copy


def _drop_replaced(path: Path, family: str) -> None:
    """Remove the cache files whose names start with ``family``, other than ``path``. A process
    still mapping one keeps its pages (the file lives on until unmapped); one that needs it
    again builds it again. Best effort: a file that cannot be removed stays."""
    for other in path.parent.glob(f"{family}*{SUFFIX}"):
        if other != path:
            try:
                other.unlink()
            except OSError as exc:
                log.warning("mapped_cache_unremovable", path=str(other), reason=str(exc))
            else:
                log.info("mapped_cache_replaced", path=str(other), by=str(path))


def _write(path: Path, array: Array) -> None:
    """Atomically (temp file, fsync, rename) write ``array`` as a ``.npy`` file, after removing
    temp files that builders killed mid-write left in the folder."""
    import numpy as np

    ensure_private_dir(path.parent)
    clean_stray_temps(path.parent)

    def write(handle: BinaryIO) -> None:
        np.lib.format.write_array(handle, array, allow_pickle=False)

    write_atomic_with(path, write)
    _drop_written_pages(path)



class FileRows:
    """A cached table whose rows are read from its file at each look-up (``preadv``), not
    through a mapping: the rows stay in the page cache, shared by every process, and none
    becomes resident in this one.

    A mapped look-up maps the page cache's pages around each row it touches (the kernel's
    fault-around, which ``MADV_RANDOM`` does not turn off), so a server's share of the sentence
    model's token table grew with every new word it encoded: 9 MB after a 50k store's 100
    questions and 20 saves, and on towards the whole 63 MB over a long run. Read from the file,
    a look-up of a question's ~20 tokens costs ~30 µs more than the mapped gather.

    Offers what the model does with its table: ``table[ids]`` for an integer array (any shape,
    no negative ids) gives a new array of those rows, bit for bit the mapped array's. The file
    is opened by its name once, when this reader is made from the mapping: a newer cache file
    renamed over the name later is not read (a mapping keeps its inode the same way); one
    renamed in between the two would be read instead, which is harmless because a cache file
    is a pure function of the model's package files."""

    def __init__(self, table: np.memmap[Any, Any]) -> None:
        """From ``map_cached``'s memmap of a 2-d table (which may then be dropped)."""
        if table.filename is None:
            raise ConfigError("cache", "an array mapped from no file has no rows to read")
        path = Path(table.filename)
        self.shape: tuple[int, int] = (int(table.shape[0]), int(table.shape[1]))
        self.dtype = table.dtype
        self.path = path
        """The file the rows are read from."""
        self._offset = int(table.offset)
        self._row_bytes = int(table.strides[0])
        self._fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        weakref.finalize(self, os.close, self._fd)

    def __len__(self) -> int:
        return self.shape[0]

    def __getitem__(self, rows: Array) -> Array:
        import numpy as np

        wanted = np.asarray(rows)
        if wanted.dtype.kind not in "iu":
            raise TypeError(f"rows are looked up by integer ids, not {wanted.dtype}")
        unique, inverse = np.unique(wanted.ravel(), return_inverse=True)
        if unique.size and (unique[0] < 0 or unique[-1] >= self.shape[0]):
            bad = int(unique[0] if unique[0] < 0 else unique[-1])
            raise IndexError(f"row {bad} is outside a table of {self.shape[0]} rows")
        found = np.empty((unique.size, self.shape[1]), dtype=self.dtype)
        if unique.size:
            self._read(unique.tolist(), found.data.cast("B"))
        return found[inverse].reshape(*wanted.shape, self.shape[1])

    def _read(self, rows: list[int], buffer: memoryview) -> None:
        """Rows ``rows`` one after another into ``buffer`` (bytes)."""
        width, fd, at = self._row_bytes, self._fd, 0
        try:
            for row in rows:
                start, end = at, at + width
                while at < end:
                    got = os.preadv(fd, [buffer[at:end]], self._offset + row * width + at - start)
                    if got <= 0:  # the file shrank under its name's inode: never by us
                        raise OSError(errno.EIO, "the cached table ends before its rows")
                    at += got
        except OSError as exc:
            raise map_os_error(exc, self.path, reading=True) from exc
