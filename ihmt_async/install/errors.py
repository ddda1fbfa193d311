"""The installer's refusals: a user's config file it will not edit, each naming the line.

```
IhmtError ── InputError ── InvalidArgument
  ── DuplicateKey    a JSON object holds one key twice on the path the installer edits
  ── TomlConflict    Codex's config.toml defines ``mcp_servers`` so a table cannot be added
  ── EphemeralInstallation  this interpreter lives in uv's cache (``uvx --from ...``)
```

They subclass ``InvalidArgument`` so the CLI reports them like any other refused input (exit 1,
the sentence on stderr). Every message says "nothing was changed". (The module docstring's
"a user's config file it will not edit" covers all but the last: that one is about where the
installer itself runs.)
"""

from __future__ import annotations

from store.errors import InvalidArgument


class DuplicateKey(InvalidArgument):
    """A JSON object names the same key twice where the installer would edit it."""

    def __init__(self, where: str, key: str, lines: tuple[int, ...]) -> None:
        self.where, self.key, self.lines = where, key, lines
        super().__init__(
            f"{where} has the key {key!r} {len(lines)} times (lines "
            f"{', '.join(map(str, lines))}); JSON readers keep only the last one, so an edit "
            "could land where the agent never looks. Merge them by hand first; nothing was "
            "changed.")


class TomlConflict(InvalidArgument):
    """Codex's config.toml defines ``mcp_servers`` in a way a new table cannot join."""

    def __init__(self, where: str, line: int | None, reason: str, table: str) -> None:
        self.where, self.line, self.reason = where, line, reason
        at = f" (line {line})" if line is not None else ""
        super().__init__(
            f"{where}{at} {reason}, so the installer cannot add its [mcp_servers.ihmt-async] "
            "table without making the file invalid TOML; nothing was changed. Add the entry "
            f"there yourself ({table}) or write mcp_servers as [mcp_servers.<name>] tables "
            "and run install again.")


class EphemeralInstallation(InvalidArgument):
    """The running interpreter lives in a package manager's cache, which its cleanup deletes."""

    def __init__(self, python: str, cache: str, source: str | None) -> None:
        self.python, self.cache, self.source = python, cache, source
        where = source or "/path/to/ihmt-async"
        super().__init__(
            f"This ihmt-async runs from a package cache ({cache}; `uvx` or `pipx run`): the "
            f"agent would start {python}, which `uv cache clean` (or the cache's own pruning) "
            "deletes, and memory would stop working. Install it for good first: "
            f"`uv tool install {where}` (or `pipx install {where}`), then run `ihmt-async "
            "install ...` from that installation. Nothing was changed.")
