"""Leaf files on disk: write, read and list ``layer_0/<domain>/<leaf_id>.txt``.

Writing keeps whatever header fields an earlier version of the same leaf had and we do not set
(unknown fields survive a rewrite), and keeps the first ``ingested_at``: a repeat save of the
same text is the same leaf, not a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from store.atomic import ensure_private_dir, write_atomic
from store.errors import InvalidArgument, MalformedFile, map_os_error
from store.leaf_format import LeafFile, read_leaf, render_leaf
from store.paths import StoreLayout, is_safe_id

KEEP_FROM_EARLIER = ("ingested_at", "parent_id")


@dataclass(frozen=True)
class WrittenLeaf:
    leaf: LeafFile
    relpath: str
    existed: bool
    """True when a leaf with this id was already on disk (a repeat save)."""


def write_leaf(layout: StoreLayout, header: Mapping[str, Any], text: str) -> WrittenLeaf:
    leaf_id = str(header["leaf_id"])
    if not is_safe_id(leaf_id):
        raise InvalidArgument(f"Unsafe leaf id {leaf_id!r}: only letters, digits, '.', '_' "
                              "and '-' are allowed.")
    domain = str(header["domain"])
    path = layout.leaf_path(domain, leaf_id)
    merged: dict[str, Any] = dict(header)
    # Every refusal of the disk on the way, the look for an earlier copy included (a domain
    # folder this user may not enter refuses the stat), is the store's typed error: the save
    # is refused with one sentence, never an actor crash.
    try:
        existed = path.exists()
        if existed:
            try:
                earlier = read_leaf(path)
            except MalformedFile:
                earlier = None
            if earlier is not None:
                merged = {**earlier.header, **header}
                for key in KEEP_FROM_EARLIER:
                    if earlier.header.get(key):
                        merged[key] = earlier.header[key]
        ensure_private_dir(path.parent)
        write_atomic(path, render_leaf(merged, text))
    except OSError as exc:
        raise map_os_error(exc, path) from exc
    return WrittenLeaf(LeafFile(merged, text, path), layout.leaf_relpath(domain, leaf_id),
                       existed)


def read_leaf_at(layout: StoreLayout, relpath: str) -> LeafFile:
    return read_leaf(layout.resolve(relpath))


def leaf_relpath_of(layout: StoreLayout, path: Path) -> str:
    return path.resolve().relative_to(layout.root.resolve()).as_posix()
