"""Leaf ids and checksums: what a leaf's id and its header's checksum hash, in one place for
the writer and for the checks.

Ingest names a new leaf by it (``actors.ingest.leaves``); ``store.salvage`` asks it whether a
copy of a memory's text the store still holds is the whole text (a copy whose id comes out the
same is). Pure; it never touches the disk.
"""

from __future__ import annotations

import hashlib


def leaf_id_for(domain: str, source: str, order: int, text: str, scope: str = "",
                salt: str = "") -> str:
    """Same source, position, text and scope: same leaf. A scope is part of the identity (the
    same note in two projects is two memories); ``salt`` makes a new leaf where the old one was
    retracted."""
    key = f"{source}\x00{order}\x00{text}" + (f"\x00{scope}" if scope else "") \
        + (f"\x00{salt}" if salt else "")
    digest = hashlib.sha256(key.encode()).hexdigest()[:10]
    return f"L-{domain}-{order:04d}-{digest}"


def text_checksum(text: str) -> str:
    """The ``checksum`` a leaf's header carries for its text."""
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def order_of(leaf_id: str) -> int | None:
    """The position a leaf id names (``L-<domain>-<order>-<digest>``), None for another shape
    (an IHMT-written id, a branch)."""
    head, _, digest = leaf_id.rpartition("-")
    _, _, order = head.rpartition("-")
    if not leaf_id.startswith("L-") or len(digest) != 10 or not order.isdigit():
        return None
    return int(order)
