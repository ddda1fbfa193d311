"""root.json: the trunk of the tree, one digest per domain of its parentless items. Pure.

IHMT's shape (title, summary, depth, leaf_count, node_count, time_range, topics, domains), so an
IHMT reader still understands it. Navigation does not depend on it for freshness: its read model
also covers leaves saved after the last pass.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from actors.consolidation.summarizer import ChildDigest, domain_digest, time_range

TOPICS_PER_DOMAIN = 5
STAMPS = ("created_at", "updated_at")


def unchanged(old: Mapping[str, Any] | None, new: Mapping[str, Any]) -> bool:
    """Whether ``new`` says what ``old`` says (their stamps aside): then root.json stays as is,
    which keeps a repeated pass from touching any file."""
    if old is None:
        return False
    return ({k: v for k, v in old.items() if k not in STAMPS}
            == {k: v for k, v in new.items() if k not in STAMPS})


def build_root(entries: Mapping[str, Mapping[str, Any]],
               top_items: Mapping[str, Sequence[ChildDigest]], *, now: str,
               created_at: str | None = None) -> dict[str, Any]:
    leaves = [e for e in entries.values() if e.get("kind") == "leaf"]
    nodes = [e for e in entries.values() if e.get("kind") == "node"]
    depth = max((int(n.get("layer", 0)) for n in nodes), default=0)
    domains: dict[str, Any] = {}
    topics: list[str] = []
    for domain in sorted(top_items):
        items = sorted(top_items[domain], key=lambda d: (d.timestamp, d.id))
        digest = domain_digest(domain, items)
        domains[domain] = digest
        topics.append(domain)
        topics.extend(list(digest["keywords"])[:TOPICS_PER_DOMAIN])  # type: ignore[call-overload]
    per_domain = {d: sum(1 for e in leaves if e["domain"] == d) for d in domains}
    span = time_range(str(e.get("timestamp") or "") for e in leaves)
    summary = (f"{len(leaves)} leaves across {len(domains)} domains, depth {depth}. Domains: "
               + "; ".join(f"{d} ({n} leaves)" for d, n in per_domain.items()) + ".")
    return {
        "schema_version": 1,
        "title": "IHMT — Infinite Hierarchical Memory Tree",
        "summary": summary,
        "created_at": created_at or now,
        "updated_at": now,
        "depth": depth,
        "leaf_count": len(leaves),
        "node_count": len(nodes),
        "time_range": {"start": span[0], "end": span[1]},
        "topics": topics,
        "domains": domains,
    }
