"""Run the real ``ihmt-async`` command line in a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.mcp_client import REPO


def run_cli(home: Path | None, *args: str, stdin: str | None = None,
            env: dict[str, str] | None = None, timeout: float = 120
            ) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(REPO), **(env or {})}
    environment.pop("IHMT_HOME", None)
    if home is not None:
        environment["IHMT_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "ihmt_async", *args], input=stdin,
                          capture_output=True, text=True, env=environment, cwd=str(REPO),
                          timeout=timeout, check=False)
