"""Which project a client works in: from its MCP roots, or the directory a hook reports.

A call that gives no ``scope`` is about the project the client has open, so project knowledge
stays with its project: the server asks the client for its roots (``roots/list``) once per
session, and the hooks read ``cwd`` from the agent's hook input. A client that declares no
roots (Codex) gets the project of the server's own working directory, which such agents set to
the session's folder, when that directory is inside a repository. The project's scope key is
``project:<name of the repository root directory>``. What is about the user (their
preferences, habits and tools, who they are, where they live) or about every project is saved
globally even inside a project, so every project sees it; what marks the project (its name,
"we", a path, a ticket) keeps a first-person note in it: the ingest actor decides it
(``actors/ingest/scope.save_scope``) from the facts it records, so a save reads its text once.

The root paths themselves are kept too (``client_roots``): with the server's working
directory and ``IHMT_READ_ROOTS`` they are the folders the file tools may read
(``readable``; the rule is ``actors.readable``).

It must never fail a tool call: a client without roots, or one whose ``roots/list`` fails or
goes unanswered, gets the working directory's project (if any); one that lists no root has
none. A client that says its roots changed is asked again on its next call.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import anyio

from actors.readable import Readable

ROOTS_TIMEOUT_S = 5.0


def _log(event: str, **fields: object) -> None:
    """structlog on first use only: the hooks and ``--version`` import this module, and must
    not load the logging stack for a line they never write."""
    import structlog

    structlog.get_logger("ihmt.scope").info(event, **fields)
_VCS_MARKERS = (".git", ".hg", ".svn")


def project_root(directory: Path) -> Path:
    """The enclosing repository root (a directory with .git, .hg or .svn), else itself: a
    subfolder of a monorepo belongs to the repository's project."""
    here = directory.absolute()
    for candidate in (here, *here.parents):
        if any((candidate / marker).exists() for marker in _VCS_MARKERS):
            return candidate
    return here


def scope_for_directory(directory: str | Path | None) -> str:
    """``project:<name>`` for a working directory; "" for none, the home directory or /."""
    if not directory:
        return ""
    path = Path(str(directory)).expanduser()
    if not path.is_absolute():
        return ""
    root = project_root(path)
    if root in (Path(root.anchor), Path.home().absolute()) or not root.name:
        return ""
    return f"project:{root.name}"


def _path_of_uri(uri: str) -> Path | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return Path(unquote(parsed.path))


def declares_roots(session: Any) -> bool:
    """Whether the client said in its handshake that it answers ``roots/list``."""
    params = getattr(session, "client_params", None)
    capabilities = getattr(params, "capabilities", None)
    return capabilities is not None and getattr(capabilities, "roots", None) is not None


def in_repository(directory: Path) -> bool:
    root = project_root(directory)
    return any((root / marker).exists() for marker in _VCS_MARKERS)


def cwd_project(directory: Path | None = None) -> str:
    """The project of the server's working directory when it lies inside a repository (its
    root, the rule the hooks use for their ``cwd``); "" elsewhere, and for the home directory
    or / even when a dotfiles repository makes them one: an agent that starts its servers
    from there says nothing about a project."""
    here = (directory or Path.cwd()).absolute()
    return scope_for_directory(here) if in_repository(here) else ""


async def _ask_roots(session: Any) -> tuple[Path, ...] | None:
    """The client's file roots, () when it lists none, or None when it could not tell (no
    roots capability, an error, no answer within ``ROOTS_TIMEOUT_S``)."""
    if not declares_roots(session):
        return None
    try:
        with anyio.move_on_after(ROOTS_TIMEOUT_S):
            result = await session.list_roots()
            paths = (_path_of_uri(str(root.uri)) for root in result.roots)
            return tuple(path for path in paths if path is not None)
    except Exception as exc:  # a client that answers roots/list with an error: not told
        _log("scope.roots_failed", error=repr(exc))
        return None
    _log("scope.roots_unanswered", waited_s=ROOTS_TIMEOUT_S)
    return None


async def client_roots(session: Any, extras: dict[str, Any]) -> tuple[Path, ...] | None:
    """The client's file roots (as ``_ask_roots``), asked once per session (again after the
    client says its roots changed: ``forget_project``) and kept in the session's
    ``extras``."""
    if "client_roots" not in extras:
        extras["client_roots"] = await _ask_roots(session)
    roots: tuple[Path, ...] | None = extras["client_roots"]
    return roots


async def scope_from_roots(session: Any, extras: dict[str, Any]) -> str | None:
    """The scope of the client's first file root, "" when it lists none, or None when it
    could not tell."""
    roots = await client_roots(session, extras)
    if roots is None:
        return None
    return scope_for_directory(roots[0]) if roots else ""


async def client_project(session: Any, extras: dict[str, Any]) -> str:
    """The project the client has open (``IHMT_PROJECT``, else its MCP roots, else the
    server's working directory: for a client without roots, and for one whose ``roots/list``
    failed or went unanswered), asked once per session (again after the client says its
    roots changed: ``forget_project``) and kept in the session's ``extras``. A client that
    lists no root has no project: its answer is taken as it is."""
    if "project_scope" not in extras:
        found: str | None = env_project()
        if not found:
            found = await scope_from_roots(session, extras)
            if found is None:
                found = cwd_project()
        extras["project_scope"] = found
    project: str = extras["project_scope"]
    return project


async def readable(session: Any, extras: dict[str, Any]) -> Readable:
    """The folders this session's file tools may read (``actors.readable``): the client's
    roots, the server's working directory and ``IHMT_READ_ROOTS``."""
    return Readable.gather(await client_roots(session, extras) or (), Path.cwd())


def forget_project(extras: dict[str, Any]) -> None:
    """The client's roots changed (``notifications/roots/list_changed``): its project and
    its roots (the folders its file tools may read) are asked again on its next call."""
    extras.pop("project_scope", None)
    extras.pop("client_roots", None)


def search_scope(asked: str, project: str) -> str:
    """The scope a search runs in: the one asked for ("*" for everything), else the client's
    project (which also sees global memories)."""
    return asked.strip() or project


def env_project() -> str:
    """``IHMT_PROJECT`` names the project explicitly (a client without roots)."""
    value = os.environ.get("IHMT_PROJECT", "").strip()
    if not value:
        return ""
    return value if value.startswith("project:") else f"project:{value}"
