"""Value types shared by the detector, the chunkers and the ingest actor.

Plain frozen values only; this module must never import anything that does I/O.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from enum import StrEnum

CONTENT_TYPES: tuple[str, ...] = (
    "auto", "code", "narrative", "clinical", "personal", "process", "generic",
)  # fmt: skip
"""The ``content_type`` values a caller may give (the command line's choices read them here
without loading the detector)."""


class DataType(StrEnum):
    """What kind of text a memory is; decides which chunker cuts it."""

    CODE = "CODE"
    NARRATIVE = "NARRATIVE"
    CLINICAL = "CLINICAL"
    PERSONAL = "PERSONAL"
    PROCESS = "PROCESS"
    GENERIC = "GENERIC"


@dataclass(frozen=True)
class Detection:
    """The detector's verdict about one text."""

    data_type: DataType
    domain: str
    """Dotted lowercase filing domain, e.g. ``software.python`` or ``personal``."""
    confidence: float
    """In [0, 1]; 1.0 when the caller named the type or the domain."""
    language: str | None
    """Programming language for code ("python", "java" ...), else None."""
    lang: str
    """Natural language of the prose: "en" or "es"."""


@dataclass(frozen=True)
class Chunk:
    """One piece of a text; the pieces of a text concatenate back to it byte for byte."""

    text: str
    start_line: int
    """1-based line of the first character."""
    end_line: int
    """1-based line of the last character (a trailing newline belongs to its line)."""
    title: str
    kind: str
    """Block kind: "function", "class", "member", "imports", "paragraph", "entry", "section" ..."""
    block_count: int
    oversized: bool
    """True when one indivisible block is larger than max_tokens and was stored alone."""
    oversize_reason: str | None
    timestamp: datetime.date | None
    """The entry's date for temporal chunks, else None."""
    symbol: str | None
    """Code symbol of the first block, e.g. "OrderService.place"."""
