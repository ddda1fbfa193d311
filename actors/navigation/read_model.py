"""The navigation actor's read model: catalog view, leaf metadata, full-text index, branches.

Cheap to open: the full-text index is the shared on-disk one (``shared_index``), opened, not
rebuilt; leaf metadata is read from it on demand (``LeafView``), never folded into a dict of
every leaf; only leaves saved since the index's last commit are read and analysed here (the
tail). Each ``refresh`` takes in the catalog changes since the last one (by any process) and
picks up index commits. ``commit_pending`` moves the tail into the shared index; the caller
holds the ``fulltext`` lock. Branch files are immutable once written (their id hashes their
children), so they are cached as read. Leaf texts are read from their files when served and
kept across searches (``leaf_texts``, checked against the file once per ``refresh``).
This module never writes the catalog, the facts or the leaves.
"""

from __future__ import annotations

import os
import sys
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import structlog

from actors.consolidation.summarizer import EXCERPT_LIMIT, excerpt_for
from actors.facts.index import StoredFacts
from actors.navigation.catalog_feed import CatalogView
from actors.navigation.days import MemoryDays, posix_seconds
from actors.navigation.leaf_texts import LeafTexts
from actors.navigation.shared_index import SharedIndex, analyse_fields
from store.catalog import CatalogReader, Change
from store.errors import MalformedFile
from store.factlog import FactEventsReader
from store.fulltext import LOCK_NAME as FULLTEXT_LOCK
from store.fulltext import FulltextIndex, IndexDoc
from store.leaf_format import LeafFile, read_leaf
from store.locks import LockManager
from store.paths import StoreLayout
from store.progress import ProgressFn, no_progress
from store.tree_files import read_branch, read_root

log = structlog.get_logger("ihmt.navigation")

LEAF_CACHE = 4096
"""Leaf metadata kept decoded (ranking asks about the same hits many times per search)."""
COMMIT_CHUNK = 2000
"""Catalog changes per index commit when a backlog is committed (bounded memory)."""
BRANCH_CACHE_BYTES = 1_000_000
"""Bytes of branch files kept parsed (least recently used dropped first): ~100 files of ~10 KB
at 50k. The descent keeps what it needs of a branch analysed (``trunk_cache``,
``children_cache``), so a file is opened again only once those dropped it; the count bound
before (2,048 files) could hold 49 MB of parsed JSON (a tree view reads every branch)."""
ENTRY_CACHE = 8192
"""Catalog rows kept per process: a search asks for the same few (hits, their ancestors)
many times, and every catalog change is seen by ``refresh`` (which drops its row)."""


@dataclass(frozen=True)
class LeafMeta:
    """What ranking and rendering need of a leaf without opening its file."""

    leaf_id: str
    domain: str
    title: str
    timestamp: str
    recorded_at: str
    recorded_ts: float
    """``recorded_at`` as POSIX seconds (0.0 when missing or unparseable), for as_of filters."""
    source: str
    agent: str
    scope: str
    path: str
    keywords: tuple[str, ...]
    tags: tuple[str, ...]
    excerpt: str
    origin: str = "user"


def leaf_fields(leaf: LeafFile) -> dict[str, Any]:
    """The fields the full-text index scores (title x3, keywords x3, tags x2, body x1)."""
    return {"title": str(leaf.get("title") or ""), "keywords": list(leaf.get("keywords") or []),
            "tags": list(leaf.get("tags") or []), "body": leaf.text}


def index_doc(leaf: LeafFile, path: str) -> IndexDoc:
    """A leaf as the full-text index stores it: analysed terms plus its ``LeafMeta`` fields."""
    recorded = str(leaf.get("recorded_at") or leaf.get("ingested_at") or "")
    meta = {"domain": leaf.domain, "title": str(leaf.get("title") or ""),
            "timestamp": str(leaf.get("timestamp") or ""), "recorded_at": recorded,
            "source": str(leaf.get("source") or ""), "agent": str(leaf.get("agent") or ""),
            "scope": str(leaf.get("scope") or ""), "path": path,
            "keywords": [str(k) for k in leaf.get("keywords") or ()],
            "tags": [str(t) for t in leaf.get("tags") or ()],
            "excerpt": excerpt_for(leaf.text, EXCERPT_LIMIT),
            "origin": str(leaf.get("origin") or "user")}
    return analyse_fields(leaf.leaf_id, leaf_fields(leaf), meta)


def meta_from(leaf_id: str, data: Mapping[str, Any]) -> LeafMeta:
    """A leaf's ``LeafMeta`` from its stored metadata. The words every leaf repeats (its
    domain, source, agent, scope, origin, tags and keywords: ~20 strings a leaf, ~660 distinct
    among 400 leaves) are shared strings (``sys.intern``), not one copy per leaf: ~1 KB less
    for each of the ``LEAF_CACHE`` leaves a time question over a busy year fills."""
    recorded = str(data.get("recorded_at") or "")
    return LeafMeta(
        leaf_id=leaf_id, domain=_shared(data.get("domain") or ""),
        title=str(data.get("title") or ""),
        timestamp=str(data.get("timestamp") or ""), recorded_at=recorded,
        recorded_ts=posix_seconds(recorded), source=_shared(data.get("source") or ""),
        agent=_shared(data.get("agent") or ""), scope=_shared(data.get("scope") or ""),
        path=str(data.get("path") or ""),
        keywords=tuple(_shared(k) for k in data.get("keywords") or ()),
        tags=tuple(_shared(t) for t in data.get("tags") or ()),
        excerpt=str(data.get("excerpt") or ""), origin=_shared(data.get("origin") or "user"))


def _shared(value: object) -> str:
    """``value`` as a string, the one copy of it the process holds."""
    return sys.intern(str(value))


class LeafView(Mapping[str, LeafMeta]):
    """Every searchable leaf's metadata, looked up on demand (get / in / len / [])."""

    def __init__(self, index: SharedIndex, catalog: CatalogView) -> None:
        self._index = index
        self._catalog = catalog
        self._cache: dict[str, LeafMeta] = {}
        self._version = index.version

    def __getitem__(self, leaf_id: str) -> LeafMeta:
        if self._version != self._index.version:
            self._cache.clear()
            self._version = self._index.version
        meta = self._cache.get(leaf_id)
        if meta is not None:
            return meta
        data = self._index.meta(leaf_id)
        if data is None:
            raise KeyError(leaf_id)
        if len(self._cache) >= LEAF_CACHE:
            self._cache.clear()
        meta = self._cache[leaf_id] = meta_from(leaf_id, data)
        return meta

    def __contains__(self, leaf_id: object) -> bool:
        return leaf_id in self._index

    def __len__(self) -> int:
        return len(self._index)

    def __iter__(self) -> Iterator[str]:
        """Every searchable leaf id, from the catalog: O(store), for background work (an
        embedding backfill), never for a search's hot path."""
        for leaf_id in self._catalog.leaf_ids():
            if leaf_id in self:
                yield leaf_id


class ReadModel:
    def __init__(self, layout: StoreLayout, catalog: CatalogView | None = None) -> None:
        self.layout = layout
        self.catalog: CatalogView = catalog if catalog is not None else CatalogReader(layout)
        self.facts = StoredFacts(FactEventsReader(layout))
        self.index = SharedIndex(FulltextIndex(layout))
        self.leaves = LeafView(self.index, self.catalog)
        self.days = MemoryDays(self._leaf_times, lambda: self.leaves)
        """Every memory's day, kept by the changes ``refresh`` takes in (time questions)."""
        self.seq = self.index.disk.watermark.seq
        """Catalog changes up to here are taken in (starts at the index's watermark)."""
        self.analysed = 0
        """Leaves this process read and analysed (the tail, and what it committed)."""
        self.turn = 0
        """How many times ``refresh`` ran: what is read once per search (a search refreshes
        first) is kept for this turn only (``Readings.user_names``)."""
        self._branches: OrderedDict[str, tuple[dict[str, Any], int]] = OrderedDict()
        """Parsed branch files and their size in bytes, bounded by ``BRANCH_CACHE_BYTES``."""
        self._branch_bytes = 0
        self.trunk_cache: dict[str, tuple[Any, str]] = {}
        """Analysed descriptors of trunk items (descent.py); dropped when an item changes."""
        self.children_cache: OrderedDict[str, list[tuple[Any, str]]] = OrderedDict()
        """Analysed children per branch id (descent.py); branch files are immutable."""
        self.domain_cache: dict[str, Any] = {}
        """Analysed domain descriptors (descent.py): built from the trunk, so dropped on any
        catalog change."""
        self._entries: dict[str, Mapping[str, Any] | None] = {}
        """Catalog rows read so far (``entry``); a change drops its row."""
        self.unreadable: dict[str, str] = {}
        self.arrived: list[str] = []
        """Leaves that came in through catalog changes since the embedder last took them."""
        self._deferred: dict[str, Change] = {}
        """Leaves beyond the watermark noted by ``refresh(analyse=False)``, not yet analysed."""
        self.texts = LeafTexts(layout)
        """Leaf texts, kept across searches (``leaf_texts``); a change of a leaf drops it."""
        self.top: dict[str, dict[str, None]] = {}
        """Parentless ids per domain (the read model's trunk, fresher than root.json)."""
        for entry in self.catalog.parentless():
            self.top.setdefault(str(entry["domain"]), {})[str(entry["id"])] = None

    # ------------------------------------------------------------------ refresh

    def refresh(self, *, analyse: bool = True) -> int:
        """Take in what any process wrote since the last call; returns leaves analysed.

        ``analyse=False`` (the idle turn, which only needs to know what arrived) notes new
        leaves without reading them: with several processes on a store, every process
        analysing every other process's saves in its idle turn cost each save once per
        process, although most of those leaves reach the shared index's next commit before
        any search here needs them. The next ``refresh()`` analyses what is still beyond the
        watermark then, so a search still sees every committed save (read-your-writes)."""
        self.turn += 1
        self.texts.new_turn()
        before_mark = self.index.disk.watermark.seq
        self.index.reload()
        if self.index.disk.watermark.seq < before_mark:
            # The index was emptied (``rebuild``): take in every leaf again from its start.
            self.index = SharedIndex(self.index.disk)
            self.leaves = LeafView(self.index, self.catalog)
            self.seq = self.index.disk.watermark.seq
            self._entries.clear()
            self.domain_cache.clear()
            self._deferred.clear()
            self.texts.clear()
            self.days.clear()
        changes, self.seq = self.catalog.changes_since(self.seq)
        before = self.analysed
        mark = self.index.disk.watermark.seq
        for entry_id in [i for i, c in self._deferred.items() if c.seq <= mark]:
            del self._deferred[entry_id]  # the committed index holds it now
        if analyse and self._deferred:
            deferred, self._deferred = self._deferred, {}
            for change in sorted(deferred.values(), key=lambda c: c.seq):
                self._add_leaf(change)
        for change in changes:
            self._take(change, mark, analyse=analyse)
        return self.analysed - before

    def _take(self, change: Change, mark: int, *, analyse: bool = True) -> None:
        entry_id, entry = change.entry_id, change.entry
        self.trunk_cache.pop(entry_id, None)
        self._entries.pop(entry_id, None)
        self.texts.forget(entry_id)
        self.domain_cache.clear()
        self._unplace(entry_id)
        self._deferred.pop(entry_id, None)
        if entry is None:
            self.unreadable.pop(entry_id, None)
            self.index.discard(entry_id, change.seq)
            self.days.gone(entry_id)
            return
        if not entry.get("parent_id"):
            self.top.setdefault(str(entry["domain"]), {})[entry_id] = None
        if entry.get("kind") == "leaf":
            self.arrived.append(entry_id)
            self.days.touch(entry_id)
        if entry.get("kind") != "leaf" or change.seq <= mark:
            return
        if entry_id not in self.index.removed and self.index.knows(entry_id):
            return  # a metadata change (parent, status): the indexed content stands
        if analyse:
            self._add_leaf(change)
        else:
            self._deferred[entry_id] = change

    def _add_leaf(self, change: Change) -> None:
        doc = self._analyse(change.entry) if change.entry is not None else None
        if doc is not None:
            self.index.add(doc, change.seq)

    def _leaf_times(self) -> Iterator[tuple[str, str, str, str]]:
        """(id, timestamp, recorded_at, scope) of every leaf taken in and readable (``days``),
        streamed."""
        return (row for row in self.catalog.leaf_times(self.seq) if row[0] not in self.unreadable)

    def take_arrived(self) -> list[str]:
        """The leaves that arrived since the last call (saved by this or another process)."""
        arrived, self.arrived = self.arrived, []
        return arrived

    def _analyse(self, entry: Mapping[str, Any]) -> IndexDoc | None:
        try:
            leaf = read_leaf(self.layout.resolve(str(entry["path"])))
        except (MalformedFile, OSError) as exc:
            self.unreadable[str(entry["id"])] = str(exc)
            log.warning("navigation.leaf_unreadable", actor="navigation", leaf_id=entry["id"],
                        error=str(exc))
            return None
        self.unreadable.pop(leaf.leaf_id, None)
        self.analysed += 1
        return index_doc(leaf, str(entry["path"]))

    def _unplace(self, entry_id: str) -> None:
        for members in self.top.values():
            if entry_id in members:
                del members[entry_id]
                return

    # ------------------------------------------------------------------ committing

    def pending(self) -> int:
        """Catalog changes beyond the committed watermark (what a commit would take in)."""
        self.index.reload()
        return self.catalog.count_changes_since(self.index.disk.watermark.seq)

    def index_ahead_of_catalog(self) -> bool:
        """True when the index claims catalog changes the catalog never made (the database
        was rebuilt and its sequence numbers restarted): the index must be rebuilt too."""
        return self.index.disk.watermark.seq > self.catalog.last_seq()

    def commit_pending(self, progress: ProgressFn = no_progress, *,
                       analysed: Mapping[str, IndexDoc] | None = None) -> int:
        """Move every leaf beyond the watermark into the shared index. ``fulltext`` lock held.

        Re-reads the watermark inside the lock (another process may just have committed) and
        the catalog changes since it; the tail's analysed documents are reused, and so are
        ``analysed`` (another read model's tail, handed to the background committer,
        ``index_commits``). A large
        backlog (first start on an old store, ``rebuild``) is committed COMMIT_CHUNK changes
        at a time, in seq order, each commit's watermark the last seq it covers: memory stays
        bounded and a kill loses only the chunk in flight. Returns the leaves committed;
        ``progress`` sees catalog changes taken in of changes found.
        """
        self.index.reload()
        mark = self.index.disk.watermark.seq
        changes, seq = self.catalog.changes_since(mark)
        if not changes:
            return 0
        committed = 0
        for start in range(0, len(changes), COMMIT_CHUNK):
            chunk = changes[start:start + COMMIT_CHUNK]
            last = start + COMMIT_CHUNK >= len(changes)
            committed += self._commit_chunk(chunk, seq if last else chunk[-1].seq,
                                            progress=progress, offset=start, total=len(changes),
                                            analysed=analysed or {})
        progress(len(changes), len(changes))
        return committed

    def _commit_chunk(self, changes: list[Change], seq: int, *,
                      progress: ProgressFn = no_progress, offset: int = 0, total: int = 0,
                      analysed: Mapping[str, IndexDoc]) -> int:
        add: list[IndexDoc] = []
        remove: list[str] = []
        for done, change in enumerate(changes, start=offset):
            progress(done, total)
            if change.entry is None:
                remove.append(change.entry_id)
            elif change.entry.get("kind") == "leaf":
                tail = self.index.tail.get(change.entry_id)
                known = tail.doc if tail is not None else analysed.get(change.entry_id)
                if known is not None:
                    add.append(known)
                elif self.index.disk.get(change.entry_id) is None:
                    doc = self._analyse(change.entry)
                    if doc is not None:
                        add.append(doc)
        self.index.disk.commit(add, remove, seq)
        self.index.reload(committed=True)
        log.info("fulltext.committed", actor="navigation", added=len(add), removed=len(remove),
                 seq=seq, documents=self.index.disk.num_docs)
        return len(add)

    def rebuild_index(self, progress: ProgressFn = no_progress) -> int:
        """Empty the shared index and index every leaf again (``rebuild``). Lock held."""
        self.index.disk.clear()
        self.index = SharedIndex(self.index.disk)
        self.leaves = LeafView(self.index, self.catalog)
        self.seq = 0
        self._entries.clear()
        self.domain_cache.clear()
        self.texts.clear()
        self.days.clear()
        return self.commit_pending(progress)

    # ------------------------------------------------------------------ reads

    def entry(self, node_id: str) -> Mapping[str, Any] | None:
        """The catalog row of ``node_id`` as of the last ``refresh`` (cached until a change)."""
        if node_id in self._entries:
            return self._entries[node_id]
        found = self.catalog.get(node_id)
        if len(self._entries) >= ENTRY_CACHE:
            self._entries.clear()
        self._entries[node_id] = found
        return found

    def branch(self, node_id: str) -> dict[str, Any] | None:
        """A branch file (cached); None when missing or corrupt (logged)."""
        kept = self._branches.get(node_id)
        if kept is not None:
            self._branches.move_to_end(node_id)
            return kept[0]
        entry = self.entry(node_id)
        if entry is None:
            return None
        try:
            path = self.layout.resolve(str(entry["path"]))
            node = read_branch(path)
            size = os.stat(path).st_size
        except (MalformedFile, OSError) as exc:
            log.warning("navigation.branch_unreadable", actor="navigation", node_id=node_id,
                        error=str(exc))
            return None
        self._branches[node_id] = (node, size)
        self._branch_bytes += size
        while self._branch_bytes > BRANCH_CACHE_BYTES and len(self._branches) > 1:
            self._branch_bytes -= self._branches.popitem(last=False)[1][1]
        return node

    def unreadable_now(self) -> dict[str, str]:
        """Stored memories whose file this process could not read when it last tried (to
        index it, or to read its text for a search), with why: a file deleted or damaged
        behind the store's back. Only what was met anyway, no scan of the store."""
        return {**self.unreadable, **self.texts.failed}

    def text_of(self, leaf_id: str) -> str:
        """The leaf's text ('' when unknown or unreadable), read at most once per turn."""
        return self.texts.text(leaf_id, self._path_of)

    def _path_of(self, leaf_id: str) -> str | None:
        meta = self.leaves.get(leaf_id)
        if meta is not None:
            return meta.path
        deferred = self._deferred.get(leaf_id)  # arrived, not analysed yet
        if deferred is None or deferred.entry is None:
            return None
        return str(deferred.entry["path"])

    def root(self) -> dict[str, Any] | None:
        try:
            return read_root(self.layout)
        except MalformedFile:
            return None

    def tree_path(self, node_id: str) -> tuple[str, ...]:
        """Ids from the top of the tree down to ``node_id``."""
        path: list[str] = []
        seen: set[str] = set()
        current: str | None = node_id
        while current and current not in seen:
            seen.add(current)
            path.append(current)
            entry = self.entry(current)
            current = entry.get("parent_id") if entry else None
        return tuple(reversed(path))


def rebuild_fulltext(layout: StoreLayout, locks: LockManager,
                     progress: ProgressFn = no_progress) -> int:
    """Recreate the shared full-text index from the leaves (``ihmt-async rebuild``)."""
    with locks.hold_sync(FULLTEXT_LOCK, actor="rebuild", timeout_s=600):
        return ReadModel(layout).rebuild_index(progress)
