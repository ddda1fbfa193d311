"""Codex: an ``[mcp_servers.ihmt-async]`` table in ``config.toml``, AGENTS.md, and the
SessionStart / UserPromptSubmit hooks in ``hooks.json`` (Codex reads their JSON
``hookSpecificOutput.additionalContext``; older Codex versions need ``[features] hooks = true``).

User scope writes ``$CODEX_HOME/config.toml`` (default ``~/.codex``) and ``AGENTS.md`` beside
it; project scope writes the project's ``.codex/config.toml`` (Codex reads it in trusted
projects) and its ``AGENTS.md``. The table sits inside marker comments so uninstall removes
exactly it; the result is parsed with ``tomllib`` before it is written.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ihmt_async.install import blocks
from ihmt_async.install.common import hooks_step, instructions_step
from ihmt_async.install.core import SERVER_NAME, FileStep, Step, Target


def codex_home(t: Target) -> Path:
    configured = t.env.get("CODEX_HOME", "").strip()
    return Path(configured).expanduser() if configured else t.home / ".codex"


def server_table(t: Target) -> str:
    values: dict[str, Any] = {"command": t.server_argv[0], "args": t.server_argv[1:]}
    if t.server_env:
        values["env"] = t.server_env
    return blocks.toml_table(f"mcp_servers.{SERVER_NAME}", values)


def config_step(path: Path, table: str, remove: bool) -> FileStep:
    where = str(path)

    def put(old: str | None) -> str | None:
        new = blocks.put_block(old, table, blocks.TOML_MARKERS)
        blocks.check_toml(new, where)
        return new

    def drop(old: str | None) -> str | None:
        new = blocks.drop_block(old, blocks.TOML_MARKERS)
        blocks.check_toml(new, where)
        return new

    if remove:
        return FileStep(path, f"remove the {SERVER_NAME} MCP server", drop)
    return FileStep(path, f"register the {SERVER_NAME} MCP server", put)


def hook_groups(t: Target) -> dict[str, dict[str, Any]]:
    return {
        "SessionStart": {"hooks": [{"type": "command", "timeout": 15,
                                    "statusMessage": "Reading long-term memory",
                                    "command": t.hook_command("brief", "--for", "codex")}]},
        "UserPromptSubmit": {"hooks": [{"type": "command", "timeout": 15,
                                        "command": t.hook_command("recall-hook", "--for",
                                                                  "codex")}]},
    }


def steps(t: Target, remove: bool) -> list[Step]:
    base = codex_home(t) if t.scope == "user" else t.project / ".codex"
    agents_md = base / "AGENTS.md" if t.scope == "user" else t.project / "AGENTS.md"
    return [config_step(base / "config.toml", server_table(t), remove),
            instructions_step(agents_md, remove),
            hooks_step(t, base / "hooks.json", hook_groups(t), remove)]
