"""``ihmt-async ingest``: files and folders into memory, trustworthy on real project folders.

Walking: hidden (dot) directories and files are skipped relative to the folder given (a folder
that itself sits under a dot-directory is still ingested), so are ``__pycache__`` and whatever
the folders' ``.gitignore`` files exclude; binary, undecodable and empty files are skipped
quietly and counted. Saving: a file whose text is already stored is "unchanged"; a file that
was ingested before with other text is "updated" and its previous version is retracted (IHMT's
``replace_previous`` for file ingest), so search never serves a stale copy. The summary
counts new / unchanged / updated / skipped / failed, with the time it took. Progress (files done
of files found, then the consolidation pass) goes to the ``ProgressFn`` receivers the caller
passes (the CLI's terminal line, ``ihmt_async.progress``); this module prints nothing.

It must never follow a symlink out of the folder, and never stop at the first bad file.
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pathspec

from actors.consolidation.messages import Flush
from actors.facts.messages import Retract
from actors.ingest.messages import Save
from actors.navigation.messages import LeavesOf
from ihmt_async.runtime import Runtime
from store.errors import IhmtError, InvalidArgument
from store.progress import ProgressFn, no_progress

SKIP_DIRS = frozenset({"__pycache__", "node_modules"})
SNIFF_BYTES = 8192


@dataclass
class Summary:
    new: int = 0
    unchanged: int = 0
    updated: int = 0
    failed: int = 0
    skipped: Counter[str] = field(default_factory=Counter)
    branches_written: int = 0
    elapsed_s: float = 0.0
    failures: list[tuple[str, str]] = field(default_factory=list)

    def as_json(self) -> dict[str, object]:
        return {"new": self.new, "unchanged": self.unchanged, "updated": self.updated,
                "skipped": sum(self.skipped.values()), "skipped_by_reason": dict(self.skipped),
                "failed": self.failed, "failures": [{"path": p, "error": e}
                                                    for p, e in self.failures],
                "branches_written": self.branches_written,
                "elapsed_s": round(self.elapsed_s, 2)}

    def line(self) -> str:
        skipped = sum(self.skipped.values())
        reasons = ", ".join(f"{n} {why}" for why, n in sorted(self.skipped.items()))
        return (f"Ingested {self.new} new, {self.updated} updated, {self.unchanged} unchanged; "
                f"skipped {skipped}{f' ({reasons})' if reasons else ''}; failed "
                f"{self.failed}; consolidation wrote {self.branches_written} branch(es); "
                f"{self.elapsed_s:.1f} s.")


def _ignore_spec(directory: Path) -> pathspec.GitIgnoreSpec | None:
    try:
        lines = (directory / ".gitignore").read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return None
    return pathspec.GitIgnoreSpec.from_lines(lines)


def walk(root: Path, skipped: Counter[str]) -> Iterator[Path]:
    """Files under ``root`` to ingest, in a stable order; counts what it leaves out."""
    specs: list[tuple[Path, pathspec.GitIgnoreSpec]] = []

    def ignored(path: Path, is_dir: bool) -> bool:
        for base, spec in specs:
            if base in path.parents:
                relative = path.relative_to(base).as_posix() + ("/" if is_dir else "")
                if spec.match_file(relative):
                    return True
        return False

    for current, dirs, files in os.walk(root):
        here = Path(current)
        spec = _ignore_spec(here)
        if spec is not None:
            specs.append((here, spec))
        kept = []
        for name in sorted(dirs):
            path = here / name
            if name.startswith(".") or path.is_symlink():
                continue
            if name in SKIP_DIRS:
                skipped["cache directory"] += 1
                continue
            if ignored(path, True):
                skipped["ignored"] += 1
                continue
            kept.append(name)
        dirs[:] = kept
        for name in sorted(files):
            path = here / name
            if name.startswith("."):
                continue
            if path.is_symlink() and root.resolve() not in path.resolve().parents:
                skipped["outside the folder"] += 1
                continue
            if ignored(path, False):
                skipped["ignored"] += 1
                continue
            yield path


def collect(paths: Sequence[str], skipped: Counter[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw).expanduser().absolute()
        if path.is_dir():
            files.extend(walk(path, skipped))
        elif path.is_file():
            files.append(path)
        elif path.exists():
            raise InvalidArgument(f"{raw} is not a regular file or a directory (a device, a "
                                  "pipe or a socket); nothing was ingested.")
        else:
            raise InvalidArgument(f"No such file or directory: {raw}")
    return files


def read_text(path: Path) -> tuple[str | None, str]:
    """The file's text, or None and why it is skipped (binary, undecodable, empty)."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"unreadable ({exc.strerror or exc})"
    if b"\0" in data[:SNIFF_BYTES]:
        return None, "binary"
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None, "not UTF-8"
    if not text.strip():
        return None, "empty"
    return text, ""


async def ingest(home: str | None, paths: Sequence[str], *, domain: str | None,
                 content_type: str, origin: str, provenance: object,
                 progress: ProgressFn = no_progress,
                 consolidation_progress: ProgressFn = no_progress) -> Summary:
    summary = Summary()
    started = time.monotonic()
    files = collect(paths, summary.skipped)
    async with Runtime(home, provenance=provenance,  # type: ignore[arg-type]
                       background_consolidation=False) as rt:
        progress(0, len(files))
        for index, path in enumerate(files, start=1):
            text, why = read_text(path)
            if text is None:
                summary.skipped[why] += 1
            else:
                await _ingest_one(rt, path, text, summary, domain=domain,
                                  content_type=content_type, origin=origin)
            progress(index, len(files))
        summary.branches_written = (await rt.consolidation.ask(
            Flush(force=False, progress=consolidation_progress))).branches_written
    summary.elapsed_s = time.monotonic() - started
    return summary


async def _ingest_one(rt: Runtime, path: Path, text: str, summary: Summary, *,
                      domain: str | None, content_type: str, origin: str) -> None:
    source = str(path)
    try:
        before = set(await rt.navigation.ask(LeavesOf(source=source)))
        result = await rt.ingest.ask(Save(content=text, domain=domain, content_type=content_type,
                                          origin=origin, provenance=rt.provenance,
                                          source=source))
        stale = sorted(before - set(result.leaf_ids))
        for leaf_id in stale:
            await rt.facts.ask(Retract(target=leaf_id, provenance=rt.provenance,
                                       reason=f"{path.name} changed; replaced by its new "
                                       "version"))
        if before and stale:
            summary.updated += 1
        elif set(result.repeated) == set(result.leaf_ids):
            summary.unchanged += 1
        else:
            summary.new += 1
    except IhmtError as exc:
        summary.failed += 1
        summary.failures.append((source, str(exc)))
