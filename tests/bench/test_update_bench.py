"""The update bench's data says what its runner assumes: each newer note is dated after the
older one, and each question asks how things stand now."""

from __future__ import annotations

from actors.navigation.query import asks_about_now
from bench.update_bench import DISTRACTORS, PAIRS


def test_each_newer_note_is_dated_after_the_older_and_the_question_asks_about_now() -> None:
    for old, new, question in PAIRS:
        assert old[:10] < new[:10], (old, new)
        assert asks_about_now(question), question


def test_the_distractors_are_dated_notes_distinct_from_the_cases() -> None:
    cases = {text for pair in PAIRS for text in pair[:2]}
    assert len(set(DISTRACTORS)) == len(DISTRACTORS) == 12
    assert not cases & set(DISTRACTORS)
    assert all(text[4] == "-" and text[10] == ":" for text in DISTRACTORS)
