"""Integrity of the hand-written conversation set (bench/conversation_set.py), not search quality.

A wrong key or a mislabelled question would silently turn into a bench figure: a question
pointing at no turn scores as a miss forever, a "paraphrase" sharing a word with its answer
flatters the paraphrase figure, a never-stored question whose answer is stored counts a right
answer as a failure. These checks keep the labels honest when the set is edited.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections import Counter

from bench.conversation_set import CATEGORIES, NEVER, QUESTIONS, TURNS, Turn

BY_KEY = {turn.key: turn for turn in TURNS}

# Words that carry no topic: function words of both languages and the words of asking.
_FUNCTION = frozenset(
    """a an the and or but of in on at to for from with by about as is are was were be been
    do does did have has had will would can could should i my me we our you your he she his her
    it its they their them this that these those there here what which who whom whose when
    where why how much many any some not no yes so than then into out up over after before
    user user's users s t d ll ve re m
    el la los las un una unos unas de del al y o u en con por para que qué cual cuál quien
    quién cuando cuándo donde dónde como cómo cuanto cuánto cuánta cuántos cuántas se le les
    lo su sus mi mis es son fue ha han tiene tienen usuario usuaria a""".split()
)


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z0-9]+", _fold(text))) - {_fold(w) for w in _FUNCTION}


def test_keys_are_unique_and_every_question_points_at_existing_turns() -> None:
    counts = Counter(turn.key for turn in TURNS)
    assert [key for key, n in counts.items() if n > 1] == []
    for question in QUESTIONS:
        assert question.keys, question.text
        assert set(question.keys) <= BY_KEY.keys(), question.text
        assert set(question.outdated) <= BY_KEY.keys(), question.text
        assert question.category in CATEGORIES, question.text
    for never in NEVER:
        assert never.near in BY_KEY, never.text


def test_dates_are_real_days_and_languages_are_known() -> None:
    for turn in TURNS:
        dt.date.fromisoformat(turn.date)
        assert turn.content.startswith(turn.date + ": ")
        assert turn.lang in ("en", "es")
    assert {q.lang for q in QUESTIONS} == {"en", "es"}
    assert {n.lang for n in NEVER} == {"en", "es"}


def test_spanish_share_and_category_sizes_stay_in_their_bounds() -> None:
    spanish = sum(turn.lang == "es" for turn in TURNS) / len(TURNS)
    assert 0.15 <= spanish <= 0.35
    sizes = Counter(question.category for question in QUESTIONS)
    assert sizes["shared"] >= 15 and sizes["paraphrase"] >= 20
    assert sizes["cross"] >= 6 and sizes["update"] >= 5 and sizes["temporal"] >= 3
    assert sum(turn.distractor for turn in TURNS) >= 10
    assert len(NEVER) >= 10


def test_distractors_answer_nothing_and_never_stored_questions_are_not_asked_as_stored() -> None:
    answers = {key for question in QUESTIONS for key in question.keys}
    assert [key for key in answers if BY_KEY[key].distractor] == []
    asked = {_fold(question.text) for question in QUESTIONS}
    assert [n.text for n in NEVER if _fold(n.text) in asked] == []


def test_never_stored_questions_share_words_with_the_turn_they_resemble() -> None:
    """Otherwise "never stored -> NONE" would be measured on questions with nothing near
    (checked within one language: a Spanish question near an English turn shares meaning)."""
    for never in NEVER:
        if never.lang == BY_KEY[never.near].lang:
            assert _words(never.text) & _words(BY_KEY[never.near].text), never.text


def test_paraphrases_share_no_content_word_and_shared_word_questions_do() -> None:
    for question in QUESTIONS:
        answer_words = set().union(*(_words(BY_KEY[key].text) for key in question.keys))
        common = _words(question.text) & answer_words
        if question.category == "paraphrase":
            assert common == set(), (question.text, common)
        if question.category == "shared":
            assert common, question.text


def test_cross_language_questions_are_in_the_other_language() -> None:
    for question in QUESTIONS:
        if question.category == "cross":
            assert {BY_KEY[key].lang for key in question.keys} == {
                "es" if question.lang == "en" else "en"}, question.text
        if question.category in ("shared", "paraphrase"):
            assert {BY_KEY[key].lang for key in question.keys} == {question.lang}, question.text


def test_updates_answer_with_turns_newer_than_the_outdated_ones() -> None:
    def day(turn: Turn) -> dt.date:
        return dt.date.fromisoformat(turn.date)

    for question in QUESTIONS:
        if question.category == "update":
            assert question.outdated, question.text
            newest_old = max(day(BY_KEY[key]) for key in question.outdated)
            assert all(day(BY_KEY[key]) > newest_old for key in question.keys), question.text
        else:
            assert question.outdated == (), question.text


def test_temporal_questions_name_the_month_of_every_answer() -> None:
    months = {"march": 3, "february": 2, "january": 1, "junio": 6, "june": 6, "marzo": 3}
    for question in QUESTIONS:
        if question.category != "temporal":
            continue
        folded = _fold(question.text)
        year = re.search(r"\b(20\d\d)\b", folded)
        month = next(n for name, n in months.items() if name in folded)
        assert year, question.text
        for key in question.keys:
            asked = dt.date.fromisoformat(BY_KEY[key].date)
            assert (asked.year, asked.month) == (int(year.group(1)), month), question.text
