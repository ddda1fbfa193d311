"""``ihmt-async install`` / ``uninstall``: register this installation with a coding agent.

One module per agent (claude_code, codex, opencode, gemini, cursor; desktop_apps for Claude
Desktop and VS Code) says which files and commands that agent uses; ``core`` plans and
applies the steps; ``jsonedit`` and ``blocks`` edit the files without touching the user's own
content; ``textfile`` reads and writes them keeping their line endings and symlinks;
``errors`` holds the refusals. Nothing here prints.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from ihmt_async.install import core, private_files
from ihmt_async.install.core import AGENTS, SCOPES, Change, Step, Target
from store.errors import UnknownOption


class Agent(Protocol):
    """What an agent's module (or class) provides; ``next_steps(target)`` is optional."""

    def steps(self, t: Target, remove: bool, /) -> list[Step]: ...


def agent_modules() -> dict[str, Agent]:
    """Each agent's module, imported on use: the command line imports this package (for
    ``AGENTS``) to build its parser for every command, the agents' hooks included."""
    from ihmt_async.install import claude_code, codex, cursor, gemini, opencode
    from ihmt_async.install.desktop_apps import ClaudeDesktop, VSCode

    return {"claude-code": claude_code, "codex": codex, "opencode": opencode,
            "gemini": gemini, "cursor": cursor, "claude-desktop": ClaudeDesktop,
            "vscode": VSCode}


def make_target(agent: str, scope: str, *, home: Path | None = None,
                project: Path | None = None, store_home: str | None = None,
                env: Mapping[str, str] | None = None, lasting: bool = True) -> Target:
    """What to install where; ``lasting`` refuses an interpreter in uv's cache (install
    checks it, uninstall does not need to)."""
    from ihmt_async.client_scope import project_root
    from ihmt_async.install.interpreter import lasting_python

    if agent not in AGENTS:
        raise UnknownOption("agent", agent, AGENTS)
    if scope not in SCOPES:
        raise UnknownOption("scope", scope, SCOPES)
    environment = dict(os.environ if env is None else env)
    user_home = (home or Path.home()).absolute()
    return Target(agent=agent, scope=scope, home=user_home,
                  project=(project or project_root(Path.cwd())).absolute(),
                  python=(lasting_python(environment, user_home) if lasting
                          else core.current_python()),
                  store_home=resolved_store_home(store_home, environment, user_home),
                  env=environment)


def resolved_store_home(given: str | None, env: Mapping[str, str], home: Path) -> str:
    """The store the installer's own CLI would use (``--home``, ``$IHMT_HOME``,
    ``$XDG_DATA_HOME/ihmt``, ``~/.local/share/ihmt``), absolute. It is always written into
    the server entry and the hooks: an agent that starts the server with a filtered
    environment (Codex passes a whitelist; a GUI app has a login shell's minimum) would
    otherwise fall back to another default and serve an empty store beside the hooks'."""
    chosen = (given or "").strip() or env.get("IHMT_HOME", "").strip()
    if not chosen:
        xdg = env.get("XDG_DATA_HOME", "").strip()
        chosen = str(Path(xdg) / "ihmt" if xdg else home / ".local" / "share" / "ihmt")
    return str(Path(chosen).expanduser().absolute())


def run(target: Target, *, remove: bool, dry_run: bool) -> dict[str, Any]:
    """Plan (and unless ``dry_run`` apply) the install or uninstall; the ``--json`` reply."""
    steps_of: Callable[[Target, bool], list[Step]] = agent_modules()[target.agent].steps
    steps = steps_of(target, remove)
    planned = core.plan(steps)
    notices: list[str] = []
    if target.scope == "project":
        # the project's files now holding this machine's paths stay out of its commits
        holding = [] if remove else private_files.written_with_paths(target, planned)
        kept = private_files.tracked(target.project, holding)
        notices = private_files.tracked_notice(kept, target.project)
        excluded = private_files.exclude_step(
            target, [path for path in holding if path not in kept], remove)
        if excluded is not None:
            planned = core.plan([*steps, excluded])
    if not dry_run:
        core.apply(planned, target.state_file)
    changes: list[Change] = [change for _, change, _, _ in planned]
    next_steps_of: Callable[[Target], list[str]] = getattr(
        agent_modules()[target.agent], "next_steps", lambda _: [])
    return {"agent": target.agent, "scope": target.scope,
            "applied": not dry_run and any(c.action != "unchanged" for c in changes),
            "changes": [c.as_json() for c in changes],
            "next_steps": [] if remove else next_steps_of(target) + notices}
