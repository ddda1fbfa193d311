"""Dates in English and Spanish text."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from actors.dates import LEADING_DATE, find_dates, opening_day, parse_date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2024-07-22", dt.date(2024, 7, 22)),
        ("2024-07-22T10:00 standup", dt.date(2024, 7, 22)),
        ("22 de julio de 2024: llegamos", dt.date(2024, 7, 22)),
        ("22 julio 2024", dt.date(2024, 7, 22)),
        ("August 30, 2026", dt.date(2026, 8, 30)),
        ("30 August 2026", dt.date(2026, 8, 30)),
        ("03/02/2026", dt.date(2026, 2, 3)),
        ("03-02-2026", dt.date(2026, 2, 3)),
        ("Lunes, 3 de marzo de 2025", dt.date(2025, 3, 3)),
        ("Monday, March 3, 2025", dt.date(2025, 3, 3)),
        ("miércoles 5 de MARZO de 2025", dt.date(2025, 3, 5)),
        ("Miercoles 5 de marzo de 2025", dt.date(2025, 3, 5)),
        ("## Sábado, 1 de febrero del 2025", dt.date(2025, 2, 1)),
        ("\n\n  - 1 septiembre 2024 nota", dt.date(2024, 9, 1)),
        ("[2024-05-01 10:00] Ana: hola", dt.date(2024, 5, 1)),
        # a chat log's header with the time first (LoCoMo's sessions) or after the day
        ("[1:56 pm on 8 May, 2023] Bea: hi", dt.date(2023, 5, 8)),
        ("10:37 am on 27 June, 2023: Oskar: hey", dt.date(2023, 6, 27)),
        ("[8 May 2023, 1:56 pm] Bea: hi", dt.date(2023, 5, 8)),
        ("17:05, 3 de marzo de 2025 - Ana: hola", dt.date(2025, 3, 3)),
        # a day named as a session's or a day's, a month alone
        ("Session on 8 May 2023 at 1:56 pm\nWill: hi", dt.date(2023, 5, 8)),
        ("Sesión del 3 de marzo de 2025, 18:00\nLucía: hola", dt.date(2025, 3, 3)),
        ("On 8 May 2023, Nora sold the van", dt.date(2023, 5, 8)),
        ("May 2023: Rosa started at the bakery", dt.date(2023, 5, 1)),
        ("Mayo de 2024: empecé en Indra", dt.date(2024, 5, 1)),
        # a labelled header, as exports and clients write a session's date
        ("Session date: 2023/05/20 (Sat) 02:21\nuser: hi", dt.date(2023, 5, 20)),
        ("Date: 2024-03-02\nI moved", dt.date(2024, 3, 2)),
        ("[Date: 2024-03-02] I moved", dt.date(2024, 3, 2)),
        ("Fecha: 3 de marzo de 2025\nAna: hola", dt.date(2025, 3, 3)),
        ("Timestamp: 2024-03-02T10:00:00Z - deploy", dt.date(2024, 3, 2)),
    ],
)
def test_formats(text: str, expected: dt.date) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    "text",
    ["2024-02-30", "31/04/2025", "32 de enero de 2024", "February 29, 2023", "2024-13-01",
     "I called on 2024-07-22", "no date here", "", "12:30 lunch", "2024 was a good year",
     "Time: 10:00 standup", "Release date: 2024-03-02 was missed"],
)
def test_not_a_date_at_start(text: str) -> None:
    assert parse_date(text) is None


def test_find_dates_anywhere_in_order_skipping_invalid() -> None:
    text = "Met on 2024-01-05, again on August 3, 2024 and el 31/12/2023; not 2024-02-30."
    assert find_dates(text) == [dt.date(2024, 1, 5), dt.date(2024, 8, 3), dt.date(2023, 12, 31)]


@given(st.text(max_size=200))
def test_never_raises(text: str) -> None:
    result = parse_date(text)
    assert result is None or isinstance(result, dt.date)
    assert all(isinstance(d, dt.date) for d in find_dates(text))


@pytest.mark.parametrize(
    ("text", "day", "rest"),
    [("[1:56 pm on 8 May, 2023] Bea: I moved", dt.date(2023, 5, 8), "Bea: I moved"),
     ("2026-02-14: My bank is ING.", dt.date(2026, 2, 14), "My bank is ING."),
     ("[2026-02-14T10:32:00Z] user: hi", dt.date(2026, 2, 14), "user: hi"),
     ("3 de marzo de 2025, 10:00 - Ana: hola", dt.date(2025, 3, 3), "Ana: hola"),
     ("2026-13-45: not a day", None, "not a day"),
     ("2023/05/20 (Sat) 02:21\nuser: I adopted a cat", dt.date(2023, 5, 20),
      "user: I adopted a cat"),
     ("Session date: 2023/05/20 (Sat) 02:21\n\nuser: hi", dt.date(2023, 5, 20), "user: hi"),
     ("Date: tomorrow we ship", None, "Date: tomorrow we ship"),
     ("On 8 May 2023, Nora sold the van", dt.date(2023, 5, 8), "Nora sold the van"),
     ("May I ask 2023 questions?", None, "May I ask 2023 questions?"),
     ("10 people came on 3 May 2026", None, "10 people came on 3 May 2026")],
)
def test_the_date_a_text_opens_with_is_read_and_set_apart(text: str, day: dt.date | None,
                                                          rest: str) -> None:
    # what a memory says without its day (speakers, answers, the model's reading) is the
    # same whichever way its day is written
    assert opening_day(text)[0] == day
    assert LEADING_DATE.sub("", text) == rest


def test_a_month_is_a_day_only_where_a_memory_opens() -> None:
    # "May 2023: ..." is a note of May 2023; "since May 2023" inside a sentence names no day
    assert find_dates("I have lived here since May 2023.") == []
