"""Questions about when the user's own events happened, and about how long one lasted.

"When did I adopt Bruno?", "How many weeks passed between buying my bike and the race?",
"¿Cuándo me mudé?": the answer is the day of the user's own turn telling the event ("Me
compré una bici gravel ayer"), and in a chat saved one turn per memory the assistant's reply
to that turn holds more of the question's words ("Ten weeks is enough to prepare for a 100
km gravel race") and ranked first; its day is the day the user told the event, but its text
tells only advice. "How many days long was my Oaxaca trip?", "¿Cuántos días duró mi viaje?":
an event's span is read from two memories of it, the one telling it started ("I'm going to
Oaxaca ... October 30 to November 3") and the one telling it ended ("Back from Oaxaca").

Pure text: the navigation actor decides what is served (``compared`` reads the two things
a question sets against each other).
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex
from actors.text import fold

_WHEN = lazy_regex(
    r"\bwhen\s+(?:did|was|were|had|have|has)\b|"
    r"\b(?:what|which)\s+(?:date|day|year|month|week)\s+(?:did|was|were|had)\b|"
    r"\bon\s+what\s+(?:date|day)\b|\bhow\s+long\s+(?:ago|after|before|since)\b|"
    r"\bhow\s+(?:many|much\s+time)\s+(?:\w+\s+){0,3}?(?:ago|after|before|since|between|"
    r"passed|went\s+by|had\s+passed)\b|"
    r"\b(?:came|happened|was|were|did\s+\w+)\s+(?:first|earlier|later)\b|\bfirst\s*[,:]|"
    r"\bbefore\s+or\s+after\b|"
    r"^\W*cuando\b|¿\s*cuando\b|\ben\s+que\s+(?:fecha|dia|ano|mes|semana)\b|"
    r"\bque\s+dia\s+(?:fue|\w+(?:e|o|aste|amos|aron|ieron|imos|i))\b|\bhace\s+cuanto\b|"
    r"\bcuant[oa]s?\s+(?:tiempo|dias|semanas|meses|anos)\s+(?:hace|paso|pasaron|despues|"
    r"antes|entre|desde)\b|\bque\s+fue\s+(?:primero|antes)\b|\bantes\s+o\s+despues\b")
"""A question asking the day of an event, how long ago it was, or which of two came first
(folded: no accents)."""

_UNITS = r"(?:days|nights|weeks|months|years)"
_SPAN = (
    lazy_regex(  # "How many days long was my Oaxaca trip?", "How many nights did I spend..."
        rf"^\W*how\s+many\s+{_UNITS}(?:\s+long)?\s+(?:was|were|did|lasted)\s+(?P<thing>.+?)"
        r"(?:\s+(?:last|take|go\s+on))?\s*[?.!]*$", re.IGNORECASE),
    lazy_regex(  # "How long did my trip last?", "How long did I stay in Lisbon?"
        r"^\W*how\s+long\s+(?:did|was|were)\s+(?P<thing>.+?)\s+(?:last|go\s+on)\s*[?.!]*$|"
        r"^\W*how\s+long\s+(?P<thing2>(?:did|was|were)\s+(?:I|we|the\s+user)\s+"
        r"(?:stay|live|work|spend|study|in|at|away|abroad)\b.*?)\s*[?.!]*$", re.IGNORECASE),
    lazy_regex(  # "¿Cuántos días duró mi viaje a Oaxaca?", "¿Cuánto tiempo estuve en Lisboa?"
        r"^\W*cu[aá]nt[oa]s?\s+(?:(?:d[ií]as|noches|semanas|meses|a[nñ]os|tiempo)\s+)?"
        r"(?P<thing>(?:dur[oó]|estuve|estuvimos|pas[eé]|pasamos|viv[ií]|vivimos|trabaj[eé])"
        r"\b.+?)\s*[?.!]*$", re.IGNORECASE),
)
_LASTED = lazy_regex(r"^(?:did|was|were|dur[oó])\s+", re.IGNORECASE)


def asks_when(question: str) -> bool:
    """Whether ``question`` asks when an event happened, how long ago or how long after
    another, or which came first (``_WHEN``): its answer is the turn that tells the event,
    not an answer to that turn."""
    return _WHEN.search(fold(" ".join(question.split()))) is not None


def spanned_thing(question: str) -> str | None:
    """The event whose length ``question`` asks in days, weeks, months or years, or how long
    it lasted or someone stayed ("How many days long was my Oaxaca trip?" -> "my Oaxaca
    trip"), as the question words it; else None. "How long was my run?" asks a length one
    memory tells, not a span between two."""
    text = " ".join(question.split())
    for pattern in _SPAN:
        found = pattern.search(text)
        if found is not None:
            thing = found.group("thing") or found.groupdict().get("thing2")
            if thing:
                return _LASTED.sub("", thing.strip(" ,;:?!.¿¡")) or None
    return None
