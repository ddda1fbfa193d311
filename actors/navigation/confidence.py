"""Deciding between answering and asking the agent for a clue.

IHMT answers when one memory clearly wins and asks for a clue when several match about equally
in different places of the tree, or when a very short query cannot tell them apart. This module
keeps that decision (confidence = 0.6 x coverage + 0.4 x margin) and adds what IHMT lacked: a
memory and the memory that corrects it are one story, not two rivals, so their near-tie never
triggers a clue request, and a rival the best memory clearly leads in meaning (vector
similarity) is no tie either. Pure functions on ranked candidates; no I/O, no scoring of text.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from actors.navigation.query import Query

COVERAGE_WEIGHT = 0.6
MARGIN_WEIGHT = 0.4
CLUE_BOOST = 1.5
CLUE_DAMP = 0.5
MAX_LOW_CONFIDENCE_CANDIDATES = 5
WEAK_GUESS = 1 / 3
"""A best memory holding less than this share of the question's word weight (one common
word of a question of three or four: "finishing" of "What was my finishing time in the
gravel race?") is a guess, and so are its rivals: in a crowded store a dozen turns hold
such a word ("Is La casa de los relojes worth finishing?", "Is El último tranvía worth
finishing?"), and a clue between them tells nothing apart; the reply serves them."""
MEANING_LEAD = 0.005
"""A memory whose vector is this much closer (cosine) to the question than a rival's leads it
after fusion: the two are not a tie however close their word scores (a keyword look-alike that
says something else). Only applied when both similarities were measured, and only to questions
of three words or more. Measured with the sentence model (bench/retrieval_bench.py, templated
seed 11, MIN_SIMILARITY 0.2, VECTOR_WEIGHT 2.0): 0.03 -> AMBIGUOUS 0.182, first memory right
0.668; 0.01 -> 0.107, 0.704; 0.005 -> 0.093, 0.754 (with STRONG_SIMILARITY 0.3); 0.0 -> 0.075,
0.718 (any lead, however small, splits word ties the model cannot tell apart); the
conversation sets barely move."""


@dataclass(frozen=True)
class Candidate:
    """One ranked memory as the decision sees it.

    ``branch`` is the parent node id (None for an unfiled leaf); ``superseded_by`` is the id of
    the leaf that corrects this one, set by the caller from the fact timeline.
    """

    id: str
    score: float
    matched: frozenset[str]
    branch: str | None
    superseded_by: str | None = None
    similarity: float | None = None
    """Cosine similarity of its vector to the question's; None when it was not measured."""
    answers: bool | None = None
    """Whether it holds the kind of answer the question asks for (a name beside the asked
    thing, a sum, a length, a place's name); None when the question asks for no kind."""
    coverage: float | None = None
    """Share of the question's word weight (idf) it holds; None when not judged."""


@dataclass(frozen=True)
class ClueRequest:
    """The search should not answer: ``reason`` says why, ``candidates`` what to choose from."""

    reason: str
    candidates: tuple[Candidate, ...]


def _by_score(ranked: Sequence[Candidate]) -> list[Candidate]:
    """Best first; a stable sort, so equal scores keep the caller's order."""
    return sorted(ranked, key=lambda c: -c.score)


def confidence(query: Query, ranked: Sequence[Candidate]) -> float:
    """0.6 x coverage + 0.4 x margin, in [0, 1]; 0.0 when there is no candidate.

    coverage: share of the query's own terms (group 0) the best candidate matched.
    margin: (best - second) / best, 1.0 when the best stands alone.
    """
    if not ranked:
        return 0.0
    ordered = _by_score(ranked)
    best = ordered[0]
    base = set(query.query_terms)
    coverage = len(base & best.matched) / len(base) if base else 0.0
    if len(ordered) < 2:
        margin = 1.0
    elif best.score <= 0:
        margin = 0.0
    else:
        margin = (best.score - ordered[1].score) / best.score
    margin = min(1.0, max(0.0, margin))
    return COVERAGE_WEIGHT * coverage + MARGIN_WEIGHT * margin


def collapse_corrections(ranked: Sequence[Candidate]) -> list[Candidate]:
    """Drop every candidate whose correction is also among the candidates.

    A memory and its successor are one fact told twice; keeping only the successor removes the
    pair from the ambiguity test in either direction (whichever of the two ranked higher), and
    a chain A -> B -> C collapses to C.
    """
    present = {c.id for c in ranked}
    return [c for c in ranked if c.superseded_by is None or c.superseded_by not in present]


def leads_by_meaning(best: Candidate, rival: Candidate) -> bool:
    """Whether ``best`` is clearly closer in meaning to the question than ``rival``."""
    if best.similarity is None or rival.similarity is None:
        return False
    return best.similarity - rival.similarity >= MEANING_LEAD


def answers_alone(best: Candidate, rival: Candidate) -> bool:
    """Whether ``best`` holds the kind of answer the question asks for and ``rival`` does not:
    "My sister Carolina lives in Monterrey" against "Joaquín and I don't live together yet"
    for "What neighborhood do I live in?", a turn telling "5 hours 48 minutes" against one
    asking whether a novel is worth finishing: a rival that cannot answer is no tie."""
    return best.answers is True and rival.answers is False


def _quoted(query: Query) -> str:
    text = " ".join(query.text.split())
    return text if len(text) <= 60 else text[:59].rstrip() + "…"


def clue_request(
    query: Query,
    ranked: Sequence[Candidate],
    *,
    threshold: float = 0.45,
    margin: float = 0.18,
) -> ClueRequest | None:
    """A :class:`ClueRequest` when the search cannot pick one memory, else None.

    Ambiguous when, after collapsing corrections, near-tied rivals (second >= best x (1 -
    margin), matching every query term the best matched) sit in different branches or answer
    a query of one or two terms, or when the confidence is below ``threshold`` and the second
    candidate is a near-tied rival too (within ``margin``, holding the best one's query words,
    in any branch): low confidence alone is no reason to ask, the reply shows the first
    ``limit`` memories anyway; a clear winner is the answer however weak. A single candidate
    is never ambiguous: however weak, it is the only answer, and the reply can say it is weak.
    """
    ordered = _by_score(collapse_corrections(ranked))
    if len(ordered) < 2:
        return None
    best = ordered[0]
    floor = best.score * (1.0 - margin)
    # A rival that lacks a query word the best one has is a weaker match, not a tie: a memory
    # holding the one rare word of the question is the answer, however close the scores.
    wanted = best.matched & frozenset(query.terms)
    if not wanted:
        # The best memory holds none of the question's words (found by meaning alone): its
        # rivals are no story a clue could tell apart, only other weak guesses ("What is the
        # name of the user's physiotherapist?" asked a clue between "Booked a physio, Anouk
        # Visser" and a stretching routine, at confidence 0.03); the reply serves them.
        return None
    if best.coverage is not None and best.coverage < WEAK_GUESS:
        return None
    # A query of one or two bare words ("Luis") has no meaning beyond its words to lead with:
    # every memory about Luis is an equal candidate, whatever its vector says.
    meaningful = not query.short
    rivals = [c for c in ordered[1:] if c.score >= floor and wanted <= c.matched
              and not (meaningful and leads_by_meaning(best, c))
              and not answers_alone(best, c)]
    if rivals:
        other_branch = any(c.branch != best.branch for c in rivals)
        short_query = query.short
        if other_branch or short_query:
            tied = (best, *rivals)
            return ClueRequest(
                reason=f"{len(tied)} memories match '{_quoted(query)}' almost equally",
                candidates=tied,
            )
    value = confidence(query, ordered)
    second = ordered[1]
    close = best.score > 0 and second.score >= floor and wanted <= second.matched \
        and not (meaningful and leads_by_meaning(best, second)) \
        and not answers_alone(best, second)
    if value < threshold and close:
        return ClueRequest(
            reason=f"low confidence ({value:.2f})",
            candidates=tuple(ordered[:MAX_LOW_CONFIDENCE_CANDIDATES]),
        )
    return None


def apply_clue(query: Query, ranked: Sequence[Candidate]) -> list[Candidate]:
    """Re-rank with the clue: x1.5 for a candidate hitting every group, x0.5 otherwise.

    Without a clue group the ranking is returned as it is (best first).
    """
    if not query.has_clue:
        return _by_score(ranked)
    groups = [frozenset(g) for g in query.groups if g]
    adjusted: list[Candidate] = []
    for cand in ranked:
        hits_all = all(cand.matched & group for group in groups)
        factor = CLUE_BOOST if hits_all else CLUE_DAMP
        adjusted.append(replace(cand, score=cand.score * factor))
    return _by_score(adjusted)
