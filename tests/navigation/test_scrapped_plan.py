"""A plan given up ends its ticket (probe-agent2's failure 7): "Scrapped the Lucia migration
(KY-31) ..." did not end "KY-31 (in progress): moving the portal's auth ... to Lucia", so "Are
we moving to Lucia?" led with the plan. Fails without "scrapped" / "descartado" among the
words that tell a piece of work ended (``work_status``). The notes are not the probe's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


async def test_a_scrapped_plan_is_where_its_ticket_stands(tmp_path: Path) -> None:
    found = await replies(tmp_path, (
        "[2026-03-03] RB-14 (in progress): moving the search box from Algolia to Typesense; "
        "Ines is on it.",
        "[2026-04-20] RB-31 (in progress): migrando las colas de Celery a Dramatiq; lo lleva "
        "Tomás.",
        "[2026-04-28] Scrapped the Typesense move (RB-14): the index size doubled, so search "
        "stays on Algolia.",
        "[2026-05-02] RB-31 descartado: Dramatiq no soporta las prioridades que usamos; "
        "seguimos con Celery.",
    ), ("Are we moving to Typesense?", "¿Estamos migrando a Dramatiq?"))
    assert found[0].hits and "Scrapped the Typesense move" in found[0].hits[0].text
    assert found[1].hits and "RB-31 descartado" in found[1].hits[0].text
