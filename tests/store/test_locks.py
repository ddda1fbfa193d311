"""The lock manager: no stale locks, clear timeouts, clean cancellation, no deadlock."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
import anyio.lowlevel
import pytest

from store import locks as store_locks
from store.errors import LockTimeout, StoreError
from store.locks import LOCK_ORDER, LockManager, is_held, read_holder
from store.paths import StoreLayout

Child = Any  # tests/store/conftest.py: Child (a store_worker.py process)


def test_sigkilled_holder_leaves_no_stale_lock(
        locks: LockManager, hold: Callable[..., Child]) -> None:
    child = hold("catalog")
    assert is_held(locks.path("catalog"))
    assert read_holder(locks.path("catalog"))["pid"] == child.pid
    child.kill()
    # A stale lock would make this raise LockTimeout: the timeout is the check, not a stopwatch.
    with locks.hold_sync("catalog", timeout_s=1.0, actor="after-kill"):
        assert read_holder(locks.path("catalog"))["actor"] == "after-kill"
    assert not is_held(locks.path("catalog"))


@pytest.mark.anyio
async def test_sigkilled_holder_async(
        locks: LockManager, hold: Callable[..., Child]) -> None:
    child = hold("catalog", "facts")
    child.kill()
    with anyio.fail_after(1.0):
        async with locks.hold("catalog", "facts", timeout_s=1.0):
            pass


def test_timeout_names_the_holder_sync(
        locks: LockManager, hold: Callable[..., Child]) -> None:
    child = hold("catalog")
    with pytest.raises(LockTimeout) as info:
        with locks.hold_sync("catalog", timeout_s=0.5):
            pass
    err = info.value
    assert err.waited_s >= 0.5  # it waited out its timeout before giving up
    assert isinstance(err, StoreError) and isinstance(err, TimeoutError)
    assert err.holder_pid == child.pid
    assert err.lock == "catalog"
    assert f"pid {child.pid}" in str(err) and "holder-child" in str(err)
    child.send("release")
    child.expect("released")


@pytest.mark.anyio
async def test_timeout_names_the_holder_async(
        locks: LockManager, hold: Callable[..., Child]) -> None:
    child = hold("facts")
    with pytest.raises(LockTimeout) as info:
        async with locks.hold("catalog", "facts", timeout_s=0.5):
            pass
    assert info.value.holder_pid == child.pid and info.value.lock == "facts"
    # The catalog lock, taken first, was given back when facts timed out.
    assert not is_held(locks.path("catalog"))
    with locks.hold_sync("catalog", timeout_s=0.1):
        pass


def test_holder_pid_is_none_without_holder_info() -> None:
    err = LockTimeout("root", 0.5, {})
    assert err.holder_pid is None and "unknown process" in str(err)


@pytest.mark.anyio
async def test_cancelled_waiter_leaves_nothing_held(
        layout: StoreLayout, locks: LockManager, spawn: Callable[..., Child],
        monkeypatch: pytest.MonkeyPatch, hold: Callable[..., Child]) -> None:
    child = hold("catalog")
    baseline = threading.active_count()
    polled = anyio.Event()
    real_try = store_locks.try_flock

    def observed_try(fd: int) -> bool:
        got = real_try(fd)
        if not got:
            polled.set()
        return got

    monkeypatch.setattr(store_locks, "try_flock", observed_try)
    entered = False

    async def waiter() -> None:
        nonlocal entered
        async with locks.hold("catalog", timeout_s=30):
            entered = True

    with anyio.fail_after(5):
        async with anyio.create_task_group() as tg:
            tg.start_soon(waiter)
            await polled.wait()  # the waiter is polling the file lock the child holds
            tg.cancel_scope.cancel()
    assert not entered
    assert threading.active_count() == baseline
    assert not locks._local_lock("catalog").locked()
    child.kill()
    with anyio.fail_after(1):
        async with locks.hold("catalog", timeout_s=0.5):
            assert is_held(locks.path("catalog"))
    assert not is_held(locks.path("catalog"))


@pytest.mark.anyio
async def test_cancelled_in_process_waiter_releases_its_place(locks: LockManager) -> None:
    """A task queued behind another task of the same process, cancelled, frees its place."""
    baseline = threading.active_count()
    release = anyio.Event()
    holding = anyio.Event()

    async def holder() -> None:
        async with locks.hold("facts"):
            holding.set()
            await release.wait()

    local = locks._local_lock("facts")
    with anyio.fail_after(5):
        async with anyio.create_task_group() as outer:
            outer.start_soon(holder)
            await holding.wait()
            async with anyio.create_task_group() as inner:
                inner.start_soon(_take, locks, "facts")
                while local.statistics().tasks_waiting == 0:
                    await anyio.lowlevel.checkpoint()
                inner.cancel_scope.cancel()
            assert local.statistics().tasks_waiting == 0
            release.set()
    with anyio.fail_after(0.5):
        async with locks.hold("facts", timeout_s=0.2):
            pass
    assert not local.locked()
    assert threading.active_count() == baseline


async def _take(locks: LockManager, *names: str) -> None:
    async with locks.hold(*names):
        await anyio.lowlevel.checkpoint()


@pytest.mark.anyio
async def test_opposite_orders_never_deadlock(locks: LockManager) -> None:
    counts = {"a": 0, "b": 0}
    inside = 0

    async def worker(key: str, names: tuple[str, ...]) -> None:
        nonlocal inside
        for _ in range(150):
            async with locks.hold(*names, timeout_s=5):
                inside += 1
                assert inside == 1  # the two tasks exclude each other
                await anyio.lowlevel.checkpoint()
                inside -= 1
                counts[key] += 1

    with anyio.fail_after(20):
        async with anyio.create_task_group() as tg:
            tg.start_soon(worker, "a", ("facts", "catalog"))
            tg.start_soon(worker, "b", ("catalog", "facts"))
    assert counts == {"a": 150, "b": 150}


def test_opposite_orders_in_threads_never_deadlock(layout: StoreLayout) -> None:
    """The sync twin across threads (each its own LockManager, i.e. its own descriptors)."""
    errors: list[BaseException] = []

    def worker(names: tuple[str, ...]) -> None:
        mgr = LockManager(layout.locks_dir)
        try:
            for _ in range(150):
                with mgr.hold_sync(*names, timeout_s=5):
                    pass
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(n,)) for n in
               (("facts", "catalog"), ("catalog", "facts"), ("root", "facts", "consolidation"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert not any(t.is_alive() for t in threads) and errors == []


def test_unknown_lock_name_is_refused(locks: LockManager) -> None:
    with pytest.raises(ValueError):
        with locks.hold_sync("catalgo"):
            pass
    assert set(LOCK_ORDER) >= {"catalog", "facts", "consolidation", "root"}


@pytest.mark.anyio
async def test_try_hold_is_false_while_another_process_consolidates(
        layout: StoreLayout, locks: LockManager, spawn: Callable[..., Child],
        monkeypatch: pytest.MonkeyPatch, hold: Callable[..., Child]) -> None:
    child = hold("consolidation")
    tries: list[int] = []
    real_try = store_locks.try_flock

    def counted(fd: int) -> bool:
        tries.append(fd)
        return real_try(fd)

    monkeypatch.setattr(store_locks, "try_flock", counted)
    async with locks.try_hold("consolidation") as got:
        assert got is False
    assert len(tries) == 1  # never waits: one non-blocking try, no retry loop
    monkeypatch.undo()
    child.send("release")
    child.expect("released")
    async with locks.try_hold("consolidation", actor="consolidator") as got:
        assert got is True
        assert read_holder(locks.path("consolidation"))["actor"] == "consolidator"
        # While we hold it, a second try in the same process is refused too.
        async with locks.try_hold("consolidation") as again:
            assert again is False
    assert not is_held(locks.path("consolidation"))


def test_holder_stamp_is_cleared_on_release(locks: LockManager) -> None:
    with locks.hold_sync("root", actor="writer"):
        holder = read_holder(locks.path("root"))
        assert holder["actor"] == "writer" and isinstance(holder["pid"], int)
        assert "since" in holder
    assert read_holder(locks.path("root")) == {}


def test_lock_files_live_in_state_locks(layout: StoreLayout, locks: LockManager) -> None:
    with locks.hold_sync("catalog"):
        pass
    assert locks.path("catalog") == layout.lock_file("catalog")
    assert isinstance(locks.path("catalog"), Path) and locks.path("catalog").exists()
