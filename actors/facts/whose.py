"""Whose fact a first-person rule read: the user's, a relative's or friend's, or no one's.

Many rules read a fact without its subject, at a clause's start ("Got a job as a nurse at
Mercy General", "Accepted a job as senior analyst at Maré"), and some read past it ("got a job
as ... at", "switched from the Pixel to an iPhone 15"). Where the clause opens with someone
else ("my brother got a job as a nurse at Mercy General", "Sam got a job as a nurse at ...",
"she switched from the Pixel to an iPhone"), the fact was filed as the user's: a brother's
hospital shown as the user's employer, with the user's own job marked OUTDATED.

``whose`` reads the clause's opening subject:

- I / we (or "my brother and I", "mi hermano y yo") open it, or a first-person word is said
  in it before the fact ("my boss told me I got the job at Initech", "Mi jefe me ascendió"),
  or nothing does ("Yesterday got a job as ...") -> the user, as before;
- a relative named by the user's possessive ("my brother", "my older sister", "mi hermano")
  -> that relative (the subject "brother", as "Where does my brother work?" asks it), unless
  a name follows it ("my friend Jess" -> "Jess"); a friend, a colleague, a cousin unnamed are
  many people, so no one;
- a capitalised name that is no common word ("Sam got a job as ...") -> that name;
- he, she, they, él, ella -> no one (whom they stand for was said elsewhere).

Pure functions; no I/O. Never a value, only a subject.
"""

from __future__ import annotations

import re

from actors.facts.common_words import is_common_word
from actors.facts.keys import normalise_topic
from actors.facts.values import Folded
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS, fold

USER = "user"

ONE_OF_THEM = {
    "brother": "brother", "sister": "sister", "mom": "mom", "mum": "mom", "mother": "mother",
    "dad": "dad", "father": "father", "wife": "wife", "husband": "husband",
    "partner": "partner", "boyfriend": "boyfriend", "girlfriend": "girlfriend",
    "fiance": "fiance", "fiancee": "fiancee", "son": "son", "daughter": "daughter",
    "boss": "boss", "roommate": "roommate", "flatmate": "flatmate", "housemate": "housemate",
    "grandma": "grandma", "grandmother": "grandmother", "grandpa": "grandpa",
    "grandfather": "grandfather", "parents": "parents", "stepmom": "stepmom",
    "stepdad": "stepdad",
    "hermano": "hermano", "hermana": "hermana", "madre": "madre", "mama": "madre",
    "padre": "padre", "papa": "padre", "mujer": "mujer", "marido": "marido",
    "esposo": "esposo", "esposa": "esposa", "novio": "novio", "novia": "novia",
    "pareja": "pareja", "hijo": "hijo", "hija": "hija", "jefe": "jefe", "jefa": "jefa",
    "abuela": "abuela", "abuelo": "abuelo", "padres": "padres", "suegra": "suegra",
    "suegro": "suegro", "cunado": "cunado", "cunada": "cunada",
}
"""Relatives the user has one of, as a rule (the subject their facts are filed under)."""
MANY_OF_THEM = frozenset(
    "friend friends colleague coworker co-worker neighbour neighbor cousin uncle aunt niece "
    "nephew kid kids child children student students client clients teammate classmate "
    "amigo amiga amigos amigas companero companera vecino vecina primo prima tio tia sobrino "
    "sobrina alumno alumna cliente clienta".split())
"""People the user has many of: their facts need the person's name."""
KIN_WORDS = frozenset(ONE_OF_THEM) | MANY_OF_THEM | frozenset(
    "mam mummy mommy daddy gran granny nan nana grandad auntie family folks mami papi".split())
"""Every word for a relative, friend or colleague, folded: "I'm with Mum now" names no
partner and no employer."""
_KIN = "|".join(sorted(set(ONE_OF_THEM) | MANY_OF_THEM, key=len, reverse=True))
_KIN_WORDS = (r"(?:(?:best|older|younger|big|little|baby|twin|new|old|oldest|youngest|"
              r"mayor|menor|pequen[oa]|nuev[oa]|mejor)\s+)*")
_OTHER = lazy_regex(
    rf"(?:my|our|mi|nuestr[oa])\s+{_KIN_WORDS}(?P<kin>{_KIN})(?![\w-])(?P<own>['’]s?)?")
"""A relative or friend by the user's possessive: "my brother", "my best friend", "mi
hermana mayor"; ``own``: "my brother's" (his new job, his car)."""
_PRONOUN = lazy_regex(
    r"(?:he|she|they|his|her|their|ella|ellos|ellas|su|sus)(?:['’](?:s|ve|re|d|ll))?\b")
_SPANISH_HE = lazy_regex(r"he\s+(?:\w+(?:ado|ido)|hecho|dicho|vuelto|puesto|visto|escrito|"
                         r"abierto|roto|muerto|resuelto|descubierto|cubierto)\b")
"""Spanish "he" + a participle is "I have" ("He empezado como enfermera en ...", "He
adoptado un gato"), not English "he": its facts are the speaker's."""
_JOINT = lazy_regex(r"\s*(?:and|y|e)\s+(?:i|me|yo|myself)\b")
"""The relative and the speaker together ("my brother and I moved"): the user's too."""
_FIRST_PERSON = lazy_regex(r"\b(?:i|i'm|i've|i'd|i'll|me|we|we're|we've|us|yo|nos|nosotros|"
                           r"nosotras|conmigo)\b")
_OPENERS = frozenset(
    "so and but well oh ok okay yes yeah yep no nope also actually anyway apparently guess what "
    "then now today yesterday tonight finally recently just pues bueno vale y pero hoy ayer "
    "ahora oye mira por cierto".split())
"""Words a clause may open with before its subject ("So my brother got ...")."""
_CLAUSE_END = lazy_regex(r"[,;:!?()]|\.\s|\s[-–—]\s")
_PAST_MARKS = lazy_regex(r"[\W_]*")
"""What a match may open with before its words (a clause-starting rule's ": ")."""
_WORD = lazy_regex(r"[\w'’-]+")
_NAME = lazy_regex(r"[A-ZÁÉÍÓÚÑ][\w'’-]*")


def whose(span: Folded, at: int) -> str | None:
    """The subject of the fact read at ``at`` (folded offset) of ``span``: ``USER``,
    another person's subject ("brother", "Jess"), or None (someone unnamed: no fact)."""
    folded = span.folded
    start = clause_start(folded, at)
    at += len(_PAST_MARKS.match(folded, at).group(0))  # type: ignore[union-attr]
    end = _CLAUSE_END.search(folded, at)
    clause = folded[start:end.start() if end is not None else len(folded)]
    lead = folded[start:at]
    if re.match(r"(?:i|we)\b", folded[at:]) or _FIRST_PERSON.search(clause):
        # "my boss told me I got the job at Initech", "Glovo hired me as ...": the user's
        return USER
    words = list(_WORD.finditer(lead))
    index = 0
    while index < len(words) and words[index].group(0) in _OPENERS:
        index += 1
    if index == len(words):
        return USER  # "Yesterday got a job as ...": no one else opens it
    opening = words[index].start() + start
    other = _OTHER.match(folded, opening)
    if other is not None:
        if _JOINT.match(folded, other.end()):
            return USER
        after = span.original(other.end(), len(folded))
        name = _NAME.match(after.lstrip())
        if name is not None and after[:1].isspace() and _a_name(name.group(0)):
            return re.split(r"['’]", name.group(0))[0]  # "my friend Jess" is Jess
        kin = other.group("kin")
        return ONE_OF_THEM.get(kin)  # a friend unnamed is no one
    if _PRONOUN.match(folded, opening) and not _SPANISH_HE.match(folded, opening):
        return None
    first = span.original(opening, opening + len(words[index].group(0)))
    right_before = index == len(words) - 1  # "Sam got ...": the fact's verb is next
    verb_next = index == len(words) - 2  # "Jess got a job as [nurse]": read past its verb
    if ((verb_next and _a_name(first)) or (right_before and _capitalised(first))) \
            and not _JOINT.match(folded, opening + len(words[index].group(0))):
        # "Sam got a job as ...", "Sam's new job is ...": a name, or a capitalised word
        # right before the fact's verb ("Sam" is a word of the dictionary too)
        return re.split(r"['’]", first)[0]
    return USER


def clause_start(folded: str, at: int) -> int:
    """Where the clause holding ``at`` starts: past the last comma, colon, semicolon, dash or
    full stop before it. A clause has one owner: the first fact read in it decides."""
    at += len(_PAST_MARKS.match(folded, at).group(0))  # type: ignore[union-attr]
    start = 0
    for m in _CLAUSE_END.finditer(folded, 0, at):
        start = m.end()
    return start


_ADVERB = lazy_regex(r"\w{5,}ly|\w+mente")
"""A sentence-opening adverb, no name ("Honestly", "Luckily", "Finalmente"; "Emily" and
"Kelly" are too short to be taken for one)."""


def _capitalised(word: str) -> bool:
    bare = re.split(r"['’]", word)[0]
    return len(bare) > 1 and bare[:1].isupper() and fold(bare) not in STOPWORDS \
        and fold(bare) not in _OPENERS and not _ADVERB.fullmatch(fold(bare))


def _a_name(word: str) -> bool:
    """A capitalised word that is no common word of the language ("Jess", "Mei"; not
    "Finally", "Después")."""
    return _capitalised(word) and not is_common_word(re.split(r"['’]", word)[0])


_OWN = r"\b(?:my|our|mi|mis|nuestr[oa]s?)\s+(?:(?:new|current|old|nuev[oa]s?|actual(?:es)?)\s+)?"
"""The speaker's possessive before a thing, and a word that says which of its values."""


def said_as_own(folded: str, thing: str) -> bool:
    """Whether a sentence (folded) names ``thing``, a fact's subject that is no person ("mortgage
    rate", "take home", "hipoteca"), by its speaker's possessive: "my mortgage rate is now
    3.3%", "nuestra hipoteca", "my take-home". A named speaker's such fact is that speaker's
    (``patterns.extract_facts``): filed under the thing alone, two friends' rates in one chat
    were one timeline, and one's new rate marked the other's OUTDATED."""
    words = re.findall(r"[^\W_]+", normalise_topic(thing))
    return bool(words) and re.search(
        _OWN + r"[\W_]+".join(map(re.escape, words)) + r"\b", folded) is not None
