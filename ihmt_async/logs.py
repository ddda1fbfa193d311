"""Structured logs: JSON lines to stderr and to the store's ``logs/ihmt.jsonl``.

Never stdout: stdout is the MCP channel. Every event carries ``ts``, ``level``, ``event``,
``pid``, ``actor`` and ``request_id`` (empty when not in a request), plus whatever the caller
bound (``duration_ms``, ``leaf_ids``, ``lock``, ``wait_ms``, ``client`` ...). Several processes
append to one log file; rotation is size-bounded and taken by whoever gets the rotate lock
first, and every writer reopens when the file it holds was rotated away. Files are private
(0600 in 0700 directories); a log file that cannot be written costs one warning on stderr,
never the server; on a terminal, stderr gets plain sentences instead of JSON lines.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import sys
import threading
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any, TextIO

import structlog

from store.atomic import FILE_MODE, ensure_private_dir

_STATE: dict[str, Any] = {"client": "", "session": "", "sink": None, "plain": False,
                          "warned": set()}


class RotatingJsonl:
    """Append-only line sink shared by processes, rotated at ``max_bytes``.

    With ``create_dir=False`` (the store's own log) it never creates the store: while the log's
    directory does not exist (no store yet, or a command that only reads) lines go to stderr
    only. A path that cannot be a log file (the ``logs`` entry is a file, no permission) raises
    ``OSError`` on write."""

    def __init__(self, path: Path, *, max_bytes: int, backups: int,
                 create_dir: bool = True) -> None:
        self.path = path
        self.max_bytes = max_bytes
        self.backups = backups
        self._lock = threading.Lock()
        self._fd = -1
        self._ino = -1
        if create_dir:
            ensure_private_dir(path.parent)
        if path.parent.exists():
            self._open()  # fail here, at start-up, rather than on every later line

    def _open(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, FILE_MODE)
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
                if not self.path.parent.exists():
                    return  # no store (yet): nothing to log into, nothing created
                self._open()
            if self._fd < 0:
                self._open()
            os.write(self._fd, data)

    def _rotate(self) -> None:
        lock_path = self.path.with_suffix(".rotate.lock")
        fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, FILE_MODE)
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
    """The final structlog logger: one rendered line to stderr and to the log file.

    On a terminal, stderr gets a plain sentence instead of the JSON line (the file keeps the
    JSON). A log file that stops being writable is reported once on stderr and then left
    alone; serving goes on."""

    def __init__(self, stream: TextIO | None, sink: RotatingJsonl | None) -> None:
        self._stream = stream
        self._sink = sink

    def msg(self, message: str) -> None:
        if self._stream is not None:
            try:
                plain = _STATE["plain"]
                self._stream.write((plain_line(message) if plain else message) + "\n")
                self._stream.flush()
            except (OSError, ValueError):
                pass
        sink = _STATE["sink"]
        if sink is not None:
            try:
                sink.write(message)
            except OSError as exc:
                _STATE["sink"] = None
                warn_once(f"cannot write the log file {sink.path} ({exc.strerror or exc}); "
                          "logging to stderr only from now on.")

    log = debug = info = warn = warning = error = critical = exception = fatal = msg


_QUIET_KEYS = frozenset({"ts", "level", "event", "pid", "actor", "request_id", "client",
                         "session", "logger"})


def plain_line(message: str) -> str:
    """A rendered JSON event as one sentence for a person at a terminal."""
    try:
        event = json.loads(message)
    except ValueError:
        return message
    if not isinstance(event, dict):
        return message
    level = str(event.get("level", "info"))
    text = str(event.get("event", "")).replace("_", " ").replace(".", ": ", 1)
    extras = ", ".join(f"{k} {v}" for k, v in event.items()
                       if k not in _QUIET_KEYS and v not in ("", None, [], {}))
    return f"ihmt-async {level}: {text}" + (f" ({extras})" if extras else "")


def warn_once(sentence: str) -> None:
    """One plain warning line on stderr (never stdout), once per distinct sentence."""
    if sentence in _STATE["warned"]:
        return
    _STATE["warned"].add(sentence)
    try:
        sys.stderr.write(f"ihmt-async: warning: {sentence}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass


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


class StdlibToStructlog(logging.Handler):
    """The stdlib records of the libraries (the MCP SDK's "handler raised", anyio, httpx) as
    structlog events with their logger's name: into the same JSON log file, and on stderr
    only when the events go there (``IHMT_LOG_STDERR``), never as a bare traceback."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            fields: dict[str, Any] = {"logger": record.name}
            if record.exc_info:
                fields["exc_info"] = record.exc_info
            structlog.get_logger(record.name).log(record.levelno, record.getMessage(), **fields)
        except Exception:  # a record that cannot be formatted must not stop the caller
            self.handleError(record)


def configure_logging(log_file: Path | None = None, *, level: str | None = None,
                      to_stderr: bool | None = None, max_bytes: int = 10_000_000,
                      backups: int = 3) -> None:
    """Configure structlog (and the stdlib root logger) once per process."""
    level_name = (level or os.environ.get("IHMT_LOG_LEVEL") or "info").upper()
    numeric = getattr(logging, level_name, logging.INFO)
    if to_stderr is None:
        to_stderr = os.environ.get("IHMT_LOG_STDERR", "1") not in ("0", "false", "no")
    sink = None
    if log_file is not None:
        try:
            sink = RotatingJsonl(log_file, max_bytes=max_bytes, backups=backups,
                                 create_dir=False)
        except OSError as exc:
            warn_once(f"cannot write the log file {log_file} ({exc.strerror or exc}); "
                      "logging to stderr only.")
    _STATE["sink"] = sink
    try:
        _STATE["plain"] = bool(to_stderr) and sys.stderr.isatty()
    except (AttributeError, ValueError):
        _STATE["plain"] = False
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
    logging.basicConfig(handlers=[StdlibToStructlog()], level=max(numeric, logging.WARNING),
                        force=True)
