"""Full-text search over every leaf: the shared on-disk index plus this process's tail.

The committed part is the tantivy index every process on the store shares (store.fulltext):
opened, never rebuilt, at start. Leaves the catalog holds beyond the index's watermark (saved
since the last commit, by any process) form the *tail*: analysed in memory here and searched
together with the committed part, so a memory is searchable in every process as soon as its
catalog row exists, before any commit. A committed document whose id the tail re-adds or
removes is hidden (the tail's word wins). The tail empties as commits move the watermark.

Scores: tantivy's BM25 (k1 1.2, b 0.75) over our analysed terms, where a field's weight is
expressed by repeating its terms (title and keywords x3, tags x2, body x1), so tf and length
are the weighted ones ``bm25.weighted_terms`` defines. Tail documents are scored with the same
formula and the committed corpus' statistics, so both parts rank on one scale.

Holds per-process state and performs index I/O; it never writes the catalog or the leaves.
Not thread-safe: the navigation actor owns it (one worker-thread hop at a time).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from actors.navigation import derivation
from actors.navigation.bm25 import FIELD_WEIGHTS, Scored, idf, weighted_terms
from actors.navigation.query import Query, other_kinds
from store.fulltext import K1, B, FulltextIndex, IndexDoc, StoredDoc

FORMS_SCANNED = 64
"""Indexed terms read per derived-form lookup (those sharing the term's shortest stem)."""
PREFIX = 4
VARIANT_MIN = 5
META_CACHE = 4096
"""Stored documents kept decoded per process (ranking asks for the same few hits repeatedly)."""
WATERMARK_DOCS = 1
"""Documents tantivy counts in its corpus that are no leaf: the commit's watermark. The tail
counts it too, or a word held by nearly every memory gets another idf in the tail than once
committed (ln(1 + 0.5/61.5) against ln(1 + 1.5/61.5): a third), and a reply computed less
than a commit interval after a save could differ from the same reply a second later."""
FIRST_FETCH = 1.25
"""A filtered search first asks the committed index for this many times ``limit`` hits (a
scope filter rarely drops many), then four times more each round while it keeps too few:
tantivy's own top-k (block-max WAND) replaces the old per-term scan cap, so no common word is
ever scanned in full."""


def analyse_fields(doc_id: str, fields: Mapping[str, Any], meta: Mapping[str, Any]) -> IndexDoc:
    """A leaf's fields as an index document: each term repeated by its field weight."""
    counts, length = weighted_terms(fields, FIELD_WEIGHTS)
    terms: list[str] = []
    for term, tf in counts.items():
        terms.extend([term] * max(1, round(tf)))
    return IndexDoc(doc_id=doc_id, terms=terms, length=length, meta=dict(meta))


@dataclass
class TailDoc:
    doc: IndexDoc
    counts: dict[str, float]
    seq: int
    on_disk: bool
    """Whether the committed index also holds this id (then the committed copy is hidden)."""


class Postings(Mapping[str, float]):
    """One term's postings as a lazy view: membership and tf are looked up per document.

    Kept for callers written against the in-memory index (``leaf in postings(term)``):
    materialising the postings of a common word would cost what the shared index saves.
    Iterating asks the index for every holder (rare: it costs a search of that word).
    """

    def __init__(self, index: SharedIndex, term: str) -> None:
        self._index = index
        self._term = term

    def __getitem__(self, doc_id: str) -> float:
        tf = self._index.term_frequency(self._term, doc_id)
        if not tf:
            raise KeyError(doc_id)
        return tf

    def __contains__(self, doc_id: object) -> bool:
        return isinstance(doc_id, str) and bool(self._index.term_frequency(self._term, doc_id))

    def __len__(self) -> int:
        return self._index.doc_freq(self._term)

    def __iter__(self) -> Iterator[str]:
        return iter(self._index.ranked_ids((self._term,), limit=max(len(self), 1)))


class SharedIndex:
    """The navigation-facing full-text index (the interface ``TermIndex`` offered)."""

    def __init__(self, disk: FulltextIndex) -> None:
        self.disk = disk
        self.tail: dict[str, TailDoc] = {}
        self.removed: dict[str, int] = {}
        """Committed ids the catalog dropped since the watermark: id -> seq of the change."""
        self._tail_df: dict[str, int] = {}
        self._cache: OrderedDict[str, StoredDoc | None] = OrderedDict()
        self.version = 0
        """Bumped on every change of what a lookup may return (caches above key on it)."""

    # ------------------------------------------------------------------ tail upkeep

    def add(self, doc: IndexDoc, seq: int) -> None:
        """Take one leaf saved beyond the watermark into the tail."""
        self.discard(doc.doc_id, seq, removed=False)
        self.version += 1
        counts: dict[str, float] = {}
        for term in doc.terms:
            counts[term] = counts.get(term, 0.0) + 1.0
        on_disk = self._stored(doc.doc_id) is not None
        self.tail[doc.doc_id] = TailDoc(doc, counts, seq, on_disk)
        for term in counts:
            self._tail_df[term] = self._tail_df.get(term, 0) + 1

    def discard(self, doc_id: str, seq: int, *, removed: bool = True) -> None:
        """Forget ``doc_id`` from the tail; ``removed`` also hides its committed copy."""
        self.version += 1
        old = self.tail.pop(doc_id, None)
        if old is not None:
            for term in old.counts:
                left = self._tail_df[term] - 1
                if left:
                    self._tail_df[term] = left
                else:
                    del self._tail_df[term]
        self._cache.pop(doc_id, None)
        if removed and self._stored(doc_id) is not None:
            self.removed[doc_id] = seq
        elif not removed:
            self.removed.pop(doc_id, None)

    def reload(self, *, committed: bool = False) -> bool:
        """Pick up a commit (by any process) and drop what it now covers from the tail.
        ``committed``: this process has just committed (the disk index reloaded itself then,
        so it reports no change, but the tail must still let go of what the commit took)."""
        if not self.disk.reload() and not committed:
            return False
        self.version += 1
        mark = self.disk.watermark.seq
        for doc_id in [d for d, t in self.tail.items() if t.seq <= mark]:
            self.discard(doc_id, mark, removed=False)
        for doc_id in [d for d, s in self.removed.items() if s <= mark]:
            del self.removed[doc_id]
        for doc_id, tail in self.tail.items():
            tail.on_disk = self._stored(doc_id) is not None
        self._cache.clear()
        return True

    def knows(self, doc_id: str) -> bool:
        """Whether the committed index or the tail holds ``doc_id`` (removals aside)."""
        return doc_id in self.tail or self._stored(doc_id) is not None

    # ------------------------------------------------------------------ lookups

    def _stored(self, doc_id: str) -> StoredDoc | None:
        cache = self._cache
        if doc_id in cache:
            cache.move_to_end(doc_id)
            return cache[doc_id]
        found = self.disk.get(doc_id)
        cache[doc_id] = found
        if len(cache) > META_CACHE:
            cache.popitem(last=False)
        return found

    def _remember(self, stored: StoredDoc) -> None:
        self._cache[stored.doc_id] = stored
        if len(self._cache) > META_CACHE:
            self._cache.popitem(last=False)

    def meta(self, doc_id: str) -> Mapping[str, Any] | None:
        """The stored metadata of a live leaf (None when unknown or removed)."""
        tail = self.tail.get(doc_id)
        if tail is not None:
            return tail.doc.meta
        if doc_id in self.removed:
            return None
        stored = self._stored(doc_id)
        return stored.meta if stored is not None else None

    def term_frequency(self, term: str, doc_id: str) -> float:
        tail = self.tail.get(doc_id)
        if tail is not None:
            return tail.counts.get(term, 0.0)
        if doc_id in self.removed:
            return 0.0
        stored = self._stored(doc_id)
        return float(stored.counts.get(term, 0.0)) if stored is not None else 0.0

    # ------------------------------------------------------------------ statistics

    def __len__(self) -> int:
        fresh = sum(1 for t in self.tail.values() if not t.on_disk)
        return max(self.disk.num_docs + fresh - len(self.removed), 0)

    def __contains__(self, doc_id: object) -> bool:
        """A live leaf (``meta`` is not None), its stored metadata left undecoded."""
        if not isinstance(doc_id, str):
            return False
        return doc_id in self.tail or (doc_id not in self.removed
                                       and self._stored(doc_id) is not None)

    def doc_freq(self, term: str) -> int:
        """Documents holding ``term`` (committed + tail; a committed copy the tail replaces
        or removes counts until the next commit: a count off by the few pending leaves)."""
        return self.disk.doc_freq(term) + self._tail_df.get(term, 0)

    def holding_count(self, term: str) -> int:
        """The live leaves holding ``term``, exactly as many as ``postings(term)`` lists (the
        committed copies the tail hides or removes left out), counted without fetching them:
        a caller that drops a word held too widely learns so before reading its holders."""
        found = self.disk.holding_count(term)
        if not found:
            return self._tail_df.get(term, 0)
        for doc_id in (*(d for d, t in self.tail.items() if t.on_disk), *self.removed):
            stored = self._stored(doc_id)
            if stored is not None and term in stored.terms:
                found -= 1
        return found + self._tail_df.get(term, 0)

    def holders(self, term: str) -> set[str]:
        """The live leaves holding ``term``: ``postings(term)`` as a set, read without scoring
        or ordering them (a caller that only asks which leaves hold a word)."""
        found = {doc_id for doc_id, tail in self.tail.items() if term in tail.counts}
        want = self.disk.doc_freq(term)  # at least every live committed holder
        for doc_id, _ in self.disk.scored_ids((term,), want):  # thousands for a common word
            if doc_id not in self.tail and doc_id not in self.removed:
                found.add(doc_id)
        return found

    def terms_of(self, doc_id: str) -> frozenset[str]:
        tail = self.tail.get(doc_id)
        if tail is not None:
            return frozenset(tail.counts)
        stored = None if doc_id in self.removed else self._stored(doc_id)
        return stored.terms if stored is not None else frozenset()

    def postings(self, term: str) -> Postings:
        return Postings(self, term)

    def _starting_with(self, prefix: str, limit: int) -> dict[str, int]:
        """Indexed terms starting with ``prefix`` (at most ``limit`` committed ones, and every
        one of the tail) and how many documents hold each, committed + tail."""
        found = dict(self.disk.terms_with_prefix(prefix, limit=limit))
        for other, df in self._tail_df.items():
            if other.startswith(prefix):
                found[other] = found.get(other, 0) + df
        return found

    def derived_forms(self, term: str) -> list[str]:
        """Indexed terms that are another form of ``term`` ("allergic" for "allergy"), most
        frequent first (``derivation`` decides what counts as a form), after its other
        spelling in British or American English ("mom" for "mum") when the index holds it."""
        spelled = [other for other in derivation.spellings(term) if self.doc_freq(other)]
        starts = derivation.stems(term)
        if not starts:
            return spelled
        held: dict[str, int] = {}
        for root in starts:  # the starts no other start begins ("decis" and "decid")
            if not any(root != other and root.startswith(other) for other in starts):
                held.update(self._starting_with(root, FORMS_SCANNED))
        forms = sorted(derivation.forms(term, held), key=lambda other: (-held[other], other))
        # "hermano" is no form of "hermana": another kind of relation is someone else
        return spelled + [form for form in forms
                          if form not in spelled and not other_kinds(term, form)]

    def variants(self, term: str) -> list[str]:
        """Indexed terms that are another form of ``term``, most frequent first: longer terms
        starting with it, or (from VARIANT_MIN characters) shorter ones it starts with."""
        if len(term) < PREFIX:
            return []
        found = self._starting_with(term, 256)
        found.pop(term, None)
        for end in range(max(VARIANT_MIN, PREFIX), len(term)):
            shorter = term[:end]
            df = self.doc_freq(shorter)
            if df:
                found[shorter] = df
        return sorted(found, key=lambda other: (-found[other], other))

    # ------------------------------------------------------------------ search

    def _norm(self) -> tuple[int, float]:
        """(documents, average weighted length) the tail is scored against: tantivy's count
        once committed, its watermark document included (``WATERMARK_DOCS``)."""
        mark = self.disk.watermark
        n_docs = len(self) + WATERMARK_DOCS
        if mark.docs:
            return n_docs, mark.avg_length
        lengths = [t.doc.length for t in self.tail.values()]
        return n_docs, (sum(lengths) / len(lengths) if lengths else 0.0)

    def _tail_score(self, tail: TailDoc, terms: tuple[str, ...], n_docs: int,
                    avg: float) -> tuple[float, frozenset[str]]:
        score = 0.0
        matched: list[str] = []
        norm = K1 * (1.0 - B + B * tail.doc.length / avg) if avg > 0 else K1
        for term in terms:
            tf = tail.counts.get(term)
            if tf:
                weight = idf(self.doc_freq(term), max(n_docs, 1)) * (K1 + 1.0)
                score += weight * tf / (tf + norm)
                matched.append(term)
        return score, frozenset(matched)

    def search(self, query: Query, *, limit: int = 50,
               allowed: Callable[[str], bool] | None = None) -> list[Scored]:
        """BM25 over every leaf: ``(id, score, matched terms)``, best first, ties by id.

        ``allowed`` filters candidates (scope, as-of); it is asked only about the best ones,
        as many as needed to fill ``limit``.
        """
        terms = query.terms
        if not terms or limit <= 0:
            return []
        tail_hits = self._tail_hits(terms)
        verdicts: dict[str, bool] = {}

        def ok(doc_id: str) -> bool:
            if allowed is None:
                return True
            verdict = verdicts.get(doc_id)
            if verdict is None:
                verdict = verdicts[doc_id] = bool(allowed(doc_id))
            return verdict

        want = (int(limit * FIRST_FETCH) if allowed is not None else limit) + self._hidden()
        while True:
            committed = self.disk.search(terms, want)
            # which query terms a committed hit holds is asked only of the hits kept (the
            # fetch asks for a quarter more than ``limit``, in case the filter turns some down)
            pool: list[tuple[str, float, frozenset[str] | StoredDoc]] = list(tail_hits)
            for stored, score in committed:
                if stored.doc_id in self.tail or stored.doc_id in self.removed:
                    continue
                self._remember(stored)
                pool.append((stored.doc_id, score, stored))
            pool.sort(key=lambda item: (-item[1], item[0]))
            kept: list[Scored] = []
            for doc_id, score, held in pool:
                if len(kept) >= limit:
                    break
                if ok(doc_id):
                    kept.append((doc_id, score, held if isinstance(held, frozenset)
                                 else held.holding(terms)))
            if len(kept) >= limit or len(committed) < want:
                return kept
            want *= 4

    def ranked_ids(self, terms: tuple[str, ...], *, limit: int) -> list[str]:
        """The ids ``search`` ranks for ``terms`` (unfiltered), in its order, and nothing
        else: iterated postings ask for every holder of a word (23,000 of a 50k store's
        memories for "service"), of which ``search`` kept each stored document, cached, and
        the set of terms it holds, all at once: ~50 MB for one question, where the ids and
        scores are ~3 MB. Same hits, same order: tail hits and committed ones (those the
        tail or a removal hides left out) by score, ties by id."""
        if not terms or limit <= 0:
            return []
        tail_hits = [(doc_id, score) for doc_id, score, _ in self._tail_hits(terms)]
        want = limit + self._hidden()
        while True:
            committed = self.disk.scored_ids(terms, want)
            pool = tail_hits + [(doc_id, score) for doc_id, score in committed
                                if doc_id not in self.tail and doc_id not in self.removed]
            pool.sort(key=lambda item: (-item[1], item[0]))
            if len(pool) >= limit or len(committed) < want:
                return [doc_id for doc_id, _ in pool[:limit]]
            want *= 4

    def _tail_hits(self, terms: tuple[str, ...]) -> list[tuple[str, float, frozenset[str]]]:
        """The tail's leaves holding a term: (id, score, matched terms), unsorted."""
        n_docs, avg = self._norm()
        hits: list[tuple[str, float, frozenset[str]]] = []
        for doc_id, tail in self.tail.items():
            score, matched = self._tail_score(tail, terms, n_docs, avg)
            if matched:
                hits.append((doc_id, score, matched))
        return hits

    def _hidden(self) -> int:
        """Committed copies a fetch may return but the tail or a removal hides: the extra
        hits asked for so that enough are left."""
        return len(self.removed) + sum(1 for t in self.tail.values() if t.on_disk)

    def score_docs(self, query: Query, doc_ids: Any) -> list[Scored]:
        """The corpus-wide score of just these documents (unknown or unmatched ones left out),
        best first, ties by id."""
        terms = query.terms
        ids = list(dict.fromkeys(doc_ids))
        if not terms or not ids:
            return []
        n_docs, avg = self._norm()
        out: list[Scored] = []
        on_disk: list[str] = []
        for doc_id in ids:
            tail = self.tail.get(doc_id)
            if tail is not None:
                score, matched = self._tail_score(tail, terms, n_docs, avg)
                if matched:
                    out.append((doc_id, score, matched))
            elif doc_id not in self.removed:
                on_disk.append(doc_id)
        for stored, score in self.disk.score_ids(terms, on_disk):
            self._remember(stored)
            out.append((stored.doc_id, score, stored.holding(terms)))
        out.sort(key=lambda item: (-item[1], item[0]))
        return out
