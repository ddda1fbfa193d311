"""A long memory written in lines (a whole chat session saved as one memory) is read by the
model in windows of a few lines, not in passages of 500 characters: one turn that answers,
among six to ten turns of small talk, weighed little in the passage that held it."""

from __future__ import annotations

import numpy as np

from actors.embedding import sentence
from actors.embedding.sentence import (
    LINES_FROM,
    PASSAGE_FROM,
    WINDOW_LINES,
    WINDOW_STRIDE,
    SentenceEncoder,
    as_read,
    passages,
)

SMALL_TALK = [
    "Ines: Morning! The rain has not stopped since Tuesday.",
    "Pablo: Same here, the cat refuses to go out.",
    "Ines: I watched two episodes of that baking show last night.",
    "Pablo: Ja, no me lo puedo creer.",
    "Ines: The bus was late again, twenty minutes in the cold.",
    "Pablo: Te mando un abrazo.",
    "Ines: Lunch was leftovers, nothing exciting.",
    "Pablo: Haha, typical Monday.",
    "Ines: My phone battery dies by noon these days.",
    "Pablo: Buy a new one already!",
    "Ines: Did you finish the crossword from Sunday?",
    "Pablo: Casi, me faltan dos palabras.",
]
ANSWER = "Pablo: Me apunté a clases de kayak en el embalse, empiezo el jueves."
SESSION = "\n".join(["2025-10-06 — conversation between Ines and Pablo",
                     *SMALL_TALK[:7], ANSWER, "Ines: Wow, brave!", *SMALL_TALK[7:]])
PARAGRAPH = "2025-10-06: " + " ".join(
    f"Step {n}: rinse the filter, descale the boiler and run two empty cycles." for n in range(12))


def test_a_memory_of_many_lines_is_read_in_overlapping_windows_of_its_lines() -> None:
    lines = as_read(SESSION).split("\n")
    assert len(lines) >= LINES_FROM and len(as_read(SESSION)) >= PASSAGE_FROM
    parts = passages(SESSION)
    windows = [part.split("\n") for part in parts]
    assert all(len(window) <= WINDOW_LINES for window in windows)
    assert windows[0][0].startswith("October 2025: ")  # read as the model reads the memory
    # consecutive windows share a line, and every line is in one
    for one, two in zip(windows, windows[1:], strict=False):
        assert one[WINDOW_STRIDE:] == two[:WINDOW_LINES - WINDOW_STRIDE]
    assert [line for window in windows for line in window[:WINDOW_STRIDE]] + \
        windows[-1][WINDOW_STRIDE:] == lines
    # the turn and the reaction to it are read together by one window
    assert any(ANSWER in part and "Wow, brave!" in part for part in parts)


def test_a_paragraph_keeps_its_gathered_passages() -> None:
    parts = passages(PARAGRAPH)
    assert parts == sentence._gathered([piece for piece in sentence.sentences(
        as_read(PARAGRAPH)) if piece.strip()])
    assert len(parts) < len(sentence.sentences(as_read(PARAGRAPH))) / WINDOW_STRIDE


def test_a_memory_of_more_lines_than_the_windows_cover_keeps_its_gathered_passages() -> None:
    # an ingested file of 150 short lines: windows would read its first hundred lines only
    source = "\n".join(f"value_{n} = compute_{n}(settings)  # step {n}" for n in range(150))
    parts = passages(source)
    assert parts == sentence._gathered(source.split("\n"))
    assert "step 149" in parts[-1]


def test_the_window_of_the_answering_turn_is_closer_than_its_gathered_passage() -> None:
    encoder = SentenceEncoder()
    question = encoder.encode(["What water sport did Pablo sign up for?"])[0]
    pieces = as_read(SESSION).split("\n")
    windows = encoder.encode(passages(SESSION))
    gathered = encoder.encode(sentence._gathered(pieces))
    assert float(np.max(windows @ question)) > float(np.max(gathered @ question)) + 0.02
