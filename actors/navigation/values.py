"""The values a text states, each in one written form: "2 hours 4 minutes", "2h04" and "2:04"
are all ``2:04``; a race's time to the second, "1:26:58" or "1 hour 26 minutes 58 seconds", is
``1:26:58``; "3.200", "3,200" and "3200" are ``3200``; "noon", "mediodía", "12 pm" and "12:00"
are ``12:00``; "two" and "dos" are ``2``; "the 14th" is ``14``.

A slip corrected in chat names the old value in its own writing ("fueron 1 hora 58 minutos, no
2:04"), rarely in the writing of the memory it corrects ("2 hours 4 minutes"): comparing the
words ties nothing, comparing these forms does (``replaced.replaced_memory``). ``VALUE`` is
the same writings as a pattern, for the sentence that corrects. Pure text; never a guess of
what the value counts (the caller asks for the thing or the context beside it).
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from actors.lazy_re import lazy_regex
from actors.text import fold
from actors.time_ranges import COUNT_WORDS

_HOURS = r"(?:hours?|hrs?|horas?|h)"
_MINUTES = r"(?:minutes?|mins?|minutos?|m)"
_SECONDS = r"(?:seconds?|secs?|segundos?|s)"
_MERIDIEM = r"[ap]\.?\s?m\.?(?!\w)"
_NOON = r"(?:noon|midday|mediod[ií]a)"
_MIDNIGHT = r"(?:midnight|medianoche)"
_NUMBER = r"\d+(?:[.,]\d+)*"
_COUNT = "|".join(sorted(COUNT_WORDS, key=len, reverse=True))

_READ = lazy_regex(
    rf"(?<![\w.,:])(?:"
    rf"(?P<th>\d{{1,2}}):(?P<tm>\d{{2}}):(?P<ts>\d{{2}})(?!\d|[.,]\d)|"
    rf"(?P<h>\d{{1,2}})\s*{_HOURS}\s*(?:and\s+|y\s+)?(?P<hm>\d{{1,2}})(?:\s*{_MINUTES}\b|(?!\d))"
    rf"(?:,?\s*(?:and\s+|y\s+)?(?P<hs>\d{{1,2}})\s*{_SECONDS}\b)?|"
    rf"(?P<m>\d{{1,3}})\s*{_MINUTES}\s*(?:and\s+|y\s+)?(?P<ms>\d{{1,2}})\s*{_SECONDS}\b|"
    rf"(?P<ch>\d{{1,2}})(?:[:.](?P<cm>\d{{2}}))?\s*(?P<mer>{_MERIDIEM})|"
    rf"(?P<c1>\d{{1,2}}):(?P<c2>\d{{2}})(?!\d|[.,]\d)|"
    rf"(?P<hours>\d{{1,2}})\s*(?:hours?|horas?)\b|"
    rf"(?P<n>{_NUMBER})(?:st|nd|rd|th|o|a)?(?!\w|[.,]\d)|"
    rf"(?P<noon>{_NOON})\b|(?P<midnight>{_MIDNIGHT})\b|"
    rf"\b(?P<count>{_COUNT})\b)", re.IGNORECASE)
"""One value as written, the longest writing first ("2 hours 4 minutes" before "2")."""
_DATE = lazy_regex(r"\b\d{4}-\d{2}(?:-\d{2})?(?:[ T]\d{2}:\d{2}(?::\d{2})?)?\b")
"""A memory's own date ("[2026-03-01]"): no value it states."""

VALUE = (rf"(?:[$€£]\s?)?(?:\d{{1,2}}:\d{{2}}:\d{{2}}(?!\d|[.,]\d)|"
         rf"\d{{1,2}}\s*{_HOURS}\s*(?:and\s+|y\s+)?\d{{1,2}}(?:\s*{_MINUTES}\b)?"
         rf"(?:,?\s*(?:and\s+|y\s+)?\d{{1,2}}\s*{_SECONDS}\b)?|"
         rf"\d{{1,3}}\s*{_MINUTES}\s*(?:and\s+|y\s+)?\d{{1,2}}\s*{_SECONDS}\b|"
         rf"\d{{1,2}}(?:[:.]\d{{2}})?\s*{_MERIDIEM}|\d{{1,2}}:\d{{2}}(?!\d|[.,]\d)|"
         rf"\d{{1,2}}\s*(?:hours?|horas?)\b|{_NUMBER}(?:st|nd|rd|th)?(?!:\d)|{_NOON}|{_MIDNIGHT})")
"""One value in any writing ``values`` reads, as a pattern (count words aside: "not two"
beside a name is too loose to read as a slip)."""
COUNT = rf"\b(?:{_COUNT})\b"
"""A count told in words ("four", "cinco"), as a pattern: a slip's value only when the other
value beside it is a number too ("Ñandú is five, not four")."""


def _pair(major: str | int, minor: str | None) -> str:
    return f"{int(major)}:{int(minor or 0):02d}"


def _number(raw: str) -> str | None:
    """"3.200", "3,200", "3200" -> "3200"; "3,2" and "3.2" -> "3.2"; "1.234,5" -> "1234.5"."""
    marks = [c for c in raw if c in ".,"]
    if marks and len(set(marks)) == 1 and re.fullmatch(r"\d{1,3}(?:[.,]\d{3})+", raw):
        digits = raw.replace(marks[0], "")  # thousands: one separator, groups of three
    elif len(set(marks)) == 2:
        decimal = raw[max(raw.rfind("."), raw.rfind(","))]
        digits = raw.replace("." if decimal == "," else ",", "").replace(decimal, ".")
    else:
        digits = raw.replace(",", ".")
    try:
        value = Decimal(digits)
    except InvalidOperation:
        return None
    return format(value.normalize(), "f")


def values(text: str) -> frozenset[str]:
    """Every value ``text`` states, in one form each (see the module docstring)."""
    found: set[str] = set()
    for m in _READ.finditer(_DATE.sub(" ", fold(text))):
        g = m.groupdict()
        if g["th"]:  # a race's time to the second: "1:26:58"
            found.add(f"{_pair(g['th'], g['tm'])}:{int(g['ts']):02d}")
        elif g["h"]:
            pair = _pair(g["h"], g["hm"])
            found.add(f"{pair}:{int(g['hs']):02d}" if g["hs"] else pair)
        elif g["m"]:
            found.add(_pair(g["m"], g["ms"]))
        elif g["ch"]:
            hour = int(g["ch"]) % 12 + (12 if g["mer"].startswith("p") else 0)
            found.add(_pair(hour, g["cm"]))
        elif g["c1"]:
            found.add(_pair(g["c1"], g["c2"]))
        elif g["hours"]:
            found.add(_pair(g["hours"], None))
        elif g["n"]:
            number = _number(g["n"])
            if number is not None:
                found.add(number)
        elif g["noon"]:
            found.add("12:00")
        elif g["midnight"]:
            found.add("0:00")
        else:
            found.add(str(COUNT_WORDS[g["count"].lower()]))
    return frozenset(found)
