""""Which tickets are still open?" reads, for each open word, only the index's best notes
holding that word (``OPEN_WORK_READ``), not every one: at 50k memories ~13,000 notes hold
"review" or "open" in passing, and reading them all kept the navigation actor busy 40-55 s
(every other search waited behind it). A word's best holders by BM25 are its shortest notes,
as a ticket's note is; a long note using several open words in passing does not crowd them
out. The notes are written for this file."""

from __future__ import annotations

from pathlib import Path

import pytest

import actors.navigation.actor as navigation
from tests.navigation.test_work_status import ask_copy, notes_store

pytestmark = pytest.mark.anyio

TICKETS = ("QB-31 (open): the CSV export drops the header row.",
           "QB-32 (in progress): retry the webhook when the gateway answers 502.",
           "QB-33 is blocked until the vendor ships the new SDK.",
           "QB-34 (open): the dark theme loses the focus ring on buttons in the settings page.")
IN_PASSING = (
    "Code reviews ask every new contributor to read the style guide, run the linters and keep "
    "the review checklist in docs/review.md up to date before asking for a second review.",
    "Pending a decision from finance, the open invoices report keeps its old layout; the "
    "reviewers asked for a separate column for open credit notes and pending refunds.",
    "Review meetings are on Thursdays; anything pending from the last review goes at the top "
    "of the agenda, and open questions are written in the shared document beforehand.",
)


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return notes_store(tmp_path_factory, "open_work_pool", (*IN_PASSING, *TICKETS))


def _tickets_shown(texts: list[str]) -> set[str]:
    return {ticket for ticket in ("QB-31", "QB-32", "QB-33", "QB-34")
            if any(ticket in text for text in texts)}


async def test_each_word_s_best_note_is_read_before_notes_in_passing(
        notes: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # one note read per word: "open" -> the shorter open ticket (QB-31, not QB-34),
    # "progress" -> QB-32, "blocked" -> QB-33; the long notes never get in first
    monkeypatch.setattr(navigation, "OPEN_WORK_READ", 1)
    reply = await ask_copy(notes, tmp_path, "Which tickets are still open?")
    assert reply.status == "FOUND"
    assert _tickets_shown([hit.text for hit in reply.hits][:3]) == {"QB-31", "QB-32", "QB-33"}
    assert "QB-34" not in " ".join(hit.text for hit in reply.hits)


async def test_the_default_reads_every_open_ticket_here(notes: Path, tmp_path: Path) -> None:
    reply = await ask_copy(notes, tmp_path, "Which tickets are still open?")
    assert _tickets_shown([hit.text for hit in reply.hits][:4]) == {
        "QB-31", "QB-32", "QB-33", "QB-34"}
