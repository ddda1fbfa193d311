"""What the prose chunkers keep together: dated entries, clinical sections, chapters, steps."""

from __future__ import annotations

import datetime as dt

import ingest_samples as s
import pytest

from actors.ingest.chunkers import chunk
from actors.ingest.detect import detect
from actors.ingest.types import DataType, Detection
from store.errors import InvalidArgument


def as_type(data_type: DataType) -> Detection:
    return Detection(data_type, data_type.value.lower(), 1.0, None, "en")


def test_journal_with_five_dated_entries_gives_five_dated_chunks() -> None:
    chunks = chunk(s.SPANISH_JOURNAL, detect(s.SPANISH_JOURNAL))
    assert "".join(c.text for c in chunks) == s.SPANISH_JOURNAL
    assert [c.timestamp for c in chunks] == [dt.date(2025, 3, d) for d in range(3, 8)]
    assert chunks[0].title == "Lunes, 3 de marzo de 2025"
    assert all(c.kind == "entry" for c in chunks)


JOURNAL = """\
# My journal

## 2024-07-01
Moved into the new flat. Boxes everywhere.

---
Evening: pizza with Sam on the floor.

2024-07-01 (later)
Could not sleep; the street is loud.

## July 2, 2024
Bought curtains.

Session 4 — 2024-07-09
Therapy: talked about the move.

[21:40] Sam: did the curtains fit?
[21:42] Me: almost
"""


def test_entries_with_several_dates_give_one_chunk_per_date() -> None:
    chunks = chunk(JOURNAL, as_type(DataType.PERSONAL))
    assert "".join(c.text for c in chunks) == JOURNAL
    assert [c.timestamp for c in chunks] == [
        None, dt.date(2024, 7, 1), dt.date(2024, 7, 2), dt.date(2024, 7, 9),
    ]
    day_one = chunks[1].text
    assert "Evening: pizza" in day_one and "Could not sleep" in day_one  # same day packs
    assert "[21:42] Me: almost" in chunks[3].text  # chat turns stay with their day


def test_different_dates_never_share_a_chunk_even_when_tiny() -> None:
    text = "".join(f"2024-01-{d:02d} ok\n" for d in range(1, 21))
    chunks = chunk(text, as_type(DataType.PERSONAL), target_tokens=2000, min_tokens=500)
    assert len(chunks) == 20
    assert [c.timestamp for c in chunks] == [dt.date(2024, 1, d) for d in range(1, 21)]


def test_clinical_sections_stay_with_their_visit() -> None:
    note = (s.CLINICAL_NOTE
            + "\nVisit 2024-12-03\nAssessment: angina controlled.\nPlan: keep going.\n")
    chunks = chunk(note, detect(note))
    assert [c.timestamp for c in chunks] == [dt.date(2024, 11, 12), dt.date(2024, 12, 3)]
    assert "Plan: start aspirin" in chunks[0].text and "Medication:" in chunks[0].text
    assert chunks[1].text.startswith("Visit 2024-12-03")


def test_a_date_inside_a_clinical_section_is_not_a_new_entry() -> None:
    note = "2024-03-01 consulta\nDiagnóstico: migraña\nPlan:\n2024-04-01 revisión\nfin\n"
    chunks = chunk(note, as_type(DataType.CLINICAL))
    assert [c.timestamp for c in chunks] == [dt.date(2024, 3, 1), dt.date(2024, 4, 1)]
    note2 = "2024-03-01 consulta\nDiagnóstico: migraña\nPlan: revisar el 2024-04-01\n"
    assert [c.timestamp for c in chunk(note2, as_type(DataType.CLINICAL))] == [dt.date(2024, 3, 1)]


def test_long_entry_splits_at_paragraphs_keeping_its_date() -> None:
    paragraph = "Hoy caminamos mucho por la ciudad y vimos el museo. " * 12
    text = "2024-05-05\n" + "\n\n".join([paragraph] * 6) + "\n2024-05-06\nDescanso.\n"
    chunks = chunk(text, as_type(DataType.PERSONAL), target_tokens=200, max_tokens=300,
                   min_tokens=0)
    assert "".join(c.text for c in chunks) == text
    assert len(chunks) > 2
    assert {c.timestamp for c in chunks[:-1]} == {dt.date(2024, 5, 5)}
    assert chunks[-1].timestamp == dt.date(2024, 5, 6)


def test_chapters_are_hard_boundaries_and_paragraphs_are_atomic() -> None:
    text = s.NOVEL_CHAPTER + "\n***\n\nMorning came grey.\n\nCapítulo 4\n\nLa casa estaba vacía.\n"
    chunks = chunk(text, as_type(DataType.NARRATIVE), min_tokens=1000)
    assert "".join(c.text for c in chunks) == text
    assert len(chunks) == 3  # chapter 3, the scene after ***, capítulo 4 (never merged)
    assert chunks[0].title == "Chapter 3" and chunks[2].title == "Capítulo 4"
    small = chunk(s.NOVEL_CHAPTER, as_type(DataType.NARRATIVE), target_tokens=1, max_tokens=200,
                  min_tokens=0)
    paragraphs = [p for p in s.NOVEL_CHAPTER.split("\n\n") if p.strip()]
    assert [c.text.strip() for c in small] == [p.strip() for p in paragraphs]


def test_only_an_oversized_paragraph_is_split_at_sentence_ends() -> None:
    sentence = "The tide came in slowly over the flat grey sand. "
    text = sentence * 40 + "\n\nShort one.\n"
    chunks = chunk(text, as_type(DataType.NARRATIVE), target_tokens=100, max_tokens=150,
                   min_tokens=0)
    assert "".join(c.text for c in chunks) == text
    assert len(chunks) > 3
    assert all(c.text.rstrip().endswith(".") for c in chunks)
    assert not any(c.oversized for c in chunks)


def test_recipe_sections_keep_their_lists_and_steps() -> None:
    chunks = chunk(s.SPANISH_RECIPE, detect(s.SPANISH_RECIPE), target_tokens=60, max_tokens=120,
                   min_tokens=0)
    assert "".join(c.text for c in chunks) == s.SPANISH_RECIPE
    ingredients = next(c for c in chunks if "Ingredientes:" in c.text)
    assert "- sal" in ingredients.text and "- 4 huevos" in ingredients.text
    steps = next(c for c in chunks if "Preparación:" in c.text)
    assert "1. Pela" in steps.text and "5. Vierte" in steps.text
    whole = chunk(s.SPANISH_RECIPE, detect(s.SPANISH_RECIPE))
    assert len(whole) == 1 and whole[0].title.startswith("Tortilla de patatas")


def test_generic_packs_paragraphs_and_titles_use_the_prefix() -> None:
    text = "First idea here.\n\nSecond idea.\n\n\nThird.\n\n"
    chunks = chunk(text, as_type(DataType.GENERIC), target_tokens=5, max_tokens=8, min_tokens=0,
                   title_prefix="notes.txt")
    assert "".join(c.text for c in chunks) == text
    assert [c.title for c in chunks] == [
        "notes.txt: First idea here.", "notes.txt: Second idea.", "notes.txt: Third.",
    ]
    assert [(c.start_line, c.end_line) for c in chunks] == [(1, 2), (3, 5), (6, 7)]


def test_leading_and_trailing_blank_lines_are_kept() -> None:
    text = "\n\n\n2024-01-01 hola\n\n\n"
    for data_type in DataType:
        detection = Detection(data_type, "x", 1.0, "python" if data_type is DataType.CODE else None,
                              "es")
        assert "".join(c.text for c in chunk(text, detection)) == text
        assert chunk("", detection) == []


def test_invalid_sizes_are_refused() -> None:
    with pytest.raises(InvalidArgument):
        chunk("x", as_type(DataType.GENERIC), target_tokens=0)
