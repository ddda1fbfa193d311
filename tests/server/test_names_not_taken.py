"""A coding agent's notes name tools it never used, end to end through the real stdio server
(issue 18, the engineering set): a tool the team turned down ("Postgres over MySQL", "decided
against Kafka", "REST, not GraphQL", "dejamos Vercel") asked about as if in use is "No memory
found", while the decision itself stays answered; and a tool no note names ("the Cypress
tests") is "No memory found" even when a stored value of the same kind (the project's test
command) was at hand. The notes and the questions are worded unlike the engineering set's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

NOTES = (
    "[2026-02-03] Decision: we went with MariaDB 11 over CockroachDB for the orders service, "
    "the ops team already runs MariaDB backups.",
    "[2026-02-10] Decided against RabbitMQ for order events; a Postgres outbox table is "
    "enough at our volume.",
    "[2026-03-01] The storefront talks to the orders service through gRPC, not Thrift.",
    "[2026-04-12] Dejamos Netlify: el storefront se despliega ahora en Cloudflare Pages.",
    "[2026-04-20] Order events are written to the outbox table and relayed every 5 seconds.",
    "[2026-05-02] Storefront unit tests run with `npm run test:unit`; snapshots live in "
    "__snapshots__ next to each component.",
)


async def test_a_tool_turned_down_asked_as_if_used_is_no_memory_found(tmp_path: Path) -> None:
    async with server_session(tmp_path / "declined") as s:
        for note in NOTES:
            await s.ok("save_memory", {"content": note})
        for question in ("Which RabbitMQ exchange carries the order events?",
                         "Where do the Thrift definitions live?",
                         "¿Cuál es el dominio de Netlify del storefront?",
                         "What CockroachDB version does the orders service run?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
            assert "not taken" in reply, (question, reply)
        # the choice itself, a yes-or-no and a thing in use stay answered
        for question, said in (("Why did we choose MariaDB rather than CockroachDB?", "MariaDB"),
                               ("What was decided about RabbitMQ?", "outbox"),
                               ("Do we use Thrift anywhere?", "gRPC"),
                               ("¿Dónde se desplegaba el storefront antes?", "Netlify"),
                               ("Which MariaDB version does the orders service use?", "11")):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found") and said in reply, (question, reply)


async def test_a_tool_no_note_names_is_not_answered_by_a_value_of_its_kind(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "unnamed") as s:
        for note in NOTES:
            await s.ok("save_memory", {"content": note})
        held = await s.ok("search_memory", {"query": "How do we run the unit tests?"})
        assert "npm run test:unit" in held.split("\n\n")[0], held
        for question in ("How do we run the Jest tests?",
                         "¿Cómo lanzamos los tests de Vitest?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)


async def test_a_question_about_the_change_away_from_a_tool_is_answered(tmp_path: Path) -> None:
    # the review's B1: "What came after Jenkins?" supposes no Jenkins in use, so the one
    # memory moving away from it answers (it was "No memory found ... not taken")
    async with server_session(tmp_path / "moved") as s:
        await s.ok("save_memory", {"content": "Moved CI from Jenkins to GitHub Actions last "
                                              "spring; the runners are self-hosted."})
        await s.ok("save_memory", {"content": "Release notes are drafted in the wiki."})
        for question in ("What came after Jenkins?", "¿Qué vino después de Jenkins?",
                         "When did we get rid of Jenkins?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found") and "GitHub Actions" in reply, \
                (question, reply)
