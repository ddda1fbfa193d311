"""The project index on disk: one directory per project root under ``IHMT_PROJECTS_DIR``.

Layout of ``<projects_dir>/<name>-<hash of the root>/`` (nothing else knows it):
- ``manifest.json``: ``{"schema_version", "project", "generation", "updated_at",
  "files": {relative path: {size, mtime_ns, sha256, key, language, tokens, lines, trusted}}}``,
  replaced atomically, only when something changed.
- ``sources/<key[:2]>/<key>.json``: ``{"text": the file's text, "entries": [{symbol, kind,
  start, end, tokens, title}]}``, content-addressed (the key is the checksum of the text plus
  how it was cut), so two processes that index the same content write the same file and a
  file never changes once written. Unreferenced ones are removed after a manifest write.
  They are written atomically but without fsync (derived data: one lost is cut again).
- ``locks/project.lock``: the ``project`` lock of ``store.locks.LockManager``; every
  read-modify-write of the manifest happens inside it (re-read inside the lock).

The index is derived data: deleting the directory only costs a re-index. Readers never need
the lock: they only see whole files. This module never reads the user's project files.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import structlog

from store.atomic import (
    clean_stray_temps,
    ensure_private_dir,
    is_temp_file,
    write_atomic,
    write_json_atomic,
)
from store.errors import MalformedFile, UnknownSchemaVersion
from store.events import utc_now
from store.locks import LockManager

SCHEMA_VERSION = 1
LOCK_NAME = "project"
DEFAULT_LOCK_TIMEOUT_S = 120.0
"""A first index of a large project can take a while; a second process waits, then reuses it."""

log = structlog.get_logger("ihmt.project_store")
_SLUG = re.compile(r"[^a-z0-9]+")
_KEY = re.compile(r"^[0-9a-f]{16,64}(?:-[a-z0-9]{1,20})?$")


def index_dir_for(projects_dir: Path, project_root: Path) -> Path:
    """The index directory of ``project_root`` (already resolved)."""
    slug = _SLUG.sub("-", project_root.name.lower()).strip("-")[:40] or "project"
    digest = hashlib.sha256(str(project_root).encode("utf-8", "surrogatepass")).hexdigest()[:12]
    return projects_dir / f"{slug}-{digest}"


def empty_manifest(project_root: Path) -> dict[str, Any]:
    return {"schema_version": SCHEMA_VERSION, "project": str(project_root), "generation": 0,
            "updated_at": "", "files": {}}


class ProjectStore:
    """The files of one project's index."""

    def __init__(self, index_dir: Path, *, lock_timeout_s: float = DEFAULT_LOCK_TIMEOUT_S
                 ) -> None:
        self.dir = index_dir
        self.lock_timeout_s = lock_timeout_s
        self.locks = LockManager(index_dir / "locks", default_timeout_s=lock_timeout_s)

    @property
    def manifest_path(self) -> Path:
        return self.dir / "manifest.json"

    @property
    def sources_dir(self) -> Path:
        return self.dir / "sources"

    def source_path(self, key: str) -> Path:
        if not _KEY.match(key):
            raise MalformedFile(self.manifest_path, f"invalid source key {key!r}")
        return self.sources_dir / key[:2] / f"{key}.json"

    # ------------------------------------------------------------------ locking

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """The project lock, blocking: call from a worker thread only, never the event loop."""
        ensure_private_dir(self.dir)
        with self.locks.hold_sync(LOCK_NAME, actor="project", timeout_s=self.lock_timeout_s):
            clean_stray_temps(self.dir)
            yield

    # ------------------------------------------------------------------ manifest

    def read_manifest(self, project_root: Path) -> dict[str, Any]:
        """The manifest, or an empty one when there is none yet or it is unreadable.

        An unreadable manifest is derived data gone bad: it is logged and rebuilt from the
        project's files rather than refused.
        """
        try:
            raw = self.manifest_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return empty_manifest(project_root)
        try:
            data = json.loads(raw)
            if not isinstance(data, dict) or not isinstance(data.get("files"), dict):
                raise MalformedFile(self.manifest_path, "not a manifest object")
            if data.get("schema_version") != SCHEMA_VERSION:
                raise UnknownSchemaVersion(self.manifest_path,
                                           f"schema_version {data.get('schema_version')!r}")
        except (ValueError, MalformedFile) as exc:
            log.warning("project.manifest_unreadable", path=str(self.manifest_path),
                        error=str(exc))
            return empty_manifest(project_root)
        return data

    def write_manifest(self, manifest: Mapping[str, Any]) -> dict[str, Any]:
        """Write the next generation of the manifest (caller holds the lock)."""
        data = dict(manifest)
        data["schema_version"] = SCHEMA_VERSION
        data["generation"] = int(data.get("generation", 0)) + 1
        data["updated_at"] = utc_now()
        data["files"] = dict(sorted(data["files"].items()))
        write_json_atomic(self.manifest_path, data)
        return data

    # ------------------------------------------------------------------ sources

    def has_source(self, key: str) -> bool:
        return self.source_path(key).is_file()

    def write_source(self, key: str, text: str, entries: list[dict[str, Any]]) -> None:
        """Write a content-addressed source file (same key, same content: idempotent).

        Atomic (temp file, ``os.replace``) but not fsynced: a source is derived from the
        project's own file and an fsync per file made a first index several times slower. One
        lost to a power cut reads as malformed and is simply cut again (``MalformedFile``).
        """
        path = self.source_path(key)
        if path.is_file():
            return
        payload = json.dumps({"text": text, "entries": entries}, ensure_ascii=False)
        write_atomic(path, payload, durable=False)

    def read_source(self, key: str) -> tuple[str, list[dict[str, Any]]]:
        """(text, entries) of a source file; FileNotFoundError when it was collected."""
        path = self.source_path(key)
        raw = path.read_text(encoding="utf-8")
        try:
            data = json.loads(raw)
            text, entries = data["text"], data["entries"]
            if not isinstance(text, str) or not isinstance(entries, list):
                raise TypeError("bad shape")
        except (ValueError, KeyError, TypeError) as exc:
            raise MalformedFile(path, f"unreadable source file ({exc})") from None
        return text, entries

    def remove_source(self, key: str) -> None:
        self.source_path(key).unlink(missing_ok=True)

    def collect_garbage(self, keep: set[str]) -> int:
        """Remove source files no manifest entry references (caller holds the lock)."""
        removed = 0
        if not self.sources_dir.exists():
            return 0
        for path in self.sources_dir.glob("*/*.json"):
            if is_temp_file(path) or path.stem in keep:
                continue
            path.unlink(missing_ok=True)
            removed += 1
        return removed
