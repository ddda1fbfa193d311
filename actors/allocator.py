"""Handing freed memory back to the operating system after a burst of work.

A server is a long-lived process. A batch of saves committed to the full-text index (tantivy
merges segments in threads of its own) and a consolidation pass (every catalog row read once)
allocate and free tens of megabytes; glibc keeps what was freed in its arenas for reuse, so
the resident size climbs to the highest burst and stays there. Measured through MCP on a 50k
store: 1,000 saves took a server from 227 to 377 MB resident. ``malloc_trim`` returns the free
pages of every arena (about 0.1 ms); the actors call ``return_free_memory`` after such a burst.
Other C libraries (musl, macOS) have no such call: there it does nothing.

Trimming alone did not keep a working server flat (twenty-first pass): a server saving and
searching on a 50k store still grew by ~75 MB of anonymous memory over 1,000 rounds while the
bytes it held grew by 11 MB. glibc gives each thread that allocates an arena of its own (the
event loop, the worker threads, tantivy's and the tokenizer's threads; up to eight per core),
each keeping its own high-water mark of scattered free blocks; ``settle_for_long_life`` keeps
a server to one when it starts. (A fixed large-block threshold kept it as flat but cost 2.7 ms
of system time per search: each search's numpy temporaries mapped and unmapped.)

Python's collector is the other long-life cost: a full (gen-2) collection walks every object
the process holds, and a 50k server's start leaves ~120k of them that live as long as it does
(the catalog's rows, the term index, the read model): 1-2 gen-2 collections every 150-200
searches, 63-215 ms each, each landing on one call. ``freeze_long_lived`` leaves what the start
made out of every later collection (``gc.freeze``) once the start's loads are in.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import gc
import platform
import threading
import time
from collections.abc import Callable

M_ARENA_MAX = -8
"""glibc's ``mallopt`` parameter (malloc.h)."""
ARENAS = 1
"""Arenas of a server process. The GIL lets one Python thread allocate at a time anyway; the
native threads that allocate without it (tantivy's, the tokenizer's) are few and short-lived."""

TRIM_INTERVAL_S = 5.0
"""At most one trim in this long, whoever asks (the bursts come in batches)."""

_lock = threading.Lock()
_last = 0.0


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    name = ctypes.util.find_library("c")
    try:
        libc = ctypes.CDLL(name) if name else None
        trim = getattr(libc, "malloc_trim", None)
    except OSError:
        return None
    if trim is None:
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim  # type: ignore[no-any-return]


@functools.cache
def _mallopt() -> Callable[[int, int], int] | None:
    if platform.libc_ver()[0] != "glibc":
        return None  # musl and others take other parameters (or none)
    name = ctypes.util.find_library("c")
    try:
        option = getattr(ctypes.CDLL(name), "mallopt", None) if name else None
    except OSError:
        return None
    if option is None:
        return None
    option.argtypes = [ctypes.c_int, ctypes.c_int]
    option.restype = ctypes.c_int
    return option  # type: ignore[no-any-return]


def settle_for_long_life() -> bool:
    """Keep glibc's allocator to ``ARENAS`` arenas (a long-lived server); True when taken.
    Call it first thing, before any other thread starts: an arena already made is kept.
    Elsewhere than glibc it does nothing."""
    option = _mallopt()
    return option is not None and option(M_ARENA_MAX, ARENAS) == 1


def freeze_long_lived() -> int:
    """Collect what the start left as garbage, then leave every object alive now out of all
    later collections (``gc.freeze``); how many objects that is. For a long-lived server,
    once its start-up loads are in: what it makes later is collected as before. A frozen
    object that later becomes cyclic garbage is never collected: its memory was already held
    at this point, so it cannot grow the process, only keep it from shrinking."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()


def return_free_memory(*, now: float | None = None) -> bool:
    """Give the allocator's free pages back to the system, unless done within
    ``TRIM_INTERVAL_S`` or not available here; True when it ran. Any thread."""
    global _last
    trim = _malloc_trim()
    moment = time.monotonic() if now is None else now
    with _lock:
        if trim is None or moment - _last < TRIM_INTERVAL_S:
            return False
        _last = moment
    trim(0)
    return True
