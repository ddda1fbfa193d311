"""A job told by a pronoun in the sentence after the one naming the person ("I met my
neighbour Iker. He's a firefighter.") is on that person's timeline (issue 18), end to end
through the real stdio server, in English and Spanish; with a second candidate before the
pronoun ("I met Iker and Ane. She's a nurse.") it is no one's (``pronoun_told``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


async def test_a_job_told_by_a_pronoun_is_the_named_persons(tmp_path: Path) -> None:
    async with server_session(tmp_path / "pronoun") as s:
        saved = await s.ok("save_memory", {
            "content": "[2025-03-09] User: I met my neighbour Iker at the bakery. He's a "
                       "firefighter at the station on Gran Vía."})
        assert "Iker role = 'firefighter'" in saved, saved
        saved = await s.ok("save_memory", {
            "content": "[2025-03-10] User: Ayer cené con mi prima Itziar. Trabaja de "
                       "enfermera en el Clínico."})
        assert "Itziar role = 'enfermera'" in saved, saved
        saved = await s.ok("save_memory", {
            "content": "[2025-03-11] User: I had coffee with Jon and Ane. She's a nurse."})
        assert "role" not in saved, saved
        for question in ("What does Iker do?", "What is Iker's job?", "¿A qué se dedica Iker?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("Current value: Iker role = 'firefighter'"), \
                (question, reply)
        reply = await s.ok("search_memory", {"query": "¿De qué trabaja Itziar?"})
        assert reply.startswith("Current value: Itziar role = 'enfermera'"), reply
