"""A job told in passing, asked in other words (fix-attr, the outside probe46), end to end
through the real stdio server: a role of a noun no list holds ("as a trainee actuary at
Baillie Gifford", "me han dado el puesto en Ferrovial: jefe de obra") goes on the user's
timeline, dated by the start day told beside it, and "What do I do for a living these
days?" / "¿A qué nos dedicamos?" lead with its ``Current value`` line; a role asked when only
the employer was told answers with the employer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

FIRST = ("[2024-02-10] User: Rent is brutal, I take home 1,900 a month as a trainee actuary at "
         "Baillie Gifford. How much should I put aside?")
SECOND = ("[2024-09-14] User: ¡Por fin! Me han dado el puesto en Ferrovial: jefe de obra, "
          "41.000 al año. Empecé el lunes 2 de septiembre.")
ONLY_EMPLOYER = "[2024-05-04] User: I got the job at Scottish Water! Started on the 22nd of April."


async def test_a_role_told_in_passing_answers_the_job_asked_in_other_words(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "roles") as s:
        assert "user role = 'trainee actuary'" in await s.ok("save_memory", {"content": FIRST})
        saved = await s.ok("save_memory", {"content": SECOND})
        assert "user role = 'jefe de obra' (2024-09-02)" in saved, saved
        for question in ("What do I do for a living these days?", "¿A qué nos dedicamos?"):
            reply = await s.ok("search_memory", {"query": question})
            first = reply.splitlines()[0]
            assert first.startswith("Current value: user role = 'jefe de obra'"), reply
            assert "'trainee actuary'" in first, reply
        reply = await s.ok("search_memory", {"query": "What is my job now?"})
        assert reply.startswith("Current value: user employer = 'Ferrovial'"), reply


async def test_a_role_asked_when_only_the_employer_was_told_answers_with_it(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "employer") as s:
        saved = await s.ok("save_memory", {"content": ONLY_EMPLOYER})
        assert "user employer = 'Scottish Water' (2024-04-22)" in saved, saved
        reply = await s.ok("search_memory", {"query": "What do we do for a living?"})
        assert reply.startswith("Current value: user employer = 'Scottish Water'"), reply
