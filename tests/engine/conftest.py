"""Engine-test fixtures: child processes running ``engine_worker.py``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.worker_process import WorkerProcess

WORKER = Path(__file__).with_name("engine_worker.py")


@pytest.fixture
def spawn() -> Iterator[Callable[..., WorkerProcess]]:
    """Start engine workers; every one still running at teardown is killed (by its pid)."""
    started: list[WorkerProcess] = []

    def start(*args: str | Path | int) -> WorkerProcess:
        child = WorkerProcess(WORKER, *(str(a) for a in args))
        started.append(child)
        return child

    yield start
    for child in started:
        child.close()
