"""A project's setting stated as it stands, a config key set, a thing's owner, and the generic
sentences that are no setting (``actors.facts.settings_told``; the outside probe bbtest38: a
coding agent's notes whose changes had no earlier value on the timeline, and 146 haystack
explanations that each recorded a junk fact). One test per rule, each with what it must
leave alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, current, open_runtime, save

from actors.facts.patterns import extract_facts


def _told(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text)]


@pytest.mark.parametrize(("text", "facts"), [
    # a setting stated at the opening of its note, and its change: one key
    ("Ferrocart loader batch size: 5,000 rows per insert.",
     [("ferrocart loader batch size", "value", "5,000")]),
    ("Increased Ferrocart's loader batch size from 5,000 to 20,000 rows per insert.",
     [("ferrocart loader batch size", "value", "20,000")]),
    ("Marlin per-user rate limit: 100 requests per minute.",
     [("marlin per-user rate limit", "value", "100 requests per minute")]),
    ("2026-02-25 The export job timeout is 45 seconds.",
     [("export job timeout", "value", "45 seconds")]),
    # a config key set, and changed without a setting noun or a unit
    ("Tidewell webhook delivery: exponential backoff starting at 2 s, WEBHOOK_MAX_RETRIES=5.",
     [("webhook_max_retries", "value", "5")]),
    ("Lowered KESTREL_TIMEOUT_S from 30 to 12 seconds so the worker frees up.",
     [("kestrel_timeout_s", "value", "12 seconds")]),
    ("Raised KESTREL_TIMEOUT_S to 20 seconds.", [("kestrel_timeout_s", "value", "20 seconds")]),
    # a thing's owner, said either way round
    ("Marlin's owner is Sofía Beltrán; Ahmed Nasser does the Go reviews.",
     [("marlin", "owner", "Sofía Beltrán")]),
    ("Sofía Beltrán became engineering manager of the mobile group; Ahmed Nasser is now "
     "Marlin's tech lead and owner.", [("marlin", "owner", "Ahmed Nasser")]),
    ("Tomasz Wiśniewski is now code owner of Tidewell's ledger module (CODEOWNERS updated).",
     [("tidewell ledger module", "owner", "Tomasz Wiśniewski")]),
    ("Leila Haddad owns the billing exporter.", [("billing exporter", "owner", "Leila Haddad")]),
    ("El responsable de Ferrocart es Lucía Ortega.", [("ferrocart", "owner", "Lucía Ortega")]),
    ("Jonas Eberle es ahora el responsable de Marlin.", [("marlin", "owner", "Jonas Eberle")]),
])
def test_a_setting_stated_a_config_key_or_an_owner(
        text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _told(text) == facts


@pytest.mark.parametrize("text", [
    # generic explanations: how a kind of thing is, not a setting (bbtest38's haystack)
    "The chi router is compatible with net/http handlers and middleware.",
    "Los feature flags viejos son deuda técnica y hay que borrarlos.",
    "The shared bikes are handy in the centre.",
    "The staging cluster is similar to production in most respects.",
    # code, a connection string, a credential and a pronoun are no setting or owner
    "pricing.py:3-5\nVALUE_2 = 2\nVALUE_3 = 3",
    "DATABASE_URL=postgres://app:secret@db.internal:5432/shop",
    "SENTRY_TOKEN=a8Kd93jdL20xQpz7",
    "Luis joined the InventoryService team. He owns the retry logic.",
    # a number that sets nothing, opening a note
    "Sprint 14: 12 tickets closed.",
])
def test_what_is_no_setting_or_owner(text: str) -> None:
    assert _told(text) == []


def test_a_name_that_is_a_value_stays() -> None:
    # capitalised values after a plural are names, not a kind described
    assert _told("The lemur-analytics dashboards are built with Metabase.") \
        == [("lemur analytics dashboards", "value", "built with Metabase")]


@pytest.mark.anyio
async def test_the_change_supersedes_the_setting_stated(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "2026-03-13: Ferrocart loader batch size: 5,000 rows per insert.",
                   origin="agent")
        await save(rt, "2026-02-03: Tidewell webhook delivery: WEBHOOK_MAX_RETRIES=5.",
                   origin="agent")
        await save(rt, "2026-07-02: Marlin's owner is Sofía Beltrán.", origin="agent")
        assert await current(rt, "ferrocart loader batch size", "value") == "5,000"
        raised = await save(rt, "2026-11-19: Increased Ferrocart's loader batch size from "
                                "5,000 to 20,000 rows per insert.", origin="agent")
        cut = await save(rt, "2026-07-19: Cut WEBHOOK_MAX_RETRIES from 5 to 3.", origin="agent")
        owner = await save(rt, "2026-11-23: Ahmed Nasser is now Marlin's tech lead and owner.",
                           origin="agent")
        assert await current(rt, "ferrocart loader batch size", "value") == "20,000"
        assert await current(rt, "webhook_max_retries", "value") == "3"
        assert await current(rt, "marlin", "owner") == "Ahmed Nasser"
        assert await current(rt, "ahmed nasser", "value") is None
        for result in (raised, cut, owner):
            assert result.facts.notices, result.facts  # each tells the change it made
    assert_rebuilt_alike(tmp_path)
