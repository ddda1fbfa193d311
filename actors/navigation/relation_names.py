"""Who "my girlfriend" is in this store: the names a question's relation word stands for.

A question says "What does my girlfriend do for a living?"; the memory that answers says "I've
been seeing someone new, Mei. She's a nurse at St James's". The two share no word, and the
model does not place "girlfriend" near "Mei". The store knows the link twice over: the
timeline holds the user's partner ('Mei'), and memories name people beside their relation
("my sister Laura", "mi hermana Laura", "Toffee, my dog"). Navigation searches the question
once more with the relation read as those names (``Readings.named``).

Pure functions; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from actors.lazy_re import lazy_regex
from actors.navigation.bilingual import other_reading
from actors.navigation.query import kin
from actors.text import fold

PARTNER_WORDS = frozenset(
    "partner spouse pareja wife esposa mujer husband esposo marido girlfriend novia boyfriend "
    "novio fiance prometido fiancee prometida".split())
"""Relation words the timeline's (user, partner) answers."""
EX_WORDS = frozenset("ex ex-boyfriend ex-girlfriend ex-partner ex-wife ex-husband exnovio "
                     "exnovia expareja exmarido exmujer".split())
"""Words for someone who was the user's partner: the timeline's earlier partners."""
PERSON_WORDS = frozenset((
    *"sister brother sibling mother mum mom mam mama father dad papa parents son daughter kid "
     "child baby niece nephew cousin aunt uncle grandmother grandma granny grandfather grandpa "
     "boss manager supervisor teacher tutor coach trainer therapist physio dentist doctor "
     "hermana hermano madre padre hijo hija sobrina sobrino prima primo tia tio abuela abuelo "
     "jefe jefa profesor profesora entrenador entrenadora fisio dog cat puppy kitten pet perro "
     "perra gato gata mascota".split(), *PARTNER_WORDS))
"""Relation words a memory may name someone (or a pet) beside: "my sister Laura"."""

_NAME = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü'’-]+"
_MINE = r"(?:[Mm]y|[Oo]ur|[Mm]is?|[Nn]uestr[oa]s?)"
_QUALIFIER = (r"(?:(?:new|little|big|older|younger|baby|twin|eldest|oldest|youngest|"
              r"nuev[oa]|pequeñ[oa]|mayor|menor)\s+)?")
_BEFORE_NAME = lazy_regex(rf"\b{_MINE}\s+{_QUALIFIER}([\w-]+)\s*,?\s+({_NAME})")
""""my sister Laura", "my little brother, Tom", "mi hermana Laura"."""
_AFTER_NAME = lazy_regex(rf"\b({_NAME}),\s+{_MINE}\s+{_QUALIFIER}([\w-]+)\b")
""""Laura, my sister"."""
NOT_NAMES = frozenset(
    "I I'm I've I'd I'll The A An And But So Then Also She He We They It This That There "
    "Yesterday Today Tomorrow Last Next Just Anyway Yo Pero Y Ella El Nosotros Hoy Ayer "
    "Mañana Ya Bueno".split())
"""Capitalised words after a relation that start a clause, not a name ("my sister. She")."""
_NAME_VALUE = lazy_regex(rf"{_NAME}(?:\s+(?:de\s+|van\s+|von\s+)?{_NAME}){{0,2}}")


def forms_of(word: str) -> frozenset[str]:
    """The words that name what ``word`` names (folded): itself, its kind's other words and
    the words for any kind ("girlfriend": "novia", "partner"...), never another kind's
    ("sister" is no name of a brother)."""
    key = fold(word).lower()
    return frozenset({key, *kin(key)})


def is_name(value: str) -> bool:
    """A timeline value that names a person or pet ("Mei", "Ana Ruiz"), not a state ("none
    (broke up with Sam)") or a description."""
    return _NAME_VALUE.fullmatch(value.strip()) is not None \
        and value.split()[0] not in NOT_NAMES


def named_beside(text: str, forms: frozenset[str]) -> list[str]:
    """The names ``text`` gives beside one of ``forms`` said as the speaker's own ("my
    sister Laura", "Toffee, my dog"), in order."""
    found: list[str] = []
    for m in _BEFORE_NAME.finditer(text):
        if fold(m.group(1)).lower() in forms and m.group(2) not in NOT_NAMES:
            found.append(m.group(2))
    for m in _AFTER_NAME.finditer(text):
        if fold(m.group(2)).lower() in forms and m.group(1) not in NOT_NAMES:
            found.append(m.group(1))
    return found


_THEIRS = r"(?:[Hh]er|[Hh]is|[Tt]heir|[Ss]us?)"
_THEIR_RELATIVE = lazy_regex(rf"\b{_THEIRS}\s+{_QUALIFIER}([\w-]+)\s*,?\s+({_NAME})")
""""her son Mateo", "su hermano Luis": a relative's relative, named."""


def _mine_said(folded: str, mine: frozenset[str]) -> re.Match[str] | None:
    """Where a folded text says a word of ``mine`` as the speaker's ("my sister", "mi
    hermana mayor")."""
    return re.search(r"\b(?:my|our|mis?|nuestr[oa]s?)\s+(?:\w+\s+)?(?:"
                     + "|".join(sorted(mine)) + r")\b", folded)


def tells_through(text: str, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether ``text`` tells of a relative of the speaker's relative: a word of ``mine``
    said as the speaker's ("my sister"), a word of ``theirs`` after it ("... with her son")."""
    folded = fold(text).lower()
    said = _mine_said(folded, mine)
    return said is not None and re.search(
        r"\b(?:" + "|".join(sorted(theirs)) + r")\b", folded[said.end():]) is not None


def named_through(text: str, mine: frozenset[str], theirs: frozenset[str]) -> list[str]:
    """The names ``text`` gives a relative of the speaker's relative ("My sister Carolina
    lives in Monterrey with her son Mateo" -> "Mateo", for a nephew): a word of ``mine`` said
    as the speaker's ("my sister"), then a word of ``theirs`` after her/his/their/su, with a
    name beside it."""
    if _mine_said(fold(text).lower(), mine) is None:
        return []
    return [m.group(2) for m in _THEIR_RELATIVE.finditer(text)
            if fold(m.group(1)).lower() in theirs and m.group(2) not in NOT_NAMES]


def most_named(texts: Iterable[str], forms: frozenset[str], limit: int) -> list[str]:
    """The names ``texts`` give beside ``forms`` most often (ties: first met), at most
    ``limit``: two sisters are two names; a name said once in passing counts as much."""
    counts: dict[str, int] = {}
    for text in texts:
        for name in named_beside(text, forms):
            counts[name] = counts.get(name, 0) + 1
    return sorted(counts, key=lambda name: -counts[name])[:limit]


def any_name_of(word: str) -> set[str]:
    """``word``, the other names of the relation it names (``kin``) and its readings in the
    other language: every word a memory may name it by ("abuela", "grandma", "nana" ...)."""
    words = {word, *kin(word)}
    for reading in other_reading(word) or ():
        words.update(reading[1])
    return words
