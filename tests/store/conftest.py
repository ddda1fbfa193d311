"""Store-level fixtures: a laid-out empty store and a private copy of the IHMT fixture store."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from store.locks import LockManager
from store.paths import StoreLayout
from tests.fixture_paths import IHMT_STORE_FIXTURE
from tests.worker_process import WorkerProcess

FIXTURE_HOME = IHMT_STORE_FIXTURE


@pytest.fixture
def layout(store_home: Path) -> StoreLayout:
    lay = StoreLayout.at_home(store_home)
    lay.ensure()
    return lay


@pytest.fixture
def ihmt_copy(tmp_path: Path) -> StoreLayout:
    """The IHMT-written sample store, copied (the shared fixture is read-only)."""
    assert FIXTURE_HOME.exists(), f"missing fixture {FIXTURE_HOME}"
    home = tmp_path / "ihmt-fixture"
    shutil.copytree(FIXTURE_HOME, home)
    return StoreLayout.at_home(home)


WORKER = Path(__file__).with_name("store_worker.py")


class Child(WorkerProcess):
    """One ``store_worker.py`` process."""

    def __init__(self, *args: str) -> None:
        super().__init__(WORKER, *args)


@pytest.fixture
def spawn() -> Iterator[Callable[..., Child]]:
    """Start worker processes; every one still running at teardown is killed (by its pid)."""
    started: list[Child] = []

    def start(*args: str | Path | int) -> Child:
        child = Child(*(str(a) for a in args))
        started.append(child)
        return child

    yield start
    for child in started:
        child.close()


@pytest.fixture
def hold(spawn: Callable[..., Child], layout: StoreLayout) -> Callable[..., Child]:
    """Start a worker process holding the named locks; returns once it holds them."""
    def start(*names: str) -> Child:
        child = spawn("hold", layout.home, *names)
        child.expect("held")
        return child

    return start


@pytest.fixture
def locks(layout: StoreLayout) -> LockManager:
    return LockManager(layout.locks_dir, default_timeout_s=5.0)
