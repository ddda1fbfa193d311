"""The same question about the user in plainer words, for the attribute rules of ``questions``.

A couple asks of their shared life in the plural ("What car do we drive?", "Where are we
based?", "¿Qué coche llevamos?", "¿A qué nos dedicamos?") and anyone may end a question with
a word of time ("What is my job now?", "What car have I got these days?"). The rules of
``questions`` are written in the first person singular and most of them without the time
words, so each wording they missed was one more rule. ``plainer`` gives the question in the
singular and without its closing time words; ``questions`` tries it only after the question
as asked found no rule, so a rule written for the plural ("nos mudamos") keeps its reading.

It reads a folded question (``actors.text.fold``, punctuation dropped) and never decides
what is asked: it only rewrites. Pure functions; no I/O.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex

_PLURAL_EN = (
    (r"\bare\s+we\b", "am i"),
    (r"\bwere\s+we\b", "was i"),
    (r"\bwe\s+are\b", "i am"),
    (r"\bwe\s+were\b", "i was"),
    (r"\bwe(?:'|’)re\b", "i'm"),
    (r"\bwe(?:'|’)ve\b", "i've"),
    (r"\bwe(?:'|’)d\b", "i'd"),
    (r"\bwe\b", "i"),
    (r"\bourselves\b", "myself"),
    (r"\bours\b", "mine"),
    (r"\bour\b", "my"),
    (r"\bus\b", "me"),
)
"""The first person plural in English and its singular; the user and their household are one
subject in the store ("we moved to Leith" is the user's home)."""

_IRREGULAR_ES = {"tenemos": "tengo", "conducimos": "conduzco", "somos": "soy",
                 "estamos": "estoy", "hemos": "he", "vamos": "voy", "hacemos": "hago",
                 "seguimos": "sigo", "nuestro": "mi", "nuestra": "mi", "nuestros": "mis",
                 "nuestras": "mis", "nos": "me"}
"""Spanish plural forms whose singular is not their stem plus "o"."""
_REGULAR_ES = lazy_regex(r"^(?P<stem>\w{3,})(?:amos|emos|imos)$")
"""A Spanish verb in the first person plural of the present ("llevamos", "vivimos",
"dedicamos"): its singular is the stem and "o" ("llevo", "vivo", "dedico")."""

_TIME_AT_END = lazy_regex(
    r"(?:\s+(?:now|currently|nowadays|today|still|anymore|any\s+more|these\s+days|"
    r"at\s+the\s+moment|at\s+present|right\s+now|ahora(?:\s+mismo)?|actualmente|todavia|aun|"
    r"hoy\s+en\s+dia|en\s+este\s+momento|estos\s+dias))+\s*$")
"""Words of time closing a question, which say it asks for the current value (the timeline's
answer already is that)."""


def plainer(folded: str) -> str:
    """``folded`` in the first person singular and without the time words closing it ("what
    car do we drive these days" -> "what car do i drive"; "que coche llevamos" -> "que coche
    llevo"); the same text when there is nothing to rewrite."""
    out = folded
    for pattern, singular in _PLURAL_EN:
        out = re.sub(pattern, singular, out)
    out = " ".join(_singular_es(word) for word in out.split())
    stripped = _TIME_AT_END.sub("", out)
    return stripped if stripped.strip() else out


def _singular_es(word: str) -> str:
    if word in _IRREGULAR_ES:
        return _IRREGULAR_ES[word]
    m = _REGULAR_ES.match(word)
    return m.group("stem") + "o" if m is not None else word
