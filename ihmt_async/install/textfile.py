"""Read and write an agent's config file the way the user keeps it: its line endings, its link.

Users keep dotfiles in a repository and link them into place (stow, chezmoi, home-manager), and
files edited on Windows or shared with it use CRLF. The edits (``jsonedit``, ``blocks``) work on
LF text; this module hands them LF text when the whole file uses CRLF and turns their result
back, and it writes through a symlink into the file the link points at, atomically, so the
link and every byte the installer did not add stay as they were. A file that mixes both
endings is handed over as it is: the edits only add or remove whole spans of their own, so the
user's lines still round-trip.

It must never replace a symlink with a regular file, never delete one, and never change a line
ending the installer did not write.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

from store.errors import InvalidArgument


def read(path: Path) -> str | None:
    """The file's text exactly as stored (no newline translation); None if it is missing."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise InvalidArgument(f"Cannot read {path}: {exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidArgument(f"Cannot read {path}: it is not UTF-8 ({exc}); nothing was "
                              "changed.") from None


def _all_crlf(text: str) -> bool:
    return "\r\n" in text and "\n" not in text.replace("\r\n", "")


def as_edited(text: str | None) -> str | None:
    """The text the edits see: LF when the file uses CRLF throughout, else as stored."""
    return text.replace("\r\n", "\n") if text is not None and _all_crlf(text) else text


def in_file_newlines(transform: Callable[[str | None], str | None], old: str | None
                     ) -> str | None:
    """``transform(old)`` seen through LF text when ``old`` uses CRLF throughout, with the
    result's newlines turned back into CRLF; otherwise ``transform(old)`` unchanged."""
    if old is None or not _all_crlf(old):
        return transform(old)
    new = transform(as_edited(old))
    return None if new is None else new.replace("\n", "\r\n")


def real_path(path: Path) -> Path:
    """Where the bytes of ``path`` live: the final target when it is a symlink."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def write(path: Path, new: str, backup: Path | None = None) -> list[Path]:
    """Write ``new`` into ``path`` (through a symlink) atomically, after copying what was
    there to ``backup`` (default ``<path>.bak`` beside the name the user gave); the folders
    it had to create for ``path``."""
    real = real_path(path)
    exists = real.exists()
    if exists:
        copy = backup or path.with_name(path.name + ".bak")
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(real, copy)
    made: list[Path] = []
    folder = real.parent
    while not folder.exists():
        made.append(folder)
        folder = folder.parent
    real.parent.mkdir(parents=True, exist_ok=True)
    temporary = real.with_name(f".{real.name}.ihmt-{os.getpid()}.tmp")
    temporary.write_bytes(new.encode("utf-8"))
    if exists:
        shutil.copymode(real, temporary)
    os.replace(temporary, real)
    return made


def delete(path: Path) -> None:
    """Remove a file that held nothing but our entries (no ``.bak``: nothing of the user's)."""
    path.unlink(missing_ok=True)


def prune_folders(start: Path, created: Callable[[Path], bool],
                  forget: Callable[[Path], object]) -> None:
    """Remove ``start`` and its parents while they are empty and ``created`` says install made
    them; a folder holding anything (a ``.bak``, the user's files) stays."""
    folder = start
    while created(folder):
        try:
            folder.rmdir()
        except OSError:
            return
        forget(folder)
        folder = folder.parent
