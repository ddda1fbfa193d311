"""Handing freed memory back to the operating system after a burst of work.

A server is a long-lived process. A batch of saves committed to the full-text index (tantivy
merges segments in threads of its own) and a consolidation pass (every catalog row read once)
allocate and free tens of megabytes; glibc keeps what was freed in its arenas for reuse, so
the resident size climbs to the highest burst and stays there. Measured through MCP on a 50k
store: 1,000 saves took a server from 227 to 377 MB resident. ``malloc_trim`` returns the free
pages of every arena (about 0.1 ms); the actors call ``return_free_memory`` after such a burst.
Other C libraries (musl, macOS) have no such call: there it does nothing.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import threading
import time
from collections.abc import Callable

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
