"""A move told before it happens: the day it happens, and the home named a sentence before.

"[2026-11-14] Kenji: Signed the lease! I move to Stockport tomorrow." and "Saoirse: It's a
one-bed in Blackrock with a tiny back garden. I move in on the 1st of August." tell a new town
and the day it becomes true. The rules in ``patterns`` read "I move to X" / "me mudo a X"
only with a day word in the sentence (``ahead.SOON``: "tomorrow", "on the 1st", "mañana",
"el lunes"): a present tense without one is as often a habit or a wish ("when I move to a new
city I ..."). This module adds the two things a single sentence does not hold:

- ``move_in``: "I move in on the 1st of August" names no town; the home named earlier in the
  same turn ("a one-bed in Blackrock", "un piso en Triana") does. Only a home ("flat",
  "house", "one-bed", "piso" ...) in a place counts, and only the speaker's own move in.
- ``move_day``: the day a move happens, also when it is still to come ("tomorrow" said on
  2026-11-14 is 2026-11-15; "on the 1st of August" said on 2026-07-05 is 2026-08-01), so the
  town is current from that day, not from the day it was announced or the day the settling
  in was told. Other facts keep the rule that a day still to come is a plan
  (``patterns._sentence_date``).

Pure functions; no I/O. It must never read a town out of someone else's move or a question.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

from actors.facts.ahead import SOON_WORDS, day_ahead
from actors.facts.values import Folded, clean_value

_HOME_IN = re.compile(
    r"\b(?:a|an|the|my|our|un|una|el|la|mi|nuestro|nuestra)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:flat|apartment|house|home|one-bed|two-bed|three-bed|studio|cottage|bungalow|"
    r"piso|casa|apartamento|estudio|atico|chalet)\s+(?:in|en)\s+")
"""A home in a place: "a one-bed in Blackrock", "un piso en Triana"."""
_MOVE_IN = re.compile(
    r"\b(?:(?:i|we)\s+(?:(?:actually|finally|officially)\s+)?move\s+in|"
    r"(?:i'm|i\s+am|we're|we\s+are)\s+moving\s+in|"
    r"(?:me|nos)\s+(?:mudo|mudamos|traslado|trasladamos)|(?:entro|entramos)\s+a\s+vivir)"
    r"(?!\s+(?:with|con)\b)(?!\s+(?:to|a|en)\s+\w)(?=[^.;!?]*?" + SOON_WORDS + ")")
"""The speaker's own move in, on a day, naming no place of its own ("I move in on the 1st of
August", "me mudo el lunes"; not "I move in with Tom", "me mudo a Lugo mañana")."""

_MOVING = re.compile(r"\b(?:move|moving|relocate|relocating|mudo|mudamos|mudando|traslado|"
                     r"trasladamos|(?:entro|entramos)\s+a\s+vivir)\b")
"""A move told in the present or ahead ("I move", "I'm moving", "me mudo"): only such a
sentence's day names when the town becomes true."""


def move_day(folded: str, around: datetime.date | None) -> datetime.date | None:
    """The day a move told on ``around`` happens ("tomorrow" +1, "next month" the 1st of the
    next, a day of a month without its year...: ``ahead.day_ahead``). None when the sentence
    tells no move in the present or ahead, names no such day, or nothing is known of when it
    was said."""
    if around is None or not _MOVING.search(folded):
        return None
    return day_ahead(folded, around)


def move_in(sentences: list[str],
            is_place: Callable[[str], bool]) -> tuple[int, int, str] | None:
    """(index of the sentence that tells the move in, where in it (folded), the town) when a
    sentence names a home in a place (``is_place`` holds for it) and a later one of the same
    turn tells the speaker moves in on a day."""
    place: str | None = None
    for index, sentence in enumerate(sentences):
        span = Folded(sentence)
        for m in _HOME_IN.finditer(span.folded):
            value = clean_value(span, m.end(), len(span.folded), cut_with=True)
            if value and is_place(value):
                place = value
        told = _MOVE_IN.search(span.folded)
        if place is not None and told is not None:
            return index, told.start(), place
    return None
