"""A change note ("We moved the migrations from alembic/ to db/migrations/") supersedes only a
note of the changed thing alone: not one that holds the old value only inside another word
("FastAPI" for "api/"), nor one that states something else beside it ("Our database is
PostgreSQL 15 and the migrations live in alembic/"), which still answers what else it says.
An outside probe (probe44) saw both marked OUTDATED and the move note lead "Which database do
we use?". Through the real save path; each test fails without its rule
(``replaced._whole_words`` in the match, ``replaced._tells_more``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import replaced
from ihmt_async.runtime import Runtime
from tests.navigation.test_replacements import _save

pytestmark = pytest.mark.anyio


async def test_an_old_value_held_only_inside_another_word_is_not_replaced(
        tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        # "pdfkit" is indexed with its parts ("pdf", "kit"): a note naming PdfKit states no kit/
        reports = await _save(rt, "2026-03-01: ledgerly's invoices are rendered by PdfKit "
                                  "on Node 20.")
        moved = await _save(rt, "2026-04-02: The kit moved from kit/ to packages/kit/ in "
                                "the ledgerly monorepo.")
        assert moved.facts.superseded_leaf is None
        stated = await _save(rt, "2026-03-03: ledgerly's kit lives in kit/ at the root.")
        again = await _save(rt, "2026-04-03: The kit moved from kit/ to packages/kit/ in "
                                "the ledgerly monorepo for good.")
        assert again.facts.superseded_leaf == stated.leaf_ids[0] != reports.leaf_ids[0]


@pytest.mark.parametrize(("both", "alone", "change"), [
    ("2026-02-10: Our queue is RabbitMQ 3.12 and the workers live in jobs/.",
     "2026-02-11: The workers live in jobs/ for now.",
     "2026-03-05: We moved the workers from jobs/ to services/workers/."),
    ("2026-02-10: Nuestra caché es Redis 7 y los cron viven en tareas/.",
     "2026-02-11: Los cron viven en tareas/ de momento.",
     "2026-03-05: Movimos los cron de tareas/ a jobs/cron/."),
])
async def test_a_note_stating_something_else_beside_the_old_value_stays_current(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, both: str, alone: str,
        change: str) -> None:
    async with Runtime(tmp_path / "on") as rt:
        stack = await _save(rt, both)
        moved = await _save(rt, change)
        assert moved.facts.superseded_leaf is None
        note = await _save(rt, alone)
        again = await _save(rt, change.replace("2026-03-05", "2026-03-06"))
        assert again.facts.superseded_leaf == note.leaf_ids[0] != stack.leaf_ids[0]
    monkeypatch.setattr(replaced, "_tells_more", lambda *_: False)
    async with Runtime(tmp_path / "off") as rt:
        stack = await _save(rt, both)
        moved = await _save(rt, change)
        assert moved.facts.superseded_leaf == stack.leaf_ids[0]
