"""Steps shared by the agent modules: a JSON server entry, the instructions block, hooks.

Every helper returns a ``FileStep`` for installing or for removing (``remove=True``), built so
that removing undoes exactly what installing added.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from ihmt_async.install import blocks, jsonedit
from ihmt_async.install.core import SERVER_NAME, FileStep, Target

HOOK_MARK = "ihmt_async"


def instructions_text() -> str:
    """The instructions template shipped inside the package."""
    return (resources.files("ihmt_async") / "data" / "memory-instructions.md").read_text(
        encoding="utf-8")


def instructions_step(path: Path, remove: bool) -> FileStep:
    if remove:
        return FileStep(path, "remove the memory instructions",
                        lambda old: blocks.drop_block(old, blocks.MD_MARKERS))
    body = instructions_text()
    return FileStep(path, "append the memory instructions",
                    lambda old: blocks.put_block(old, body, blocks.MD_MARKERS))


def _json_result(text: str) -> str | None:
    return None if jsonedit.is_empty_object(text) else text


def json_server_step(path: Path, parents: tuple[str, ...], entry: dict[str, Any],
                     remove: bool, name: str = SERVER_NAME) -> FileStep:
    """Our server under ``parents`` (e.g. ("mcpServers",)) in a JSON config file."""
    where = str(path)
    if remove:
        def drop(old: str | None) -> str | None:
            if old is None:
                return None
            return _json_result(jsonedit.remove_member(old, parents, name, where))
        return FileStep(path, f"remove the {name} MCP server", drop)

    def put(old: str | None) -> str | None:
        return jsonedit.set_member(old or "", parents, name, entry, where)
    return FileStep(path, f"register the {name} MCP server", put)


def is_our_hook_group(item: Any) -> bool:
    """A hook matcher group whose commands are ours (a ``python -m ihmt_async ...`` line)."""
    if not isinstance(item, dict):
        return False
    hooks = item.get("hooks")
    return isinstance(hooks, list) and any(
        isinstance(h, dict) and HOOK_MARK in str(h.get("command", "")).split(" -m ", 1)[-1]
        for h in hooks)


def hooks_step(path: Path, groups: dict[str, dict[str, Any]], remove: bool) -> FileStep:
    """One matcher group per event under ``hooks.<event>`` in a JSON settings file."""
    where = str(path)
    if remove:
        def drop(old: str | None) -> str | None:
            if old is None:
                return None
            text = old
            for event in groups:
                text = jsonedit.remove_items(text, ("hooks", event), where, is_our_hook_group)
            return _json_result(text)
        return FileStep(path, f"remove the hooks ({', '.join(groups)})", drop)

    def put(old: str | None) -> str | None:
        text = old or ""
        for event, group in groups.items():
            # An older ihmt-async group (another interpreter path) is replaced, not doubled.
            current = jsonedit.load(text, where).get("hooks", {})
            existing = current.get(event, []) if isinstance(current, dict) else []
            if isinstance(existing, list) and group in existing:
                continue
            text = jsonedit.remove_items(text, ("hooks", event), where, is_our_hook_group) \
                if text.strip() else text
            text = jsonedit.append_item(text, ("hooks", event), group, where,
                                        lambda item, g=group: item == g)
        return text
    return FileStep(path, f"install the hooks ({', '.join(groups)})", put)


def target_description(t: Target) -> str:
    return f"{t.agent} ({t.scope} scope)"
