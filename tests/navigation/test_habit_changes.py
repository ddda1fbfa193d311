"""A habit or a state changed in words of its own (issue 18, "corrections in other words":
"since August I only drink decaf", "I don't run anymore", "dejé de usar Trello"): a question in
the present about it leads with the later memory telling the user's change
(``ranking.newest_leads``, ``stories.tells_own_change``); a later memory naming the same thing
with no change, or telling someone else's change, does not take the lead. Through the real
actors and files; each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.asked_person import asks_of_the_user
from ihmt_async.runtime import Runtime
from tests.navigation.test_knowledge_updates import fill
from tests.navigation.test_retrieval_rules import ids, search

pytestmark = pytest.mark.anyio

CHANGED = (
    (("[2025-03-02] Tomo el café solo, sin azúcar, todas las mañanas.",
      "[2025-09-14] Desde agosto solo tomo café descafeinado, el médico me lo recomendó."),
     ("¿Cómo tomo el café?", "¿Cómo tomo el café ahora?")),
    (("[2025-01-10] I live in Madrid, in a flat in Lavapiés.",
      "[2025-06-20] I moved to Valencia last month."),
     ("where is my flat?",)),
    (("[2024-03-01] I run 5k three times a week along the canal.",
      "[2024-09-10] I don't run anymore because of my knee, I swim instead."),
     ("How often do I run?",)),
    (("[2024-02-10] I cycle to the office every morning, it takes twenty minutes.",
      "[2024-10-01] Since September I take the train to the office instead of cycling."),
     ("How do I get to the office?",)),
    (("[2024-02-01] I smoke about ten cigarettes a day, mostly after lunch.",
      "[2024-11-05] I quit smoking in October, I use nicotine patches now."),
     ("Do I smoke?",)),
)
"""(earlier, later) and the questions the later one answers."""

UNCHANGED = (
    (("[2024-03-01] I cycle to work along the river every day.",
      "[2024-07-09] Got a puncture on the river path, fixed it at the bike shop near work."),
     "How do I get to work?"),
    (("[2024-01-10] I write code in Vim every day at work.",
      "[2024-05-10] My colleague switched to VS Code and keeps telling me to try it for work."),
     "What editor do I use for code?"),
    (("[2024-01-10] Desayuno tostadas con tomate todos los días.",
      "[2024-06-10] Mi hermano ahora desayuna tostadas con aguacate."),
     "¿Qué desayuno?"),
)
"""(earlier, later) where the later changes nothing of the user's, and the question the
earlier one answers."""


@pytest.mark.parametrize(("notes", "questions"), CHANGED)
async def test_a_habit_changed_in_other_words_leads(
        tmp_path: Path, notes: tuple[str, str], questions: tuple[str, ...]) -> None:
    async with Runtime(tmp_path) as rt:
        earlier, later = await fill(rt, notes)
        for question in questions:
            result = await search(rt, question)
            assert result.status in ("FOUND", "AMBIGUOUS"), question
            assert ids(result)[:2] == [later, earlier], question


@pytest.mark.parametrize(("notes", "question"), UNCHANGED)
async def test_a_later_mention_without_the_users_change_does_not_lead(
        tmp_path: Path, notes: tuple[str, str], question: str) -> None:
    async with Runtime(tmp_path) as rt:
        earlier, later = await fill(rt, notes)
        result = await search(rt, question)
        assert ids(result)[:1] == [earlier]
        assert all(hit.currency == "CURRENT" for hit in result.hits)


@pytest.mark.parametrize(
    ("question", "of_the_user"),
    [("How often do I run?", True), ("¿Qué desayuno?", True),
     ("On which ward at Crumlin does the user work?", True),
     ("¿Dónde trabaja el usuario ahora?", True),
     ("What does my sister drink?", False), ("What does Kenji drink now?", False),
     ("¿Qué desayuna mi hermano?", False)],
)
def test_a_question_asks_how_things_stand_for_the_user(question: str, of_the_user: bool) -> None:
    # only the user's own change answers it (``asks_of_the_user`` picks ``tells_own_change``)
    assert asks_of_the_user(question) is of_the_user
