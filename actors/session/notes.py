"""The searchable index of one session's notes and digested outputs (``note`` / ``recall``).

Each recallable piece (a note, or one line window of an output) is a document of a BM25
``TermIndex``: its label or kind counts as the title, its text as the body. ``recall`` ranks
them with the clue logic of long-term search (a clue boosts pieces matching it; near-tied
pieces from different notes or outputs make the reply AMBIGUOUS), but it only ever sees this
session's pieces: long-term memory is another index in another actor. State only, no I/O (the
texts themselves live in ``store.session_store``); not thread-safe, its owner serialises.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from actors.navigation.confidence import (
    Candidate,
    ClueRequest,
    apply_clue,
    clue_request,
    confidence,
)
from actors.navigation.query import Query, parse_query
from actors.navigation.term_index import TermIndex
from actors.text import shorten

SEARCH_LIMIT = 12


@dataclass(frozen=True)
class Piece:
    """One recallable text of this session."""

    id: str
    kind: str
    """"note" or "output"."""
    source: str
    """What it came from: "note 3", or the output's label (pieces of one output share it)."""
    title: str
    created: dt.datetime
    first_line: int = 0
    """For a window of an output: its line range in that output (else 0)."""
    last_line: int = 0
    tokens: int = 0


@dataclass(frozen=True)
class Recall:
    """What a recall found: ranked pieces, or a clue request."""

    query: Query
    ranked: tuple[tuple[Piece, float], ...]
    confidence: float
    clue: ClueRequest | None


class SessionNotes:
    """Index of the pieces kept this session."""

    def __init__(self) -> None:
        self._index = TermIndex()
        self._pieces: dict[str, Piece] = {}
        self._notes = 0
        self._outputs = 0

    @property
    def note_count(self) -> int:
        return self._notes

    @property
    def output_count(self) -> int:
        return self._outputs

    def __len__(self) -> int:
        return len(self._pieces)

    def next_note_id(self) -> tuple[int, str]:
        self._notes += 1
        return self._notes, f"note-{self._notes:05d}"

    def next_output_seq(self) -> int:
        self._outputs += 1
        return self._outputs

    def add(self, piece: Piece, text: str) -> None:
        """Index ``text`` under ``piece`` (the text itself is stored by the caller)."""
        self._pieces[piece.id] = piece
        self._index.add(piece.id, {"title": f"{piece.kind} {piece.source} {piece.title}",
                                   "body": text})

    def piece(self, piece_id: str) -> Piece:
        return self._pieces[piece_id]

    def recall(self, query: str, clue: str | None = None) -> Recall:
        """Rank this session's pieces for ``query`` (and ``clue``)."""
        parsed = parse_query(query, clue)
        scored = self._index.search(parsed, limit=SEARCH_LIMIT)
        candidates = [Candidate(id=doc, score=score, matched=matched,
                                branch=self._pieces[doc].source)
                      for doc, score, matched in scored]
        ranked = apply_clue(parsed, candidates)
        request = clue_request(parsed, ranked, threshold=0.0) if ranked else None
        return Recall(
            query=parsed,
            ranked=tuple((self._pieces[c.id], c.score) for c in ranked),
            confidence=confidence(parsed, ranked),
            clue=request,
        )


def note_title(text: str) -> str:
    """A short title for a note: its first words."""
    for line in text.splitlines():
        if line.strip():
            return shorten(line, 80)
    return ""
