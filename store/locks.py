"""Named cross-process locks: ``fcntl.flock`` on sidecar files behind in-process anyio locks.

Why this shape:
- ``flock`` belongs to an open file description and the kernel drops it when the holder dies,
  so a SIGKILLed process never leaves a stale lock.
- Every acquisition opens its own descriptor, so two tasks (or two LockManagers) of one process
  exclude each other too; an ``anyio.Lock`` per name in front makes tasks of one process queue
  fairly instead of spinning against each other.
- The event loop never blocks: the flock is only ever tried with ``LOCK_NB`` and the wait is an
  ``anyio.sleep`` with back-off, so a cancelled waiter leaves no thread stuck and nothing held.
- Several names are always taken in ``LOCK_ORDER``, so two holders of overlapping sets cannot
  deadlock.
- The holder writes ``{"pid", "actor", "since"}`` into the lock file, so a timeout can say who.

A sync twin (``hold_sync``) serves worker threads, the CLI and multi-process tests.

The write path (the facts actor's read-modify-write of catalog and facts) uses ``call_locked``
instead: the in-process locks on the loop, then ONE worker-thread hop that blocks for the file
locks (``store.lock_wait``: woken by the holder's release, not polled), runs the transaction
and releases, so the cross-process locks are never held across an event-loop round trip and
a waiting process takes the lock the moment it is free. A timeout still names the holder.
This module never reads or writes the data files the locks guard.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import time
from collections.abc import AsyncIterator, Callable, Generator, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import anyio
import structlog

from store.atomic import FILE_MODE, ensure_private_dir
from store.errors import LockTimeout, map_os_error
from store.lock_wait import try_flock, wait_flock
from store.processes import pid_alive

R = TypeVar("R")

LOCK_ORDER = ("consolidation", "root", "project", "catalog", "facts", "fulltext")
_POLL_FIRST_S = 0.001
_POLL_MAX_S = 0.01
_COURTESY_S = 0.03
"""How long an acquirer holds back while other processes are already waiting (see Queue)."""

log = structlog.get_logger("ihmt.locks")


def _order(names: tuple[str, ...]) -> list[str]:
    unknown = [n for n in names if n not in LOCK_ORDER]
    if unknown:
        raise ValueError(f"unknown lock name(s): {unknown}")
    return sorted(set(names), key=LOCK_ORDER.index)


def read_holder(path: Path) -> dict[str, object]:
    """Who wrote themselves into the lock file last (may be a dead process: check ``is_held``)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def is_held(path: Path) -> bool:
    """True when some live process holds the flock on ``path`` right now."""
    if not path.exists():
        return False
    fd = os.open(path, os.O_RDWR | os.O_CREAT, FILE_MODE)
    try:
        if try_flock(fd):
            fcntl.flock(fd, fcntl.LOCK_UN)
            return False
        return True
    finally:
        os.close(fd)


def remove_empty_lock_dirs(locks_dir: Path) -> list[Path]:
    """Lock files that are empty directories, removed (``rmdir``: it refuses one that holds
    anything). Such a directory holds no memory, and every write needing its lock failed
    ("Is a directory") until a person removed it, though doctor called it safe to remove
    (probe-fault F4); the next holder makes the lock file again."""
    removed: list[Path] = []
    if not locks_dir.is_dir():
        return removed
    for path in sorted(locks_dir.glob("*.lock")):
        if path.is_dir() and not path.is_symlink():
            try:
                path.rmdir()
            except OSError:
                continue  # not empty (or refused): for a person
            removed.append(path)
    return removed


class _Waiters:
    """Marker files of processes waiting for one lock: a cheap fairness aid.

    ``flock`` has no queue: a process that releases and at once re-acquires wins nearly every
    time against waiters that poll. So a waiter leaves ``<name>.wait.<pid>.<n>`` while it
    waits, and an acquirer that sees another live process's marker holds back for up to
    ``_COURTESY_S`` (or until that waiter got in) before it competes. Markers of dead
    processes are ignored and removed.
    """

    _counter = 0

    def __init__(self, locks_dir: Path, name: str) -> None:
        self.locks_dir = locks_dir
        self.name = name
        self.mine: Path | None = None

    def others(self) -> set[str]:
        found: set[str] = set()
        me = os.getpid()
        try:
            candidates = list(self.locks_dir.glob(f"{self.name}.wait.*"))
        except OSError:
            return found
        for marker in candidates:
            parts = marker.name.split(".")
            pid = int(parts[2]) if len(parts) > 3 and parts[2].isdigit() else -1
            if pid == me:
                continue
            if not pid_alive(pid):
                marker.unlink(missing_ok=True)
                continue
            found.add(marker.name)
        return found

    def enter(self) -> None:
        if self.mine is None:
            _Waiters._counter += 1
            self.mine = self.locks_dir / f"{self.name}.wait.{os.getpid()}.{_Waiters._counter}"
            self.mine.touch()

    def leave(self) -> None:
        if self.mine is not None:
            self.mine.unlink(missing_ok=True)
            self.mine = None


class _Held:
    """One flock held on its own descriptor."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self.fd = fd

    def stamp(self, actor: str) -> None:
        """Write who holds the lock (best effort: a full disk must not leak the lock)."""
        info = {"pid": os.getpid(), "actor": actor,
                "since": datetime.now(UTC).isoformat(timespec="milliseconds")}
        try:
            os.ftruncate(self.fd, 0)
            os.pwrite(self.fd, json.dumps(info).encode(), 0)
        except OSError:
            pass

    def release(self) -> None:
        try:
            os.ftruncate(self.fd, 0)
        except OSError:
            pass
        try:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
        finally:
            os.close(self.fd)


class LockManager:
    """The named locks of one store directory."""

    def __init__(self, locks_dir: Path, *, default_timeout_s: float = 10.0) -> None:
        self.locks_dir = locks_dir
        self.default_timeout_s = default_timeout_s
        self._local: dict[str, anyio.Lock] = {}

    def path(self, name: str) -> Path:
        return self.locks_dir / f"{name}.lock"

    def _open(self, name: str) -> int:
        """The lock file's descriptor; a store the OS will not let us write (read-only, full,
        no permission) is the store's typed error here, before any read-modify-write."""
        ensure_private_dir(self.locks_dir)
        try:
            fd = os.open(self.path(name), os.O_RDWR | os.O_CREAT, FILE_MODE)
        except OSError as exc:
            raise map_os_error(exc, self.path(name)) from exc
        with contextlib.suppress(OSError):  # explicit: independent of the umask
            os.fchmod(fd, FILE_MODE)
        return fd

    def _local_lock(self, name: str) -> anyio.Lock:
        lock = self._local.get(name)
        if lock is None:
            lock = self._local[name] = anyio.Lock()
        return lock

    # ------------------------------------------------------------------ async

    @contextlib.asynccontextmanager
    async def hold(self, *names: str, actor: str = "", timeout_s: float | None = None
                   ) -> AsyncIterator[None]:
        """Hold every named lock (in the global order) for the body of the block."""
        timeout = self.default_timeout_s if timeout_s is None else timeout_s
        deadline = time.monotonic() + timeout
        async with contextlib.AsyncExitStack() as stack:
            for name in _order(names):
                await stack.enter_async_context(self._hold_one(name, actor, deadline))
            yield

    @contextlib.asynccontextmanager
    async def _hold_one(self, name: str, actor: str, deadline: float) -> AsyncIterator[None]:
        started = time.monotonic()
        local = self._local_lock(name)
        with anyio.move_on_after(max(0.0, deadline - started)) as scope:
            await local.acquire()
        if scope.cancelled_caught:
            raise LockTimeout(name, time.monotonic() - started, read_holder(self.path(name)))
        try:
            held = await self._acquire_file(name, deadline, started)
            wait_ms = (time.monotonic() - started) * 1000
            held.stamp(actor)
            acquired = time.monotonic()
            try:
                yield
            finally:
                held.release()
                log.debug("lock.released", lock=name, actor=actor, wait_ms=round(wait_ms, 2),
                          hold_ms=round((time.monotonic() - acquired) * 1000, 2))
                if wait_ms > 100:
                    log.info("lock.wait", lock=name, actor=actor, wait_ms=round(wait_ms, 2))
        finally:
            local.release()

    def _attempts(self, name: str, fd: int, started: float, deadline: float
                  ) -> Generator[float, None, None]:
        """Try the flock until held, yielding how long to pause between tries.

        Shared by the async and the sync acquisition, which only differ in how they pause.
        Raises ``LockTimeout`` at the deadline; ends (returns) once the flock is held.
        """
        waiters = _Waiters(self.locks_dir, name)
        try:
            ahead = waiters.others()
            courtesy_end = min(deadline, time.monotonic() + _COURTESY_S)
            while ahead and time.monotonic() < courtesy_end:
                yield 0.002
                if not (ahead & waiters.others()):
                    break  # those who were waiting got their turn
            delay = _POLL_FIRST_S
            while not try_flock(fd):
                waiters.enter()
                now = time.monotonic()
                if now >= deadline:
                    raise LockTimeout(name, now - started, read_holder(self.path(name)))
                yield min(delay, deadline - now)
                delay = min(delay * 2, _POLL_MAX_S)
        finally:
            waiters.leave()

    async def _acquire_file(self, name: str, deadline: float, started: float) -> _Held:
        fd = self._open(name)
        attempts = self._attempts(name, fd, started, deadline)
        try:
            for pause in attempts:
                await anyio.sleep(pause)
        except BaseException:
            attempts.close()
            os.close(fd)
            raise
        return _Held(self.path(name), fd)

    @contextlib.asynccontextmanager
    async def try_hold(self, name: str, *, actor: str = "") -> AsyncIterator[bool]:
        """Take ``name`` only if nobody holds it; yields whether we got it (never waits)."""
        local = self._local_lock(name)
        if local.locked():
            yield False
            return
        async with local:
            fd = self._open(name)
            if not try_flock(fd):
                os.close(fd)
                yield False
                return
            held = _Held(self.path(name), fd)
            held.stamp(actor)
            try:
                yield True
            finally:
                held.release()

    # ------------------------------------------------------------------ one hop

    async def call_locked(self, names: tuple[str, ...], func: Callable[..., R], *args: object,
                          actor: str = "", timeout_s: float | None = None) -> R:
        """``func(*args)`` in a worker thread while holding every named lock.

        The in-process locks are taken here (tasks of this process queue fairly, and a
        cancelled task leaves no thread behind); then one thread hop blocks for the file
        locks, runs ``func`` and releases them (``run_locked``). Once that hop has started it
        is not cancelled: it ends by the deadline at the latest (``LockTimeout``) or when
        ``func`` returns.
        """
        timeout = self.default_timeout_s if timeout_s is None else timeout_s
        started = time.monotonic()
        deadline = started + timeout
        async with contextlib.AsyncExitStack() as stack:
            for name in _order(names):
                local = self._local_lock(name)
                with anyio.move_on_after(max(0.0, deadline - time.monotonic())) as scope:
                    await local.acquire()
                if scope.cancelled_caught:
                    raise LockTimeout(name, time.monotonic() - started,
                                      read_holder(self.path(name)))
                stack.callback(local.release)
            return await anyio.to_thread.run_sync(
                self.run_locked, names, func, args, actor, started, deadline)

    def run_locked(self, names: tuple[str, ...], func: Callable[..., R], args: tuple[object, ...],
                   actor: str, started: float, deadline: float) -> R:
        """In a worker thread: block for the file locks (in order), run ``func``, release.
        The caller holds the in-process locks of ``names``."""
        held: list[_Held] = []
        try:
            for name in _order(names):
                fd = self._open(name)
                try:
                    got = wait_flock(fd, self.path(name), deadline)
                except BaseException:
                    os.close(fd)
                    raise
                if not got:
                    os.close(fd)
                    raise LockTimeout(name, time.monotonic() - started,
                                      read_holder(self.path(name)))
                item = _Held(self.path(name), fd)
                item.stamp(actor)
                held.append(item)
            wait_ms = (time.monotonic() - started) * 1000
            if wait_ms > 100:
                log.info("lock.wait", lock="+".join(names), actor=actor, wait_ms=round(wait_ms, 2))
            return func(*args)
        finally:
            for item in reversed(held):
                item.release()

    # ------------------------------------------------------------------ sync

    @contextlib.contextmanager
    def hold_sync(self, *names: str, actor: str = "", timeout_s: float | None = None
                  ) -> Iterator[None]:
        """Blocking twin of ``hold`` for threads and scripts (never call on the event loop)."""
        timeout = self.default_timeout_s if timeout_s is None else timeout_s
        started = time.monotonic()
        deadline = started + timeout
        held: list[_Held] = []
        try:
            for name in _order(names):
                held.append(self._acquire_sync(name, actor, started, deadline))
            yield
        finally:
            for item in reversed(held):
                item.release()

    def _acquire_sync(self, name: str, actor: str, started: float, deadline: float) -> _Held:
        fd = self._open(name)
        attempts = self._attempts(name, fd, started, deadline)
        try:
            for pause in attempts:
                time.sleep(pause)
        except BaseException:
            attempts.close()
            os.close(fd)
            raise
        item = _Held(self.path(name), fd)
        item.stamp(actor)
        return item
