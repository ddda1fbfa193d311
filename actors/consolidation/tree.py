"""Planning the tree: which parentless items group into which branch, and the branch files.

Pure functions over catalog entries and child digests. Branch ids are a hash of the child ids,
so re-running an interrupted pass over the same group produces the same branch, which is what
makes a pass safe to repeat (no duplicate nodes, no orphans).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from typing import Any

from actors.consolidation.summarizer import (
    DIGEST_KEYWORDS,
    DIGEST_TAGS,
    ChildDigest,
    Summarizer,
    excerpt_for,
)

Entry = Mapping[str, Any]


def node_id_for(layer: int, domain: str, child_ids: Sequence[str]) -> str:
    digest = hashlib.sha256("\n".join(child_ids).encode()).hexdigest()[:10]
    return f"N{layer}-{domain}-{digest}"


def parentless(entries: Mapping[str, Entry], layer: int) -> dict[str, list[Entry]]:
    """Parentless items of one layer per domain, in timestamp order (ties by id)."""
    by_domain: dict[str, list[Entry]] = {}
    for entry in entries.values():
        if int(entry.get("layer", 0)) != layer or entry.get("parent_id"):
            continue
        if entry.get("status") in ("RETRACTED", "DELETED"):
            continue
        by_domain.setdefault(entry["domain"], []).append(entry)
    for items in by_domain.values():
        items.sort(key=lambda e: (e.get("timestamp") or "", e["id"]))
    return by_domain


def groups(items: Sequence[Entry], branch_factor: int, *, force: bool) -> list[list[Entry]]:
    """Full groups of ``branch_factor``; with ``force`` also a last partial group of 2 or more."""
    full = len(items) // branch_factor * branch_factor
    out = [list(items[i:i + branch_factor]) for i in range(0, full, branch_factor)]
    rest = list(items[full:])
    if force and len(rest) >= 2:
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
