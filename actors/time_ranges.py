"""Time ranges named in questions, English and Spanish, resolved against "now".

"in April 2026", "en abril", "2025-03", "summer 2025", "el verano pasado", "last week", "el mes
pasado", "in 2024", "on 2025-03-01": each names a span of days. A month or season without a year
is the latest one that has begun by now (asked in February, "April" is last year's April), so a
question about the past never resolves to a date after now. Pure functions; no I/O, no clock
(the caller passes today).
"""

from __future__ import annotations

import bisect
import calendar
import dataclasses
import datetime as dt
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from actors.dates import MONTHS, find_dates, opening_day
from actors.facts.needles import needles
from actors.facts.values import Folded
from actors.lazy_re import Regex, lazy_regex
from actors.text import fold
from actors.verb_tense import tells_past


@dataclass(frozen=True)
class DateRange:
    """Inclusive span of days a question names."""

    start: dt.date
    end: dt.date
    phrase: str = ""
    """The words that named it (folded), so the caller can tell them from the question's topic."""
    yearless: bool = False
    """Named by a month or season without its year ("in September", "last summer"): the
    latest one begun, unless the caller knows which year the asker means (``year_before``)."""

    def holds(self, day: dt.date) -> bool:
        return self.start <= day <= self.end

    def months(self) -> Iterator[tuple[int, int]]:
        """(year, month) of every month the span touches, in order."""
        day = self.start.replace(day=1)
        while day <= self.end:
            yield day.year, day.month
            day = (day + dt.timedelta(days=32)).replace(day=1)

    def year_before(self) -> DateRange:
        """The same days a year earlier (a February 29 is the 28th)."""
        def back(day: dt.date) -> dt.date:
            return day.replace(year=day.year - 1, day=min(day.day, calendar.monthrange(
                day.year - 1, day.month)[1]))
        return dataclasses.replace(self, start=back(self.start), end=back(self.end))


_MONTH_NAMES = "|".join(sorted((m for m in MONTHS if len(m) > 3 or m == "may"), key=len,
                               reverse=True))
_SEASONS = {
    "spring": 3, "primavera": 3, "summer": 6, "verano": 6,
    "autumn": 9, "fall": 9, "otono": 9, "winter": 12, "invierno": 12,
}  # fmt: skip
_SEASON_NAMES = "|".join(_SEASONS)
_YEAR = r"(?:19[5-9]\d|20\d\d)"

_YEAR_MONTH = lazy_regex(rf"(?<![\d-])(?P<y>{_YEAR})-(?P<m>0?[1-9]|1[0-2])(?![\d-])")
_MONTH_PART = {"early": (1, 10), "beginning": (1, 10), "start": (1, 10), "principios": (1, 10),
               "mid": (11, 20), "middle": (11, 20), "mediados": (11, 20),
               "late": (21, 31), "end": (21, 31), "finales": (21, 31)}
"""Parts of a month a question may name ("early March", "a finales de abril"): its days."""
_WEEK_OF_MONTH = {"first": 1, "primera": 1, "second": 2, "segunda": 2, "third": 3,
                  "tercera": 3, "fourth": 4, "cuarta": 4, "last": 0, "final": 0, "ultima": 0}
"""Weeks of a month by their order ("the first week of September", "la última semana de
mayo"): the n-th seven days, the last its final seven."""
_PART_WORDS = (r"early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of|"
               r"(?:a\s+)?(?:principios|mediados|finales)\s+del?")
"""A part of a month or of a year ("early", "the end of", "a finales de/del")."""
_MONTH_PART_WORDS = (
    rf"{_PART_WORDS}|"
    r"(?:the\s+)?(?:first|second|third|fourth|last|final)\s+week\s+of|"
    r"(?:la\s+)?(?:primera|segunda|tercera|cuarta|ultima)\s+semana\s+de")
_MONTH_YEAR = lazy_regex(
    rf"(?:\b(?P<part>{_MONTH_PART_WORDS})[\s-]+)?"
    rf"\b(?P<m>{_MONTH_NAMES})\b(?:\s+(?:of\s+|de\s+|del\s+)?(?P<y>{_YEAR})\b)?")
_BEFORE_LAST = r"(?:the\s+)?year\s+before\s+last|(?:el\s+)?ano\s+antepasado"
_YEAR_SAID = (rf"{_BEFORE_LAST}|(?:the\s+)?previous\s+year|last\s+year|this\s+year|"
              r"(?:el\s+)?ano\s+pasado|este\s+ano")
"""A year named by its distance from now: "last year", "this year", "the year before last",
"el año pasado", "este año", "el año antepasado"."""
_MONTH_OF_YEAR_SAID = lazy_regex(
    rf"(?:\b(?P<part>{_MONTH_PART_WORDS})[\s-]+)?\b(?P<m>{_MONTH_NAMES})\b,?\s+"
    rf"(?:of\s+|de\s+|del\s+)?(?P<said>{_YEAR_SAID})\b|"
    rf"\b(?P<said2>{_YEAR_SAID}),?\s+(?:in|en|during|durante)\s+"
    rf"(?:(?P<part2>{_MONTH_PART_WORDS})[\s-]+)?(?P<m2>{_MONTH_NAMES})\b")
"""A month of a year said by its distance from now: "October last year", "March of this
year", "octubre del año pasado", "a principios de marzo de este año", "last year in May"."""
_SEASON_OF_YEAR_SAID = lazy_regex(
    rf"\b(?P<s>{_SEASON_NAMES})\s+(?:of\s+|de\s+|del\s+)?(?P<said>{_YEAR_SAID})\b")
"""A season of such a year: "the summer of last year", "el verano del año pasado"."""
_PART_OF_YEAR_SAID = lazy_regex(
    rf"\b(?P<part>{_PART_WORDS})[\s-]+(?P<said>{_YEAR_SAID}|(?:the\s+year|(?:el\s+)?ano)(?!\s+\d))\b")
"""A part of such a year: "at the end of last year", "early this year", "a finales del año
pasado"; "the year" / "año" alone after the part is this one ("at the start of the year", "a
principios de año")."""
_YEAR_BEFORE_LAST = lazy_regex(rf"\b(?:{_BEFORE_LAST})\b")
_MONTH_ALONE = lazy_regex(rf"\b(?P<m>{_MONTH_NAMES})\b(?!\s+(?:of\s+|de\s+|del\s+)?\d)",
                         re.IGNORECASE)
"""A month's name not followed by a year or a day ("for April", "en diciembre")."""
_AMBIGUOUS_MONTHS = frozenset({"may", "march"})
"""Month names that are English words too: a month only when capitalised."""
_SEASON = lazy_regex(
    rf"\b(?:(?P<last>last|past|this)\s+)?(?:(?:el|este|la|esta)\s+)?(?P<s>{_SEASON_NAMES})\b"
    rf"(?:\s+(?:pasad[oa]|(?:of\s+|de\s+|del\s+)?(?P<y>{_YEAR})\b))?")
_RELATIVE = lazy_regex(
    r"\b(?:(?P<en>last|past|previous|this)\s+(?P<unit>week|month|year)(?!\s+of\b)|"
    r"(?:la|el|este|esta)\s+(?P<unit_es>semana|mes|ano)(?P<past>\s+pasad[oa])?|"
    r"(?P<unit_es2>semana|mes|ano)\s+pasad[oa])\b")
COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
               "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
               "nineteen": 19, "twenty": 20, "thirty": 30, "dos": 2, "tres": 3, "cuatro": 4,
               "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10, "once": 11,
               "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciseis": 16,
               "diecisiete": 17, "dieciocho": 18, "diecinueve": 19, "veinte": 20, "treinta": 30}
"""Counts written as words, English and Spanish (folded): read here in "two weeks ago", and
as the number a memory states (``navigation.values``)."""
_LAST_N = lazy_regex(
    rf"\b(?:(?:the\s+)?(?:last|past|previous)\s+(?P<n>\d{{1,3}}|{'|'.join(COUNT_WORDS)})\s+"
    r"(?P<unit>days?|weeks?|months?|years?)|(?:(?:en\s+)?(?:los|las)\s+)?(?:ultim[oa]s|pasad[oa]s)\s+"
    rf"(?P<n_es>\d{{1,3}}|{'|'.join(COUNT_WORDS)})\s+(?P<unit_es>dias|semanas|meses|anos))\b")
"""'the last 30 days', 'past two weeks', 'los últimos 3 meses': the days up to today."""
_DAY_BEFORE = lazy_regex(r"\b(?P<two>the\s+day\s+before\s+yesterday|anteayer|antier)\b|"
                         r"\b(?:yesterday|ayer)\b")
"""'yesterday', 'ayer', 'the day before yesterday', 'anteayer': one day."""
_WEEKEND = lazy_regex(r"\b(?:(?P<which>last|past|previous|this)\s+weekend|"
                      r"(?:el|este)\s+fin\s+de\s+semana(?P<past>\s+pasado)?)\b")
"""'last weekend', 'this weekend', 'el fin de semana pasado', 'este fin de semana'."""
_WEEKDAY_NAMES = {"monday": 0, "tuesday": 1, "wednesday": 2, "thursday": 3, "friday": 4,
                  "saturday": 5, "sunday": 6, "lunes": 0, "martes": 1, "miercoles": 2,
                  "jueves": 3, "viernes": 4, "sabado": 5, "domingo": 6}
_WEEKDAY = "|".join(_WEEKDAY_NAMES)
"""The weekday names as a pattern's alternatives."""
_LAST_WEEKDAY = lazy_regex(
    rf"\b(?:(?:last|this\s+past)\s+(?P<en>{_WEEKDAY})|"
    rf"el\s+(?P<es>{_WEEKDAY})\s+pasado)\b")
"""'last Saturday', 'this past Monday', 'el sábado pasado': the latest such day before today."""
_AGO = lazy_regex(
    rf"\b(?:(?P<n>\d{{1,3}}|a|an|one|{'|'.join(COUNT_WORDS)})\s+(?P<unit>days?|weeks?|months?|years?)"
    rf"\s+ago|hace\s+(?P<n_es>\d{{1,3}}|un|una|{'|'.join(COUNT_WORDS)})\s+"
    r"(?P<unit_es>dias?|semanas?|mes|meses|anos?))\b")
"""'three weeks ago', 'a month ago', 'hace dos semanas': that day, give or take a part of the
unit (a week ago is any day of that week: people round)."""
_AGO_SLACK = {"day": 1, "week": 3, "month": 10, "year": 45}
"""Days either side of an '... ago' day that it may mean."""
_YEAR_ALONE = lazy_regex(rf"\b(?:in|en|during|durante|del|de|year|ano)\s+(?P<y>{_YEAR})\b")
_YEAR_PART = lazy_regex(
    rf"\b(?P<part>early|mid|late|(?:the\s+)?(?:beginning|start|middle|end)\s+of|"
    rf"(?:a\s+)?(?:principios|mediados|finales)\s+(?:de|del)(?:\s+ano)?)[\s-]+(?P<y>{_YEAR})\b")
"""A part of a year: "at the end of 2024", "early 2025", "a finales de 2024" (its four months:
January-April, May-August, September-December)."""
_YEAR_THIRDS = {"early": 1, "beginning": 1, "start": 1, "principios": 1, "mid": 5, "middle": 5,
                "mediados": 5, "late": 9, "end": 9, "finales": 9}


def _month_span(year: int, month: int) -> DateRange:
    last = calendar.monthrange(year, month)[1]
    return DateRange(dt.date(year, month, 1), dt.date(year, month, last))


def _season_span(year: int, first_month: int) -> DateRange:
    end_year, end_month = (year + 1, 2) if first_month == 12 else (year, first_month + 2)
    last = calendar.monthrange(end_year, end_month)[1]
    return DateRange(dt.date(year, first_month, 1), dt.date(end_year, end_month, last))


def _part_of(span: DateRange, part: str | None) -> DateRange:
    """The days of ``span`` (one month) the words ``part`` name ("early", "a finales de")."""
    if not part:
        return span
    words = part.split()
    if "week" in words or "semana" in words:
        nth = next(_WEEK_OF_MONTH[word] for word in words if word in _WEEK_OF_MONTH)
        first = span.end.day - 6 if nth == 0 else 7 * (nth - 1) + 1
        return DateRange(span.start.replace(day=first),
                         span.end.replace(day=span.end.day if nth == 0 else 7 * nth))
    key = next(word for word in _MONTH_PART if word in words)
    first, last = _MONTH_PART[key]
    return DateRange(span.start.replace(day=first), span.end.replace(
        day=min(last, span.end.day)))


def _with(span: DateRange, m: re.Match[str]) -> DateRange:
    return DateRange(span.start, span.end, m.group(0))


def _relative(unit: str, past: bool, today: dt.date) -> DateRange:
    if unit in ("week", "semana"):
        monday = today - dt.timedelta(days=today.weekday())
        if past:
            monday -= dt.timedelta(days=7)
            return DateRange(monday, monday + dt.timedelta(days=6))
        return DateRange(monday, today)
    if unit in ("month", "mes"):
        if past:
            first = today.replace(day=1) - dt.timedelta(days=1)
            return _month_span(first.year, first.month)
        return DateRange(today.replace(day=1), today)
    if past:
        return DateRange(dt.date(today.year - 1, 1, 1), dt.date(today.year - 1, 12, 31))
    return DateRange(dt.date(today.year, 1, 1), today)


def _last_n(count: int, unit: str, today: dt.date) -> DateRange:
    if unit.startswith(("day", "dia")):
        return DateRange(today - dt.timedelta(days=count - 1), today)
    if unit.startswith(("week", "semana")):
        return DateRange(today - dt.timedelta(days=7 * count - 1), today)
    months = 12 * count if unit.startswith(("year", "ano")) else count
    year, month = divmod(today.year * 12 + today.month - 1 - months, 12)
    day = min(today.day, calendar.monthrange(year, month + 1)[1])
    return DateRange(dt.date(year, month + 1, day), today)


_RECENTLY = lazy_regex(
    r"\b(?<!most\s)(?:recent(?:ly)?|lately|of\s+late|(?:in\s+)?the\s+last\s+few\s+(?:days|weeks)|"
    r"ultimamente|recientemente|reciente(?:s)?|(?:en\s+)?(?:estos|los)\s+ultimos\s+dias)\b")
"""'recently', 'lately', 'recent changes', 'últimamente', 'en los últimos días': a time the
question names by no day ("most recent" asks for the newest one, ``query._NOW``)."""


def recent_phrase(text: str) -> str | None:
    """The words by which ``text`` asks about a recent time (``_RECENTLY``, folded), or None:
    the days they mean are the store's (its newest dated memories), not the calendar's."""
    found = _RECENTLY.search(fold(text))
    return found.group(0) if found else None


def asked_range(text: str, today: dt.date) -> DateRange | None:
    """The span of days ``text`` names, or None when it names no time."""
    folded = fold(text)
    days = find_dates(text)
    if days:
        return DateRange(min(days), max(days))
    span = _named_range(folded, today)
    if span is None:
        return None
    return span


_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365}
"""Days a counted unit stands for ("three weeks ago", "dentro de dos meses")."""


def _unit_of(said: str) -> str:
    """The unit a counted phrase names, in either language ("semanas": week, "años": year)."""
    return next(name for start, name in (("d", "day"), ("w", "week"), ("sem", "week"),
                                         ("mo", "month"), ("mes", "month"), ("y", "year"),
                                         ("a", "year")) if said.startswith(start))


def _count_of(raw: str) -> int:
    """A count written as digits or a word ("two", "dos"); "a"/"un" is one."""
    return int(raw) if raw.isdigit() else COUNT_WORDS.get(raw, 1)


def _days_ago(folded: str, today: dt.date) -> DateRange | None:
    """The days the phrases counted back from today name: 'yesterday', 'last weekend', 'last
    Saturday', 'three weeks ago' (English and Spanish)."""
    m = _DAY_BEFORE.search(folded)
    if m:
        day = today - dt.timedelta(days=2 if m.group("two") else 1)
        return _with(DateRange(day, day), m)
    m = _WEEKEND.search(folded)
    if m:
        saturday = today - dt.timedelta(days=(today.weekday() - 5) % 7)  # the latest begun
        if m.group("which") in ("last", "past", "previous") or m.group("past"):
            if today.weekday() >= 5:  # on a weekend, "last weekend" is the one before
                saturday -= dt.timedelta(days=7)
        elif today.weekday() < 5:  # "this weekend" on a weekday: the coming one
            saturday += dt.timedelta(days=7)
        return _with(DateRange(saturday, saturday + dt.timedelta(days=1)), m)
    m = _LAST_WEEKDAY.search(folded)
    if m:
        wanted = _WEEKDAY_NAMES[m.group("en") or m.group("es")]
        day = _weekday_near(wanted, True, today)
        return _with(DateRange(day, day), m)
    m = _AGO.search(folded)
    if m:
        count = _count_of(m.group("n") or m.group("n_es"))
        unit = _unit_of(m.group("unit") or m.group("unit_es"))
        if count <= 0:
            return None
        day = today - dt.timedelta(days=_UNIT_DAYS[unit] * count)
        slack = dt.timedelta(days=_AGO_SLACK[unit])
        return _with(DateRange(day - slack, min(day + slack, today)), m)
    return None


def _named_range(folded: str, today: dt.date) -> DateRange | None:
    m = _YEAR_MONTH.search(folded)
    if m:
        return _with(_month_span(int(m.group("y")), int(m.group("m"))), m)
    counted = _days_ago(folded, today)
    if counted is not None:
        return counted
    m = _LAST_N.search(folded)
    if m:
        raw = m.group("n") or m.group("n_es")
        count = int(raw) if raw.isdigit() else COUNT_WORDS[raw]
        if count > 0:
            return _with(_last_n(count, m.group("unit") or m.group("unit_es"), today), m)
    said = _in_year_said(folded, today)
    if said is not None:
        return said
    m = _RELATIVE.search(folded)
    if m:
        unit = m.group("unit") or m.group("unit_es") or m.group("unit_es2")
        past = bool(m.group("en") in ("last", "past", "previous") or m.group("past")
                    or m.group("unit_es2"))
        return _with(_relative(unit, past, today), m)
    m = _SEASON.search(folded)
    if m:
        first = _SEASONS[m.group("s")]
        if m.group("y"):
            return _with(_season_span(int(m.group("y")), first), m)
        year = today.year
        span = _season_span(year, first)
        while span.start > today:  # the latest season of that name that has begun
            year -= 1
            span = _season_span(year, first)
        if (m.group("last") in ("last", "past") or "pasad" in m.group(0)) and span.end >= today:
            span = _season_span(year - 1, first)
        return dataclasses.replace(_with(span, m), yearless=True)
    for m in _MONTH_YEAR.finditer(folded):
        month = MONTHS[m.group("m")]
        if m.group("m") == "may" and not m.group("y") and not m.group("part") and not re.search(
                r"\b(?:in|en|de|during|durante|since|desde|last|this)\s+may\b", folded):
            continue  # "may" the verb, not the month
        year = int(m.group("y")) if m.group("y") else \
            today.year if month <= today.month else today.year - 1
        return dataclasses.replace(_with(_part_of(_month_span(year, month), m.group("part")), m),
                                   yearless=not m.group("y"))
    m = _YEAR_PART.search(folded)
    if m:
        return _with(_third_of(int(m.group("y")), m.group("part")), m)
    m = _YEAR_ALONE.search(folded)
    if m:
        year = int(m.group("y"))
        return _with(DateRange(dt.date(year, 1, 1), dt.date(year, 12, 31)), m)
    return None


def _third_of(year: int, part: str) -> DateRange:
    """The four months of ``year`` the words ``part`` name ("early", "a finales de")."""
    first = next(month for word, month in _YEAR_THIRDS.items() if word in part)
    return DateRange(dt.date(year, first, 1), _month_span(year, first + 3).end)


def _year_of(said: str) -> int:
    """How many years back from this one a phrase of ``_YEAR_SAID`` names."""
    if "before last" in said or "antepasado" in said:
        return 2
    return 1 if any(word in said for word in ("last", "previous", "pasado")) else 0


def _in_year_said(folded: str, today: dt.date) -> DateRange | None:
    """A month, season or part of a year said by its distance from now ("October last year",
    "el verano del año pasado", "at the end of last year"), or the year before last. Read as
    "last year" alone, "octubre del año pasado" was the whole of last year."""
    for m in _MONTH_OF_YEAR_SAID.finditer(folded):
        name = m.group("m") or m.group("m2")
        part = m.group("part") or m.group("part2")
        if name == "may" and not part and not re.search(
                r"\b(?:in|en|de|during|durante|since|desde)\s+may\b", folded):
            continue  # "may" the verb, not the month
        year = today.year - _year_of(m.group("said") or m.group("said2"))
        return _with(_part_of(_month_span(year, MONTHS[name]), part), m)
    season = _SEASON_OF_YEAR_SAID.search(folded)
    if season:
        year = today.year - _year_of(season.group("said"))
        return _with(_season_span(year, _SEASONS[season.group("s")]), season)
    part_of = _PART_OF_YEAR_SAID.search(folded)
    if part_of:
        year = today.year - _year_of(part_of.group("said"))
        return _with(_third_of(year, part_of.group("part")), part_of)
    before_last = _YEAR_BEFORE_LAST.search(folded)
    if before_last:
        year = today.year - 2
        return _with(DateRange(dt.date(year, 1, 1), dt.date(year, 12, 31)), before_last)
    return None


_BEGINNING = lazy_regex(r"\b(?:beginning|start)\s+of|\b(?:principios|comienzos|inicios)\s+de")
"""The start of a range asked ("at the start of the year", "a principios de 2025"): how
things stood on its first day, not at the end of the four months ``_third_of`` spans (a move
in April is after "the start of the year")."""


def day_asked(span: DateRange, text: str, today: dt.date) -> dt.date:
    """The day a past-time question asks about, of the range already read from ``text`` (its
    year perhaps the store's, not today's: "Where did Rohan live in March?" of a chat of
    2025): the range's end (its first day when it asks for the range's start:
    ``_BEGINNING``), never after today."""
    return min(span.start if _BEGINNING.search(fold(text)) else span.end, today)


@dataclass(frozen=True)
class NamedTimes:
    """What a text names of time, read once (``named_times``): a memory's text is asked
    about again by every time question that ranks it, and its reading depends on the text
    alone but for the year of a month named without one (the day it was said decides)."""

    dated: tuple[DateRange, ...]
    """The days and months named with their year, in the order ``mentioned_ranges`` lists."""
    months_alone: tuple[int, ...]
    """The months named without a year, in order ("may" and "march" only capitalised)."""
    months_back: tuple[tuple[int, int], ...] = ()
    """The months named with a year said by its distance from the day the text was said
    ("in March last year", "en octubre del año pasado"): (month, years back)."""
    told: str = ""
    """The text itself when it may hold a day said by its distance from the day it was said
    ("yesterday", "on Monday", "a week from Monday": ``told_days``), else empty."""


def named_times(text: str) -> NamedTimes:
    """The days, months and yearless months ``text`` names (``mentioned_ranges``)."""
    folded = fold(text)
    out = [DateRange(day, day) for day in find_dates(text)]
    for m in _MONTH_YEAR.finditer(folded):
        if m.group("y"):
            out.append(_month_span(int(m.group("y")), MONTHS[m.group("m")]))
    for m in _YEAR_MONTH.finditer(folded):
        out.append(_month_span(int(m.group("y")), int(m.group("m"))))
    back: list[tuple[int, int]] = []
    said_at: set[int] = set()
    aligned = len(folded) == len(text)  # folding kept every character's place
    for m in _MONTH_OF_YEAR_SAID.finditer(folded):
        which = "m" if m.group("m") else "m2"
        if m.group(which) in _AMBIGUOUS_MONTHS and not (
                aligned and text[m.start(which)].isupper()):
            continue
        back.append((MONTHS[m.group(which)], _year_of(m.group("said") or m.group("said2"))))
        said_at.add(m.start(which))
    alone: list[int] = []
    for m in _MONTH_ALONE.finditer(text):
        name = fold(m.group("m")).lower()
        if name in _AMBIGUOUS_MONTHS and not m.group("m")[0].isupper() or \
                aligned and m.start("m") in said_at:
            continue
        alone.append(MONTHS[name])
    return NamedTimes(tuple(out), tuple(alone), tuple(back),
                      text if _told_kinds(folded) else "")


def mentioned_ranges(text: str, said_on: dt.date | None = None) -> list[DateRange]:
    """The days and months a memory's text names ("In April 2026 I went to PyCon", "el 5 de
    marzo de 2026", "2026-03"): a memory saved later is about that time too. A month named
    without its year is the one nearest ``said_on``, the day the memory was said ("booked
    Japan for April", said in March 2025: April 2025; "en diciembre", said in January:
    the December just gone); with no such day it names no time (which year would it be?).
    "may" and "march" count only capitalised ("I may go", "we march on"). The days it says
    by their distance from ``said_on`` count too, up to a week long ("I start a week from
    Monday", ``told_days``)."""
    return ranges_named(named_times(text), said_on)


def ranges_named(named: NamedTimes, said_on: dt.date | None = None) -> list[DateRange]:
    """``mentioned_ranges`` of a text already read (``named_times``)."""
    out = list(named.dated)
    if said_on is not None:
        out += [_month_span(said_on.year - back, month) for month, back in named.months_back]
        dated = {(r.start.year, r.start.month) for r in out}
        for month in named.months_alone:
            year = min((said_on.year - 1, said_on.year, said_on.year + 1),
                       key=lambda y: abs((y - said_on.year) * 12 + month - said_on.month))
            if (year, month) not in dated:
                out.append(_month_span(year, month))
        if named.told:
            out += _told_spans(named.told, said_on)
    return out


TOLD_SPAN_DAYS = 7
"""Days said by their distance (``told_days``) count as a time a memory names up to a week
long ("on Monday", "last weekend", "next week"): "this year" or "next month" would make a
memory name every day of them."""


@functools.lru_cache(maxsize=4096)
def _told_spans(text: str, said_on: dt.date) -> tuple[DateRange, ...]:
    """The days ``text``, said on ``said_on``, names by their distance from it (at most
    ``TOLD_SPAN_DAYS`` long): "What did Henrik do in March 2026?" asks of "I start a week
    from Monday" said on 2026-02-28 too. Kept by text and day: a time question asks it of
    the same memories question after question."""
    return tuple(told.span for told in told_days(text, said_on)
                 if (told.span.end - told.span.start).days < TOLD_SPAN_DAYS)


def mentions(text: str, span: DateRange, said_on: dt.date | None = None) -> bool:
    """Whether ``text`` names a day or month inside ``span`` (a month counts when it lies
    within the span, or the span within it: "in March 2026" and "on 2026-03-05"); a month
    without its year is read as of ``said_on`` (``mentioned_ranges``)."""
    return names_within(named_times(text), span, said_on)


def names_within(named: NamedTimes, span: DateRange, said_on: dt.date | None = None) -> bool:
    """``mentions`` of a text already read (``named_times``)."""
    return any(span.start <= got.start and got.end <= span.end
               or got.start <= span.start and span.end <= got.end
               for got in ranges_named(named, said_on))


_STATED_TODAY = lazy_regex(
    r"\s*(?:today\s+is|today'?s\s+date\s+is|the\s+date\s+today\s+is|(?:current\s+)?date"
    r"\s+today\s*:|today\s*:|current\s+date\s*(?::|is)|hoy\s+es|la\s+fecha\s+de\s+hoy\s+es|"
    r"fecha\s+de\s+hoy\s*:|fecha\s+actual\s*:)\s*(?:el\s+)?", re.IGNORECASE)


def stated_today(text: str) -> tuple[dt.date, str] | None:
    """The day a question says it is asked on, and the question without it ("Today is
    2024-03-02. How many months ago did I adopt Biscuit?", "Hoy es 20 de septiembre de 2024.
    ¿Cuánto tiempo...?"): a benchmark or a replayed history asks as of a day of its own. Only
    at the question's start; None when it says no such day."""
    m = _STATED_TODAY.match(text)
    if m is None:
        return None
    day, end = opening_day(text[m.end():])
    if day is None:
        return None
    return day, text[m.end() + end:].lstrip(" .,;:)-–—")


_LAST_NIGHT = lazy_regex(r"\b(?:last\s+night|anoche)\b")
"""'last night', 'anoche': the evening before the day it was said."""
_TOMORROW = lazy_regex(r"\b(?P<two>the\s+day\s+after\s+tomorrow|pasado\s+manana)\b|"
                       r"\btomorrow\b|(?<!la\s)(?<!esta\s)(?<!cada\s)(?<!una\s)\bmanana\b"
                       r"(?!\s+(?:por|de|temprano))")
"""'tomorrow', 'mañana' (not 'la/esta/cada mañana': the morning), 'pasado mañana'."""
_NEXT = lazy_regex(
    r"\b(?:next|(?:el|la)\s+proxim[oa])\s+(?P<unit>week|month|year|weekend|semana|mes|ano)\b|"
    r"\b(?:la|el)\s+(?P<unit_es>semana|mes|ano)\s+(?:que\s+viene|proxim[oa])\b|"
    r"\b(?:el\s+)?(?:proximo\s+)?fin\s+de\s+semana\s+que\s+viene\b")
"""'next week/month/year/weekend', 'la semana que viene', 'el próximo mes', 'el fin de semana
que viene'."""
_NEXT_WEEKDAY = lazy_regex(
    rf"\b(?:next|(?:el\s+)?proximo)\s+(?P<a>{_WEEKDAY})\b|"
    rf"\bel\s+(?P<b>{_WEEKDAY})\s+que\s+viene\b")
"""'next Friday', 'el próximo viernes', 'el viernes que viene': the first such day after."""
_WEEKDAY_ALONE = lazy_regex(
    r"(?<!\bevery\s)(?<!\beach\s)(?<!\blos\s)(?<!\bcada\s)(?<!\blast\s)(?<!\bpast\s)"
    r"(?<!\bnext\s)(?<!\bproximo\s)(?<!\bblack\s)(?<!\bcyber\s)(?<!\bgood\s)(?<!\bash\s)"
    r"(?<!\bsuper\s)(?<!\bes\s)(?<!\bit's\s)(?<!\bit\sis\s)(?<!\btoday\sis\s)"
    r"(?<!\bfirst\s)(?<!\bsecond\s)(?<!\bthird\s)(?<!\bfourth\s)(?<!\bprimer\s)"
    r"(?<!\bsegundo\s)(?<!\btercer\s)(?<!\bcuarto\s)(?<!\bthe\s)"
    r"\b(?:(?P<since>since|desde)\s+(?:el\s+)?|(?P<until>until|till|for|hasta|para)\s+(?:el\s+)?|"
    rf"(?:this(?:\s+coming)?|este|on|el)\s+)?(?P<d>{_WEEKDAY})\b"
    r"(?!\s+(?:pasado|que\s+viene|santo|de\s+ceniza|de\s+la\s+|en\s+ocho|en\s+quince|week\b|"
    r"mornings|afternoons|evenings|nights|of\s+(?:the|each|every)\s+month|de\s+cada\s+mes|"
    r"del\s+mes))"
    rf"(?!,?\s+(?:the\s+|el\s+)?\d)(?!,?\s+(?:de\s+)?(?:{_MONTH_NAMES})\b)")
"""A weekday said alone ("on Monday", "this Friday", "el martes", "Monday was awful"): the
last such day or the next, by the tense of its clause (``verb_tense``). Not a habit ("every
Monday", "los martes", "Monday mornings"), a feast ("Good Friday", "Viernes Santo"), a
weekday beside its date ("el martes 4 de agosto", "Monday, March 16": the date says it), a
weekday of every month ("the second Thursday of the month"), one of a plan ("the Friday
one", "the Sunday roast"), nor today's ("hoy es lunes",
"it's Friday"). "since"/"desde" always looks back ("I've been sick since Sunday"),
"until"/"for"/"hasta"/"para" forward ("booked a table for Friday")."""
_WEEKDAY_NAMED = lazy_regex(rf"\b(?:{_WEEKDAY})s?\b")
WEEKDAYS_OF_A_PLAN = 3
"""A sentence naming this many weekdays is a plan or a timetable of a week, not a day."""
_SPAN_LINK = r"\s*(?:-|–|&|/|a|al|to|through|thru|till|until|hasta|y|and|or|o)\s*"
_WEEKDAY_SPAN_AFTER = lazy_regex(rf"{_SPAN_LINK}(?:el\s+)?(?:{_WEEKDAY})\b")
_WEEKDAY_SPAN_BEFORE = lazy_regex(
    rf"\b(?:{_WEEKDAY}){_SPAN_LINK}(?:el\s+|on\s+)?$")
"""A weekday joined to another ("lunes a viernes", "Monday to Friday", "Tue & Thu")."""
_WEEK_FROM = lazy_regex(
    rf"\b(?P<n>a|one|two|three|four|\d)\s+weeks?\s+(?:from|on)\s+"
    rf"(?P<d>{_WEEKDAY}|today|tomorrow)\b|"
    rf"\b(?:del?|el)\s+(?P<d_es>{_WEEKDAY}|hoy|manana)\s+en\s+"
    r"(?P<n_es>ocho|quince)(?:\s+dias)?\b")
"""'a week from Monday', 'two weeks from Friday', 'a week on Tuesday', 'del lunes en ocho',
'de hoy en quince': the coming such day (today, tomorrow), then that many weeks on."""
_WEEKS_ES = {"ocho": 1, "quince": 2}
"""Spanish counts weeks by their days, both ends counted: "en ocho" is a week on."""
_CLAUSE_BREAK = lazy_regex(r"[,:(]|\s[-–—]\s|\b(?:and|but|so|because|then|while|y|pero|"
                           r"porque|luego|mientras|aunque|asi\s+que)\b")
"""Where one clause of a sentence ends ("He had surgery on Monday, and he's fine now")."""
_IN_N = lazy_regex(
    rf"\b(?:in|dentro\s+de)\s+(?P<n>\d{{1,3}}|a|an|one|un|una|{'|'.join(COUNT_WORDS)})\s+"
    r"(?P<unit>days?|weeks?|months?|dias?|semanas?|mes|meses)\b")
"""'in two weeks', 'dentro de tres días': that day, give or take (as '... ago')."""
TOLD_DAYS_MOST = 4
"""Relative phrases of one memory resolved, at most (a reply line, not a calendar)."""


@dataclass(frozen=True)
class ToldDay:
    """A relative phrase of a memory ("yesterday", "hace dos semanas", "next month") and the
    days it names as of the day the memory was said."""

    phrase: str
    """As written in the memory."""
    span: DateRange
    approximate: bool = False
    """Counted in weeks or months ("three weeks ago"): people round, so about that day."""


def _next_span(unit: str, said_on: dt.date) -> DateRange:
    if unit in ("week", "semana"):
        monday = said_on + dt.timedelta(days=7 - said_on.weekday())
        return DateRange(monday, monday + dt.timedelta(days=6))
    if unit in ("weekend", "fin"):  # said on a weekday: the coming one
        saturday = said_on + dt.timedelta(days=(5 - said_on.weekday()) % 7 or 7)
        return DateRange(saturday, saturday + dt.timedelta(days=1))
    if unit in ("month", "mes"):
        year, month = divmod(said_on.year * 12 + said_on.month, 12)
        return _month_span(year, month + 1)
    return DateRange(dt.date(said_on.year + 1, 1, 1), dt.date(said_on.year + 1, 12, 31))


def _this_span(unit: str, past: bool, said_on: dt.date) -> DateRange:
    """'last week' / 'this month' / 'el año pasado' as of the day said (the whole unit)."""
    if past:
        return _relative(unit, True, said_on)
    if unit in ("week", "semana"):
        monday = said_on - dt.timedelta(days=said_on.weekday())
        return DateRange(monday, monday + dt.timedelta(days=6))
    if unit in ("month", "mes"):
        return _month_span(said_on.year, said_on.month)
    return DateRange(dt.date(said_on.year, 1, 1), dt.date(said_on.year, 12, 31))


def _one_day(day: dt.date) -> DateRange:
    return DateRange(day, day)


def _coming(said: str, said_on: dt.date) -> dt.date:
    """The day a weekday, "today" or "tomorrow" names counted forward from ``said_on``
    (a weekday: the first such day after it)."""
    if said in ("today", "hoy"):
        return said_on
    if said in ("tomorrow", "manana"):
        return said_on + dt.timedelta(days=1)
    return _weekday_near(_WEEKDAY_NAMES[said], False, said_on)


def _alone_weekday(sentence: str) -> re.Match[str] | None:
    """The first weekday said alone (``_WEEKDAY_ALONE``) that is not an end of a span of
    weekdays ("de lunes a viernes", "Monday to Friday", "Tuesday and Thursday": a schedule,
    not a day), in a sentence that is not a plan of the week ("Monday cod, Tuesday a curry,
    Wednesday ...")."""
    if len(_WEEKDAY_NAMED.findall(sentence)) >= WEEKDAYS_OF_A_PLAN:
        return None
    for m in _WEEKDAY_ALONE.finditer(sentence):
        if not _WEEKDAY_SPAN_AFTER.match(sentence, m.end()) \
                and not _WEEKDAY_SPAN_BEFORE.search(sentence, 0, m.start("d")):
            return m
    return None


def _weekday_near(weekday: int, past: bool, said_on: dt.date) -> dt.date:
    """The weekday before ``said_on`` (``past``) or after it, never that day itself: "had
    surgery on Monday" said on a Saturday is five days back, "I start on Monday" two on."""
    if past:
        return said_on - dt.timedelta(days=(said_on.weekday() - weekday) % 7 or 7)
    return said_on + dt.timedelta(days=(weekday - said_on.weekday()) % 7 or 7)


def clause_around(sentence: str, start: int, end: int) -> tuple[int, int]:
    """The clause of ``sentence`` (folded) holding its words ``start:end``; when it holds
    nothing else but a word or two ("On Monday, I went to the vet"), the clause after it
    (or, at the sentence's end, the one before): the clause whose verb tells its time."""
    breaks = [(m.start(), m.end()) for m in _CLAUSE_BREAK.finditer(sentence)]
    cuts = [0, *(b for _, b in breaks)]
    ends = [a for a, _ in breaks] + [len(sentence)]
    at = max(i for i, cut in enumerate(cuts) if cut <= start)
    rest = sentence[cuts[at]:start] + sentence[end:ends[at]]
    if len(re.findall(r"\w+", rest)) < 2 and len(cuts) > 1:
        at = at + 1 if at + 1 < len(cuts) else at - 1
    return cuts[at], ends[at]


def _told_all(sentence: str, said_on: dt.date, opened: frozenset[Regex],
              past_at: Callable[[re.Match[str]], bool]
              ) -> Iterator[tuple[re.Match[str], DateRange, bool]]:
    """Every kind of relative phrase's first match in one folded sentence, with its days
    (only the kinds in ``opened``: the others cannot match it); ``past_at`` tells whether a
    match's clause tells of a time gone by (a weekday said alone)."""
    if _LAST_NIGHT in opened and (m := _LAST_NIGHT.search(sentence)):
        yield m, _one_day(said_on - dt.timedelta(days=1)), False
    for pattern in (_DAY_BEFORE, _WEEKEND, _LAST_WEEKDAY):
        if pattern in opened and (m := pattern.search(sentence)) \
                and (got := _days_ago(m.group(0), said_on)):
            yield m, DateRange(got.start, got.end), False
    if _AGO in opened and (m := _AGO.search(sentence)) \
            and (count := _count_of(m.group("n") or m.group("n_es"))) > 0:
        unit = _unit_of(m.group("unit") or m.group("unit_es"))
        yield m, _one_day(said_on - dt.timedelta(days=_UNIT_DAYS[unit] * count)), unit != "day"
    if _TOMORROW in opened and (m := _TOMORROW.search(sentence)):
        yield m, _one_day(said_on + dt.timedelta(days=2 if m.group("two") else 1)), False
    if _NEXT_WEEKDAY in opened and (m := _NEXT_WEEKDAY.search(sentence)):
        wanted = _WEEKDAY_NAMES[m.group("a") or m.group("b")]
        yield m, _one_day(_weekday_near(wanted, False, said_on)), False
    if _WEEK_FROM in opened and (m := _WEEK_FROM.search(sentence)):
        weeks = _count_of(m.group("n")) if m.group("n") else _WEEKS_ES[m.group("n_es")]
        yield m, _one_day(_coming(m.group("d") or m.group("d_es"), said_on)
                          + dt.timedelta(days=7 * weeks)), False
    if _WEEKDAY_ALONE in opened and (m := _alone_weekday(sentence)):
        past = bool(m.group("since")) or not m.group("until") and past_at(m)
        yield m, _one_day(_weekday_near(_WEEKDAY_NAMES[m.group("d")], past, said_on)), False
    if _NEXT in opened and (m := _NEXT.search(sentence)):
        yield m, _next_span(m.group("unit") or m.group("unit_es") or "fin", said_on), False
    if _IN_N in opened and (m := _IN_N.search(sentence)):
        unit = _unit_of(m.group("unit"))
        days = _UNIT_DAYS[unit] * _count_of(m.group("n"))
        yield m, _one_day(said_on + dt.timedelta(days=days)), unit != "day"
    if _RELATIVE in opened and (m := _RELATIVE.search(sentence)):
        unit = m.group("unit") or m.group("unit_es") or m.group("unit_es2")
        past = bool(m.group("en") in ("last", "past", "previous") or m.group("past")
                    or m.group("unit_es2"))
        yield m, _this_span(unit, past, said_on), False


_PIECE = lazy_regex(r"[^.!?;\n]+")
"""A piece of a memory's text between sentence marks: where ``told_days`` looks for one
relative phrase after another."""

_TOLD_PATTERNS = (_LAST_NIGHT, _DAY_BEFORE, _WEEKEND, _LAST_WEEKDAY, _AGO, _TOMORROW,
                  _NEXT_WEEKDAY, _WEEK_FROM, _WEEKDAY_ALONE, _NEXT, _IN_N, _RELATIVE)


@functools.cache
def _told_needles() -> tuple[tuple[Regex, tuple[str, ...] | None], ...]:
    """Each relative phrase's pattern and the strings one of which its every match holds
    (``needles``; exact, as the patterns are case-sensitive over folded text): read on the
    first reply, not at import."""
    return tuple((pattern, needles(pattern)) for pattern in _TOLD_PATTERNS)


@functools.cache
def _told_index() -> tuple[frozenset[Regex], tuple[tuple[str, frozenset[Regex]], ...]]:
    """The relative phrases' patterns that may match any text (no needle), and each distinct
    needle with the patterns it is a needle of: a needle is looked for once per text, not
    once per pattern holding it (the weekday names are needles of four patterns: 96 needles,
    45 distinct)."""
    always: set[Regex] = set()
    by_needle: dict[str, set[Regex]] = {}
    for pattern, found in _told_needles():
        if found is None:
            always.add(pattern)
            continue
        for needle in found:
            by_needle.setdefault(needle, set()).add(pattern)
    return frozenset(always), tuple((needle, frozenset(held))
                                    for needle, held in by_needle.items())


def _told_kinds(sentence: str, among: Iterable[Regex] = _TOLD_PATTERNS
                ) -> frozenset[Regex]:
    """The relative phrases' patterns of ``among`` that may match ``sentence`` (folded): a
    reply's memories are mostly sentences holding none of their words, and the ten
    patterns tried on each of them were a tenth of a rare-word search's CPU."""
    always, by_needle = _told_index()
    opened = set(always)
    for needle, held in by_needle:
        if needle in sentence:
            opened |= held
    return frozenset(opened.intersection(among))


def _told_pieces(folded: str) -> list[tuple[re.Match[str], frozenset[Regex]]]:
    """Each piece of ``folded`` between sentence marks (``_PIECE``) with the patterns that may
    match it: ``_told_kinds`` of each piece, from one look for each needle over the whole
    text (where it is found says which pieces hold it). A reply's memories were asked
    ~7 times each, every needle of every pattern in turn: ~0.25 ms of a 50k reply's
    ~0.4 ms render."""
    always, by_needle = _told_index()
    held_at: list[tuple[int, int, frozenset[Regex]]] = []
    for needle, held in by_needle:
        at = folded.find(needle)
        while at >= 0:  # every place, overlapping ones too
            held_at.append((at, at + len(needle), held))
            at = folded.find(needle, at + 1)
    if not held_at and not always:
        return []  # most memories of a reply: no piece may hold a relative phrase
    pieces = list(_PIECE.finditer(folded))
    kinds = [set(always) for _ in pieces]
    starts = [piece.start() for piece in pieces]
    for start, end, held in held_at:
        index = bisect.bisect_right(starts, start) - 1  # the piece holding ``start``
        if index >= 0 and end <= pieces[index].end():
            kinds[index] |= held
    return [(piece, frozenset(opened)) for piece, opened in zip(pieces, kinds, strict=True)]


def _past_in(said: Folded, sentence: re.Match[str], offset: int, m: re.Match[str]) -> bool:
    """Whether the clause of ``sentence`` (a match over ``said.folded``) holding ``m`` (a
    match over it from ``offset`` on) tells of a time gone by (``verb_tense``, read in the
    words as written)."""
    start, end = clause_around(sentence.group(0), offset - sentence.start() + m.start(),
                               offset - sentence.start() + m.end())
    return tells_past(said.original(sentence.start() + start, sentence.start() + end))


def told_days(text: str, said_on: dt.date) -> list[ToldDay]:
    """The relative phrases of a memory's text ("yesterday", "last Saturday", "hace dos
    semanas", "next month", "el viernes que viene") and the days they name as of ``said_on``,
    the day it was said, in the order written (``TOLD_DAYS_MOST`` at most). A reader asked
    "when did she go to the support group?" has "yesterday" in a turn said on 2023-05-08: the
    reply names 2023-05-07 rather than leave the sum to it."""
    said = Folded(text)
    folded = said.folded
    found: list[ToldDay] = []
    for piece, opened in _told_pieces(folded):
        rest, offset = piece.group(0), piece.start()
        while opened and rest and len(found) < TOLD_DAYS_MOST:
            # the phrase written first (a sentence may hold several kinds)
            past_at = functools.partial(_past_in, said, piece, offset)
            told = min(_told_all(rest, said_on, opened, past_at),
                       key=lambda t: (t[0].start(), -t[0].end()), default=None)
            if told is None:
                break
            m, span, approximate = told
            start, end = offset + m.start(), offset + m.end()
            phrase = said.original(start, end)
            if not any(f.phrase == phrase for f in found):
                found.append(ToldDay(phrase=phrase, span=span, approximate=approximate))
            rest, offset = rest[m.end():], end
    return found
