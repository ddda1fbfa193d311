"""Gemini CLI: ``mcpServers`` and the SessionStart / BeforeAgent hooks in ``settings.json``,
and GEMINI.md.

User scope: ``~/.gemini/``; project scope: the project's ``.gemini/settings.json`` and its
``GEMINI.md``. Gemini CLI reads a hook's stdout as JSON, so the hooks run with
``--for gemini`` and answer ``{"hookSpecificOutput": {"additionalContext": ...}}``.
"""

from __future__ import annotations

from typing import Any

from ihmt_async.install.common import (
    hooks_step,
    instructions_step,
    json_server_step,
    server_entry,
)
from ihmt_async.install.core import Step, Target


def hook_groups(t: Target) -> dict[str, dict[str, Any]]:
    return {
        "SessionStart": {"hooks": [{"name": "ihmt-async-brief", "type": "command",
                                    "timeout": 15000,
                                    "command": t.hook_command("brief", "--for", "gemini")}]},
        "BeforeAgent": {"hooks": [{"name": "ihmt-async-recall", "type": "command",
                                   "timeout": 15000,
                                   "command": t.hook_command("recall-hook", "--for", "gemini")}]},
    }


def steps(t: Target, remove: bool) -> list[Step]:
    base = t.home / ".gemini" if t.scope == "user" else t.project / ".gemini"
    memory_file = base / "GEMINI.md" if t.scope == "user" else t.project / "GEMINI.md"
    settings = base / "settings.json"
    return [json_server_step(t, settings, ("mcpServers",), server_entry(t, typed=False), remove),
            hooks_step(t, settings, hook_groups(t), remove),
            instructions_step(t, memory_file, remove)]
