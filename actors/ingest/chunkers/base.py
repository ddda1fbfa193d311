"""The shared second half of every chunker: pack logical blocks into chunks, never cutting one.

A chunker first finds blocks: contiguous ``[start, end)`` character spans that together cover the
whole text, in order. ``pack`` then groups consecutive blocks up to a target size. Because chunks
are unions of whole, contiguous blocks, joining the chunk texts gives back the text byte for byte.
This module must never reorder, drop, trim or rewrite characters.

Lines are split at "\\n" only (a "\\r" stays inside its line), so every chunker agrees on lines.
"""

from __future__ import annotations

import bisect
import datetime
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

from actors.ingest.types import Chunk
from actors.lazy_re import lazy_regex
from actors.text import estimate_tokens, shorten

TITLE_LIMIT = 80


@dataclass(frozen=True)
class Block:
    """One logical unit of a text that a chunk must hold whole."""

    start: int
    end: int
    kind: str
    title: str = ""
    symbol: str | None = None
    group: Hashable = None
    """Blocks of different groups never share a chunk (dates, chapters)."""
    timestamp: datetime.date | None = None
    hard_break: bool = False
    """Start a new chunk at this block even if the previous one has room."""
    reason: str | None = None
    """Why this block could not be split further (used when it is oversized)."""


@dataclass(frozen=True)
class Limits:
    """Chunk size limits in estimated tokens."""

    target: int
    maximum: int
    minimum: int


def line_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """``[start, end)`` spans of each line of ``text[start:end]``, newline included."""
    end = len(text) if end is None else end
    spans: list[tuple[int, int]] = []
    pos = start
    while pos < end:
        nl = text.find("\n", pos, end)
        stop = end if nl < 0 else nl + 1
        spans.append((pos, stop))
        pos = stop
    return spans


def is_blank(text: str, span: tuple[int, int]) -> bool:
    return not text[span[0] : span[1]].strip()


def paragraph_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """Blank-line separated paragraphs; blank lines stay with the paragraph before them."""
    spans: list[tuple[int, int]] = []
    cur_start: int | None = None
    seen_text = prev_blank = False
    for s, e in line_spans(text, start, end):
        blank = not text[s:e].strip()
        if cur_start is None:
            cur_start, seen_text = s, not blank
        elif not blank and seen_text and prev_blank:
            spans.append((cur_start, s))
            cur_start, seen_text = s, True
        elif not blank:
            seen_text = True
        prev_blank = blank
    if cur_start is not None:
        spans.append((cur_start, len(text) if end is None else end))
    return spans


_SENTENCE_END = lazy_regex(r"(?<=[.!?…])[\"'”’»)\]]*\s+")


def sentence_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Sentences of ``text[start:end]``; the white space after a sentence stays with it."""
    spans: list[tuple[int, int]] = []
    pos = start
    for m in _SENTENCE_END.finditer(text, start, end):
        if m.end() < end:
            spans.append((pos, m.end()))
            pos = m.end()
    spans.append((pos, end))
    return [sp for sp in spans if sp[1] > sp[0]]


Splitter = Callable[[str, int, int], list[tuple[int, int]]]


def split_to_fit(
    text: str, span: tuple[int, int], maximum: int, splitters: list[Splitter]
) -> list[tuple[int, int]]:
    """Split ``span`` with the first splitter, recursing only into pieces still over ``maximum``."""
    s, e = span
    if estimate_tokens(text[s:e]) <= maximum or not splitters:
        return [span]
    pieces = splitters[0](text, s, e)
    if len(pieces) <= 1:
        return split_to_fit(text, span, maximum, splitters[1:])
    out: list[tuple[int, int]] = []
    for piece in pieces:
        out.extend(split_to_fit(text, piece, maximum, splitters[1:]))
    return out


def first_words(text: str, limit: int = TITLE_LIMIT) -> str:
    """A title from the first non-blank line: markdown marks and list bullets removed."""
    for line in text.split("\n"):
        clean = line.strip().lstrip("#*>-=_~ \t").rstrip("*_ \t:")
        if clean:
            return shorten(clean, limit)
    return ""


class LineIndex:
    """Offset to 1-based line number, in O(log n)."""

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(self, offset: int) -> int:
        return bisect.bisect_right(self._starts, offset)


def _join_title(blocks: list[Block]) -> str:
    noise = {"imports", "blank", "comment", "rule"}
    titled = [b.title for b in blocks if b.title and b.kind not in noise]
    titles = list(dict.fromkeys(titled)) or [b.title for b in blocks if b.title][:1]
    if not titles:
        return ""
    extra = f" (+{len(titles) - 1} more)" if len(titles) > 1 else ""
    return shorten(titles[0], TITLE_LIMIT) + extra


def _main_kind(text: str, blocks: list[Block]) -> str:
    if len(blocks) == 1:
        return blocks[0].kind
    return max(blocks, key=lambda b: b.end - b.start).kind


def pack(text: str, blocks: list[Block], limits: Limits, title_prefix: str = "") -> list[Chunk]:
    """Group consecutive blocks into chunks of about ``limits.target`` tokens.

    A block over ``limits.maximum`` becomes its own oversized chunk. A chunk under
    ``limits.minimum`` is merged into a neighbour of the same group when the result stays within
    the maximum (into the next one when it ends with a class header, else into the previous one).
    """
    if not text:
        return []
    if not blocks or blocks[0].start != 0 or blocks[-1].end != len(text):
        raise AssertionError("chunker bug: blocks do not cover the text")
    for a, b in zip(blocks, blocks[1:], strict=False):
        if a.end != b.start or a.end <= a.start:
            raise AssertionError("chunker bug: blocks are not contiguous")

    # Sizes are sums of per-block estimates: each block is measured once, so packing stays
    # linear, and a sum bounds the estimate of the joined text from above.
    groups: list[list[Block]] = []
    sizes: list[int] = []
    big: set[int] = set()
    current: list[Block] = []
    current_size = 0
    for block in blocks:
        tokens = estimate_tokens(text[block.start : block.end])
        if tokens > limits.maximum:
            if current:
                groups.append(current)
                sizes.append(current_size)
            big.add(len(groups))
            groups.append([block])
            sizes.append(tokens)
            current, current_size = [], 0
            continue
        if current and (
            block.hard_break
            or block.group != current[0].group
            or current_size + tokens > limits.target
        ):
            groups.append(current)
            sizes.append(current_size)
            current, current_size = [], 0
        current.append(block)
        current_size += tokens
    if current:
        groups.append(current)
        sizes.append(current_size)

    groups = _merge_small(groups, sizes, big, limits)
    return _to_chunks(text, groups, limits, title_prefix)


def _merge_small(
    groups: list[list[Block]], sizes: list[int], big: set[int], limits: Limits
) -> list[list[Block]]:
    """Fold chunks under the minimum into a compatible neighbour (one left-to-right pass)."""
    out: list[list[Block]] = []
    out_sizes: list[int] = []
    out_big: list[bool] = []

    def fits(a_size: int, b: list[Block], a: list[Block], b_size: int) -> bool:
        """Whether chunk ``a`` followed by chunk ``b`` may become one."""
        return (
            a[0].group == b[0].group
            and not b[0].hard_break
            and a_size + b_size <= limits.maximum
        )

    i = 0
    while i < len(groups):
        g, size, is_big = groups[i], sizes[i], i in big
        small = not is_big and size < limits.minimum
        prefer_next = g[-1].kind == "header"
        has_next = i + 1 < len(groups) and (i + 1) not in big
        if small and prefer_next and has_next and fits(size, groups[i + 1], g, sizes[i + 1]):
            groups[i + 1] = g + groups[i + 1]
            sizes[i + 1] += size
            i += 1
            continue
        if small and out and not out_big[-1] and fits(out_sizes[-1], g, out[-1], size):
            out[-1] = out[-1] + g
            out_sizes[-1] += size
            i += 1
            continue
        if small and has_next and fits(size, groups[i + 1], g, sizes[i + 1]):
            groups[i + 1] = g + groups[i + 1]
            sizes[i + 1] += size
            i += 1
            continue
        out.append(g)
        out_sizes.append(size)
        out_big.append(is_big)
        i += 1
    return out


def _to_chunks(
    text: str, groups: list[list[Block]], limits: Limits, title_prefix: str
) -> list[Chunk]:
    index = LineIndex(text)
    chunks: list[Chunk] = []
    for g in groups:
        s, e = g[0].start, g[-1].end
        body = text[s:e]
        tokens = estimate_tokens(body)
        oversized = len(g) == 1 and tokens > limits.maximum
        reason = None
        if oversized:
            why = g[0].reason or f"one {g[0].kind} that cannot be split"
            reason = f"{tokens} tokens > max_tokens {limits.maximum}: {why}"
        title = _join_title(g) or first_words(body) or g[0].kind
        if title_prefix:
            title = f"{title_prefix}: {title}"
        symbol = next((b.symbol for b in g if b.symbol and b.kind != "imports"), None)
        stamp = next((b.timestamp for b in g if b.timestamp is not None), None)
        chunks.append(
            Chunk(
                text=body,
                start_line=index.line_of(s),
                end_line=index.line_of(max(s, e - 1)),
                title=title,
                kind=_main_kind(text, g),
                block_count=len(g),
                oversized=oversized,
                oversize_reason=reason,
                timestamp=stamp,
                symbol=symbol,
            )
        )
    return chunks


def with_group(blocks: list[Block], group: Hashable) -> list[Block]:
    return [replace(b, group=group) for b in blocks]
