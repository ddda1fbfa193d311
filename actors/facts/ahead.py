"""The day a change told ahead happens: "tomorrow", "next month", "el lunes", "in two weeks".

"I move to Stockport tomorrow" (``moves``) and "Starting at Channel 4 next month" (a new job,
``patterns``) tell a change and the day it becomes true, counted from the day they were said
(the memory's date). ``SOON`` says whether a sentence names such a day at all (a present tense
without one is a habit or a wish: "when I move to a new city"); ``day_ahead`` resolves it.

The conventions are those of ``actors.time_ranges`` read forwards: a week starts on its Monday
and a month on its 1st, so "next week" is the Monday after the week said in and "next month"
("el mes que viene") the 1st of the month after; "in two weeks" counts 14 days; a weekday
("on Monday", "el lunes") is its next occurrence after the day said; "this weekend" its
Saturday; a day of a month without its year ("on the 1st of August", "August 14") the
occurrence nearest the day said, "on the 1st" alone the next 1st, and a month alone ("in
July", "en julio") its next 1st.

Pure functions; no I/O, no clock. It must never move a day back: a past ("last week", "la
semana pasada") is not read here.
"""

from __future__ import annotations

import calendar
import datetime
import re
from collections.abc import Callable

from actors.dates import MONTHS, WEEKDAYS
from actors.facts.values import MONTHS_PATTERN, nearest_day
from actors.lazy_re import Regex, lazy_regex

WEEKDAY_NAMES = WEEKDAYS[:7]
"""The English weekdays in full, Monday first (``dates.WEEKDAYS`` lists them before their
abbreviations and the Spanish ones)."""
DIAS = WEEKDAYS[-7:]


def weekday_number(name: str) -> int:
    """Monday 0 ... Sunday 6, for a weekday named in full in English or Spanish (folded)."""
    return WEEKDAY_NAMES.index(name) if name in WEEKDAY_NAMES else DIAS.index(name)

_WEEKDAYS = "|".join(WEEKDAY_NAMES + DIAS)
_COUNTS = {"a": 1, "an": 1, "one": 1, "un": 1, "una": 1, "two": 2, "dos": 2, "three": 3,
           "tres": 3, "four": 4, "cuatro": 4, "five": 5, "cinco": 5, "six": 6, "seis": 6}
_COUNT = r"(?:\d{1,2}|" + "|".join(_COUNTS) + r")"
_MONTH_PART = (
    rf"(?:(?:in|by)\s+)?(?P<pe>early|mid|late)[\s-]+(?P<me>{MONTHS_PATTERN})|"
    r"at\s+the\s+(?P<pa>start|beginning|end)\s+of\s+"
    rf"(?P<ma>{MONTHS_PATTERN})|"
    r"(?:a|al|hacia)\s+(?:(?P<ps>principios|primeros|mediados|finales|fin)\s+de|"
    rf"final\s+de)\s+(?P<ms>{MONTHS_PATTERN})"
)
"""A part of a named month: "in early September", "at the end of May", "a principios de
septiembre", "a finales de mayo"."""

SOON_WORDS = (
    r"\b(?:tomorrow|today|tonight|this\s+(?:weekend|week|month)|"
    rf"(?:this|next)\s+(?:{_WEEKDAYS}|week|weekend|month|year)|on\s+(?:the\s+)?\d+(?:st|nd|rd|th)?|"
    rf"on\s+(?:{_WEEKDAYS}|{MONTHS_PATTERN})|in\s+(?:a|two|three|\d+)\s+(?:days?|weeks?|months?)|"
    rf"(?:in|en)\s+(?:{MONTHS_PATTERN})(?!\s*,?\s*(?:de\s+)?\d)|"
    rf"(?:{MONTHS_PATTERN})\s+[0-3]?\d(?:st|nd|rd|th)?(?!\s*,?\s*\d)|"
    r"in\s+a\s+fortnight|manana|hoy|esta\s+semana|este\s+(?:fin\s+de\s+semana|mes)|"
    r"la\s+(?:semana\s+que\s+viene|proxima\s+semana|semana\s+proxima)|"
    r"el\s+(?:mes|ano)\s+(?:que\s+viene|proximo)|el\s+proximo\s+(?:mes|ano)|"
    rf"el\s+(?:proximo\s+)?(?:{_WEEKDAYS}|\d+)|el\s+proximo|dentro\s+de|"
    r"en\s+(?:dos|tres|\d+)\s+(?:dias|semanas|meses)|" + _MONTH_PART + r")\b"
)
SOON = lazy_regex(SOON_WORDS)
"""A day word in the sentence (folded): the change is fixed, not a habit or a wish."""

_Resolve = Callable[[re.Match[str], datetime.date], datetime.date | None]


def _plus_days(days: int) -> _Resolve:
    return lambda _m, around: around + datetime.timedelta(days=days)


def _next_week(_m: re.Match[str], around: datetime.date) -> datetime.date:
    """The Monday of the week after the one ``around`` falls in."""
    return around + datetime.timedelta(days=7 - around.weekday())


def _next_month(_m: re.Match[str], around: datetime.date) -> datetime.date:
    """The 1st of the month after ``around``'s."""
    return (around.replace(day=1) + datetime.timedelta(days=32)).replace(day=1)


def _next_year(_m: re.Match[str], around: datetime.date) -> datetime.date:
    return datetime.date(around.year + 1, 1, 1)


def _counted(m: re.Match[str], around: datetime.date) -> datetime.date:
    """``around`` plus the days, weeks or months counted ("in two weeks", "dentro de un mes");
    a month later keeps the day of the month, or the month's last day when it has none."""
    count = int(m.group("n")) if m.group("n").isdigit() else _COUNTS[m.group("n")]
    unit = m.group("u")
    if unit.startswith(("week", "semana")):
        return around + datetime.timedelta(weeks=count)
    if unit.startswith(("month", "mes")):
        year, month = divmod(around.year * 12 + around.month - 1 + count, 12)
        last = calendar.monthrange(year, month + 1)[1]
        return datetime.date(year, month + 1, min(around.day, last))
    return around + datetime.timedelta(days=count)


def _weekday(m: re.Match[str], around: datetime.date) -> datetime.date:
    """The next day after ``around`` that is the weekday named."""
    name = m.group("w")
    target = weekday_number(name)
    return around + datetime.timedelta(days=(target - around.weekday() - 1) % 7 + 1)


def _weekend(_m: re.Match[str], around: datetime.date) -> datetime.date:
    """The Saturday of ``around``'s week (``around`` itself on a Saturday or a Sunday)."""
    return around if around.weekday() >= 5 else around + datetime.timedelta(
        days=5 - around.weekday())


def _month_ahead(m: re.Match[str], around: datetime.date) -> datetime.date:
    """The 1st of the next month of that name ("we're moving in July" said on 3 June is 1
    July), or ``around`` itself when said in that month: the month is all that is known."""
    month = MONTHS[m.group("m")]
    if month == around.month:
        return around
    year = around.year if month > around.month else around.year + 1
    return datetime.date(year, month, 1)


def _month_part(m: re.Match[str], around: datetime.date) -> datetime.date:
    """The named month's next start, middle or last days ("a principios de septiembre" said
    in July is 1 September; "late May" is the 25th), or ``around`` when said in that part of
    the month already."""
    part = m.group("pe") or m.group("pa") or m.group("ps") or "final"
    month = MONTHS[m.group("me") or m.group("ma") or m.group("ms")]
    day = {"mid": 15, "mediados": 15}.get(part, 1)
    if part in ("late", "end", "finales", "fin", "final"):
        day = 25
    year = around.year if (month, day) >= (around.month, around.day) else around.year + 1
    if month == around.month and day < around.day:
        return around
    return datetime.date(year, month, day)


def _month_day(m: re.Match[str], around: datetime.date) -> datetime.date | None:
    return nearest_day(m, around)


def _day_number(m: re.Match[str], around: datetime.date) -> datetime.date | None:
    """The next day of that number after ``around`` ("on the 1st" said on the 20th is the 1st of
    the next month); None for a number no month within a year has."""
    number = int(m.group("d"))
    year, month = around.year, around.month
    for _ in range(13):
        if number <= calendar.monthrange(year, month)[1] \
                and datetime.date(year, month, number) > around:
            return datetime.date(year, month, number)
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return None


_DAYS: tuple[tuple[Regex, _Resolve], ...] = (
    (lazy_regex(
        r"\b(?:on|el|from|desde|starting|a\s+partir\s+del?)\s+(?:"
        rf"(?P<m1>{MONTHS_PATTERN})\s+(?:the\s+)?(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?"
        rf"|(?:the\s+)?(?P<d2>[0-3]?\d)(?:st|nd|rd|th)?\s+(?:of\s+|de\s+)?(?P<m2>{MONTHS_PATTERN})"
        r")\b(?!,?\s*(?:de\s+|del\s+)?\d{4})"), _month_day),
    # a day of a month with no word before it: "I start at Ironwood August 14"
    (lazy_regex(rf"\b(?P<m1>{MONTHS_PATTERN})\s+(?P<d1>[0-3]?\d)(?:st|nd|rd|th)?\b"
                r"(?!\s*,?\s*\d)(?P<d2>)?(?P<m2>)?"), _month_day),
    (lazy_regex(r"\bpasado\s+manana\b"), _plus_days(2)),
    (lazy_regex(r"\b(?:tomorrow|(?<!\bla\s)manana)\b"), _plus_days(1)),
    (lazy_regex(r"\b(?:next\s+week|la\s+(?:semana\s+que\s+viene|proxima\s+semana|semana\s+"
                r"proxima))\b"), _next_week),
    (lazy_regex(r"\b(?:next\s+month|el\s+(?:mes\s+(?:que\s+viene|proximo)|proximo\s+mes))\b"),
     _next_month),
    (lazy_regex(r"\b(?:next\s+year|el\s+(?:ano\s+(?:que\s+viene|proximo)|proximo\s+ano))\b"),
     _next_year),
    (lazy_regex(r"\bin\s+a\s+fortnight\b"), _plus_days(14)),
    (lazy_regex(rf"\b(?:in|within|en|dentro\s+de)\s+(?P<n>{_COUNT})\s+"
                r"(?P<u>days?|weeks?|months?|dias?|semanas?|mes|meses)\b"), _counted),
    (lazy_regex(rf"\b(?:on|this|next|coming|el)\s+(?:(?:proximo|este)\s+)?(?P<w>{_WEEKDAYS})\b"),
     _weekday),
    (lazy_regex(r"\b(?:this\s+weekend|este\s+fin\s+de\s+semana)\b"), _weekend),
    (lazy_regex(r"\b(?:on\s+the|el\s+dia|el)\s+(?P<d>[0-3]?\d)(?:st|nd|rd|th)?\b"
                rf"(?!\s*(?:of\s+|de\s+)?(?:{MONTHS_PATTERN}))"), _day_number),
    (lazy_regex(r"\b(?:today|tonight|hoy|esta\s+noche)\b"), _plus_days(0)),
    (lazy_regex(r"\b(?:" + _MONTH_PART + r")\b"), _month_part),
    (lazy_regex(rf"\b(?:in|en|from|starting(?:\s+in)?|a\s+partir\s+de)\s+(?P<m>{MONTHS_PATTERN})"
                r"\b(?!\s*,?\s*(?:de\s+)?\d)"),
     _month_ahead),
)
"""Day words and how each resolves, the most precise first."""


def day_ahead(folded: str, around: datetime.date | None) -> datetime.date | None:
    """The day a change the (folded) sentence tells on ``around`` happens, by its first day
    word in ``_DAYS`` order; None when it names none or nothing is known of when it was
    said."""
    if around is None:
        return None
    for pattern, resolve in _DAYS:
        m = pattern.search(folded)
        if m is not None:
            return resolve(m, around)
    return None
