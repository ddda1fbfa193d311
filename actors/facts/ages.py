"""How old the speaker is, told as a number: "¡Hoy cumplo 31!", "I turn 31 today", "I just
turned 40", "I'm 31 now", "I'm 34 years old", "tengo 34 años".

An age told is the attribute ``age``, its value the number ('31'), from the day it is said:
the latest telling answers "How old am I?" / "¿Cuántos años tengo?" (``questions``), the
birthday before it outdated. Only the speaker's own age (I, or a Spanish first-person verb;
``patterns`` then checks whose clause it is), and only where the number can be nothing else:

- a birthday: "turned N", "turn N today", "turning N today", "cumplí N", "hoy cumplo N" /
  "cumplo N hoy", "acabo de cumplir N" (a birthday ahead, "I turn 40 next week", "mañana
  cumplo 31", is no age yet);
- "I'm N years old", "I'm N now" / "I'm N today", "tengo N años" (not "años de
  experiencia", "años en Madrid": what follows the years is read), or "I'm N!" closing the
  sentence with no unit after it ("I'm 31!"; not "I'm 5 minutes away", "I'm 100% sure").

From 5 to 110: a smaller number after "turned" is a count as often ("the app turned 3"). Pure
functions; no I/O.
"""

from __future__ import annotations

from actors.facts.values import Folded
from actors.lazy_re import lazy_regex

Found = tuple[int, str, str, str]

_N = r"(?P<n>\d{1,3})"
_AGE_PATTERNS = (
    lazy_regex(rf"\bi(?:'ve|\s+have)?\s+(?:just\s+|finally\s+|officially\s+)?turned\s+{_N}"
               r"(?![\d%.,]\d|\s*(?:%|percent|k\b|years?\s+(?:of|at|in|since)))"),
    lazy_regex(rf"\bi\s+(?:turn|am\s+turning|'m\s+turning)\s+{_N}\s+(?:today|tonight)\b"),
    lazy_regex(rf"\btoday\s+i\s+(?:turn|am\s+turning|'m\s+turning)\s+{_N}\b(?![\d%.,]\d)"),
    lazy_regex(rf"\b(?:i'm|i\s+am)\s+(?:now\s+|officially\s+|finally\s+)?{_N}\s+"
               r"(?:years?\s+old|yrs?\s+old|(?:now|today)\b(?!\s+(?:min|hour|day|week|month|"
               r"year|percent)))"),
    lazy_regex(rf"\b(?:i'm|i\s+am)\s+(?:now\s+|officially\s+|finally\s+)?{_N}\s*(?=[!]|\.\s|"
               r"\.?$)"),
    lazy_regex(rf"\b(?:cumpli|he\s+cumplido|acabo\s+de\s+cumplir)\s+{_N}\b(?![\d%.,]\d)"),
    lazy_regex(rf"\bhoy\s+(?:ya\s+)?cumplo\s+{_N}\b(?![\d%.,]\d)"),
    lazy_regex(rf"\bcumplo\s+{_N}(?:\s+anos)?\s+hoy\b"),
    lazy_regex(rf"\b(?:ya\s+)?tengo\s+{_N}\s+anos(?!\s+(?:de|en|con|trabajando|viviendo|"
               r"sin|como|que|mas|menos)\b)"),
)
_YOUNGEST, _OLDEST = 5, 110
_BACK_THEN = lazy_regex(r"\b(?:when|after|since|before|until|till|once|by\s+the\s+time|the\s+day|"
                        r"the\s+year|cuando|desde\s+que|antes\s+de\s+que|hasta\s+que|"
                        r"el\s+dia\s+que|el\s+ano\s+que)\s+$")
"""A birthday that dates something else ("when I turned 18 I left home"): an age then."""
_LONG_AGO = lazy_regex(r"[^.;!?]{0,30}?\b(?:ago|last\s+year|in\s+(?:19|20)\d\d|back\s+in|"
                       r"at\s+the\s+time|that\s+year|hace\s+\w+\s+anos?|el\s+ano\s+pasado|"
                       r"en\s+(?:19|20)\d\d)\b")
"""A birthday long past ("I turned 30 back in 2019", "cumplí 30 hace dos años")."""


def age_facts(span: Folded) -> list[Found]:
    """(start, "user", "age", the number) for each age the sentence says the speaker is."""
    out: list[Found] = []
    for pattern in _AGE_PATTERNS:
        for m in pattern.finditer(span.folded):
            if _BACK_THEN.search(span.folded, 0, m.start()) or \
                    _LONG_AGO.match(span.folded, m.end()):
                continue
            if _YOUNGEST <= int(m.group("n")) <= _OLDEST:
                out.append((m.start(), "user", "age", m.group("n")))
    return out
