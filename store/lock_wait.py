"""Blocking waits for a lock file's flock, woken by the holder's release instead of polled.

Why: ``flock`` has no timeout, and a waiter that polls with back-off sleeps through most
hand-overs (a save holds the write locks ~2 ms; a waiter sleeping up to 10 ms between tries
leaves the lock idle most of the time, so throughput across processes was flat or fell as
writers were added). A waiter here sleeps in ``select`` on an inotify watch of the lock file.
Every holder writes the file when it takes the lock (its stamp) and truncates it when it
releases (``store.locks``), and the kernel closes a killed holder's descriptor, so each
hand-over produces an inotify event (``IN_MODIFY`` / ``IN_CLOSE_WRITE``) that wakes the
waiters at once; they race with one non-blocking ``flock`` each, and the losers wait again.

The watch is added BEFORE the try, so a release between the try and the wait is never
missed. A wake-up is also due every ``SAFETY_S`` whatever happens (a holder that releases
without touching the file, an event lost to a full inotify queue): the wait is correct without
events, they only make it prompt. Where inotify is unavailable (not Linux, the per-user limit
of inotify instances reached) the wait polls with the same back-off as before.

The deadline is the caller's: at the deadline ``wait_flock`` returns False and the caller
raises the timeout naming the holder. This module never reads or writes what the locks guard,
and holds nothing: the caller owns the descriptor.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import errno
import fcntl
import os
import select
import sys
import time
from collections.abc import Callable
from pathlib import Path

SAFETY_S = 0.05
"""Longest sleep between two tries while no event arrives."""
_POLL_FIRST_S = 0.001
_POLL_MAX_S = 0.01

_IN_MODIFY = 0x00000002
_IN_ATTRIB = 0x00000004
_IN_CLOSE_WRITE = 0x00000008
_IN_DELETE_SELF = 0x00000400
_IN_NONBLOCK = os.O_NONBLOCK
_IN_CLOEXEC = getattr(os, "O_CLOEXEC", 0o2000000)
_WATCH = _IN_MODIFY | _IN_ATTRIB | _IN_CLOSE_WRITE | _IN_DELETE_SELF


def try_flock(fd: int) -> bool:
    """One non-blocking attempt at the exclusive flock on ``fd``."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError as exc:
        if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
            return False
        raise


def _load_libc() -> ctypes.CDLL | None:
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        libc.inotify_init1.argtypes = [ctypes.c_int]
        libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    except (OSError, AttributeError):
        return None
    return libc


_LIBC = _load_libc()


class _Watch:
    """An inotify descriptor watching one file (closed by ``close``)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    @classmethod
    def open(cls, path: Path) -> _Watch | None:
        if _LIBC is None:
            return None
        fd = int(_LIBC.inotify_init1(_IN_NONBLOCK | _IN_CLOEXEC))
        if fd < 0:
            return None  # EMFILE and the like: the caller polls instead
        if int(_LIBC.inotify_add_watch(fd, os.fsencode(path), _WATCH)) < 0:
            os.close(fd)
            return None
        return cls(fd)

    def wait(self, timeout_s: float) -> None:
        """Sleep until the file changes (or ``timeout_s``), then drain the queued events."""
        ready, _, _ = select.select([self.fd], [], [], max(timeout_s, 0.0))
        if ready:
            with contextlib.suppress(BlockingIOError, InterruptedError):
                while os.read(self.fd, 4096):
                    pass

    def close(self) -> None:
        os.close(self.fd)


def wait_flock(fd: int, path: Path, deadline: float,
               attempt: Callable[[int], bool] | None = None) -> bool:
    """Take the exclusive flock on ``fd`` (opened on ``path``), blocking until ``deadline``
    (``time.monotonic``); False when the deadline passed first. Blocks the calling thread:
    call it from a worker thread, never on the event loop."""
    attempt = attempt or try_flock
    if attempt(fd):
        return True
    watch = _Watch.open(path)
    try:
        delay = _POLL_FIRST_S
        while True:
            # With a watch, the try after adding it closes the race with a release that
            # happened just before; every later try follows an event or the safety period.
            if attempt(fd):
                return True
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            if watch is not None:
                watch.wait(min(SAFETY_S, left))
            else:
                time.sleep(min(delay, left))
                delay = min(delay * 2, _POLL_MAX_S)
    finally:
        if watch is not None:
            watch.close()
