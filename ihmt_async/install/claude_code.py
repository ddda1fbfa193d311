"""Claude Code: ``claude mcp add-json`` (or ``~/.claude.json`` / ``.mcp.json``), CLAUDE.md and
the SessionStart / UserPromptSubmit hooks in ``settings.json`` (a project's
``.claude/settings.local.json``: Claude Code's own file for one person's settings of a
project, which it keeps out of git; the hook commands hold this machine's paths).

With the ``claude`` CLI on PATH the server is registered through it (user scope: the user's
``~/.claude.json``; project scope: the project's ``.mcp.json``); without it the same entry is
written into that file directly. Hooks print plain text on stdout, which Claude Code adds to
the model's context for both events.
"""

from __future__ import annotations

import json
from typing import Any

from ihmt_async.install import jsonedit
from ihmt_async.install.common import (
    hooks_step,
    instructions_step,
    json_server_step,
    server_entry,
)
from ihmt_async.install.core import SERVER_NAME, RunStep, Step, Target, which


def hook_groups(t: Target) -> dict[str, dict[str, Any]]:
    return {
        "SessionStart": {"hooks": [{"type": "command", "timeout": 15,
                                    "command": t.hook_command("brief", "--for", "claude-code")}]},
        "UserPromptSubmit": {"hooks": [{"type": "command", "timeout": 15,
                                        "command": t.hook_command("recall-hook", "--for",
                                                                  "claude-code")}]},
    }


def next_steps(t: Target) -> list[str]:
    """Claude Code starts a server from a project's ``.mcp.json`` only after the user approved
    it (``/mcp`` shows it as "Pending approval" until then)."""
    if t.scope != "project":
        return []
    return ["Claude Code asks once whether to use the servers of this project's .mcp.json: "
            "approve ihmt-async when it asks (in /mcp it shows as 'Pending approval' until "
            "then)."]


def steps(t: Target, remove: bool) -> list[Step]:
    config = t.home / ".claude.json" if t.scope == "user" else t.project / ".mcp.json"
    settings = t.base() / ".claude" / ("settings.json" if t.scope == "user"
                                       else "settings.local.json")
    memory_file = (t.home / ".claude" / "CLAUDE.md" if t.scope == "user"
                   else t.project / "CLAUDE.md")
    entry = server_entry(t, typed=True)
    claude = which("claude")
    # `claude mcp` writes a project's .mcp.json into its working directory: run it where
    # CLAUDE.md and the hooks go, the repository root, also when install ran in a subfolder.
    cwd = t.project if t.scope == "project" else None
    result: list[Step] = []
    if claude is None:
        result.append(json_server_step(t, config, ("mcpServers",), entry, remove))
    else:
        current = _registered(config)
        if remove:
            result.append(RunStep((claude, "mcp", "remove", "--scope", t.scope, SERVER_NAME),
                                  f"remove the {SERVER_NAME} MCP server", current is not None,
                                  cwd, config))
        else:
            if current is not None and current != entry:
                result.append(RunStep(
                    (claude, "mcp", "remove", "--scope", t.scope, SERVER_NAME),
                    f"remove the older {SERVER_NAME} registration", True, cwd, config))
            result.append(RunStep(
                (claude, "mcp", "add-json", "--scope", t.scope, SERVER_NAME,
                 json.dumps(entry)), f"register the {SERVER_NAME} MCP server",
                current != entry, cwd, config))
    result.append(instructions_step(t, memory_file, remove))
    result.append(hooks_step(t, settings, hook_groups(t), remove))
    if t.scope == "project":
        # where earlier versions put a project's hooks (a file teams commit): taken out
        result.append(hooks_step(t, t.project / ".claude" / "settings.json", hook_groups(t),
                                 True))
    return result


def _registered(config: Any) -> dict[str, Any] | None:
    try:
        text = config.read_text(encoding="utf-8")
    except OSError:
        return None
    servers = jsonedit.load(text, str(config)).get("mcpServers", {})
    found = servers.get(SERVER_NAME) if isinstance(servers, dict) else None
    return found if isinstance(found, dict) else None
