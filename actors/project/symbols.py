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
from dataclasses import dataclass, replace
from typing import Any

import structlog

from actors.ingest.chunkers import chunk
from actors.ingest.types import DataType, Detection
from actors.text import estimate_tokens

CUT_VERSION = "s5"
"""Bump when the cut changes: keys change, so every file is re-cut once."""
TEXT_TARGET_TOKENS = 300
SKIPPED_KINDS = frozenset({"imports", "blank"})

log = structlog.get_logger("ihmt.project")


@dataclass(frozen=True)
class Entry:
    """One indexed piece of a file."""

    symbol: str | None
    kind: str
    """Chunk kind ("function", "class", "member", "header", "statement", "paragraph" ...), or
    "field" for a one-line data member of a class."""
    start: int
    end: int
    tokens: int
    title: str
    block_end: int = 0
    """For a class header: the last line of the whole class (its closing brace), else 0."""

    def to_json(self) -> dict[str, Any]:
        return {"symbol": self.symbol, "kind": self.kind, "start": self.start, "end": self.end,
                "tokens": self.tokens, "title": self.title, "block_end": self.block_end}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Entry:
        return cls(symbol=data.get("symbol"), kind=str(data.get("kind", "")),
                   start=int(data["start"]), end=int(data["end"]),
                   tokens=int(data.get("tokens", 0)), title=str(data.get("title", "")),
                   block_end=int(data.get("block_end", 0)))


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


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _without_closing_brace(lines: list[str], span: tuple[int, int]) -> tuple[int, int]:
    """Drop the enclosing class's "}" that the brace chunker leaves on its last member."""
    start, end = span
    first_code = next((ln for ln in lines[start - 1:end] if ln.strip()), "")
    while end > start and lines[end - 1].strip() in ("}", "};", "});", "})") and (
            _indent(lines[end - 1]) < _indent(first_code)):
        end -= 1
        while end > start and not lines[end - 1].strip():
            end -= 1
    return start, end


def _is_field(body: str) -> bool:
    """A one-line class member that declares data, not behaviour (``x: int = 0``, ``int n;``)."""
    code = [ln.strip() for ln in body.split("\n")
            if ln.strip() and not ln.strip().startswith(("@", "#", "//", "/*", "*"))]
    if len(code) != 1:
        return False
    line = code[0]
    paren, equals = line.find("("), line.find("=")
    return paren < 0 or (0 <= equals < paren)


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
    block_ends: dict[str, int] = {}
    for piece in chunks:
        if piece.kind in SKIPPED_KINDS:
            continue
        span = _trimmed(lines, piece.start_line, piece.end_line)
        if span is None:
            continue
        if language and piece.kind == "member":
            if piece.symbol:
                owner = piece.symbol.rsplit(".", 1)[0]
                block_ends[owner] = max(block_ends.get(owner, 0), span[1])
            span = _without_closing_brace(lines, span)
        body = "\n".join(lines[span[0] - 1:span[1]])
        symbol = piece.symbol if language else None
        title = symbol or piece.title
        kind = "field" if piece.kind == "member" and _is_field(body) else piece.kind
        entries.append(Entry(symbol, kind, span[0], span[1], estimate_tokens(body), title))
    return [replace(e, block_end=max(e.end, block_ends.get(e.symbol or "", 0)))
            if e.kind == "header" else e for e in entries]


def entry_text(text: str, entry: Entry) -> str:
    """The code of one entry, taken from its file's text."""
    return "\n".join(text.split("\n")[entry.start - 1:entry.end])
