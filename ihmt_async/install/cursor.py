"""Cursor: ``mcpServers`` in ``~/.cursor/mcp.json`` or the project's ``.cursor/mcp.json``, and
for a project a rule file ``.cursor/rules/ihmt-memory.mdc`` that is always applied.

Cursor keeps user-wide rules in its settings screen, not in a file, so user scope registers
the server only (paste ``ihmt-async instructions`` into Settings → Rules by hand).
"""

from __future__ import annotations

from pathlib import Path

from ihmt_async.install.common import instructions_text, json_server_step, server_entry
from ihmt_async.install.core import FileStep, Step, Target
from store.errors import InvalidArgument

RULE_MARK = "<!-- ihmt-async rule (managed by `ihmt-async install`) -->"


def rule_text() -> str:
    return ("---\ndescription: Long-term memory through the ihmt-async MCP server\n"
            f"alwaysApply: true\n---\n{RULE_MARK}\n{instructions_text().rstrip()}\n")


def rule_step(path: Path, remove: bool) -> FileStep:
    def transform(old: str | None) -> str | None:
        if old is not None and RULE_MARK not in old:
            raise InvalidArgument(f"{path} exists and was not written by ihmt-async; "
                                  "nothing was changed.")
        return None if remove else rule_text()
    return FileStep(path, "remove the memory rule" if remove else "add the memory rule",
                    transform)


def steps(t: Target, remove: bool) -> list[Step]:
    base = t.home / ".cursor" if t.scope == "user" else t.project / ".cursor"
    result: list[Step] = [json_server_step(t, base / "mcp.json", ("mcpServers",),
                                           server_entry(t, typed=False), remove)]
    if t.scope == "project":
        result.append(rule_step(base / "rules" / "ihmt-memory.mdc", remove))
    return result
