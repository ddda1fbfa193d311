"""BM25 with field weights, over the siblings of one level of the memory tree.

IHMT ranks each level of its tree lexically: a child's title and keywords count three times, its
tags twice, its excerpt once, and document frequencies come from the siblings being compared,
not from the whole store. This module is that scorer plus the two pieces the whole-corpus
``TermIndex`` shares with it (field weighting and the per-term BM25 formula), so both rank a
document the same way. Pure functions only: no I/O, no knowledge of the store, and no state
beyond a bounded memo of per-token terms (a cache, invisible in results).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from actors.dates import spelled_weekdays
from actors.lazy_re import lazy_regex
from actors.navigation.query import Query
from actors.navigation.stem import stem
from actors.text import terms as text_terms
from actors.text import tokens as text_tokens

FIELD_WEIGHTS: Mapping[str, float] = {
    "title": 3.0,
    "keywords": 3.0,
    "tags": 2.0,
    "excerpt": 1.0,
    "summary": 1.0,
    "body": 1.0,
}
"""How much one occurrence of a term in each field counts."""

DEFAULT_FIELD_WEIGHT = 1.0
"""Weight of a field not named in FIELD_WEIGHTS (e.g. ``entities``): counted like body text."""

K1 = 1.5
B = 0.75

FieldValue = str | Sequence[str]
Scored = tuple[str, float, frozenset[str]]


@dataclass(frozen=True)
class Descriptor:
    """What a scorer sees of one child: an id and its text fields.

    ``fields`` maps a field name to a string (title, excerpt, summary, body) or a list of
    strings (keywords, tags). Tags such as ``type:code`` or ``date:2024-03-11`` are tokenised
    like any text, so they yield ``type``/``code`` and ``date``/``2024``/``03``/``11``.
    """

    id: str
    fields: Mapping[str, FieldValue]


@lru_cache(maxsize=1 << 16)
def _token_terms(raw: str) -> tuple[str, ...]:
    """``actors.text.terms`` of one raw token, stemmed (``stem.stem``), memoised.

    Folding and identifier splitting cost microseconds per token and dominate indexing; a
    store's vocabulary is small next to its token count, so caching per token makes a 50,000
    leaf rebuild several times faster. ``terms`` works token by token, so the result is the same
    as calling it on the whole text (a property test holds this).
    """
    return tuple(stem(term) for term in text_terms(raw))


def field_terms(value: FieldValue) -> list[str]:
    """Stemmed terms of one field value, whether a string or a list of strings, in text order.

    The same terms ``query.parse_query`` makes of a query, so documents and queries agree.
    """
    items = (value,) if isinstance(value, str) else value
    out: list[str] = []
    for item in items:
        for raw in text_tokens(spelled_weekdays(str(item))):
            out.extend(_token_terms(raw))
    return out


def weighted_terms(
    fields: Mapping[str, FieldValue], weights: Mapping[str, float] = FIELD_WEIGHTS
) -> tuple[dict[str, float], float]:
    """Weighted term frequencies and weighted length of one document.

    tf(t) = sum over fields of weight(field) x occurrences of t in the field; the length is the
    sum of all weighted frequencies, so a long title lengthens a document three times as much
    as a long body does (the b normalisation then sees what the scorer sees).
    """
    counts: dict[str, float] = {}
    length = 0.0
    for name, value in fields.items():
        weight = weights.get(name, DEFAULT_FIELD_WEIGHT)
        if weight <= 0 or value is None:
            continue
        if name == "tags":
            value = searchable_tags((value,) if isinstance(value, str) else value)
        for term in field_terms(value):
            counts[term] = counts.get(term, 0.0) + weight
            length += weight
    return counts, length


_FILING_TAG = lazy_regex(r"^(?:type|domain|lang|date|source|scope):")
CHUNK_KINDS = frozenset({"entry", "paragraph", "section", "step", "statement", "member", "class",
                         "function", "imports", "header", "comment", "docstring", "code", "block",
                         "expr", "blank", "str"})
"""The chunk kinds a leaf's first tag names (``actors.ingest.chunkers``)."""


def searchable_tags(tags: Sequence[str]) -> list[str]:
    """The tags that say what a memory is about: the caller's, and a code chunk's programming
    language ("language:python" as "python"). The filing tags every leaf carries ("entry",
    "type:personal", "date:2026-04-02", "source:claude-code") are left out: held by every
    memory, they made "date" ("who is the user dating?"), "type", "source" or "entry" match
    the whole store, so every memory counted as holding the word."""
    kept: list[str] = []
    for tag in tags:
        if tag in CHUNK_KINDS or _FILING_TAG.match(tag):
            continue
        kept.append(tag.split(":", 1)[1] if tag.startswith("language:") else tag)
    return kept


def idf(doc_freq: int, n_docs: int) -> float:
    """Non-negative BM25 idf: a term in every document still counts a little, never negatively."""
    return math.log(1.0 + (n_docs - doc_freq + 0.5) / (doc_freq + 0.5))


def term_score(
    tf: float, term_idf: float, doc_len: float, avg_len: float, *, k1: float = K1, b: float = B
) -> float:
    """BM25 contribution of one term to one document (0 when the term is absent)."""
    if tf <= 0:
        return 0.0
    ratio = doc_len / avg_len if avg_len > 0 else 1.0
    return term_idf * tf * (k1 + 1.0) / (tf + k1 * (1.0 - b + b * ratio))


@dataclass(frozen=True)
class Analysed:
    """A descriptor already turned into weighted term frequencies (see ``analyse``).

    Branch files never change once written, so the navigation actor analyses each descriptor
    once and keeps it; scoring a level then costs one lookup per (child, query term).
    """

    id: str
    counts: Mapping[str, float]
    length: float


def analyse(doc: Descriptor, weights: Mapping[str, float] = FIELD_WEIGHTS) -> Analysed:
    counts, length = weighted_terms(doc.fields, weights)
    return Analysed(doc.id, counts, length)


def score_descriptors(
    query: Query,
    docs: Sequence[Descriptor],
    *,
    weights: Mapping[str, float] = FIELD_WEIGHTS,
    k1: float = K1,
    b: float = B,
) -> list[Scored]:
    """Rank sibling descriptors against ``query``: ``(id, score, matched terms)``, best first.

    Document frequencies and the average length are computed over ``docs`` alone (one level of
    the tree). Only documents matching at least one query term are returned; ties keep the
    input order, so the result is deterministic.
    """
    if not docs or not query.terms:
        return []
    return score_analysed(query, [analyse(doc, weights) for doc in docs], k1=k1, b=b)


def score_analysed(
    query: Query, docs: Sequence[Analysed], *, k1: float = K1, b: float = B
) -> list[Scored]:
    """``score_descriptors`` on analysed descriptors (same statistics, same order)."""
    if not docs or not query.terms:
        return []
    n_docs = len(docs)
    avg_len = sum(doc.length for doc in docs) / n_docs
    idfs: dict[str, float] = {}
    for term in query.terms:
        df = sum(1 for doc in docs if term in doc.counts)
        if df:
            idfs[term] = idf(df, n_docs)
    if not idfs:
        return []
    results: list[Scored] = []
    for doc in docs:
        score = 0.0
        matched: list[str] = []
        counts = doc.counts
        for term, term_idf in idfs.items():
            tf = counts.get(term, 0.0)
            if tf > 0:
                score += term_score(tf, term_idf, doc.length, avg_len, k1=k1, b=b)
                matched.append(term)
        if matched:
            results.append((doc.id, score, frozenset(matched)))
    results.sort(key=lambda item: -item[1])
    return results
