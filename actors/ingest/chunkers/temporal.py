"""Chunker for dated text (journals, chat logs, clinical notes): one entry, one date, one chunk.

An entry starts at a markdown heading, a line opening with a date, a chat turn "[hh:mm] Name:",
an entry-word line ("Session 3", "Nota:", "Visita del 3 de marzo"), or a rule line (---, ===).
Clinical section headers (Diagnóstico, Plan, Assessment ...) start a block inside the entry but
never a new date. The blocks of one entry stay together when the entry fits in max_tokens.

Dates: an entry opening with a date (or an entry line naming one) carries it; an undated entry
after a dated one belongs to the same day; text before the first date is undated. Chunks never mix
two dates. Never changes a character.
"""

from __future__ import annotations

import datetime
import re

from actors.dates import find_dates, parse_date
from actors.ingest.chunkers.base import Block, Limits, first_words, line_spans, pack
from actors.ingest.chunkers.generic import paragraph_blocks
from actors.ingest.types import Chunk
from actors.lazy_re import lazy_regex
from actors.text import estimate_tokens, fold

HEADING = lazy_regex(r"^[ \t]{0,3}#{1,6}[ \t]+\S")
CHAT_TURN = lazy_regex(
    r"^[ \t]*\[?\(?\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?[\])]?\s*[^\s:][^:\n]{0,40}:"
)
RULE = lazy_regex(r"^[ \t]*(?:-{3,}|={3,}|\*{3,}|_{3,})[ \t]*\r?$")
ENTRY_WORDS = (
    "session|entry|note|notes|visit|day|log|meeting|journal|diary|update|"
    "dia|nota|notas|consulta|sesion|visita|entrada|diario|reunion|cita|registro|jornada"
)
ENTRY = lazy_regex(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:" + ENTRY_WORDS + r")\b"
    r"(?:[ \t]*(?:n[o.º]\.?[ \t]*)?(?:[#:(\-—–]|\d)|[ \t]*\r?$)",
    re.IGNORECASE,
)
ENTRY_LOOSE = lazy_regex(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:" + ENTRY_WORDS + r")\b", re.IGNORECASE
)
CLINICAL_SECTIONS = (
    "motivo de consulta|motivo|antecedentes(?: personales| familiares)?|anamnesis|"
    "enfermedad actual|exploracion(?: fisica)?|exploraciones|pruebas complementarias|"
    "juicio clinico|diagnostico(?:s)?(?: diferencial)?|plan(?: terapeutico)?|tratamiento|"
    "evolucion|medicacion(?: actual)?|alergias|recomendaciones|seguimiento|sintomas|"
    "constantes|orientacion diagnostica|"
    "chief complaint|history of present illness|hpi|history|past medical history|"
    "subjective|objective|assessment|diagnosis|diagnoses|differential|impression|plan|"
    "medication|medications|allergies|vitals|vital signs|physical exam(?:ination)?|exam|"
    "labs|results|treatment|follow[- ]?up|symptoms|recommendations|[soap]"
)
SECTION = lazy_regex(
    r"^[ \t]*(?:#{1,6}[ \t]*)?(?:\*\*)?(?:" + CLINICAL_SECTIONS + r")(?:\*\*)?[ \t]*"
    r"(?::|\*\*:|[ \t]*\r?$)",
    re.IGNORECASE,
)


def line_role(line: str) -> str | None:
    """'section', 'entry' or None for an ordinary line."""
    folded = fold(line.rstrip("\n"))
    if not folded.strip():
        return None
    if SECTION.match(folded):
        return "section"
    if (
        parse_date(folded) is not None
        or HEADING.match(folded)
        or CHAT_TURN.match(folded)
        or RULE.match(folded)
        or ENTRY.match(folded)
        or (ENTRY_LOOSE.match(folded) and find_dates(folded))
    ):
        return "entry"
    return None


def _entry_date(line: str) -> datetime.date | None:
    """The date an entry line carries: opening it, or anywhere on a heading/entry-word line."""
    opening = parse_date(line)
    if opening is not None:
        return opening
    folded = fold(line)
    if HEADING.match(folded) or ENTRY_LOOSE.match(folded):
        dates = find_dates(line)
        return dates[0] if dates else None
    return None


def _entries(text: str) -> list[tuple[int, int, datetime.date | None, list[int]]]:
    """(start, end, date, section starts) per entry; blank lines join the entry before them."""
    entries: list[tuple[int, int, datetime.date | None, list[int]]] = []
    start = 0
    marks: list[int] = []
    date: datetime.date | None = None
    for s, e in line_spans(text):
        line = text[s:e]
        role = line_role(line)
        if role == "entry":
            new_date = _entry_date(line) or date
            if text[start:s].strip():
                entries.append((start, s, date, marks))
                start, marks = s, []
            date = new_date
        elif role == "section" and text[start:s].strip():
            marks.append(s)
    entries.append((start, len(text), date, marks))
    return entries


def chunk_temporal(text: str, limits: Limits, title_prefix: str = "") -> list[Chunk]:
    """Chunk dated text into entries; entries of different dates never share a chunk."""
    if not text:
        return []
    blocks: list[Block] = []
    for start, end, date, marks in _entries(text):
        title = first_words(text[start:end])
        whole = Block(start, end, "entry", title=title, group=date, timestamp=date)
        if estimate_tokens(text[start:end]) <= limits.maximum:
            blocks.append(whole)
            continue
        bounds = [start, *marks, end]
        for i, (s, e) in enumerate(zip(bounds, bounds[1:], strict=False)):
            kind = "entry" if i == 0 else "section"
            for j, b in enumerate(paragraph_blocks(text, s, e, limits.maximum, kind)):
                blocks.append(
                    Block(
                        b.start,
                        b.end,
                        kind if j == 0 else "paragraph",
                        title=title,
                        group=date,
                        timestamp=date,
                        reason=b.reason,
                    )
                )
    return pack(text, blocks, limits, title_prefix)
