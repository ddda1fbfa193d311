"""Restarts are budgeted: an actor that always crashes stops with a clear error, never spins."""

from __future__ import annotations

import time
import types
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import anyio
import pytest

import actors.base
from actors.base import Actor, Lifecycle, Message
from store.errors import ActorCrashed, ActorGaveUp, ActorStopped

pytestmark = pytest.mark.anyio


@dataclass(frozen=True, kw_only=True)
class Poison(Message):
    """Always crashes the actor that handles it."""


@dataclass(frozen=True, kw_only=True)
class Ping(Message):
    pass


class Fragile(Actor):
    name = "fragile"

    def __init__(self, *, recover_fails: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.starts = 0
        self.recover_fails = recover_fails

    async def start(self) -> None:
        self.starts += 1
        if self.recover_fails and self.starts > 1:
            raise OSError("the state cannot be rebuilt")

    async def handle(self, message: Message) -> Any:
        if isinstance(message, Poison):
            raise ZeroDivisionError("poisoned message")
        if isinstance(message, Ping):
            return "pong"
        return await super().handle(message)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """A hand-driven monotonic clock for the restart window (actors.base only)."""
    now = [1000.0]
    fake = types.SimpleNamespace(monotonic=lambda: now[0], perf_counter=time.perf_counter)
    monkeypatch.setattr(actors.base, "time", fake)
    return now


@pytest.fixture
async def fragile(clock: list[float]) -> AsyncIterator[Fragile]:
    actor = Fragile(max_restarts=3, restart_window_s=60.0, request_timeout_s=5)
    async with anyio.create_task_group() as tg:
        await tg.start(actor.run)
        yield actor
        actor.close_inbox()


async def test_poison_stops_the_actor_after_the_restart_budget(fragile: Fragile) -> None:
    with anyio.fail_after(10):
        for n in range(1, 4):
            with pytest.raises(ActorCrashed) as crashed:
                await fragile.ask(Poison())
            assert isinstance(crashed.value.cause, ZeroDivisionError)
            assert fragile.statistics().restarts == n
        with pytest.raises(ActorGaveUp) as gave_up:
            await fragile.ask(Poison())
        await fragile.wait_stopped()
    err = gave_up.value
    assert isinstance(err, ActorStopped)  # callers that handle "stopped" handle this too
    assert "crashed 3 times within 60s" in str(err) and "ZeroDivisionError" in str(err)
    assert fragile.starts == 4  # the first start and three restarts, no fourth
    assert fragile.lifecycle is Lifecycle.STOPPED
    with anyio.fail_after(5), pytest.raises(ActorGaveUp):
        await fragile.ask(Ping())  # later requests get the same clear error


async def test_restarts_older_than_the_window_are_forgotten(
        fragile: Fragile, clock: list[float]) -> None:
    with anyio.fail_after(10):
        for _ in range(6):  # twice the budget, but spread out in time
            with pytest.raises(ActorCrashed):
                await fragile.ask(Poison())
            clock[0] += 21.0  # three crashes never fall inside one 60 s window
        assert await fragile.ask(Ping()) == "pong"
    assert fragile.statistics().restarts == 6 and fragile.lifecycle is Lifecycle.RUNNING


async def test_a_recovery_that_keeps_failing_is_bounded_too(clock: list[float]) -> None:
    actor = Fragile(recover_fails=True, max_restarts=3, restart_window_s=60.0,
                    request_timeout_s=5)
    async with anyio.create_task_group() as tg:
        await tg.start(actor.run)
        with anyio.fail_after(10):
            with pytest.raises(ActorCrashed):
                await actor.ask(Poison())
            await actor.wait_stopped()
            with pytest.raises(ActorGaveUp, match="recover: OSError"):
                await actor.ask(Ping())
    assert actor.starts == 4  # one start, three failed recoveries, then it gave up
