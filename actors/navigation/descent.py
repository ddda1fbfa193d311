"""The beam descent over the summary tree (IHMT's search), on the read model.

Domains are ranked first (all kept when none scores); then, level by level, the siblings of the
frontier are scored with BM25 on their embedded descriptors (statistics per level), leaves that
score are pooled, and the best ``beam_width`` branches are opened. The trunk is the read
model's parentless items, so leaves saved since the last consolidation are part of it.
The descent can miss a leaf whose words are not in its ancestors' descriptors; the caller
covers that with the full-text fallback and says which it used. Descriptors are analysed once
and cached in the read model (branch files are immutable), so a level costs one dictionary
lookup per (child, query term) instead of re-tokenising every child on every search.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import cast

from actors.navigation.bm25 import Analysed, Descriptor, analyse, score_analysed
from actors.navigation.query import Query
from actors.navigation.read_model import ReadModel

CHILDREN_CACHE = 4096
"""Branches whose analysed children stay cached (least recently opened dropped first)."""


@dataclass
class Descent:
    leaves: dict[str, float] = field(default_factory=dict)
    domains_ranked: tuple[str, ...] = ()
    branches_opened: int = 0
    node_reads: int = 0
    leaves_scored: int = 0


def _item(model: ReadModel, item_id: str) -> tuple[Analysed, str] | None:
    """A trunk item, analysed (cached in the read model), and its kind."""
    cached = model.trunk_cache.get(item_id)
    if cached is not None:
        return cached
    meta = model.leaves.get(item_id)
    if meta is not None:
        doc = Descriptor(item_id, {"title": meta.title, "keywords": list(meta.keywords),
                                   "tags": list(meta.tags), "excerpt": meta.excerpt})
        found = (analyse(doc), "leaf")
    else:
        entry = model.entry(item_id)
        if entry is None or entry.get("kind") != "node":
            return None
        node = model.branch(item_id)
        if node is None:
            return None
        doc = Descriptor(item_id, {"title": str(node.get("title") or ""),
                                   "keywords": list(node.get("keywords") or []),
                                   "tags": list(node.get("tags") or []),
                                   "summary": str(node.get("summary") or "")})
        found = (analyse(doc), "node")
    model.trunk_cache[item_id] = found
    return found


def _children(model: ReadModel, node_id: str) -> list[tuple[Analysed, str]] | None:
    """A branch's embedded children, analysed once per branch (branch files are immutable)."""
    cached = model.children_cache.get(node_id)
    if cached is not None:
        model.children_cache.move_to_end(node_id)
        return cached
    node = model.branch(node_id)
    if node is None:
        return None
    children = []
    for child in node.get("children", []):
        doc = Descriptor(str(child["id"]), {"title": str(child.get("title") or ""),
                                            "keywords": list(child.get("keywords") or []),
                                            "tags": list(child.get("tags") or []),
                                            "excerpt": str(child.get("excerpt") or "")})
        children.append((analyse(doc), str(child.get("kind") or "leaf")))
    model.children_cache[node_id] = children
    while len(model.children_cache) > CHILDREN_CACHE:
        model.children_cache.popitem(last=False)
    return children


def _domain(model: ReadModel, domain: str) -> Analysed:
    """A domain's descriptor, from its trunk's strong terms (cached in the read model until
    the catalog changes: building it reads up to 64 trunk items)."""
    cached = model.domain_cache.get(domain)
    if cached is not None:
        return cast(Analysed, cached)
    keywords: list[str] = []
    for item_id in list(model.top[domain])[:64]:
        found = _item(model, item_id)
        if found:
            keywords.extend(t for t, w in found[0].counts.items() if w >= 3.0)
    # Domain descriptors are tiny: analysed from their trunk's strong terms.
    counts = {t: 3.0 for t in keywords}
    for t in analyse(Descriptor(domain, {"title": domain.replace(".", " ")})).counts:
        counts[t] = counts.get(t, 0.0) + 3.0
    built = model.domain_cache[domain] = Analysed(domain, counts, sum(counts.values()))
    return built


def rank_domains(query: Query, model: ReadModel) -> list[str]:
    """Domains whose trunk matches the query, best first; every domain when none does."""
    domains = [d for d, members in model.top.items() if members]
    descriptors = [_domain(model, domain) for domain in domains]
    scored = [d for d, score, _ in score_analysed(query, descriptors) if score > 0]
    return scored if scored else sorted(domains)


def descend(query: Query, model: ReadModel, *, beam_width: int,
            admissible: Callable[[str], bool]) -> Descent:
    result = Descent()
    domains = rank_domains(query, model)
    result.domains_ranked = tuple(domains)
    frontier: list[tuple[Analysed, str]] = []
    for domain in domains:
        for item_id in model.top.get(domain, {}):
            found = _item(model, item_id)
            if found is not None:
                frontier.append(found)
    visited: set[str] = set()
    while frontier:
        kinds = {d.id: kind for d, kind in frontier}
        scored = score_analysed(query, [d for d, _ in frontier])
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
            children = _children(model, node_id)
            result.node_reads += 1
            if children is None:
                continue
            result.branches_opened += 1
            frontier.extend(children)
    return result
