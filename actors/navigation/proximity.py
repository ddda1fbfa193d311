"""How close together a long memory holds the question's words: the share of them its best
passage holds.

BM25 scores a memory's text as one bag of words, so a saved chat session of 2,000 characters
holding "class" in one turn and "night" in another twenty turns down scores as well as the
session whose one turn says "a pottery class on Tuesday nights" (an outside probe, bbtest39's
session store: the answering session came third). The vectors already read a long memory by
its passages (``actors.embedding.sentence.passages``); this module gives the lexical side the
same view: a passage is a line (a turn of a saved session; a long line's sentences each) with
the line after it (an answer to a question asked in it), and the memory's share is what its
best passage holds of the question's terms it holds anywhere, each term weighted (by its idf,
so a name every memory holds decides nothing). The ranking policy decides what the share
costs (``ranking.together``). Pure functions of the text and the weights, memoised by text;
no I/O, no index, no store: it must never read a file.
"""

from __future__ import annotations

from collections.abc import Mapping

from actors.embedding.sentence import PASSAGE_CHARS, PASSAGE_FROM
from actors.navigation.bm25 import field_terms
from actors.navigation.text_memo import TextMemo
from actors.text import sentences

MIN_PASSAGES = 4
"""Passages a memory needs to be judged by them: a note of two or three lines is one passage."""
SPAN = 2
"""Consecutive passages read together: a question and the turn that answers it."""


def _passage_terms(text: str) -> tuple[frozenset[str], ...]:
    """The index terms (``bm25.field_terms``: as the full-text index holds them) of each passage
    of ``text``: its lines, a line longer than ``PASSAGE_CHARS`` cut at sentence ends."""
    out: list[frozenset[str]] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        pieces = [line] if len(line) <= PASSAGE_CHARS else sentences(line)
        out.extend(frozenset(field_terms(piece)) for piece in pieces)
    return tuple(out)


_terms_of_passages = TextMemo(_passage_terms)
"""Kept by text: the same sessions are candidates of question after question."""


def best_passage_share(text: str, weights: Mapping[str, float]) -> float:
    """The share of ``weights`` (the question's terms this memory holds, each with its weight)
    that its best ``SPAN`` consecutive passages hold together; 1.0 for a memory shorter than
    ``PASSAGE_FROM`` or of fewer than ``MIN_PASSAGES`` passages (it is one passage), and when
    the terms weigh nothing."""
    total = sum(weights.values())
    if len(text) < PASSAGE_FROM or total <= 0:
        return 1.0
    passages = _terms_of_passages(text)
    if len(passages) < MIN_PASSAGES:
        return 1.0
    wanted = frozenset(weights)
    held = [passage & wanted for passage in passages]
    best = 0.0
    for start in range(len(held)):
        together = frozenset().union(*held[start:start + SPAN])
        best = max(best, sum(weights[term] for term in together))
    return min(1.0, best / total)
