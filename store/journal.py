"""A snapshot plus an append-only journal: an index whose saves never rewrite a growing file.

Layout of one table (the catalog, the facts):
- ``<name>.json``: a snapshot ``{"schema_version": 1, "generation": G, ...payload}``, replaced
  atomically only by ``compact`` (in the background, under the table's lock).
- ``<name>.journal.jsonl``: a header line ``{"journal": name, "generation": G}`` and then one
  JSON record per line, appended under the table's lock with one ``write`` and an fsync.

A reader keeps (inode, offset) of the journal and on ``refresh`` reads only the new complete
lines, so a process sees what others wrote at the cost of what is new. When the journal was
replaced by a compaction (other inode, or shorter), it reloads the snapshot and the new journal,
retrying until both carry the same generation (a compactor writes the snapshot first).

Writers must hold the table's lock and call ``refresh`` inside it before deciding anything
(re-read inside the lock); the journal never decides anything itself. A line cut short by a
killed writer is skipped by readers and fenced off with a newline by the next appender.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import structlog

from store.atomic import write_atomic, write_json_atomic
from store.errors import MalformedFile, UnknownSchemaVersion

S = TypeVar("S")
log = structlog.get_logger("ihmt.journal")


class Codec(Protocol[S]):
    """How one table folds records into its in-memory state."""

    name: str

    def empty(self) -> S: ...

    def load_snapshot(self, data: Mapping[str, Any], path: Path) -> S: ...

    def dump_snapshot(self, state: S) -> dict[str, Any]: ...

    def apply(self, state: S, record: Mapping[str, Any]) -> None: ...


@dataclass(frozen=True)
class Refresh:
    """What one ``refresh`` took in."""

    records: tuple[Mapping[str, Any], ...]
    reloaded: bool
    """True when the whole state was reloaded: derived views must rebuild from ``state``."""


def utc_now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class Journal(Generic[S]):
    """One journaled table as seen by one process."""

    def __init__(self, snapshot: Path, journal: Path, codec: Codec[S]) -> None:
        self.snapshot_path = snapshot
        self.journal_path = journal
        self.codec = codec
        self.state: S = codec.empty()
        self.generation = -1
        self._inode: int | None = None
        self._mtime_ns = -1
        self._offset = 0
        self.skipped_lines = 0

    # ------------------------------------------------------------------ reading

    def refresh(self) -> Refresh:
        """Take in what was appended since the last call (or everything, the first time)."""
        try:
            st = os.stat(self.journal_path)
        except FileNotFoundError:
            st = None
        if self._inode is not None and st is not None and st.st_ino == self._inode \
                and st.st_size >= self._offset:
            if st.st_size == self._offset and st.st_mtime_ns == self._mtime_ns:
                return Refresh((), False)
            # The inode number alone is not proof: ext4 hands a compacted-away journal's inode
            # to a later journal (every 3rd compaction here), so check the generation too.
            with open(self.journal_path, "rb") as handle:
                if self._read_header(handle)[0] == self.generation:
                    self._mtime_ns = st.st_mtime_ns
                    handle.seek(self._offset)
                    chunk = handle.read(st.st_size - self._offset)
                    return Refresh(tuple(self._consume(chunk)), False)
            return self._reload()
        if st is None and self._inode is None and self.generation >= 0:
            return Refresh((), False)
        return self._reload()

    def _consume(self, chunk: bytes) -> list[Mapping[str, Any]]:
        end = chunk.rfind(b"\n")
        if end < 0:
            return []
        records: list[Mapping[str, Any]] = []
        for line in chunk[: end + 1].splitlines():
            if not line.strip():
                continue
            try:
                record = json.loads(line)
            except ValueError:
                self.skipped_lines += 1
                log.warning("journal.line_skipped", table=self.codec.name,
                            path=str(self.journal_path))
                continue
            if isinstance(record, dict) and "journal" not in record:
                self.codec.apply(self.state, record)
                records.append(record)
        self._offset += end + 1
        return records

    def _reload(self) -> Refresh:
        for attempt in range(200):
            try:
                handle = open(self.journal_path, "rb")
            except FileNotFoundError:
                handle = None
            try:
                journal_gen, header_len = (self._read_header(handle) if handle else (None, 0))
                snap_gen, state = self._read_snapshot()
                if journal_gen is not None and journal_gen != snap_gen:
                    time.sleep(0.005 * (attempt + 1))
                    continue
                self.state = state
                self.generation = snap_gen
                if handle is None:
                    self._inode, self._offset = None, 0
                    return Refresh((), True)
                opened = os.fstat(handle.fileno())
                self._inode, self._mtime_ns = opened.st_ino, opened.st_mtime_ns
                self._offset = header_len
                records = self._consume(handle.read())
                return Refresh(tuple(records), True)
            finally:
                if handle is not None:
                    handle.close()
        raise MalformedFile(self.journal_path,
                            "its generation never matched the snapshot's (is a compaction stuck?)")

    def _read_header(self, handle: Any) -> tuple[int | None, int]:
        line = handle.readline()
        if not line.endswith(b"\n"):
            return None, 0
        try:
            header = json.loads(line)
        except ValueError:
            raise MalformedFile(self.journal_path, "the journal header is not JSON") from None
        if not isinstance(header, dict) or "generation" not in header:
            raise MalformedFile(self.journal_path, "the journal header has no generation")
        return int(header["generation"]), len(line)

    def _read_snapshot(self) -> tuple[int, S]:
        try:
            raw = self.snapshot_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return 0, self.codec.empty()
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise MalformedFile(self.snapshot_path, f"not valid JSON ({exc.args[0]})") from None
        if not isinstance(data, dict):
            raise MalformedFile(self.snapshot_path, "not a JSON object")
        if data.get("schema_version", 1) != 1:
            raise UnknownSchemaVersion(self.snapshot_path,
                                       f"unknown schema_version {data.get('schema_version')!r}")
        return int(data.get("generation", 0)), self.codec.load_snapshot(data, self.snapshot_path)

    # ------------------------------------------------------------------ writing (lock held)

    def append(self, records: Sequence[Mapping[str, Any]]) -> Refresh:
        """Append records durably and take them (and anything before them) in. Lock held.

        The returned Refresh holds every record taken in by this call, ours last.
        """
        before = self.refresh()
        if not records:
            return before
        if not self.journal_path.exists():
            self._start_journal(self.generation if self.generation >= 0 else 0)
        payload = b"".join(
            json.dumps(r, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
            for r in records
        )
        fd = os.open(self.journal_path, os.O_RDWR | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            if size and os.pread(fd, 1, size - 1) != b"\n":
                payload = b"\n" + payload  # fence off a line a killed writer cut short
            os.write(fd, payload)
            os.fdatasync(fd)
        finally:
            os.close(fd)
        after = self.refresh()
        return Refresh(before.records + after.records, before.reloaded or after.reloaded)

    def _start_journal(self, generation: int) -> None:
        header = json.dumps({"journal": self.codec.name, "generation": generation}) + "\n"
        write_atomic(self.journal_path, header)

    def journal_size(self) -> int:
        try:
            return self.journal_path.stat().st_size
        except FileNotFoundError:
            return 0

    def compact(self) -> None:
        """Fold the journal into a new snapshot and start an empty journal. Lock held."""
        self.refresh()
        self._write_generation()

    def replace_state(self, state: S) -> None:
        """Make ``state`` the whole table (rebuild, repair). Lock held.

        Works when the snapshot is corrupt too (that is when a repair needs it): the next
        generation is taken from whatever still reads, the journal header or the snapshot.
        """
        self.generation = max(self.generation, self._readable_generation())
        self.state = state
        self._write_generation()

    def _readable_generation(self) -> int:
        known = [0]
        try:
            with open(self.journal_path, "rb") as handle:
                generation, _ = self._read_header(handle)
            if generation is not None:
                known.append(generation)
        except (OSError, MalformedFile):
            pass
        try:
            known.append(self._read_snapshot()[0])
        except (OSError, MalformedFile):
            pass
        return max(known)

    def _write_generation(self) -> None:
        # Snapshot first, journal second: a reader that sees the new journal header before the
        # new snapshot retries until both generations agree.
        generation = max(self.generation, 0) + 1
        data = {"schema_version": 1, "generation": generation, "updated_at": utc_now(),
                **self.codec.dump_snapshot(self.state)}
        write_json_atomic(self.snapshot_path, data)
        self._start_journal(generation)
        self._inode = None
        self.refresh()
        log.info("journal.compacted", table=self.codec.name, generation=generation)
