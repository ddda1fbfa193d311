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


def leave_pending_leaf(home: Path, leaf_id: str) -> None:
    """A save killed (or refused) between its leaf file and its commit: the file written in
    the ``general`` domain and the pending row naming it, held by a process that is gone."""
    from store.db import transaction
    from store.engine import Engine
    from store.leaf_format import render_leaf
    from store.paths import StoreLayout

    layout = StoreLayout.at_home(home)
    path = layout.leaf_path("general", leaf_id)
    path.parent.mkdir(mode=0o700, exist_ok=True)
    path.write_text(render_leaf({"leaf_id": leaf_id, "domain": "general"}, "Half a save.\n"),
                    encoding="utf-8")
    engine = Engine(layout)
    with transaction(engine.connection(), layout.database) as tx:
        tx.pending([(leaf_id, layout.leaf_relpath("general", leaf_id))], dead_pid())
    engine.close()
