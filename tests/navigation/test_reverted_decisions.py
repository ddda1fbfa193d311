"""A decision undone supersedes the decision ("Reverted the SQLModel decision", "Revertimos la
decisión de usar Dramatiq": ``replacements._ENDED``), and a note stating a path or a file name
beside an old version is not superseded whole by the version's change ("entry point
src/tidepool/app.py": ``replaced._tells_more``). probe-agent's failures 2 and 3 saw the June
decision lead "Which ORM does the reporting code use?" and an overview marked OUTDATED by a
Python upgrade. Through the real save path; the texts are not the probe's; each test fails
without its rule (checked by taking the rule out)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ihmt_async.runtime import Runtime
from tests.navigation.test_replacements import _save

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("decision", "revert"), [
    ("2026-05-02: Decision: adopt Vitest instead of Jest for the unit tests.",
     "2026-05-30: Rolled back the Vitest adoption: snapshot tests broke, so unit tests stay "
     "on Jest 29."),
    ("2026-05-20: Decisión: pasar las colas de los informes de RQ a Dramatiq.",
     "2026-06-03: Revertimos la decisión de usar Dramatiq: los workers se colgaban; seguimos "
     "con RQ."),
    ("2026-04-01: We moved the search index from Elasticsearch to Meilisearch.",
     "2026-04-20: Backed out the move to Meilisearch; typo tolerance broke the SKU lookups."),
])
async def test_a_revert_supersedes_the_decision_it_undoes(
        tmp_path: Path, decision: str, revert: str) -> None:
    async with Runtime(tmp_path) as rt:
        decided = await _save(rt, decision)
        undone = await _save(rt, revert)
    assert undone.facts.superseded_leaf == decided.leaf_ids[0]


async def test_what_is_no_revert(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        await _save(rt, "2026-05-02: Decision: adopt Vitest instead of Jest for the unit tests.")
        for text in ("2026-05-03: We reverted the commit that broke the build.",
                     "2026-05-04: Should we revert the Vitest adoption?",
                     "2026-05-05: Reverted the change to the README."):
            assert (await _save(rt, text)).facts.superseded_leaf is None


async def test_a_path_beside_the_old_version_keeps_the_note_current(tmp_path: Path) -> None:
    async with Runtime(tmp_path / "path") as rt:
        overview = await _save(rt, "2026-01-15: kestrel is an Express API on Node 18; routes "
                                   "live in src/routes/.")
        upgrade = await _save(rt, "2026-07-01: Upgraded kestrel from Node 18 to Node 20.")
    assert upgrade.facts.superseded_leaf != overview.leaf_ids[0]
    # left alone: the note of the old version alone, and a path the change names
    async with Runtime(tmp_path / "alone") as rt:
        alone = await _save(rt, "2026-01-16: kestrel runs on Node 18 for now.")
        again = await _save(rt, "2026-07-02: Upgraded kestrel from Node 18 to Node 20.")
    assert again.facts.superseded_leaf == alone.leaf_ids[0]
    async with Runtime(tmp_path / "named") as rt:
        spec = await _save(rt, "2026-01-17: The spec file is docs/openapi.yaml on Redoc 2.")
        moved = await _save(rt, "2026-07-03: Replaced Redoc 2 with Redoc 3 for docs/openapi.yaml.")
    assert moved.facts.superseded_leaf == spec.leaf_ids[0]
