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
BLANK_FILE = "#ihmt-async:blank-file"
"""First item of the state record ``(BLANK_FILE, original text)`` for a file that existed but
held only whitespace: install writes ``{...}`` into it, uninstall gives the whitespace back."""


def instructions_text() -> str:
    """The instructions template shipped inside the package."""
    return (resources.files("ihmt_async") / "data" / "memory-instructions.md").read_text(
        encoding="utf-8")


def server_entry(t: Target, *, typed: bool) -> dict[str, Any]:
    """This installation's server as a JSON config's stdio entry (``"type": "stdio"`` first
    when ``typed``: Claude Code, VS Code), ``env`` only when there is one to carry: Claude
    Code, Cursor, Gemini CLI, Claude Desktop and VS Code read the same shape."""
    entry: dict[str, Any] = {"type": "stdio"} if typed else {}
    entry.update({"command": t.server_argv[0], "args": t.server_argv[1:]})
    if t.server_env:
        entry["env"] = t.server_env
    return entry


def instructions_step(t: Target, path: Path, remove: bool) -> FileStep:
    if remove:
        created = created_here(t, path)

        def drop(old: str | None) -> str | None:
            return whole_file_result(blocks.drop_block(old, blocks.MD_MARKERS), created)
        return FileStep(path, "remove the memory instructions", drop, forgets=True)
    body = instructions_text()
    return FileStep(path, "append the memory instructions",
                    lambda old: blocks.put_block(old, body, blocks.MD_MARKERS),
                    creates=created_file)


def created_file(old: str | None) -> Created:
    """The state record of a text file install creates: ``()`` for the file itself."""
    return [()] if old is None else []


def whole_file_result(text: str | None, created: set[tuple[str, ...]]) -> str | None:
    """None (delete) when nothing is left of a file install created; a user's own file, even
    an empty one, is kept."""
    return None if text is None or (not text and () in created) else text


def created_here(t: Target, path: Path) -> set[tuple[str, ...]]:
    return set(load_state(t.state_file).get(str(path), []))


def _json_result(text: str, created: set[tuple[str, ...]]) -> str | None:
    """None (delete the file) when install created it and nothing else is left in it; the
    original whitespace when the user's file was blank before install."""
    if not jsonedit.is_empty_object(text):
        return text
    if () in created:
        return None
    blank = next((item[1] for item in created if len(item) == 2 and item[0] == BLANK_FILE),
                 None)
    return text if blank is None else blank


def _creates(path: Path, container: tuple[str, ...]) -> Callable[[str | None], Created]:
    def created(old: str | None) -> Created:
        made = jsonedit.missing_containers(old, container, str(path))
        return _file_record(old) + made
    return created


def _file_record(old: str | None) -> Created:
    if old is None:
        return [()]
    return [(BLANK_FILE, old)] if not old.strip() else []


def json_server_step(t: Target, path: Path, parents: tuple[str, ...], entry: dict[str, Any],
                     remove: bool, name: str = SERVER_NAME) -> FileStep:
    """Our server under ``parents`` (e.g. ("mcpServers",)) in a JSON config file."""
    where = str(path)
    if remove:
        created = created_here(t, path)

        def drop(old: str | None) -> str | None:
            if old is None:
                return None
            return _json_result(jsonedit.remove_member(old, parents, name, where, created),
                                created)
        return FileStep(path, f"remove the {name} MCP server", drop, forgets=True,
                        emptied="{}\n")

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
        created = created_here(t, path)

        def drop(old: str | None) -> str | None:
            if old is None:
                return None
            text = old
            for event in groups:
                text = jsonedit.remove_items(text, ("hooks", event), where, is_our_hook_group,
                                             created)
            return _json_result(text, created)
        return FileStep(path, f"remove the hooks ({', '.join(groups)})", drop, forgets=True,
                        emptied="{}\n")

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
        made: Created = _file_record(old)
        text = old or ""
        for event in groups:
            for item in jsonedit.missing_containers(text, ("hooks", event), where):
                if item not in made:
                    made.append(item)
        return made
    return FileStep(path, f"install the hooks ({', '.join(groups)})", put, creates=creates)


def target_description(t: Target) -> str:
    return f"{t.agent} ({t.scope} scope)"
