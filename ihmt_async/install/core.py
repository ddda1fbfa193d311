"""Plan and apply an installation: file edits (with a backup copy) and agent CLI commands.

An agent module turns a ``Target`` (which agent, user or project scope, the absolute command
of this installation) into ``Step``s; this module computes each step's change (a unified diff
or a command line), prints nothing, and applies them only when asked. Planning reads files and
never writes; applying writes each file atomically after copying the old one to ``<file>.bak``,
or, for a file inside a repository, to the installer's state folder (``backup_path``): a
``.bak`` in a project would show up in ``git status`` and could be committed.

It must never write outside the paths the steps name, and never run a command in a dry run.
"""

from __future__ import annotations

import difflib
import json
import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ihmt_async.install import textfile
from store.errors import IhmtError

SERVER_NAME = "ihmt-async"
AGENTS = ("claude-code", "codex", "opencode", "gemini", "cursor", "claude-desktop", "vscode")
SCOPES = ("user", "project")
STARTUP_TIMEOUT_S = 60
"""How long an agent that lets its config say so waits for the server to start (Codex's
``startup_timeout_sec``, default 10 s; opencode's ``timeout``, default 5 s). The first start
after an install (cold file cache, the store opening its indexes) was measured at 5 s. On a
busy 2-core machine a start is mostly the interpreter's: an outside probe measured 16-18 s
from spawn to the ``initialize`` reply at load ~28 (2.8 s at load 1), and up to 56 s for
servers started two at a time; ``ihmt-async --version`` alone took 4 s there. The limit only
matters for a server that never answers, so it is set where a loaded machine's start fits."""


@dataclass(frozen=True)
class Target:
    """Where and what to install."""

    agent: str
    scope: str
    home: Path
    """The user's home (``$HOME``): user-scope config files live under it."""
    project: Path
    """The project directory (the working directory): project-scope files live under it."""
    python: str
    """The interpreter of this installation, absolute."""
    store_home: str | None = None
    """IHMT_HOME to pass to the server and hooks (``make_target`` always resolves one)."""
    env: dict[str, str] = field(default_factory=dict)

    @property
    def server_argv(self) -> list[str]:
        return [self.python, "-m", "ihmt_async", "serve"]

    @property
    def server_env(self) -> dict[str, str]:
        return {"IHMT_HOME": self.store_home} if self.store_home else {}

    def hook_command(self, subcommand: str, *options: str) -> str:
        argv = [self.python, "-m", "ihmt_async", subcommand, *options]
        if self.store_home:
            argv += ["--home", self.store_home]
        return shlex.join(argv)

    def base(self) -> Path:
        return self.home if self.scope == "user" else self.project

    @property
    def state_file(self) -> Path:
        """What install created inside JSON files (containers, whole files), so uninstall
        removes exactly those and leaves an empty container the user had."""
        xdg = self.env.get("XDG_STATE_HOME", "").strip()
        return (Path(xdg) if xdg else self.home / ".local" / "state") / "ihmt-async" / \
            "installed.json"


Created = list[tuple[str, ...]]


def load_state(path: Path) -> dict[str, list[tuple[str, ...]]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): [tuple(map(str, item)) for item in v if isinstance(item, list)]
            for k, v in data.items() if isinstance(v, list)}


def save_state(path: Path, state: dict[str, list[tuple[str, ...]]]) -> None:
    kept = {k: [list(item) for item in v] for k, v in state.items() if v}
    if not kept:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.write_text(json.dumps(kept, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(temporary, path)


@dataclass(frozen=True)
class FileStep:
    """Rewrite one file: ``transform(old text or None) -> new text or None (delete)``.

    ``creates`` (install) names the JSON containers the edit adds to the file (``()`` for the
    file itself), recorded in the state file; ``forgets`` (uninstall) drops the record.
    ``emptied`` is written instead of deleting when the file is a symlink (the user's own
    link, which uninstall must keep)."""

    path: Path
    summary: str
    transform: Callable[[str | None], str | None]
    creates: Callable[[str | None], Created] | None = None
    forgets: bool = False
    emptied: str = ""


@dataclass(frozen=True)
class RunStep:
    """Run an agent's own CLI; skipped when ``needed`` is false."""

    argv: tuple[str, ...]
    summary: str
    needed: bool
    cwd: Path | None = None
    """Where to run it: a CLI that writes a project file (``claude mcp add-json --scope
    project`` writes ``./.mcp.json``) runs in the project root, not in a subdirectory."""
    writes: Path | None = None
    """The config file the command writes (``private_files``: one inside a project holds
    this machine's paths)."""


Step = FileStep | RunStep


@dataclass(frozen=True)
class Change:
    action: str  # "create" | "edit" | "delete" | "run" | "unchanged"
    path: str
    summary: str
    detail: str

    def as_json(self) -> dict[str, str]:
        return {"action": self.action, "path": self.path, "summary": self.summary,
                "detail": self.detail}


def _diff(path: Path, old: str | None, new: str | None) -> str:
    lines = difflib.unified_diff((old or "").splitlines(keepends=True),
                                 (new or "").splitlines(keepends=True),
                                 fromfile=str(path) if old is not None else "/dev/null",
                                 tofile=str(path) if new is not None else "/dev/null")
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
                   for line in lines)


Planned = tuple[Step, Change, str | None, Created]


def plan(steps: Sequence[Step]) -> list[Planned]:
    """Each step's change, for a file its new text and the containers it creates; reads
    only. Steps on the same file see the text the earlier ones left."""
    planned: list[Planned] = []
    pending: dict[Path, str | None] = {}
    for step in steps:
        if isinstance(step, RunStep):
            action = "run" if step.needed else "unchanged"
            command = shlex.join(step.argv)
            if step.cwd is not None:
                command = f"cd {shlex.quote(str(step.cwd))} && {command}"
            planned.append((step, Change(action, step.argv[0], step.summary, command),
                            None, []))
            continue
        old = pending[step.path] if step.path in pending else textfile.read(step.path)
        new = textfile.in_file_newlines(step.transform, old)
        if new is None and old is not None and step.path.is_symlink():
            new = step.emptied
        pending[step.path] = new
        created = (step.creates(textfile.as_edited(old))
                   if step.creates is not None and new != old else [])
        if new == old:
            planned.append((step, Change("unchanged", str(step.path), step.summary, ""), new,
                            created))
        else:
            action = "create" if old is None else "delete" if new is None else "edit"
            planned.append((step, Change(action, str(step.path), step.summary,
                                         _diff(step.path, old, new)), new, created))
    return planned


def backup_path(path: Path, state_file: Path) -> Path:
    """Where the copy of ``path`` goes before an edit: beside it, unless it lies inside a
    repository (then ``<state folder>/backups/<its absolute path>.bak``; git keeps the
    history of a tracked file anyway, and an untracked one still gets its copy)."""
    if not _in_repository(path.parent):
        return path.with_name(path.name + ".bak")
    absolute = path.absolute()
    return state_file.parent / "backups" / absolute.relative_to(absolute.anchor).with_name(
        absolute.name + ".bak")


def _in_repository(folder: Path) -> bool:
    here = folder.absolute()
    return any((p / marker).exists() for p in (here, *here.parents)
               for marker in (".git", ".hg", ".svn"))


def apply(planned: Sequence[Planned], state_file: Path) -> None:
    """Carry out every changed step, in order; each file is written once, with its final
    text, after a ``.bak`` copy of what was there. Stops at the first failure. Folders a
    write created are recorded, and removed again when uninstall deletes the file that
    needed them and they are left empty."""
    final: dict[Path, str | None] = {}
    state = load_state(state_file)
    for step, change, new, created in planned:
        if isinstance(step, FileStep):
            final[step.path] = new
            key = str(step.path)
            if step.forgets and change.action != "unchanged":
                state.pop(key, None)
            for item in created:
                if item not in state.setdefault(key, []):
                    state[key].append(item)
    written: set[Path] = set()
    for step, change, _, _ in planned:
        if change.action == "unchanged":
            continue
        if isinstance(step, RunStep):
            done = subprocess.run(step.argv, capture_output=True, text=True, check=False,
                                  stdin=subprocess.DEVNULL, cwd=step.cwd)
            if done.returncode != 0:
                raise InstallFailed(f"{shlex.join(step.argv)} failed ({done.returncode}): "
                                    f"{(done.stderr or done.stdout).strip()[:500]}")
            continue
        if step.path in written:
            continue
        written.add(step.path)
        new = final[step.path]
        if textfile.read(step.path) == new:
            continue
        if new is None:
            textfile.delete(step.path)
            textfile.prune_folders(step.path.parent, lambda d: () in state.get(str(d), []),
                                   lambda d: state.pop(str(d), None))
        else:
            for folder in textfile.write(step.path, new, backup_path(step.path, state_file)):
                state[str(folder)] = [()]
    save_state(state_file, state)


class InstallFailed(IhmtError):
    """An agent's CLI refused a command the installer ran."""


def which(program: str) -> str | None:
    return shutil.which(program)


def current_python() -> str:
    return str(Path(sys.executable).absolute())
