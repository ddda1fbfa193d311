"""A team's software notes in one language found by questions in the other
(``lexicon.WORK``): credentials, translations, the interface, tables and columns,
approvals and documentation. probe-agent's "Where are the prod database credentials kept?"
led with an English note sharing 'prod' while Rocío's "las credenciales de la base de datos
de prod están en AWS Secrets Manager" came 2nd. Real actors and files; held-out wordings
below the probe's two."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

from actors.ingest.messages import Save
from actors.navigation.messages import Search, Stats
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio
PROV = Provenance(agent="test", session="work-words")
NOTES = [
    "[2026-09-30] Notas de Rocío: las credenciales de la base de datos de prod están en AWS "
    "Secrets Manager bajo driftwood/prod/rds; nunca en variables de Terraform.",
    "[2026-07-29] Nota de Rocío: los textos de la interfaz se traducen con i18next; las claves "
    "van en src/locales/es.json y en.json, nunca texto fijo en los componentes.",
    "[2026-10-02] La documentación de los permisos de la API está en docs/permisos.md.",
    "[2026-10-20] Ojo: la columna created_at de pedidos no tiene índice; las consultas por "
    "fecha van lentas.",
    "[2026-11-03] Luis migrated the orders and invoices tables to the new schema.",
    # English notes sharing the questions' other words
    "[2026-10-15] The prod env docs in README were out of date; rewrote the env section.",
    "[2026-06-24] Decision: dates are formatted only through src/lib/formatDate.ts so "
    "merchants see their own timezone; no toLocaleString in components.",
    "[2026-08-12] The API rate limits are documented in the wiki under Limits.",
    "[2026-09-02] Orders are sorted by date in the admin page.",
    "[2026-05-14] Ana moved the cron jobs to the new scheduler.",
]


@pytest.mark.parametrize(("question", "answer"), [
    ("Where are the prod database credentials kept?", "Secrets Manager"),
    ("Where do the UI translation strings go?", "src/locales"),
    # held out
    ("Where is the documentation for the API permissions?", "docs/permisos.md"),
    ("Which column of the orders table has no index?", "created_at"),
    ("¿Qué tablas migró Luis al nuevo esquema?", "invoices tables"),
])
async def test_a_question_finds_the_note_written_in_the_other_language(
        tmp_path: Path, question: str, answer: str) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for note in NOTES:
            await rt.ingest.ask(Save(content=note, provenance=PROV))
        with anyio.fail_after(120):  # every note compared by meaning too, as a server's are
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.1)
        result = await rt.navigation.ask(Search(query=question))
    assert result.status != "NONE" and result.hits
    assert answer in (result.hits[0].text or "")
