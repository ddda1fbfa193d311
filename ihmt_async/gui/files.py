"""The only files the GUI reads itself: its own static pages, leaf files, root.json, the audit.

Every path comes from the store's layout (``StoreLayout.leaf_relpath`` validates the domain,
``is_safe_id`` the id, ``StoreLayout.resolve`` refuses anything outside the store after links
are followed) or from a fixed list of page files; a name from a URL is never joined to a folder
unchecked. Reads go through ``aiofiles`` so the event loop never blocks on the disk. This module
must never write anything.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import aiofiles
import anyio

from actors.text import parse_instant
from store.audit import read_audit
from store.errors import InvalidArgument, MalformedFile, UnknownMemory
from store.leaf_format import LeafFile, parse_leaf
from store.paths import StoreLayout, is_safe_id
from store.tree_files import read_root

STATIC_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
                ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml"}
AUDIT_LIMIT = 500


def static_dir() -> Path:
    return Path(str(resources.files("ihmt_async.gui") / "static"))


def static_names() -> frozenset[str]:
    """The page files that exist, by plain name; a URL may only ask for one of these."""
    return frozenset(p.name for p in static_dir().iterdir()
                     if p.is_file() and p.suffix in STATIC_TYPES)


async def read_static(name: str) -> tuple[bytes, str] | None:
    """A page file's bytes and content type, or None when no such page file exists."""
    if name not in static_names():
        return None
    path = static_dir() / name
    async with aiofiles.open(path, "rb") as handle:
        data = await handle.read()
    return data, STATIC_TYPES[path.suffix]


def leaf_path(layout: StoreLayout, domain: str, leaf_id: str) -> Path:
    """The leaf file for a (domain, id) taken from a URL, or a clear refusal."""
    if not is_safe_id(leaf_id):
        raise InvalidArgument(f"{leaf_id!r} is not a memory id.")
    path = layout.resolve(layout.leaf_relpath(domain, leaf_id))  # InvalidDomain if unsafe
    if not path.is_relative_to(layout.leaves_dir.resolve()):
        raise InvalidArgument(f"{leaf_id!r} is not a memory file.")
    return path


async def read_leaf_file(layout: StoreLayout, domain: str, leaf_id: str) -> LeafFile:
    path = leaf_path(layout, domain, leaf_id)
    try:
        async with aiofiles.open(path, "rb") as handle:
            raw = await handle.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        raise UnknownMemory(leaf_id) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise MalformedFile(path, "the file is not valid UTF-8") from None
    return parse_leaf(text, path)


async def root_digest(layout: StoreLayout) -> dict[str, Any] | None:
    """``root.json`` (the per-domain digests), None before the first consolidation."""
    return await anyio.to_thread.run_sync(read_root, layout)


def _instant(text: str, *, end_of_day: bool) -> dt.datetime | None:
    value = (text or "").strip()
    if not value:
        return None
    moment = parse_instant(value)
    if moment is None:
        raise InvalidArgument(f"{text!r} is not a date or date-time (e.g. 2026-05-01).")
    if end_of_day and len(value) == 10:
        moment += dt.timedelta(days=1) - dt.timedelta(microseconds=1)
    return moment


def store_audit(layout: StoreLayout) -> Iterator[Mapping[str, Any]]:
    """The store's audit records, oldest first, through the store's public reader."""
    return read_audit(layout)


def audit_rows(records: Iterable[Mapping[str, Any]], *, since: str = "", until: str = "",
               agent: str = "", action: str = "", limit: int = AUDIT_LIMIT) -> dict[str, Any]:
    """Audit records matching the filters, newest first, plus the agents and actions seen."""
    start = _instant(since, end_of_day=False)
    end = _instant(until, end_of_day=True)
    rows: list[Mapping[str, Any]] = []
    agents: set[str] = set()
    actions: set[str] = set()
    total = 0
    for record in records:
        total += 1
        client, kind = str(record.get("client") or ""), str(record.get("action") or "")
        agents.add(client)
        actions.add(kind)
        moment = parse_instant(str(record.get("ts") or ""))
        if start is not None and (moment is None or moment < start):
            continue
        if end is not None and (moment is None or moment > end):
            continue
        if agent and client != agent:
            continue
        if action and not kind.startswith(action):
            continue
        rows.append(record)
    rows.reverse()
    return {"rows": [dict(r) for r in rows[:limit]], "matched": len(rows), "total": total,
            "agents": sorted(agents), "actions": sorted(actions)}
