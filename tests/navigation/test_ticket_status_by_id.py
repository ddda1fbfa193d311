"""A ticket's status asked by its id (probe-agent2's failures 2 and 3): "Was DP-240
resolved?" led with "DP-313 closed: ..." (a later note sharing the code's words, and telling
a change, was taken for where DP-240's story went), and "Is KY-77 done?", an id no memory
holds, was answered by "KY-18 done" (the status word "done" counted as the rest of the
question a memory holds). The notes here are not the probe's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

NOTES = (
    "[2026-03-02] WX-88 (open): the rollup job skips rows where the sensor clock is unset.",
    "[2026-03-20] WX-88 fixed: unset sensor clocks now fall back to the gateway time and are "
    "marked in the column clock_guessed.",
    "[2026-05-11] WX-97 closed: the rollup job reads the sensor files in batches now; memory "
    "went from 6 GB to 700 MB.",
    "[2026-06-01] WX-12 done: the gateway retries uploads three times; merged.",
)


async def test_the_asked_ticket_leads_and_an_unheld_one_is_none(tmp_path: Path) -> None:
    asked = ("Was WX-88 resolved?", "Is WX-88 fixed?", "¿Se resolvió WX-88?",
             "Is WX-41 done?", "Was WX-41 merged?", "¿Está terminado WX-41?")
    found = await replies(tmp_path, NOTES, asked)
    for question, reply in zip(asked[:3], found[:3], strict=True):
        assert reply.hits and "WX-88 fixed" in reply.hits[0].text, (question, reply.hits[:2])
    for question, reply in zip(asked[3:], found[3:], strict=True):
        assert reply.status == "NONE", (question, reply.hits[:1])
