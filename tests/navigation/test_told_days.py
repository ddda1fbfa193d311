"""A memory's relative phrases ("yesterday", "hace dos semanas", "next month") resolved as of
the day it was said (``time_ranges.told_days``): what a reply names beside the memory."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actors.facts.values import Folded
from actors.lazy_re import Regex
from actors.text import fold
from actors.time_ranges import (
    _TOLD_PATTERNS,
    TOLD_DAYS_MOST,
    DateRange,
    _told_kinds,
    _told_needles,
    _told_pieces,
    mentions,
    told_days,
)

SAID = dt.date(2026, 3, 14)  # a Saturday


def _told(text: str) -> list[tuple[str, str, str, bool]]:
    return [(d.phrase, d.span.start.isoformat(), d.span.end.isoformat(), d.approximate)
            for d in told_days(text, SAID)]


@pytest.mark.parametrize(("text", "phrase", "start", "end"), [
    ("I went to a support group yesterday.", "yesterday", "2026-03-13", "2026-03-13"),
    ("Last night was fun", "Last night", "2026-03-13", "2026-03-13"),
    ("Anoche tocamos Dvořák.", "Anoche", "2026-03-13", "2026-03-13"),
    ("the day before yesterday", "the day before yesterday", "2026-03-12", "2026-03-12"),
    ("I sprained it last Thursday", "last Thursday", "2026-03-12", "2026-03-12"),
    ("Fuimos el sábado pasado", "el sábado pasado", "2026-03-07", "2026-03-07"),
    ("hace 3 días", "hace 3 días", "2026-03-11", "2026-03-11"),
    ("We hiked last weekend", "last weekend", "2026-03-07", "2026-03-08"),
    ("La semana pasada abrió la clínica", "La semana pasada", "2026-03-02", "2026-03-08"),
    ("el mes pasado", "el mes pasado", "2026-02-01", "2026-02-28"),
    ("last year", "last year", "2025-01-01", "2025-12-31"),
    ("Mañana tengo examen", "Mañana", "2026-03-15", "2026-03-15"),
    ("Next Friday I sign", "Next Friday", "2026-03-20", "2026-03-20"),
    ("el viernes que viene cenamos", "el viernes que viene", "2026-03-20", "2026-03-20"),
    ("Mi madre viene el mes que viene", "el mes que viene", "2026-04-01", "2026-04-30"),
    ("la semana que viene", "la semana que viene", "2026-03-16", "2026-03-22"),
    ("We are moving next month!", "next month", "2026-04-01", "2026-04-30"),
])
def test_a_relative_phrase_names_its_days_as_of_the_day_said(
        text: str, phrase: str, start: str, end: str) -> None:
    assert _told(text) == [(phrase, start, end, False)]


def test_weeks_and_months_counted_are_about_that_day() -> None:
    assert _told("I bought it two weeks ago") == [
        ("two weeks ago", "2026-02-28", "2026-02-28", True)]
    assert _told("Nos vamos dentro de tres semanas") == [
        ("dentro de tres semanas", "2026-04-04", "2026-04-04", True)]


def test_the_morning_is_not_tomorrow() -> None:
    assert _told("Esta mañana corrí y por la mañana llovió") == []


def test_several_phrases_in_the_order_written_and_at_most_a_few() -> None:
    text = ("Fui al médico hace dos semanas y el sábado pasado a la playa. Ayer llovió. "
            "Mañana trabajo. Next month we fly. Last year too.")
    told = _told(text)
    assert [t[0] for t in told] == ["hace dos semanas", "el sábado pasado", "Ayer",
                                    "Mañana"][:TOLD_DAYS_MOST]
    assert _told("no time here at all") == []


# ---- the reading's shortcuts (fix-speed5): the same phrases as reading every character and
# every pattern of every sentence


def _per_character(text: str) -> tuple[str, list[int]]:
    """The folding ``Folded`` did before: each character folded alone, its positions."""
    folded: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        out = fold(ch)
        folded.append(out)
        where.extend([i] * len(out))
    return "".join(folded), where


@pytest.mark.parametrize("text", [
    "Ayer fuimos a Málaga", "ÉL VINO", "Straße gestern", "ﬁne yesterday",
    "e\u0301 and \u0301 alone",
    "İstanbul last night", "— hace dos semanas —", "日本 next month", "plain ascii Yesterday", ""])
def test_a_text_folds_as_each_of_its_characters_does(text: str) -> None:
    span = Folded(text)
    expected, positions = _per_character(text)
    assert span.folded == expected
    assert list(span._origin) == positions


_SENTENCES = [
    "I went to a support group yesterday", "anoche tocamos", "the day before yesterday",
    "last thursday i sprained it", "fuimos el sabado pasado", "hace 3 dias", "a month ago",
    "we hiked last weekend", "este fin de semana", "la semana pasada abrio", "el mes pasado",
    "last year", "this past monday", "manana tengo examen", "la manana fue larga",
    "pasado manana", "next friday i sign", "el viernes que viene", "el proximo mes",
    "in two weeks", "dentro de tres dias", "the day after tomorrow", "next weekend",
    "we talked about the pull request", "tres semanas", "previous month", "— 日本 last week"]


@pytest.mark.parametrize("sentence", _SENTENCES)
def test_a_relative_phrase_is_tried_whenever_it_matches(sentence: str) -> None:
    opened = _told_kinds(sentence)
    for pattern in _TOLD_PATTERNS:
        if pattern.search(sentence):
            assert pattern in opened, pattern.pattern
    assert not _TOLD_PATTERNS[0].flags & re.IGNORECASE  # needles are exact only case-sensitive


def test_a_sentence_without_their_words_tries_no_relative_phrase() -> None:
    assert _told_kinds("we talked about the pull request") == frozenset()
    assert len(_told_kinds("last night and next week")) < len(_TOLD_PATTERNS)


@pytest.mark.parametrize(("text", "phrase", "day"), [
    # said on Saturday 2026-03-14: the verb tells the Monday gone by or the one to come
    ("He had surgery on Monday.", "on Monday", "2026-03-09"),
    ("I start on Monday.", "on Monday", "2026-03-16"),
    ("Tuve un cálculo, el martes terminé en la emergencia.", "el martes", "2026-03-10"),
    ("El martes empiezo en el laboratorio.", "El martes", "2026-03-17"),
    ("my last day at work is this Friday", "this Friday", "2026-03-20"),
    ("Wednesday was a mess, the printer died.", "Wednesday", "2026-03-11"),
    ("On Thursday, we drove to Kinsale.", "On Thursday", "2026-03-12"),
    ("I'll call the plumber Tuesday.", "Tuesday", "2026-03-17"),
    ("Este jueves va a venir mi madre.", "Este jueves", "2026-03-19"),
])
def test_a_weekday_said_alone_is_the_last_or_the_next_by_its_verb(
        text: str, phrase: str, day: str) -> None:
    assert _told(text) == [(phrase, day, day, False)]


@pytest.mark.parametrize(("text", "phrase", "day"), [
    ("I start a week from Monday.", "a week from Monday", "2026-03-23"),
    ("The movers come two weeks from Tuesday.", "two weeks from Tuesday", "2026-03-31"),
    ("Nos vemos del viernes en ocho.", "del viernes en ocho", "2026-03-27"),
    ("a week from tomorrow", "a week from tomorrow", "2026-03-22"),
])
def test_weeks_from_a_day_count_from_the_coming_one(text: str, phrase: str, day: str) -> None:
    assert _told(text) == [(phrase, day, day, False)]


@pytest.mark.parametrize(("text", "day"), [
    ("I've been sick since Wednesday.", "2026-03-11"),
    ("Reservé mesa para el viernes.", "2026-03-20"),  # a past verb, a day to come
    ("The office is closed until Monday.", "2026-03-16"),
])
def test_since_looks_back_and_until_forward(text: str, day: str) -> None:
    assert [told[1] for told in _told(text)] == [day]


@pytest.mark.parametrize("text", [
    "I swim every Monday.", "Los martes tengo guitarra.", "Hoy es sábado, por fin.",
    "Bruno nació el martes 4 de agosto.", "Monday, March 16 is the deadline.",
    "Happy Black Friday!", "On Monday mornings I run.", "It's Friday!",
    "Es de lunes a viernes.", "I work Monday to Friday.", "Tuesday and Thursday I swim.",
    "Book club is the second Thursday of the month.", "Can you make the Friday one cheaper?",
    "Here is a plan: Monday cod with greens, Tuesday a curry, Wednesday prawn linguine.",
])
def test_a_habit_a_feast_a_dated_weekday_or_today_names_no_day(text: str) -> None:
    assert _told(text) == []


def test_a_day_said_by_its_distance_is_a_time_the_memory_names() -> None:
    # "What did Henrik do in March 2026?" asks of a turn of 28 February that starts a job on
    # 9 March; "this year" names no month of it (a week at most)
    march = DateRange(dt.date(2026, 3, 1), dt.date(2026, 3, 31))
    feb_28 = dt.date(2026, 2, 28)
    assert mentions("Henrik: I start at the lab a week from Monday.", march, feb_28)
    assert not mentions("Henrik: I had a cold on Thursday.", march, feb_28)
    assert not mentions("Henrik: a busy one this year.", march, dt.date(2026, 1, 5))


def _brute_kinds(piece: str) -> frozenset[Regex]:
    """The patterns one of whose needles ``piece`` holds, asked needle by needle."""
    return frozenset(pattern for pattern, found in _told_needles()
                     if found is None or any(needle in piece for needle in found))


_needle_words = sorted({n for _, found in _told_needles() for n in found or ()})
_pieces_text = st.lists(st.one_of(
    st.sampled_from(_needle_words), st.sampled_from(_needle_words).map(lambda n: n[1:]),
    st.sampled_from([" ", ".", "!", "?", ";", "\n", "a", "o", "s", "día", "x"])),
    max_size=30).map("".join)


@settings(max_examples=300, deadline=None)
@given(_pieces_text)
def test_each_piece_is_given_the_patterns_its_own_needles_open(text: str) -> None:
    """``_told_pieces`` looks for each needle once over the whole text; every piece still
    gets exactly the patterns a look inside that piece alone would give (a needle at a
    piece's first character, one running over a sentence mark, overlapping ones)."""
    pieces = _told_pieces(text)
    assert [piece.group(0) for piece, _ in pieces] in (
        [], re.findall(r"[^.!?;\n]+", text))
    for piece, opened in pieces:
        assert opened == _brute_kinds(piece.group(0)), piece.group(0)
        assert opened == _told_kinds(piece.group(0))
    if not pieces:
        assert all(not _brute_kinds(p) for p in re.findall(r"[^.!?;\n]+", text))
    assert _told_kinds(text) == _brute_kinds(text)
