"""A label opening an agent's note ("Gotcha:", "Caveat:", "Advertencia:") is no chat speaker:
an outside probe (probe44) got "Said by Gotcha, and it does not mention the user" on the
answer to "What should I know before running make seed?". Fails without the labels in
``speakers.HEADINGS``."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.facts import speakers
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

NOTES = (
    "Caveat: `make reset` drops every table first; dump anything you want to keep.",
    "Advertencia: `make purge` borra la caché de imágenes del CDN; avisa a Lena antes.",
)
ASKED = ("What should I know before running make reset?",
         "¿Qué debo saber antes de ejecutar make purge?")


async def test_a_note_label_is_no_speaker(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    found = await replies(tmp_path / "on", NOTES, ASKED)
    assert all(reply.hits and reply.hits[0].said_by_other is None for reply in found)
    monkeypatch.setattr(speakers, "HEADINGS", speakers.HEADINGS - {"caveat", "advertencia"})
    speakers.opening_speaker.cache_clear()  # kept by text: read again without the labels
    try:
        found = await replies(tmp_path / "off", NOTES, ASKED)
    finally:
        monkeypatch.undo()
        speakers.opening_speaker.cache_clear()  # no reading without them left for others
    assert any(reply.hits and reply.hits[0].said_by_other for reply in found)


async def test_a_dated_title_of_common_words_is_no_speaker(tmp_path: Path) -> None:
    """probe-agent2's failure 10: "[2026-08-11] Testing: ledgerkit uses Vitest ..." was "Said
    by Testing". A dated label of common words alone titles a note unless what follows speaks
    in the first or second person (a chat's "Rose: I got the job!"); fails without
    ``speakers._speaks``."""
    assert speakers.speaker_of("[2026-04-09] Packaging: wheels are built by cibuildwheel on "
                               "tag push.") is None
    assert speakers.speaker_of("2026-04-09 Deployment: the API ships with `make release`.") \
        is None
    assert speakers.speaker_of("[2026-04-09] Rose: I got the job!") == speakers.Speaker("Rose")
    assert speakers.speaker_of("[2026-04-09] Grace: are you coming tonight?") == \
        speakers.Speaker("Grace")
    found = await replies(tmp_path, (
        "[2026-04-09] Packaging: wheels are built by cibuildwheel on tag push.",), (
        "How are the wheels built?",))
    assert found[0].hits and found[0].hits[0].said_by_other is None
