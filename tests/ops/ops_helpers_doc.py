"""Small helpers shared by the doctor tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any


def leaf_files(root: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for p in sorted((root / "layer_0").rglob("*.txt"))}


def codes_of(items: Iterable[Mapping[str, Any]]) -> set[str]:
    return {str(item["code"]) for item in items}
