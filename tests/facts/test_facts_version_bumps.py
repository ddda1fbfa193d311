"""A named thing's version however its change is worded (fix-versions, probe-agent's failures 1
and 12): "Bumped <project> to Go 1.24", "Upgraded React from 18 to 19", "Kubernetes 1.29 ->
1.30", "subimos Django a la 5.1.3", "Released quartzite 0.5.0" are ``version:<thing>`` facts of
the project (``actors.facts.version_changes``); a note's leading date is no subject; a version
question names any thing (``project_questions``) and a part of the project in other words
(``part_keys``). The texts here are not the probe's (kestrel, marmota, harbor ...) but for the
two marked, and each rule has what it must leave alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import current, open_runtime, save

from actors.facts.keys import fact_key
from actors.facts.patterns import extract_facts
from actors.facts.project_questions import part_keys
from actors.facts.questions import attribute_question
from actors.navigation.messages import Search


def _told(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text)
            if f.attribute.startswith(("version:", "tool:"))]


@pytest.mark.parametrize(("text", "facts"), [
    # the probe's two (failure 1)
    ("[2026-12-04] Bumped gravelpit to Go 1.24 and golangci-lint to v1.62.",
     [("gravelpit", "version:go", "Go 1.24"),
      ("gravelpit", "version:golangci-lint", "golangci-lint v1.62")]),
    ("[2026-11-20] Upgraded driftwood-prod from Kubernetes 1.29 to 1.30.",
     [("driftwood-prod", "version:kubernetes", "Kubernetes 1.30")]),
    # held out: other things, verbs and wordings
    ("[2026-09-14] Moved kestrel to Node 22 and Express to 5.0.1.",
     [("kestrel", "version:node", "Node 22"), ("kestrel", "version:express", "Express 5.0.1")]),
    ("2026-03-01: Upgraded Prisma from 4.16 to 5.2 in kestrel.",
     [("project", "version:prisma", "Prisma 5.2")]),
    ("Prisma 5.2 -> 5.19 after the connection pool fix.",
     [("project", "version:prisma", "Prisma 5.19")]),
    ("Pinned ruff to 0.6.9 in pre-commit.", [("project", "version:ruff", "ruff 0.6.9")]),
    ("Bumped Angular from 16 to 17 and rxjs from 7.5 to 7.8.",
     [("project", "version:angular", "Angular 17"), ("project", "version:rxjs", "rxjs 7.8")]),
    ("Upgraded the harbor cluster hb-east-1 from Kubernetes 1.27 to 1.28.",
     [("hb-east-1", "version:kubernetes", "Kubernetes 1.28")]),
    ("Upgraded harbor's MySQL from 5.7 to 8.0.", [("harbor", "version:mysql", "MySQL 8.0")]),
    ("Rolled back to Go 1.22 after the linker bug.", [("project", "version:go", "Go 1.22")]),
    ("Tagged kestrel v2.3.0 and published it to the registry.",
     [("project", "version:kestrel", "kestrel v2.3.0")]),
    ("Actualizamos Django de 4.2 a 5.0 en marmota.",
     [("project", "version:django", "Django 5.0")]),
    ("Subimos Django a la 5.1.3 y Celery a la 5.4.0.",
     [("project", "version:django", "Django 5.1.3"), ("project", "version:celery",
                                                       "Celery 5.4.0")]),
    ("Publicamos marmota 1.4.0 en PyPI.", [("project", "version:marmota", "marmota 1.4.0")]),
    ("Volvimos a Python 3.11 en el worker.", [("project", "version:python", "Python 3.11")]),
    # a revert of a known tool is its value again
    ("We switched back to Poetry after two weeks.",
     [("project", "tool:package manager", "Poetry")]),
])
def test_a_version_told_in_any_words(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert _told(text) == facts


@pytest.mark.parametrize("text", [
    "Read the Node 23 changelog; nothing we need yet.",
    "We did not bump Node to 22 yet.",
    "I upgraded my laptop to Ubuntu 24.04 last week.",
    "Bumped the pool size to 40.",
    "Raised the timeout from 30 to 60 seconds.",
    "Cut the retries to 3 and the batch to 1.5 MB.",
    "We moved the meeting from 3 to 4 pm.",
    "Subimos el precio de 10 a 12 euros.",
])
def test_what_is_no_version(text: str) -> None:
    assert [f for f in _told(text) if f[1].startswith("version:")] == []


def test_a_note_s_date_is_no_subject() -> None:
    """probe-agent's failure 12: "[2026-06-09] Switched ..." was the fact of '2026-06-09'."""
    assert _told("[2026-06-09] Switched package manager from npm to pnpm 9.") == [
        ("project", "tool:package manager", "pnpm")]
    assert _told("[2026-03-03] Bumped Vite from 5.1 to 5.4 in the web app.") == [
        ("project", "version:vite", "Vite 5.4")]
    # left alone: a subject written before the verb
    assert _told("[2026-03-03] harbor switched from npm to pnpm.") == [
        ("harbor", "tool:package manager", "pnpm")]


def test_a_bare_version_is_no_other_fact() -> None:
    """The version a cluster was upgraded to was also read as what it "uses" ('1.29'): that
    fact goes when the version is the project's (``patterns.extract_facts``)."""
    told = [(f.subject, f.attribute, f.value) for f in extract_facts(
        "Upgraded the EKS cluster hb-east-1 from Kubernetes 1.27 to 1.28.")]
    assert told == [("hb-east-1", "version:kubernetes", "Kubernetes 1.28")]


@pytest.mark.parametrize(("question", "key"), [
    ("Which Prisma version are we on?", ("project", "version:prisma")),
    ("What Express version does kestrel use?", ("kestrel", "version:express")),
    ("What Postgres version are we on?", ("project", "version:postgresql")),
    ("¿Qué versión de Django usamos?", ("project", "version:django")),
    ("What's the latest kestrel release?", ("project", "version:kestrel")),
    ("¿Cuál es la última versión de marmota?", ("project", "version:marmota")),
    # left alone
    ("What version of the report did you send?", None),
    ("Which Go version does harbor need?", ("harbor", "version:go")),
])
def test_a_version_question_of_any_thing(question: str, key: tuple[str, str] | None) -> None:
    assert attribute_question(question) == key


def test_a_part_asked_in_other_words() -> None:
    keys = [fact_key("hb-east-1 @project:harbor", "version:kubernetes"),
            fact_key("project @project:harbor", "version:go"),
            fact_key("project @project:lumen", "version:go")]
    assert part_keys("east", "version:kubernetes", "project:harbor", keys) == [
        fact_key("hb-east-1 @project:harbor", "version:kubernetes"),
        fact_key("project @project:harbor", "version:kubernetes")]
    assert part_keys("dashboard", "version:go", "project:harbor", keys) == [
        fact_key("project @project:harbor", "version:go")]
    # left alone: another project asked by its name, the project itself, a person's key
    assert part_keys("lumen", "version:go", "project:harbor", keys) == []
    assert part_keys("project", "version:go", "project:harbor", keys) == []
    assert part_keys("dashboard", "location", "project:harbor", keys) == []


@pytest.mark.anyio
async def test_a_bump_in_other_words_follows_the_version(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[2026-03-02] Upgraded kestrel from Node 18 to Node 20.",
                   origin="agent", scope="project:kestrel")
        bumped = await save(rt, "[2026-09-14] Moved kestrel to Node 22 and Express to 5.0.1.",
                            origin="agent", scope="project:kestrel")
        await save(rt, "[2026-10-10] Read the Node 23 changelog; nothing we need yet.",
                   origin="agent", scope="project:kestrel")
        assert await current(rt, "project @project:kestrel", "version:node") == "Node 22"
        node = (await rt.navigation.ask(Search(
            query="Which Node version does kestrel need?", scope="project:kestrel"))).answer
        part = (await rt.navigation.ask(Search(
            query="Which Express version is the API on?", scope="project:kestrel"))).answer
    assert node is not None and (node.value, node.leaf_id) == ("Node 22", bumped.leaf_ids[0])
    assert part is not None and part.value == "Express 5.0.1"
