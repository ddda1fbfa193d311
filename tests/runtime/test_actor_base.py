"""The actor shape: request/reply, crash and restart, typed errors, timeouts, stop and drain."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import anyio
import pytest
from anyio import wait_all_tasks_blocked

from actors.base import Actor, Lifecycle, Message
from store.errors import (
    ActorCrashed,
    ActorStopped,
    ActorTimeout,
    IhmtError,
    InvalidArgument,
)

pytestmark = pytest.mark.anyio


@dataclass(frozen=True, kw_only=True)
class Echo(Message):
    text: str = ""


@dataclass(frozen=True, kw_only=True)
class Boom(Message):
    pass


@dataclass(frozen=True, kw_only=True)
class Refuse(Message):
    pass


@dataclass(frozen=True, kw_only=True)
class Block(Message):
    """Handled only when ``gate`` is set; tells ``entered`` when it starts."""


class Parrot(Actor):
    name = "parrot"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.starts = 0
        self.stops = 0
        self.memory: list[str] = []
        self.entered = anyio.Event()
        self.gate = anyio.Event()

    async def start(self) -> None:
        self.starts += 1
        self.memory = []  # state is rebuilt from scratch on every (re)start

    async def stop(self) -> None:
        self.stops += 1

    async def handle(self, message: Message) -> Any:
        if isinstance(message, Echo):
            self.memory.append(message.text)
            return f"{message.text}!"
        if isinstance(message, Boom):
            self.memory.append("corrupted")
            raise KeyError("lost a key")
        if isinstance(message, Refuse):
            raise InvalidArgument("no, gracias")
        if isinstance(message, Block):
            self.entered.set()
            await self.gate.wait()
            return "unblocked"
        return await super().handle(message)


@pytest.fixture
async def running() -> AsyncIterator[Parrot]:
    actor = Parrot(inbox_size=8, request_timeout_s=5)
    async with anyio.create_task_group() as tg:
        await tg.start(actor.run)
        yield actor
        actor.close_inbox()
    assert actor.lifecycle is Lifecycle.STOPPED


async def test_request_reply(running: Parrot) -> None:
    with anyio.fail_after(2):
        assert await running.ask(Echo(text="hola")) == "hola!"
        assert await running.ask(Echo(text="hi")) == "hi!"
    stats = running.statistics()
    assert (stats.name, stats.state, stats.handled, stats.failed, stats.restarts) == \
        ("parrot", "running", 2, 0, 0)


async def test_crash_replies_restarts_and_carries_on(running: Parrot) -> None:
    with anyio.fail_after(2):
        await running.ask(Echo(text="uno"))
        with pytest.raises(ActorCrashed) as info:
            await running.ask(Boom())
        assert info.value.actor == "parrot" and info.value.cause_type == "KeyError"
        assert "lost a key" in str(info.value)
        assert await running.ask(Echo(text="dos")) == "dos!"
    stats = running.statistics()
    assert stats.restarts == 1 and stats.failed == 1 and stats.handled == 2
    assert stats.last_error is not None and "KeyError" in stats.last_error
    assert running.starts == 2  # recover ran start again
    assert running.memory == ["dos"]  # the corrupted state did not survive the restart


async def test_unknown_message_is_a_crash_not_a_hang(running: Parrot) -> None:
    with anyio.fail_after(2), pytest.raises(ActorCrashed):
        await running.ask(Message())


async def test_ihmt_error_reaches_caller_as_itself(running: Parrot) -> None:
    with anyio.fail_after(2):
        with pytest.raises(InvalidArgument, match="no, gracias") as info:
            await running.ask(Refuse())
        assert not isinstance(info.value, ActorCrashed)
        assert isinstance(info.value, IhmtError)
        assert await running.ask(Echo(text="x")) == "x!"
    stats = running.statistics()
    assert stats.restarts == 0 and stats.failed == 1 and running.starts == 1


async def test_ask_timeout_against_slow_actor(running: Parrot) -> None:
    with anyio.fail_after(3):
        with pytest.raises(ActorTimeout) as info:
            await running.ask(Block(), timeout_s=0.2)
    assert isinstance(info.value, TimeoutError) and info.value.timeout_s == 0.2
    running.gate.set()
    with anyio.fail_after(2):
        assert await running.ask(Echo(text="after")) == "after!"


async def test_a_timeout_tells_whether_the_actor_took_the_request_in() -> None:
    # queued: the actor still handles it (a save still stored, ``SaveStillRunning``); not
    # queued: the inbox stayed full until the wait ended, and nothing was handed over
    actor = Parrot(inbox_size=1)
    with anyio.fail_after(5):
        async with anyio.create_task_group() as tg:
            await tg.start(actor.run)
            with pytest.raises(ActorTimeout) as taken:
                await actor.ask(Block(), timeout_s=0.2)  # being handled
            assert taken.value.queued
            await actor.tell(Echo(text="fills the inbox"))
            with pytest.raises(ActorTimeout) as refused:
                await actor.ask(Echo(text="never sent"), timeout_s=0.2)
            assert not refused.value.queued
            actor.gate.set()
            assert await actor.ask(Echo(text="after")) == "after!"
            actor.close_inbox()
    assert actor.memory == ["fills the inbox", "after"]  # "never sent" never reached it


async def test_close_inbox_fails_queued_requests_with_stopped() -> None:
    actor = Parrot(inbox_size=8)
    outcomes: dict[int, object] = {}

    async def ask(i: int) -> None:
        try:
            outcomes[i] = await actor.ask(Echo(text=str(i)), timeout_s=5)
        except ActorStopped as exc:
            outcomes[i] = exc

    with anyio.fail_after(5):
        async with anyio.create_task_group() as tg:
            await tg.start(actor.run)
            tg.start_soon(_ask_block, actor)
            await actor.entered.wait()  # the actor is busy with Block
            for i in range(3):
                tg.start_soon(ask, i)
            await wait_all_tasks_blocked()  # the three askers are parked in the inbox
            assert actor.statistics().queue_depth == 3
            actor.close_inbox()
            assert actor.statistics().state == "stopping"
            actor.gate.set()
    assert all(isinstance(outcomes[i], ActorStopped) for i in range(3)), outcomes
    assert actor.lifecycle is Lifecycle.STOPPED and actor.stops == 1
    with anyio.fail_after(1), pytest.raises(ActorStopped):
        await actor.ask(Echo(text="late"))
    with pytest.raises(ActorStopped):
        await actor.tell(Echo(text="late"))
    assert actor.tell_nowait(Echo(text="late")) is False


async def _ask_block(actor: Parrot) -> None:
    assert await actor.ask(Block(), timeout_s=5) == "unblocked"  # in flight: finishes


async def test_cancelling_the_runner_fails_in_flight_request() -> None:
    actor = Parrot()
    result: list[BaseException] = []

    async def caller() -> None:
        try:
            await actor.ask(Block(), timeout_s=10)
        except ActorStopped as exc:
            result.append(exc)

    with anyio.fail_after(3):
        async with anyio.create_task_group() as outer:
            outer.start_soon(caller)
            async with anyio.create_task_group() as runner:
                await runner.start(actor.run)
                await actor.entered.wait()
                runner.cancel_scope.cancel()
    assert len(result) == 1 and isinstance(result[0], ActorStopped)
    assert actor.lifecycle is Lifecycle.STOPPED and actor.stops == 1
    with anyio.fail_after(1), pytest.raises(ActorStopped):
        await actor.ask(Echo(text="after"))


async def test_cancelling_the_runner_fails_queued_requests_too() -> None:
    actor = Parrot()
    errors: list[BaseException] = []

    async def caller(message: Message) -> None:
        try:
            await actor.ask(message, timeout_s=10)
        except ActorStopped as exc:
            errors.append(exc)

    with anyio.fail_after(3):
        async with anyio.create_task_group() as outer:
            async with anyio.create_task_group() as runner:
                await runner.start(actor.run)
                outer.start_soon(caller, Block())
                await actor.entered.wait()
                for i in range(4):
                    outer.start_soon(caller, Echo(text=str(i)))
                await wait_all_tasks_blocked()
                assert actor.statistics().queue_depth == 4
                runner.cancel_scope.cancel()
    assert len(errors) == 5


async def test_run_twice_is_an_error(running: Parrot) -> None:
    with pytest.raises(RuntimeError):
        await running.run()
    assert running.statistics().state == "running"
    with anyio.fail_after(2):
        assert await running.ask(Echo(text="still")) == "still!"


async def test_statistics_report_queue_depth() -> None:
    actor = Parrot(inbox_size=4)
    assert actor.statistics().queue_depth == 0 and actor.statistics().state == "new"
    for i in range(3):
        assert actor.tell_nowait(Echo(text=str(i)))
    assert actor.statistics().queue_depth == 3
    assert actor.tell_nowait(Echo(text="3"))
    assert actor.tell_nowait(Echo(text="4")) is False  # a full inbox refuses, never blocks
    with anyio.fail_after(2):
        async with anyio.create_task_group() as tg:
            await tg.start(actor.run)
            await wait_all_tasks_blocked()  # the actor drained its inbox and waits again
            assert actor.statistics().handled == 4
            assert actor.statistics().queue_depth == 0
            assert actor.memory == ["0", "1", "2", "3"]  # in order
            actor.close_inbox()


async def test_request_ids_differ_and_survive_the_trip(running: Parrot) -> None:
    a, b = Echo(text="a"), Echo(text="b")
    assert a.request_id != b.request_id and len(a.request_id) == 12
    with anyio.fail_after(2):
        assert await running.ask(a) == "a!"


class Busy(Actor):
    """Background work that is always due and takes longer than its interval each turn."""

    name = "busy"

    def __init__(self) -> None:
        super().__init__()
        self.turns = 0
        self.backlog = 10_000

    def idle_after(self) -> float | None:
        return 0.0 if self.backlog else None

    async def on_idle(self) -> None:
        self.turns += 1
        self.backlog -= 1
        await anyio.sleep(0.02)  # one small batch of work (not a synchronisation)

    async def handle(self, message: Message) -> Any:
        if isinstance(message, Echo):
            return message.text
        return await super().handle(message)


async def test_a_request_waits_behind_one_idle_turn_not_the_whole_backlog() -> None:
    """A timed receive with no time left is cancelled before it looks at the inbox: while the
    idle work was always due, a request waited until the whole backlog was done (``rebuild``'s
    last request, 60 s behind the re-embedding of 50,000 memories). Now a waiting request goes
    first, and the background work still gets its turns between requests."""
    actor = Busy()
    async with anyio.create_task_group() as tg:
        await tg.start(actor.run)
        with anyio.fail_after(5):  # the backlog alone is 200 s
            for i in range(40):
                assert await actor.ask(Echo(text=str(i)), timeout_s=1.0) == str(i)
        assert actor.backlog > 0 and actor.turns >= 2  # the background work went on
        actor.close_inbox()
    assert actor.backlog > 9_000


async def test_requests_without_pause_do_not_postpone_due_idle_work_forever() -> None:
    """Twenty callers asking without pause: the idle work still runs between their requests
    (every ``IDLE_YIELDS_TO`` requests at the latest)."""
    actor = Busy()
    async with anyio.create_task_group() as tg:
        await tg.start(actor.run)
        await wait_all_tasks_blocked()
        before = actor.turns

        async def caller(n: int) -> None:
            for i in range(20):
                await actor.ask(Echo(text=f"{n}.{i}"), timeout_s=5.0)

        with anyio.fail_after(10):
            async with anyio.create_task_group() as callers:
                for n in range(20):
                    callers.start_soon(caller, n)
        assert actor.turns - before >= 400 // 16 - 1
        actor.close_inbox()
