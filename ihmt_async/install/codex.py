"""Codex: an ``[mcp_servers.ihmt-async]`` table in ``config.toml``, AGENTS.md, and the
SessionStart / UserPromptSubmit hooks in ``hooks.json`` (Codex reads their JSON
``hookSpecificOutput.additionalContext``; older releases, before hooks were on by default,
needed ``[features] codex_hooks = true``).

User scope writes ``$CODEX_HOME/config.toml`` (default ``~/.codex``) and ``AGENTS.md`` beside
it; project scope writes the project's ``.codex/config.toml`` (Codex reads it in trusted
projects) and its ``AGENTS.md``. The table sits inside marker comments so uninstall removes
exactly it; the result is parsed with ``tomllib`` before it is written.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from actors.lazy_re import lazy_regex
from ihmt_async.install import blocks, textfile
from ihmt_async.install.common import (
    created_file,
    created_here,
    hooks_step,
    instructions_step,
    whole_file_result,
)
from ihmt_async.install.core import SERVER_NAME, STARTUP_TIMEOUT_S, FileStep, Step, Target
from ihmt_async.install.errors import TomlConflict
from store.errors import InvalidArgument


def codex_home(t: Target) -> Path:
    configured = t.env.get("CODEX_HOME", "").strip()
    return Path(configured).expanduser() if configured else t.home / ".codex"


def server_table(t: Target) -> str:
    values: dict[str, Any] = {"command": t.server_argv[0], "args": t.server_argv[1:],
                              "startup_timeout_sec": STARTUP_TIMEOUT_S}
    if t.server_env:
        values["env"] = t.server_env
    return blocks.toml_table(f"mcp_servers.{SERVER_NAME}", values)


def config_step(t: Target, path: Path, table: str, remove: bool) -> FileStep:
    """Our marked table in config.toml; a server entry the user wrote by hand (the README
    allows it) is left as it is, and nothing is added beside it."""
    where = str(path)
    created = created_here(t, path)

    def put(old: str | None) -> str | None:
        _parse(old, where, "is not valid TOML")
        if own_entry_line(old) is not None:
            return old
        new = blocks.put_block(old, table, blocks.TOML_MARKERS)
        try:
            tomllib.loads(new)
        except tomllib.TOMLDecodeError as exc:
            line, reason = _conflict(old or "")
            if line is None:
                reason = f"would not be valid TOML after the edit ({exc})"
            raise TomlConflict(where, line, reason, _inline_entry(table)) from None
        return new

    def drop(old: str | None) -> str | None:
        new = whole_file_result(blocks.drop_block(old, blocks.TOML_MARKERS), created)
        blocks.check_toml(new, where)
        return new

    if remove:
        return FileStep(path, f"remove the {SERVER_NAME} MCP server", drop, forgets=True)
    line = own_entry_line(_read_quietly(path))
    summary = (f"keep your own {SERVER_NAME} server entry (line {line})" if line is not None
               else f"register the {SERVER_NAME} MCP server")
    return FileStep(path, summary, put, creates=created_file)


def _parse(text: str | None, where: str, what: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text or "")
    except tomllib.TOMLDecodeError as exc:
        raise InvalidArgument(f"{where} {what} ({exc}); fix it by hand first, nothing was "
                              "changed.") from None


def _read_quietly(path: Path) -> str | None:
    try:
        return textfile.read(path)
    except InvalidArgument:
        return None  # planning reads it again and says why


_OWN_ENTRY = lazy_regex(r"""^\s*(?:\[\s*mcp_servers\s*\.\s*["']?ihmt-async["']?\s*\]"""
                        r"""|mcp_servers\s*\.\s*["']?ihmt-async["']?\s*[.=]"""
                        r"""|["']?ihmt-async["']?\s*=)""")
_DEFINES_SERVERS = lazy_regex(r"""^\s*["']?mcp_servers["']?\s*(=|\.)""")


def own_entry_line(text: str | None) -> int | None:
    """The line of a server entry the user wrote outside our markers, None without one."""
    outside = blocks.drop_block(text, blocks.TOML_MARKERS) or ""
    try:
        servers = tomllib.loads(outside).get("mcp_servers")
    except tomllib.TOMLDecodeError:
        return None
    if not isinstance(servers, dict) or SERVER_NAME not in servers:
        return None
    lines = list(enumerate(outside.splitlines(), 1))
    return next((n for n, line in lines if _OWN_ENTRY.match(line)),
                next((n for n, line in lines if SERVER_NAME in line.split("#")[0]), None))


def _conflict(text: str) -> tuple[int | None, str]:
    """Where and how the file defines ``mcp_servers`` so a table header cannot extend it."""
    for number, line in enumerate(text.splitlines(), 1):
        match = _DEFINES_SERVERS.match(line)
        if match is not None:
            how = "an inline table" if match.group(1) == "=" else "dotted keys"
            return number, f"defines mcp_servers with {how}"
    return None, ""


def _inline_entry(table: str) -> str:
    """Our table as one inline ``ihmt-async = { ... }`` line, for a user to paste."""
    values = table.splitlines()[1:]
    return f"{SERVER_NAME} = {{ {', '.join(values)} }}"


def hook_groups(t: Target) -> dict[str, dict[str, Any]]:
    return {
        "SessionStart": {"hooks": [{"type": "command", "timeout": 15,
                                    "statusMessage": "Reading long-term memory",
                                    "command": t.hook_command("brief", "--for", "codex")}]},
        "UserPromptSubmit": {"hooks": [{"type": "command", "timeout": 15,
                                        "command": t.hook_command("recall-hook", "--for",
                                                                  "codex")}]},
    }


def next_steps(t: Target) -> list[str]:
    """What the user must do in Codex itself: it runs no hook it has not been shown (Codex
    0.171 skips them silently until they are approved in ``/hooks``, and again after a
    reinstall changed their command), and it reads a project's ``.codex/config.toml`` only
    once the project is trusted."""
    result = ["Codex runs no new or changed hook until you approve it: start codex, type "
              "/hooks and approve the two ihmt-async hooks (brief, recall-hook). Until then "
              "memory is reached only through the MCP tools."]
    if t.scope == "project":
        result.append(f"Codex reads {t.project / '.codex' / 'config.toml'} only in a trusted "
                      "project: answer yes when codex asks whether to trust this folder.")
    return result


def steps(t: Target, remove: bool) -> list[Step]:
    base = codex_home(t) if t.scope == "user" else t.project / ".codex"
    agents_md = base / "AGENTS.md" if t.scope == "user" else t.project / "AGENTS.md"
    return [config_step(t, base / "config.toml", server_table(t), remove),
            instructions_step(t, agents_md, remove),
            hooks_step(t, base / "hooks.json", hook_groups(t), remove)]
