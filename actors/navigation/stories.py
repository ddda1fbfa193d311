"""Whether two memories are one story, and whether a memory tells of a change.

A later memory that shares a name ("German", "Obsidian", "Netlify") or two rare words with the
best match of a question about now continues its story; told as a change ("gave up on German",
"the Focus went to the scrapyard", "IT replaced my ThinkPad", "ya no", "lo dejamos", "me he
pasado al iPhone"), it is where the story stands now and leads the reply (see
``NavigationActor._continuation``). A single shared lower-case word is not enough: in a small
store every word is rare, and "moved the blog to Cloudflare" and "my sister moved to Bristol"
share "moved". The cue words are the ones people use to announce that something ended,
started or was swapped, in English and Spanish; reading them needs no fact pattern for the
attribute, so it covers what the fact extractor has no rule for. Pure text.
"""

from __future__ import annotations

from actors.dates import MONTHS
from actors.lazy_re import lazy_regex
from actors.navigation.answer_type import someone_else_first
from actors.navigation.conjugation import forms
from actors.navigation.replacements import told_sentences
from actors.navigation.stem import stem
from actors.text import fold
from actors.text import terms as text_terms

_CHANGE = lazy_regex(
    r"\b(?:now|nowadays|these\s+days|any\s?more|no\s+longer|instead|new|newer|brand\s+new|"
    r"switch(?:ed|ing)?|chang(?:ed|ing)|mov(?:ed|ing)|migrat(?:ed|ing)|replac(?:ed|ing)|"
    r"upgrad(?:ed|ing)|downgrad(?:ed|ing)|trad(?:ed|ing)\s+in|sold|selling|gave\s+up|"
    r"raised|lowered|increased|reduced|decreased|bump(?:ed|ing|s)?|renam(?:ed|ing)|"
    r"giv(?:e|en|ing)\s+up|quit|left|leaving|stopp(?:ed|ing)|cancel(?:l)?(?:ed|ing)|"
    r"dropp(?:ed|ing)|"
    r"broke\s+up|split\s+up|took\s+up|taken\s+up|started|starting|"
    r"finished|got\s+rid\s+of|is\s+gone|are\s+gone|passed\s+away|died|down\s+to|up\s+to|"
    r"cut\s+down|from\s+now\s+on|ever\s+since|"
    r"ahora|ya\s+no|nuev[oa]s?|cambi(?:e|o|amos|ado|ando)|me\s+he\s+pasado|me\s+pase|"
    r"nos\s+hemos\s+pasado|dej(?:e|o|amos|ado|ando)|lo\s+dejamos|vend(?:i|io|imos|ido)|"
    r"mud(?:e|o|amos|ado)|(?:sub|baj)(?:io|o|ieron|aron|ido|ado)\s+a\s+(?:l[oa]s\s+)?\d+|"
    r"sustitu(?:i|ido|imos)|reemplaz(?:e|ado|amos)|he\s+vuelto|volvi|"
    r"volvimos|empece|empezamos|he\s+empezado|hemos\s+empezado|ya\s+no|desde\s+hace|"
    r"a\s+partir\s+de|se\s+acabo|he\s+cambiado|hemos\s+cambiado|"
    r"(?:hemos|he|han|ha)\s+pasado\s+de|pasamos\s+de|migr(?:e|o|amos|ado|acion)|"
    r"actualiz(?:e|o|amos|ado)\s+(?:a|de)|sustituimos|renombr(?:e|o|amos|ado)|"
    r"rebautiz(?:e|o|amos|ado))\b")


_MONTH_NAMES = "|".join(sorted((m for m in MONTHS if len(m) > 3), key=len, reverse=True))
_SINCE = lazy_regex(
    r"\b(?:since\s+(?:(?:early|late|mid|last|this)[\s-]+)?(?:" + _MONTH_NAMES
    + r"|spring|summer|autumn|fall|winter|week|month|year|then|\d{4}|the\s+(?:start|beginning|"
    r"move|operation|surgery|accident|injury|new\s+year))|desde\s+(?:(?:principios|finales|"
    r"mediados)\s+de\s+|el\s+|la\s+)?(?:" + _MONTH_NAMES + r"|primavera|verano|otono|invierno|"
    r"entonces|\d{4}|que|mudanza|operacion|accidente))\b")
"""A beginning told by its time ("Since August I only drink decaf", "since last spring",
"Desde septiembre solo tomo agua", "desde que me mudé"): from then on, a habit or a state is
another."""
_NEW_THING = lazy_regex(r"new|newer|brand\s+new|nuev[oa]s?")
"""The cue words of ``_CHANGE`` that qualify a thing rather than tell a change."""
_ARROW = lazy_regex(r"[\w.%]\s*(?:->|→|=>)\s*[\w.]")
"""A value's change written as an arrow: "max attempts 5 -> 4", "confluent-kafka 2.4 → 2.6"."""


def tells_a_change(text: str) -> bool:
    """The text announces that something ended, began or was replaced."""
    folded = fold(text)
    return _CHANGE.search(folded) is not None or _SINCE.search(folded) is not None \
        or _ARROW.search(text) is not None


def tells_own_change(text: str) -> bool:
    """The text announces a change of its speaker's own, not of someone else it names before
    the change ("My colleague switched to VS Code", "Mi hermano ahora desayuna tostadas con
    aguacate", "She quit smoking"), nor advice the assistant gives ("A new manager can be a
    fresh start", ``told_sentences``): only the speaker's change tells how the speaker's habit
    or state stands now. A new thing named ("asked me to train the new starter") is no
    change of the speaker's own."""
    if _ARROW.search(text):
        return True
    for sentence in told_sentences(text):
        folded = fold(sentence)
        for m in (*_CHANGE.finditer(folded), *_SINCE.finditer(folded)):
            if not _NEW_THING.fullmatch(m.group(0)) \
                    and not someone_else_first(folded[:m.start()]):
                return True
    return False


_STOPPED = lazy_regex(
    r"\b(?:quit|quitting|stopped|stopping|gave\s+up|given\s+up|giving\s+up|no\s+longer|"
    r"dej(?:e|o|amos|aron|ado)(?:\s+de)?|ya\s+no)\s+([^\W\d_]+)(?:\s+([^\W\d_]+))?")
"""A doing or a thing that ended, told in the two words after the cue: "I quit smoking",
"stopped drinking coffee", "given up coffee", "dejé de fumar", "dejé el café", "ya no
fumo"."""


def stops_doing(text: str, doings: frozenset[str], things: frozenset[str] = frozenset()
                ) -> bool:
    """The text tells that one of ``doings`` (the index terms of the verb a question asks,
    ``query.doings_asked``: "smok", "fuma") or of ``things`` (index terms: "coffe") ended:
    "I quit smoking" for "smok", "I've given up coffee" for "coffe", "dejé de fumar" for
    "fuma" (a Spanish verb is not stemmed to its infinitive: its regular forms are read from
    the question's form, ``conjugation.forms``). Pure text."""
    if not doings and not things:
        return False
    forms_of = {form for doing in doings for root in {doing, doing[:-1]}
                for ending in ("ar", "er", "ir") for form in forms(root + ending)}
    for m in _STOPPED.finditer(fold(text)):
        for word in filter(None, m.groups()):
            if stem(word) in doings or stem(word) in things or word in forms_of:
                return True
    return False


_WORD = lazy_regex(r"[^\W\d_][\w'’-]*")
_SENTENCE_START = lazy_regex(r"(?:^|[.!?:;]\s+|\n)\W*$")


_PLACE_HEADS = frozenset(
    """street st road rd avenue ave lane square park hospital clinic university college school
    station airport bridge river lake beach hill mount centre center office club bar cafe
    restaurant church market gardens way close drive
    calle avenida plaza paseo parque clinica universidad colegio escuela estacion aeropuerto
    puente rio lago playa barrio mercado iglesia""".split())
"""The kind of place a name is the name of ("Prussia Street", "Temple Street", "Calle Colón"):
shared by different places, so it ties no two memories into one story."""


def named_terms(text: str) -> frozenset[str]:
    """The terms of the words ``text`` writes with a capital inside a sentence: names
    ("German", "Obsidian", "PureGym", "Lucía"), as the index holds them; in a name of several
    words, not the kind of place it names (``_PLACE_HEADS``)."""
    found: set[str] = set()
    words = list(_WORD.finditer(text))
    for i, m in enumerate(words):
        word = m.group(0)
        if not word[:1].isupper() or _SENTENCE_START.search(text[max(0, m.start() - 4):m.start()]):
            continue
        if fold(word) in _PLACE_HEADS and any(
                words[j].group(0)[:1].isupper()
                and not text[min(m.end(), words[j].end()):max(m.start(), words[j].start())].strip()
                for j in (i - 1, i + 1) if 0 <= j < len(words)):
            continue  # "Street" of "Prussia Street"
        found.update(stem(term) for term in text_terms(word))
    return frozenset(found)


def capitalised_terms(text: str) -> frozenset[str]:
    """The terms of every word ``text`` writes with a capital, a sentence's first word too:
    a name the best match holds ties a later memory into its story only when that memory
    writes it as a name ("Jenkins is gone" does; "El correo transaccional sale por Brevo"
    shares only the stem of "Correos Express", a carrier, with a lower-case "correo")."""
    return frozenset(stem(term) for m in _WORD.finditer(text) if m.group(0)[:1].isupper()
                     for term in text_terms(m.group(0)))
