"""Store-level fixtures: a laid-out empty store and a private copy of the IHMT fixture store."""

from __future__ import annotations

import queue
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from store.paths import StoreLayout
from tests.fixture_paths import IHMT_STORE_FIXTURE

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


class Child:
    """One ``store_worker.py`` process with line-based, deadline-bounded talk over its pipes."""

    def __init__(self, *args: str) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen(
            [sys.executable, str(WORKER), *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=self.stderr, text=True, bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self._pump = threading.Thread(target=self._read_stdout, daemon=True)
        self._pump.start()

    def _read_stdout(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    @property
    def pid(self) -> int:
        return self.proc.pid

    def expect(self, prefix: str, timeout_s: float = 30.0) -> str:
        """The next stdout line, which must start with ``prefix`` (fails instead of hanging)."""
        try:
            line = self.lines.get(timeout=timeout_s)
        except queue.Empty:
            raise AssertionError(f"child {self.pid} said nothing within {timeout_s}s") from None
        if line is None or not line.startswith(prefix):
            raise AssertionError(f"child {self.pid}: expected {prefix!r}, got {line!r}\n"
                                 + self.errors())
        return line

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()

    def send(self, line: str = "go") -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout_s: float = 60.0) -> None:
        code = self.proc.wait(timeout_s)
        if code != 0:
            raise AssertionError(f"child {self.pid} exited {code}:\n{self.errors()}")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def close(self) -> None:
        self.kill()
        self._pump.join(5)
        for stream in (self.proc.stdin, self.proc.stdout, self.stderr):
            if stream is not None:
                stream.close()


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
