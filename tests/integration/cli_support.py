"""Run ``python -m ihmt_async`` as a real process with a chosen HOME, IHMT_HOME and stdin."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


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
