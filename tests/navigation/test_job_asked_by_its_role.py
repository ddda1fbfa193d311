""""What is Rohan's job?" asks where he works; with no employer told, what he does answers
it. An outside probe (probe44) got "No memory found ... 'job' together with 'Rohan'" while his
timeline held role = 'head of design'. "Where does he work?" is not answered by a role. "What
does Koldo do?" is answered by what he does; "What does pytest do?" by the note about it."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.navigation.messages import Search
from actors.provenance import Provenance
from ihmt_async import render
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

TURNS = [
    "[2025-01-11] Rohan: Big news: they finally made me a project architect.",
    "[2025-11-15] Rohan: Work update: Gwen left, and I've been made head of design.",
    "[2025-09-20] Rohan: Freya is settling in at the practice, mostly cats and dogs now.",
]


async def reply(rt: Runtime, query: str) -> str:
    return render.render_search(await rt.navigation.ask(Search(query=query)))


@pytest.mark.parametrize("question", ["What is Rohan's job?", "What is Rohan's job now?",
                                      "What's Rohan's current job?"])
async def test_the_job_asked_is_the_role_when_no_employer_is_told(
        tmp_path: Path, question: str) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for turn in TURNS:
            await rt.ingest.ask(Save(content=turn, provenance=Provenance(agent="t")))
        first_line = (await reply(rt, question)).split("\n")[0]
        assert first_line.startswith("Current value: Rohan role = 'head of design'"), first_line


async def test_where_one_works_is_not_answered_by_the_role(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for turn in TURNS:
            await rt.ingest.ask(Save(content=turn, provenance=Provenance(agent="t")))
        assert "Current value" not in await reply(rt, "Where does Rohan work now?")


async def test_what_someone_does_is_their_role_and_a_tool_s_is_its_note(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for text in ["pytest runs the unit tests; use -n 2 for two workers.",
                     "[2025-10-18] Inés: Y he conocido a alguien... se llama Koldo, es cocinero "
                     "en un restaurante del Casco Viejo.",
                     "[2025-11-15] Inés: ¡Genial! Koldo os va a hacer una cena."]:
            await rt.ingest.ask(Save(content=text, provenance=Provenance(agent="t")))
        koldo = await reply(rt, "What does Koldo do?")
        assert koldo.startswith("Current value: Koldo role = 'cocinero'"), koldo
        pytest_reply = await reply(rt, "What does pytest do?")
        assert "pytest runs the unit tests" in pytest_reply.split("---")[0], pytest_reply
