"""Helpers over every file a test's store and scratch directories hold."""

from __future__ import annotations

import hashlib
from pathlib import Path


def all_files(*roots: Path) -> list[Path]:
    return sorted(p for root in roots if root.exists() for p in root.rglob("*") if p.is_file())


def tree_digest(root: Path) -> dict[str, str]:
    """Relative path -> sha256 of every file under ``root`` (and directories as "dir")."""
    out: dict[str, str] = {}
    if not root.exists():
        return out
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        out[rel] = "dir" if path.is_dir() else hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def read_or_empty(path: Path) -> bytes:
    """A file's bytes, or b"" when it went away since it was listed (a background writer's
    temp file renamed into place: its content is then in the file it became)."""
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return b""


def files_containing(needle: str, *roots: Path) -> list[Path]:
    data = needle.encode("utf-8")
    return [p for p in all_files(*roots) if data in read_or_empty(p)]


NO_BACKGROUND_PASS = {"IHMT_CONSOLIDATION_QUIET_S": "3600",
                      "IHMT_CONSOLIDATION_BATCH": "1000000"}
"""Server environment for tests that hash the store before and after a refusal: no
consolidation pass may run in between (it would change the tree for its own reasons)."""


async def first_pass_done(home: Path, timeout_s: float = 60.0) -> None:
    """Wait for the consolidation pass a store's first save starts at once (it writes
    ``root.json``) to finish, so a digest taken next sees no background writer."""
    import anyio

    store = home / "ihmt_memory"
    with anyio.fail_after(timeout_s):
        while not (store / "root.json").exists() or any(
                p.stat().st_size for p in (store / "state" / "locks").glob("*.lock")):
            await anyio.sleep(0.05)


async def vectors_written(home: Path, timeout_s: float = 60.0) -> None:
    """Wait until the background embedder has stored the vectors of every memory (the log's
    ``embedding.progress`` with nothing remaining): a snapshot of the store's files taken
    before would see the vectors' write as a change."""
    import anyio

    log = home / "ihmt_memory" / "logs" / "ihmt.jsonl"
    with anyio.fail_after(timeout_s):
        while not log.exists() or not any(
                '"embedding.progress"' in line and '"remaining": 0' in line
                for line in log.read_text(errors="replace").splitlines()):
            await anyio.sleep(0.05)


async def model_loaded(home: Path, timeout_s: float = 60.0) -> None:
    """Wait until the server has loaded its embedding model and built its word table in the
    background (the log says ``embedding.words_built``, or ``embedding.load_failed``): a
    memory figure taken before would count the model's own load as the growth under test."""
    import anyio

    log = home / "ihmt_memory" / "logs" / "ihmt.jsonl"
    with anyio.fail_after(timeout_s):
        while not log.exists() or not any(
                event in line for line in log.read_text(errors="replace").splitlines()
                for event in ('"embedding.words_built"', '"embedding.load_failed"')):
            await anyio.sleep(0.05)
