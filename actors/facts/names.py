"""The user's own name, as they introduce themselves: "I'm Daniel, I work at Nubalia", "my name
is Ana Ruiz", "call me Dani", "me llamo Lucía", "soy Marta, enfermera".

Recorded as the fact (user, name): an agent asking about "Daniel's mother" asks about the
user's mother (``actors.navigation.the_user``). A name is one or two capitalised words right
after the introduction, ending the clause; "I'm Spanish, so...", "I'm OK", "soy Enfermera" are
no names (a nationality, a word in capitals, a word of the stop lists).
"""

from __future__ import annotations

import re

from actors.facts.values import Folded
from actors.text import STOPWORDS, fold

_INTRODUCED = re.compile(r"\b(?:my\s+name\s+is|my\s+name's|call\s+me|i'm|i\s+am|i’m|"
                         r"me\s+llamo|mi\s+nombre\s+es|soy)\s+")
"""The words before a name (matched on the folded sentence)."""
_NAME = re.compile(r"(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü'-]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü'-]+)?)"
                   r"(?=\s*(?:[,.;:!?()]|$|\s+(?:and|y|from|de|here|aqui|aquí)\b))")
"""One or two capitalised words ending the clause (matched on the original text)."""
NOT_NAMES = frozenset("""
    english spanish british american irish scottish welsh french german italian portuguese
    dutch belgian swiss austrian swedish norwegian danish finnish polish russian ukrainian greek
    turkish canadian mexican argentinian argentine chilean colombian peruvian venezuelan cuban
    brazilian chinese japanese korean indian pakistani australian catalan basque galician
    andalusian european latino latina catholic christian jewish muslim buddhist hindu atheist
    espanol espanola ingles inglesa frances francesa aleman alemana italiano italiana argentino
    argentina mexicano mexicana catalan catalana vasco vasca gallego gallega europeo europea
    ok okay fine back done home here sorry happy ready good great
    """.split())
"""Capitalised words that follow "I'm" or "soy" and name no one."""


def name_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    """(trigger start, "user", "name", the name) for each introduction in a sentence."""
    out: list[tuple[int, str, str, str]] = []
    for m in _INTRODUCED.finditer(span.folded):
        found = _NAME.match(span.original(m.end(), len(span.folded)))
        if found is None:
            continue
        name = found.group("n")
        if any(fold(word) in NOT_NAMES or fold(word) in STOPWORDS for word in name.split()):
            continue
        out.append((m.start(), "user", "name", name))
    return out
