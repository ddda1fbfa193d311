"""The shared full-text index on disk: a tantivy index under ``state/fulltext/``.

Every process on a store opens the same index (memory-mapped, so its pages are shared between
processes) instead of re-tokenising every leaf into its own memory at start. The index is
derived: it holds, per leaf, the terms our own analysis made of it (accent folding, identifier
splitting, stemming, field weights expressed by repeating a term) plus the leaf's header
metadata, and it is rebuilt from the leaves whenever it is missing or unreadable.

A commit carries its own watermark: the catalog sequence number up to which every leaf is in
the index, stored as a special document written in the same tantivy commit as the leaves it
covers, so the watermark and the indexed leaves can never disagree, even after a SIGKILL in
the middle of a commit (tantivy publishes a commit by atomically replacing ``meta.json``).

This module knows tantivy and the directory; it does no analysis and takes no locks: callers
hold the ``fulltext`` lock (store.locks) around ``commit`` so one writer commits at a time.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import structlog
import tantivy

from store.atomic import ensure_private_dir
from store.errors import map_os_error
from store.paths import StoreLayout

log = structlog.get_logger("ihmt.fulltext")

LOCK_NAME = "fulltext"
"""The lock-manager lock a process holds while it commits to the index."""
WATERMARK_ID = "~watermark"
"""Id of the one document that records how far the index is current (never a leaf id)."""
WRITER_HEAP = 15_000_000
"""tantivy's minimum writer heap: batches are small, and memory is what a server counts."""
SCHEMA_VERSION = 7
"""Raised whenever the indexed terms change (fields, or the analysis that makes terms: 2 reads
irregular past tenses as their verb; 3 leaves out the filing tags every leaf carries; 4 indexes
"son", "sea", "sin", "era", "hay", no longer stop words; 5 leaves out "cuanto", "cuantos"...,
the Spanish "how much/many", a stop word in English; 6 reads a date stamp's "(Wed)" as
"wednesday", not as "wedding"'s stem; 7 reads an acronym's plural as its singular, "PRs" as
"pr"): an index of another version is discarded and rebuilt."""
BACKLOG = 1000
"""More catalog changes than this beyond the index's watermark are indexed at start, under the
lock, before serving (not held in every process' tail): a start that pays it is slow, so
``doctor`` reports a store in that state."""
DOC_CACHE = 4096
"""Stored documents kept decoded per searcher, by address: a common word's top hits come back
search after search, and fetching one costs a block decompression."""
FREQ_CACHE = 65_536
"""Terms whose document frequency is kept per searcher (~100 bytes each: a few MB at most;
emptied when full, as the documents are)."""
K1 = 1.2
B = 0.75
"""tantivy's BM25 constants (fixed in tantivy); the in-memory tail scores with the same."""


def index_dir(layout: StoreLayout) -> str:
    return str(layout.state_dir / "fulltext")


@dataclass(frozen=True)
class Watermark:
    """How far the committed index is current, and the statistics the tail needs."""

    seq: int = 0
    docs: int = 0
    total_length: float = 0.0
    schema: int = SCHEMA_VERSION

    @property
    def avg_length(self) -> float:
        return self.total_length / self.docs if self.docs else 0.0


@dataclass(frozen=True)
class IndexDoc:
    """One leaf as the index stores it: analysed terms (weighted by repetition) + metadata."""

    doc_id: str
    terms: Sequence[str]
    length: float
    meta: Mapping[str, Any] = field(default_factory=dict)


@lru_cache(maxsize=256)
def _probes(terms: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Each term and the string ``StoredDoc.holding`` looks for: a search asks the same
    query's terms of every hit it keeps (~200 hits a search at 50k memories, 3x faster than
    padding each term for each hit)."""
    return tuple((t, f" {t} ") for t in terms)


class StoredDoc:
    """What a lookup returns, decoded lazily: a search touches ids and term sets of many hits
    but the counts and metadata of few.

    The metadata is kept as its stored bytes and decoded on each ``meta`` (only its length is
    kept decoded, which every scoring reads). A document stays cached (``DOC_CACHE``, the
    shared index's ``META_CACHE``) long after its one reader of the metadata, the leaf view,
    built its ``LeafMeta``: the decoded dict kept beside it was ~4.6 KB a document against
    ~0.8 KB of bytes, and a time question over a year, whose every memory's scope is read,
    filled both caches with them (2.45 MB kept for one such question's 535 documents at
    10,000 memories)."""

    __slots__ = ("doc_id", "_padded", "_meta_raw", "_terms", "_counts", "_length")

    def __init__(self, doc_id: str, text: str, meta_raw: bytes) -> None:
        self.doc_id = doc_id
        self._padded = f" {text} "
        """The terms, space-separated, with a space before and after (for ``holding``;
        ``split`` ignores the two): built once, where every ``holding`` call built it."""
        self._meta_raw = meta_raw
        self._terms: frozenset[str] | None = None
        self._counts: Mapping[str, float] | None = None
        self._length: float | None = None

    @property
    def terms(self) -> frozenset[str]:
        if self._terms is None:
            self._terms = frozenset(self._padded.split())
        return self._terms

    def holding(self, terms: Iterable[str]) -> frozenset[str]:
        """Which of ``terms`` this document holds (a substring test per term: cheaper than
        splitting every hit's terms when only a query's few are asked about)."""
        padded = self._padded
        if isinstance(terms, tuple):  # a query's terms: padded once, not once per hit
            return frozenset([t for t, probe in _probes(terms) if probe in padded])
        return frozenset(t for t in terms if f" {t} " in padded)

    @property
    def counts(self) -> Mapping[str, float]:
        """Weighted term frequencies (a term is repeated by its field weight)."""
        if self._counts is None:
            self._counts = {t: float(n) for t, n in Counter(self._padded.split()).items()}
        return self._counts

    def _decoded(self) -> dict[str, Any]:
        data = json.loads(self._meta_raw) if self._meta_raw else {}
        return data if isinstance(data, dict) else {}

    @property
    def length(self) -> float:
        if self._length is None:
            self._length = float(self._decoded().get("_length", 0.0))
        return self._length

    @property
    def meta(self) -> Mapping[str, Any]:
        """The metadata, decoded anew (a dict of the caller's own: not kept, see above)."""
        return self._decoded()


def _schema() -> tantivy.Schema:
    builder = tantivy.SchemaBuilder()
    builder.add_text_field("id", stored=True, tokenizer_name="raw", index_option="basic")
    builder.add_text_field("terms", stored=True, tokenizer_name="whitespace",
                           index_option="freq")
    builder.add_bytes_field("meta", stored=True)
    return builder.build()


SCHEMA = _schema()


@dataclass(frozen=True)
class IndexState:
    """What a read-only look at the shared index found (``doctor``)."""

    watermark: Watermark | None
    """None when there is no usable index."""
    unusable: str = ""
    """Why an index on disk cannot be used as it is ('' when absent or usable)."""
    checked: bool = True
    """False when the index could not be opened for a reason of the store, not the index:
    tantivy takes a lock file even to read, which a read-only store refuses."""


def inspect(layout: StoreLayout) -> IndexState:
    """The index's watermark, read without changing anything: ``FulltextIndex`` discards an
    index it cannot use, a check must only say so."""
    path = index_dir(layout)
    if not os.path.isdir(path) or not tantivy.Index.exists(path):
        return IndexState(None)
    try:
        mark = _watermark_of(tantivy.Index.open(path).searcher())
    except (ValueError, OSError) as exc:
        if not os.access(path, os.W_OK) or os.statvfs(path).f_flag & os.ST_RDONLY:
            return IndexState(None, checked=False)
        return IndexState(None, f"it cannot be read ({exc})")
    if mark.schema != SCHEMA_VERSION:
        return IndexState(None, f"it was built for another version of the analysis (schema "
                                f"{mark.schema}; this version reads {SCHEMA_VERSION})")
    return IndexState(mark)


def discard(layout: StoreLayout) -> None:
    """Empty the index, if there is one, after the catalog was re-derived: its watermark
    counts changes of the catalog that is gone. Lock held."""
    if inspect(layout).watermark is not None:
        FulltextIndex(layout).clear()


class FulltextIndex:
    """One process's handle on the shared index: a searcher reloaded only when it changed."""

    def __init__(self, layout: StoreLayout) -> None:
        self.path = index_dir(layout)
        self.rebuilt = False
        """True when this handle found no usable index (it is created by the first commit)."""
        self._meta_stamp: tuple[int, int, int] | None = None
        self._index: tantivy.Index | None = self._open()
        self._searcher: tantivy.Searcher | None = None
        self._docs: dict[tuple[int, int], StoredDoc] = {}
        """Documents fetched from the current searcher (addresses change with it)."""
        self._freqs: dict[str, int] = {}
        """Document frequencies asked of the current searcher: a search asks ~60 (the same
        terms again for each reading, candidate and check; the question's common words
        search after search), a tantivy call each. A commit brings a new searcher."""
        self._prefixed: dict[tuple[str, int], list[tuple[str, int]]] = {}
        """``terms_with_prefix`` answers of the current searcher, kept alike."""
        self.watermark = Watermark()
        self.reload(force=True)

    def _open(self) -> tantivy.Index | None:
        """The existing index, or None: opening never creates anything (a store that does not
        exist stays absent until its first save; the first commit creates the index)."""
        if not os.path.isdir(self.path) or not tantivy.Index.exists(self.path):
            self.rebuilt = True
            return None
        try:
            index = tantivy.Index.open(self.path)
            if _watermark_of(index.searcher()).schema == SCHEMA_VERSION:
                return index
            reason = "schema version changed"
        except (ValueError, OSError) as exc:
            reason = str(exc)
        log.warning("fulltext.index_discarded", path=self.path, reason=reason)
        shutil.rmtree(self.path, ignore_errors=True)
        self.rebuilt = True
        return None

    def _writable(self) -> tantivy.Index:
        if self._index is None:
            self._index = self._open()
        if self._index is None:
            # 0700: tantivy creates its files with the umask's mode; the directory keeps them
            # private like every other file of the store.
            ensure_private_dir(Path(self.path))
            self._index = tantivy.Index(SCHEMA, path=self.path, reuse=False)
        return self._index

    # ------------------------------------------------------------------ reading

    def reload(self, *, force: bool = False) -> bool:
        """Pick up a commit made by any process; True when the searcher changed.

        A stat of ``meta.json`` decides (tantivy replaces it atomically on each commit), so
        a search pays one stat, not a reload, when nothing was committed.
        """
        try:
            st = os.stat(os.path.join(self.path, "meta.json"))
            stamp: tuple[int, int, int] | None = (st.st_ino, st.st_mtime_ns, st.st_size)
        except FileNotFoundError:
            stamp = None
        if not force and stamp == self._meta_stamp:
            return False
        self._meta_stamp = stamp
        if self._index is None and stamp is not None:
            self._index = self._open()  # another process created it
        if self._index is None:
            self._searcher = None
            self._forget_searched()
            self.watermark = Watermark()
            return True
        self._index.reload()
        self._searcher = self._index.searcher()
        self._forget_searched()
        self.watermark = _watermark_of(self._searcher)
        return True

    def _forget_searched(self) -> None:
        """What was read from the searcher just replaced (its addresses and counts)."""
        self._docs = {}
        self._freqs = {}
        self._prefixed = {}

    @property
    def num_docs(self) -> int:
        """Leaves in the committed index (the watermark document is not one)."""
        return self.watermark.docs

    def doc_freq(self, term: str) -> int:
        if self._searcher is None:
            return 0
        found = self._freqs.get(term)
        if found is None:
            if len(self._freqs) >= FREQ_CACHE:
                self._freqs.clear()
            found = self._freqs[term] = int(self._searcher.doc_freq("terms", term))
        return found

    def holding_count(self, term: str) -> int:
        """The live documents holding ``term``: what a search of it finds, counted without
        fetching one (``doc_freq`` also counts the copies a later commit deleted)."""
        if self._searcher is None or not self.doc_freq(term):
            return 0
        found = self._searcher.search(_any_of((term,)), 1, count=True)
        return int(found.count or 0)  # type: ignore[attr-defined]  # not in tantivy's stub

    def terms_with_prefix(self, prefix: str, limit: int) -> list[tuple[str, int]]:
        """The index's terms starting with ``prefix`` and their frequencies (a new list each
        call: callers may keep or change it)."""
        if self._searcher is None:
            return []
        found = self._prefixed.get((prefix, limit))
        if found is None:
            if len(self._prefixed) >= FREQ_CACHE // 8:
                self._prefixed.clear()
            found = self._prefixed[(prefix, limit)] = [
                (str(t), int(n)) for t, n in
                self._searcher.terms_with_prefix("terms", prefix, limit=limit)]
        return list(found)

    def get(self, doc_id: str) -> StoredDoc | None:
        if self._searcher is None:
            return None
        searcher = self._searcher
        hits = searcher.search(tantivy.Query.term_query(SCHEMA, "id", doc_id), 1,
                               count=False).hits
        if not hits:
            return None
        return self._fetch(hits[0][1])

    def search(self, terms: Sequence[str], limit: int, *, offset: int = 0
               ) -> list[tuple[StoredDoc, float]]:
        """BM25 top ``limit`` (after ``offset``) over the analysed terms (an OR query)."""
        if not terms or limit <= 0 or self._searcher is None:
            return []
        result = self._searcher.search(_any_of(terms), limit, count=False, offset=offset)
        return [(self._fetch(address), float(score)) for score, address in result.hits]

    def scored_ids(self, terms: Sequence[str], limit: int) -> list[tuple[str, float]]:
        """``search``'s hits as (id, score), in its order, without their documents kept: a
        common word's holders are thousands (``SharedIndex.holders``, iterated postings),
        and a list of their stored documents (~2 KB each) raised a 50k server's peak by
        ~50 MB for one question. A document cached is read from the cache; the others are
        read for their id alone and not cached (they would clear it every ``DOC_CACHE``)."""
        if not terms or limit <= 0 or self._searcher is None:
            return []
        result = self._searcher.search(_any_of(terms), limit, count=False)
        found: list[tuple[str, float]] = []
        for score, address in result.hits:
            cached = self._docs.get((address.segment_ord, address.doc))
            found.append((cached.doc_id if cached is not None
                           else str(self._searcher.doc(address).get_first("id")), float(score)))
        return found

    def _fetch(self, address: tantivy.DocAddress) -> StoredDoc:
        """The stored document at ``address`` of the current searcher (cached)."""
        key = (address.segment_ord, address.doc)
        found = self._docs.get(key)
        if found is None:
            assert self._searcher is not None
            if len(self._docs) >= DOC_CACHE:
                self._docs.clear()
            found = self._docs[key] = _stored(self._searcher.doc(address))
        return found

    def score_ids(self, terms: Sequence[str], doc_ids: Sequence[str]
                  ) -> list[tuple[StoredDoc, float]]:
        """The BM25 score tantivy gives each of ``doc_ids`` that holds a query term.

        The ids are matched by one term query each (an OR of them, scored 0), not by a
        ``term_set_query``: that one walks the id field's whole term dictionary against its
        set, 0.48 ms for 30 ids at 50k memories against 0.04 ms; hits and scores are the same
        (the filter's score is the constant 0 either way)."""
        if not terms or not doc_ids or self._searcher is None:
            return []
        query = tantivy.Query.boolean_query([
            (tantivy.Occur.Must, _any_of(terms)),
            (tantivy.Occur.Must, tantivy.Query.const_score_query(_ids(doc_ids), 0.0)),
        ])
        result = self._searcher.search(query, len(doc_ids), count=False)
        return [(self._fetch(address), float(score)) for score, address in result.hits]

    # ------------------------------------------------------------------ writing (lock held)

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """Map what the disk refused while writing the index (tantivy says it in a
        ValueError: "An IO error occurred: ... (os error 28)") to the store's typed errors,
        so a full disk is a message and a retry later, never a crash of the actor."""
        try:
            yield
        except OSError as exc:
            raise map_os_error(exc, self.path) from exc
        except ValueError as exc:
            found = _OS_ERROR.search(str(exc))
            if found is None:
                raise
            code = int(found.group(1))
            raise map_os_error(OSError(code, os.strerror(code)), self.path) from exc

    def commit(self, add: Iterable[IndexDoc], remove: Iterable[str], seq: int) -> Watermark:
        """``_commit`` with the disk's refusals mapped (see ``_writing``)."""
        with self._writing():
            return self._commit(add, remove, seq)

    def _commit(self, add: Iterable[IndexDoc], remove: Iterable[str], seq: int) -> Watermark:
        """Index ``add``, drop ``remove`` and record ``seq``, in one tantivy commit.

        The caller holds the ``fulltext`` lock and has reloaded: ``self.watermark`` is the one
        this commit moves forward. Ids being re-added are deleted first (a leaf re-saved under
        its id replaces its old content). Returns the new watermark.
        """
        self.reload()
        base = self.watermark
        docs, total = base.docs, base.total_length
        writer = self._writable().writer(heap_size=WRITER_HEAP, num_threads=1)
        try:
            for doc_id in {*remove, *(d.doc_id for d in add)}:
                old = self.get(doc_id)
                if old is not None:
                    writer.delete_documents_by_term("id", doc_id)
                    docs -= 1
                    total -= old.length
            for doc in add:
                writer.add_document(_document(doc))
                docs += 1
                total += doc.length
            mark = Watermark(seq=max(seq, base.seq), docs=max(docs, 0),
                             total_length=max(total, 0.0) if docs > 0 else 0.0)
            writer.delete_documents_by_term("id", WATERMARK_ID)
            writer.add_document(_watermark_document(mark))
            writer.commit()
        except BaseException:
            writer.rollback()
            raise
        finally:
            writer.wait_merging_threads()  # releases tantivy's own writer lock file
        self._keep_private()
        self.reload(force=True)
        return self.watermark

    def _keep_private(self) -> None:
        """Files tantivy wrote with the umask's mode become 0600, like every store file."""
        with os.scandir(self.path) as entries:
            for entry in entries:
                try:
                    if entry.is_file() and entry.stat().st_mode & 0o077:
                        os.chmod(entry.path, 0o600)
                except FileNotFoundError:
                    continue  # merged away meanwhile

    def clear(self) -> None:
        """Empty the index (``rebuild``): every leaf becomes pending again. Lock held."""
        with self._writing():
            writer = self._writable().writer(heap_size=WRITER_HEAP, num_threads=1)
            try:
                writer.delete_all_documents()
                writer.add_document(_watermark_document(Watermark()))
                writer.commit()
            finally:
                writer.wait_merging_threads()
            self._keep_private()
        self.reload(force=True)


_OS_ERROR = re.compile(r"\(os error (\d+)\)")
"""How tantivy names the operating system's error in its messages."""


def _any_of(terms: Sequence[str]) -> tantivy.Query:
    unique = list(dict.fromkeys(terms))
    if len(unique) == 1:
        return tantivy.Query.term_query(SCHEMA, "terms", unique[0])
    return tantivy.Query.boolean_query(
        [(tantivy.Occur.Should, tantivy.Query.term_query(SCHEMA, "terms", t)) for t in unique])


def _ids(doc_ids: Sequence[str]) -> tantivy.Query:
    """Documents with any of these ids (an OR of term queries on the id field)."""
    return tantivy.Query.boolean_query(
        [(tantivy.Occur.Should, tantivy.Query.term_query(SCHEMA, "id", doc_id))
         for doc_id in dict.fromkeys(doc_ids)])


def _document(doc: IndexDoc) -> tantivy.Document:
    out = tantivy.Document()
    out.add_text("id", doc.doc_id)
    out.add_text("terms", " ".join(doc.terms))
    meta = {**doc.meta, "_length": doc.length}
    out.add_bytes("meta", json.dumps(meta, ensure_ascii=False).encode())
    return out


def _watermark_document(mark: Watermark) -> tantivy.Document:
    out = tantivy.Document()
    out.add_text("id", WATERMARK_ID)
    payload = {"seq": mark.seq, "docs": mark.docs, "total_length": mark.total_length,
               "schema": mark.schema}
    out.add_bytes("meta", json.dumps(payload).encode())
    return out


def _meta_of(doc: tantivy.Document) -> dict[str, Any]:
    raw = doc.get_first("meta")
    if not raw:
        return {}
    data = json.loads(bytes(raw))
    return data if isinstance(data, dict) else {}


def _stored(doc: tantivy.Document) -> StoredDoc:
    raw = doc.get_first("meta")
    return StoredDoc(str(doc.get_first("id")), str(doc.get_first("terms") or ""),
                     bytes(raw) if raw else b"")


def _watermark_of(searcher: tantivy.Searcher) -> Watermark:
    hits = searcher.search(tantivy.Query.term_query(SCHEMA, "id", WATERMARK_ID), 1,
                           count=False).hits
    if not hits:
        return Watermark()
    data = _meta_of(searcher.doc(hits[0][1]))
    return Watermark(seq=int(data.get("seq", 0)), docs=int(data.get("docs", 0)),
                     total_length=float(data.get("total_length", 0.0)),
                     schema=int(data.get("schema", SCHEMA_VERSION)))
