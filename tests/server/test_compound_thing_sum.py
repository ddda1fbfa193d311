"""A sum asked for a thing named by an English compound (fix-absent, issue 18), end to end
through the real stdio server: "How much does the user pay for the climbing gym now?" was "No
memory found" over "el rocódromo ha subido la cuota a 48 euros": the sum gate read the thing
paid for as the compound's first word ("climbing"), and no turn telling a fee held it. The
compound's last word names the thing ("gym"), and a turn naming either word tells a sum for
it. Asked in Spanish, the first word names it, as before; a thing the memories never priced
("the swimming goggles") stays "No memory found"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("[2026-01-12] user: I've signed up at a new pool near home.",
         "[2026-01-12] assistant: Nice! How much is it?",
         "[2026-01-12] user: 60 euros a month, towels included.",
         "[2026-02-10] user: Marta says I'm obsessed with swimming.",
         "[2026-02-10] assistant: A good obsession to have.",
         "[2026-03-05] user: Swimming tonight, my first night session of March.",
         "[2026-03-05] user: I need proper goggles. Which ones would you suggest for a beginner?",
         "[2026-03-05] assistant: Anti-fog ones with a soft seal.",
         "[2026-04-20] user: the pool has put its fee up to 65 euros.",
         "[2026-04-20] assistant: Five euros more, not nothing.")
ASKED = ("How much does the user pay for the swimming pool now?",
         "How much does the user pay for the swimming pool these days?",
         "¿Cuánto paga ahora el usuario por la piscina?")
NEVER = ("How much did the user pay for the swimming goggles?",
         "How much did the user pay for the swimming club?")


async def test_a_fee_told_of_the_compounds_last_word_is_answered(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        for question in ASKED:
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "65 euros" in reply.split("\n\n")[0], (question, reply)
        for question in NEVER:
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
