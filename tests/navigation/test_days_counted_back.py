"""Times a question counts back from today ("yesterday", "last weekend", "last Saturday",
"three weeks ago", and their Spanish) name days: memories dated then rank first, a past-time
attribute question answers with the value then."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from actors.time_ranges import asked_range, stated_today
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, ids, save, search

WEDNESDAY = dt.date(2024, 6, 5)
SATURDAY = dt.date(2024, 6, 8)


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


@pytest.mark.parametrize(("question", "today", "start", "end"), [
    ("What did I do yesterday?", WEDNESDAY, "2024-06-04", "2024-06-04"),
    ("¿Qué compré ayer?", WEDNESDAY, "2024-06-04", "2024-06-04"),
    ("Where was I the day before yesterday?", WEDNESDAY, "2024-06-03", "2024-06-03"),
    ("¿Y anteayer?", WEDNESDAY, "2024-06-03", "2024-06-03"),
    ("What did I cook last weekend?", WEDNESDAY, "2024-06-01", "2024-06-02"),
    ("What did I cook last weekend?", SATURDAY, "2024-06-01", "2024-06-02"),
    ("¿Qué hicimos el fin de semana pasado?", WEDNESDAY, "2024-06-01", "2024-06-02"),
    ("What are we doing this weekend?", WEDNESDAY, "2024-06-08", "2024-06-09"),
    ("¿Qué hacemos este fin de semana?", SATURDAY, "2024-06-08", "2024-06-09"),
    ("Who did I meet last Saturday?", WEDNESDAY, "2024-06-01", "2024-06-01"),
    ("Who did I meet last Wednesday?", WEDNESDAY, "2024-05-29", "2024-05-29"),
    ("¿A quién vi el sábado pasado?", SATURDAY, "2024-06-01", "2024-06-01"),
    # "... ago" is that day give or take part of the unit: people round
    ("What did I buy two days ago?", WEDNESDAY, "2024-06-02", "2024-06-04"),
    ("What did I start three weeks ago?", WEDNESDAY, "2024-05-12", "2024-05-18"),
    ("¿Qué empecé hace dos semanas?", WEDNESDAY, "2024-05-19", "2024-05-25"),
    ("Where did I live a year ago?", WEDNESDAY, "2023-04-22", "2023-07-21"),
    ("¿Dónde vivía hace un año?", WEDNESDAY, "2023-04-22", "2023-07-21"),
])
def test_a_time_counted_back_from_today_names_its_days(question: str, today: dt.date,
                                                         start: str, end: str) -> None:
    span = asked_range(question, today)
    assert span is not None and (span.start, span.end) == (day(start), day(end))


@pytest.mark.parametrize("question", [
    "What is Diego's last name?", "How many days ago did I buy the bike?",
    "Which weekend bag did you recommend?", "What did I name the dog?"])
def test_no_time_is_named_without_a_count_or_a_day(question: str) -> None:
    assert asked_range(question, WEDNESDAY) is None


@pytest.mark.anyio
async def test_memories_of_the_day_counted_back_rank_first(tmp_path: Path) -> None:
    today = dt.datetime.now(dt.UTC).date()
    yesterday, weeks = today - dt.timedelta(days=1), today - dt.timedelta(days=21)
    async with Runtime(tmp_path) as rt:
        older = await save(rt, f"{weeks.isoformat()}: Went to the climbing gym with Ana.")
        recent = await save(rt, f"{yesterday.isoformat()}: Went to the climbing gym alone.")
        await embedded(rt)
        assert ids(await search(rt, "Who did I go climbing with three weeks ago?"))[:1] == \
            [older]
        assert ids(await search(rt, "Who did I go climbing with yesterday?"))[:1] == [recent]


@pytest.mark.parametrize(("question", "stated", "rest"), [
    ("Today is 2024-03-02. About how many months ago did I adopt Biscuit?", "2024-03-02",
     "About how many months ago did I adopt Biscuit?"),
    ("Hoy es 2024-09-20. ¿Cuánto tiempo llevamos comprometidos?", "2024-09-20",
     "¿Cuánto tiempo llevamos comprometidos?"),
    ("Today is 2023/05/30 (Tue) 23:40. What did I buy?", "2023-05-30", "What did I buy?"),
    ("Current date: March 2, 2024. Where do I live?", "2024-03-02", "Where do I live?"),
])
def test_a_question_may_say_which_day_it_is_asked_on(question: str, stated: str,
                                                     rest: str) -> None:
    assert stated_today(question) == (day(stated), rest)


@pytest.mark.parametrize("question", ["What did I do today?",
                                      "Today is a good day: where do I live?",
                                      "I moved. Today is 2024-03-02, where do I live?"])
def test_a_question_that_names_no_day_of_its_own_is_asked_now(question: str) -> None:
    assert stated_today(question) is None


@pytest.mark.anyio
async def test_a_question_asked_on_a_day_of_its_own_counts_back_from_it(
        tmp_path: Path) -> None:
    # a benchmark's "Today is 2024-06-05. What did I cook last weekend?": last weekend is of
    # that day (not of the clock's), and what was said after that day is not yet said
    async with Runtime(tmp_path) as rt:
        weekend = await save(rt, "2024-06-01: Cooked a big paella for the neighbours.")
        await save(rt, "2024-05-04: Cooked lentil soup for the week.")
        later = await save(rt, "2024-06-15: Cooked a risotto for Ana's birthday.")
        await embedded(rt)
        found = await search(rt, "Today is 2024-06-05. What did I cook last weekend?")
        assert ids(found)[:1] == [weekend] and later not in ids(found)
        assert found.as_of is not None and found.as_of.startswith("2024-06-05")


@pytest.mark.parametrize(("question", "yearless"), [
    ("What did I buy in September?", True), ("¿Qué hice en verano?", True),
    ("What did I buy in September 2025?", False), ("What did I do last week?", False),
    ("What happened in early March?", True), ("Where was I in summer 2024?", False),
])
def test_a_month_or_season_without_its_year_says_so(question: str, yearless: bool) -> None:
    span = asked_range(question, dt.date(2026, 12, 5))
    assert span is not None and span.yearless is yearless


def test_the_same_days_a_year_before() -> None:
    leap = asked_range("what did I do in February?", dt.date(2024, 3, 10))
    assert leap is not None and leap.end == dt.date(2024, 2, 29)
    before = leap.year_before()
    assert (before.start, before.end) == (dt.date(2023, 2, 1), dt.date(2023, 2, 28))
    assert before.phrase == leap.phrase and before.yearless


@pytest.mark.parametrize(("question", "first", "last"), [
    ("What happened in the first week of September?", dt.date(2026, 9, 1),
     dt.date(2026, 9, 7)),
    ("¿Qué pasó la primera semana de septiembre?", dt.date(2026, 9, 1), dt.date(2026, 9, 7)),
    ("What did we change in the third week of April?", dt.date(2026, 4, 15),
     dt.date(2026, 4, 21)),
    ("What did we ship in the last week of February 2026?", dt.date(2026, 2, 22),
     dt.date(2026, 2, 28)),
    ("¿Qué cambiamos la última semana de mayo?", dt.date(2026, 5, 25), dt.date(2026, 5, 31)),
    ("What did I do last week?", dt.date(2026, 11, 23), dt.date(2026, 11, 29)),
])
def test_a_week_of_a_month_is_its_seven_days(question: str, first: dt.date,
                                              last: dt.date) -> None:
    span = asked_range(question, dt.date(2026, 12, 6))
    assert span is not None and (span.start, span.end) == (first, last)
