"""Consolidation fixtures: an opened store, fast builders, and worker processes by pid."""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ihmt_async.runtime import OpenedStore, open_store

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


class Worker:
    """One ``consolidation_worker.py`` process; every wait has a deadline."""

    def __init__(self, *args: str, env: dict[str, str] | None = None) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([sys.executable, str(WORKER), *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True, bufsize=1, env=env)
        self.lines: queue.Queue[str | None] = queue.Queue()
        self._pump = threading.Thread(target=self._read, daemon=True)
        self._pump.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()

    def expect(self, prefix: str, timeout_s: float = 60.0) -> str:
        try:
            line = self.lines.get(timeout=timeout_s)
        except queue.Empty:
            raise AssertionError(f"worker {self.proc.pid} silent for {timeout_s}s\n"
                                 + self.errors()) from None
        if line is None or not line.startswith(prefix):
            raise AssertionError(f"worker {self.proc.pid}: expected {prefix!r}, got {line!r}\n"
                                 + self.errors())
        return line

    def result(self, timeout_s: float = 90.0) -> dict[str, Any]:
        data: dict[str, Any] = json.loads(self.expect("{", timeout_s))
        code = self.proc.wait(timeout_s)
        assert code == 0, f"worker {self.proc.pid} exited {code}\n{self.errors()}"
        return data

    def go(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("go\n")
        self.proc.stdin.flush()

    def kill(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        return self.proc.wait(10)

    def close(self) -> None:
        self.kill()
        self._pump.join(5)
        for stream in (self.proc.stdin, self.proc.stdout, self.stderr):
            if stream is not None:
                stream.close()


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
