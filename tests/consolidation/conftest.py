"""Consolidation fixtures: an opened store, fast builders, and worker processes by pid."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from ihmt_async.runtime import OpenedStore, open_store
from tests.worker_process import WorkerProcess

WORKER = Path(__file__).with_name("consolidation_worker.py")


@pytest.fixture
def opened(store_home: Path) -> OpenedStore:
    return open_store(store_home)


@pytest.fixture
def quiet_s(monkeypatch: pytest.MonkeyPatch) -> float:
    """A short quiet period for background consolidation (read when a Runtime opens)."""
    value = 0.1
    monkeypatch.setenv("IHMT_CONSOLIDATION_QUIET_S", str(value))
    return value


class Worker(WorkerProcess):
    """One ``consolidation_worker.py`` process."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        super().__init__(WORKER, *args, env=env)

    def go(self) -> None:
        self.send("go")


@pytest.fixture
def spawn() -> Iterator[Callable[..., Worker]]:
    """Start workers; any still running at teardown is killed by its own pid."""
    started: list[Worker] = []

    def start(*args: str | Path | int, env: dict[str, str] | None = None) -> Worker:
        worker = Worker(*(str(a) for a in args), env=env)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.close()
