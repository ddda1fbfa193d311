"""Engine-test fixtures: child processes running ``engine_worker.py``; a small tmpfs (root)."""

from __future__ import annotations

import os
import subprocess
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


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    mount = tmp_path / "small-disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=6m,mode=0700", "tmpfs",
                           str(mount)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], capture_output=True)
