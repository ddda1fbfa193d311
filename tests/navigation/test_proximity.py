"""A long memory's best passage: the share of the question's words (weighted) it holds
together, and the search that ranks a session holding them in one turn first."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.proximity import best_passage_share
from tests.navigation.test_retrieval_rules import replies

FILLER = [
    "Ana: Haha stop, you always make me laugh.",
    "Ben: It has been grey and rainy all week here, honestly.",
    "Ana: I finished that detective series, what an ending!",
    "Ben: Jajaja no puede ser, cuéntame todo luego.",
    "Ana: I'm trying to drink more water, it's not going well.",
    "Ben: Se me olvidó cargar el celular otra vez.",
]


def _chat(day: str, told: list[tuple[int, str]], length: int = 30) -> str:
    lines = [FILLER[i % len(FILLER)] for i in range(length)]
    for at, line in sorted(told):  # at: its place in the whole
        lines.insert(at, line)
    return "\n".join([f"{day} — conversation between Ana and Ben", *lines])


def test_the_words_in_one_turn_are_all_together_and_scattered_ones_are_not() -> None:
    weights = {"class": 2.0, "tuesday": 1.0, "night": 1.0}
    one = _chat("2026-01-27", [(12, "Ana: I signed up for a pottery class on Tuesday nights.")])
    apart = _chat("2026-06-14", [(3, "Ana: Nobody else in class will have that name."),
                                 (15, "Ben: I was born on a Tuesday, apparently."),
                                 (26, "Ana: It's been freezing at night here.")])
    assert best_passage_share(one, weights) == pytest.approx(1.0)
    assert best_passage_share(apart, weights) == pytest.approx(0.5)
    # a question and the turn right after it (its answer) are one passage
    asked = _chat("2026-02-02", [(8, "Ben: ¿Tu clase es los martes?"),
                                 (9, "Ana: Yes, every Tuesday night, pottery class.")])
    assert best_passage_share(asked, {"clas": 1.0, "pottery": 1.0}) == pytest.approx(1.0)


def test_a_short_memory_and_a_weightless_question_are_one_passage() -> None:
    assert best_passage_share("Ana: class on Tuesday. Ben: at night", {"class": 1.0}) == 1.0
    assert best_passage_share(_chat("2026-01-27", []), {"ana": 0.0}) == 1.0


@pytest.mark.anyio
async def test_the_session_saying_it_in_one_turn_leads_the_one_with_the_words_apart(
        tmp_path: Path) -> None:
    # bbtest39: "What class does Maya take on Tuesday nights?" led by a session holding
    # "class", "Tuesday" and "night" in three turns far apart, more often than the session
    # whose one turn says all three
    apart = _chat("2026-06-14", [(2, "Ana: Nobody else in class will have that name, class "
                                     "clown."),
                                 (14, "Ben: Born on a Tuesday, like me, a Tuesday baby."),
                                 (27, "Ana: It's been freezing at night here, night after "
                                      "night.")])
    one = _chat("2026-01-27", [(20, "Ana: I signed up for a pottery class on Tuesday nights.")],
                length=40)
    other = _chat("2026-03-03", [(5, "Ben: Me uní a una orquesta, ensayan los jueves.")])
    for question in ("What class does Ana take on Tuesday nights?",
                     "¿Qué clase toma Ana los martes por la noche?"):
        result, = await replies(tmp_path / str(len(question)), (apart, other, one), (question,))
        assert result.hits and result.hits[0].timestamp.startswith("2026-01-27"), question
