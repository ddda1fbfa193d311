"""A memory whose leaf file is gone or damaged, and the copy of its text the store still holds.

Leaf files are the source of truth, and ``doctor --repair`` and ``rebuild`` read only them: a
memory whose file was deleted, emptied or garbled was dropped from the catalog by both, and
doctor then said nothing, while the shared full-text index still held the memory's header
fields and an excerpt of its text, which a server went on serving (probe-fault F2). The
excerpt is the whole text when the text is short and on one line, and the leaf id, which hashes
the text (``store.leaf_ids``), proves when it is: then the file can be written again exactly,
which ``restore`` does (a damaged file is kept beside it as ``*.corrupt-<time>``). Otherwise the
memory must be kept and a person told what the store still holds of it (``LostLeaf.detail``).

This module reads catalog entries and the index, and writes the one leaf file it restores; it
decides nothing about the catalog or the facts (``doctor`` and ``rebuild`` do).
"""

from __future__ import annotations

import os
import time
from collections.abc import Container, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from store.errors import InputError, StoreError
from store.events import utc_now
from store.fulltext import FulltextIndex
from store.leaf_ids import leaf_id_for, order_of, text_checksum
from store.leaves import write_leaf
from store.paths import StoreLayout

QUOTED = 80
"""Characters of a memory's title or whole held text a message quotes."""
QUOTED_EXCERPT = 320
"""Characters of an excerpt a message quotes when it is all the store holds of a memory: the
whole excerpt the index keeps (``EXCERPT_LIMIT``), what a person rewriting it by hand needs."""


@dataclass(frozen=True)
class HeldCopy:
    """What the full-text index holds of one leaf: its header fields and an excerpt."""

    header: Mapping[str, Any]
    text: str
    complete: bool
    """True when ``text`` is the leaf's whole text, exactly (its id hashes to the leaf's)."""


@dataclass(frozen=True)
class LostLeaf:
    """A memory the catalog holds whose file is gone or cannot be read."""

    leaf_id: str
    path: Path
    damage: str
    """Why the file cannot be read ('' when it is gone)."""
    title: str
    held: HeldCopy | None

    @property
    def restorable(self) -> bool:
        """The index holds the whole text: the file can be written again from it."""
        return self.held is not None and self.held.complete

    @property
    def state(self) -> str:
        """What happened to the file, in a message's words."""
        return f"is damaged ({self.damage})" if self.damage else "is gone"

    @property
    def detail(self) -> str:
        """One sentence for doctor's report: what happened, what the store holds, what next."""
        head = f"the file of memory {self.leaf_id} ({_quote(self.title)}) {self.state}"
        if self.held is not None and self.held.complete:
            return (f"{head}; the search index holds its whole text ({_quote(self.held.text)}): "
                    "--repair (or `rebuild`) writes the file again from it"
                    + (", keeping the damaged one beside it as *.corrupt-<time>"
                       if self.damage else ""))
        held = (f"the search index holds only an excerpt of it, with its line breaks lost, "
                f"not provably whole ({_quote(self.held.text, QUOTED_EXCERPT)})"
                if self.held is not None and self.held.text
                else "the store holds no other copy of its text")
        fix = ("fix the file by hand or restore it from a backup" if self.damage
               else "restore the file from a backup")
        return (f"{head}, and {held}. It is kept, with its facts: {fix}, then run doctor "
                f"again; or, to let it go, `ihmt-async forget {self.leaf_id} --reason '...'`, "
                "then `doctor --repair`")


def _quote(text: str, limit: int = QUOTED) -> str:
    flat = " ".join(text.split())
    return repr(flat if len(flat) <= limit else flat[: limit - 1] + "…")


def lost_leaves(layout: StoreLayout, entries: Mapping[str, Mapping[str, Any]],
                readable: Container[str], damaged: Mapping[str, str]) -> list[LostLeaf]:
    """The catalog's leaves that are not ``readable``: their file is gone, or named (by file
    name) in ``damaged`` with why it cannot be read. A file there under another leaf's id
    (a duplicate, a moved file) is no loss of this kind and is left to its own check."""
    found: list[LostLeaf] = []
    index: FulltextIndex | None = None
    for leaf_id, entry in sorted(entries.items()):
        if entry.get("kind") != "leaf" or leaf_id in readable:
            continue
        relpath = str(entry.get("path") or "")
        try:
            path = layout.resolve(relpath)
        except (StoreError, InputError):
            continue  # a path outside the store: doctor's ``entry_bad_path``
        damage = damaged.get(path.name, "")
        if not damage and os.path.lexists(path):
            continue
        if index is None:
            index = _open_index(layout)
        held = _held_copy(leaf_id, entry, index) if index is not None else None
        found.append(LostLeaf(leaf_id, path, damage, str(entry.get("title") or ""), held))
    return found


def _open_index(layout: StoreLayout) -> FulltextIndex | None:
    try:
        return FulltextIndex(layout)
    except (ValueError, OSError):  # unreadable (or refused on a read-only store): no copy
        return None


def _held_copy(leaf_id: str, entry: Mapping[str, Any], index: FulltextIndex) -> HeldCopy | None:
    stored = index.get(leaf_id)
    if stored is None:
        return None
    meta = stored.meta
    excerpt = str(meta.get("excerpt") or "")
    header = _header(leaf_id, entry, meta)
    whole = _whole_text(leaf_id, header, excerpt) if excerpt else None
    return HeldCopy(header, excerpt if whole is None else whole, whole is not None)


def _whole_text(leaf_id: str, header: Mapping[str, Any], excerpt: str) -> str | None:
    """The leaf's text when ``excerpt`` is all of it: the id hashes the domain, the source (or
    '' for a save that named none), the position, the text and the scope, so the excerpt (its
    white space collapsed) is the whole text exactly when it, or it with the one line end a
    saved text may keep, hashes to the id. A leaf saved again after a retraction (salted) or
    written by IHMT cannot be proven so: None, it is not restored."""
    order = order_of(leaf_id)
    if order is None:
        return None
    domain, scope = str(header["domain"]), str(header.get("scope") or "")
    return next((body for source in dict.fromkeys((str(header.get("source") or ""), ""))
                 for body in (excerpt, excerpt + "\n")
                 if leaf_id_for(domain, source, order, body, scope) == leaf_id), None)


def _header(leaf_id: str, entry: Mapping[str, Any], meta: Mapping[str, Any]) -> dict[str, Any]:
    """A leaf header from the catalog entry and the index's fields. What neither holds (the
    entities, the span, the detection's details) is left out; ``extra`` says the file was
    restored and from what."""
    tags = [str(t) for t in meta.get("tags") or ()]
    kind = next((t.partition(":")[2] for t in tags if t.startswith("type:")), "generic")
    recorded = str(entry.get("recorded_at") or meta.get("recorded_at") or "")
    return {
        "leaf_id": leaf_id, "schema_version": 1,
        "timestamp": str(entry.get("timestamp") or meta.get("timestamp") or ""),
        "ingested_at": recorded[:19] + "Z" if recorded else "",
        "data_type": kind.upper(), "domain": str(entry.get("domain") or meta.get("domain")),
        "title": str(entry.get("title") or meta.get("title") or ""), "tags": tags,
        "keywords": [str(k) for k in meta.get("keywords") or ()], "entities": [],
        "parent_id": entry.get("parent_id"), "source": str(entry.get("source") or ""),
        "order_index": order_of(leaf_id) or 0,
        "status": str(entry.get("status") or "ACTIVE"), "superseded_by": None,
        "scope": str(entry.get("scope") or ""), "origin": str(entry.get("origin") or "user"),
        "agent": str(entry.get("agent") or ""), "recorded_at": recorded,
    }


def aside_path(path: Path, stamp: str | None = None) -> Path:
    """Where a damaged ``path`` is kept: ``<name>.corrupt-<time>`` beside it."""
    return path.with_name(f"{path.name}.corrupt-{stamp or time.strftime('%Y%m%dT%H%M%S')}")


def set_aside(path: Path, stamp: str | None = None) -> Path:
    """Rename a damaged file to ``<name>.corrupt-<time>`` beside it (what a person may still
    want of it), at ``stamp`` when several go aside together; where it went."""
    target = aside_path(path, stamp)
    os.replace(path, target)
    return target


def restore(layout: StoreLayout, lost: LostLeaf) -> Path | None:
    """Write the file of ``lost`` again from its complete copy, keeping a damaged file beside
    it as ``*.corrupt-<time>`` (what a person may still want of it); the path the damaged
    file went to, or None when there was none. The caller holds the catalog lock."""
    held = lost.held
    if held is None or not held.complete:
        raise ValueError(f"no complete copy of {lost.leaf_id} to restore")
    moved = set_aside(lost.path) if os.path.lexists(lost.path) else None
    header = {**held.header, "checksum": text_checksum(held.text),
              "extra": {"restored_from": "the search index", "restored_at": utc_now()}}
    write_leaf(layout, header, held.text)
    return moved


def restore_all(layout: StoreLayout, lost: Iterable[LostLeaf]
                ) -> list[tuple[LostLeaf, Path | None]]:
    """``restore`` each of ``lost`` that has a complete copy; what was restored."""
    return [(leaf, restore(layout, leaf)) for leaf in lost if leaf.restorable]
