"""What the user does regularly, and when it stops: "I started yoga", "he dejado el yoga".

A chat tells a routine's start and end in passing ("He empezado yoga en un estudio de la calle
Fuencarral", months later "He dejado el yoga, con la tendinitis no me da la vida"), and "Do I
still go to yoga?" was answered with the start, never marked outdated. Each activity is its own
attribute, ``activity:<name>`` with the name in English whatever the language ("gimnasio" is
``activity:gym``), so yoga and the gym run side by side and only the activity named ends. Its
value is the activity as the sentence names it; an ending is "none (gave up yoga)" /
"ninguno (dejó el yoga)", the shape of every ending (``endings``).

Narrow on purpose: the activity is one of a closed list of sports and classes, and the verb is
one of starting, taking up, signing up for (or joining its studio, club or gym), doing it now
("Now I do bouldering", "hago yoga los martes"), changing one for another ("switched from yoga
to pilates"), giving up or quitting it, said by the speaker
("I", "we", a Spanish first-person verb, or nothing at a clause's start). "My sister quit
yoga", "yoga helps", "clases de yoga para tu espalda" state nothing. Pure functions; no I/O.
"""

from __future__ import annotations

from actors.dates import MONTHS, WEEKDAYS
from actors.facts.needles import Gate
from actors.facts.values import CLAUSE_START, Folded
from actors.lazy_re import lazy_regex
from actors.text import fold

ACTIVITY_NAMES = {
    "yoga": "yoga", "pilates": "pilates", "crossfit": "crossfit", "gym": "gym",
    "gimnasio": "gym", "gimnasia": "gym", "swimming": "swimming", "natacion": "swimming",
    "climbing": "climbing", "bouldering": "climbing", "escalada": "climbing",
    "running": "running", "boxing": "boxing", "boxeo": "boxing", "tennis": "tennis",
    "tenis": "tennis", "padel": "padel", "spinning": "spinning", "zumba": "zumba",
    "karate": "karate", "judo": "judo", "dance": "dance", "dancing": "dance", "baile": "dance",
    "salsa": "salsa", "rowing": "rowing", "remo": "rowing", "triathlon": "triathlon",
    "triatlon": "triathlon", "aquagym": "aquagym",
}
"""Activity words, in either language, and the English name of their attribute."""
_ACTIVITY = (r"(?:(?:el|la|los|las|mis|my|the|our)\s+)?(?:(?:clases?|classes?|lessons?)\s+"
             r"(?:de|of)\s+)?(?P<a>" + "|".join(sorted(ACTIVITY_NAMES, key=len, reverse=True))
             + r")(?:\s+(?:classes?|lessons?))?\b(?!\s+(?:mat|pants|teacher|studio)\b)")
_NAMED_ACTIVITY = r"(?P<a>" + "|".join(sorted(ACTIVITY_NAMES, key=len, reverse=True)) + r")"
"""The activity word alone, before the place it is done in ("a yoga studio")."""
_I = rf"(?:\b(?:i|we)(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|already\s+)?|{CLAUSE_START})"

_STARTS = (
    (False, _I + r"(?:started|began|begun|took\s+up|taken\s+up|signed\s+up\s+for|joined)\s+"
     r"(?:doing\s+|going\s+to\s+)?" + _ACTIVITY),
    # a place of the activity joined: "I joined a yoga studio, Om Turia", "signed up at a
    # climbing gym", "me he apuntado a un estudio de pilates" (not "a yoga mat", "the studio")
    (False, _I + r"(?:joined|signed\s+up\s+(?:at|with|for))\s+(?:a|an|the|my|our|a\s+new)\s+"
     rf"{_NAMED_ACTIVITY}\s+(?:studio|class|club|gym|school|centre|center|team)\b"),
    (True, r"\b(?:me\s+he\s+apuntado|me\s+apunte|nos\s+hemos\s+apuntado|nos\s+apuntamos)\s+"
     r"a\s+(?:un|una|el|la)\s+(?:estudio|club|centro|escuela|equipo)\s+de\s+"
     + _NAMED_ACTIVITY + r"\b"),
    # doing it now: "Now I do bouldering at The Depot", "we go to pilates on Mondays",
    # "ahora voy a escalada", "hago yoga los martes" (not "ya no hago yoga", "voy a hacer")
    (False, r"\b(?:i|we)\s+(?:now\s+|also\s+|still\s+)?(?:do|go\s+to|practi[cs]e)\s+" + _ACTIVITY),
    (True, r"(?<!\bno\s)\b(?:hago|hacemos|practico|practicamos|voy\s+a|vamos\s+a|voy\s+al|"
     r"vamos\s+al)\s+" + _ACTIVITY),
    (False, _I + r"(?:switched|moved|changed)\s+from\s+(?:[\w-]+\s+){1,3}?to\s+" + _ACTIVITY),
    (False, _I + r"(?:swapped|traded)\s+(?:[\w-]+\s+){1,3}?for\s+" + _ACTIVITY),
    (True, r"\b(?:cambie|cambiamos|(?:he|hemos)\s+cambiado)\s+(?:[\w-]+\s+){1,3}?por\s+"
     + _ACTIVITY),
    (True, r"\b(?:he|hemos)\s+empezado\s+(?:a\s+hacer\s+|con\s+|a\s+ir\s+a\s+)?" + _ACTIVITY),
    (True, r"\b(?:empece|empezamos)\s+(?:a\s+hacer\s+|con\s+|a\s+ir\s+a\s+)?" + _ACTIVITY),
    (True, r"\b(?:me\s+he\s+apuntado|me\s+apunte|nos\s+hemos\s+apuntado|nos\s+apuntamos)\s+"
     r"(?:a\s+|al\s+)" + _ACTIVITY),
)
_ENDS = (
    (False, _I + r"(?:gave\s+up|given\s+up|quit|stopped|dropped|cancelled|canceled)\s+"
     r"(?:doing\s+|going\s+to\s+)?" + _ACTIVITY),
    # the one named by a word before it: "I quit the spin gym in Leeds"
    (False, _I + r"(?:gave\s+up|given\s+up|quit|stopped\s+going\s+to|cancelled|canceled)\s+"
     r"(?:the|my|our)\s+[a-z][\w-]*\s+" + _NAMED_ACTIVITY + r"(?=\s*(?:$|[.,;:!?)])|\s+(?:in|at|"
     r"on|for|and|but|because|since|after|last|this|when|so)\b)"),
    (False, r"\b(?:i|we)\s+(?:no\s+longer|don't|do\s+not)\s+(?:do|go\s+to|practi[cs]e)\s+"
     + _ACTIVITY + r"(?!\s+(?:on|at|in)\b)"),
    # one activity changed for another: "I switched from yoga to pilates", "swapped spinning
    # for boxing", "cambié el yoga por el pilates", "he cambiado la natación: ahora voy a
    # escalada" (the new one is read by the starts)
    (False, _I + r"(?:switched|moved|changed)\s+from\s+" + _ACTIVITY + r"\s+to\s+"),
    (False, _I + r"(?:swapped|traded|replaced)\s+" + _ACTIVITY + r"\s+(?:for|with)\s+"),
    (True, r"\b(?:he|hemos)\s+cambiado\s+" + _ACTIVITY + r"\s*(?:por\b|:\s*ahora\b)"),
    (True, r"\b(?:cambie|cambiamos)\s+" + _ACTIVITY + r"\s*(?:por\b|:\s*ahora\b)"),
    (True, r"\b(?:he|hemos)\s+dejado\s+(?:de\s+(?:hacer|ir\s+a)\s+)?" + _ACTIVITY),
    (True, r"\b(?:deje|dejamos)\s+(?:de\s+(?:hacer|ir\s+a)\s+)?" + _ACTIVITY),
    (True, r"\bya\s+no\s+(?:hago|hacemos|voy\s+a|vamos\s+a)\s+" + _ACTIVITY),
    (True, r"\b" + _ACTIVITY + r"(?:\s+(?:de|del)\s+[\w-]+)?\s+(?:lo|la)\s+(?:he|hemos)\s+"
     r"(?:dejado|dado\s+de\s+baja)"),
    (True, r"\bme\s+(?:he\s+)?d(?:ado|i)\s+de\s+baja\s+(?:del?|en)\s+" + _ACTIVITY),
)
_COMPILED = tuple((ended, spanish, lazy_regex(p)) for ended, rules in ((False, _STARTS),
                                                                       (True, _ENDS))
                  for spanish, p in rules)
_GATE = Gate(_COMPILED, lambda rule: rule[2])
"""A sentence tries only the rules whose words it holds (``needles.Gate``)."""
_NAMED = lazy_regex(r"(?:\s+[A-ZÁÉÍÓÚÑ][\w&'-]*){1,3}")
"""A name right after the activity ("gimnasio Altafit", "CrossFit Reebok"): kept in the
value."""

_DAYS = frozenset(MONTHS) | frozenset(WEEKDAYS) | frozenset(
    f"{day}s" for day in WEEKDAYS if day.isascii())
"""Capitalised words after an activity that say when ("Mondays", "enero"), not its name."""

Found = tuple[int, str, str, str]


def activity_facts(span: Folded) -> list[Found]:
    """(match start, "user", "activity:<name>", value) for each activity the sentence says
    the speaker started or gave up."""
    out: list[Found] = []
    for ended, spanish, pattern in _GATE.open_for(span.folded):
        for m in pattern.finditer(span.folded):
            said = span.original(m.start("a"), m.end("a"))
            name = ACTIVITY_NAMES[m.group("a")]
            if ended:
                value = f"ninguno (dejó {said})" if spanish else f"none (gave up {said})"
            else:
                rest = span.text[len(span.original(0, m.end("a"))):]
                more = _NAMED.match(rest)
                if more is not None and set(fold(more.group(0)).split()) & _DAYS:
                    more = None  # "the gym Mondays and Fridays": when, not which
                value = said + (more.group(0) if more else "")
            out.append((m.start(), "user", f"activity:{name}", value))
    return out
