"""``LockManager.call_locked``: lock, work and release in one worker-thread hop, with waiters
that block until the holder lets go (woken by it, not polling) and still name it on timeout.

Every holder here is a real process (tests/store/store_worker.py ``hold``).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import Any

import anyio
import pytest

from store import lock_wait
from store.errors import LockTimeout
from store.locks import LockManager, is_held, read_holder
from store.paths import StoreLayout

Child = Any  # tests/store/conftest.py: Child (a store_worker.py process)


def inside(locks: LockManager, *names: str) -> dict[str, Any]:
    """What the locked function sees: which locks are held, and by whom."""
    return {"thread": threading.get_ident(),
            "held": {n: is_held(locks.path(n)) for n in names},
            "holders": {n: read_holder(locks.path(n)) for n in names}}


@pytest.mark.anyio
async def test_the_function_runs_in_a_worker_thread_holding_every_lock(
        locks: LockManager) -> None:
    seen = await locks.call_locked(("facts", "catalog"), inside, locks, "catalog", "facts",
                                   actor="writer")
    assert seen["thread"] != threading.get_ident()  # not on the event loop
    assert seen["held"] == {"catalog": True, "facts": True}
    assert {h["actor"] for h in seen["holders"].values()} == {"writer"}
    assert {h["pid"] for h in seen["holders"].values()} == {os.getpid()}
    assert not is_held(locks.path("catalog")) and not is_held(locks.path("facts"))
    assert not locks._local_lock("catalog").locked() and not locks._local_lock("facts").locked()


@pytest.mark.anyio
async def test_an_error_in_the_function_releases_every_lock(locks: LockManager) -> None:
    def fail() -> None:
        raise ValueError("refused")

    with pytest.raises(ValueError, match="refused"):
        await locks.call_locked(("catalog", "facts"), fail)
    assert not is_held(locks.path("catalog")) and not is_held(locks.path("facts"))
    assert not locks._local_lock("facts").locked()


@pytest.mark.anyio
async def test_a_blocked_waiter_still_names_the_holder_on_timeout(
        locks: LockManager, hold: Callable[..., Child]) -> None:
    child = hold("facts")
    ran = False

    def work() -> None:
        nonlocal ran
        ran = True

    with pytest.raises(LockTimeout) as info:
        await locks.call_locked(("catalog", "facts"), work, actor="saver", timeout_s=0.5)
    err = info.value
    assert not ran
    assert err.lock == "facts" and err.holder_pid == child.pid
    assert err.waited_s >= 0.5  # it waited out its timeout before giving up
    assert f"pid {child.pid}" in str(err) and "holder-child" in str(err)
    # The catalog lock, taken first, was given back; nothing of this process stays held.
    assert not is_held(locks.path("catalog"))
    assert not locks._local_lock("catalog").locked() and not locks._local_lock("facts").locked()
    child.send("release")
    child.expect("released")
    assert await locks.call_locked(("catalog", "facts"), lambda: "free", timeout_s=1) == "free"


@pytest.mark.anyio
async def test_a_waiter_is_woken_by_the_release_not_by_polling(
        layout: StoreLayout, locks: LockManager, spawn: Callable[..., Child],
        monkeypatch: pytest.MonkeyPatch, hold: Callable[..., Child]) -> None:
    """With the safety wake-up set far beyond the test's bound, only the holder's release
    (an inotify event on the lock file) can let the waiter in within that bound."""
    os.close(locks._open("facts"))  # the lock file exists (a watch needs a file)
    probe = lock_wait._Watch.open(locks.path("facts"))
    if probe is None:
        pytest.skip("inotify is not available here: the wait falls back to polling")
    probe.close()
    monkeypatch.setattr(lock_wait, "SAFETY_S", 3600.0)
    child = hold("facts")
    tries: list[bool] = []
    waiting = threading.Event()
    real_try = lock_wait.try_flock

    def counted(fd: int) -> bool:
        got = real_try(fd)
        tries.append(got)
        if len(tries) >= 2 and not got:
            waiting.set()  # tried once before and once after adding its watch
        return got

    monkeypatch.setattr(lock_wait, "try_flock", counted)
    with anyio.fail_after(60):
        async with anyio.create_task_group() as tg:
            result: list[dict[str, Any]] = []

            async def waiter() -> None:
                result.append(await locks.call_locked(("facts",), inside, locks, "facts",
                                                      actor="woken", timeout_s=30))

            tg.start_soon(waiter)
            await anyio.to_thread.run_sync(waiting.wait)
            child.send("release")
    assert result[0]["held"] == {"facts": True}
    assert result[0]["holders"]["facts"]["actor"] == "woken"
    assert tries[-1] is True
    child.expect("released")


@pytest.mark.anyio
async def test_a_waiter_gets_the_lock_of_a_killed_holder(
        locks: LockManager, hold: Callable[..., Child]) -> None:
    child = hold("catalog", "facts")
    started = threading.Event()
    real_try = lock_wait.try_flock

    def observed(fd: int) -> bool:
        got = real_try(fd)
        if not got:
            started.set()
        return got

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(lock_wait, "try_flock", observed)
        with anyio.fail_after(30):
            async with anyio.create_task_group() as tg:
                result: list[dict[str, Any]] = []

                async def waiter() -> None:
                    result.append(await locks.call_locked(
                        ("catalog", "facts"), inside, locks, "catalog", "facts",
                        actor="after-kill", timeout_s=25))

                tg.start_soon(waiter)
                await anyio.to_thread.run_sync(started.wait)
                child.kill()
    assert result[0]["held"] == {"catalog": True, "facts": True}
    assert result[0]["holders"]["catalog"]["pid"] == os.getpid()


def test_many_waiting_processes_take_turns_without_losing_an_update(
        layout: StoreLayout, spawn: Callable[..., Child]) -> None:
    """Four processes each add 1 to a counter file 100 times under ``call_locked``: any
    overlap of two read-modify-writes would lose an increment."""
    counter = layout.home / "counter.txt"
    counter.write_text("0", encoding="utf-8")
    children = [spawn("count", layout.home, str(counter), "100") for _ in range(4)]
    for child in children:
        child.expect("counted", timeout_s=120)
    assert int(counter.read_text(encoding="utf-8")) == 400
