"""A memory of several lines (a chat session saved whole) is about a question when it stands out
of the question's crowd by ``ranking.SESSION_STANDOUT``, whatever its similarity; a one-line
memory keeps the floor (``STRONG_SIMILARITY``)."""

from __future__ import annotations

from actors.navigation import ranking
from actors.navigation.ranking import Evidence


def _seen(similarity: float, crowd: float, *, several_lines: bool) -> Evidence:
    # a question of two words, one of them held by seven memories of 34: no word decides
    return Evidence(coverage=0.27, words=frozenset({"mochi"}), rarest_df=7, asked=2,
                    similarity=similarity, dfs=(7,), compared=True, crowd=crowd,
                    several_lines=several_lines)


def test_a_session_standing_out_of_its_crowd_is_about_the_question() -> None:
    assert ranking.about(_seen(0.19, 0.07, several_lines=True), 34)
    assert not ranking.about(_seen(0.19, 0.07, several_lines=False), 34)


def test_the_standout_asked_of_a_session() -> None:
    assert ranking.SESSION_STANDOUT == 0.06
    assert ranking.SESSION_LINES == 4
    assert not ranking.about(_seen(0.15, 0.095, several_lines=True), 34)
    assert ranking.about(_seen(0.15, 0.085, several_lines=True), 34)


def test_a_session_not_compared_by_meaning_is_not_judged_by_it() -> None:
    seen = _seen(0.19, 0.07, several_lines=True)
    assert not ranking.about(Evidence(**{**seen.__dict__, "compared": False}), 34)


def test_a_session_holding_only_the_name_asked_is_judged_without_it() -> None:
    # close for the name alone: the question without it reaches the crowd, no more
    seen = _seen(0.19, 0.07, several_lines=True)
    assert not ranking.about(Evidence(**{**seen.__dict__, "beyond": (0.06, 0.05)}), 34)
    assert ranking.about(Evidence(**{**seen.__dict__, "beyond": (0.12, 0.05)}), 34)
