"""Live figures for the GUI: the monitor's aggregator over the store's JSON log.

One ``LiveLog`` per store: at first use it reads the rotated backups and the whole current log
(so the page opens with figures), then each snapshot takes in what was appended since, through
the monitor's ``LogFollower`` (rotation-safe, aiofiles). Parsing and aggregation are
``ihmt_async.monitor``'s; this module only decides when to read. It must never write the log or
touch the store's data.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import anyio

from ihmt_async import monitor
from store.paths import StoreLayout


class LiveLog:
    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._aggregator = monitor.Aggregator()
        self._follower: monitor.LogFollower | None = None
        self._lock = anyio.Lock()

    async def _poll(self) -> None:
        if self._follower is None:
            for path in monitor.replay_files(self.layout.log_file):
                self._aggregator.add_lines(await monitor.read_whole(path))
            follower = monitor.LogFollower(self.layout.log_file, from_end=False)
            self._follower = await follower.__aenter__()
        self._aggregator.add_lines(await self._follower.poll())

    async def snapshot(self) -> dict[str, Any]:
        async with self._lock:
            await self._poll()
            snap = self._aggregator.snapshot(dt.datetime.now(dt.UTC))
        snap["log_file"] = str(self.layout.log_file)
        return snap

    async def aclose(self) -> None:
        if self._follower is not None:
            follower, self._follower = self._follower, None
            await follower.aclose()
