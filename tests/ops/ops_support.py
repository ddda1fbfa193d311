"""Helpers for the operations tests: run the real CLI as a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


def run_cli(home: Path, *args: str, check: bool = True, timeout: float = 60.0
            ) -> subprocess.CompletedProcess[str]:
    """``python -m ihmt_async --home HOME ARGS`` in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "IHMT_LOG_STDERR": "0"}
    env.pop("IHMT_HOME", None)
    done = subprocess.run([sys.executable, "-m", "ihmt_async", "--home", str(home), *args],
                          capture_output=True, text=True, env=env, cwd=str(REPO),
                          timeout=timeout)
    if check and done.returncode != 0:
        raise AssertionError(f"{args} exited {done.returncode}\nstdout:\n{done.stdout}\n"
                             f"stderr:\n{done.stderr}")
    return done


def cli_json(home: Path, *args: str, check: bool = True) -> Any:
    done = run_cli(home, *args, "--json", check=check)
    return json.loads(done.stdout)


def dead_pid() -> int:
    """The pid of a process that has exited (and been reaped)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


