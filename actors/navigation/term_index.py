"""An in-memory inverted index over the full text of every leaf.

The beam descent only scores what its ancestors' descriptors let it reach, so a leaf whose words
never made it into a branch summary is invisible to it. This index is the safety net (no false
absence: search every leaf before saying nothing is stored) and the fast path for plain keyword
search. It scores with the same field-weighted BM25 as ``bm25.py``, but with document
frequencies and the average length taken over the whole corpus.

Cost: a search touches only the postings of the query's terms, never the whole corpus. Memory:
term and id strings are interned and the weighted frequencies (a handful of distinct values)
are shared float objects, so 50,000 leaves of ~100 words fit comfortably.

It holds state but performs no I/O: the navigation actor fills it from the catalog/leaf files
and keeps it current on every save. It is not thread-safe; one actor owns it.
"""

from __future__ import annotations

import heapq
import sys
from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType

from actors.navigation.bm25 import FIELD_WEIGHTS, K1, B, FieldValue, Scored, idf, weighted_terms
from actors.navigation.query import Query

PREFIX = 4
VARIANT_MIN = 5
SCAN_CAP = 1500
"""A term in more documents than this seeds candidates only from its top-impact postings."""


class TermIndex:
    """Inverted index: ``postings[term][doc_id] = weighted tf``, plus cached document lengths."""

    def __init__(
        self,
        *,
        weights: Mapping[str, float] = FIELD_WEIGHTS,
        k1: float = K1,
        b: float = B,
    ) -> None:
        self._weights = dict(weights)
        self._k1 = k1
        self._b = b
        self._postings: dict[str, dict[str, float]] = {}
        self._doc_terms: dict[str, tuple[str, ...]] = {}
        self._lengths: dict[str, float] = {}
        self._total_length = 0.0
        self._floats: dict[float, float] = {}
        self._by_prefix: dict[str, set[str]] = {}
        """Terms by their first PREFIX characters, for ``variants`` (kept with the postings)."""
        self._impact: dict[str, list[tuple[str, float]]] = {}
        self._impact_extra: dict[str, list[str]] = {}
        """Per very common term: its top postings by impact, and ids added since (``_scan``)."""

    # ------------------------------------------------------------------ mutation

    def add(self, doc_id: str, fields: Mapping[str, FieldValue]) -> None:
        """Index ``doc_id``; re-adding an id replaces its previous content."""
        if doc_id in self._lengths:
            self.remove(doc_id)
        doc_id = sys.intern(doc_id)
        counts, length = weighted_terms(fields, self._weights)
        share = self._floats.setdefault
        stored: list[str] = []
        for term, tf in counts.items():
            term = sys.intern(term)
            posting = self._postings.get(term)
            if posting is None:
                posting = self._postings[term] = {}
                if len(term) >= PREFIX:
                    self._by_prefix.setdefault(term[:PREFIX], set()).add(term)
            posting[doc_id] = share(tf, tf)
            stored.append(term)
            extra = self._impact_extra.get(term)
            if extra is not None:
                extra.append(doc_id)
                if len(extra) > SCAN_CAP // 4:
                    del self._impact[term], self._impact_extra[term]
        self._doc_terms[doc_id] = tuple(stored)
        self._lengths[doc_id] = length
        self._total_length += length

    def remove(self, doc_id: str) -> bool:
        """Drop ``doc_id`` from the index; returns False when it was not indexed."""
        doc_terms = self._doc_terms.pop(doc_id, None)
        if doc_terms is None:
            return False
        for term in doc_terms:
            posting = self._postings[term]
            del posting[doc_id]
            if not posting:
                del self._postings[term]
                self._impact.pop(term, None)
                self._impact_extra.pop(term, None)
                members = self._by_prefix.get(term[:PREFIX])
                if members is not None:
                    members.discard(term)
                    if not members:
                        del self._by_prefix[term[:PREFIX]]
        self._total_length -= self._lengths.pop(doc_id)
        if not self._lengths:
            self._total_length = 0.0  # no drift survives an empty index
        return True

    def clear(self) -> None:
        """Forget every document (before a rebuild)."""
        self._postings.clear()
        self._doc_terms.clear()
        self._lengths.clear()
        self._by_prefix.clear()
        self._impact.clear()
        self._impact_extra.clear()
        self._total_length = 0.0

    # ------------------------------------------------------------------ statistics

    def __len__(self) -> int:
        return len(self._lengths)

    def __contains__(self, doc_id: object) -> bool:
        return doc_id in self._lengths

    def doc_freq(self, term: str) -> int:
        """Number of documents containing ``term`` (a term as ``actors.text.terms`` makes it)."""
        posting = self._postings.get(term)
        return len(posting) if posting else 0

    def docs_containing_any(self, terms: Iterable[str]) -> int:
        """How many documents contain at least one of ``terms`` (for "what was searched")."""
        postings = [p for p in (self._postings.get(t) for t in set(terms)) if p]
        if not postings:
            return 0
        if len(postings) == 1:
            return len(postings[0])
        union: set[str] = set()
        for posting in postings:
            union.update(posting)
        return len(union)

    @property
    def total_length(self) -> float:
        """Sum of the weighted lengths of all documents."""
        return self._total_length

    def doc_length(self, doc_id: str) -> float:
        """Weighted length of one document (KeyError if not indexed)."""
        return self._lengths[doc_id]

    def vocabulary(self) -> frozenset[str]:
        """Every term present in at least one document."""
        return frozenset(self._postings)

    def variants(self, term: str) -> list[str]:
        """Indexed terms that are another form of ``term``, most frequent first.

        A variant either extends the term ("repo" -> "repository") or is a prefix of it of at
        least VARIANT_MIN characters ("manager" -> "manag", the stem of "manage"). Used only
        for query terms no document contains, so a paraphrase is not mistaken for a topic
        never stored. Only terms of at least PREFIX characters have variants.
        """
        if len(term) < PREFIX:
            return []
        found = [
            other for other in self._by_prefix.get(term[:PREFIX], ())
            if other != term and (other.startswith(term)
                                  or (len(other) >= VARIANT_MIN and term.startswith(other)))
        ]
        found.sort(key=lambda other: (-len(self._postings[other]), other))
        return found

    def terms_of(self, doc_id: str) -> frozenset[str]:
        """The distinct terms of one indexed document (empty when not indexed)."""
        return frozenset(self._doc_terms.get(doc_id, ()))

    def postings(self, term: str) -> Mapping[str, float]:
        """Read-only view of one term's postings: doc id -> weighted tf."""
        return MappingProxyType(self._postings.get(term, {}))

    # ------------------------------------------------------------------ search

    def search(
        self,
        query: Query,
        *,
        limit: int = 50,
        allowed: Callable[[str], bool] | None = None,
    ) -> list[Scored]:
        """BM25 over the whole corpus: ``(id, score, matched terms)``, best first, ties by id.

        ``allowed`` filters candidates (scope, tombstones, status); it is called only on the
        best-scoring candidates, as many as needed to fill ``limit``.
        """
        n_docs = len(self._lengths)
        if n_docs == 0 or limit <= 0 or not query.terms:
            return []
        k1, b = self._k1, self._b
        avg_len = self._total_length / n_docs
        # k1 * (1 - b + b * dl / avg) split into a constant and a per-length slope.
        if avg_len > 0:
            base, slope = k1 * (1.0 - b), k1 * b / avg_len
        else:
            base, slope = k1, 0.0
        lengths = self._lengths
        # Rarest term first: it seeds the fewest candidates and carries the highest idf.
        present = sorted(
            (term for term in query.terms if term in self._postings),
            key=lambda term: len(self._postings[term]),
        )
        weights = [idf(len(self._postings[t]), n_docs) * (k1 + 1.0) for t in present]
        # A term adds less than idf * (k1 + 1) to any document (tf / (tf + norm) < 1), so
        # once the terms still to come cannot lift an unseen document past the current k-th
        # best score, they only need to update the documents already scored (MaxScore).
        remaining = [sum(weights[i:]) for i in range(len(weights))]
        scores: dict[str, float] = {}
        verdicts: dict[str, bool] = {}
        for i, term in enumerate(present):
            posting = self._postings[term]
            weight = weights[i]
            if i and self._cannot_enter(scores, remaining[i], limit, allowed, verdicts):
                for later, w in zip(present[i:], weights[i:], strict=True):
                    later_posting = self._postings[later]
                    if len(later_posting) < len(scores):
                        hits = [(d, tf) for d, tf in later_posting.items() if d in scores]
                    else:
                        hits = [(d, later_posting[d]) for d in scores if d in later_posting]
                    for doc, tf in hits:
                        scores[doc] += w * tf / (tf + base + slope * lengths[doc])
                break
            capped = len(posting) > SCAN_CAP
            source = self._scan(term, posting, base, slope) if capped else posting
            if not scores:
                scores = {
                    doc: weight * tf / (tf + base + slope * lengths[doc])
                    for doc, tf in source.items()
                }
                continue
            if capped:
                # Documents already scored get this term exactly; new ones only come from
                # the term's highest-impact postings.
                fresh = [(d, tf) for d, tf in source.items() if d not in scores]
                for doc in scores:
                    held = posting.get(doc)
                    if held:
                        scores[doc] += weight * held / (held + base + slope * lengths[doc])
                for doc, tf in fresh:
                    scores[doc] = weight * tf / (tf + base + slope * lengths[doc])
                continue
            get = scores.get
            for doc, tf in posting.items():
                scores[doc] = get(doc, 0.0) + weight * tf / (tf + base + slope * lengths[doc])
        if not scores:
            return []
        chosen = self._top(scores, limit, allowed, verdicts)
        out: list[Scored] = []
        for doc, score in chosen:
            matched = frozenset(t for t in present if doc in self._postings[t])
            out.append((doc, score, matched))
        return out

    def _scan(self, term: str, posting: Mapping[str, float], base: float,
              slope: float) -> dict[str, float]:
        """The SCAN_CAP highest-impact postings of a very common term, plus any added since.

        A term in thousands of documents carries almost no idf; scanning all of its postings
        made common-word queries the slowest. Its impact order (tf / (tf + norm)) is computed
        once and kept; documents added later are appended and scanned too, until there are
        enough of them to sort again. Removed documents are skipped here (not in postings).
        """
        ranked = self._impact.get(term)
        if ranked is None:
            lengths = self._lengths
            ranked = heapq.nlargest(
                SCAN_CAP, posting.items(),
                key=lambda item: item[1] / (item[1] + base + slope * lengths[item[0]]))
            self._impact[term] = ranked
            self._impact_extra[term] = []
        out: dict[str, float] = {}
        for doc, _ in ranked:
            tf = posting.get(doc)
            if tf:
                out[doc] = tf
        for doc in self._impact_extra.get(term, ()):
            tf = posting.get(doc)
            if tf:
                out[doc] = tf
        return out

    def score_docs(self, query: Query, doc_ids: Iterable[str]) -> list[Scored]:
        """The full-corpus BM25 score of just these documents (unknown or unmatched ones are
        left out), best first, ties by id. Costs one lookup per (document, query term)."""
        n_docs = len(self._lengths)
        if n_docs == 0 or not query.terms:
            return []
        k1, b = self._k1, self._b
        avg_len = self._total_length / n_docs
        base, slope = (k1 * (1.0 - b), k1 * b / avg_len) if avg_len > 0 else (k1, 0.0)
        weights = {t: idf(len(self._postings[t]), n_docs) * (k1 + 1.0)
                   for t in query.terms if t in self._postings}
        out: list[Scored] = []
        for doc in dict.fromkeys(doc_ids):
            length = self._lengths.get(doc)
            if length is None:
                continue
            score = 0.0
            matched: list[str] = []
            for term, weight in weights.items():
                tf = self._postings[term].get(doc)
                if tf:
                    score += weight * tf / (tf + base + slope * length)
                    matched.append(term)
            if matched:
                out.append((doc, score, frozenset(matched)))
        out.sort(key=lambda item: (-item[1], item[0]))
        return out

    @classmethod
    def _cannot_enter(
        cls,
        scores: dict[str, float],
        headroom: float,
        limit: int,
        allowed: Callable[[str], bool] | None,
        verdicts: dict[str, bool],
    ) -> bool:
        """True when a document not yet scored can no longer reach the top ``limit``.

        Scores only grow as terms are added, so the current k-th best allowed score is a lower
        bound of the final one; an unseen document can gain at most ``headroom``. The margin
        keeps float rounding from ever excluding a document that could tie.
        """
        if len(scores) < limit:
            return False
        top = cls._top(scores, limit, allowed, verdicts)
        if len(top) < limit:
            return False
        return headroom * (1.0 + 1e-9) < top[-1][1]

    @staticmethod
    def _top(
        scores: dict[str, float],
        limit: int,
        allowed: Callable[[str], bool] | None,
        verdicts: dict[str, bool],
    ) -> list[tuple[str, float]]:
        """The best ``limit`` allowed (doc, score) pairs in (-score, id) order, exactly."""
        want = limit if allowed is None else limit * 4
        while True:
            ranked = _exact_top(scores, want)
            if allowed is None:
                return ranked
            kept: list[tuple[str, float]] = []
            for doc, score in ranked:
                ok = verdicts.get(doc)
                if ok is None:
                    ok = verdicts[doc] = bool(allowed(doc))
                if ok:
                    kept.append((doc, score))
                    if len(kept) == limit:
                        return kept
            if want >= len(scores):
                return kept
            want *= 4


def _exact_top(scores: dict[str, float], want: int) -> list[tuple[str, float]]:
    """Top ``want`` items by (-score, id); exact at ties on the cut-off score."""
    if len(scores) > want:
        cutoff = heapq.nlargest(want, scores.values())[-1]
        items = [(d, s) for d, s in scores.items() if s >= cutoff]
    else:
        items = list(scores.items())
    items.sort(key=lambda item: (-item[1], item[0]))
    return items[:want]
