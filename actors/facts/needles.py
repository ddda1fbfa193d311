"""The literal text a regular expression cannot match without: a test of a sentence by ``in``.

A save reads its text through ~150 fact rules (``patterns._RULES``), and a short note's
sentence holds the trigger words of very few of them; yet every rule was tried on every
sentence: a third of a save's reading of its facts (~2 of ~6 ms CPU for a 200-character
note here). ``needles(pattern)`` derives, from the pattern's own parse, strings one of which any
match must contain (the words of an alternation of triggers, "moved", "me mudé" ...); a rule
is tried only on a sentence holding one of them. The answer is the same as trying it: a
pattern whose needles are all absent matches nowhere. It is used only on ASCII text, where a
case-insensitive literal matches only its own lower or upper case (in Unicode 'i' also
matches the dotless 'ı', 's' the long 'ſ').

``Gate`` applies it to a list of patterns at once (the fact rules, and the smaller lists of
``partners``, ``endings``, ``activities``, ``settings_told``, the change statements of
``navigation.replacements``): each distinct needle is looked for once per sentence.

Pure; never changes what a rule means. A pattern it cannot read (no literal it must match,
a construct it does not know) gets None: it is always tried.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from re import _constants as _c  # type: ignore[attr-defined]  # (no stubs: the parser re uses)
from re import _parser as _p  # type: ignore[attr-defined]
from typing import Any, Generic, TypeVar

from actors.lazy_re import Regex

T = TypeVar("T")

MIN_NEEDLE = 3
"""Shorter literals ("a", "en") are in nearly every sentence: they filter nothing, and an
alternation holding one is read as having none."""


def needles(pattern: Regex) -> tuple[str, ...] | None:
    """Strings (lower case) one of which every match of ``pattern`` holds, for ASCII text
    folded to lower case; None when none can be told."""
    try:
        parsed = _p.parse(pattern.pattern, pattern.flags)
    except (re.error, RecursionError):  # a compiled pattern parses: never expected
        return None
    found = _of_sequence(list(parsed), bool(pattern.flags & re.IGNORECASE))
    return tuple(sorted(found)) if found else None


def _of_sequence(items: list[tuple[Any, Any]], ignore_case: bool) -> frozenset[str] | None:
    """Needles of a sequence: every item with a minimum of one must match, so the most
    telling of their needles will do (the longest shortest needle); a run of literals is
    one needle."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def consider(candidate: frozenset[str] | None) -> None:
        nonlocal best
        if candidate and (best is None or min(map(len, candidate)) > min(map(len, best))):
            best = candidate

    def end_run() -> None:
        if len(run) >= MIN_NEEDLE:
            consider(frozenset({"".join(run)}))
        run.clear()

    for op, value in items:
        if op is _c.LITERAL:
            char = chr(value)
            run.append(char.lower() if ignore_case else char)
            continue
        end_run()
        consider(_of_item(op, value, ignore_case))
    end_run()
    return best


def _of_item(op: Any, value: Any, ignore_case: bool) -> frozenset[str] | None:
    if op is _c.SUBPATTERN:
        _group, add_flags, del_flags, inner = value
        case = (ignore_case or bool(add_flags & re.IGNORECASE)) \
            and not del_flags & re.IGNORECASE
        return _of_sequence(list(inner), case)
    if op is _c.BRANCH:
        union: set[str] = set()
        for branch in value[1]:
            found = _of_sequence(list(branch), ignore_case)
            if not found:
                return None  # a branch with no needle may match without any
            union |= found
        return frozenset(union)
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, getattr(_c, "POSSESSIVE_REPEAT", None)):
        low, _high, inner = value
        return _of_sequence(list(inner), ignore_case) if low >= 1 else None
    if op is getattr(_c, "ATOMIC_GROUP", None):
        return _of_sequence(list(value), ignore_case)
    return None  # a class, an anchor, a look-around, a back reference: no needle of its own


class Gate(Generic[T]):
    """The items of a list of patterns (fact rules, change statements) that may match a text,
    in their order: each needle is looked for once per text, not once per pattern holding it
    (157 fact rules share 382 needles; asking each rule for its own needles cost a sentence
    ~0.2 ms of Python calls, more than the few patterns it left to try).

    Needles are kept in lower case and a text is given in lower case: a needle of a
    case-sensitive capital ("Moved") is then found where the pattern may not match, which
    only tries it (never skips a match). A text that is not ASCII gets every item (``needles``
    holds for ASCII only)."""

    def __init__(self, items: Sequence[T], pattern: Callable[[T], Regex]) -> None:
        self.items = tuple(items)
        self._pattern = pattern

    @functools.cached_property
    def _index(self) -> tuple[frozenset[int], tuple[tuple[str, frozenset[int]], ...]]:
        """The items that may match any text, and each needle's items: read on first use, as
        parsing every rule at import cost each process start ~0.3 s (hooks, servers)."""
        always: set[int] = set()
        by_needle: dict[str, set[int]] = {}
        for index, item in enumerate(self.items):
            found = needles(self._pattern(item))
            if found is None:
                always.add(index)
            for needle in found or ():
                by_needle.setdefault(needle.lower(), set()).add(index)
        return frozenset(always), tuple((needle, frozenset(which))
                                        for needle, which in by_needle.items())

    def open_for(self, lowered: str) -> tuple[T, ...]:
        """The items that may match ``lowered`` (a text in lower case), in their order."""
        if not lowered.isascii():
            return self.items
        always, by_needle = self._index
        held = always.union(*[which for needle, which in by_needle if needle in lowered])
        return tuple(self.items[index] for index in sorted(held))
