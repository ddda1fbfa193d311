"""A kind of thing the question names ("which database") is read as the things of it the
store holds ("MySQL", "PostgreSQL"): a memory names the thing, a question its kind. The test
fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from actors.navigation.kinds import things_of
from actors.navigation.messages import SearchResult
from actors.navigation.stories import tells_a_change
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

TEXTS = ("2024-03-01: harbor billing stores invoices and ledger entries in MySQL 8.0.",
         "2025-02-17: harbor: removed dead code around payouts in harbor/billing/invoice.py.",
         "2025-01-21: Root cause of HB-2291 in billing: rounding in the FX conversion.",
         "orca uses golangci-lint with the config in .golangci.yml.",
         "Billing alerts go to the billing channel.", "Billing runs the billing job nightly.",
         "The bakery opened late on Monday.", "The bus changed its schedule last week.")


async def replies(home: Path, questions: tuple[str, ...]) -> tuple[list[SearchResult], str]:
    async with Runtime(home) as rt:
        saved = [await save(rt, text) for text in TEXTS]
        await embedded(rt)
        return [await search(rt, q) for q in questions], saved[0]


def test_a_kind_names_its_things_in_both_languages() -> None:
    assert "mysql" in things_of("database") and "postgresql" in things_of("databas")
    assert "rabbitmq" in things_of("queue") and "bigquery" in things_of("almacen")
    assert things_of("invoice") == ()


def test_a_change_told_in_spanish_is_a_change() -> None:
    assert tells_a_change("Hemos pasado de MySQL a PostgreSQL 16 en harbor.")
    assert tells_a_change("La migración a BigQuery terminó ayer.")
    assert not tells_a_change("Usamos PostgreSQL en harbor.")


async def test_a_question_naming_a_kind_finds_the_memory_naming_its_thing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("which database does billing use?",)
    (found,), mysql = await replies(tmp_path / "on", asked)
    assert found.status == "FOUND" and found.hits[0].leaf_id == mysql
    assert "database" not in found.absent  # the memory does mention one
    monkeypatch.setattr(ranking, "KIND_SHARE", 0.0)
    (again,), mysql = await replies(tmp_path / "off", asked)
    assert again.status != "FOUND" or again.hits[0].leaf_id != mysql
