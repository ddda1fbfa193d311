"""Integrity of bench/conversation_set_e.py (answers told by several memories), not quality:
a key pointing at no turn, or a question with one part, would silently become a figure."""

from __future__ import annotations

import datetime as dt
from collections import Counter

from bench import conversation_set_e as cset

BY_KEY = {turn.key: turn for turn in cset.TURNS}


def test_every_question_names_two_parts_or_more_said_by_the_user() -> None:
    assert [key for key, n in Counter(t.key for t in cset.TURNS).items() if n > 1] == []
    for question in cset.QUESTIONS:
        assert len(question.keys) >= 2, question.text
        assert set(question.keys) <= BY_KEY.keys(), question.text
        assert all(BY_KEY[key].speaker == "user" for key in question.keys), question.text
        assert question.category in cset.CATEGORIES, question.text
    assert all(never.near in BY_KEY for never in cset.NEVER)


def test_each_half_asks_in_both_languages_and_the_parts_are_of_other_days() -> None:
    for part in (slice(0, None, 2), slice(1, None, 2)):
        assert {q.lang for q in cset.QUESTIONS[part]} == {"en", "es"}
    for turn in cset.TURNS:
        dt.date.fromisoformat(turn.date)
    for question in cset.QUESTIONS:  # parts of other sessions: no neighbour answers them
        assert len({BY_KEY[key].date for key in question.keys}) == len(question.keys)
