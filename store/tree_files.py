"""Branch files (``layers/<n>/<node_id>.json``) and ``root.json``, in IHMT's shapes.

A branch embeds each child's title, excerpt, keywords and tags so a level can be ranked without
opening the children. Branch files are written once, atomically, before any child points at
them; root.json is replaced whole under the ``root`` lock. This module only reads and writes.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from store.atomic import is_temp_file, write_json_atomic
from store.errors import MalformedFile, UnknownSchemaVersion
from store.paths import StoreLayout


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise MalformedFile(path, "not valid UTF-8") from None
    except ValueError as exc:
        raise MalformedFile(path, f"not valid JSON ({exc.args[0]})") from None
    if not isinstance(data, dict):
        raise MalformedFile(path, "not a JSON object")
    if data.get("schema_version", 1) != 1:
        raise UnknownSchemaVersion(path, f"unknown schema_version {data.get('schema_version')!r}")
    return data


def read_branch(path: Path) -> dict[str, Any]:
    data = _read_json(path)
    for key in ("node_id", "layer", "domain"):
        if key not in data:
            raise MalformedFile(path, f"the branch has no '{key}'")
    if not isinstance(data.get("child_ids", []), list):
        raise MalformedFile(path, "'child_ids' is not a list")
    # Shapes the catalog and rebuild rely on: a hand-edited branch must fail here, typed,
    # not as a TypeError deep inside a rebuild.
    if not isinstance(data["node_id"], str) or not isinstance(data["domain"], str):
        raise MalformedFile(path, "'node_id' and 'domain' must be text")
    for key in ("layer", "leaf_count"):
        if key in data and (not isinstance(data[key], int) or isinstance(data[key], bool)):
            raise MalformedFile(path, f"'{key}' is not a whole number")
    if not isinstance(data.get("time_range") or {}, dict):
        raise MalformedFile(path, "'time_range' is not a JSON object")
    if not all(isinstance(child, str) for child in data.get("child_ids", [])):
        raise MalformedFile(path, "'child_ids' holds something that is not an id")
    return data


def write_branch(layout: StoreLayout, node: Mapping[str, Any]) -> Path:
    path = layout.branch_path(int(node["layer"]), str(node["node_id"]))
    write_json_atomic(path, dict(node))
    return path


def iter_branch_files(layout: StoreLayout) -> Iterator[Path]:
    if not layout.layers_dir.exists():
        return
    for layer_dir in sorted(layout.layers_dir.iterdir()):
        if not layer_dir.is_dir() or not layer_dir.name.isdigit():
            continue
        for path in sorted(layer_dir.glob("*.json")):
            if not is_temp_file(path):
                yield path


def iter_leaf_files(layout: StoreLayout) -> Iterator[Path]:
    if not layout.leaves_dir.exists():
        return
    for domain_dir in sorted(layout.leaves_dir.iterdir()):
        if not domain_dir.is_dir():
            continue
        for path in sorted(domain_dir.glob("*.txt")):
            if not is_temp_file(path):
                yield path


def read_root(layout: StoreLayout) -> dict[str, Any] | None:
    if not layout.root_file.exists():
        return None
    return _read_json(layout.root_file)


def write_root(layout: StoreLayout, root: Mapping[str, Any]) -> None:
    write_json_atomic(layout.root_file, dict(root))
