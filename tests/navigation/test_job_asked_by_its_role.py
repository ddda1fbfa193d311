""""What is Rohan's job?" asks where he works; with no employer told, what he does answers
it. An outside probe (probe44) got "No memory found ... 'job' together with 'Rohan'" while his
timeline held role = 'head of design'. "Where does he work?" is not answered by a role."""

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
