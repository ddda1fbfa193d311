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


def files_containing(needle: str, *roots: Path) -> list[Path]:
    data = needle.encode("utf-8")
    return [p for p in all_files(*roots) if data in p.read_bytes()]
