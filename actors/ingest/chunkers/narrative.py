"""Chunker for stories and books: paragraphs are atomic, chapters and scenes are walls.

A chapter/part/scene marker line ("Chapter 3", "Capítulo 1", "Part II", "Escena 2") or a scene
break ("***", "---", "* * *") starts a new group, and no chunk ever spans two groups. Only a
paragraph over max_tokens is split, at sentence ends. Never changes a character.
"""

from __future__ import annotations

import re

from actors.ingest.chunkers.base import Block, Limits, first_words, line_spans, pack
from actors.ingest.chunkers.generic import paragraph_blocks
from actors.ingest.types import Chunk
from actors.lazy_re import lazy_regex
from actors.text import fold

_NUMBER_WORDS = (
    "one two three four five six seven eight nine ten eleven twelve first second third last "
    "uno una dos tres cuatro cinco seis siete ocho nueve diez once doce primero primera segundo "
    "segunda tercero tercera ultimo ultima"
).split()

MARKER = lazy_regex(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?"
    r"(?:chapter|capitulo|cap\.|part|parte|book|libro|scene|escena|act|acto|canto)"
    r"[ \t]+(?:[ivxlcdm]+|\d+|" + "|".join(_NUMBER_WORDS) + r")\b[^\n]{0,70}$"
    r"|^[ \t]*(?:#{1,6}[ \t]*)?(?:prologue|prologo|epilogue|epilogo|interlude|interludio)"
    r"\b[^\n]{0,60}$",
    re.IGNORECASE,
)
SCENE_BREAK = lazy_regex(r"^[ \t]*(?:(?:[*\-_~=#•·][ \t]*){3,}|#)[ \t]*\r?$")


def is_marker(line: str) -> bool:
    """A chapter/part/scene heading or a scene-break line."""
    folded = fold(line.rstrip("\n"))
    return bool(MARKER.match(folded) or SCENE_BREAK.match(folded))


def sections(text: str) -> list[tuple[int, int]]:
    """Spans that start at each marker line (the first span may have no marker)."""
    starts = [0]
    for s, e in line_spans(text):
        if s > 0 and is_marker(text[s:e]):
            starts.append(s)
    ends = starts[1:] + [len(text)]
    return [(s, e) for s, e in zip(starts, ends, strict=True) if e > s]


def chunk_narrative(text: str, limits: Limits, title_prefix: str = "") -> list[Chunk]:
    """Chunk prose by paragraphs inside chapter/scene sections."""
    if not text:
        return []
    blocks: list[Block] = []
    for number, (s, e) in enumerate(sections(text)):
        first_line_end = text.find("\n", s, e) + 1 or e
        heading = first_words(text[s:e]) if is_marker(text[s:first_line_end]) else ""
        for i, block in enumerate(paragraph_blocks(text, s, e, limits.maximum, "paragraph")):
            blocks.append(
                Block(
                    block.start,
                    block.end,
                    "section" if (i == 0 and heading) else "paragraph",
                    title=heading or block.title,
                    group=number,
                    hard_break=i == 0,
                    reason=block.reason,
                )
            )
    return pack(text, blocks, limits, title_prefix)
