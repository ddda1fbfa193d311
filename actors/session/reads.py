"""``read_file`` with a memory of what this session was given: UNCHANGED, a diff, or the file.

The first read of a file returns it whole; a later read of the same bytes returns one line
("UNCHANGED ..."), and of changed bytes a unified diff against the copy the agent was given
when that is shorter than 60% of the file (else the whole new file). A line range returns just
those lines and does not touch the memory. Refusals (missing, a directory, too large, not
UTF-8, a bad range) are ``InvalidArgument`` with a sentence for the agent.

This module reads the user's files (never writes them), through ``aiofiles`` so the event loop
never waits on the disk, opening them non-blocking and reading a bounded number of bytes (no
call holds more than ``MAX_SCAN_BYTES`` of a huge, sparse or line-less file). Remembering
copies is the caller's job (``store.session_store``).
"""

from __future__ import annotations

import difflib
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

import aiofiles

from actors import agent_paths
from actors.agent_paths import quoted
from actors.readable import Readable
from actors.text import estimate_tokens
from store.errors import InvalidArgument

MAX_READ_BYTES = 512 * 1024
MAX_RANGE_CHARS = 512 * 1024
"""Bytes of the lines a range returns (the name is kept from when it counted characters)."""
MAX_SCAN_BYTES = 64 * 1024 * 1024
"""How far into a file a range read looks for its lines: bounds the time of one call."""
CHUNK_BYTES = 1024 * 1024
DIFF_RATIO = 0.6
DIFF_CONTEXT = 2


@dataclass(frozen=True)
class FileText:
    """One whole, decoded read of a file."""

    path: Path
    text: str
    sha256: str

    @property
    def lines(self) -> int:
        return line_count(self.text)


def line_count(text: str) -> int:
    """Lines as an editor counts them (a final line without newline counts)."""
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def resolve_path(path: object, readable: Readable) -> Path:
    """The absolute, resolved path the agent means; refuses what is not a path, and what
    lies outside the folders this session may read."""
    return readable.confine(path, "path of the file to read")


def _no_such(path: Path, exc: OSError) -> InvalidArgument:
    if isinstance(exc, IsADirectoryError):
        return _directory(path)
    return agent_paths.refusal(path, exc, missing="No such file")


def _directory(path: Path) -> InvalidArgument:
    return InvalidArgument(f"{quoted(path)} is a directory, not a file; use project_map to see "
                           "the files in it.")


def _check_mode(path: Path, info: os.stat_result) -> None:
    if stat.S_ISDIR(info.st_mode):
        raise _directory(path)
    if not stat.S_ISREG(info.st_mode):
        kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(info.st_mode)
                else "a device" if stat.S_ISCHR(info.st_mode) or stat.S_ISBLK(info.st_mode)
                else "a socket" if stat.S_ISSOCK(info.st_mode) else "not a regular file")
        raise InvalidArgument(f"{quoted(path)} is {kind}, not a regular file; read_file only "
                              "reads text files.")


def _check_file(path: Path) -> os.stat_result:
    """Stat without opening: a FIFO or a device is refused before anything could block."""
    try:
        info = path.stat()
    except OSError as exc:
        raise _no_such(path, exc) from None
    _check_mode(path, info)
    return info


def _opener(path: str, flags: int) -> int:
    """Open without blocking (a FIFO swapped in after the stat must not hang the call) and
    without taking a terminal as our controlling one."""
    return os.open(path, flags | os.O_NONBLOCK | os.O_NOCTTY)


def _not_text(path: Path) -> InvalidArgument:
    return InvalidArgument(f"{quoted(path)} is not UTF-8 text (a binary file?); read_file only "
                           "returns text.")


def _too_large(path: Path, size: int) -> InvalidArgument:
    return InvalidArgument(
        f"{quoted(path)} is {size // 1024:,} KiB, over read_file's limit of "
        f"{MAX_READ_BYTES // 1024} KiB; ask for a line range (start_line/end_line) or use "
        "find_code to get the part you need.")


def decode_whole(path: Path, data: bytes) -> FileText:
    """Decode bytes read from ``path``, refusing non-UTF-8 and NUL bytes."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_text(path) from None
    if "\x00" in text:
        raise _not_text(path)
    return FileText(path=path, text=text, sha256=hashlib.sha256(data).hexdigest())


async def read_whole(path: Path) -> FileText:
    """Read and decode a whole file: at most ``MAX_READ_BYTES`` are ever read, whatever the
    size the file claims (a sparse or growing file cannot make the call hold more)."""
    info = _check_file(path)
    if info.st_size > MAX_READ_BYTES:
        raise _too_large(path, info.st_size)
    try:
        async with aiofiles.open(path, "rb", opener=_opener) as handle:
            _check_mode(path, os.fstat(handle.fileno()))
            data = await handle.read(MAX_READ_BYTES + 1)
    except OSError as exc:
        raise _no_such(path, exc) from None
    if len(data) > MAX_READ_BYTES:
        raise _too_large(path, len(data))
    return decode_whole(path, data)


def _check_range(start_line: object, end_line: object) -> tuple[int, int]:
    for name, value in (("start_line", start_line), ("end_line", end_line)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidArgument(f"{name} must be a line number (1 or more), or 0 for the "
                                  f"file's edge; got {value!r}.")
    assert isinstance(start_line, int) and isinstance(end_line, int)
    if end_line and start_line > end_line:
        raise InvalidArgument(f"start_line {start_line} is after end_line {end_line}.")
    return start_line, end_line


async def read_range(path: Path, start_line: object, end_line: object) -> str:
    """``name:first-last`` and those lines (1-based, inclusive; 0 means the file's edge).

    Reads in chunks, so a range of a file over the whole-read limit still works; but it keeps
    at most ``MAX_RANGE_CHARS`` and scans at most ``MAX_SCAN_BYTES`` (a file with no line
    breaks, or a huge sparse one, is refused instead of read whole).
    """
    start_line, end_line = _check_range(start_line, end_line)
    _check_file(path)
    first = max(1, start_line or 1)
    kept = bytearray()
    number = 1  # the line the next byte belongs to
    scanned = 0
    ended = False
    tail_newline = False
    try:
        async with aiofiles.open(path, "rb", opener=_opener) as handle:
            _check_mode(path, os.fstat(handle.fileno()))
            while not ended:
                chunk = await handle.read(CHUNK_BYTES)
                if not chunk:
                    break
                scanned += len(chunk)
                tail_newline = chunk.endswith(b"\n")
                pos = 0
                while pos < len(chunk):
                    newline = chunk.find(b"\n", pos)
                    piece_end = len(chunk) if newline < 0 else newline + 1
                    if end_line and number > end_line:
                        ended = True
                        break
                    if chunk.find(b"\x00", pos, piece_end) >= 0:
                        raise _not_text(path)  # binary, or the hole of a sparse file
                    if number >= first:
                        kept += chunk[pos:piece_end]
                        if len(kept) > MAX_RANGE_CHARS:
                            raise InvalidArgument(
                                f"Lines {first}-{end_line or 'end'} of {quoted(path)} are over "
                                f"{MAX_RANGE_CHARS // 1024} KiB; ask for fewer lines.")
                    if newline >= 0:
                        number += 1
                    pos = piece_end
                if not ended and scanned >= MAX_SCAN_BYTES:
                    raise InvalidArgument(
                        f"{quoted(path)} has no line {first} within its first "
                        f"{MAX_SCAN_BYTES // (1024 * 1024)} MiB (a file without line breaks?)"
                        if number < first else
                        f"Lines {first}-{end_line or 'end'} of {quoted(path)} run past the "
                        f"first {MAX_SCAN_BYTES // (1024 * 1024)} MiB read_file scans; ask "
                        "for fewer lines.")
    except OSError as exc:
        raise _no_such(path, exc) from None
    if not kept:
        lines = number - 1 if tail_newline or not scanned else number
        raise InvalidArgument(f"Empty range {first}-{end_line or lines}: {quoted(path.name)} "
                              f"has {lines} lines.")
    try:
        body = kept.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_text(path) from None
    last = first + line_count(body) - 1
    return f"{path.name}:{first}-{last}\n{body.rstrip(chr(10))}"


def full_reply(current: FileText) -> str:
    return (f"{current.path} ({current.lines} lines, ~{estimate_tokens(current.text)} tokens)\n"
            f"{current.text}")


def reread_reply(current: FileText, previous_sha: str | None, previous_text: str | None,
                 force: bool, *, compare_text: str | None = None) -> str:
    """The reply to a whole-file read, given what this session was handed before.

    ``compare_text`` is the form of the current text that ``previous_text`` was kept in (the
    redacted copy); the diff is taken between those two."""
    if force or previous_sha is None:
        return full_reply(current)
    if previous_sha == current.sha256:
        return (f"UNCHANGED since your last read ({current.lines} lines). Use your copy; "
                "force=true if it left your context.")
    if previous_text is None:
        return full_reply(current)
    diff = "\n".join(difflib.unified_diff(
        previous_text.splitlines(),
        (current.text if compare_text is None else compare_text).splitlines(),
        fromfile="your copy",
        tofile="now", n=DIFF_CONTEXT, lineterm=""))
    if not diff:
        return ("CHANGED since your last read, but only in line endings or the final newline; "
                "your copy's lines are current.")
    if len(diff) < DIFF_RATIO * len(current.text):
        return f"CHANGED since your last read; diff against your copy:\n{diff}"
    return ("CHANGED since your last read; the diff would be longer than the file, so here it "
            "is whole:\n" + full_reply(current))
