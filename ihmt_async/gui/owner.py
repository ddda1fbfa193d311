"""The one owner of the ``Runtime`` the GUI serves, so Set up can switch the store folder.

A runtime's task group must be entered and left by the same task, so the runtime lives in this
owner's ``run`` task (started in the GUI's task group); handlers ask it for the current runtime
and send it switch requests over a zero-buffer stream. Switching starts nothing half-way: the new
folder is opened (created) first, then the old runtime stops cleanly and the new one starts.
It must never be entered from a request handler's task.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import anyio
import structlog
from anyio.abc import TaskStatus

from actors.provenance import Provenance
from ihmt_async.runtime import Runtime, open_store
from store.errors import ActorStopped, IhmtError, InvalidArgument

log = structlog.get_logger("ihmt.gui")


@dataclass
class _Switch:
    home: Path
    done: anyio.Event = field(default_factory=anyio.Event)


def home_of(folder: str) -> Path:
    """The folder a person typed, as an absolute path (``~`` expanded), or a clear refusal."""
    raw = (folder or "").strip()
    if not raw:
        raise InvalidArgument("Give the folder of the store (its IHMT_HOME).")
    home = Path(raw).expanduser()
    if not home.is_absolute():
        raise InvalidArgument(f"Give an absolute folder path, not {raw!r}.")
    return home


class RuntimeOwner:
    """Runs one ``Runtime`` at a time; ``switch`` replaces it by one on another folder."""

    def __init__(self, home: Path | str | None, provenance: Provenance) -> None:
        self.home: Path | str | None = home
        self.provenance = provenance
        self._runtime: Runtime | None = None
        self._send, self._receive = anyio.create_memory_object_stream[_Switch](0)
        self._switching = anyio.Lock()

    @property
    def runtime(self) -> Runtime:
        if self._runtime is None:
            raise ActorStopped("store (it is being switched)")
        return self._runtime

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        home, pending, started = self.home, None, False
        async with self._receive:
            while True:
                async with Runtime(home, provenance=self.provenance) as runtime:
                    self._runtime, self.home = runtime, home
                    if not started:
                        started = True
                        task_status.started()
                    if pending is not None:
                        pending.done.set()
                    try:
                        pending = await self._receive.receive()
                    except anyio.EndOfStream:
                        self._runtime = None
                        return
                    self._runtime = None
                home = pending.home
                log.info("gui.store_switched", home=str(home))

    async def switch(self, folder: str) -> Path:
        """Open (or create) the store under ``folder`` and serve it from now on."""
        home = home_of(folder)
        try:
            await anyio.to_thread.run_sync(open_store, home)
        except OSError as exc:
            raise InvalidArgument(f"Cannot open or create a store in {home}: "
                                  f"{exc.strerror or exc}.") from None
        except IhmtError as exc:
            raise InvalidArgument(f"Cannot open the store in {home}: {exc}") from None
        async with self._switching:
            request = _Switch(home)
            await self._send.send(request)
            await request.done.wait()
        return home

    def close(self) -> None:
        """Stop after the current runtime (the ``run`` task then returns)."""
        self._send.close()
