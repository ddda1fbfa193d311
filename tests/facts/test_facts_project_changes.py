"""A project's tools, versions and settings and their changes (fix-facts10, the outside bbtest32
run as a coding agent over three projects): facts of the project, never of the user
(``actors.facts.project_changes``), one timeline for the earlier setting and its change
(``keys.scoped_subject``), and the questions that ask for them. One test per rule, each with
what it must leave alone."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, current, open_runtime, save

from actors.facts.keys import scoped_subject
from actors.facts.patterns import extract_facts
from actors.facts.questions import attribute_question
from actors.navigation.messages import Search


def _told(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text)]


@pytest.mark.parametrize(("text", "facts"), [
    # the earlier setting
    ("atlas dependencies are managed with Poetry; run `poetry install` after cloning.",
     [("atlas", "tool:package manager", "Poetry")]),
    ("atlas uses RabbitMQ as the message queue for order events.",
     [("atlas", "tool:message queue", "RabbitMQ")]),
    ("atlas publishes order events (order.created, order.paid) to Kafka on topic `orders`.",
     [("atlas", "tool:message queue", "Kafka")]),
    ("kestrel loads the curated tables into Snowflake every hour.",
     [("kestrel", "tool:warehouse", "Snowflake")]),
    ("kestrel (the ingestion pipeline) is written in Go 1.21; we picked Go over Rust.",
     [("kestrel", "version:go", "Go 1.21")]),
    ("webapp requires Node 18 LTS (.nvmrc says 18.19).", [("webapp", "version:node", "Node 18")]),
    ("El repo pasarela usa Python 3.11 con FastAPI.",
     [("pasarela", "version:python", "Python 3.11")]),
    ("We use PostgreSQL 15 as the main database.", [("project", "database", "PostgreSQL")]),
    # the change, in the words of a change
    ("atlas no longer uses Poetry, we switched to uv.", [("atlas", "tool:package manager", "uv")]),
    ("atlas ya no usa Poetry, ahora usa uv.", [("atlas", "tool:package manager", "uv")]),
    ("We moved the atlas event bus from RabbitMQ to NATS JetStream.",
     [("atlas", "tool:message queue", "NATS JetStream")]),
    ("We moved the queue from RabbitMQ to NATS.", [("project", "tool:message queue", "NATS")]),
    ("kestrel migrated its warehouse from Snowflake to BigQuery.",
     [("kestrel", "tool:warehouse", "BigQuery")]),
    ("Hemos pasado de MySQL a PostgreSQL 16.", [("project", "database", "PostgreSQL")]),
    ("migramos de Jenkins a GitLab CI", [("project", "tool:ci", "GitLab CI")]),
    ("webapp switched from npm to pnpm (workspaces).",
     [("webapp", "tool:package manager", "pnpm")]),
    ("We replaced RabbitMQ with NATS.", [("project", "tool:message queue", "NATS")]),
    ("Sustituimos Jenkins por GitLab CI.", [("project", "tool:ci", "GitLab CI")]),
    ("We dropped Jenkins and moved CI to GitHub Actions.",
     [("project", "tool:ci", "GitHub Actions")]),
    ("We moved everything to uv.", [("project", "tool:package manager", "uv")]),
    ("We upgraded Node from 18 to 20.", [("project", "version:node", "Node 20")]),
    ("kestrel upgraded to Go 1.23; the toolchain line pins go1.23.2.",
     [("kestrel", "version:go", "Go 1.23")]),
    # a move to a tool is no move to a town ("Billing", "location", "Postgres 17" before)
    ("2025-05-01: Billing moved to Postgres 17.", [("billing", "database", "PostgreSQL")]),
    ("Harbor moved to uv.", [("harbor", "tool:package manager", "uv")]),
    ("webapp moved to Node 20 LTS after the build was fixed.",
     [("webapp", "version:node", "Node 20")]),
    ("We're on Go 1.23 now.", [("project", "version:go", "Go 1.23")]),
    ("We bumped the TTL from 5 to 15 minutes.", [("ttl", "value", "15 minutes")]),
    ("The session cache TTL lowered from 15 minutes to 60 seconds.",
     [("session cache ttl", "value", "60 seconds")]),
    ("subimos el timeout de 30 a 60 segundos", [("timeout", "value", "60 segundos")]),
    ("We raised the rate limit from 100 to 200 requests per minute.",
     [("rate limit", "value", "200 requests per minute")]),
    ("We use `poetry` for dependency locking.", [("project", "tool:dependency locking",
                                                  "poetry"),
                                                 ("project", "tool:package manager", "poetry")]),
    ("we moved from poetry to uv", [("project", "tool:package manager", "uv")]),
])
def test_a_project_tool_version_or_setting(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _told(text) == facts


@pytest.mark.parametrize("text", [
    # not a project's: the speaker, a town, a drink, a plan, a question, a negation
    "I switched from Poetry to uv.",
    "We moved from Leeds to Bristol.",
    "we switched from tea to coffee",
    "We moved to Berlin last year.",
    "We plan to move the queue from RabbitMQ to NATS.",
    "Should we switch from npm to pnpm?",
    "atlas does not use Kafka.",
    "atlas is moving from RabbitMQ to NATS.",
    # a name of another kind, a runtime without its version ("Go" is a verb), numbers that
    # set nothing named
    "We moved from RabbitMQ to PostgreSQL.",
    "We moved to Go for the new services.",
    "We cut the price from 10 to 8 euros.",
    "We moved the meeting from 3 to 4 pm.",
    # a common word written as one, a person's new job, the speaker in Spanish
    "We use poetry in our therapy sessions.",
    "Sarah moved to Databricks last year.",
    "He pasado de Python 2 a Python 3.",
    "I dropped Jenkins and moved CI to GitHub Actions.",
    "I replaced my Pixel with an iPhone.",
])
def test_what_is_no_project_fact(text: str) -> None:
    assert [f for f in _told(text) if f[1].startswith(("tool:", "version:", "database"))
            or f[1] in ("value", "stack")] == []


def test_a_project_switch_is_no_user_stack() -> None:
    # the stack rule read "we switched to uv" as the user's stack (every project's brief
    # then said "stack: uv"); the value is the project's package manager now
    told = _told("2026-02-09: harbor no longer uses Poetry, we switched to uv. Use `uv sync`.")
    assert told == [("harbor", "tool:package manager", "uv")]
    # left alone: a stack that is no known tool of a kind
    assert _told("We migrated to Kubernetes.") == [("user", "stack", "Kubernetes")]


def test_a_fact_named_by_its_own_project_is_the_project_s() -> None:
    assert scoped_subject("harbor", "project:harbor", "tool:ci") == "project @project:harbor"
    assert scoped_subject("Harbor", "project:harbor") == "project @project:harbor"
    # left alone: another project named, a global memory, a person's attribute
    assert scoped_subject("lumen", "project:harbor") == "lumen @project:harbor"
    assert scoped_subject("harbor", "") == "harbor"
    assert scoped_subject("harbor", "project:harbor", "location") == "harbor"


def test_a_change_is_dated_by_its_own_clause() -> None:
    [fact] = extract_facts("2026-01-20: kestrel migrated its warehouse from Snowflake to "
                           "BigQuery (dataset `curated`); the Snowflake account closes in "
                           "March 2026.")
    assert fact.valid_from == dt.date(2026, 1, 20)


@pytest.mark.parametrize(("question", "key"), [
    ("which message queue does harbor use?", ("harbor", "tool:message queue")),
    ("¿qué cola de mensajes usa harbor?", ("harbor", "tool:message queue")),
    ("what message broker do we publish payment events to?", ("project", "tool:message queue")),
    ("which package manager do we use for Python dependencies?",
     ("project", "tool:package manager")),
    ("¿qué gestor de paquetes usamos?", ("project", "tool:package manager")),
    ("which data warehouse do we load into?", ("project", "tool:warehouse")),
    ("¿a qué almacén de datos cargamos ahora?", ("project", "tool:warehouse")),
    ("which warehouse does orca use?", ("orca", "tool:warehouse")),
    ("which CI do we use?", ("project", "tool:ci")),
    ("what Go version is the pipeline on?", ("project", "version:go")),
    ("which Node version should I use for the frontend?", ("project", "version:node")),
    ("¿qué versión de Go usamos?", ("project", "version:go")),
    ("¿qué base de datos usa harbor actualmente?", ("harbor", "database")),
    # left alone: the questions other rules answer
    ("what is the user's current role?", ("user", "role")),
    ("which database does billing use now?", ("billing", "database")),
    ("what is the queue length?", None),
    ("which queue should I join at the airport?", None),
    ("¿qué cola hay en el banco?", None),
    ("¿cuál es el gestor de paquetes de harbor?", ("harbor", "tool:package manager")),
])
def test_the_project_questions(question: str, key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key


@pytest.mark.anyio
async def test_the_switch_follows_the_setting_it_changed(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "harbor dependencies are managed with Poetry; run `poetry install`.",
                   origin="agent", scope="project:harbor")
        switched = await save(rt, "2026-02-09: harbor no longer uses Poetry, we switched to "
                                  "uv. Use `uv sync --all-extras`.", origin="agent",
                              scope="project:harbor")
        assert await current(rt, "project @project:harbor", "tool:package manager") == "uv"
        assert await current(rt, "user", "stack") is None
        answer = (await rt.navigation.ask(Search(
            query="which package manager do we use?", scope="project:harbor"))).answer
    assert answer is not None
    assert (answer.value, answer.leaf_id) == ("uv", switched.leaf_ids[0])
    assert_rebuilt_alike(tmp_path)  # the rebuild keys them alike (``scoped_subject``)
