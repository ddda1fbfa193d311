"""The runtime: opens a store, starts the four actors in one task group, stops them cleanly.

``ActorSystem`` is the generic part (start each actor with ``tg.start`` so a start-up failure
reaches the caller; on exit close inboxes in order so in-flight work completes and queued
requests fail with ``ActorStopped``; no task outlives the block). Start-up is composed with an
``AsyncExitStack`` and ``pop_all``: a failure starting the third actor cancels the first two and
re-raises, so a caller never waits on a half-started system.

``Runtime`` wires the memory actors to one store: ingest → facts and consolidation; navigation
reads on its own. Before the actors start, ``prepare_store`` makes the database current, cheaply:
a stat and two small queries on a healthy store; event lines the database missed are applied
and saves killed before their commit undone (``store.engine``); a store of an earlier version or
of IHMT is migrated (``store.migrate``); a store whose ``state/`` was deleted is rebuilt from
its files. A damaged database is refused with a message naming ``ihmt-async rebuild``. Opening
a store that does not exist creates nothing: the first save does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import anyio
import structlog
from anyio.abc import TaskGroup

from actors.base import Actor, ActorStatistics
from actors.consolidation.actor import ConsolidationActor
from actors.facts.actor import FactsActor
from actors.facts.index import fact_row
from actors.ingest.actor import IngestActor
from actors.navigation.actor import NavigationActor
from actors.provenance import Provenance
from store.config import Settings, load_settings, settings_from, write_settings
from store.db import connect
from store.engine import Engine
from store.errors import StoreIOError
from store.locks import LockManager
from store.migrate import legacy_files, migrate
from store.paths import StoreLayout

log = structlog.get_logger("ihmt.runtime")


class ActorSystem:
    """Start actors in one task group; stop them in the given order."""

    def __init__(self, actors: Sequence[Actor], *, stop_order: Sequence[Actor] | None = None,
                 stop_timeout_s: float = 10.0) -> None:
        self.actors = list(actors)
        self.stop_order = list(stop_order) if stop_order is not None else list(reversed(actors))
        self.stop_timeout_s = stop_timeout_s
        self._stack: contextlib.AsyncExitStack | None = None
        self._tg: TaskGroup | None = None
        self._started = False

    async def __aenter__(self) -> ActorSystem:
        if self._stack is not None:
            raise RuntimeError("this actor system is already running")
        try:
            await self._start_all()
        except BaseExceptionGroup as group:
            # The task group wraps the one start-up failure; the caller gets the failure itself.
            if len(group.exceptions) == 1:
                raise group.exceptions[0] from None
            raise
        return self

    async def _start_all(self) -> None:
        async with contextlib.AsyncExitStack() as stack:
            self._tg = await stack.enter_async_context(anyio.create_task_group())
            # If a start fails, leaving this block cancels the task group: the actors already
            # started stop, and the failure is re-raised to the caller.
            stack.push_async_callback(self._cancel_on_failure)
            for actor in self.actors:
                try:
                    await self._tg.start(actor.run)
                except BaseException as exc:
                    log.error("runtime.actor_start_failed", actor=actor.name, error=str(exc),
                              error_type=type(exc).__name__)
                    raise
            self._started = True
            self._stack = stack.pop_all()

    async def _cancel_on_failure(self) -> None:
        if not self._started and self._tg is not None:
            self._tg.cancel_scope.cancel()

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        stack, self._stack = self._stack, None
        assert stack is not None
        if exc_type is None:
            with anyio.move_on_after(self.stop_timeout_s, shield=True) as scope:
                for actor in self.stop_order:
                    actor.close_inbox()
                    await actor.wait_stopped()
            if scope.cancelled_caught and self._tg is not None:
                self._tg.cancel_scope.cancel()
        elif self._tg is not None:
            self._tg.cancel_scope.cancel()
        return await stack.__aexit__(exc_type, exc, tb)

    def statistics(self) -> list[ActorStatistics]:
        return [a.statistics() for a in self.actors]


@dataclass(frozen=True)
class OpenedStore:
    layout: StoreLayout
    settings: Settings
    locks: LockManager


def open_store(home: Path | str | None = None, *, create: bool = True) -> OpenedStore:
    """The store at ``home``; with ``create`` its directories and config file are made.

    Without ``create`` nothing is written: a server opens the store this way and the first save
    creates it. Temp-file debris is cleaned by the consolidation pass, off the start-up path.
    """
    layout = StoreLayout.at_home(home)
    settings = load_settings(layout.config)
    if create:
        layout.ensure()
        if not layout.config.exists():
            # The file gets the defaults, not this process's IHMT_* overrides.
            write_settings(layout.config, settings_from({}, env={}))
    return OpenedStore(layout, settings, LockManager(layout.locks_dir,
                                                     default_timeout_s=settings.lock_timeout_s))


def _has_memory_files(layout: StoreLayout) -> bool:
    if layout.events_file.exists():
        return True
    try:
        return any(any(d.iterdir()) for d in layout.leaves_dir.iterdir() if d.is_dir())
    except FileNotFoundError:
        return False


def prepare_store(store: OpenedStore) -> str:
    """Make the database current before any actor reads it; returns what was done.

    Cheap on a healthy store. Raises ``DamagedDatabase`` (with what to do) when the database
    file cannot be read.
    """
    layout, locks = store.layout, store.locks
    engine = Engine(layout, rebuilding=True)  # a migration derives the database too
    try:
        if legacy_files(layout):
            with locks.hold_sync("catalog", "facts", actor="migrate"):
                if legacy_files(layout):
                    migrate(layout, engine, fact_row)
            return "migrated"
        if layout.database.exists():
            conn = connect(layout, create=False)  # raises DamagedDatabase on a damaged file
            if conn is not None:
                conn.close()
            if not engine.needs_recovery():
                return "ready"
            try:
                with locks.hold_sync("catalog", "facts", actor="recover"):
                    engine.recover()
            except StoreIOError as exc:
                # A full, read-only or foreign disk refuses the recovery's writes. What it
                # would do is kept in durable records (event lines, pending rows), so waiting
                # loses nothing: the store is served as committed, and the facts actor's
                # maintenance recovers once the disk allows (doctor lists the leftovers).
                log.warning("store.recovery_deferred", error=str(exc),
                            error_type=type(exc).__name__)
                return "recovery_deferred"
            return "recovered"
        if _has_memory_files(layout):
            from ihmt_async.maintenance import rebuild_store

            report = rebuild_store(layout, locks)
            log.warning("store.rebuilt_on_start", reason="the database was missing",
                        entries=report.entries, facts=report.facts.facts)
            return "rebuilt"
        return "empty"
    finally:
        engine.close()


class Runtime:
    """The memory actors over one store, for the MCP server, the CLI and the tests."""

    def __init__(self, home: Path | str | None = None, *,
                 provenance: Provenance | None = None,
                 background_consolidation: bool = True, vectors: bool = True,
                 warm_saves: bool = False) -> None:
        """``vectors=False``: a process that will not search (the session-start brief) does
        not load the stored vectors and the sentence model. ``warm_saves`` (a server): the
        save path's patterns are built in the background after start, not by the first
        save (``IngestActor``)."""
        self.store = open_store(home, create=False)
        self.provenance = provenance or Provenance()
        layout, settings, locks = self.store.layout, self.store.settings, self.store.locks
        self.facts = FactsActor(layout, settings, locks)
        self.consolidation = ConsolidationActor(layout, settings, locks,
                                                background=background_consolidation)
        self.navigation = NavigationActor(layout, settings, locks)
        self.navigation.warm_vectors = vectors
        self.ingest = IngestActor(layout, settings, locks, self.facts, self.consolidation,
                                  self.navigation, warm=warm_saves)
        # Start what saves talk to first; stop saves first so in-flight ones can finish.
        self._system = ActorSystem(
            [self.facts, self.consolidation, self.navigation, self.ingest],
            stop_order=[self.ingest, self.facts, self.navigation, self.consolidation],
        )

    @property
    def layout(self) -> StoreLayout:
        return self.store.layout

    @property
    def settings(self) -> Settings:
        return self.store.settings

    async def __aenter__(self) -> Runtime:
        state = await anyio.to_thread.run_sync(prepare_store, self.store)
        await self._system.__aenter__()
        log.info("runtime.started", home=str(self.layout.home), store=state)
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        result = await self._system.__aexit__(exc_type, exc, tb)
        log.info("runtime.stopped")
        return result

    def statistics(self) -> list[ActorStatistics]:
        return self._system.statistics()
