"""A child Python process the tests talk to line by line over its pipes, every wait bounded.

Shared by the store and consolidation tests (their worker scripts differ, the talk does not):
the child prints a line when it reaches a point, the test answers "go", and nothing ever
synchronises by sleeping.
"""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any


class WorkerProcess:
    def __init__(self, script: Path, *args: str, env: dict[str, str] | None = None) -> None:
        self.stderr = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([sys.executable, str(script), *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, text=True, bufsize=1, env=env)
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

    def errors(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read()

    def expect(self, prefix: str, timeout_s: float = 30.0) -> str:
        """The next stdout line, which must start with ``prefix`` (fails instead of hanging)."""
        try:
            line = self.lines.get(timeout=timeout_s)
        except queue.Empty:
            raise AssertionError(f"child {self.pid} said nothing within {timeout_s}s\n"
                                 + self.errors()) from None
        if line is None or not line.startswith(prefix):
            raise AssertionError(f"child {self.pid}: expected {prefix!r}, got {line!r}\n"
                                 + self.errors())
        return line

    def send(self, line: str = "go") -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def finish(self, timeout_s: float = 60.0) -> None:
        code = self.proc.wait(timeout_s)
        if code != 0:
            raise AssertionError(f"child {self.pid} exited {code}:\n{self.errors()}")

    def result(self, timeout_s: float = 90.0) -> dict[str, Any]:
        """The JSON line the child ends with, once it has exited cleanly."""
        data: dict[str, Any] = json.loads(self.expect("{", timeout_s))
        self.finish(timeout_s)
        return data

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
