"""A repository named in lower case and defined once ("[2026-03-01] marlowe is the internal
payments service"), then asked by its description ("What does the payments service need to
start locally?"), end to end through the real stdio server (issue 18, the engineering set):
the definitions were read for capitalised names only, so the note naming only "marlowe" came
after the definition itself. English and Spanish; a description no note defines is read as
itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

NOTES = (
    "[2026-03-01] marlowe is the internal payments service; it listens on port 9300.",
    "[2026-03-04] marlowe needs a local Redis 7 and the STRIPE_KEY variable to start.",
    "[2026-03-05] The checkout app needs a local Postgres and the CHECKOUT_URL variable.",
    "[2026-03-06] Payments dashboards live in Grafana under 'Payments / Overview'.",
    "[2026-03-07] lindera es nuestra API de facturas.",
    "[2026-03-08] lindera guarda los PDF en el bucket acme-docs durante diez años.",
    "[2026-03-09] Los recibos del checkout se guardan en el bucket acme-receipts.",
)


async def test_a_lowercase_repository_is_asked_by_its_description(tmp_path: Path) -> None:
    async with server_session(tmp_path / "alias") as s:
        for note in NOTES:
            await s.ok("save_memory", {"content": note})
        for question, said in (
                ("What does the payments service need to start locally?", "Redis 7"),
                ("¿Dónde guarda los PDF la API de facturas?", "acme-docs"),
                ("What does the checkout app need locally?", "CHECKOUT_URL")):
            reply = await s.ok("search_memory", {"query": question})
            assert said in reply.split("\n\n")[0], (question, reply)
