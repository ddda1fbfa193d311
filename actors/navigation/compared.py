"""The two things a question compares or adds up: "Which came first: the flat inspection or
the acceptance of our offer?", "How many weeks were there between the Bol interview and my first
day there?", "¿Qué fue antes, la boda o el viaje a Lisboa?", "Adding up the movers and the
final kitchen invoice, how much did we spend?", "What did the EV plus home charger cost?",
"Compare my race time with my best training run", "How much faster was my best training run
than the race?", "Did I adopt the tortoise before the cat?", "How many days after adopting
Bruno did I leave for Oaxaca?", "¿Cuántas semanas antes de la carrera me apunté?", "Which
trip came first, Oaxaca or Lisbon?".

Such a question is answered by two memories, often saved months apart, and one search ranks
the memory holding most of its words first and the other anywhere: the reply showed one of the
two for most of them (an outside client's chat, saved one turn per memory: 8 of 11 such
questions showed only one). The navigation actor searches each thing on its own as well and
serves the best memory of each beside the question's own best. Pure text.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex

_BETWEEN = lazy_regex(r"\b(?:between|entre)\s+(?P<a>.+?)\s+(?:and|y|e)\s+(?P<b>.+?)\s*[?.!¿¡]*$",
                      re.IGNORECASE)
_SUMMED = lazy_regex(
    r"\b(?:adding\s+up|add\s+up|counting|combining|the\s+sum\s+of|the\s+total\s+of|sumando|"
    r"contando|juntando)\s+(?P<a>.+?)\s+(?:and|y|e)\s+(?P<b>.+?)\s*(?:,|[?.!]*$)", re.IGNORECASE)
_COMPARE = lazy_regex(
    r"\b(?:compare|comparing|compara|comparar|comparando)\s+(?P<a>.+?)\s+"
    r"(?:with|to|against|and|con|y|e)\s+(?P<b>.+?)\s*[?.!]*$", re.IGNORECASE)
_THAN = lazy_regex(
    r"^\W*(?:how|cu[aá]nt[oa]s?)\b.*?\b(?:was|were|is|are|fue|era)\s+(?P<a>.+?)\s+"
    r"(?:than|que)\s+(?P<b>.+?)\s*[?.!]*$", re.IGNORECASE)
_BEFORE = lazy_regex(
    r"^(?!.*\b(?:before|after)\s+or\b)\W*(?:did|does|do|was|were|had|has|have|is)\s+"
    r"(?P<a>.+?)\s+(?:before|after)\s+(?P<b>.+?)\s*[?.!]*$", re.IGNORECASE)
_AFTER = lazy_regex(
    r"^\W*how\s+(?:long|many\s+\w+|much\s+time)\s+(?:\w+\s+)?(?:after|before|since)\s+"
    r"(?P<a>.+)\s+(?:did|do|does|was|were|had|has|have|is|are)\s+(?P<b>.+?)\s*[?.!]*$",
    re.IGNORECASE)
"""How long after one event another came: the second is the clause after the last auxiliary
("How many days after my sister was born did I move?")."""
_IT = lazy_regex(r"\bit\b", re.IGNORECASE)
"""The first event named again in the second ("...did I sign up for it?", "...and running
it")."""
_DESPUES = lazy_regex(
    r"^\W*cu[aá]nt[oa]s?\s+(?:tiempo|d[ií]as|semanas|meses|a[nñ]os|horas|noches)\s+"
    r"(?:\w+\s+)?(?:despu[eé]s|antes)\s+del?\s+(?P<a>.+?)\s*,?\s+"
    r"(?P<b>(?:me|nos|se|te|le|les)\s+.+?|\w+(?:é|í|ó|aste|amos|aron|ieron|imos)\s.*?|"
    r"\w+(?:é|í|ó|aste|amos|aron|ieron|imos))\s*[?.!]*$", re.IGNORECASE)
"""The same in Spanish, which has no auxiliary to cut at: the second event opens with a
pronoun ("me fui a Oaxaca") or a verb in the preterite ("compré el Subaru")."""
_PLUS = lazy_regex(r"^(?P<a>.+?)\s+(?:plus|m[aá]s)\s+(?P<b>.+?)\s*[?.!]*$", re.IGNORECASE)
_ORDER = lazy_regex(
    r"\b(?:first|earlier|sooner|later|last|primero|primera|antes|despu[eé]s|luego|[uú]ltim[oa])"
    r"\b\s*[:,;-]?\s*(?P<rest>.+)$", re.IGNORECASE)
_EITHER = lazy_regex(r"\s+(?:or|o|u)\s+", re.IGNORECASE)
MIN_WORDS = 2
"""Words each of two things set against each other by "or" needs ("the wedding", "buying the
EV"): a one-word piece is a cut in the wrong place."""


def compared_things(question: str) -> tuple[str, str] | None:
    """The two things ``question`` compares in time or sets side by side, as it words them,
    or None."""
    text = " ".join(question.split())
    found = _BETWEEN.search(text) or _SUMMED.search(text) or _COMPARE.search(text) \
        or _THAN.search(text) or _AFTER.search(text) or _DESPUES.search(text) \
        or _PLUS.search(text)
    if found is not None:
        first, second = _clean(found.group("a")), _clean(found.group("b"))
        if found.re in (_AFTER.compiled(), _BETWEEN.compiled()):
            # "...before the race did I sign up for it?", "between signing up for the half
            # marathon and running it"
            second = _IT.sub(_object(first), second)
        return first, second
    before = _BEFORE.search(text)  # "Did I go to the gym before work?": one word is no thing
    if before is not None and all(len(before.group(part).split()) >= MIN_WORDS
                                  for part in "ab"):
        return _clean(before.group("a")), _clean(before.group("b"))
    order = _ORDER.search(text)
    if order is None:
        return None
    pieces = _EITHER.split(order.group("rest").rstrip(" ?.!"))
    if len(pieces) != 2:
        return None
    first = re.split(r"[,:;]", pieces[0])[-1]  # "the first thing I bought, the sofa"
    things = (_clean(first), _clean(pieces[1]))
    if any(len(thing.split()) < MIN_WORDS for thing in things) \
            and not all(map(_a_name, things)):
        return None  # but "Which trip came first, Oaxaca or Lisbon?"
    return things


_DETERMINER = lazy_regex(r"\b(?:the|a|an|my|our|his|her|their|el|la|los|las|mi|mis|un|una)\s",
                         re.IGNORECASE)


def _object(thing: str) -> str:
    """What "it" names again of ``thing``: its last noun phrase, from its last determiner
    ("signing up for the half marathon" -> "the half marathon"), else all of it."""
    starts = [found.start() for found in _DETERMINER.finditer(thing)]
    return thing[starts[-1]:] if starts else thing


def _a_name(thing: str) -> bool:
    """A piece that is a name ("Oaxaca", "Inês's wedding"): capitalised or numbered, so no
    cut in the wrong place."""
    return bool(thing) and (thing[0].isupper() or thing[0].isdigit())


def _clean(part: str) -> str:
    return part.strip(" ,;:?!.¿¡")
