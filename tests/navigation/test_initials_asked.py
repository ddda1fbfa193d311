"""A phrase asked whose initials a memory writes: "How big should my pull requests be?" with
"Ayelet prefers small PRs" stored was "No memory found" (probe44): "PRs" was indexed as one
term "prs", which met neither "pr" nor "pull request". An acronym's plural is now its
singular (``text.terms``), and the question's "pull requests" is read as "pr" as well
(``synonyms.initials_of``, in the alias reading). Fails with either half reverted."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import readings
from actors.text import terms
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

NOTES = (
    "Ayelet prefers small PRs (under 400 lines) and wants a screenshot for any UI change.",
    "Bruno wants MRs kept under 300 changed lines, each linked to its ticket.",
    "Build the Docker image with `make image`; the context is the repo root.",
)
ASKED = ("How big should my pull requests be?",  # the probe's
         "What's the size limit for a merge request?")  # held out


def test_an_acronym_s_plural_is_its_singular() -> None:
    assert terms("PRs IDs VMs APIs") == ["pr", "id", "vm", "api"]
    assert terms("Pass its bus") == ["pass", "bus"]


async def test_a_phrase_asked_finds_the_memory_writing_its_initials(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = await replies(tmp_path / "on", NOTES, (*ASKED, "How big should my commits be?"))
    assert [reply.status for reply in found[:2]] == ["FOUND", "FOUND"]
    assert "400 lines" in found[0].hits[0].text and "300 changed" in found[1].hits[0].text
    assert found[2].status == "NONE" or "PRs" not in found[2].hits[0].text
    monkeypatch.setattr(readings, "initials_of", lambda _: ())
    off = await replies(tmp_path / "off", NOTES, ASKED[:1])
    assert off[0].status == "NONE"
