"""The paths an agent hands read_file, project_map and find_code: bounded, resolved, quoted.

A path the operating system cannot use (a name over 255 bytes, a symbolic-link loop, a part
that is a file, no permission) is the agent's to fix, never a fault of ours: every such refusal
becomes one ``InvalidArgument`` sentence here, so none reaches the server edge as an OSError
that it would report as an internal error "to try again". A sentence quotes a path through
``quoted``, at most ``QUOTE_CHARS`` characters whatever the path holds. This module looks at
metadata only (``resolve`` and ``stat``); it never opens, reads or writes a file.
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from actors.text import excerpt
from store.errors import InvalidArgument

MAX_PATH_BYTES = 4096
"""Linux's PATH_MAX: no longer path can be opened, so a longer argument is refused before
``resolve`` walks it (a megabyte of "a/" would cost a stat per part)."""
MAX_NAME_BYTES = 255
"""NAME_MAX of every common Linux and macOS file system: the longest single file name."""
QUOTE_CHARS = 200
"""Characters of a path a reply quotes (the edge's echo limit)."""


def quoted(path: Path | str) -> str:
    """``path`` as a sentence may show it: whole up to ``QUOTE_CHARS``, else an excerpt."""
    return excerpt(str(path), QUOTE_CHARS)


def _size(text: str) -> int:
    # surrogatepass: a lone surrogate that came in over JSON is measured, not an error here.
    return len(text.encode("utf-8", "surrogatepass"))


def check_length(value: str, what: str) -> None:
    """Refuse a path no file system could hold: over ``MAX_PATH_BYTES`` or with a part over
    ``MAX_NAME_BYTES``. The sentence gives the sizes, never the path itself."""
    size = _size(value)
    if size > MAX_PATH_BYTES:
        raise InvalidArgument(f"The {what} is too long: {size:,} bytes, over the "
                              f"{MAX_PATH_BYTES:,} bytes any path may have; give a real path.")
    longest = max((_size(part) for part in value.replace("\\", "/").split("/")), default=0)
    if longest > MAX_NAME_BYTES:
        raise InvalidArgument(f"The {what} holds a name too long for any file system: "
                              f"{longest:,} bytes, over the {MAX_NAME_BYTES} bytes a file or "
                              "directory name may have; give a real path.")


def checked(path: object, what: str) -> str:
    """The path as the agent gave it (stripped), refused before any look at the disk when it
    is no text, empty, holds a NUL or is longer than any file system holds."""
    if not isinstance(path, str) or not path.strip():
        raise InvalidArgument(f"Give the {what} (an absolute path).")
    if "\x00" in path:
        raise InvalidArgument(f"The {what} contains a NUL character; give a plain path.")
    value = path.strip()
    check_length(value, what)
    return value


def resolve(path: object, what: str) -> Path:
    """The absolute, resolved path the agent means; refuses what is not a usable path."""
    value = checked(path, what)
    try:
        return Path(value).expanduser().resolve()
    except RuntimeError:  # Python 3.11 reports a symbolic-link loop this way
        raise InvalidArgument(f"{quoted(value)} goes round a loop of symbolic links; give "
                              "the real path.") from None
    except OSError as exc:
        raise refusal(Path(value), exc, missing="No such file or directory",
                      doing="resolve") from None


def refusal(path: Path, exc: OSError, *, missing: str, doing: str = "read") -> InvalidArgument:
    """The sentence for an OSError met on an agent's path: what is wrong with the path.
    ``missing`` starts the sentence for a path that is not there ("No such file")."""
    shown = quoted(path)
    code = exc.errno
    if code in (errno.ENOENT, errno.ENOTDIR):
        return InvalidArgument(f"{missing}: {shown}.")
    if code in (errno.EACCES, errno.EPERM):
        return InvalidArgument(f"Cannot {doing} {shown}: permission denied.")
    if code == errno.ENAMETOOLONG:
        return InvalidArgument(f"Cannot {doing} {shown}: the path is too long for the file "
                               "system (File name too long).")
    if code == errno.ELOOP:
        return InvalidArgument(f"{shown} goes round a loop of symbolic links; give the real "
                               "path.")
    # Never str(exc): it holds the whole path, which this sentence only quotes.
    reason = exc.strerror or (os.strerror(code) if code else "the system refused it")
    return InvalidArgument(f"Cannot {doing} {shown}: {reason}.")


def home_folder() -> Path | None:
    """The user's home folder, resolved; None when it cannot be told (no HOME and no passwd
    entry)."""
    try:
        return Path.home().resolve()
    except (OSError, RuntimeError):
        return None


def no_project(folder: Path) -> str | None:
    """What the resolved ``folder`` is when it is no project's, in a sentence's words: "the
    file system's root" or "the home folder" (a server started there, or a project asked
    there, says nothing about a project); None for any other folder."""
    if folder == Path(folder.anchor):
        return "the file system's root"
    if folder == home_folder():
        return "the home folder"
    return None
