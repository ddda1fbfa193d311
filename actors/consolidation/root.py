"""root.json: the trunk of the tree, one digest per domain of its parentless items. Pure.

IHMT's shape (title, summary, depth, leaf_count, node_count, time_range, topics, domains), so an
IHMT reader still understands it. Navigation does not depend on it for freshness: its read model
also covers leaves saved after the last pass.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from actors.consolidation.summarizer import ChildDigest, domain_digest
from store.catalog import Counts

TOPICS_PER_DOMAIN = 5
STAMPS = ("created_at", "updated_at")


def unchanged(old: Mapping[str, Any] | None, new: Mapping[str, Any]) -> bool:
    """Whether ``new`` says what ``old`` says (their stamps aside): then root.json stays as is,
    which keeps a repeated pass from touching any file."""
    if old is None:
        return False
    return ({k: v for k, v in old.items() if k not in STAMPS}
            == {k: v for k, v in new.items() if k not in STAMPS})


def build_root(counts: Counts, span: tuple[str, str],
               top_items: Mapping[str, Sequence[ChildDigest]], *, now: str,
               created_at: str | None = None) -> dict[str, Any]:
    """The root of a catalog of ``counts`` (its tallies) whose leaves span ``span``."""
    leaves = sum(counts.leaves_by_domain.values())
    domains: dict[str, Any] = {}
    topics: list[str] = []
    for domain in sorted(top_items):
        items = sorted(top_items[domain], key=lambda d: (d.timestamp, d.id))
        digest = domain_digest(domain, items)
        domains[domain] = digest
        topics.append(domain)
        topics.extend(list(digest["keywords"])[:TOPICS_PER_DOMAIN])  # type: ignore[call-overload]
    per_domain = {d: counts.leaves_by_domain.get(d, 0) for d in domains}
    depth = counts.depth
    summary = (f"{leaves} leaves across {len(domains)} domains, depth {depth}. Domains: "
               + "; ".join(f"{d} ({n} leaves)" for d, n in per_domain.items()) + ".")
    return {
        "schema_version": 1,
        "title": "IHMT — Infinite Hierarchical Memory Tree",
        "summary": summary,
        "created_at": created_at or now,
        "updated_at": now,
        "depth": depth,
        "leaf_count": leaves,
        "node_count": counts.nodes,
        "time_range": {"start": span[0], "end": span[1]},
        "topics": topics,
        "domains": domains,
    }
