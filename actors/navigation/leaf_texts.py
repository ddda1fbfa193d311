"""Leaf texts kept between searches, each checked against its file once per read-model turn.

One search asks for a memory's text several times (time mentions, repeats, next turns, the
reply) and the next search often for the same memories; reading one (its catalog path
resolved inside the store, the file read and parsed) cost ~50 us each time. A leaf id names
one text (it hashes the text), and the read model drops an id on any catalog change of it; on
top of that every turn (``ReadModel.refresh``) checks a kept text's file once (a stat: inode,
mtime, size) before serving it again, so a file replaced or removed behind the catalog's back
is read as every search read it before. A file that cannot be read gives '' for the rest of
the turn and is tried again the next one; it is noted (``failed``, one warning per leaf) so a
reply can say that memories could not be read instead of being silent about them.

This module reads leaf files and nothing else; it never decides what a search serves.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import structlog

from store.errors import MalformedFile
from store.leaf_format import read_leaf
from store.paths import StoreLayout

log = structlog.get_logger("ihmt.navigation")

TEXT_CACHE_CHARS = 1_000_000
"""Characters of leaf texts kept (least recently served dropped first): ~1 MB, the memories of
a few hundred searches (a search serves and checks a dozen or two). The background embedder
reads every new leaf through here too; a bound in characters keeps a long memory from
holding more than its share."""


@dataclass(frozen=True)
class _Text:
    """A leaf's text as read, and the file it was read from (None: nothing was read)."""

    text: str
    path: Path | None = None
    stamp: tuple[int, int, int] | None = None
    """(inode, mtime ns, size) of the file, taken just before it was read."""


_UNREAD = _Text("")


def _stamp(path: Path) -> tuple[int, int, int] | None:
    """What changes when a leaf file is replaced (``write_atomic`` renames a new inode in)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_mtime_ns, st.st_size)


class LeafTexts:
    """Texts by leaf id, bounded by ``TEXT_CACHE_CHARS``. Not thread-safe (one owner)."""

    def __init__(self, layout: StoreLayout) -> None:
        self.layout = layout
        self._texts: OrderedDict[str, _Text] = OrderedDict()
        self._chars = 0
        self._checked: set[str] = set()
        """Ids whose kept text was checked against its file (or read) this turn."""
        self.failed: dict[str, str] = {}
        """Leaves whose file could not be read at their last read, with why (missing,
        garbled, unreadable): dropped when a read succeeds or the leaf changes."""

    def new_turn(self) -> None:
        """A new read-model turn: each kept text is checked against its file again."""
        self._checked.clear()

    def forget(self, leaf_id: str) -> None:
        self.failed.pop(leaf_id, None)
        dropped = self._texts.pop(leaf_id, None)
        if dropped is not None:
            self._chars -= len(dropped.text)

    def clear(self) -> None:
        self._texts.clear()
        self._chars = 0
        self._checked.clear()
        self.failed.clear()

    def text(self, leaf_id: str, locate: Callable[[str], str | None]) -> str:
        """The text of ``leaf_id``, read at most once per turn from the path ``locate`` gives
        (its catalog path; None: the leaf is unknown, '')."""
        kept = self._texts.get(leaf_id)
        if kept is not None:
            fresh = leaf_id in self._checked or (
                kept.path is not None and kept.stamp is not None
                and _stamp(kept.path) == kept.stamp)
            if fresh:
                self._checked.add(leaf_id)
                self._texts.move_to_end(leaf_id)
                return kept.text
            self.forget(leaf_id)
        relpath = locate(leaf_id)
        read = self._read(leaf_id, relpath) if relpath is not None else _UNREAD
        self._texts[leaf_id] = read
        self._chars += len(read.text)
        self._checked.add(leaf_id)
        while self._chars > TEXT_CACHE_CHARS and len(self._texts) > 1:
            _, dropped = self._texts.popitem(last=False)
            self._chars -= len(dropped.text)
        return read.text

    def _read(self, leaf_id: str, relpath: str) -> _Text:
        try:
            resolved = self.layout.resolve(relpath)
            stamp = _stamp(resolved)
            read = _Text(read_leaf(resolved).text, resolved, stamp)
        except (MalformedFile, OSError) as exc:
            why = exc.reason if isinstance(exc, MalformedFile) else (exc.strerror or str(exc))
            if leaf_id not in self.failed:
                log.warning("navigation.leaf_unreadable", actor="navigation", leaf_id=leaf_id,
                            path=relpath, error=why)
            self.failed[leaf_id] = why
            return _UNREAD
        self.failed.pop(leaf_id, None)
        return read
