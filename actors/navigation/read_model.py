"""The navigation actor's read model: catalog view, leaf metadata, full-text index, branches.

Kept up to date incrementally: each ``refresh`` reads only the catalog rows changed since the
last one (``CatalogReader.changes_since``, by any process) and indexes just the new leaves'
files; facts are looked up in the database when asked (``StoredFacts``). Branch
files are immutable once written (their id hashes their children), so they are cached as read.
Leaf texts are not kept in memory; a hit's text is read from its file when it is served.
This module reads the store; it never writes it.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import structlog

from actors.consolidation.summarizer import EXCERPT_LIMIT, excerpt_for
from actors.facts.index import StoredFacts
from actors.navigation.term_index import TermIndex
from actors.text import parse_instant
from store.catalog import CatalogReader
from store.errors import MalformedFile
from store.factlog import FactEventsReader
from store.leaf_format import LeafFile, read_leaf
from store.paths import StoreLayout
from store.tree_files import read_branch, read_root

log = structlog.get_logger("ihmt.navigation")


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


def posix_seconds(stamp: str) -> float:
    """An ISO-8601 stamp as POSIX seconds; naive stamps are UTC; 0.0 when it does not parse.

    Record times are compared as instants, never as strings: "…:22Z" and "…:22.7Z" sort the
    wrong way round as text.
    """
    moment = parse_instant(stamp)
    return moment.timestamp() if moment is not None else 0.0


def leaf_fields(leaf: LeafFile) -> dict[str, Any]:
    """The fields the full-text index scores (title x3, keywords x3, tags x2, body x1)."""
    return {"title": str(leaf.get("title") or ""), "keywords": list(leaf.get("keywords") or []),
            "tags": list(leaf.get("tags") or []), "body": leaf.text}


class CatalogMirror:
    """The catalog rows this process has taken in (``state``: id -> entry)."""

    def __init__(self, layout: StoreLayout) -> None:
        self.reader = CatalogReader(layout)
        self.state: dict[str, dict[str, Any]] = {}
        self.seq = 0


class ReadModel:
    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self.catalog = CatalogMirror(layout)
        self.facts = StoredFacts(FactEventsReader(layout))
        self.index = TermIndex()
        self.leaves: dict[str, LeafMeta] = {}
        self._branches: dict[str, dict[str, Any]] = {}
        self.trunk_cache: dict[str, tuple[Any, str]] = {}
        """Analysed descriptors of trunk items (descent.py); dropped when an item changes."""
        self.children_cache: OrderedDict[str, list[tuple[Any, str]]] = OrderedDict()
        """Analysed children per branch id (descent.py); branch files are immutable."""
        self.unreadable: dict[str, str] = {}
        self.top: dict[str, dict[str, None]] = {}
        """Parentless ids per domain (the read model's trunk, fresher than root.json)."""

    # ------------------------------------------------------------------ refresh

    def refresh(self) -> int:
        """Take in what any process wrote since the last call; returns new leaves indexed."""
        changes, self.catalog.seq = self.catalog.reader.changes_since(self.catalog.seq)
        added = 0
        for change in changes:
            if change.entry is None:
                self.catalog.state.pop(change.entry_id, None)
                self._unplace(change.entry_id)
                self._forget(change.entry_id)
                continue
            entry = change.entry
            old = self.catalog.state.get(change.entry_id)
            self.catalog.state[change.entry_id] = entry
            self._place(entry)
            if entry.get("kind") == "leaf" and (old is None or old.get("path") != entry["path"]
                                                or change.entry_id not in self.leaves):
                added += self._index_leaf(entry)
        return added

    def _place(self, entry: Mapping[str, Any]) -> None:
        entry_id = str(entry["id"])
        self._unplace(entry_id)
        if not entry.get("parent_id"):
            self.top.setdefault(str(entry["domain"]), {})[entry_id] = None

    def _unplace(self, entry_id: str) -> None:
        for members in self.top.values():
            if entry_id in members:
                del members[entry_id]
                return

    def _reindex_all(self) -> int:
        entries = self.catalog.state
        for leaf_id in [i for i in self.leaves if i not in entries]:
            self._forget(leaf_id)
        self.top = {}
        for entry in sorted(entries.values(), key=lambda e: (e.get("timestamp") or "", e["id"])):
            if not entry.get("parent_id"):
                self.top.setdefault(str(entry["domain"]), {})[str(entry["id"])] = None
        added = 0
        for entry in entries.values():
            if entry.get("kind") == "leaf" and entry["id"] not in self.leaves:
                added += self._index_leaf(entry)
        return added

    def _index_leaf(self, entry: Mapping[str, Any]) -> int:
        try:
            leaf = read_leaf(self.layout.resolve(str(entry["path"])))
        except (MalformedFile, OSError) as exc:
            self.unreadable[str(entry["id"])] = str(exc)
            log.warning("navigation.leaf_unreadable", actor="navigation", leaf_id=entry["id"],
                        error=str(exc))
            return 0
        self.unreadable.pop(leaf.leaf_id, None)
        self.trunk_cache.pop(leaf.leaf_id, None)
        recorded = str(leaf.get("recorded_at") or leaf.get("ingested_at") or "")
        self.leaves[leaf.leaf_id] = LeafMeta(
            leaf_id=leaf.leaf_id, domain=leaf.domain, title=str(leaf.get("title") or ""),
            timestamp=str(leaf.get("timestamp") or ""),
            recorded_at=recorded,
            recorded_ts=posix_seconds(recorded),
            source=str(leaf.get("source") or ""), agent=str(leaf.get("agent") or ""),
            scope=str(leaf.get("scope") or ""), path=str(entry["path"]),
            keywords=tuple(leaf.get("keywords") or ()), tags=tuple(leaf.get("tags") or ()),
            excerpt=excerpt_for(leaf.text, EXCERPT_LIMIT),
            origin=str(leaf.get("origin") or "user"),
        )
        self.index.add(leaf.leaf_id, leaf_fields(leaf))
        return 1

    def _forget(self, leaf_id: str) -> None:
        self.trunk_cache.pop(leaf_id, None)
        self.leaves.pop(leaf_id, None)
        self.index.remove(leaf_id)

    # ------------------------------------------------------------------ reads

    def entry(self, node_id: str) -> Mapping[str, Any] | None:
        return self.catalog.state.get(node_id)

    def branch(self, node_id: str) -> dict[str, Any] | None:
        """A branch file (cached); None when missing or corrupt (logged)."""
        node = self._branches.get(node_id)
        if node is not None:
            return node
        entry = self.catalog.state.get(node_id)
        if entry is None:
            return None
        try:
            node = read_branch(self.layout.resolve(str(entry["path"])))
        except (MalformedFile, OSError) as exc:
            log.warning("navigation.branch_unreadable", actor="navigation", node_id=node_id,
                        error=str(exc))
            return None
        self._branches[node_id] = node
        return node

    def text_of(self, leaf_id: str) -> str:
        meta = self.leaves.get(leaf_id)
        if meta is None:
            return ""
        try:
            return read_leaf(self.layout.resolve(meta.path)).text
        except (MalformedFile, OSError):
            return ""

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
            entry = self.catalog.state.get(current)
            current = entry.get("parent_id") if entry else None
        return tuple(reversed(path))
