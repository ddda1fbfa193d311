"""A note opening with a verb and what it acted on ("Dejamos Netlify: el panel ... se despliega
ahora en Cloud Run", "Switched Postmark: ...") is the agent's note, not a line spoken by someone
named "Dejamos Netlify", end to end through the real stdio server (issue 18, the engineering
set): read as another speaker's line, the correction was passed over and "¿Dónde se despliega
ahora el panel de clientes?" led with the outdated Netlify note. A name before a colon still
speaks ("Jared Smith: ...")."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.facts.speakers import speaker_of
from tests.mcp_client import server_session, wait_until

pytestmark = pytest.mark.anyio

NOTES = (
    "[2026-02-21] El panel de clientes se despliega en Netlify: cada PR tiene su preview.",
    "[2026-04-02] The customer panel moved to Node 22, and the CI image too.",
    "[2026-05-11] The orders API listens on port 8081 locally.",
    "[2026-06-12] Los tests del panel se lanzan con `pnpm test`.",
    "[2026-07-13] Sentry alerts for the panel go to the #ops channel.",
    "[2026-09-03] Dejamos Netlify: el panel de clientes se despliega ahora en Cloud Run, por "
    "coste.",
    "[2026-10-14] Switched Postmark: invoice emails now go out through Amazon SES.",
    # saved last: once it is offered by meaning, every note before it has its vector
    "[2026-11-20] The staging cluster is recreated every Sunday night.",
)


async def test_a_note_opening_with_a_verb_is_no_speakers_line(tmp_path: Path) -> None:
    async with server_session(tmp_path / "notes") as s:
        for note in NOTES:
            await s.ok("save_memory", {"content": note})

        async def offered_by_meaning() -> bool:
            return "Closest in meaning" in await s.ok(
                "search_memory", {"query": "When is the infrastructure rebuilt?"})
        await wait_until(offered_by_meaning, every=0.3)
        reply = await s.ok("search_memory",
                           {"query": "¿Dónde se despliega ahora el panel de clientes?"})
        assert "Cloud Run" in reply.split("\n\n")[0], reply
        reply = await s.ok("search_memory", {"query": "How are invoice emails sent now?"})
        assert "Amazon SES" in reply.split("\n\n")[0], reply


def test_a_name_before_a_colon_still_speaks() -> None:
    assert speaker_of("[2026-11-02] Dejamos Netlify: el panel se despliega en Cloud Run.") is None
    assert speaker_of("[2026-11-02] Switched Postmark: emails go through SES.") is None
    for line, name in (("[2026-11-02] Jared Smith: I fixed the build.", "Jared Smith"),
                       ("[2026-11-02] Ramos García: hoy no llego.", "Ramos García"),
                       ("[2026-11-02] Marta: done.", "Marta")):
        said = speaker_of(line)
        assert said is not None and said.subject == name, line
