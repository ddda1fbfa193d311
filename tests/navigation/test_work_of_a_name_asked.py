"""Someone's work asked without the word "job" ("¿A qué se dedica Tomasz?", "What does Tomasz
do for a living?", "¿En qué trabaja Tomasz?") is judged as "What is Tomasz's job?" is
(``apart._work_unsaid``), a trade's noun on his days telling it too (issue 18): over days
saying only "he turns 35 ... He's into board games" it was answered with them at confidence
0.33; a job told by a pronoun on the person's day ("Dana: He's a carpenter") still answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_asked_beyond_names import TURNS as LIOR
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TOMASZ = (
    "[2025-03-05] Nora: Tomasz turns 35 on Saturday. He's into board games, so we got him "
    "Wingspan.",
    "[2025-03-06] Nora: Tomasz, he's a big fan of Catan, wants a rematch on Sunday.",
    "[2025-03-07] Nora: Facundo took us to the point break at dawn, the waves were huge.",
)
ASKED = ("¿A qué se dedica Tomasz?", "What does Tomasz do for a living?",
         "¿En qué trabaja Tomasz?", "What is Tomasz's job?")


async def test_work_never_told_of_a_name_is_never_stored_in_any_wording(
        tmp_path: Path) -> None:
    for question, reply in zip(ASKED, await replies(tmp_path, TOMASZ, ASKED), strict=True):
        assert reply.status == "NONE", (question, reply.status, reply.reason)
        # the reason quotes only the question's own words (fix-words): "job" where asked so,
        # else the work said unquoted
        said = "'job' together with 'Tomasz'" if "job" in question else "Tomasz's work"
        assert said in (reply.reason or ""), (question, reply.reason)
        assert "job" in question or "'job'" not in (reply.reason or ""), question


async def test_a_trade_told_on_the_name_s_day_still_answers(tmp_path: Path) -> None:
    asked = ("¿A qué se dedica Lior?", "What does Lior do for a living?")
    for question, reply in zip(asked, await replies(tmp_path, LIOR, asked), strict=True):
        assert reply.status == "FOUND", (question, reply.reason)
        assert "carpenter" in " ".join(
            hit.text + (hit.next_turn.text if hit.next_turn else "") for hit in reply.hits)
