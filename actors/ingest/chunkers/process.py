"""Chunker for procedures and recipes: a section keeps its heading, its list and its steps.

A section starts at a markdown heading or a label line ("Ingredientes:", "Steps", "Materials:").
A section that fits in max_tokens is one block; only a larger one is split, at its numbered steps
and list runs (a step keeps its continuation lines). Never changes a character.
"""

from __future__ import annotations

import re

from actors.ingest.chunkers.base import Block, Limits, first_words, line_spans, pack
from actors.ingest.chunkers.generic import paragraph_blocks
from actors.ingest.types import Chunk
from actors.lazy_re import lazy_regex
from actors.text import estimate_tokens, fold

HEADING = lazy_regex(r"^[ \t]{0,3}#{1,6}[ \t]+\S")
LABELS = (
    "ingredients|ingredientes|materials|materiales|material|tools|herramientas|utensilios|"
    "equipment|equipo|steps|pasos|instructions|instrucciones|method|metodo|directions|"
    "preparation|preparacion|elaboracion|procedure|procedimiento|requirements|requisitos|"
    "prerequisites|notes|notas|tips|consejos|setup|installation|instalacion|usage|uso|"
    "para la salsa|para la masa|for the sauce|for the dough|topping|relleno|filling"
)
LABEL = lazy_regex(r"^[ \t]*(?:\*\*)?(?:" + LABELS + r")\b[^\n]{0,30}?(?:\*\*)?[ \t]*:?[ \t]*\r?$",
                   re.IGNORECASE)
SHORT_LABEL = lazy_regex(r"^[ \t]*[^\s\d\-*•][^\n.!?]{0,38}:[ \t]*\r?$")
STEP = lazy_regex(
    r"^[ \t]*(?:\d{1,3}[.)][ \t]+|\(\d{1,3}\)[ \t]+|(?:step|paso)[ \t]+\d{1,3}\b)", re.IGNORECASE
)
BULLET = lazy_regex(r"^[ \t]*(?:[-*•+]|\[[ xX]\])[ \t]+")


def is_section_start(line: str) -> bool:
    folded = fold(line.rstrip("\n"))
    return bool(HEADING.match(folded) or LABEL.match(folded) or SHORT_LABEL.match(folded))


def _sections(text: str) -> list[tuple[int, int]]:
    starts = [0]
    for s, e in line_spans(text):
        if s > 0 and is_section_start(text[s:e]) and text[starts[-1] : s].strip():
            starts.append(s)
    ends = starts[1:] + [len(text)]
    return list(zip(starts, ends, strict=True))


def _items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Split a section at each numbered step and at the start of each list run."""
    cuts = [start]
    prev_bullet = False
    for s, e in line_spans(text, start, end):
        line = text[s:e]
        bullet = bool(BULLET.match(line))
        if s > start and (STEP.match(line) or (bullet and not prev_bullet)):
            cuts.append(s)
        if line.strip():
            prev_bullet = bullet
    bounds = [*cuts, end]
    return [(a, b) for a, b in zip(bounds, bounds[1:], strict=False) if b > a]


def chunk_process(text: str, limits: Limits, title_prefix: str = "") -> list[Chunk]:
    """Chunk a procedure by sections, splitting a section only when it is over the maximum."""
    if not text:
        return []
    blocks: list[Block] = []
    for s, e in _sections(text):
        title = first_words(text[s:e])
        if estimate_tokens(text[s:e]) <= limits.maximum:
            blocks.append(Block(s, e, "section", title=title))
            continue
        for i, (a, b) in enumerate(_items(text, s, e)):
            kind = "section" if i == 0 else "step"
            for p in paragraph_blocks(text, a, b, limits.maximum, kind):
                blocks.append(Block(p.start, p.end, p.kind, title=title, reason=p.reason))
    return pack(text, blocks, limits, title_prefix)
