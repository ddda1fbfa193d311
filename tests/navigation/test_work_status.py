"""A coding agent's start-of-task questions about the work of a project: what is blocked, how a
release is cut, whether a piece of work is finished, how a ticket stands. Its notes tell each
by a ticket's id and a word of status ("KS-97 (in progress)", then "KS-97 done"), and the
question asks by the work ("Is the search index migration finished?"). Three rules, each
pinned here on its own: the closest memory in meaning holding a specific word of the question
is about it (``ranking._meaning_agrees``), a question asking a status asks how things stand
now (``query._STATUS``), and a ticket's id ties its story (``NavigationActor._continuation``).
The memories and the questions are written for this file, in words not used while writing
the rules (a project of the probe's and one of our own were)."""

from __future__ import annotations

import shutil
from pathlib import Path

import anyio
import pytest

from actors.navigation import ranking
from actors.navigation.messages import SearchResult
from actors.navigation.ranking import Evidence
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio

NOTES = (
    "2026-10-02: KS-88 opened: the CSV importer drops rows whose amount has a thousands "
    "separator.",
    "2026-10-20: KS-88 resolved and closed; amounts are parsed with babel now.",
    "2026-11-03: KS-97 (in progress): move the search index from Whoosh to Tantivy; Marta "
    "owns it.",
    "2026-11-30: KS-97 done: search runs on Tantivy now, Whoosh is gone.",
    "KS-102 is blocked until the vendor sends the new SFTP credentials (waiting on Bruno).",
    "Release steps: update CHANGELOG.md, run `make dist`, then push the tag; the pipeline "
    "uploads the wheel to our package index.",
    "Convention: every Celery task lives in kestrel/tasks/, one module per queue.",
    "Unit tests run with `make check`; the slow suite is marked @pytest.mark.slow.",
    "Bruno wants type hints on every public function of kestrel/core.",
    "The staging server is staging.kestrel.dev; SSH access goes through the bastion host.",
    "Decidimos usar Loki para los logs en vez de Elasticsearch: cuesta menos.",
    "2026-09-14: Upgraded Django from 4.2 to 5.0 in kestrel.",
    "Marta reviews anything that touches kestrel/billing/ before it is merged.",
    "The nightly export job runs at 03:15 UTC from deploy/cron/export.yaml.",
)


def _near(similarity: float, crowd: float, closest: bool) -> Evidence:
    # one specific word of three (one memory holds it), measured in meaning
    return Evidence(coverage=0.3, words=frozenset({"w0"}), rarest_df=1, asked=3, dfs=(1,),
                    similarity=similarity, compared=True, closest=closest, crowd=crowd)


def test_the_closest_memory_holding_a_specific_word_is_about_the_question() -> None:
    # under SPECIFIC_MEANING (0.2) a specific word alone was chance; the closest memory in
    # meaning, at NEIGHBOUR_AND_MEANING (0.15) or more and STANDOUT (0.04) above the crowd,
    # holds it by no chance
    assert ranking.about(_near(0.18, 0.07, closest=True), 100)
    assert not ranking.about(_near(0.18, 0.07, closest=False), 100)
    assert not ranking.about(_near(0.14, 0.07, closest=True), 100)
    assert not ranking.about(_near(0.18, 0.15, closest=True), 100)
    assert ranking.about(_near(0.21, 0.19, closest=False), 100)  # 0.2: as before


def notes_store(tmp_path_factory: pytest.TempPathFactory, name: str,
                notes: tuple[str, ...]) -> Path:
    """A store of ``notes`` saved in their order, every vector in; each test asks a copy."""
    home = tmp_path_factory.mktemp(name)

    async def build() -> None:
        async with Runtime(home) as rt:
            for text in notes:
                await save(rt, text)
            await embedded(rt)
    anyio.run(build)
    return home


async def ask_copy(notes: Path, tmp_path: Path, question: str) -> SearchResult:
    """``question``'s reply from a copy of the store ``notes`` (``notes_store``)."""
    shutil.copytree(notes, tmp_path / "store")
    async with Runtime(tmp_path / "store") as rt:
        await embedded(rt)
        return await search(rt, question)


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return notes_store(tmp_path_factory, "work_status", NOTES)


_ask = ask_copy


async def test_a_specific_word_of_the_closest_memory_answers(notes: Path, tmp_path: Path
                                                             ) -> None:
    # "blocked" is held by one memory, 0.15-0.2 close in meaning: "No memory found" before
    blocked = await _ask(notes, tmp_path, "Is anything blocked at the moment?")
    assert blocked.status == "FOUND" and "KS-102" in blocked.hits[0].text


async def test_a_status_asked_is_answered_by_the_newest_of_the_story(notes: Path,
                                                                     tmp_path: Path) -> None:
    # "KS-97 done" after "KS-97 (in progress)": the question says no "now"
    finished = await _ask(notes, tmp_path, "Has the search index migration been finished?")
    assert finished.status == "FOUND" and "KS-97 done" in finished.hits[0].text


async def test_a_ticket_s_id_ties_its_story(notes: Path, tmp_path: Path) -> None:
    # the later memory shares no word with the earlier but "KS-88" (and "now")
    bug = await _ask(notes, tmp_path, "What is the status of the CSV importer bug?")
    assert bug.status == "FOUND" and "resolved and closed" in bug.hits[0].text


async def test_a_thing_no_memory_names_is_still_not_found(notes: Path, tmp_path: Path
                                                          ) -> None:
    assert (await _ask(notes, tmp_path, "Is the GraphQL gateway blocked?")).status == "NONE"
