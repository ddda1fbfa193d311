"""The actor shape every worker shares: a bounded inbox, request/reply, restart, drain.

An actor owns its state and an anyio memory-object inbox. Other code reaches it only through
``ask`` (a request with a reply slot, awaited with a timeout) and ``tell`` (a message with no
reply). The runtime supervises: if ``handle`` raises something that is not an ``IhmtError``,
the request gets an ``ActorCrashed`` reply, the actor's ``recover`` rebuilds its state and the
loop goes on; nobody waits forever. Restarts are budgeted (``max_restarts`` per
``restart_window_s``): an actor that keeps crashing stops with ``ActorGaveUp``, which every
later request receives too, instead of spinning through restarts. On stop the inbox closes, and
every request still queued is failed with ``ActorStopped``.

Messages carry a ``request_id`` (anyio streams do not carry contextvars) which the actor binds
for its logs. This module knows nothing about memories.
"""

from __future__ import annotations

import dataclasses
import enum
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

import anyio
import structlog
from anyio.abc import TaskStatus
from anyio.streams.memory import MemoryObjectSendStream

from store.errors import ActorCrashed, ActorGaveUp, ActorStopped, ActorTimeout, IhmtError

R = TypeVar("R")


IDLE_YIELDS_TO = 16
"""Requests served in a row, while background work (``on_idle``) is due, before it gets its
turn: a request waits behind at most one idle turn (one small batch), and a client asking
without pause postpones the background work by at most this many requests (the default inbox
size, so what was queued when the turn came is served first)."""


def new_request_id() -> str:
    return uuid.uuid4().hex[:12]


def current_request_id() -> str:
    """The request id bound by the caller (the tool edge), or a new one."""
    bound = structlog.contextvars.get_contextvars().get("request_id")
    return str(bound) if bound else new_request_id()


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """What came back on a reply slot: a value or an error."""

    value: R | None = None
    error: BaseException | None = None

    def unwrap(self) -> R:
        if self.error is not None:
            raise self.error
        return self.value  # type: ignore[return-value]


@dataclass(frozen=True)
class ReplySlot:
    """A one-shot channel back to the caller."""

    send: MemoryObjectSendStream[Outcome[Any]]

    def deliver(self, outcome: Outcome[Any]) -> None:
        try:
            self.send.send_nowait(outcome)
        except (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.WouldBlock):
            pass  # the caller gave up (timeout or cancellation); nobody to tell
        finally:
            self.send.close()


@dataclass(frozen=True, kw_only=True)
class Message:
    """Base of every actor message."""

    request_id: str = field(default_factory=current_request_id)
    """Travels with the message so the receiving actor can bind it for its logs."""
    reply: ReplySlot | None = field(default=None, compare=False, repr=False)
    """Set by ``ask``; None for ``tell``."""


class Lifecycle(enum.Enum):
    NEW = "new"
    RUNNING = "running"
    STOPPING = "stopping"
    STOPPED = "stopped"


@dataclass(frozen=True)
class ActorStatistics:
    """A snapshot for the monitor and the tests."""

    name: str
    state: str
    queue_depth: int
    handled: int
    failed: int
    restarts: int
    last_error: str | None


class Actor:
    """Subclasses implement ``handle`` (and may override ``start`` / ``recover`` / ``stop``)."""

    name = "actor"

    def __init__(self, *, inbox_size: int = 16, request_timeout_s: float = 60.0,
                 max_restarts: int = 5, restart_window_s: float = 60.0) -> None:
        self._send, self._inbox = anyio.create_memory_object_stream[Message](inbox_size)
        self.request_timeout_s = request_timeout_s
        self.max_restarts = max_restarts
        """Restarts (or failed recoveries) allowed within ``restart_window_s`` before giving up."""
        self.restart_window_s = restart_window_s
        self._restart_times: deque[float] = deque()
        self._gave_up: ActorGaveUp | None = None
        self.lifecycle = Lifecycle.NEW
        self._handled = 0
        self._failed = 0
        self._restarts = 0
        self._last_error: str | None = None
        self._stopped: anyio.Event | None = None
        self.log = structlog.get_logger(f"ihmt.{self.name}").bind(actor=self.name)

    # ------------------------------------------------------------------ hooks

    async def start(self) -> None:
        """Load state before the first message; failures here reach the runtime's caller."""

    async def recover(self) -> None:
        """Rebuild state after a crash. Default: run ``start`` again."""
        await self.start()

    async def stop(self) -> None:
        """Last words after the inbox closed (flush, release)."""

    async def handle(self, message: Message) -> Any:
        raise TypeError(f"{self.name} cannot handle {type(message).__name__}")

    def idle_after(self) -> float | None:
        """Seconds of an empty inbox after which ``on_idle`` runs; None waits forever.

        This is how an actor debounces (consolidation's quiet period) without a task of its
        own: the timer is the receive timeout of its one loop.
        """
        return None

    async def on_idle(self) -> None:
        """Background work when the inbox stayed empty for ``idle_after`` seconds."""

    # ------------------------------------------------------------------ callers

    async def ask(self, message: Message, *, timeout_s: float | None = None) -> Any:
        """Send a request and wait for its reply (or a typed error)."""
        timeout = self.request_timeout_s if timeout_s is None else timeout_s
        send, receive = anyio.create_memory_object_stream[Outcome[Any]](1)
        request = dataclasses.replace(message, reply=ReplySlot(send))
        queued = False
        with receive:
            with anyio.move_on_after(timeout) as scope:
                try:
                    await self._send.send(request)
                except (anyio.ClosedResourceError, anyio.BrokenResourceError):
                    send.close()
                    raise self._stopped_error() from None
                queued = True
                try:
                    outcome = await receive.receive()
                except anyio.EndOfStream:
                    raise self._stopped_error() from None
            if scope.cancelled_caught:
                if not queued:
                    send.close()  # the reply slot never reached the actor
                raise ActorTimeout(self.name, timeout, queued=queued)
        return outcome.unwrap()

    def tell_nowait(self, message: Message) -> bool:
        """Post a message without waiting; False when the inbox is full or closed.

        Only for idempotent hints (a Nudge): dropping one when the inbox is full loses nothing,
        because the queued messages already make the actor do the same work.
        """
        try:
            self._send.send_nowait(message)
            return True
        except (anyio.WouldBlock, anyio.ClosedResourceError, anyio.BrokenResourceError):
            return False

    async def tell(self, message: Message) -> None:
        try:
            await self._send.send(message)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError):
            raise self._stopped_error() from None

    def _stopped_error(self) -> ActorStopped:
        return self._gave_up if self._gave_up is not None else ActorStopped(self.name)

    def statistics(self) -> ActorStatistics:
        return ActorStatistics(
            name=self.name, state=self.lifecycle.value,
            queue_depth=self._inbox.statistics().current_buffer_used,
            handled=self._handled, failed=self._failed, restarts=self._restarts,
            last_error=self._last_error,
        )

    async def wait_stopped(self) -> None:
        """Wait until the loop has ended (after ``close_inbox`` or cancellation)."""
        if self._stopped is not None:
            await self._stopped.wait()

    def close_inbox(self) -> None:
        """Stop accepting messages; the loop drains what is queued and ends."""
        if self.lifecycle is Lifecycle.RUNNING:
            self.lifecycle = Lifecycle.STOPPING
        self._send.close()

    # ------------------------------------------------------------------ the loop

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """Serve the inbox until it closes; the runtime starts this with ``tg.start``."""
        if self.lifecycle is not Lifecycle.NEW:
            raise RuntimeError(f"actor {self.name} was already started")
        self._stopped = anyio.Event()
        try:
            await self.start()
        except BaseException:
            self._send.close()
            self._drain()
            self._inbox.close()
            self.lifecycle = Lifecycle.STOPPED
            self._stopped.set()
            raise
        self.lifecycle = Lifecycle.RUNNING
        task_status.started()
        overdue = 0  # requests served in a row while the background work was due
        try:
            while True:
                wait_s = self.idle_after()
                try:
                    if wait_s is None:
                        message = await self._inbox.receive()
                    elif wait_s <= 0:
                        # Background work is due. A request already waiting goes first, up to
                        # IDLE_YIELDS_TO in a row. (A timed receive with no time left is
                        # cancelled at its first checkpoint, before it looks at the buffer: an
                        # idle turn longer than the actor's interval starved the inbox until
                        # the background work ran out, and ``ihmt-async rebuild``'s last
                        # request waited 60 s behind the re-embedding of 50,000 memories.)
                        await anyio.lowlevel.checkpoint()  # a loop that never waits, else
                        waiting = self._waiting() if overdue < IDLE_YIELDS_TO else None
                        if waiting is None:
                            overdue = 0
                            await self._idle()
                            if self._gave_up is not None:
                                break
                            continue
                        overdue += 1
                        message = waiting
                    else:
                        with anyio.move_on_after(wait_s):
                            message = await self._inbox.receive()
                            wait_s = None
                        if wait_s is not None:
                            overdue = 0
                            await self._idle()
                            if self._gave_up is not None:
                                break
                            continue
                except anyio.EndOfStream:
                    break
                if self.lifecycle is not Lifecycle.RUNNING:
                    self._fail(message, self._stopped_error())
                    continue
                await self._serve_one(message)
                if self._gave_up is not None:
                    break
        finally:
            self.lifecycle = Lifecycle.STOPPING
            self._drain()
            self._inbox.close()
            self._send.close()  # else a loop ended by cancellation leaves an unclosed stream
            with anyio.move_on_after(5, shield=True):
                try:
                    await self.stop()
                except Exception as exc:  # a failing stop must not hide the real exit
                    self.log.error("actor.stop_failed", error=repr(exc))
            self.lifecycle = Lifecycle.STOPPED
            if self._stopped is not None:
                self._stopped.set()

    def _waiting(self) -> Message | None:
        """The next request already in the inbox, or None (never waits)."""
        try:
            return self._inbox.receive_nowait()
        except anyio.WouldBlock:
            return None

    async def _serve_one(self, message: Message) -> None:
        started = time.perf_counter()
        depth = self._inbox.statistics().current_buffer_used
        with structlog.contextvars.bound_contextvars(request_id=message.request_id,
                                                     queue_depth=depth):
            try:
                result = await self.handle(message)
            except IhmtError as exc:
                self._failed += 1
                self._last_error = str(exc)
                self._reply(message, Outcome(error=exc))
            except Exception as exc:  # the crash path: reply, log, restart, carry on
                self._failed += 1
                self._restarts += 1
                self._last_error = f"{type(exc).__name__}: {exc}"
                self.log.error("actor.crashed", message=type(message).__name__,
                               error=self._last_error, exc_info=True)
                if not self._restart_left():
                    self._give_up()  # this reply says so, instead of "restarted"
                    self._reply(message, Outcome(error=self._stopped_error()))
                else:
                    self._reply(message, Outcome(error=ActorCrashed(self.name, exc)))
                    await self._restart()
            except anyio.get_cancelled_exc_class():
                self._reply(message, Outcome(error=ActorStopped(self.name)))
                raise
            else:
                self._handled += 1
                self._reply(message, Outcome(value=result))
            finally:
                self.log.debug("actor.handled", message=type(message).__name__,
                               duration_ms=round((time.perf_counter() - started) * 1000, 2))

    async def _idle(self) -> None:
        try:
            await self.on_idle()
        except IhmtError as exc:
            self._last_error = str(exc)
            self.log.warning("actor.idle_failed", error=str(exc))
        except Exception as exc:
            self._restarts += 1
            self._last_error = f"{type(exc).__name__}: {exc}"
            self.log.error("actor.crashed", message="idle", error=self._last_error,
                           exc_info=True)
            await self._restart()

    async def _restart(self) -> None:
        """Recover, within the restart budget; past it, stop the actor with ``ActorGaveUp``."""
        delay = 0.05
        while self._take_restart():
            try:
                await self.recover()
                self.log.warning("actor.restarted", restarts=self._restarts)
                return
            except Exception as exc:
                self._last_error = f"recover: {type(exc).__name__}: {exc}"
                self.log.error("actor.recover_failed", error=repr(exc))
                await anyio.sleep(delay)
                delay = min(delay * 2, 2.0)
        self._give_up()

    def _give_up(self) -> None:
        self._gave_up = ActorGaveUp(self.name, len(self._restart_times), self.restart_window_s,
                                    self._last_error or "unknown")
        self.log.error("actor.gave_up", restarts=len(self._restart_times),
                       window_s=self.restart_window_s, error=self._last_error)
        self.lifecycle = Lifecycle.STOPPING
        self._send.close()  # later asks get ActorGaveUp; the loop drains what is queued

    def _restart_left(self) -> bool:
        """Whether the sliding window still has a restart to spend."""
        now = time.monotonic()
        while self._restart_times and now - self._restart_times[0] > self.restart_window_s:
            self._restart_times.popleft()
        return len(self._restart_times) < self.max_restarts

    def _take_restart(self) -> bool:
        """Spend one restart from the budget; False when none is left."""
        if not self._restart_left():
            return False
        self._restart_times.append(time.monotonic())
        return True

    def _reply(self, message: Message, outcome: Outcome[Any]) -> None:
        if message.reply is not None:
            message.reply.deliver(outcome)

    def _fail(self, message: Message, error: BaseException) -> None:
        self._reply(message, Outcome(error=error))

    def _drain(self) -> None:
        while True:
            try:
                message = self._inbox.receive_nowait()
            except (anyio.WouldBlock, anyio.EndOfStream, anyio.ClosedResourceError):
                return
            self._fail(message, self._stopped_error())


async def call_in_thread(func: Callable[..., R], *args: Any) -> R:
    """Run blocking file work off the event loop (cancellation waits for the thread)."""
    return await anyio.to_thread.run_sync(func, *args)

