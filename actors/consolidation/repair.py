"""Healing what a killed pass left behind, before the next pass plans anything. Pure.

A pass writes a layer's branch files first and then, under the catalog lock, one journal write
per layer holding, for each branch, its children's parent links followed by the branch's own
entry (``tree.link_records``). A process killed along the way can leave two kinds of debris:

- branch files the catalog never heard of (killed before or during the link): *strays*. Only
  the consolidation-lock holder writes branch files, so a stray seen by the next holder is
  garbage; it is deleted (under the catalog lock, so a rebuild cannot adopt it meanwhile).
- a journal write cut short: some children already name a parent whose entry never made it.
  Those *dangling* links are completed from the branch file (it is durable before any link is
  written) or, when the file does not list them, undone.

This module decides; the actor reads the files and appends the records.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from actors.consolidation.tree import link_records
from store import catalog as catalog_table

Entry = Mapping[str, Any]


@dataclass(frozen=True)
class Damage:
    dangling: dict[str, tuple[str, ...]]
    """parent id missing from the catalog -> the children that name it."""
    strays: tuple[str, ...]
    """Branch ids with a file on disk but no catalog entry."""

    def __bool__(self) -> bool:
        return bool(self.dangling or self.strays)


def find_damage(dangling: Mapping[str, Iterable[str]], branch_ids_on_disk: Iterable[str],
                catalogued: Container[str]) -> Damage:
    """The damage of a store whose rows name the missing parents ``dangling`` (parent id ->
    the children naming it) and whose branch files on disk are ``branch_ids_on_disk``, of
    which ``catalogued`` have a catalog row."""
    strays = tuple(sorted(i for i in branch_ids_on_disk if i not in catalogued))
    return Damage({str(p): tuple(sorted(c)) for p, c in dangling.items()}, strays)


def complete_or_undo(parent_id: str, children: Iterable[str], node: Mapping[str, Any] | None,
                     relpath: str, entries: Mapping[str, Entry]) -> list[dict[str, Any]]:
    """Records that finish a half-written link to ``parent_id``, or take it back
    (``entries``: at least the rows of ``children`` and of the children the file lists).

    The link is finished when the branch file was readable (``node``), is the branch named, and
    every child it lists exists and is either parentless or already points at it; otherwise
    the children that name the missing parent are made parentless again (the next pass files
    them anew).
    """
    children = list(children)
    listed = {str(c) for c in (node or {}).get("child_ids", [])}
    if node is not None and node.get("node_id") == parent_id and listed.issuperset(children):
        kids = [entries.get(c) for c in sorted(listed)]
        if kids and all(k is not None and k.get("parent_id") in (None, "", parent_id)
                        for k in kids):
            todo = [c for c in node["child_ids"] if not entries[str(c)].get("parent_id")]
            return link_records(node, relpath, todo)
    return [catalog_table.patch(child, parent_id=None) for child in children]
