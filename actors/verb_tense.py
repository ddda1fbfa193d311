"""Whether a clause tells of a time gone by, English and Spanish, by its verbs.

A weekday said alone names the last such day or the next one, and only the verb beside it
tells which: "He had surgery on Monday" is the Monday before, "I start on Monday" the one to
come, "el martes terminé en la emergencia" the Tuesday before, "el martes empiezo" the next.
This module reads that one thing from a clause as written (accents kept: the preterite's
"terminé" and the subjunctive's "termine" differ only by one). It never resolves a date and
never reads more than the clause it is given. Pure functions; no I/O.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex

IRREGULAR_PAST = (r"went|got|bought|made|took|had|saw|met|ran|did|flew|left|came|began|found|"
                  r"sold|won|gave|wrote|built|became|brought|caught|chose|drove|ate|fell|felt|"
                  r"kept|lost|paid|rode|sent|spent|swam|taught|threw|told|wore")
"""Past forms of English verbs that do not end in "-ed"."""

_FUTURE = lazy_regex(
    r"\b(?:will|shall|won't|gonna|going\s+to|about\s+to|coming|upcoming|"
    r"(?:voy|vas|va|vamos|van)\s+a\s+\w+r(?:me|te|se|nos|lo|la)?)\b|'ll\b|"
    r"\b[a-záéíóúñ]{2,}(?:ré|rás|rá|remos|rán)\b", re.IGNORECASE)
"""A time to come said outright: "will", "'ll", "going to", "voy a empezar", the Spanish
future ("empezaré", "operarán")."""
_PAST = lazy_regex(
    r"\b(?:was|were|" + IRREGULAR_PAST + r")\b|"
    r"\b(?<!\bis\s)(?<!\bare\s)(?<!\bam\s)(?<!'m\s)(?<!'re\s)(?<!\bbe\s)(?<!\bbeen\s)"
    r"(?<!\bget\s)(?<!\bso\s)(?<!\bvery\s)[a-z]{2,}[^\We]ed\b|"
    r"\b(?!(?:qu|porqu|caf|beb|jos|pur|clich)é\b)[a-záíóúñ]{2,}[éó]\b|"
    r"\b[a-záéíóúñ]{2,}(?:aron|ieron|aste|iste|aba|abas|abamos|aban)\b|"
    r"\b(?:fui|fue|fuimos|fueron|hice|hizo|hicimos|tuve|tuvo|tuvimos|estuve|estuvo|"
    r"estuvimos|vi|vio|vimos|di|dio|pude|pudo|vine|vino|puse|puso|supe|dije|dijo|traje|"
    r"trajo|hubo|hab[ií]a|ten[ií]a|estaba)\b|"
    r"\b(?:he|ha|hemos|han|has)\s+[a-záéíóúñ]{2,}(?:ado|ido)\b", re.IGNORECASE)
"""A time gone by: "was", "had", "went", a verb in "-ed" (not "is booked", "I'm so
excited": a state now), the Spanish preterite ("terminé", "operó", "fueron", "tuve"), the
imperfect ("estaba", "tenía") and the perfect ("ha operado")."""


def tells_past(clause: str) -> bool:
    """Whether ``clause`` (as written) tells of a time gone by: a past verb and no future
    said outright. A clause in the present tells of one to come ("I start on Monday", "my
    last day is this Friday", "el martes tengo turno"): a weekday with a present verb is a
    plan."""
    return _FUTURE.search(clause) is None and _PAST.search(clause) is not None
