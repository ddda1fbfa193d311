"""Set up: preview and apply an agent's registration through ``ihmt-async install``.

The GUI does not know how each agent is registered; the ``install`` command does. It runs as a
subprocess with this interpreter, ``--json`` (one JSON object on stdout: agent, scope, applied,
changes with action, path, summary, detail), on the store the GUI serves (``IHMT_HOME``). A
command that fails, times out or prints something else comes back as an error with the
command's own text, so the page can show it as it is. It must never edit an agent's files itself.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio

from ihmt_async.install.core import AGENTS as AGENTS
from ihmt_async.install.core import SCOPES as SCOPES
from store.errors import InvalidArgument, UnknownOption

ACTIONS = ("create", "edit", "run", "unchanged")
INSTALL_TIMEOUT_S = 120.0
MAX_ERROR_CHARS = 4000


def install_command(agent: str, scope: str, *, dry_run: bool) -> list[str]:
    if agent not in AGENTS:
        raise UnknownOption("agent", agent, AGENTS)
    if scope not in SCOPES:
        raise UnknownOption("scope", scope, SCOPES)
    command = [sys.executable, "-m", "ihmt_async", "install", agent, "--scope", scope]
    return [*command, "--dry-run", "--json"] if dry_run else [*command, "--json"]


def project_folder(scope: str, folder: str) -> Path | None:
    """Where a project-scope registration is written (the command's working directory)."""
    if scope != "project" or not (folder or "").strip():
        return None
    path = Path(folder.strip()).expanduser()
    if not path.is_absolute() or not path.is_dir():
        raise InvalidArgument(f"The project folder {folder!r} is not an existing absolute "
                              "folder.")
    return path


def parse_install_reply(stdout: str) -> dict[str, Any]:
    """The contract's JSON object, checked field by field; ValueError names what is wrong."""
    try:
        reply = json.loads(stdout)
    except ValueError as exc:
        raise ValueError(f"the command did not print one JSON object ({exc})") from None
    if not isinstance(reply, dict):
        raise ValueError("the command printed JSON that is not an object")
    for key, kind in (("agent", str), ("scope", str), ("applied", bool), ("changes", list)):
        if not isinstance(reply.get(key), kind):
            raise ValueError(f"the reply has no {kind.__name__} '{key}'")
    changes = []
    for change in reply["changes"]:
        if not isinstance(change, dict) or change.get("action") not in ACTIONS:
            raise ValueError(f"a change is not one of {', '.join(ACTIONS)}: {change!r}")
        changes.append({key: str(change.get(key) or "")
                        for key in ("action", "path", "summary", "detail")})
    return {"agent": reply["agent"], "scope": reply["scope"], "applied": reply["applied"],
            "changes": changes}


async def run_install(agent: str, scope: str, *, home: Path | str | None, dry_run: bool,
                      cwd: Path | None = None) -> dict[str, Any]:
    """``{"ok": True, ...reply}`` or ``{"ok": False, "error": text}``, always with the command."""
    command = install_command(agent, scope, dry_run=dry_run)
    env = dict(os.environ)
    if home is not None:
        env["IHMT_HOME"] = str(home)
    env["IHMT_LOG_STDERR"] = "0"
    shown = " ".join(command[1:]) if command[0] == sys.executable else " ".join(command)
    base: dict[str, Any] = {"command": f"python {shown}", "dry_run": dry_run}
    try:
        with anyio.fail_after(INSTALL_TIMEOUT_S):
            done = await anyio.run_process(command, check=False, cwd=cwd, env=env,
                                           stdin=subprocess.DEVNULL)
    except TimeoutError:
        return {**base, "ok": False,
                "error": f"The command did not finish within {INSTALL_TIMEOUT_S:.0f} s."}
    except OSError as exc:
        return {**base, "ok": False, "error": f"The command could not start: {exc}"}
    stdout = done.stdout.decode("utf-8", "replace")
    stderr = done.stderr.decode("utf-8", "replace")
    if done.returncode != 0:
        text = (stderr.strip() or stdout.strip() or "(no output)")[-MAX_ERROR_CHARS:]
        return {**base, "ok": False, "exit_code": done.returncode, "error": text}
    try:
        return {**base, "ok": True, **parse_install_reply(stdout)}
    except ValueError as exc:
        return {**base, "ok": False, "exit_code": 0,
                "error": f"{exc}.\n{stdout.strip()[-MAX_ERROR_CHARS:]}"}
