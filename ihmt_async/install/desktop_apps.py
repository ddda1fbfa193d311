"""GUI apps: Claude Desktop (``mcpServers`` in ``claude_desktop_config.json``) and VS Code
(``servers`` in ``mcp.json``, each entry ``"type": "stdio"``).

A GUI app is started by the desktop, not by a shell: it has a minimal PATH and none of the
user's shell variables, so the entry names this installation's interpreter by its absolute
path and carries ``IHMT_HOME`` (``Target.server_env``). Neither app reads an instructions file
or runs hooks of ours, so only the server is registered. Config folders: macOS
``~/Library/Application Support/<App>/``, elsewhere ``$XDG_CONFIG_HOME/<App>/`` (default
``~/.config``). Claude Desktop has no per-project file: project scope is refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from ihmt_async.install.common import json_server_step, server_entry
from ihmt_async.install.core import Step, Target
from store.errors import InvalidArgument


def app_config_dir(t: Target, app: str, platform: str = sys.platform) -> Path:
    """Where a desktop app keeps its settings for this user."""
    if platform == "darwin":
        return t.home / "Library" / "Application Support" / app
    xdg = t.env.get("XDG_CONFIG_HOME", "").strip()
    return (Path(xdg) if xdg else t.home / ".config") / app


class ClaudeDesktop:
    """``claude-desktop``: user scope only."""

    @staticmethod
    def steps(t: Target, remove: bool) -> list[Step]:
        if t.scope != "user":
            raise InvalidArgument("Claude Desktop has no per-project configuration; install it "
                                  "with --scope user. Nothing was changed.")
        path = app_config_dir(t, "Claude") / "claude_desktop_config.json"
        return [json_server_step(t, path, ("mcpServers",), server_entry(t, typed=False),
                                 remove)]

    @staticmethod
    def next_steps(t: Target) -> list[str]:
        return ["Quit Claude Desktop completely (not only its window) and start it again: it "
                "reads its servers at launch."]


class VSCode:
    """``vscode``: the user profile's ``mcp.json``, or the workspace's ``.vscode/mcp.json``."""

    @staticmethod
    def steps(t: Target, remove: bool) -> list[Step]:
        path = (app_config_dir(t, "Code") / "User" / "mcp.json" if t.scope == "user"
                else t.project / ".vscode" / "mcp.json")
        return [json_server_step(t, path, ("servers",), server_entry(t, typed=True), remove)]

    @staticmethod
    def next_steps(t: Target) -> list[str]:
        return ["VS Code asks to trust a new MCP server the first time it starts it: open the "
                "Chat view in agent mode and allow ihmt-async (or run 'MCP: List Servers')."]
