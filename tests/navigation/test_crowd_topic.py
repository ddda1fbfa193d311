"""A question whose word many memories hold because they are about it is answered by them.

In a store of 1,600 notes of twelve kinds, 130 of them "Walked 7 km along the river in
Ghent.", "How far did I walk?" and "What happened at the meeting?" were "No memory found ...
the closest memories share only the common word 'walk'" (probe43), though a store of six
notes answers both with the walk and the meeting: "walk" was no specific word by its count,
and the walks filled the question's crowd, so none stood out of it by meaning. The crowd's
topic (``ranking.crowd_topic``) now counts as a specific word; a question naming what no
memory tells stays "No memory found".
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

_PEOPLE = ("Ingrid", "Tobias", "Wen", "Abebe", "Farah", "Kofi", "Yuki", "Noor", "Bram", "Greta")
_CITIES = ("Ghent", "Tallinn", "Cork", "Porto", "Lyon", "Graz", "Turku", "Bergen")
_TOPICS = ("the garden", "the budget", "the roof leak", "the quarterly report",
           "the book club", "the car insurance")


def _notes(count: int) -> list[str]:
    draw = random.Random(43)
    kinds = (
        lambda: f"Walked {draw.randint(3, 19)} km along the river in {draw.choice(_CITIES)}.",
        lambda: f"Meeting notes: {draw.choice(_PEOPLE)} and {draw.choice(_PEOPLE)} reviewed "
                f"{draw.choice(_TOPICS)}; no decision yet.",
        lambda: f"{draw.choice(_PEOPLE)} talked about {draw.choice(_TOPICS)} over coffee.",
        lambda: f"Cooked {draw.choice(('borscht', 'paella', 'goulash', 'pierogi'))} for dinner; "
                f"{draw.choice(_PEOPLE)} wants the recipe.",
        lambda: f"It was {draw.choice(('rainy', 'sunny', 'foggy', 'cold'))} in "
                f"{draw.choice(_CITIES)} today, stayed inside most of the afternoon.",
        lambda: f"Paid {draw.randint(12, 480)} euros for "
                f"{draw.choice(('groceries', 'a train ticket', 'new shoes'))}.",
        lambda: f"Installed {draw.choice(('ripgrep', 'tmux', 'htop', 'jq'))} on the laptop, it "
                f"is handy for daily work.",
        lambda: f"Watched a documentary about {draw.choice(('volcanoes', 'glaciers', 'bees'))} "
                f"with {draw.choice(_PEOPLE)}.",
    )
    return [kinds[n % len(kinds)]() for n in range(count)]


async def test_a_word_the_crowd_is_about_answers_and_a_never_stored_thing_does_not(
        tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for text in _notes(240):  # 30 walks, 30 meetings: "walk" in one memory of eight
            await save(rt, text)
        await embedded(rt)
        walk = await search(rt, "How far did I walk?")
        assert walk.status == "FOUND", walk.reason
        assert walk.hits[0].text.startswith("Walked")
        meeting = await search(rt, "What happened at the meeting?")
        assert meeting.status == "FOUND", meeting.reason
        assert meeting.hits[0].text.startswith("Meeting notes")
        for never in ("How far did I cycle?", "What happened at the dentist?",
                      "How far did I walk with my brother?"):
            assert (await search(rt, never)).status == "NONE", never
