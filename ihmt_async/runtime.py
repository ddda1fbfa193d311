"""The runtime: opens a store, starts the four actors in one task group, stops them cleanly.

``ActorSystem`` is the generic part (start each actor with ``tg.start`` so a start-up failure
reaches the caller; on exit close inboxes in order so in-flight work completes and queued
requests fail with ``ActorStopped``; no task outlives the block). ``Runtime`` wires the memory
actors to one store: ingest → facts and consolidation; navigation reads on its own.
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
from actors.ingest.actor import IngestActor
from actors.navigation.actor import NavigationActor
from actors.provenance import Provenance
from store.atomic import clean_stray_temps
from store.config import Settings, load_settings, settings_from, write_settings
from store.locks import LockManager
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

    async def __aenter__(self) -> ActorSystem:
        if self._stack is not None:
            raise RuntimeError("this actor system is already running")
        stack = contextlib.AsyncExitStack()
        await stack.__aenter__()
        try:
            self._tg = await stack.enter_async_context(anyio.create_task_group())
            for actor in self.actors:
                await self._tg.start(actor.run)
        except BaseException:
            await stack.__aexit__(None, None, None)
            raise
        self._stack = stack
        return self

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


def open_store(home: Path | str | None = None) -> OpenedStore:
    """Create the directories (and a config file) if missing, clean a dead writer's debris."""
    layout = StoreLayout.at_home(home)
    layout.ensure()
    settings = load_settings(layout.config)
    if not layout.config.exists():
        # The file gets the defaults, not this process's IHMT_* overrides.
        write_settings(layout.config, settings_from({}, env={}))
    removed = clean_stray_temps(layout.root)
    if removed:
        log.info("store.stray_temps_removed", count=len(removed),
                 paths=[str(p) for p in removed])
    return OpenedStore(layout, settings, LockManager(layout.locks_dir,
                                                     default_timeout_s=settings.lock_timeout_s))


class Runtime:
    """The memory actors over one store, for the MCP server, the CLI and the tests."""

    def __init__(self, home: Path | str | None = None, *,
                 provenance: Provenance | None = None,
                 background_consolidation: bool = True) -> None:
        self.store = open_store(home)
        self.provenance = provenance or Provenance()
        layout, settings, locks = self.store.layout, self.store.settings, self.store.locks
        self.facts = FactsActor(layout, settings, locks)
        self.consolidation = ConsolidationActor(layout, settings, locks,
                                                background=background_consolidation)
        self.ingest = IngestActor(layout, settings, locks, self.facts, self.consolidation)
        self.navigation = NavigationActor(layout, settings, locks)
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
        await self._system.__aenter__()
        log.info("runtime.started", home=str(self.layout.home))
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None,
                        exc: BaseException | None, tb: TracebackType | None) -> bool | None:
        result = await self._system.__aexit__(exc_type, exc, tb)
        log.info("runtime.stopped")
        return result

    def statistics(self) -> list[ActorStatistics]:
        return self._system.statistics()
