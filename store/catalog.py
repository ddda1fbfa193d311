"""The catalog: every leaf and branch by id, with its path, parent and status.

It is an index, rebuildable from the leaf and branch files (``store.rebuild``), kept as a
journaled table (``store.journal``) so a save appends a line instead of rewriting a file that
grows with the store. Catalog entries are derived from file headers by ``entry_from_leaf`` and
``entry_from_branch`` only, which is what makes a rebuilt catalog equal the live one.
Writers hold the ``catalog`` lock around ``Journal.append``; this module takes no locks.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from store.errors import MalformedFile
from store.journal import Journal
from store.paths import StoreLayout

Entry = dict[str, Any]
Entries = dict[str, Entry]

ENTRY_FIELDS = ("id", "kind", "layer", "domain", "path", "parent_id", "timestamp", "title",
                "leaf_count", "status", "source", "scope", "origin", "agent", "recorded_at")


class CatalogCodec:
    """Folds put/patch/del records into ``{id: entry}``; IHMT's catalog.json loads as-is."""

    name = "catalog"

    def empty(self) -> Entries:
        return {}

    def load_snapshot(self, data: Mapping[str, Any], path: Path) -> Entries:
        entries = data.get("entries", {})
        if not isinstance(entries, dict):
            raise MalformedFile(path, "'entries' is not a JSON object")
        return {str(k): dict(v) for k, v in entries.items() if isinstance(v, dict)}

    def dump_snapshot(self, state: Entries) -> dict[str, Any]:
        return {"entries": {k: state[k] for k in sorted(state)}}

    def apply(self, state: Entries, record: Mapping[str, Any]) -> None:
        op = record.get("op")
        if op == "put":
            entry = dict(record["entry"])
            state[entry["id"]] = entry
        elif op == "patch":
            current = state.get(record["id"])
            if current is not None:
                current.update(record["set"])
        elif op == "del":
            state.pop(record["id"], None)


class CountCodec:
    """A catalog view that keeps only ids and counts, for writers that need totals."""

    name = "catalog"

    def empty(self) -> dict[str, Any]:
        return {"ids": set(), "nodes": set(), "domains": {}, "depth": 0}

    def load_snapshot(self, data: Mapping[str, Any], path: Path) -> dict[str, Any]:
        state = self.empty()
        for entry in CatalogCodec().load_snapshot(data, path).values():
            self.apply(state, {"op": "put", "entry": entry})
        return state

    def dump_snapshot(self, state: dict[str, Any]) -> dict[str, Any]:
        raise TypeError("a count view cannot write a snapshot")

    def apply(self, state: dict[str, Any], record: Mapping[str, Any]) -> None:
        op = record.get("op")
        if op == "put":
            entry = record["entry"]
            if entry.get("kind") == "node":
                state["nodes"].add(entry["id"])
                state["depth"] = max(state["depth"], int(entry.get("layer", 0)))
            elif entry["id"] not in state["ids"]:
                state["ids"].add(entry["id"])
                domains = state["domains"]
                domains[entry["domain"]] = domains.get(entry["domain"], 0) + 1
        elif op == "del":
            state["nodes"].discard(record["id"])
            if record["id"] in state["ids"]:
                state["ids"].discard(record["id"])
                domain = record.get("domain")
                if domain in state["domains"]:
                    state["domains"][domain] -= 1
                    if state["domains"][domain] <= 0:
                        del state["domains"][domain]


def open_catalog(layout: StoreLayout) -> Journal[Entries]:
    return Journal(layout.catalog_snapshot, layout.catalog_journal, CatalogCodec())


def open_catalog_counts(layout: StoreLayout) -> Journal[dict[str, Any]]:
    return Journal(layout.catalog_snapshot, layout.catalog_journal, CountCodec())


def put(entry: Mapping[str, Any]) -> dict[str, Any]:
    return {"op": "put", "entry": dict(entry)}


def patch(entry_id: str, **fields: Any) -> dict[str, Any]:
    return {"op": "patch", "id": entry_id, "set": fields}


def delete(entry_id: str, domain: str = "") -> dict[str, Any]:
    return {"op": "del", "id": entry_id, "domain": domain}


def entry_from_leaf(header: Mapping[str, Any], relpath: str, parent_id: str | None) -> Entry:
    """The catalog entry of a leaf, from its header alone (plus the parent found in the tree)."""
    return {
        "id": header["leaf_id"],
        "kind": "leaf",
        "layer": 0,
        "domain": header["domain"],
        "path": relpath,
        "parent_id": parent_id,
        "timestamp": header.get("timestamp") or header.get("ingested_at") or "",
        "title": header.get("title", ""),
        "leaf_count": 1,
        "status": header.get("status") or "ACTIVE",
        "source": header.get("source") or "",
        "scope": header.get("scope") or "",
        "origin": header.get("origin") or "user",
        "agent": header.get("agent") or "",
        "recorded_at": header.get("recorded_at") or header.get("ingested_at") or "",
    }


def entry_from_branch(node: Mapping[str, Any], relpath: str) -> Entry:
    time_range = node.get("time_range") or {}
    return {
        "id": node["node_id"],
        "kind": "node",
        "layer": int(node["layer"]),
        "domain": node["domain"],
        "path": relpath,
        "parent_id": node.get("parent_id"),
        "timestamp": time_range.get("end") or node.get("created_at") or "",
        "title": node.get("title", ""),
        "leaf_count": int(node.get("leaf_count", 0)),
        "status": "ACTIVE",
        "source": "",
        "scope": "",
        "origin": "",
        "agent": "",
        "recorded_at": node.get("created_at") or "",
    }
