"""Fixtures of the fact tests that run the real runtime over a temporary store."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from facts_runtime import Worker


@pytest.fixture
def home(store_home: Path) -> Path:
    """An empty IHMT_HOME (the shared ``store_home`` fixture, exported in the environment)."""
    return store_home


@pytest.fixture
def workers() -> Iterator[Callable[..., Worker]]:
    """Start worker processes; any still running at teardown is killed by its own handle."""
    started: list[Worker] = []

    def start(*args: str | Path | int) -> Worker:
        worker = Worker(*(str(a) for a in args))
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.close()
