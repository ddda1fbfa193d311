"""A coding agent's questions about its tickets and its people, asked through MCP from a
server running in a git repository (the notes are filed under the project).

An outside probe (probe-agent, five repositories) found: GitHub's issue numbers ("#57
(open): ...") were not read as tickets, so "Are there any open bugs?" never listed #57 and
"Is #63 fixed?", never stored, was answered by "#39 closed ..."; the open list put five
session notes that "Left a TODO" before the one ticket told open, and a later session's
note on the same code ("the slow part is validate_iban ... Left a TODO") was taken for where
the ticket stood; a status asked as "Was OPS-412 resolved?" or with many words before
"fixed" led with the ticket's open note, not its fix; "Who owns the Homebrew tap?" was read
as the user's tap, "No memory found ... (only Ribeiro's)". The notes and questions here are
written for this file, not the probe's."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.query import asks_about_now, identifiers, possessed
from tests.server.test_scope_user_own import repository, session_in

TODOS = (
    "[2026-05-04] Session note: the page-break code in export/pdf.py is hard to follow; "
    "left a TODO.",
    "[2026-05-11] Session note: the font cache is rebuilt on every export; left a TODO.",
    "[2026-05-18] Notas de la sesión: el exportador PDF lee las imágenes dos veces. Dejé un "
    "TODO.",
    "[2026-05-25] Session note: the margin math is duplicated in three renderers; left a TODO.",
)
NOTES = (
    "[2026-02-10] #150 (open): the CSV importer rejects files separated by semicolons.",
    "[2026-02-20] #150 resolved: the importer sniffs the separator now; closed.",
    "[2026-03-02] #204 (open): split_table() drops the last page when a table spans three "
    "pages.",
    "[2026-03-09] #187 closed as won't fix: the watermark position is what the spec says.",
    "[2026-03-15] Session note: profiled split_table() again; a table of three pages is split "
    "twice. Left a TODO.",
    *TODOS,
)


def test_the_questions_read() -> None:
    assert identifiers("Is #311 fixed?") == ("#311",)
    assert identifiers("merged in PR #77") == ("#77",)  # one id, not "#77" and "77"
    assert identifiers("C# and F# code, page.html#12") == ("page.html#12",)
    for asked in ("Was the semicolon import bug ever resolved?", "Did #150 get fixed?",
                  "Is the drop of the last page in PDF exports fixed?",
                  "¿Se arregló el problema del separador?", "¿Fue resuelto #150?"):
        assert asks_about_now(asked), asked
    for asked in ("When was it merged?", "Was the bug fixed before the release?",
                  "Was I happy in Rome?"):
        assert not asks_about_now(asked), asked
    assert possessed("Who owns the Debian repository?") == ()
    assert possessed("¿Quién compró las entradas?") == ()
    assert possessed("Did I buy a new laptop?") == ("laptop",)


@pytest.mark.anyio
async def test_tickets_asked_through_mcp_from_the_repository(tmp_path: Path) -> None:
    home = tmp_path / "home"
    cinderlane = repository(tmp_path, "cinderlane")
    async with session_in(home, cinderlane) as s:
        for text in NOTES:
            said = await s.ok("save_memory", {"content": text})
            assert "Filed under project:cinderlane" in said, said

        def first(reply: str) -> str:  # the first memory served ("" for No memory found)
            return "" if reply.startswith("No memory found") else reply.split("--- 2.")[0]

        for asked in ("Which issues are still open?", "Are there any open bugs?",
                      "¿Qué incidencias siguen abiertas?"):
            reply = await s.ok("search_memory", {"query": asked})
            # the ticket told open leads the notes that left a TODO, and the later
            # session's note on the same code is not where #204 stands
            assert "#204 (open)" in first(reply), (asked, reply)
            assert "#150" not in reply.split("Also close")[0], (asked, reply)  # resolved
        never = await s.ok("search_memory", {"query": "Is #311 fixed?"})
        assert never.startswith("No memory found"), never
        for asked in ("Was the semicolon import bug ever resolved?",
                      "Did the semicolon bug in the CSV importer get fixed?",
                      "¿Se arregló el problema del separador en el importador CSV?"):
            reply = await s.ok("search_memory", {"query": asked})
            assert "#150 resolved" in first(reply), (asked, reply)


@pytest.mark.anyio
async def test_who_owns_a_thing_asks_for_a_person(tmp_path: Path) -> None:
    async with session_in(tmp_path / "home", repository(tmp_path, "cinderlane")) as s:
        await s.ok("save_memory", {"content": "[2026-04-01] Sofia Brandt owns cinderlane's "
                                              "packaging and the Debian repository "
                                              "apt.cinderlane.dev."})
        await s.ok("save_memory", {"content": NOTES[0]})
        # a person is asked for, not the user's repository ("only Brandt's")
        owner = await s.ok("search_memory", {"query": "Who owns the Debian repository?"})
        assert not owner.startswith("No memory found"), owner
        assert "Sofia Brandt" in owner.split("--- 2.")[0], owner
