"""Integrity of conversation-h (bench/conversation_set_h.py), not search quality: it asks on
conversation-g's turns (imported, not copied), every key points at a turn, the questions are
put in the first or second person (no "the user", "the assistant", "el usuario"), about a
third in Spanish, and counts, orders and updates are shaped as conversation-g's are."""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex
from bench import conversation_set_g
from bench.conversation_set_h import CATEGORIES, NEVER, QUESTIONS, TURNS
from bench.retrieval_bench import CONVERSATION_SETS

BY_KEY = {turn.key: turn for turn in TURNS}
_THIRD = lazy_regex(r"\b(?:the\s+user|the\s+assistant|usuari[oa]|asistente)\b", re.IGNORECASE)
_PERSONAL = lazy_regex(r"\b(?:i|me|my|we|us|our|you|your|mi|mis|te|nos|vivo|tomo|pagaba)\b|"
                       r"(?:aste|iste|é)\b|\bhe\s+\w*(?:ado|ido)\b", re.IGNORECASE)


def test_the_set_is_registered_and_asks_on_conversation_gs_turns() -> None:
    assert CONVERSATION_SETS["conversation-h"].QUESTIONS is QUESTIONS
    assert TURNS is conversation_set_g.TURNS
    assert not {q.text for q in QUESTIONS} & {q.text for q in conversation_set_g.QUESTIONS}
    for question in QUESTIONS:
        assert set(question.keys) | set(question.outdated) <= BY_KEY.keys(), question.text
        assert question.category in CATEGORIES, question.text
    assert {n.near for n in NEVER} <= BY_KEY.keys()


def test_every_question_is_asked_in_the_first_or_second_person() -> None:
    for text in (*(q.text for q in QUESTIONS), *(n.text for n in NEVER)):
        assert not _THIRD.search(text), text
        assert _PERSONAL.search(text), text


def test_the_mix_of_languages_and_kinds() -> None:
    spanish = sum(q.lang == "es" for q in QUESTIONS) / len(QUESTIONS)
    assert 0.25 <= spanish <= 0.4
    assert 35 <= len(QUESTIONS) <= 50 and 12 <= len(NEVER) <= 20
    assert {q.category for q in QUESTIONS} == set(CATEGORIES)
    assert {n.lang for n in NEVER} == {"en", "es"}
    for question in QUESTIONS:
        if question.category in ("count", "order"):
            assert len(question.keys) >= 2, question.text
        if question.category == "update":
            assert question.outdated, question.text
            newest = min(BY_KEY[key].date for key in question.keys)
            assert all(BY_KEY[old].date < newest for old in question.outdated), question.text
