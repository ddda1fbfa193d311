"""Dates written in text, English and Spanish: the time of a memory comes from its words.

``parse_date`` reads a date at the start of a line (journal entries, visit notes, chat logs);
``find_dates`` lists every date anywhere. Both are pure and never raise on odd input: an impossible
date such as 2024-02-30 is simply not a date. Numeric dates are read day first (03/02/2026 is the
3rd of February), as in Spanish and most of Europe.
"""

from __future__ import annotations

import datetime
import re

from actors.lazy_re import lazy_regex
from actors.text import fold, is_blank

MONTH_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August",
               "September", "October", "November", "December")

MONTHS: dict[str, int] = {
    # English
    "january": 1, "jan": 1, "february": 2, "feb": 2, "march": 3, "mar": 3, "april": 4, "apr": 4,
    "may": 5, "june": 6, "jun": 6, "july": 7, "jul": 7, "august": 8, "aug": 8,
    "september": 9, "sept": 9, "sep": 9, "october": 10, "oct": 10, "november": 11, "nov": 11,
    "december": 12, "dec": 12,
    # Spanish (folded: no accents)
    "enero": 1, "ene": 1, "febrero": 2, "marzo": 3, "abril": 4, "abr": 4, "mayo": 5,
    "junio": 6, "julio": 7, "agosto": 8, "ago": 8, "septiembre": 9, "setiembre": 9,
    "octubre": 10, "noviembre": 11, "diciembre": 12, "dic": 12,
}  # fmt: skip

WEEKDAYS = (
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mon", "tue", "tues", "wed", "thu", "thur", "thurs", "fri", "sat", "sun",
    "lunes", "martes", "miercoles", "jueves", "viernes", "sabado", "domingo",
)  # fmt: skip

_SHORT_WEEKDAYS = {"Mon": "Monday", "Tue": "Tuesday", "Tues": "Tuesday", "Wed": "Wednesday",
                   "Thu": "Thursday", "Thur": "Thursday", "Thurs": "Thursday",
                   "Fri": "Friday", "Sat": "Saturday", "Sun": "Sunday"}
_DATED_WEEKDAY = lazy_regex(
    r"(?<=\()(" + "|".join(_SHORT_WEEKDAYS) + r")(?=\.?\))"
    r"|\b(" + "|".join(_SHORT_WEEKDAYS) + r")(?=\.?,?\s+\d{1,2}\b)")


def spelled_weekdays(text: str) -> str:
    """``text`` with each weekday a date stamp abbreviates spelled out ("2023/08/30 (Wed)
    19:00", "Sat, 4 May"): read as words, "Wed" is "wedding"'s stem and "Sat" is "sit", so
    every Wednesday's memory held the word of a question about a wedding."""
    return _DATED_WEEKDAY.sub(lambda m: _SHORT_WEEKDAYS[m.group(0)], text)


_MONTH = "(?P<{g}>" + "|".join(sorted(MONTHS, key=len, reverse=True)) + r")\.?"
_WEEKDAY = r"(?:(?:" + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + r")\.?,?\s+)?"
_ORD = r"(?:st|nd|rd|th|º|o)?"

# Each alternative names its groups with a suffix so one compiled pattern can hold them all.
_BODY = (
    r"(?:"
    # ISO 2024-07-22, 2024/07/22, optionally followed by a time (2024-07-22T10:00)
    r"(?P<iy>\d{4})[-/](?P<im>\d{1,2})[-/](?P<id>\d{1,2})(?![\d])"
    r"|"
    # day first numeric 03/02/2026, 03-02-2026, 03.02.2026
    r"(?P<nd>\d{1,2})(?P<sep>[/.-])(?P<nm>\d{1,2})(?P=sep)(?P<ny>\d{4})(?!\d)"
    r"|"
    # 22 de julio de 2024, 22 julio 2024, 30 August 2026, 3rd of March, 2025
    r"(?P<td>\d{1,2})" + _ORD + r"\s+(?:(?:de|of)\s+)?" + _MONTH.format(g="tm")
    + r",?\s+(?:(?:de|del)\s+)?(?P<ty>\d{4})(?!\d)"
    r"|"
    # August 30, 2026 / March 3rd 2025
    + _MONTH.format(g="um") + r"\s+(?P<ud>\d{1,2})" + _ORD + r",?\s+(?P<uy>\d{4})(?!\d)"
    r")"
)
# A memory may open with a month alone ("May 2023: Rosa started at the bakery"): of that month,
# read as its first day; only at the start (in a sentence, "since May 2023" is no day).
_OPENING_BODY = (r"(?:" + _BODY + r"|" + _MONTH.format(g="my")
                 + r",?\s+(?:(?:de|del)\s+)?(?P<yy>\d{4})(?![\d/.-]))")
# ...named as a session's or a day's ("Session on 8 May 2023", "Sesión del 3 de marzo de
# 2025", "On 8 May 2023, Nora sold the van").
# ...or labelled, as exports and clients write a session's header ("Session date: 2023/05/20",
# "Date: 2024-03-02", "Fecha: 3 de marzo de 2025").
_NAMED = (r"(?:(?:session|conversation|chat|meeting|call|entry|sesi[oó]n|conversaci[oó]n|"
          r"reuni[oó]n|llamada|entrada)\s+(?:on|of|from|del?|el)\s+(?:the\s+)?|(?:on|el)\s+"
          r"|(?:(?:session|conversation|chat|meeting|sesi[oó]n|conversaci[oó]n)\s+)?"
          r"(?:date|timestamp|fecha)\s*[:=]\s*)?")

_CLOCK = r"(?:\d{1,2}(?:[:.]\d{2}){1,2}(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)"
# A chat log's header may give the time first: "1:56 pm on 8 May, 2023", "10:00, 3 March 2025".
_CLOCK_FIRST = r"(?:" + _CLOCK + r"\s*(?:on\s+|el\s+|,\s*)?)?"
# LongMemEval's session dates name the weekday after the day: "2023/05/20 (Sat) 02:21".
_WEEKDAY_AFTER = r"(?:\s*\((?:" + "|".join(sorted(WEEKDAYS, key=len, reverse=True)) + r")\.?\))?"
_CLOCK_AFTER = (r"(?:[T ]\d{1,2}:\d{2}(?::\d{2})?(?:\.\d+)?(?:Z|[+-]\d{2}:?\d{2})?"
                r"|,?\s+(?:at\s+|a\s+las\s+)?" + _CLOCK + r")?")

# A line may open with markdown or chat decoration before its date: "## ", "- ", "**", "[".
_LEAD = r"[ \t]*(?:#{1,6}[ \t]+|[-*+>][ \t]+|\*\*|__|\[|\()*[ \t]*"
_AT_START = lazy_regex(_LEAD + _NAMED + _CLOCK_FIRST + _WEEKDAY + _OPENING_BODY, re.IGNORECASE)

OPENING_DATE = (r"(?i:[ \t]*[\[(]?[ \t]*" + _NAMED + _CLOCK_FIRST + _WEEKDAY + _OPENING_BODY
                + _WEEKDAY_AFTER + _CLOCK_AFTER + r"[ \t]*[\])]?)")
"""The date a chat turn or note opens with, in any way ``parse_date`` reads ("2026-02-14",
"[2026-02-14 10:32]", "[1:56 pm on 8 May, 2023]", "3 de marzo de 2025, 10:00"), brackets
included, without what separates it from the text: for patterns that read past it."""
LEADING_DATE = lazy_regex(r"^" + OPENING_DATE + r"\s*[:,\-–—]?\s*")
"""That date with the separator after it ("[8 May, 2023] Bea: ...", "2026-02-14: ..."): the
text a memory says without the day it is of is ``LEADING_DATE.sub("", text)``."""
_ANYWHERE = lazy_regex(r"(?<![\w/.-])" + _WEEKDAY + _BODY, re.IGNORECASE)


def _to_date(m: re.Match[str]) -> datetime.date | None:
    """Turn whichever alternative matched into a date; impossible dates give None."""
    g = m.groupdict()
    try:
        if g["iy"]:
            return datetime.date(int(g["iy"]), int(g["im"]), int(g["id"]))
        if g["ny"]:
            return datetime.date(int(g["ny"]), int(g["nm"]), int(g["nd"]))
        if g["ty"]:
            return datetime.date(int(g["ty"]), MONTHS[g["tm"].lower()], int(g["td"]))
        if g["uy"]:
            return datetime.date(int(g["uy"]), MONTHS[g["um"].lower()], int(g["ud"]))
        if g.get("yy"):
            return datetime.date(int(g["yy"]), MONTHS[g["my"].lower()], 1)
    except (ValueError, KeyError, OverflowError):
        return None
    return None


def _opening(text: str) -> tuple[str, re.Match[str]] | None:
    """The first non-blank line of ``text`` and the date-shaped words it opens with."""
    for line in text.split("\n"):
        if line.strip():
            m = _AT_START.match(fold(line))
            return (line, m) if m else None
    return None


def parse_date(text: str) -> datetime.date | None:
    """The date that opens the first non-blank line of ``text``, or None.

    Only the start counts, so "I will call on 2024-07-22" is not a dated entry while
    "2024-07-22 — called the bank" and "## Lunes, 3 de marzo de 2025" are.
    """
    opening = _opening(text)
    return _to_date(opening[1]) if opening else None


def opening_day(text: str) -> tuple[datetime.date | None, int]:
    """The day ``text`` opens with (``LEADING_DATE``) and where the rest of it starts; (None,
    0) if it opens with no date, (None, end) if the date names no day ("2026-13-45")."""
    m = LEADING_DATE.match(text)
    return (None, 0) if m is None else (_to_date(m), m.end())


def only_a_date(text: str) -> str | None:
    """The date when ``text`` says nothing but a day ("2026-03-01", "[2026-03-01]", "3 de
    marzo de 2025:"), else None. Such a text was saved as a memory of that day with no
    content, where white space alone is refused as empty (probe-fault F6)."""
    said = text.strip()
    day, end = opening_day(said)
    if day is None or not end:
        return None
    rest = said[end:].strip(" \t\r\n:;,.-–—[]()")
    return said if is_blank(rest) else None


def impossible_leading_date(text: str) -> str | None:
    """The date-shaped words that open ``text`` when they name no day ("2026-13-45",
    "31/02/2026"), else None: ``parse_date`` reads them as no date at all."""
    opening = _opening(text)
    if opening is None or _to_date(opening[1]) is not None:
        return None
    line, m = opening
    return line[m.start():m.end()].strip(" \t#-*+>[(_")


def find_dates(text: str) -> list[datetime.date]:
    """Every valid date written anywhere in ``text``, in order of appearance."""
    out: list[datetime.date] = []
    for m in _ANYWHERE.finditer(fold(text)):
        d = _to_date(m)
        if d is not None:
            out.append(d)
    return out
