"""Project files that hold this machine's paths, kept out of the repository.

A project-scope install writes the absolute interpreter and store paths into files inside
the repository (``.mcp.json``, ``.codex/config.toml``, ``opencode.json``, the hooks'
settings): committed, they would start a server that does not exist on a colleague's
machine (probe-agent). Each one the installer writes that git does not track is listed in the
repository's own ``.git/info/exclude`` (never committed, read by ``git status`` like a
``.gitignore``), in one marked block per agent that uninstall removes; one git already tracks
is left to the user, with a line saying so. A folder that is no git repository (or a machine
without git) is left as it is.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from pathlib import Path

from ihmt_async.install import blocks
from ihmt_async.install.common import created_file, created_here, whole_file_result
from ihmt_async.install.core import FileStep, Planned, RunStep, Target, which


def markers(agent: str) -> tuple[str, str]:
    """One block per agent: uninstalling one leaves another agent's lines."""
    return (f"# ihmt-async:begin {agent} (managed by `ihmt-async install`; files holding "
            "this machine's paths)", f"# ihmt-async:end {agent}")


def written_with_paths(t: Target, planned: Sequence[Planned]) -> list[Path]:
    """The project files the planned install leaves holding this installation's interpreter
    path: a file step's new text, or the file an agent's CLI writes (``RunStep.writes``)."""
    found: list[Path] = []
    for step, _, new, _ in planned:
        path = step.writes if isinstance(step, RunStep) else step.path
        holds = isinstance(step, RunStep) or (new is not None and t.python in new)
        if path is not None and holds and path.is_relative_to(t.project) \
                and path not in found:
            found.append(path)
    return found


def _git(project: Path, *args: str) -> str | None:
    git = which("git")
    if git is None:
        return None
    try:
        done = subprocess.run((git, "-C", str(project), *args), capture_output=True,
                              text=True, check=False, stdin=subprocess.DEVNULL, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return done.stdout if done.returncode == 0 else None


def exclude_file(project: Path) -> Path | None:
    """The repository's ``info/exclude`` (``.git`` may be a file pointing elsewhere: a
    worktree, a submodule), or None outside a git repository."""
    said = _git(project, "rev-parse", "--git-path", "info/exclude")
    if not said or not said.strip():
        return None
    path = Path(said.strip())
    return path if path.is_absolute() else project / path


def tracked(project: Path, paths: Sequence[Path]) -> list[Path]:
    """Which of ``paths`` git tracks (an exclude line does not apply to those)."""
    if not paths:
        return []
    listed = _git(project, "ls-files", "-z", "--", *(str(p) for p in paths))
    if listed is None:
        return []
    names = {project / name for name in listed.split("\0") if name}
    return [p for p in paths if p in names]


def exclude_step(t: Target, paths: Sequence[Path], remove: bool) -> FileStep | None:
    """The edit of ``.git/info/exclude`` that lists ``paths`` (install) or drops this agent's
    block (uninstall); None outside a git repository or with nothing to list."""
    if t.scope != "project":
        return None
    path = exclude_file(t.project)
    if path is None:
        return None
    marks = markers(t.agent)
    if remove:
        created = created_here(t, path)

        def drop(old: str | None) -> str | None:
            return whole_file_result(blocks.drop_block(old, marks), created)
        return FileStep(path, "remove this machine's files from .git/info/exclude", drop,
                        forgets=True)
    if not paths:
        return None
    body = "\n".join("/" + p.relative_to(t.project).as_posix() for p in paths)
    return FileStep(path, "keep the files holding this machine's paths out of git "
                          "(.git/info/exclude)",
                    lambda old: blocks.put_block(old, body, marks), creates=created_file)


def tracked_notice(paths: Sequence[Path], project: Path) -> list[str]:
    """A line for the files git already tracks: the install changed them with this
    machine's paths, which should not be committed."""
    if not paths:
        return []
    names = ", ".join(p.relative_to(project).as_posix() for p in paths)
    return [f"{names} {'is' if len(paths) == 1 else 'are'} tracked by git and now "
            "hold this machine's paths (the interpreter, the store): do not commit that "
            "change, or install with --scope user."]
