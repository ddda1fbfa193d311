"""Run ``python -m ihmt_async`` as a real process with a chosen HOME, IHMT_HOME and stdin, or
with its stderr on a pseudo-terminal (``on_terminal``)."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
RUN_TIMEOUT_S = 240.0


def run_cli(*args: str, home: Path | None = None, store: Path | None = None,
            stdin: str | None = None, cwd: Path | None = None, extra_env: dict[str, str] | None
            = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("IHMT_HOME", "IHMT_PROJECT")}
    env.update({"PYTHONPATH": str(REPO), "IHMT_LOG_STDERR": "0"})
    if home is not None:
        env["HOME"] = str(home)
        env.pop("XDG_CONFIG_HOME", None)
        env.pop("CODEX_HOME", None)
    if store is not None:
        env["IHMT_HOME"] = str(store)
    env.update(extra_env or {})
    return subprocess.run([sys.executable, "-m", "ihmt_async", *args], input=stdin,
                          capture_output=True, text=True, env=env, cwd=str(cwd or REPO),
                          timeout=120, check=False)


@dataclass(frozen=True)
class Run:
    returncode: int
    stdout: str
    stderr_lines: list[str]
    """The terminal's stderr split at every carriage return and newline (redrawn lines too),
    padding stripped."""


def environment(home: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("IHMT_HOME", "IHMT_PROJECT", "IHMT_LOG_STDERR", "IHMT_LOG_LEVEL",
                        "IHMT_BRANCH_FACTOR")}
    env.update({"PYTHONPATH": str(REPO), "IHMT_HOME": str(home), **extra})
    return env


def on_terminal(home: Path, *args: str, **extra: str) -> Run:
    """Run the CLI with stderr on a pseudo-terminal and stdout on a pipe."""
    main_side, terminal = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "ihmt_async", *args],
                               stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=terminal,
                               env=environment(home, **extra), cwd=str(REPO))
    os.close(terminal)
    chunks: list[bytes] = []
    deadline = time.monotonic() + RUN_TIMEOUT_S
    try:
        while True:
            ready, _, _ = select.select([main_side], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                raise AssertionError(f"ihmt-async {' '.join(args)} did not finish")
            try:
                chunk = os.read(main_side, 4096)
            except OSError:  # the terminal closed: the process is done writing
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(main_side)
        if process.poll() is None and time.monotonic() > deadline:
            process.kill()
    assert process.stdout is not None
    stdout = process.stdout.read().decode()
    process.stdout.close()
    returncode = process.wait(timeout=RUN_TIMEOUT_S)
    text = b"".join(chunks).decode()
    lines = [line.rstrip() for line in re.split(r"[\r\n]", text) if line.strip()]
    return Run(returncode, stdout, lines)
