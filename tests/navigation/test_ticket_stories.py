"""A coding agent's notes of a project's tickets, saved one after another, some with a day of
their own ("2026-10-20: PX-12 fixed ...") and some without ("PX-12 (open): ..."), and three
start-of-task questions: how a ticket stands, which work is still open, what changed
recently. Three rules, each pinned here: an undated note of a ticket is no newer than a dated
note of the same ticket saved after it, and a later note of the ticket telling its status is
where it stands (``NavigationActor._told_when``, ``_goes_on``); "Which tickets are still
open?" lists the newest note of each piece of work told open and never told done
(``_open_work``); "recently" is the month up to the newest day the scope's memories name
(``_recent_span``). The notes and questions are written for this file, not the probe's."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.work_status import asks_open_work, tells_work_done
from actors.time_ranges import recent_phrase
from tests.navigation.test_work_status import ask_copy, notes_store

pytestmark = pytest.mark.anyio

NOTES = (
    "PX-12 (open): the PDF invoice shows the wrong VAT rate for Portugal.",
    "PX-15 (in progress): port the report builder from Jinja to Mako; Oskar has it.",
    "PX-19 opened: uploads over 2 GB fail with a 413 from the proxy.",
    "The invoice templates live in billing/templates/pdf/.",
    "Convention: every money amount is a Decimal, never a float.",
    "2026-09-30: We replaced Flower with our own queue dashboard.",
    "2026-10-20: PX-12 fixed in billing/vat.py; closed.",
    "2026-10-27: PX-21 is blocked until the bank sends the new certificate.",
    "2026-11-16: Dropped Python 3.10 support; the minimum is 3.11 now.",
    "2026-11-24: Switched the staging database to PostgreSQL 17.",
    "Hay que revisar con Oskar cualquier cambio en billing/ antes de hacer merge.",
)


@pytest.fixture(scope="module")
def notes(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return notes_store(tmp_path_factory, "ticket_stories", NOTES)


_ask = ask_copy


def test_the_questions_and_notes_read() -> None:
    assert asks_open_work("Which bugs are still open?")
    assert asks_open_work("¿Qué incidencias quedan pendientes?")
    assert not asks_open_work("Is PX-12 still open?")  # one ticket's status
    assert not asks_open_work("What time does the office open?")
    assert tells_work_done("PX-3 resolved.") and not tells_work_done("PX-3 reopened, not fixed")
    assert recent_phrase("¿Qué ha cambiado últimamente?") == "ultimamente"
    assert recent_phrase("What is the most recent release?") is None


async def test_a_ticket_s_dated_fix_saved_later_is_where_it_stands(notes: Path,
                                                                  tmp_path: Path) -> None:
    # "PX-12 (open)" has no day of its own: it is of the day it was saved, after October 20
    reply = await _ask(notes, tmp_path, "Is the VAT bug on the PDF invoice still open?")
    assert reply.status == "FOUND" and "PX-12 fixed" in reply.hits[0].text


async def test_the_open_work_is_listed(notes: Path, tmp_path: Path) -> None:
    reply = await _ask(notes, tmp_path, "What tickets are still unresolved?")
    assert reply.status == "FOUND"
    shown = [hit.text for hit in reply.hits]
    for ticket in ("PX-15", "PX-19", "PX-21"):
        assert any(ticket in text for text in shown[:3]), ticket
    assert not any("PX-12" in text for text in shown)  # fixed on 2026-10-20


async def test_recently_is_the_newest_dated_memories_of_the_scope(notes: Path,
                                                                  tmp_path: Path) -> None:
    # the newest day named is 2026-11-24, days before the store is asked
    reply = await _ask(notes, tmp_path, "What changed lately?")
    assert reply.status == "FOUND" and "PostgreSQL 17" in reply.hits[0].text
    assert any("Python 3.10" in hit.text for hit in reply.hits)
