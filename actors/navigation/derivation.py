"""Derived forms of a search term: "allergy" / "allergic", "adopt" / "adoption", "photography"
/ "photographer", "graduat(ed)" / "graduation".

The stemmer only strips inflections (``stem`` says why: a full stemmer makes identifiers fuzzy
and conflates unrelated words). A question and its memory often hold different forms of one
word, though: "what food allergy does the user have?" / "I'm allergic to shellfish". Two terms
are forms of one word here when they share a start of at least ``MIN_STEM`` characters and each
goes on from it with one of ``SUFFIXES`` (English and Spanish derivational endings, after the
stemmer's analysis). "cancel" / "cancer" or "general" / "generate" are not: "l", "r", "te" are
no such endings. The navigation actor searches these forms as one more reading of the question,
worth less than its own words. Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

MIN_STEM = 5
"""Shortest shared start: "dance" / "dancer" (stemmed "danc") and "art" / "artist" stay
apart, as do all the short words whose endings make other words ("plan" / "planet")."""
SUFFIXES = frozenset({
    "", "e", "y", "ic", "ical", "ics", "ion", "ation", "er", "or", "ist", "ism", "ian",
    "al", "ment", "ity", "ive", "ous",
    # Spanish (folded): alergia / alérgico, adoptar / adopción, fotografía / fotógrafo
    "a", "o", "ia", "ico", "ica", "cion", "acion", "ista", "dor", "dora", "ar", "ir",
})
"""Endings that make another form of the same word."""
MAX_CUT = max(len(s) for s in SUFFIXES)


def stems(term: str) -> list[str]:
    """The starts of ``term`` that a derived form may share: "allergy" -> "allergy", "allerg"."""
    if not term.isalpha():
        return []  # numbers, versions and identifiers are never derived
    out = []
    for cut in range(0, min(MAX_CUT, len(term) - MIN_STEM) + 1):
        start = term[:len(term) - cut]
        if term[len(start):] in SUFFIXES:
            out.append(start)
    return out


def forms(term: str, candidates: Iterable[str]) -> list[str]:
    """The candidates that are another form of ``term`` (candidates start with one of its
    ``stems``; the caller looks them up in its term dictionary)."""
    starts = stems(term)
    out: list[str] = []
    for other in candidates:
        if other == term or other in out or not other.isalpha():
            continue
        if any(other.startswith(s) and other[len(s):] in SUFFIXES for s in starts):
            out.append(other)
    return out
