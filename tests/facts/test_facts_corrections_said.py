"""A setting corrected in words ("Correction: the public API rate limit is 250 requests per
minute per key, not 100.", "Actually the pool size is 40, not 20."): the new value joins the
setting's timeline and the old one is history, as "I moved to Lisbon" does for a home. An
outside client's corrections recorded nothing, and the old value stayed current."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import history, open_runtime, save

from actors.facts.patterns import extract_facts

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("text", "fact"), [
    ("Correction: the public API rate limit is 250 requests per minute per key, not 100.",
     ("public api rate limit", "value", "250 requests per minute per key")),
    ("Actually the Postgres connection pool size is 40, not 20.",
     ("postgres connection pool size", "value", "40")),
    ("Update: our staging database is pg-stage-2.",
     ("staging", "database", "pg-stage-2")),
    ("Corrección: el límite de la API es 250 peticiones, no 100.",
     ("limite de la api", "value", "250 peticiones")),
])
def test_a_correction_names_the_setting_s_new_value(text: str,
                                                    fact: tuple[str, str, str]) -> None:
    assert [(f.subject, f.attribute, f.value) for f in extract_facts(text)] == [fact]


@pytest.mark.parametrize("text", [
    "Correction: the problem is not the cache.",  # no setting's value
    "Actually the food is great, not bad.",  # an opinion
])
def test_a_correction_that_names_no_value_records_nothing(text: str) -> None:
    assert extract_facts(text) == []


async def test_a_correction_supersedes_the_old_value_through_the_save_path(
        tmp_path: Path) -> None:
    async with open_runtime(tmp_path / "home") as rt:
        await save(rt, "The public API rate limit is 100 requests per minute per key.")
        await save(rt, "Correction: the public API rate limit is 250 requests per minute per "
                       "key, not 100.")
        told = [(f.value, f.status) for f in await history(rt, "public api rate limit",
                                                            "value")]
    assert told == [("100 requests per minute per key", "HISTORICAL"),
                    ("250 requests per minute per key", "ACTIVE")]
