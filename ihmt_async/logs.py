"""Structured logs: JSON lines to stderr and to the store's ``logs/ihmt.jsonl``.

Never stdout: stdout is the MCP channel. Every event carries ``ts``, ``level``, ``event``,
``pid``, ``actor`` and ``request_id`` (empty when not in a request), plus whatever the caller
bound (``duration_ms``, ``leaf_ids``, ``lock``, ``wait_ms``, ``client`` ...). Several processes
append to one log file; rotation is size-bounded and taken by whoever gets the rotate lock
first, and every writer reopens when the file it holds was rotated away.
"""

from __future__ import annotations

import fcntl
import logging
import os
import sys
import threading
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any, TextIO

import structlog

_STATE: dict[str, Any] = {"client": "", "session": ""}


class RotatingJsonl:
    """Append-only line sink shared by processes, rotated at ``max_bytes``."""

    def __init__(self, path: Path, *, max_bytes: int, backups: int) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self.backups = backups
        self._lock = threading.Lock()
        self._fd = -1
        self._ino = -1
        path.parent.mkdir(parents=True, exist_ok=True)

    def _open(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self._ino = os.fstat(self._fd).st_ino

    def write(self, line: str) -> None:
        data = (line + "\n").encode("utf-8", "replace")
        with self._lock:
            try:
                st = os.stat(self.path)
                if st.st_ino != self._ino:
                    self._open()
                elif st.st_size + len(data) > self.max_bytes:
                    self._rotate()
            except FileNotFoundError:
                self._open()
            if self._fd < 0:
                self._open()
            os.write(self._fd, data)

    def _rotate(self) -> None:
        lock_path = self.path.with_suffix(".rotate.lock")
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                return  # another process is rotating; we reopen on the next write
            st = os.stat(self.path)
            if st.st_size <= self.max_bytes * 0.9 and st.st_ino != self._ino:
                return
            for index in range(self.backups - 1, 0, -1):
                older = self.path.with_name(f"{self.path.name}.{index}")
                if older.exists():
                    os.replace(older, self.path.with_name(f"{self.path.name}.{index + 1}"))
            if self.backups > 0:
                os.replace(self.path, self.path.with_name(f"{self.path.name}.1"))
            else:
                os.truncate(self.path, 0)
            fcntl.flock(fd, fcntl.LOCK_UN)
        except FileNotFoundError:
            pass
        finally:
            os.close(fd)
        self._open()


class _TeeLogger:
    """The final structlog logger: one rendered line to stderr and to the log file."""

    def __init__(self, stream: TextIO | None, sink: RotatingJsonl | None) -> None:
        self._stream = stream
        self._sink = sink

    def msg(self, message: str) -> None:
        if self._stream is not None:
            try:
                self._stream.write(message + "\n")
                self._stream.flush()
            except (OSError, ValueError):
                pass
        if self._sink is not None:
            try:
                self._sink.write(message)
            except OSError:
                pass

    log = debug = info = warn = warning = error = critical = exception = fatal = msg


def _add_process_fields(_: Any, __: str, event: MutableMapping[str, Any]
                        ) -> MutableMapping[str, Any]:
    event.setdefault("pid", os.getpid())
    event.setdefault("actor", "server")
    event.setdefault("request_id", "")
    if _STATE["client"]:
        event.setdefault("client", _STATE["client"])
    if _STATE["session"]:
        event.setdefault("session", _STATE["session"])
    return event


def set_client(client: str, session: str = "") -> None:
    """Stamp every later event of this process with the MCP client's name."""
    _STATE["client"] = client
    if session:
        _STATE["session"] = session


def configure_logging(log_file: Path | None = None, *, level: str | None = None,
                      to_stderr: bool | None = None, max_bytes: int = 10_000_000,
                      backups: int = 3) -> None:
    """Configure structlog (and the stdlib root logger) once per process."""
    level_name = (level or os.environ.get("IHMT_LOG_LEVEL") or "info").upper()
    numeric = getattr(logging, level_name, logging.INFO)
    if to_stderr is None:
        to_stderr = os.environ.get("IHMT_LOG_STDERR", "1") not in ("0", "false", "no")
    sink = RotatingJsonl(log_file, max_bytes=max_bytes, backups=backups) if log_file else None
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts"),
            _add_process_fields,
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(ensure_ascii=False, default=str),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=lambda *_: _TeeLogger(sys.stderr if to_stderr else None, sink),
        cache_logger_on_first_use=False,
    )
    logging.basicConfig(stream=sys.stderr, level=max(numeric, logging.WARNING), force=True)
