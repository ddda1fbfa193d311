"""The session scratch store: one temporary directory per server process, removed at exit.

Layout (nothing else knows it):
- ``pieces/<piece_id>.txt``: one recallable text each (a note, or a window of a digested
  output), written atomically; the in-memory index of ``actors.session.notes`` points here.
Every write is atomic but not synced: the directory lives as long as its process and is
removed after a crash, so an fsync would buy nothing (two per window made a 600,000-line
digest take 35 s, 27 of them in fsync).
- ``outputs/<seq>-<label>.txt``: the whole of each output passed through ``digest_output``.
- ``reads/<hash of the path>.txt``: the last copy of each file handed out by ``read_file``, so
  the next read can diff against exactly what the agent was given without keeping every file
  in memory.

The directory is named ``ihmt-session-<pid>-...``; one left behind by a killed process (its
pid gone) is removed when the next session store opens. This store is private to its process
and never shared, so it takes no locks. It must never
write outside its own directory, and never touches the long-term store.
"""

from __future__ import annotations

import enum
import hashlib
import os
import re
import shutil
import tempfile
from pathlib import Path

from store.atomic import DIR_MODE, ensure_private_dir, write_atomic
from store.processes import pid_alive

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
PREFIX = "ihmt-session-"




def remove_stale(base: Path) -> list[Path]:
    """Remove session directories whose server process died without cleaning up (SIGKILL)."""
    removed: list[Path] = []
    try:
        candidates = list(base.glob(f"{PREFIX}*-*"))
    except OSError:
        return removed
    for path in candidates:
        pid_text = path.name[len(PREFIX):].split("-", 1)[0]
        if not pid_text.isdigit() or int(pid_text) == os.getpid() or pid_alive(int(pid_text)):
            continue
        if path.is_dir() and (path / "pieces").is_dir():
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


class State(enum.Enum):
    OPEN = "open"
    CLOSED = "closed"


def _safe_name(text: str, limit: int = 40) -> str:
    """A file-name fragment from free text (a label): never a path, never empty."""
    name = _UNSAFE.sub("-", text).strip("-.")[:limit]
    return name or "output"


class SessionStore:
    """A temporary directory holding this process's notes, outputs and read copies."""

    def __init__(self, parent: Path | None = None) -> None:
        base = Path(parent) if parent else Path(tempfile.gettempdir())
        ensure_private_dir(base)
        remove_stale(base)
        self.root = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=str(base)))
        os.chmod(self.root, DIR_MODE)  # mkdtemp makes it 0700 already; say so explicitly
        for sub in ("pieces", "outputs", "reads"):
            ensure_private_dir(self.root / sub)
        self.state = State.OPEN

    def _check_open(self) -> None:
        if self.state is not State.OPEN:
            raise RuntimeError("the session store is closed")

    # ------------------------------------------------------------------ pieces

    def piece_path(self, piece_id: str) -> Path:
        return self.root / "pieces" / f"{_safe_name(piece_id, 80)}.txt"

    def write_piece(self, piece_id: str, text: str) -> None:
        self._check_open()
        write_atomic(self.piece_path(piece_id), text, durable=False)

    def read_piece(self, piece_id: str) -> str:
        self._check_open()
        return self.piece_path(piece_id).read_text(encoding="utf-8")

    def write_output(self, seq: int, label: str, text: str) -> Path:
        """Keep a whole output; returns where (for the logs only)."""
        self._check_open()
        path = self.root / "outputs" / f"{seq:05d}-{_safe_name(label)}.txt"
        write_atomic(path, text, durable=False)
        return path

    # ------------------------------------------------------------------ read copies

    def _copy_path(self, key: str) -> Path:
        digest = hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:32]
        return self.root / "reads" / f"{digest}.txt"

    def save_copy(self, key: str, text: str) -> None:
        """Remember the text handed out for ``key`` (a resolved file path)."""
        self._check_open()
        write_atomic(self._copy_path(key), text, durable=False)

    def load_copy(self, key: str) -> str | None:
        """The text last handed out for ``key``, or None if it was never read this session."""
        self._check_open()
        try:
            return self._copy_path(key).read_text(encoding="utf-8")
        except FileNotFoundError:
            return None

    # ------------------------------------------------------------------ lifecycle

    def close(self) -> None:
        """Remove the directory and everything in it (idempotent)."""
        if self.state is State.CLOSED:
            return
        self.state = State.CLOSED
        shutil.rmtree(self.root, ignore_errors=True)
