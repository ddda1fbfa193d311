"""Who fills a role in the user's life when it changes hands: "I've started with a new teacher,
Tomasz", "he empezado con una fisio nueva, Lucía".

"My teacher is Ilse" is already a setting (``patterns._PLAIN_SETTING``: subject "teacher",
attribute "value"); a change of teacher is told in other words, the new person's name after
the role, and without a fact the memory of the old teacher kept answering "Who teaches me?".
The fact uses the setting's key, so the new name follows the old one on one timeline. The name
must be written as a name (capitalised words); the speaker must be the one starting ("I",
"we", a Spanish first-person verb, or nothing at a clause's start). Pure functions; no I/O.
"""

from __future__ import annotations

from actors.facts.values import CLAUSE_START, Folded
from actors.lazy_re import lazy_regex

_ROLES = {
    "teacher": "teacher", "tutor": "tutor", "coach": "coach", "trainer": "trainer",
    "therapist": "therapist", "physio": "physio", "physiotherapist": "physio",
    "dentist": "dentist", "doctor": "doctor", "gp": "doctor", "psychologist": "psychologist",
    "profesor": "profesor", "profesora": "profesora", "entrenador": "entrenador",
    "entrenadora": "entrenadora", "fisio": "fisio", "fisioterapeuta": "fisio",
    "dentista": "dentista", "medico": "medico", "medica": "medica", "psicologo": "psicologo",
    "psicologa": "psicologa", "terapeuta": "terapeuta",
}
"""Role nouns and the setting name their fact is filed under."""
ROLE_NOUNS = frozenset(_ROLES)
"""The people the user has by their role, as this module reads them."""
_ROLE = r"(?P<r>" + "|".join(sorted(_ROLES, key=len, reverse=True)) + r")"
_STARTED = (
    rf"(?:\b(?:i|we)(?:'ve|\s+have|'m|\s+am)?\s+(?:just\s+)?|{CLAUSE_START})"
    r"(?:started|starting|begun|began|switched|moved|changed)\s+(?:with|to)\s+(?:a|an|my|our)\s+"
    r"new\s+(?:[\w-]+\s+)?" + _ROLE + r"\s*(?:,|:|\s[-–—])?\s*(?:called\s+|named\s+)?"
)
_STARTED_ES = (
    r"\b(?:(?:he|hemos)\s+(?:empezado|cambiado)|empece|empezamos|cambie)\s+(?:con|a|de)\s+"
    r"(?:un|una|mi)\s+(?:nuev[oa]\s+)?" + _ROLE
    + r"(?:\s+nuev[oa])?\s*(?:,|:)?\s*(?:que\s+se\s+llama\s+|llamad[oa]\s+)?"
)
_PATTERNS = (lazy_regex(_STARTED), lazy_regex(_STARTED_ES))
_NAME = lazy_regex(r"(?:(?:Dr|Dra|Mr|Mrs|Ms|Prof)\.?\s+)?"
                   r"[A-ZÁÉÍÓÚÑ][\w'’-]+(?:\s+(?:de\s+|van\s+|von\s+)?[A-ZÁÉÍÓÚÑ][\w'’-]+){0,2}")
"""A person's name as written, with its title ("Dr. Lee", "Tomasz Nowak")."""

Found = tuple[int, str, str, str]


def new_person_facts(span: Folded) -> list[Found]:
    """(match start, role setting, "value", the name) for each role the speaker says a new
    person now fills ("started with a new cello teacher, Tomasz Nowak")."""
    out: list[Found] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(span.folded):
            name = _NAME.match(span.text[len(span.original(0, m.end())):])
            if name is not None:
                out.append((m.start(), _ROLES[m.group("r")], "value", name.group(0)))
    return out
