"""The beam descent over the summary tree (IHMT's search), on the read model.

Domains are ranked first (all kept when none scores); then, level by level, the siblings of the
frontier are scored with BM25 on their embedded descriptors (statistics per level), leaves that
score are pooled, and the best ``beam_width`` branches are opened. The trunk is the read
model's parentless items, so leaves saved since the last consolidation are part of it.
The descent can miss a leaf whose words are not in its ancestors' descriptors; the caller
covers that with the full-text fallback and says which it used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from actors.navigation.bm25 import Descriptor, score_descriptors
from actors.navigation.query import Query
from actors.navigation.read_model import ReadModel


@dataclass
class Descent:
    leaves: dict[str, float] = field(default_factory=dict)
    domains_ranked: tuple[str, ...] = ()
    branches_opened: int = 0
    node_reads: int = 0
    leaves_scored: int = 0


def _item_descriptor(model: ReadModel, item_id: str) -> tuple[Descriptor, str] | None:
    """A trunk item as a descriptor, and its kind."""
    meta = model.leaves.get(item_id)
    if meta is not None:
        return Descriptor(item_id, {"title": meta.title, "keywords": list(meta.keywords),
                                    "tags": list(meta.tags), "excerpt": meta.excerpt}), "leaf"
    entry = model.entry(item_id)
    if entry is None or entry.get("kind") != "node":
        return None
    node = model.branch(item_id)
    if node is None:
        return None
    return Descriptor(item_id, {"title": str(node.get("title") or ""),
                                "keywords": list(node.get("keywords") or []),
                                "tags": list(node.get("tags") or []),
                                "summary": str(node.get("summary") or "")}), "node"


def _child_descriptor(child: Mapping[str, Any]) -> tuple[Descriptor, str]:
    return Descriptor(str(child["id"]), {"title": str(child.get("title") or ""),
                                         "keywords": list(child.get("keywords") or []),
                                         "tags": list(child.get("tags") or []),
                                         "excerpt": str(child.get("excerpt") or "")}), \
        str(child.get("kind") or "leaf")


def rank_domains(query: Query, model: ReadModel) -> list[str]:
    domains = [d for d, members in model.top.items() if members]
    descriptors = []
    for domain in domains:
        keywords: list[str] = []
        for item_id in list(model.top[domain])[:64]:
            found = _item_descriptor(model, item_id)
            if found:
                keywords.extend(found[0].fields.get("keywords", []))  # type: ignore[arg-type]
        descriptors.append(Descriptor(domain, {"title": domain.replace(".", " "),
                                               "keywords": keywords}))
    scored = [d for d, score, _ in score_descriptors(query, descriptors) if score > 0]
    return scored if scored else sorted(domains)


def descend(query: Query, model: ReadModel, *, beam_width: int,
            admissible: Callable[[str], bool]) -> Descent:
    result = Descent()
    domains = rank_domains(query, model)
    result.domains_ranked = tuple(domains)
    frontier: list[tuple[Descriptor, str]] = []
    for domain in domains:
        for item_id in model.top.get(domain, {}):
            found = _item_descriptor(model, item_id)
            if found is not None:
                frontier.append(found)
    visited: set[str] = set()
    while frontier:
        kinds = {d.id: kind for d, kind in frontier}
        scored = score_descriptors(query, [d for d, _ in frontier])
        nodes: list[str] = []
        for item_id, score, _matched in scored:
            if score <= 0:
                continue
            if kinds[item_id] == "leaf":
                result.leaves_scored += 1
                if item_id in model.leaves and admissible(item_id):
                    result.leaves[item_id] = max(score, result.leaves.get(item_id, 0.0))
            elif item_id not in visited:
                nodes.append(item_id)
        frontier = []
        for node_id in nodes[:beam_width]:
            visited.add(node_id)
            node = model.branch(node_id)
            result.node_reads += 1
            if node is None:
                continue
            result.branches_opened += 1
            frontier.extend(_child_descriptor(c) for c in node.get("children", []))
    return result
