"""What a pure function derives from a text, kept for the texts seen lately.

A search judges the same memories' texts again and again (the names and numbers a memory
answers with, whether the assistant said it) and the reply picks the passage of each long
memory to show by re-analysing every line of it: the same work on the same strings, search
after search (at 50k memories ~1.2 ms a search for the names, ~0.8 ms a reply for the
passages, more for saved chat sessions). The results depend on the text alone, so they are
kept by the text itself: a memory whose text changed is a different key, nothing to
invalidate. The key is the string the caller holds (the leaf texts' cache hands out the same
object each time, so a lookup hashes it once and compares by identity), and the memo is
bounded by the characters of the texts it keeps alive, like ``leaf_texts``.

Thread-safe (a lock around the table): searches run in worker threads and replies are
rendered on the event loop. This module computes nothing itself.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

MEMO_CHARS = 300_000
"""Characters of texts a memo keeps alive by default (most are held by the leaf texts'
cache anyway: the same string objects)."""


class TextMemo(Generic[T]):
    """``compute(text)`` for the texts asked about lately (least recently asked dropped
    first, beyond ``max_chars`` characters of keys). ``compute`` must be a pure function of
    the text, and what it returns must never be changed by a caller."""

    def __init__(self, compute: Callable[[str], T], *, max_chars: int = MEMO_CHARS) -> None:
        self._compute = compute
        self._max_chars = max_chars
        self._kept: OrderedDict[str, T] = OrderedDict()
        self._chars = 0
        self._lock = threading.Lock()

    def __call__(self, text: str) -> T:
        with self._lock:
            if text in self._kept:
                self._kept.move_to_end(text)
                return self._kept[text]
        value = self._compute(text)  # outside the lock: pure, so two threads may both run it
        if len(text) > self._max_chars:
            return value  # longer than the whole budget: computed, not kept
        with self._lock:
            if text not in self._kept:
                self._kept[text] = value
                self._chars += len(text)
                while self._chars > self._max_chars:
                    dropped, _ = self._kept.popitem(last=False)
                    self._chars -= len(dropped)
        return value

    def __len__(self) -> int:
        return len(self._kept)
