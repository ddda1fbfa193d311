"""The town a speaker just moved or came to, and a home inside it told after.

"Tomás: Llegamos a Chicago ayer." then "Tomás: Vivimos en Logan Square, cerca de un parque"
(bbtest39): the second names a part of the town the first came to, not a move away from it.
Read alone, 'Logan Square' replaced 'Chicago' on the timeline and every memory about Chicago
was shown OUTDATED. A home told in the same conversation right after a move, an arrival or
the drive there ("We're driving to Denver next weekend" ... "I rented a one-bedroom in Capitol
Hill") is read inside that town: 'Logan Square, Chicago', 'Capitol Hill, Denver'; and
``keys.same_value`` reads a town as the same place as a home inside it, so the refinement is
no change.

A trip's arrival ("we arrived in Rome") is no home: this module records no fact, it only
names the town for a home the speaker tells after it in the same conversation. A home told
as a move of its own ("we moved from Chamberí to Lavapiés") is never put inside the town.

Pure functions; no I/O. It must never name a town out of someone else's move, a negated or
wished one, or a question.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable

from actors.dates import parse_date
from actors.facts.speakers import Speaker, speaker_of, turns
from actors.lazy_re import lazy_regex
from actors.text import fold, sentences

_NAME = r"(?P<town>[A-ZÁÉÍÓÚÑ][\w'’-]+(?:\s+[A-ZÁÉÍÓÚÑ][\w'’-]+){0,2})"
_TOWN_GONE_TO = lazy_regex(
    r"(?i:(?:^|(?<=[\s,;:!¡¿\"(]))(?:(?:i|we)(?:'m|'re|\s+am|\s+are|'ve|\s+have)?\s+"
    r"(?:(?:just|finally|officially|actually|all)\s+)*)?"
    r"(?:moving|moved|relocating|relocated|driving|drove|made\s+it|arrived|landed|got\s+here)"
    r"\s+(?:back\s+)?(?:to|in|into)\s+"
    r"|\b(?:(?:nos|me)\s+(?:mudamos|mude|mudé|mudo|trasladamos|traslade|trasladé|"
    r"(?:vamos|voy)\s+a\s+(?:mudar|vivir))|(?:me\s+he|nos\s+hemos)\s+(?:mudado|trasladado|"
    r"ido\s+a\s+vivir)|(?:nos|me)\s+(?:fuimos|fui)\s+a\s+vivir|llegamos|llegu[eé]|"
    r"(?:he|hemos)\s+llegado)\s+(?:a|en)\s+)" + _NAME)
"""The speaker's own move, arrival or drive to a named town: "Made it to Denver on Monday",
"We're driving to Denver next weekend", "we moved to Leeds", "Llegamos a Chicago ayer",
"nos mudamos a Chicago a finales de junio", "me he ido a vivir a Málaga"."""
_NOT_SO = lazy_regex(r"\b(?:not|n't|never|no|nunca|if|si|maybe|might|thinking|pensando|"
                     r"quizas|quiza|ojala|should|would|could|when|cuando)\b")
"""A move negated, wished or supposed ("not moving to Denver", "if we move to Leeds",
"thinking of moving to Bilbao"): no town came to."""
_A_MOVE = lazy_regex(r"\b(?:move|moved|moving|relocat\w*|mud\w+|traslad\w+|left|dejamos|"
                     r"deje|from|desde|de\s+\w+\s+a|now|ahora|since|instead|anymore|"
                     r"en\s+cambio|actually|en\s+realidad)\b")
"""A home told as a move or a change of its own ("we moved from Chamberí to Lavapiés", "I
moved to Madrid. Now I live in Valencia, since Sunday"): a new place, not a part of the
town."""


TOWN_TURNS = 12
"""How many turns before a home told alone are read for the town its speaker came to
(bbtest39: "Llegamos a Chicago ayer" two turns before "Vivimos en Logan Square"); a town
told longer ago is another part of the conversation."""
_HOME_TOLD = lazy_regex(r"(?i:\b(?:live|living|rent|rented|renting|leased|vivo|vivimos|"
                        r"viviendo|alquil\w*)\b[^.;!?]{0,40}?\b(?:in|en)\s+)[A-ZÁÉÍÓÚÑ]")
"""A home told in a named place ("we live in Logan Square", "I rented a one-bedroom in
Capitol Hill", "alquilamos un piso en Gràcia"): a turn worth reading after its earlier ones."""


def tells_a_home(text: str) -> bool:
    """Whether ``text`` tells where its speaker lives or rents: then the turns before it are
    read for the town they came to (``context.reads_earlier``)."""
    return _HOME_TOLD.search(text) is not None


def town_gone_to(sentence: str, is_place: Callable[[str], bool]) -> str | None:
    """The town the speaker says they moved, came or are driving to in ``sentence``, else
    None (a question, a negated or supposed move, someone else's: "my sister moved to X")."""
    if sentence.rstrip().endswith("?"):
        return None
    found = None
    for match in _TOWN_GONE_TO.finditer(sentence):
        before = fold(sentence[max(0, match.start() - 30):match.start()])
        if _NOT_SO.search(before):
            continue
        if re.search(r"\b(?:he|she|they|my\s+\w+|mi\s+\w+|[a-z]+'s)\s*$", before):
            continue  # "my sister moved to X", "she's moving to X": not the speaker's
        town = match.group("town")
        if is_place(town):
            found = town
    return found


def towns_of_speakers(texts: list[str], is_place: Callable[[str], bool],
                      day: datetime.date | None = None) -> dict[str | None, str]:
    """The last town each speaker came or moved to in the last ``TOWN_TURNS`` of ``texts``
    (earlier turns of one conversation, oldest first), by speaker (None: unlabelled lines,
    the user's). A turn dated another day than ``day`` (the home's) is another conversation:
    a history back-filled later ("2025-03-10: I live in Madrid" saved after "2026-05-01: I
    moved to Valencia") is no home inside the town moved to a year after."""
    towns: dict[str | None, str] = {}
    for text in texts[-TOWN_TURNS:]:
        said = parse_date(text)
        if day is not None and said is not None and said != day:
            continue
        labels = turns(text)
        speaker: Speaker | None = None
        for line in text.splitlines():
            speaker = speaker_of(line, turns=labels) or speaker
            who = speaker.subject if speaker is not None else None
            for sentence in sentences(line):
                town = town_gone_to(sentence, is_place)
                if town is not None:
                    towns[who] = town
    return towns


def inside_town(value: str, town: str | None, sentence: str) -> str:
    """``value`` (a place the speaker lives in, told in ``sentence``) read inside ``town``
    (the one they just came to): 'Logan Square' -> 'Logan Square, Chicago'. Unchanged when
    no town is known, the value names the town or a town of its own ('Chamberí, Madrid'), or
    the sentence tells a move of its own."""
    if town is None or "," in value:
        return value
    place, home = fold(value), fold(town)
    if home in place or place in home or _A_MOVE.search(fold(sentence)):
        return value
    return f"{value}, {town}"
