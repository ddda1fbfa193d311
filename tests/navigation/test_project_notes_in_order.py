"""A project's note told with no day of its own is no newer than a dated note of the project
saved after it (``days.saved_in_order``): "The frontend is built with Vite" (undated, so of
the day it was saved) led "Where does the frontend code live now?" over "2026-11-20: The
frontend moved from web/ to apps/web/", and "Node version is pinned to 20" was never
superseded by "2026-11-19: Bumped Node from 20 to 22" (probe44). Outside a project (a chat
imported beside dated notes) the saving order says nothing, and nothing changes there."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.navigation import actor, replaced
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded

pytestmark = pytest.mark.anyio

PROJECT = "project:fernhill"
NOTES = (
    "The docs site lives in docs/ and is built with MkDocs Material.",
    "Python version is pinned to 3.11 in .python-version; the Docker image follows it.",
    "Run the unit tests with `make unit`; they use an in-memory SQLite database.",
    "2026-10-12: Upgraded Python from 3.11 to 3.12 (.python-version and the Docker image).",
    "2026-10-28: Moved the docs site from docs/ to site/docs/; the MkDocs config moved too.",
)


async def _asked(home: Path, scope: str, questions: tuple[str, ...]
                 ) -> tuple[list[str], list[SearchResult]]:
    async with Runtime(home) as rt:
        saved = []
        for text in NOTES:
            result = await rt.ingest.ask(Save(content=text, scope=scope, provenance=Provenance(
                agent="claude-code", session="s1")))
            saved.append(result.leaf_ids[0])
        await embedded(rt)
        return saved, [await rt.navigation.ask(Search(query=q, scope=scope))
                       for q in questions]


async def test_a_dated_note_saved_later_is_the_newer(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("Where is the documentation site now?",  # the probe's, in other words
             "¿Dónde está ahora el sitio de la documentación?",
             "Python version is pinned to 3.11")
    saved, found = await _asked(tmp_path / "on", PROJECT, asked)
    assert [reply.hits[0].leaf_id for reply in found[:2]] == [saved[4], saved[4]]
    pinned = next(hit for hit in found[2].hits if hit.leaf_id == saved[1])
    assert pinned.currency == "SUPERSEDED"
    monkeypatch.setattr(actor, "saved_in_order", lambda _: False)
    monkeypatch.setattr(replaced, "saved_in_order", lambda _: False)
    saved, found = await _asked(tmp_path / "off", PROJECT, (asked[0], asked[2]))
    assert found[0].hits[0].leaf_id != saved[4]
    pinned = next(hit for hit in found[1].hits if hit.leaf_id == saved[1])
    assert pinned.currency != "SUPERSEDED"


async def test_outside_a_project_the_saving_order_says_nothing(tmp_path: Path) -> None:
    saved, found = await _asked(tmp_path, "", ("Python version is pinned to 3.11",))
    pinned = next(hit for hit in found[0].hits if hit.leaf_id == saved[1])
    assert pinned.currency != "SUPERSEDED"
