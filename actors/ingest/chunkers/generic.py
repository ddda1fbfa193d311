"""Chunker for shapeless text: paragraphs are the blocks.

A paragraph is only split when it alone is over max_tokens: at sentence ends, then at line ends.
Never cuts inside a line; never changes a character.
"""

from __future__ import annotations

from actors.ingest.chunkers.base import (
    Block,
    Limits,
    first_words,
    line_spans,
    pack,
    paragraph_spans,
    sentence_spans,
    split_to_fit,
)
from actors.ingest.types import Chunk


def _lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return line_spans(text, start, end)


def paragraph_blocks(text: str, start: int, end: int, maximum: int, kind: str) -> list[Block]:
    """Paragraph blocks of ``text[start:end]``, over-large ones split at sentences, then lines."""
    blocks: list[Block] = []
    for span in paragraph_spans(text, start, end):
        pieces = split_to_fit(text, span, maximum, [sentence_spans, _lines])
        reason = ("one sentence or line longer than the maximum" if len(pieces) > 1
                  else "a paragraph with no sentence or line break to split at")
        for s, e in pieces:
            blocks.append(Block(s, e, kind, title=first_words(text[s:e]), reason=reason))
    return blocks


def chunk_generic(text: str, limits: Limits, title_prefix: str = "") -> list[Chunk]:
    """Chunk shapeless text by paragraphs."""
    if not text:
        return []
    return pack(text, paragraph_blocks(text, 0, len(text), limits.maximum, "paragraph"), limits,
                title_prefix)
