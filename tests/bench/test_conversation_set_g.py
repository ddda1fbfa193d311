"""Integrity of conversation-g (bench/conversation_set_g.py), not search quality: every key
points at a turn, counts and orders name every part, an update's current turn is its newest,
and each never-stored question shares a word with the turn it resembles, as saved (a hard
negative)."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from bench.conversation_set_g import CATEGORIES, NEVER, QUESTIONS, TURNS
from bench.retrieval_bench import CONVERSATION_SETS

BY_KEY = {turn.key: turn for turn in TURNS}
_FUNCTION = frozenset("""a an the and or of in on at to for did does do what which who how many
    much is was has have user user's s el la los las un una de del en que qué cuántas cuántos
    usuario se le al""".split())


def _words(text: str) -> set[str]:
    folded = "".join(c for c in unicodedata.normalize("NFKD", text.lower())
                      if not unicodedata.combining(c))
    return set(re.findall(r"[a-z0-9]+", folded)) - _FUNCTION


def test_the_set_is_registered_and_its_keys_point_at_turns() -> None:
    assert CONVERSATION_SETS["conversation-g"].QUESTIONS is QUESTIONS
    assert [key for key, n in Counter(t.key for t in TURNS).items() if n > 1] == []
    for question in QUESTIONS:
        assert set(question.keys) | set(question.outdated) <= BY_KEY.keys(), question.text
        assert question.category in CATEGORIES, question.text
        assert not any(BY_KEY[key].distractor for key in question.keys), question.text
    assert {n.near for n in NEVER} <= BY_KEY.keys()


def test_counts_and_orders_name_every_part_and_updates_their_newest_turn() -> None:
    for question in QUESTIONS:
        if question.category in ("count", "order"):
            assert len(question.keys) >= 2, question.text
        if question.category == "update":
            assert len(question.outdated) >= 2, question.text
            newest = min(BY_KEY[key].date for key in question.keys)
            assert all(BY_KEY[old].date < newest for old in question.outdated), question.text


def test_the_mix_of_speakers_languages_and_questions() -> None:
    spanish = sum(turn.lang == "es" for turn in TURNS) / len(TURNS)
    assert 0.25 <= spanish <= 0.45
    assert sum(turn.speaker == "assistant" for turn in TURNS) >= len(TURNS) // 3
    assert 150 <= len(TURNS) <= 250 and 15 <= len(NEVER) <= 20
    assert {q.lang for q in QUESTIONS} == {"en", "es"} == {n.lang for n in NEVER}


def test_never_stored_questions_share_a_word_with_the_turn_they_resemble() -> None:
    # by a crude stem: "times" and "time", "moving" and "moved"
    def stems(text: str) -> set[str]:
        return {re.sub(r"(?:ing|ed|es|s)$", "", word)[:3] for word in _words(text)}

    apart = [never.text for never in NEVER
             if not stems(never.text) & stems(BY_KEY[never.near].content)]
    # a plausible thing or place never mentioned ("the user's dog", "el dentista") shares
    # only the user
    assert apart == ["What is the name of the user's dog?",
                     "¿Cuántas veces fue el usuario al dentista este año?"]
