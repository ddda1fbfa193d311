"""Steps shared by the agent modules: a JSON server entry, the instructions block, hooks.

Every helper returns a ``FileStep`` for installing or for removing (``remove=True``), built so
that removing undoes exactly what installing added.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

from ihmt_async.install import blocks, jsonedit
from ihmt_async.install.core import SERVER_NAME, Created, FileStep, Target, load_state

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


def _created_here(t: Target, path: Path) -> set[tuple[str, ...]]:
    return set(load_state(t.state_file).get(str(path), []))


def _json_result(text: str, created: set[tuple[str, ...]]) -> str | None:
    """None (delete the file) when install created it and nothing else is left in it."""
    return None if () in created and jsonedit.is_empty_object(text) else text


def _creates(path: Path, container: tuple[str, ...]) -> Callable[[str | None], Created]:
    def created(old: str | None) -> Created:
        made = jsonedit.missing_containers(old, container, str(path))
        return ([()] if old is None else []) + made
    return created


def json_server_step(t: Target, path: Path, parents: tuple[str, ...], entry: dict[str, Any],
                     remove: bool, name: str = SERVER_NAME) -> FileStep:
    """Our server under ``parents`` (e.g. ("mcpServers",)) in a JSON config file."""
    where = str(path)
    if remove:
        created = _created_here(t, path)

        def drop(old: str | None) -> str | None:
            if old is None:
                return None
            return _json_result(jsonedit.remove_member(old, parents, name, where, created),
                                created)
        return FileStep(path, f"remove the {name} MCP server", drop, forgets=True)

    def put(old: str | None) -> str | None:
        return jsonedit.set_member(old or "", parents, name, entry, where)
    return FileStep(path, f"register the {name} MCP server", put,
                    creates=_creates(path, parents))


def is_our_hook_group(item: Any) -> bool:
    """A hook matcher group whose commands are ours (a ``python -m ihmt_async ...`` line)."""
    if not isinstance(item, dict):
        return False
    hooks = item.get("hooks")
    return isinstance(hooks, list) and any(
        isinstance(h, dict) and f" -m {HOOK_MARK} " in str(h.get("command", ""))
        for h in hooks)


def hooks_step(t: Target, path: Path, groups: dict[str, dict[str, Any]], remove: bool
               ) -> FileStep:
    """One matcher group per event under ``hooks.<event>`` in a JSON settings file."""
    where = str(path)
    if remove:
        created = _created_here(t, path)

        def drop(old: str | None) -> str | None:
            if old is None:
                return None
            text = old
            for event in groups:
                text = jsonedit.remove_items(text, ("hooks", event), where, is_our_hook_group,
                                             created)
            return _json_result(text, created)
        return FileStep(path, f"remove the hooks ({', '.join(groups)})", drop, forgets=True)

    def put(old: str | None) -> str | None:
        text = old or ""
        for event, group in groups.items():
            current = jsonedit.load(text, where).get("hooks", {})
            existing = current.get(event, []) if isinstance(current, dict) else []
            if isinstance(existing, list) and group in existing:
                continue
            # An older ihmt-async group (another interpreter path) is replaced, not doubled.
            if text.strip():
                text = jsonedit.remove_items(text, ("hooks", event), where, is_our_hook_group)
            text = jsonedit.append_item(text, ("hooks", event), group, where,
                                        is_our_hook_group)
        return text

    def creates(old: str | None) -> Created:
        made: Created = [()] if old is None else []
        text = old or ""
        for event in groups:
            for item in jsonedit.missing_containers(text, ("hooks", event), where):
                if item not in made:
                    made.append(item)
        return made
    return FileStep(path, f"install the hooks ({', '.join(groups)})", put, creates=creates)


def target_description(t: Target) -> str:
    return f"{t.agent} ({t.scope} scope)"
