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

from actors.facts.ahead import DIAS, SOON_WORDS, WEEKDAY_NAMES, day_ahead, weekday_number
from actors.facts.values import MONTHS_PATTERN, Folded, clean_value
from actors.lazy_re import lazy_regex
from actors.text import fold

_HOME_IN = lazy_regex(
    r"\b(?:(?:a|an|the|my|our|un|una|el|la|mi|nuestro|nuestra)\s+(?:[\w-]+\s+){0,3}?"
    r"(?:flat|apartment|house|home|one-bed|two-bed|three-bed|studio|cottage|bungalow|"
    r"piso|casa|apartamento|estudio|atico|chalet)(?:\s+nuev[oa])?|(?:(?<=^)|(?<=[,:]\s))new\s+"
    r"(?:place|flat|apartment|house|home)|(?:(?<=^)|(?<=[,:]\s))(?:nuevo\s+piso|nueva\s+casa|"
    r"piso\s+nuevo|casa\s+nueva))\s+(?:in|en)\s+")
"""A home in a place: "a one-bed in Blackrock", "un piso en Triana", and a new home named
without its article where a sentence or a clause opens ("We've moved! New place in Mumbles",
"nos hemos mudado: piso nuevo en Deusto")."""
_MONTH = r"(?:" + MONTHS_PATTERN + r")\b"
_MOVE_IN = lazy_regex(
    r"\b(?:(?:i|we)\s+(?:(?:actually|finally|officially)\s+)?move\s+in|"
    r"(?:i'm|i\s+am|we're|we\s+are)\s+moving\s+in|"
    r"(?:i'm|i\s+am|we're|we\s+are)\s+moving(?=\s+in\s+" + _MONTH + r")|"
    r"(?:(?<=[,;:]\s)|(?<=[,;:])|\b(?:and|y)\s+)(?:moving|mudandome|mudandonos)(?:\s+in)?|"
    r"(?:me|nos)\s+(?:mudo|mudamos|traslado|trasladamos)|(?:entro|entramos)\s+a\s+vivir)"
    r"(?!\s+(?:with|con)\b)(?!\s+(?:to|a|en)\s+\w)(?=[^.;!?]*?" + SOON_WORDS + ")|"
    r"\b(?:(?:i|we)(?:'ve|\s+have)?\s+(?:(?:actually|finally|officially|just)\s+)*moved\s+in|"
    r"(?:me\s+he|nos\s+hemos)\s+mudado|me\s+mude|(?:me|nos)\s+mudamos(?=[^.;!?]*?\b(?:ayer|"
    r"pasad[oa])\b))(?!\s+(?:with|con|to|into|a|de|en|al)\b)")
"""The speaker's own move in naming no place of its own: on a day to come ("I move in on the
1st of August", "we're moving in July", "me mudo el lunes", "I found a flat in Ancoats,
moving on the 3rd of August") or told as done ("we moved in last
saturday!", "nos hemos mudado"); not "I move in with Tom", "me mudo a Lugo mañana", "we moved
into a flat"."""

_PAST_DAY = lazy_regex(
    r"\b(?:(?P<y>yesterday|ayer)|(?:last|on)\s+(?P<w>" + "|".join(WEEKDAY_NAMES) + r")|"
    r"el\s+(?P<d>" + "|".join(DIAS) + r")(?:\s+pasado)?|(?P<k>last\s+weekend|el\s+fin\s+de\s+"
    r"semana(?:\s+pasado)?))\b")
"""A day just gone: "yesterday", "last saturday", "on Saturday", "el sábado (pasado)" (told as
done), "ayer"; "last weekend", "el fin de semana" its Saturday."""
_MOVED = lazy_regex(r"\b(?:moved|relocated|mudado|mude|trasladado|traslade)\b|"
                    r"\b(?:nos\s+mudamos|nos\s+trasladamos)\b(?=[^.;!?]*?\b(?:ayer|pasad[oa])\b)")
"""A move told as done: only such a sentence's past day names when the town became true."""

_MOVING = lazy_regex(r"\b(?:move|moving|relocate|relocating|mudo|mudamos|mudando|traslado|"
                     r"trasladamos|(?:entro|entramos)\s+a\s+vivir)\b")
"""A move told in the present or ahead ("I move", "I'm moving", "me mudo"): only such a
sentence's day names when the town becomes true."""


def move_day(folded: str, around: datetime.date | None) -> datetime.date | None:
    """The day a move told on ``around`` happens ("tomorrow" +1, "next month" the 1st of the
    next, a day of a month without its year...: ``ahead.day_ahead``) or happened ("we moved
    in last saturday", said on Saturday 15 July, is 8 July: ``day_before``). None when the
    sentence tells no move, names no such day, or nothing is known of when it was said."""
    if around is None:
        return None
    if _MOVED.search(folded):
        return day_before(folded, around)
    if not _MOVING.search(folded):
        return None
    return day_ahead(folded, around)


def day_before(folded: str, around: datetime.date) -> datetime.date | None:
    """The day just gone a sentence told on ``around`` names: "yesterday" -1, "last
    saturday" / "el sábado pasado" / "on Saturday" the latest such weekday before ``around``
    (a week back when said on one), "last weekend" the Saturday of the week before. Vaguer
    pasts ("last week", "recently") name no day."""
    m = _PAST_DAY.search(folded)
    if m is None:
        return None
    if m.group("y"):
        return around - datetime.timedelta(days=1)
    if m.group("k"):  # the Saturday of the week before the one it is said in
        return around - datetime.timedelta(days=around.weekday() + 2)
    name = m.group("w") or m.group("d")
    target = weekday_number(name)
    return around - datetime.timedelta(days=(around.weekday() - target - 1) % 7 + 1)


_VERB_AFTER = lazy_regex(r"\s+(?:is|was|looks|feels|es|era|esta|parece)\b", re.IGNORECASE)
"""What the sentence goes on to say of the home ("The new flat in Leith is tiny"): not its
place."""


def home_named(sentences: list[str], is_place: Callable[[str], bool],
               home: str | None = None) -> str | None:
    """The last home in a place the sentences name ("she has a little house in Golden", "un
    piso en Triana"), else ``home``: where a move in told later without a place goes."""
    for sentence in sentences:
        span = Folded(sentence)
        for m in _HOME_IN.finditer(span.folded):
            value = _VERB_AFTER.split(
                clean_value(span, m.end(), len(span.folded), cut_with=True), maxsplit=1)[0]
            if value and is_place(value):
                home = value
    return home


def move_in(sentences: list[str], is_place: Callable[[str], bool],
            home: str | None = None) -> tuple[int, int, str] | None:
    """(index of the sentence that tells the move in, where in it (folded), the town) when a
    sentence names a home in a place (``is_place`` holds for it), or the speaker named one
    before (``home``: an earlier turn of theirs), and a later one of the same turn tells the
    speaker moves in on a day or moved in."""
    place = home
    moved_at: int | None = None
    for index, sentence in enumerate(sentences):
        place = home_named([sentence], is_place, place)
        folded = Folded(sentence).folded
        told = _MOVE_IN.search(folded)
        own = _HOME_IN.search(folded)
        if moved_at is not None and index - moved_at <= 2 and own is not None \
                and place is not None:
            # "We've moved! New place in Mumbles.": the home just after a move told alone
            return index, own.start(), place
        if _MOVED_ALONE.search(folded) is not None:
            moved_at = index
        if place is not None and told is not None:
            own = _HOME_IN.search(folded)
            if _SUBJECTLESS.match(folded, told.start()) and own is not None:
                # "I found a flat in Ancoats, moving on the 3rd": whose move it is, the
                # clause naming the home says ("My sister found a flat ..., moving ...")
                return index, own.end(), place
            return index, told.start(), place
    return None


_MOVED_ALONE = lazy_regex(
    r"(?:^|(?<=:\s))\s*[¡]?\s*(?:(?:so|and|well|yay|ha(?:ha)+|ja(?:ja)+|y|pues|bueno|"
    r"por\s+fin)[,!\s]+)?(?:(?:i|we)(?:'ve|\s+have)?\s+"
    r"(?:(?:finally|officially|just|actually)\s+)*moved|(?:me\s+he|nos\s+hemos)\s+"
    r"(?:(?:por\s+fin|ya)\s+)?mudado|ya\s+(?:me\s+he|nos\s+hemos)\s+mudado|"
    r"(?:por\s+fin\s+)?(?:me\s+mude|nos\s+mudamos))(?:\s+(?:house|at\s+last|por\s+fin))?"
    r"\s*[!.]*\s*$")
"""A sentence (after its speaker's label) that tells the speaker's move done and nothing
else ("We've moved!", "¡Nos hemos mudado!"): the home the next sentence names is where to."""

_SUBJECTLESS = lazy_regex(r"(?:and\s+|y\s+)?(?:moving|mudandome|mudandonos)\b")
"""A move in told by its participle alone, after the home ("..., moving on the 3rd")."""


EARLIER_TURNS = 40
"""How many turns saved before one that moves in without a place are read for the home its
speaker named (bbtest27: the house in Golden was told 13 turns, six weeks, before "we moved
in last saturday!")."""


def tells_move_in(text: str) -> bool:
    """Whether ``text`` tells a move in naming no place of its own ("we moved in last
    saturday!"): only then are earlier turns of its conversation read (``EARLIER_TURNS``)."""
    return _MOVE_IN.search(fold(text)) is not None
