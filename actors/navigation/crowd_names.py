"""A question's vector reading without the names that most memories hold.

In a chat saved turn by turn every memory starts with its speaker's name ("2026-03-14 Tomás:
Me compré una cafetera..."), and a saved session names both speakers. A question names one of
them ("What coffee machine did Tomás buy?"), and the sentence model reads a name as much of a
short text's meaning: the memories closest to the question were the speaker's shortest turns
("Tomás: Lucía te manda saludos.", "Tomás: ¿Ya viste Orbit Nine?"), whose vectors are mostly
the name, and the answer, said in other words or the other language, fell out of the vector
pool. A name held by a large share of the store (``NAME_SHARE``) tells few of its memories
apart by meaning, so the question is compared by meaning partly without it (the navigation
actor's ``_partly_without_names``); its words are still searched as asked (the full-text
index weighs such a name by its rarity already), and "No memory found" is judged on the
question as asked.

Measured on an outside two-speaker chat (1,102 turns, 125 answerable questions naming a
speaker; rank of the evidence turn by vectors alone, the question wholly without the names):
first 39 -> 51, in the first five 68 -> 83, in the pool of 30 85 -> 104; the same chat saved
one memory per session: first 51 -> 63, first five 90 -> 103. Pure function: no I/O, no index
(the caller says how many memories hold a word).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from actors.lazy_re import lazy_regex
from actors.navigation.query import parse_query
from actors.text import terms

NAME_SHARE = 0.25
"""A name held by at least this share of the memories is no sign of any one of them: a
speaker's label in a two-person chat is in half the turns (and in every saved session); a
person the user talks about now and then is in a few percent."""
MIN_MEMORIES = 20
"""Below this many memories a share says little (a store of four memories, two naming Ana)."""

_NAME = lazy_regex(r"(?<![\w'’-])([A-ZÁÉÍÓÚÑÜ][^\W\d_]+)(?:['’]s\b)?")
"""A word written with a capital, with its possessive ("Tomás's")."""
_JOINED = lazy_regex(r"\s*(?:,|and|or|y|e|o|&)?\s*", re.IGNORECASE)
"""What may stand between two names left out ("Maya and Tomás"): left out with them."""


def without_crowd_names(text: str, holders: Callable[[str], int], memories: int) -> str:
    """``text`` without the names of it that ``NAME_SHARE`` of the ``memories`` hold
    (``holders``: how many memories hold an index term), or ``text`` itself when none is, or
    when nothing but the names and function words would be left ("Who is Maya?")."""
    if memories < MIN_MEMORIES:
        return text

    def common(found: re.Match[str]) -> bool:
        word = found.group(1)
        keys = parse_query(word).query_terms  # as the index holds it ("Tomás": "toma")
        return len(keys) == 1 and holders(keys[0]) >= NAME_SHARE * memories

    crowded = [found for found in _NAME.finditer(text) if common(found)]
    if not crowded:
        return text
    spans = [[crowded[0].start(), crowded[0].end()]]
    for found in crowded[1:]:
        if _JOINED.fullmatch(text, spans[-1][1], found.start()):
            spans[-1][1] = found.end()
        else:
            spans.append([found.start(), found.end()])
    out = text
    for start, end in reversed(spans):
        out = out[:start] + " " + out[end:]
    out = re.sub(r"\s+([?,.!])", r"\1", " ".join(out.split())).lstrip(" ,;:")
    return out if terms(out) else text  # a word besides the function words
