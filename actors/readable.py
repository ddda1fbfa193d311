"""Which folders one session's file tools may read, and the one check that keeps them there.

``read_file``, ``project_map`` and ``find_code`` read what the agent names, and the server
often runs as a user who may read far more than the project (as root: ``/etc/shadow``,
``~/.ssh``). A path is readable when, resolved (symbolic links and ".." followed), it lies
under one of the session's folders (``Readable``): the client's MCP roots, the server's
working directory (a client without roots, such as Codex, sets it to the project; never ``/``
or the home folder, where starting a server says nothing about a project) and the folders the
user lists in ``IHMT_READ_ROOTS``. Anything else is one ``InvalidArgument`` sentence, the
same whether or not the path exists. Gathering the folders (asking the client) is the
server's job (``ihmt_async.client_scope.readable``); deciding is only here. This module looks
at names and links only (``resolve``); it never opens a file.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from actors import agent_paths
from actors.agent_paths import quoted
from store.errors import InvalidArgument

READ_ROOTS_ENV = "IHMT_READ_ROOTS"
"""Extra folders the file tools may read, separated by ``os.pathsep``."""
SHOWN_CHARS = 400
"""Characters of folder names a refusal lists (each quoted by ``agent_paths.quoted``)."""


def _resolved(folder: Path) -> Path | None:
    try:
        return folder.resolve()
    except (OSError, RuntimeError):  # a loop or a part we may not look into: no folder
        return None


def env_folders(env: Mapping[str, str] | None = None) -> list[Path]:
    """The absolute folders ``IHMT_READ_ROOTS`` lists (a relative entry has no fixed meaning
    for a server whatever directory it starts in, so it is left out)."""
    value = (os.environ if env is None else env).get(READ_ROOTS_ENV, "")
    named = (Path(os.path.expanduser(part.strip())) for part in value.split(os.pathsep))
    return [folder for folder in named if folder.is_absolute()]


@dataclass(frozen=True)
class Readable:
    """The folders one session may read under, resolved, without repeats."""

    folders: tuple[Path, ...]

    @classmethod
    def gather(cls, roots: Iterable[Path], cwd: Path | None,
               env: Mapping[str, str] | None = None) -> Readable:
        """The client's ``roots``, the server's working directory ``cwd`` (unless it is ``/``
        or the home folder) and the folders of ``IHMT_READ_ROOTS``."""
        found = [_resolved(root) for root in roots]
        here = _resolved(cwd) if cwd is not None else None  # resolved once, kept as it is
        if here is not None and agent_paths.no_project(here) is None:
            found.append(here)
        found.extend(_resolved(folder) for folder in env_folders(env))
        return cls(tuple(dict.fromkeys(f for f in found if f is not None)))

    def allows(self, path: Path) -> bool:
        """Whether the resolved ``path`` lies under (or is) one of the folders."""
        return any(path.is_relative_to(folder) for folder in self.folders)

    def confine(self, path: object, what: str) -> Path:
        """The resolved path the agent means when this session may read it; otherwise the
        refusal, decided before anything under it is opened. A path that cannot be resolved
        (a loop, a part we may not look into) is judged by its name: outside, it gets the
        same sentence as any other outside path."""
        value = agent_paths.checked(path, what)
        try:
            target = agent_paths.resolve(value, what)
        except InvalidArgument:
            named = Path(os.path.abspath(os.path.expanduser(value)))
            if not self.allows(named):
                raise self.outside(value) from None
            raise
        if not self.allows(target):
            raise self.outside(value)
        return target

    def outside(self, value: str) -> InvalidArgument:
        """The refusal of ``value``: it names the folders (at most ``SHOWN_CHARS`` of them)
        and the variable that adds one."""
        shown: list[str] = []
        for number, folder in enumerate(self.folders):
            name = quoted(folder)
            if sum(len(s) + 2 for s in shown) + len(name) > SHOWN_CHARS:
                shown.append(f"and {len(self.folders) - number} more")
                break
            shown.append(name)
        return InvalidArgument(
            f"{quoted(value)} is outside the folders this session may read "
            f"({', '.join(shown) or 'none'}; symbolic links and '..' followed): give a path "
            f"inside one, or list more folders in {READ_ROOTS_ENV} in the server's "
            f"environment (separated by '{os.pathsep}').")
