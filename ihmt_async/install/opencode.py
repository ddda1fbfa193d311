"""opencode: an ``mcp`` entry of type ``local`` in ``opencode.json`` and AGENTS.md.

User scope: ``$XDG_CONFIG_HOME/opencode/`` (default ``~/.config/opencode/``); project scope:
the project's ``opencode.json`` and ``AGENTS.md``. An existing ``opencode.jsonc`` is edited in
place (comments survive: the edit splices text, it never re-serialises the file).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ihmt_async.install.common import instructions_step, json_server_step
from ihmt_async.install.core import STARTUP_TIMEOUT_S, Step, Target


def config_dir(t: Target) -> Path:
    if t.scope == "project":
        return t.project
    xdg = t.env.get("XDG_CONFIG_HOME", "").strip()
    return (Path(xdg) if xdg else t.home / ".config") / "opencode"


def server_entry(t: Target) -> dict[str, Any]:
    entry: dict[str, Any] = {"type": "local", "command": t.server_argv, "enabled": True,
                             "timeout": STARTUP_TIMEOUT_S * 1000}
    if t.server_env:
        entry["environment"] = t.server_env
    return entry


def steps(t: Target, remove: bool) -> list[Step]:
    base = config_dir(t)
    config = base / "opencode.json"
    if not config.exists() and (base / "opencode.jsonc").exists():
        config = base / "opencode.jsonc"
    return [json_server_step(t, config, ("mcp",), server_entry(t), remove),
            instructions_step(t, base / "AGENTS.md", remove)]
