"""In a how-to question, "on my machine", "en mi portátil" says where the work is done, not a
thing of the user's the memory must tell of: an outside probe (probe44) got "No memory found
... no stored memory mentions the user's 'laptop'" for "How do I run the linters on my
laptop?" with the `make lint` note stored. Another question's "my car" still asks of the car
(``test_a_thing_of_the_users_no_memory_mentions_is_not_found``). Fails without
``query.worked_at``."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import unmentioned
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

NOTES = (
    "Install the dependencies with `uv sync --frozen`; never pip install into the venv.",
    "Start the API server with `make dev`; it reloads on every change under src/.",
    "Run the linters with `make lint`; it runs ruff and eslint over the whole repo.",
    "Trello holds the roadmap; Ayelet grooms it on Mondays.",
)
ASKED = ("How do I run the linters on my laptop?",  # the probe's
         "¿Cómo arranco el servidor de la API en mi ordenador?",  # held out
         "How can I install the dependencies on my workstation?")  # held out (by meaning)


async def test_where_a_how_to_is_done_is_no_thing_asked_of_the_user(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    found = await replies(tmp_path / "on", NOTES,
                          (*ASKED, "What did the mechanic say about my car?"))
    assert [reply.status for reply in found] == ["FOUND", "FOUND", "FOUND", "NONE"]
    monkeypatch.setattr(unmentioned, "worked_at", lambda _: ())
    found = await replies(tmp_path / "off", NOTES, ASKED[:2])
    assert all(reply.status == "NONE" for reply in found)
