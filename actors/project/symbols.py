"""Cutting one project file into index entries: one entry per symbol for code.

Code goes through the ingest code chunkers with limits so small that every class is "too
large" and every block stands alone, which is chunk mode "symbol": each function, class member
and top-level statement is its own entry, named ("OrderService.place") with its 1-based
``first-last`` line range (blank lines trimmed off both ends). Imports are dropped: they orient
no one. Text files (Markdown, YAML ...) are cut into paragraph groups without symbols. Pure: no
I/O; the checksum key says which cut produced an entry, so a change of cut re-indexes.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any

import structlog

from actors.ingest.chunkers import chunk
from actors.ingest.types import DataType, Detection
from actors.text import estimate_tokens

CUT_VERSION = "s1"
"""Bump when the cut changes: keys change, so every file is re-cut once."""
TEXT_TARGET_TOKENS = 300
SKIPPED_KINDS = frozenset({"imports", "blank"})

log = structlog.get_logger("ihmt.project")


@dataclass(frozen=True)
class Entry:
    """One indexed piece of a file."""

    symbol: str | None
    kind: str
    """Chunk kind: "function", "class", "member", "header", "statement", "paragraph" ..."""
    start: int
    end: int
    tokens: int
    title: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        return cls(symbol=data.get("symbol"), kind=str(data.get("kind", "")),
                   start=int(data["start"]), end=int(data["end"]),
                   tokens=int(data.get("tokens", 0)), title=str(data.get("title", "")))


def source_key(data: bytes, language: str | None) -> str:
    """Content address of a file's cut: checksum of the bytes plus how they are cut."""
    digest = hashlib.sha256(data).hexdigest()
    return f"{digest[:40]}-{CUT_VERSION}{(language or 'text')[:12]}"


def _trimmed(lines: list[str], start: int, end: int) -> tuple[int, int] | None:
    """``start..end`` (1-based) without blank lines at either end; None when all blank."""
    while start <= end and not lines[start - 1].strip():
        start += 1
    while end >= start and not lines[end - 1].strip():
        end -= 1
    return (start, end) if start <= end else None


def _code_detection(language: str) -> Detection:
    return Detection(data_type=DataType.CODE, domain=f"software.{language}", confidence=1.0,
                     language=language, lang="en")


def _text_detection() -> Detection:
    return Detection(data_type=DataType.GENERIC, domain="general", confidence=1.0,
                     language=None, lang="en")


def file_entries(text: str, language: str | None) -> list[Entry]:
    """The entries of one file; code one per symbol, text in paragraph groups."""
    if not text.strip():
        return []
    lines = text.split("\n")
    try:
        if language:
            chunks = chunk(text, _code_detection(language), target_tokens=1, max_tokens=1,
                           min_tokens=0)
        else:
            chunks = chunk(text, _text_detection(), target_tokens=TEXT_TARGET_TOKENS,
                           max_tokens=TEXT_TARGET_TOKENS * 2, min_tokens=0)
    except (AssertionError, RecursionError, ValueError) as exc:  # a chunker bug: keep the file
        log.warning("project.chunk_failed", language=language, error=repr(exc))
        span = _trimmed(lines, 1, len(lines))
        if span is None:
            return []
        return [Entry(None, "file", span[0], span[1], estimate_tokens(text), "")]
    entries: list[Entry] = []
    for piece in chunks:
        if piece.kind in SKIPPED_KINDS:
            continue
        span = _trimmed(lines, piece.start_line, piece.end_line)
        if span is None:
            continue
        body = "\n".join(lines[span[0] - 1:span[1]])
        symbol = piece.symbol if language else None
        title = symbol or piece.title
        entries.append(Entry(symbol, piece.kind, span[0], span[1], estimate_tokens(body),
                             title))
    return entries


def entry_text(text: str, entry: Entry) -> str:
    """The code of one entry, taken from its file's text."""
    return "\n".join(text.split("\n")[entry.start - 1:entry.end])
