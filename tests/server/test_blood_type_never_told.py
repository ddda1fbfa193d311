"""A blood type asked that no memory gives (abstain, issue 18), end to end through the real
stdio server: "What is the user's blood type?" was answered by a blood test and the vet's
kidney check, the memories holding "blood". A blood type is told as one ("O negative", "A+",
"0 positivo") or by its own words ("my blood group"): no memory shown telling one, it was never
stored. Told once, in other words and in the other language, it is found, and leads the
reply over the exam and the blood test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("[2025-10-02] user: My GP checked my bloods, ferritin is low so I'm on iron tablets.",
         "[2025-11-14] user: The vet took blood from Luna, her kidneys are fine.",
         "[2026-01-09] user: Mi hermana Marta se ha hecho una analítica de sangre en ayunas.",
         "[2026-02-20] user: Went climbing with Iván at the new wall in Sants.",
         "[2026-02-27] user: Took the IELTS again, overall band 7.5, enough for the visa.",
         "[2026-03-01] user: Mi madre tiene la tensión alta, el médico le ha cambiado la "
         "pastilla.")
TOLD = ("[2026-03-05] user: Gave blood at the hospital today: they say I'm 0 negativo, gold "
        "dust.")


async def test_a_blood_type_no_memory_gives_is_not_found(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        for question in ("What is the user's blood type?",
                         "Which blood group is Marta?",
                         "¿Cuál es el grupo sanguíneo del usuario?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        await s.ok("save_memory", {"content": TOLD})
        for question in ("What is the user's blood type?",
                         "¿Cuál es el grupo sanguíneo del usuario?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "0 negativo" in reply.split("\n---", 1)[0], (question, reply)  # it leads
