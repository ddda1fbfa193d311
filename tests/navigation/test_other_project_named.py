"""A question naming another project of the store by its name is searched in that project
(``actors.scopes.projects_named``, ``NavigationActor._other_project_named``): asked in quillon,
"Which Rust version does kestrel use?" was answered with quillon's own "minimum supported
Rust version is 1.75" (probe43 §7). A name the caller's own memories hold is something of
the caller's project, and is searched there as ever. Nothing found there, the reply does not
send the caller back to its own project."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.navigation import actor
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from actors.scopes import projects_named
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded

pytestmark = pytest.mark.anyio

NOTES = (
    ("project:fernhill", "Python version is pinned to 3.12 in .python-version."),
    ("project:fernhill", "Our CI runs on Buildkite; the pipeline file is .buildkite/pipeline.yml."),
    ("project:moorland", "moorland builds with Go 1.23; its entry point is cmd/moorland."),
    ("project:moorland", "moorland stores readings in TimescaleDB, one table per network."),
    ("project:moorland", "The CI of moorland is GitHub Actions; fernhill's Buildkite is "
                         "not used here."),
)


def test_a_project_is_named_by_its_folder_name() -> None:
    scopes = ("project:moorland", "project:billing-api", "user", "project:fernhill")
    assert projects_named("Which Go version does moorland use?", scopes,
                          "project:fernhill") == ["project:moorland"]
    assert projects_named("¿Qué base de datos usa billing-api?", scopes, "fernhill") \
        == ["project:billing-api"]
    assert projects_named("Which billing API do we call?", scopes, "project:fernhill") == []
    assert projects_named("What is fernhill's CI?", scopes, "project:fernhill") == []


async def test_a_question_naming_another_project_is_asked_of_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("Which Python version does moorland use?",  # moorland holds no Python
             "Where does moorland store its readings?",
             "Which CI does fernhill use?")  # moorland's own memory names fernhill

    async def replies(home: Path) -> list[SearchResult]:
        async with Runtime(home) as rt:
            for scope, text in NOTES:
                await rt.ingest.ask(Save(content=text, scope=scope, provenance=Provenance(
                    agent="claude-code", session="s1")))
            await embedded(rt)
            out = []
            for question, scope in zip(asked, ("project:fernhill", "project:fernhill",
                                               "project:moorland"), strict=True):
                out.append(await rt.navigation.ask(Search(query=question, scope=scope)))
            return out

    python, readings, ci = await replies(tmp_path / "on")
    assert python.status == "NONE" and "project:fernhill" not in python.elsewhere
    assert "TimescaleDB" in readings.hits[0].text and "GitHub Actions" in ci.hits[0].text
    monkeypatch.setattr(actor, "projects_named", lambda *_: [])
    python, readings, _ = await replies(tmp_path / "off")
    assert python.status != "NONE" and "3.12" in python.hits[0].text
    assert readings.status == "NONE" or "TimescaleDB" not in readings.hits[0].text
