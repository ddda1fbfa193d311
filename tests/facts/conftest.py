"""Fixtures of the fact tests that run the real runtime over a temporary store."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

WORKER = Path(__file__).with_name("facts_worker.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def home(store_home: Path) -> Path:
    """An empty IHMT_HOME (the shared ``store_home`` fixture, exported in the environment)."""
    return store_home


class Worker:
    """One ``facts_worker.py`` process; stderr goes to a temporary file for failure reports."""

    def __init__(self, *args: str) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [sys.executable, str(WORKER), *args], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.stderr, text=True, bufsize=1,
        )

    def expect(self, prefix: str) -> str:
        """The next stdout line; it must start with ``prefix`` (EOF fails, it does not hang)."""
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().rstrip("\n")
        if not line.startswith(prefix):
            raise AssertionError(f"worker {self.proc.pid}: expected {prefix!r}, got {line!r}\n"
                                 + self.errors())
        return line

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()[-4000:]

    def finish(self, timeout_s: float) -> None:
        code = self.proc.wait(timeout_s)
        if code != 0:
            raise AssertionError(f"worker {self.proc.pid} exited {code}:\n{self.errors()}")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)
        for stream in (self.proc.stdin, self.proc.stdout, self.stderr):
            if stream is not None:
                stream.close()


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
