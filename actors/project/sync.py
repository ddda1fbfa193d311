"""Bringing a project's index in line with its files: one locked read-modify-write per call.

``sync_project`` runs in a worker thread and holds the project lock for the whole of it: read
the manifest (inside the lock, never a copy from before), walk the tree, trust a file whose
size and mtime are unchanged (not even re-read), re-hash the others, re-cut only content never
seen before, drop removed files, write the manifest only when something changed, then remove
sources nothing references. Two processes syncing at once therefore index each file once: the
second waits, re-reads the manifest, finds nothing to do.

A file modified within the last ``RACY_S`` seconds is hashed again on the next call even if
its size and mtime look unchanged (a write in the same clock tick would otherwise be missed).
It also hands back the sources of the paths the caller's in-memory view has not indexed, read
under the same lock, so a concurrent collection can never delete one between sync and load.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from actors.project.scan import MAX_FILE_BYTES, MAX_FILES, language_of, scan_project
from actors.project.symbols import Entry, file_entries, source_key
from actors.secrets import redact_text
from actors.text import estimate_tokens
from store.errors import MalformedFile
from store.project_store import ProjectStore

RACY_S = 2.0
log = structlog.get_logger("ihmt.project")


@dataclass(frozen=True)
class SyncReport:
    """What one sync found and did."""

    files: int
    added: int
    changed: int
    removed: int
    hashed: int
    """Files whose bytes were read this call (the others were trusted by size and mtime)."""
    cut: int
    """Files chunked this call (content no process had indexed before)."""
    too_large: int
    unreadable: int
    truncated: bool
    elapsed_ms: float

    @property
    def touched(self) -> int:
        return self.added + self.changed + self.removed

    def summary(self) -> str:
        parts = [f"{self.files} files indexed"]
        parts.append(f"{self.added} new, {self.changed} changed, {self.removed} removed"
                     if self.touched else "no changes")
        if self.too_large:
            parts.append(f"{self.too_large} over 256 KiB skipped")
        if self.unreadable:
            parts.append(f"{self.unreadable} not UTF-8 skipped")
        if self.truncated:
            parts.append(f"stopped at {MAX_FILES:,} files")
        return ", ".join(parts)


@dataclass(frozen=True)
class Loaded:
    """A source the caller asked for: its text and entries."""

    text: str
    entries: tuple[Entry, ...]


@dataclass(frozen=True)
class SyncResult:
    manifest: dict[str, Any]
    report: SyncReport
    loaded: dict[str, Loaded] = field(default_factory=dict)


def read_bounded(path: Path, limit: int) -> bytes | None:
    """At most ``limit + 1`` bytes of a regular file, opened without blocking (a FIFO or
    device swapped in after the walk is refused, never waited on); None when unreadable."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_NOFOLLOW)
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def _line_count(text: str) -> int:
    return text.count("\n") + (0 if text.endswith("\n") or not text else 1)


def sync_project(store: ProjectStore, root: Path, have: Mapping[str, str] | None = None,
                 *, _retry: bool = False) -> SyncResult:
    """Sync the index of ``root``; ``have`` maps the caller's indexed paths to their keys.

    The result carries the source of every path the caller has not indexed at its current key.
    """
    have = have or {}
    started = time.perf_counter()
    with store.hold():
        manifest = store.read_manifest(root)
        known: dict[str, dict[str, Any]] = manifest["files"]
        scan = scan_project(root)
        now_ns = time.time_ns()
        files: dict[str, dict[str, Any]] = {}
        added = changed = hashed = cut = unreadable = grown = 0
        fresh: dict[str, Loaded] = {}
        for found in scan.files:
            prev = known.get(found.rel)
            if (prev is not None and prev.get("trusted") and prev.get("size") == found.size
                    and prev.get("mtime_ns") == found.mtime_ns
                    and store.has_source(str(prev.get("key", "")))):
                files[found.rel] = prev
                continue
            data = read_bounded(found.path, MAX_FILE_BYTES)
            if data is None:
                continue  # vanished, unreadable or no longer a regular file: as if removed
            if len(data) > MAX_FILE_BYTES:
                grown += 1  # grew past the limit since the walk
                continue
            hashed += 1
            language = language_of(found.rel)
            key = source_key(data, language)
            trusted = now_ns - found.mtime_ns > RACY_S * 1e9
            if prev is not None and prev.get("key") == key and store.has_source(key):
                files[found.rel] = {**prev, "size": len(data), "mtime_ns": found.mtime_ns,
                                    "trusted": trusted}
                continue
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                unreadable += 1
                continue
            if not store.has_source(key):
                # The index keeps a copy of the file: secrets are redacted out of it (line
                # breaks kept, so symbol line ranges still match the file).
                clean = redact_text(text, keep_lines=True)
                entries = file_entries(clean, language)
                store.write_source(key, clean, [e.to_json() for e in entries])
                fresh[key] = Loaded(clean, tuple(entries))
                cut += 1
            files[found.rel] = {"size": len(data), "mtime_ns": found.mtime_ns, "key": key,
                                "language": language, "tokens": estimate_tokens(text),
                                "lines": _line_count(text), "trusted": trusted}
            if prev is None:
                added += 1
            else:
                changed += 1
        removed = sum(1 for rel in known if rel not in files)
        if files != known:
            manifest = store.write_manifest({**manifest, "files": files})
            store.collect_garbage({str(info["key"]) for info in files.values()})
        loaded: dict[str, Loaded] = {}
        broken = False
        for rel, info in files.items():
            key = str(info["key"])
            if have.get(rel) == key or key in loaded:
                continue
            if key in fresh:
                loaded[key] = fresh[key]
                continue
            try:
                text, raw_entries = store.read_source(key)
            except MalformedFile as exc:  # e.g. cut short by a power loss: cut it again
                log.warning("project.source_unreadable", key=key, error=str(exc))
                store.remove_source(key)
                broken = True
                continue
            loaded[key] = Loaded(text, tuple(Entry.from_json(e) for e in raw_entries))
    if broken and not _retry:
        return sync_project(store, root, have, _retry=True)
    report = SyncReport(files=len(files), added=added, changed=changed, removed=removed,
                        hashed=hashed, cut=cut, too_large=scan.too_large + grown,
                        unreadable=unreadable,
                        truncated=scan.truncated,
                        elapsed_ms=round((time.perf_counter() - started) * 1000, 2))
    if report.touched or report.cut:
        log.info("project.synced", project=str(root), added=added, changed=changed,
                 removed=removed, hashed=hashed, cut=cut, files=len(files),
                 elapsed_ms=report.elapsed_ms)
    return SyncResult(manifest=manifest, report=report, loaded=loaded)
