"""Branch summaries: what a node of the tree says about the children under it.

The beam descent chooses branches on these descriptors alone, so a summary must carry the
children's titles, their characteristic words, tags and names, and their period. The default
``HeuristicSummarizer`` is extractive, offline and deterministic: the same children always give
the same summary, byte for byte, which keeps rebuilds reproducible. Another summarizer (an LLM,
say) can be plugged in through the ``Summarizer`` protocol. Nothing here performs I/O.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol, runtime_checkable

from actors.text import first_sentence, parse_instant, unique

SUMMARY_LIMIT = 1200
EXCERPT_LIMIT = 320
NODE_KEYWORDS = 14
NODE_TAGS = 16
NODE_ENTITIES = 12
TITLE_NAMES = 3
CHILD_TITLE_LIMIT = 80
LEAD_SENTENCE_LIMIT = 160
LEAD_SENTENCES = 4
DIGEST_KEYWORDS = 10
DIGEST_TAGS = 8


@dataclass(frozen=True)
class ChildDigest:
    """What a summarizer may know about one child (a leaf or a lower node)."""

    id: str
    kind: Literal["leaf", "node"]
    title: str
    excerpt: str
    keywords: tuple[str, ...]
    tags: tuple[str, ...]
    entities: tuple[str, ...]
    timestamp: str
    """ISO 8601 date or date-time (for a node: the end of its period)."""
    leaf_count: int


@dataclass(frozen=True)
class BranchSummary:
    """A node's descriptor: written into its branch file and embedded in its parent."""

    title: str
    summary: str
    keywords: tuple[str, ...]
    tags: tuple[str, ...]
    entities: tuple[str, ...]
    time_range: tuple[str, str]
    """(earliest, latest) child timestamp as given; ("", "") when none is known."""


@runtime_checkable
class Summarizer(Protocol):
    """Anything that can summarise a group of children into a branch."""

    name: str

    def summarize(
        self, domain: str, layer: int, children: Sequence[ChildDigest]
    ) -> BranchSummary: ...


# --------------------------------------------------------------------------- helpers


def excerpt_for(text: str, limit: int = EXCERPT_LIMIT) -> str:
    """White space collapsed, cut on a word boundary with an ellipsis; never longer than limit."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    if limit <= 1:
        return "…"[:limit]
    head = flat[: limit - 1]
    if flat[limit - 1] != " ":  # the cut falls inside a word: back up to its start
        space = head.rfind(" ")
        if space >= (limit - 1) // 2:  # else one huge word: a hard cut reads better
            head = head[:space]
    return head.rstrip(" ,;:-") + "…"


def time_range(timestamps: Iterable[str]) -> tuple[str, str]:
    """(earliest, latest) of the given ISO timestamps, compared as instants.

    Unparseable or empty values are ignored; if none parses, falls back to string order. One
    pass with nothing kept but the bounds (the root folds every leaf's stamp through it).
    """
    earliest: tuple[dt.datetime, str] | None = None
    latest: tuple[dt.datetime, str] | None = None
    first = last = ""
    for stamp in timestamps:
        if not stamp or not stamp.strip():
            continue
        first = stamp if not first or stamp < first else first
        last = max(last, stamp)
        moment = parse_instant(stamp)
        if moment is None:
            continue
        if earliest is None or (moment, stamp) < earliest:
            earliest = (moment, stamp)
        if latest is None or (moment, stamp) > latest:
            latest = (moment, stamp)
    if earliest is not None and latest is not None:
        return (earliest[1], latest[1])
    return (first, last)


def _period(span: tuple[str, str]) -> str:
    """'2024-03-11..2026-02-03' (dates only), one date when both ends agree, '' when unknown."""
    start, end = (s[:10] for s in span)
    if not start and not end:
        return ""
    if start == end:
        return start
    return f"{start}..{end}"


def merge_ranked(lists: Iterable[Sequence[str]], limit: int) -> tuple[str, ...]:
    """Merge per-child ranked lists: items in more children first, then earlier, then by rank.

    Each child counts an item once; comparison folds case so 'Luis' and 'luis' are one item,
    the first spelling seen being kept.
    """
    count: dict[str, int] = {}
    first: dict[str, tuple[int, int]] = {}
    spelling: dict[str, str] = {}
    for child_index, items in enumerate(lists):
        seen: set[str] = set()
        for rank, item in enumerate(items):
            text = str(item).strip()
            key = text.casefold()
            if not key or key in seen:
                continue
            seen.add(key)
            count[key] = count.get(key, 0) + 1
            first.setdefault(key, (child_index, rank))
            spelling.setdefault(key, text)
    ordered = sorted(count, key=lambda k: (-count[k], first[k]))
    return tuple(spelling[k] for k in ordered[:limit])


def _lead_sentences(children: Sequence[ChildDigest]) -> list[str]:
    """The leading sentence of the first few children whose excerpt has a distinct one."""
    out: list[str] = []
    for child in children:
        sentence = first_sentence(child.excerpt, LEAD_SENTENCE_LIMIT)
        if sentence and sentence not in out:
            out.append(sentence)
        if len(out) == LEAD_SENTENCES:
            break
    return out


def _covers(children: Sequence[ChildDigest], header: str) -> str:
    titles = unique(excerpt_for(c.title, CHILD_TITLE_LIMIT) for c in children if c.title.strip())
    text = header
    if titles:
        joined = "; ".join(titles)
        text += " Covers: " + joined + ("" if joined.endswith(("…", ".", "!", "?")) else ".")
    lead = _lead_sentences(children)
    if lead:
        text += " " + " ".join(lead)
    return excerpt_for(text, SUMMARY_LIMIT)


# --------------------------------------------------------------------------- summarizer


class HeuristicSummarizer:
    """Extractive summaries from titles, first sentences and merged keywords/tags/entities."""

    name = "heuristic"

    def summarize(
        self, domain: str, layer: int, children: Sequence[ChildDigest]
    ) -> BranchSummary:
        """Summarise ``children`` into layer ``layer`` of ``domain``; same input, same output."""
        span = time_range(c.timestamp for c in children)
        period = _period(span)
        keywords = merge_ranked((c.keywords for c in children), NODE_KEYWORDS)
        tags = merge_ranked((c.tags for c in children), NODE_TAGS)
        entities = merge_ranked((c.entities for c in children), NODE_ENTITIES)
        names = list(entities[:TITLE_NAMES]) or list(keywords[:TITLE_NAMES])
        title = f"L{layer} {domain}"
        if names:
            title += " · " + ", ".join(names)
        if period:
            title += f" [{period}]"
        count = len(children)
        noun = "child" if count == 1 else "children"
        header_parts = [domain, f"layer {layer}", f"{count} {noun}"] + ([period] if period else [])
        summary = _covers(children, "[" + " · ".join(header_parts) + "]")
        return BranchSummary(
            title=title,
            summary=summary,
            keywords=keywords,
            tags=tags,
            entities=entities,
            time_range=span,
        )


def domain_digest(domain: str, items: Sequence[ChildDigest]) -> dict[str, object]:
    """root.json's entry for one domain, from its parentless items (nodes and loose leaves).

    ``top_nodes`` embeds each item the way a branch embeds a child: title, a 320-character
    excerpt, ten keywords and eight tags, in the order given.
    """
    span = time_range(i.timestamp for i in items)
    period = _period(span)
    leaf_count = sum(max(0, i.leaf_count) for i in items)
    header_parts = [domain, f"{len(items)} top items", f"{leaf_count} memories"]
    if period:
        header_parts.append(period)
    return {
        "domain": domain,
        "summary": _covers(items, "[" + " · ".join(header_parts) + "]"),
        "keywords": list(merge_ranked((i.keywords for i in items), NODE_KEYWORDS)),
        "leaf_count": leaf_count,
        "time_range": {"start": span[0], "end": span[1]},
        "top_nodes": [
            {
                "id": i.id,
                "kind": i.kind,
                "title": i.title,
                "excerpt": excerpt_for(i.excerpt, EXCERPT_LIMIT),
                "keywords": list(i.keywords[:DIGEST_KEYWORDS]),
                "tags": list(i.tags[:DIGEST_TAGS]),
            }
            for i in items
        ],
    }
