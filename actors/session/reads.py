"""``read_file`` with a memory of what this session was given: UNCHANGED, a diff, or the file.

The first read of a file returns it whole; a later read of the same bytes returns one line
("UNCHANGED ..."), and of changed bytes a unified diff against the copy the agent was given
when that is shorter than 60% of the file (else the whole new file). A line range returns just
those lines and does not touch the memory. Refusals (missing, a directory, too large, not
UTF-8, a bad range) are ``InvalidArgument`` with a sentence for the agent.

This module reads the user's files (never writes them); remembering copies is the caller's
job (``store.session_store``).
"""

from __future__ import annotations

import difflib
import hashlib
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from actors.text import estimate_tokens
from store.errors import InvalidArgument

MAX_READ_BYTES = 512 * 1024
MAX_RANGE_CHARS = 512 * 1024
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


def resolve_path(path: object) -> Path:
    """The absolute, resolved path the agent means; refuses what is not a path."""
    if not isinstance(path, str) or not path.strip():
        raise InvalidArgument("Give the path of the file to read (an absolute path).")
    if "\x00" in path:
        raise InvalidArgument("The path contains a NUL character; give a plain file path.")
    return Path(path.strip()).expanduser().resolve()


def _check_file(path: Path) -> os.stat_result:
    try:
        info = path.stat()
    except FileNotFoundError:
        raise InvalidArgument(f"No such file: {path}.") from None
    except PermissionError:
        raise InvalidArgument(f"Cannot read {path}: permission denied.") from None
    except OSError as exc:
        raise InvalidArgument(f"Cannot read {path}: {exc.strerror or exc}.") from None
    if stat.S_ISDIR(info.st_mode):
        raise InvalidArgument(f"{path} is a directory, not a file; use project_map to see the "
                              "files in it.")
    if not stat.S_ISREG(info.st_mode):
        raise InvalidArgument(f"{path} is not a regular file (a device, socket or pipe); "
                              "read_file only reads text files.")
    return info


def _not_text(path: Path) -> InvalidArgument:
    return InvalidArgument(f"{path} is not UTF-8 text (a binary file?); read_file only returns "
                           "text.")


def read_whole(path: Path) -> FileText:
    """Read and decode a whole file, refusing directories, files over 512 KiB and non-UTF-8."""
    info = _check_file(path)
    if info.st_size > MAX_READ_BYTES:
        raise InvalidArgument(
            f"{path} is {info.st_size // 1024:,} KiB, over read_file's limit of "
            f"{MAX_READ_BYTES // 1024} KiB; ask for a line range (start_line/end_line) or use "
            "find_code to get the part you need.")
    try:
        data = path.read_bytes()
    except PermissionError:
        raise InvalidArgument(f"Cannot read {path}: permission denied.") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_text(path) from None
    if "\x00" in text:
        raise _not_text(path)
    return FileText(path=path, text=text, sha256=hashlib.sha256(data).hexdigest())


def read_range(path: Path, start_line: int, end_line: int) -> str:
    """``name:first-last`` and those lines (1-based, inclusive; 0 means the file's edge).

    Streams the file, so a range of a file over the whole-read limit still works.
    """
    for name, value in (("start_line", start_line), ("end_line", end_line)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidArgument(f"{name} must be a line number (1 or more), or 0 for the "
                                  f"file's edge; got {value!r}.")
    if end_line and start_line > end_line:
        raise InvalidArgument(f"start_line {start_line} is after end_line {end_line}.")
    _check_file(path)
    first = max(1, start_line or 1)
    kept: list[str] = []
    size = 0
    total = 0
    try:
        with path.open("r", encoding="utf-8", newline="") as handle:
            for number, line in enumerate(handle, start=1):
                total = number
                if "\x00" in line:
                    raise _not_text(path)
                if number < first:
                    continue
                if end_line and number > end_line:
                    break
                size += len(line)
                if size > MAX_RANGE_CHARS:
                    raise InvalidArgument(
                        f"Lines {first}-{end_line or 'end'} of {path} are over "
                        f"{MAX_RANGE_CHARS // 1024} KiB; ask for fewer lines.")
                kept.append(line)
    except UnicodeDecodeError:
        raise _not_text(path) from None
    except PermissionError:
        raise InvalidArgument(f"Cannot read {path}: permission denied.") from None
    if not kept:
        raise InvalidArgument(f"Empty range {first}-{end_line or total}: {path.name} has "
                              f"{total} lines.")
    last = first + len(kept) - 1
    body = "".join(kept)
    return f"{path.name}:{first}-{last}\n{body.rstrip(chr(10))}"


def full_reply(current: FileText) -> str:
    return (f"{current.path} ({current.lines} lines, ~{estimate_tokens(current.text)} tokens)\n"
            f"{current.text}")


def reread_reply(current: FileText, previous_sha: str | None, previous_text: str | None,
                 force: bool) -> str:
    """The reply to a whole-file read, given what this session was handed before."""
    if force or previous_sha is None:
        return full_reply(current)
    if previous_sha == current.sha256:
        return (f"UNCHANGED since your last read ({current.lines} lines). Use your copy; "
                "force=true if it left your context.")
    if previous_text is None:
        return full_reply(current)
    diff = "\n".join(difflib.unified_diff(
        previous_text.splitlines(), current.text.splitlines(), fromfile="your copy",
        tofile="now", n=DIFF_CONTEXT, lineterm=""))
    if not diff:
        return ("CHANGED since your last read, but only in line endings or the final newline; "
                "your copy's lines are current.")
    if len(diff) < DIFF_RATIO * len(current.text):
        return f"CHANGED since your last read; diff against your copy:\n{diff}"
    return ("CHANGED since your last read; the diff would be longer than the file, so here it "
            "is whole:\n" + full_reply(current))
