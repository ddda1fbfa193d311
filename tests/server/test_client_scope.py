"""Project scope from the client's MCP roots, over real stdio sessions with the SDK client.

Two clients open two different projects on one store: what one saves about its project stays
with that project, what the user says about themselves is seen by both, and an explicit scope
reaches another project.
"""

from __future__ import annotations

import contextlib
import os
import warnings
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from mcp import ClientSession, stdio_client
from mcp import types as mcp_types
from mcp.shared.exceptions import MCPDeprecationWarning

from actors.ingest.scope import save_scope
from ihmt_async.client_scope import cwd_project, scope_for_directory
from tests.mcp_client import Session, server_params

pytestmark = pytest.mark.anyio


@contextlib.asynccontextmanager
async def rooted_session(home: Path, root: Path | None, cwd: Path | None = None
                         ) -> AsyncIterator[Session]:
    async def list_roots(_: Any) -> mcp_types.ListRootsResult:
        assert root is not None
        return mcp_types.ListRootsResult(roots=[mcp_types.Root(uri=root.as_uri(),
                                                               name=root.name)])

    params = server_params(home)
    if cwd is not None:
        params.cwd = str(cwd)
    with open(os.devnull, "w") as errlog:  # noqa: ASYNC230
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, list_roots_callback=list_roots if root else None,
                              client_info=mcp_types.Implementation(name="rooted", version="1")
                              ) as session:
            await session.initialize()
            yield Session(session)


def make_project(base: Path, name: str) -> Path:
    root = base / name
    (root / ".git").mkdir(parents=True)
    (root / "src").mkdir()
    return root


async def test_project_knowledge_stays_with_its_project(tmp_path: Path) -> None:
    home = tmp_path / "home"
    billing = make_project(tmp_path, "billing")
    frontend = make_project(tmp_path, "frontend")
    async with rooted_session(home, billing / "src") as s:
        saved = await s.ok("save_memory", {"content": "Decision: the invoice exporter writes "
                                                      "CSV files with semicolon separators."})
        assert saved.startswith("Saved")
        await s.ok("save_memory", {"content": "scope trav"})  # a note of two words
        await s.ok("save_memory", {"content": "2026-01-10: I live in Valencia, near the "
                                              "Turia gardens.", "origin": "user"})
        here = await s.ok("search_memory", {"query": "invoice exporter separators"})
        assert "semicolon" in here.split("Also matching")[0]
    async with rooted_session(home, frontend) as s:
        elsewhere = await s.ok("search_memory", {"query": "invoice exporter separators"})
        assert "semicolon" not in elsewhere
        # ...but the reply says which project's memories match, and how to see them
        assert elsewhere.startswith("No memory found")
        assert 'Memories of another scope ("project:billing") match it' in elsewhere
        assert "Searched all" not in elsewhere
        # a memory only close in meaning is no match to send the caller after
        code = await s.ok("search_memory", {"query": "FLUX29999"})
        assert code.startswith("No memory found") and "another scope" not in code
        user = await s.ok("search_memory", {"query": "where do I live?"})
        assert "Valencia" in user.split("Also matching")[0]
        asked = await s.ok("search_memory", {"query": "invoice exporter separators",
                                             "scope": "project:billing"})
        assert "semicolon" in asked.split("Also matching")[0]
    async with rooted_session(home, None) as s:  # a client without roots: global only
        unrooted = await s.ok("search_memory", {"query": "where do I live?"})
        assert "Valencia" in unrooted.split("Also matching")[0]


def test_scope_for_directory_and_save_scope(tmp_path: Path) -> None:
    billing = make_project(tmp_path, "billing")
    assert scope_for_directory(billing / "src") == "project:billing"
    assert scope_for_directory(None) == ""
    assert scope_for_directory("relative/dir") == ""
    assert scope_for_directory(Path.home()) == ""
    project = "project:billing"
    assert save_scope("", project, "We chose Kafka for the billing events queue.") == project
    # a date opening the note does not make it personal (agents are told to date notes)
    assert save_scope("", project, "2026-11-30: In this repo we pin numpy to 1.26.") == project
    assert save_scope("", project, "2026-11-30: My sister is getting married in June.") == ""
    assert save_scope("", project, "I work at Initech as a backend engineer.") == ""
    assert save_scope("", project, "Vivo en Sevilla desde 2024.") == ""
    # an agent's note about its user, in the third person, is the user's too (global)
    assert save_scope("", project, "The user prefers squash merges over rebase merges.") == ""
    assert save_scope("", project, "The user lives in Porto.") == ""
    assert save_scope("project:other", project, "I live in Lisbon.") == "project:other"
    assert save_scope("", "", "We chose Kafka.") == ""


ADVICE = (
    "assistant: A short shopping list covers most of what you need in the first weeks.\n\n"
    "## Checklist\n\n"
    "1. **Crate and bedding** - A crate sized for the adult dog with a divider.\n"
    "2. **Food** - Start with the same food the rescue used, then change it slowly.\n"
    "3. **Collar, harness and ID tag** - An ID tag with a name and address is required.\n\n"
    "### Why this approach works\n\n"
    "People who get good results are rarely doing anything exotic. They are consistent, "
    "they keep simple notes on what they tried, and they change one thing at a time so they "
    "can tell what made the difference.\n\n"
    "### Common pitfalls\n\n"
    "- Over-optimising details before the fundamentals are solid rarely pays off.\n"
    "- Copying a setup that worked for someone else without checking your own constraints "
    "is the most common mistake.\n")


@pytest.mark.parametrize(("transcript", "personal"), [
    # a saved chat session reads as the assistant's advice ("process"); the user's own turns
    # tell whether it is about the user's life (an outside client's puppy session was filed
    # under the project it was saved from)
    ("[2026-06-02] Conversation between the user and the assistant\n"
     "user: What should I buy before bringing a new puppy home?\n" + ADVICE
     + "user: We adopted a beagle puppy named Biscuit yesterday! He cries all night.\n"
     + ADVICE, True),
    ("user: Why does my forEach with async callbacks not wait?\n"
     "assistant: forEach ignores promises; use for...of with await.\n"
     "user: I refactored the loader in src/load.ts to use for-of and the tests pass.", False),
])
def test_a_chat_transcript_is_the_user_s_when_the_user_s_turns_are(
        transcript: str, personal: bool) -> None:
    assert (save_scope("", "project:billing", transcript) == "") is personal


async def test_a_client_without_roots_gets_the_project_of_the_servers_directory(
        tmp_path: Path) -> None:
    """Codex declares no roots and starts its servers in the session's folder: a save there
    belongs to that folder's repository, not to every project."""
    home = tmp_path / "home"
    billing = make_project(tmp_path, "billing")
    async with rooted_session(home, None, cwd=billing / "src") as s:
        await s.ok("save_memory", {"content": "Decision: the invoice exporter writes CSV "
                                              "with semicolons."})
    outside = tmp_path / "scratch"
    outside.mkdir()
    async with rooted_session(home, None, cwd=outside) as s:
        await s.ok("save_memory", {"content": "Decision: the scratch tool writes TSV files."})
        # Another project sees global memories and none of billing's.
        other = await s.ok("search_memory", {"query": "which files does the scratch tool "
                                                      "and the invoice exporter write",
                                             "scope": "project:other", "limit": 5})
        billing_only = await s.ok("search_memory", {"query": "invoice exporter CSV",
                                                    "scope": "project:billing"})
    assert "TSV" in other and "semicolons" not in other, other
    assert "semicolons" in billing_only, billing_only


def test_the_working_directory_counts_only_inside_a_repository(tmp_path: Path) -> None:
    billing = make_project(tmp_path, "billing")
    assert cwd_project(billing / "src") == "project:billing"
    assert cwd_project(tmp_path) == ""
    assert cwd_project(Path("/")) == ""


@contextlib.asynccontextmanager
async def session_answering(home: Path, answer: Any, cwd: Path) -> AsyncIterator[
        tuple[Session, ClientSession]]:
    """A client declaring roots whose ``roots/list`` is answered by ``answer()``."""
    async def list_roots(_: Any) -> mcp_types.ListRootsResult | mcp_types.ErrorData:
        result: mcp_types.ListRootsResult | mcp_types.ErrorData = answer()
        return result

    params = server_params(home)
    params.cwd = str(cwd)
    with open(os.devnull, "w") as errlog:  # noqa: ASYNC230
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, list_roots_callback=list_roots,
                              client_info=mcp_types.Implementation(name="ide", version="1")
                              ) as session:
            await session.initialize()
            yield Session(session), session


async def test_a_client_whose_roots_fail_gets_the_project_of_the_servers_directory(
        tmp_path: Path) -> None:
    """A client that declares roots but answers roots/list with an error had its "in this
    repo" notes filed for every project, and the reply did not say so."""
    home = tmp_path / "home"
    billing = make_project(tmp_path, "billing")

    def failing() -> mcp_types.ErrorData:
        return mcp_types.ErrorData(code=mcp_types.INTERNAL_ERROR, message="no workspace")

    async with session_answering(home, failing, billing) as (s, _):
        saved = await s.ok("save_memory", {"content": "Our staging database in this repo is "
                                                      "pg-stage-2."})
    assert "Filed under project:billing" in saved, saved


async def test_a_client_whose_roots_change_files_under_its_new_project(tmp_path: Path) -> None:
    """An IDE that switched folders and said so (notifications/roots/list_changed) kept
    filing its memories under the previous project."""
    home = tmp_path / "home"
    first, second = make_project(tmp_path, "alpha"), make_project(tmp_path, "beta")
    current = [first]

    def roots() -> mcp_types.ListRootsResult:
        return mcp_types.ListRootsResult(roots=[mcp_types.Root(uri=current[0].as_uri())])

    async with session_answering(home, roots, tmp_path) as (s, session):
        before = await s.ok("save_memory", {"content": "Decision: alpha's exporter writes "
                                                       "CSV with semicolons."})
        current[0] = second
        with warnings.catch_warnings():  # the SDK deprecates roots (SEP-2577); clients use them
            warnings.simplefilter("ignore", MCPDeprecationWarning)
            await session.send_roots_list_changed()
        after = await s.ok("save_memory", {"content": "Decision: beta's exporter writes TSV "
                                                      "files."})
    assert "Filed under project:alpha" in before, before
    assert "Filed under project:beta" in after, after
