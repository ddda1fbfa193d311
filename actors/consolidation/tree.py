"""Planning the tree: which parentless items group into which branch, and the branch files.

Pure functions over catalog entries and child digests. Branch ids are a hash of the child ids,
so re-running an interrupted pass over the same group produces the same branch, which is what
makes a pass safe to repeat (no duplicate nodes, no orphans).

Grouping policy: full groups of ``branch_factor`` at every layer; a forced pass also files the
last, partial group of leaves (layer 0), even a single leaf, so that after a Flush every leaf
has a parent. Partial groups are never promoted above layer 0: doing so would stack one more
layer on top of the tree at every forced flush (depth growing with the number of flushes
instead of with log(leaves)); the few parentless nodes left per layer are the trunk, listed in
root.json.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from actors.consolidation.summarizer import (
    DIGEST_KEYWORDS,
    DIGEST_TAGS,
    ChildDigest,
    Summarizer,
    excerpt_for,
)
from store import catalog as catalog_table

Entry = Mapping[str, Any]
T = TypeVar("T")
UNPLACED_STATUSES = ("RETRACTED", "DELETED")


def node_id_for(layer: int, domain: str, child_ids: Sequence[str]) -> str:
    digest = hashlib.sha256("\n".join(child_ids).encode()).hexdigest()[:10]
    return f"N{layer}-{domain}-{digest}"


def is_trunk_item(entry: Entry) -> bool:
    """A parentless entry the tree should hold (retracted or deleted ones are never filed)."""
    return not entry.get("parent_id") and entry.get("status") not in UNPLACED_STATUSES


def parentless(entries: Mapping[str, Entry], layer: int) -> dict[str, list[Entry]]:
    """Parentless items of one layer per domain, in timestamp order (ties by id)."""
    by_domain: dict[str, list[Entry]] = {}
    for entry in entries.values():
        if int(entry.get("layer", 0)) != layer or not is_trunk_item(entry):
            continue
        by_domain.setdefault(entry["domain"], []).append(entry)
    for items in by_domain.values():
        items.sort(key=lambda e: (e.get("timestamp") or "", e["id"]))
    return by_domain


def files_partial_group(layer: int, force: bool) -> bool:
    """Whether a pass files the last, partial group of ``layer`` (see the module docstring)."""
    return force and layer == 0


def groups(items: Sequence[T], branch_factor: int, *, partial: bool) -> list[list[T]]:
    """Consecutive full groups of ``branch_factor``; with ``partial`` also the rest (if any)."""
    full = len(items) // branch_factor * branch_factor
    out = [list(items[i:i + branch_factor]) for i in range(0, full, branch_factor)]
    rest = list(items[full:])
    if partial and rest:
        out.append(rest)
    return out


def digest_of_leaf(header: Mapping[str, Any], text: str, excerpt_chars: int) -> ChildDigest:
    return ChildDigest(
        id=str(header["leaf_id"]), kind="leaf", title=str(header.get("title") or ""),
        excerpt=excerpt_for(text, excerpt_chars),
        keywords=tuple(header.get("keywords") or ())[:DIGEST_KEYWORDS],
        tags=tuple(header.get("tags") or ())[:DIGEST_TAGS],
        entities=tuple(header.get("entities") or ()),
        timestamp=str(header.get("timestamp") or ""), leaf_count=1,
    )


def digest_of_node(node: Mapping[str, Any], excerpt_chars: int) -> ChildDigest:
    span = node.get("time_range") or {}
    return ChildDigest(
        id=str(node["node_id"]), kind="node", title=str(node.get("title") or ""),
        excerpt=excerpt_for(str(node.get("summary") or ""), excerpt_chars),
        keywords=tuple(node.get("keywords") or ())[:DIGEST_KEYWORDS],
        tags=tuple(node.get("tags") or ())[:DIGEST_TAGS],
        entities=tuple(node.get("entities") or ()),
        timestamp=str(span.get("end") or span.get("start") or ""),
        leaf_count=int(node.get("leaf_count") or 0),
    )


def link_records(node: Mapping[str, Any], relpath: str,
                 child_ids: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The catalog records that file ``node``: its children's parent links, then its entry.

    Links first, entry last: a write cut short by a kill leaves children naming a parent the
    catalog lacks (detectable and completed from the branch file, see ``repair``), never a
    branch entry whose listed children do not point back at it.
    """
    kids = node["child_ids"] if child_ids is None else child_ids
    return [*(catalog_table.patch(str(c), parent_id=node["node_id"]) for c in kids),
            catalog_table.put(catalog_table.entry_from_branch(node, relpath))]


def child_record(digest: ChildDigest, path: str) -> dict[str, Any]:
    """How a branch file embeds one child (IHMT's shape)."""
    return {"id": digest.id, "kind": digest.kind, "title": digest.title,
            "excerpt": digest.excerpt, "path": path, "keywords": list(digest.keywords),
            "tags": list(digest.tags), "timestamp": digest.timestamp,
            "leaf_count": digest.leaf_count}


def build_branch(*, layer: int, domain: str, children: Sequence[ChildDigest],
                 paths: Sequence[str], summarizer: Summarizer, now: str) -> dict[str, Any]:
    child_ids = [c.id for c in children]
    summary = summarizer.summarize(domain, layer, children)
    return {
        "node_id": node_id_for(layer, domain, child_ids),
        "schema_version": 1,
        "layer": layer,
        "domain": domain,
        "title": summary.title,
        "summary": summary.summary,
        "keywords": list(summary.keywords),
        "tags": list(summary.tags),
        "entities": list(summary.entities),
        "parent_id": None,
        "leaf_count": sum(c.leaf_count for c in children),
        "time_range": {"start": summary.time_range[0], "end": summary.time_range[1]},
        "created_at": now,
        "updated_at": now,
        "backend": summarizer.name,
        "child_ids": child_ids,
        "children": [child_record(c, p) for c, p in zip(children, paths, strict=True)],
    }
