"""A light, conservative stemmer for English and Spanish search terms.

"lives", "living" and "lived" should find "I live in ..."; "databases" should find "database";
"ciudades" should find "ciudad". A full stemmer (Porter, Snowball) conflates far more and makes
exact identifiers fuzzy, so this one only strips inflections: plurals (-s, -es, -ies), -ing,
-ed/-ied, a doubled final consonant left behind by them, and a final -e (so "live" and "liv-ing"
meet). Navigation applies it to every term it indexes and every query term, in ``bm25`` and
``query``, so both sides always agree. It never touches short terms, numbers or terms holding
digits (versions, ids). Pure function, no I/O.
"""

from __future__ import annotations

from functools import lru_cache

_KEEP_S = ("ss", "us", "is")
_UNDOUBLE_KEEP = frozenset("lsz")
_MIN_STEM = 3


@lru_cache(maxsize=1 << 17)
def stem(term: str) -> str:
    """The stem of one folded term (as ``actors.text.terms`` produces it)."""
    if len(term) <= _MIN_STEM or not term.isalpha():
        return term
    word = term
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(_KEEP_S):
        word = word[:-1]
    stripped = False
    if word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    else:
        for suffix in ("ing", "ed"):
            if word.endswith(suffix):
                rest = len(word) - len(suffix)
                if rest >= _MIN_STEM:
                    word = word[:-len(suffix)]
                    stripped = True
                elif rest == 2:  # "using", "used" -> "use"
                    word = word[:-len(suffix)] + "e"
                break
    if stripped and len(word) > _MIN_STEM and word[-1] == word[-2] \
            and word[-1] not in _UNDOUBLE_KEEP and word[-1] not in "aeiou":
        word = word[:-1]
    if word.endswith("e") and len(word) > _MIN_STEM:
        word = word[:-1]
    return word
