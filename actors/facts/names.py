"""The user's own name, as they introduce themselves: "I'm Daniel, I work at Nubalia", "my name
is Ana Ruiz", "call me Dani", "me llamo Lucía".

Recorded as the fact (user, name): an agent asking about "Daniel's mother" asks about the
user's mother (``actors.navigation.the_user``). A name is one or two capitalised words right
after the introduction, ending the clause ("I'm" only before a comma); "I'm Spanish, so...",
"I'm OK,", "I'm Dr. Patel", "call me Monday" are no names (a nationality, a word in
capitals, a title, a day).
"""

from __future__ import annotations

from actors.facts.values import Folded
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS, fold

_INTRODUCED = lazy_regex(r"\b(?:my\s+name\s+is|my\s+name's|call\s+me|me\s+llamo|"
                         r"mi\s+nombre\s+es)\s+")
"""The words before a name, whatever ends it (matched on the folded sentence)."""
_SAID_I_AM = lazy_regex(r"\b(?:i'm|i\s+am|i’m)\s+")
"""...and "I'm", only before a name set off by a comma ("I'm Daniel, I work at…"): "I'm
Claude.", "I'm Sarah from support" or "I'm Thinking." name no user."""
_WORDS = r"(?P<n>[A-ZÁÉÍÓÚÑ][a-záéíóúñü'-]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü'-]+)?)"
"""One or two capitalised words (matched on the original text)..."""
_NAME = lazy_regex(_WORDS + r"(?=\s*(?:[,.;:!?()]|$|\s+(?:and|y)\b))")
"""...ending the clause..."""
_NAME_THEN_COMMA = lazy_regex(_WORDS + r"(?=\s*,)")
"""...or set off by a comma."""
NOT_NAMES = frozenset("""
    english spanish british american irish scottish welsh french german italian portuguese
    dutch belgian swiss austrian swedish norwegian danish finnish polish russian ukrainian greek
    turkish canadian mexican argentinian argentine chilean colombian peruvian venezuelan cuban
    brazilian chinese japanese korean indian pakistani australian catalan basque galician
    andalusian european latino latina catholic christian jewish muslim buddhist hindu atheist
    espanol espanola ingles inglesa frances francesa aleman alemana italiano italiana argentino
    argentina mexicano mexicana catalan catalana vasco vasca gallego gallega europeo europea
    ok okay fine back done home here sorry happy ready good great thinking senior junior team
    lead dr mr mrs ms miss sir madam prof doctor
    monday tuesday wednesday thursday friday saturday sunday today tomorrow tonight later
    lunes martes miercoles jueves viernes sabado domingo hoy manana
    january february march april may june july august september october november december
    enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
    """.split())
"""Capitalised words that follow an introduction and name no one (a nationality, a title, a
day or a month, a word said in capitals)."""


def name_facts(span: Folded) -> list[tuple[int, str, str, str]]:
    """(trigger start, "user", "name", the name) for each introduction in a sentence."""
    out: list[tuple[int, str, str, str]] = []
    for pattern, name_pattern in ((_INTRODUCED, _NAME), (_SAID_I_AM, _NAME_THEN_COMMA)):
        for m in pattern.finditer(span.folded):
            found = name_pattern.match(span.original(m.end(), len(span.folded)))
            if found is None:
                continue
            name = found.group("n")
            if any(fold(word) in NOT_NAMES or fold(word) in STOPWORDS for word in name.split()):
                continue
            out.append((m.start(), "user", "name", name))
    return out


_GREETING = (r"(?:(?:hi|hello|hey|hiya)(?:\s+(?:there|all|everyone|everybody|folks|guys|"
             r"team|y'all))?|(?:hola|buenas)(?:\s+(?:a\s+todos|a\s+todas|todos|todas|chicos|"
             r"chicas|gente|equipo))?|buenos\s+dias)")
_GREETED = lazy_regex(rf"(?:^|[:—–-]\s)\W*(?P<g>{_GREETING}\W+)?(?:i'm|i\s+am|i’m|soy)\s+")
"""A sentence (after a turn's label, if any) that is only "I'm <name>" / "soy <name>", after a
greeting in it or in the sentence before ("Hi! I'm Lucía.", "Hola, soy Lucía."): a person
saying who they are."""
_GREETING_ALONE = lazy_regex(rf"(?:^|[:—–-]\s)\W*{_GREETING}\W*$")
"""A greeting alone, after a turn's label if any ("2023-01-23 21:10 — user: Hi!")."""


def greeted_name(said: list[str], index: int) -> list[tuple[int, str, str, str]]:
    """(start, "user", "name", the name) for an introduction after a greeting: "Hi! I'm
    Lucía." ("I'm Lucía." alone is read by no rule: "I'm Claude." opens an agent's note as
    often), "Hola, soy Lucía, ...", "Hello there, I'm Owen."."""
    span = Folded(said[index])
    m = _GREETED.search(span.folded)
    if m is None:
        return []
    greeted = m.group("g") is not None \
        or (index > 0 and _GREETING_ALONE.search(fold(said[index - 1])) is not None)
    found = _NAME.match(span.original(m.end(), len(span.folded)))
    if not greeted or found is None:
        return []
    name = found.group("n")
    if any(fold(word) in NOT_NAMES or fold(word) in STOPWORDS for word in name.split()):
        return []
    return [(m.end(), "user", "name", name)]
