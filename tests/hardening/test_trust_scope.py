"""Trust and scope rules through the real server: tool-origin text never overturns the user
without review, ingested files are tool text and code files state no facts, scopes keep
projects apart, forget stays in its scope, origins are exact, echoes are bounded; every
refusal leaves the store byte-for-byte unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hardening.cli_run import run_cli
from tests.hardening.store_files import NO_BACKGROUND_PASS, first_pass_done, tree_digest
from tests.mcp_client import Session, server_session

pytestmark = pytest.mark.anyio


def store_state(home: Path) -> dict[str, str]:
    """Every file a call writes when it acts: leaves, branches, root, the event file (every
    save, forget and review writes its line there in the transaction that writes its database
    rows). The log and ``state/`` are left out: the server's background embedding, index
    commits and their lock stamps write there whenever they are due, refusal or not."""
    return {k: v for k, v in tree_digest(home / "ihmt_memory").items()
            if not k.startswith(("logs", "state"))}


def memory_id(reply: str) -> str:
    return reply.split("Memory id: ")[1].split()[0]


async def refused(s: Session, home: Path, tool: str, arguments: dict[str, object],
                  expected: str) -> str:
    if (home / "ihmt_memory").exists():
        await first_pass_done(home)
    before = store_state(home)
    text, is_error = await s.call(tool, arguments)
    assert is_error and expected in text, text
    assert store_state(home) == before
    return text


def status_of(full_reply: str, leaf: str) -> str:
    block = full_reply.split(leaf, 1)[1]
    return block.split("status:", 1)[1].split()[0]


async def test_tool_supersedes_of_a_user_memory_waits_for_review(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        user = memory_id(await s.ok("save_memory", {
            "content": "The staging database is PostgreSQL 15 on host pg-stage.",
            "origin": "user"}))
        reply = await s.ok("save_memory", {
            "content": "The staging database is MySQL 8 on host my-stage.", "origin": "tool",
            "supersedes": user})
        assert "Marked memory" not in reply
        assert f"marking memory {user} as superseded waits for review" in reply
        review_id = reply.split("[review ")[1].split("]")[0]
        full = await s.ok("search_memory", {"query": "staging database host",
                                            "detail": "full"})
        assert status_of(full, user) == "CURRENT"
        listed = run_cli(home, "review")
        assert review_id in listed.stdout
        approved = run_cli(home, "review", "approve", review_id)
        assert approved.returncode == 0, approved.stderr
        # One decision on the correction decides the value it states, and the reply says so.
        value = reply.split("[fact ")[1].split("]")[0]
        lines = approved.stdout.splitlines()
        assert lines[0] == (f"approved {review_id}: memory {user} is now superseded by memory "
                            f"{memory_id(reply)}.")
        assert lines[1].split() == ["approved", "with", "it", f"{value}:", "staging",
                                    "database", "=", "'MySQL", "8", "on", "host", "my-stage'",
                                    "is", "now", "ACTIVE."]
        full = await s.ok("search_memory", {"query": "staging database host",
                                            "detail": "full"})
        assert status_of(full, user) == "SUPERSEDED"
        # An agent-origin correction of the user's memory applies at once, as before.
        other = memory_id(await s.ok("save_memory", {
            "content": "The release train leaves every second Tuesday.", "origin": "user"}))
        applied = await s.ok("save_memory", {
            "content": "The release train leaves every Wednesday now.", "origin": "agent",
            "supersedes": other})
        assert f"Marked memory {other} as superseded" in applied


async def test_after_an_approved_tool_value_the_next_one_still_waits(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        await s.ok("save_memory", {"content": "2026-01-10: I live in Madrid.", "origin": "user"})
        first = await s.ok("save_memory", {"content": "2026-02-10: I live in Paris.",
                                           "origin": "tool"})
        assert "Waiting for review" in first
        fact = first.split("[fact ")[1].split("]")[0]
        assert run_cli(home, "review", "approve", fact).returncode == 0
        second = await s.ok("save_memory", {"content": "2026-03-10: I live in Rome.",
                                            "origin": "tool"})
        assert "Waiting for review" in second and "Rome" in second.split("Waiting")[1]
        answer = await s.ok("search_memory", {"query": "where do I live?"})
        assert "Current value: user location = 'Paris'" in answer


async def test_ingested_files_are_tool_text_and_code_states_no_facts(tmp_path: Path) -> None:
    home, tree = tmp_path / "home", tmp_path / "tree"
    tree.mkdir()
    (tree / "test_profile.py").write_text(
        'def test_moves():\n    save("I live in Valencia.")\n    assert facts.new_facts\n',
        encoding="utf-8")
    (tree / "notes.txt").write_text("2026-04-01: I live in Oslo.\n", encoding="utf-8")
    assert run_cli(home, "save", "2026-01-01: I live in Madrid.").returncode == 0
    ingested = run_cli(home, "ingest", str(tree))
    assert ingested.returncode == 0, ingested.stderr
    history = run_cli(home, "history", "user", "location", "--json")
    assert "Valencia" not in history.stdout  # nothing from the code file
    assert '"Oslo"' in history.stdout and '"origin": "tool"' in history.stdout
    assert '"status": "PENDING"' in history.stdout  # a copied file does not overturn the user
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        answer = await s.ok("search_memory", {"query": "where do I live?"})
        assert "Current value: user location = 'Madrid'" in answer


async def test_scopes_keep_projects_apart_and_forget_stays_in_scope(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        scoped = memory_id(await s.ok("save_memory", {
            "content": "The zephyrine cache of project A is flushed nightly.",
            "scope": "project:a"}))
        shared = memory_id(await s.ok("save_memory", {
            "content": "Zephyrine is the name of our cache library.", "origin": "user"}))
        query = {"query": "zephyrine cache flushed nightly", "detail": "full"}
        assert scoped not in await s.ok("search_memory", query)
        assert shared in await s.ok("search_memory", query)  # the search ran and found
        assert scoped in await s.ok("search_memory", {**query, "scope": "project:a"})
        assert scoped not in await s.ok("search_memory", {**query, "scope": "project:b"})
        assert scoped in await s.ok("search_memory", {**query, "scope": "*"})

        await refused(s, home, "forget_memory", {"memory_id": scoped, "reason": "stale"},
                      "belongs to scope 'project:a'")
        await refused(s, home, "forget_memory", {"memory_id": scoped, "reason": "stale",
                                                 "scope": "project:b"},
                      "belongs to scope 'project:a'")
        forgotten = await s.ok("forget_memory", {"memory_id": scoped, "reason": "stale",
                                                 "scope": "project:a"})
        assert scoped in forgotten
        # A global memory may be forgotten from any scope.
        assert shared in await s.ok("forget_memory", {"memory_id": shared, "reason": "old",
                                                      "scope": "project:b"})
        # A bare name is a project's scope: saved as "billing", found as "project:billing"
        # (after the refusals above: its background embedding would change the store's files
        # while they check that nothing changed).
        bare = memory_id(await s.ok("save_memory", {
            "content": "The frobnicator threshold of billing is 0.37.", "scope": "billing"}))
        frob = {"query": "frobnicator threshold", "detail": "full"}
        assert bare in await s.ok("search_memory", {**frob, "scope": "project:billing"})
        assert bare in await s.ok("search_memory", {**frob, "scope": "billing"})
        assert bare not in await s.ok("search_memory", frob)


async def test_a_memory_of_another_project_is_not_superseded_from_here(tmp_path: Path) -> None:
    # an outside client superseded another project's memory by id (forget refused the same
    # id): that project's agent was told to prefer a value it may not see
    home = tmp_path / "home"
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        theirs = memory_id(await s.ok("save_memory", {
            "content": "The payments worker of project A listens on port 8080.",
            "scope": "project:a"}))
        correction = {"content": "The payments worker listens on port 9090.",
                      "supersedes": theirs}
        await refused(s, home, "save_memory", correction, "belongs to scope 'project:a'")
        await refused(s, home, "save_memory", {**correction, "scope": "project:b"},
                      "belongs to scope 'project:a'")
        done = await s.ok("save_memory", {**correction, "scope": "project:a"})
        assert f"Marked memory {theirs} as superseded" in done
        # a global memory may be corrected from any project
        shared = memory_id(await s.ok("save_memory", {
            "content": "Our staging database is pg-stage-1.", "origin": "user"}))
        fixed = await s.ok("save_memory", {"content": "Our staging database is pg-stage-2.",
                                           "origin": "user", "supersedes": shared,
                                           "scope": "project:b"})
        assert f"Marked memory {shared} as superseded" in fixed


async def test_a_scope_filter_follows_the_save_s_rule(tmp_path: Path) -> None:
    """A search (or forget) given a scope no save accepts searched the global memories and
    said nothing (an outside probe: "weird:thing"); it is refused with the forms that work.
    A well-formed project nobody saved under is legal: it holds nothing of its own, and the
    search sees the global memories as it did."""
    home = tmp_path / "home"
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        shared = memory_id(await s.ok("save_memory", {
            "content": "The quillwort greenhouse opens at eight.", "origin": "user"}))
        query = {"query": "quillwort greenhouse", "detail": "full"}
        for scope in ("weird:thing", "user:ana", "Project:billing", "project:", "a:b:::"):
            for tool, arguments in (("search_memory", {**query, "scope": scope}),
                                    ("forget_memory", {"memory_id": shared, "reason": "x",
                                                       "scope": scope}),
                                    ("save_memory", {"content": "A quillwort note.",
                                                     "scope": scope})):
                text = await refused(s, home, tool, arguments, "'project:<name>'")
                assert f"The scope '{scope.strip()}'" in text and "'user'" in text, text
                assert ("'*' for every scope" in text) == (tool != "save_memory"), text
        for scope in ("nosuchproject", "project:nosuchproject", "user", "*"):
            assert shared in await s.ok("search_memory", {**query, "scope": scope})
    done = run_cli(home, "search", "quillwort", "--scope", "weird:thing")
    assert done.returncode == 1 and "'project:<name>'" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert "quillwort" in run_cli(home, "search", "quillwort", "--scope", "elsewhere").stdout


async def test_origins_are_exact_and_echoes_are_bounded(tmp_path: Path) -> None:
    home = tmp_path / "home"
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        await s.ok("save_memory", {"content": "Seed memory about the otter pipeline."})
        for origin in ("Tool", "tool ", "user\u200b", "admin"):
            await refused(s, home, "save_memory", {"content": "The otter pipeline is fast.",
                                                   "origin": origin}, "Unknown origin")
        await refused(s, home, "save_memory", {"content": "x y z", "scope": "*"},
                      "means every scope")
        long_value = "d" * 50_000
        text = await refused(s, home, "save_memory", {"content": "The otter pipeline.",
                                                      "domain": long_value}, "domain")
        assert len(text) < 1000 and long_value[:300] not in text
        text = await refused(s, home, "save_memory", {"content": "The otter pipeline.",
                                                      "origin": long_value}, "origin")
        assert len(text) < 1000
        query = "quasar nebula " + "q" * 1800  # matches nothing: the reply quotes the query
        found = await s.ok("search_memory", {"query": query})
        assert found.startswith("No memory found") and "characters]" in found
        assert query not in found and len(found) < 1000
        recalled = await s.ok("recall", {"query": "nothing noted " + "r" * 1900})
        assert len(recalled) < 600
        refused_recall, is_error = await s.call("recall", {"query": "nothing noted " + "r" * 5000})
        assert is_error and len(refused_recall) < 600  # over 2,000 characters, as in search


async def test_control_characters_are_refused_in_names_and_never_echoed_raw(
        tmp_path: Path) -> None:
    """``memory_history(subject="\\x00")`` answered "No facts recorded for \\x00" with the NUL
    raw (an outside probe); a terminal escape in an id or a query came back as it was sent."""
    home = tmp_path / "home"
    raw = ("\x00", "\x1b", "\r", "\x7f", "\x9b")
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        await s.ok("save_memory", {"content": "The quillwort greenhouse opens at eight."})
        for arguments in ({"subject": "\x00"}, {"subject": "Ana\x1b[2J"},
                          {"attribute": "location\r"}):
            text = await refused(s, home, "memory_history", arguments, "control characters")
            assert not any(ch in text for ch in raw), repr(text)
        text = await refused(s, home, "save_memory", {"content": "A quillwort note.",
                                                      "tags": ["ok", "bad\x00tag"]},
                             "control character")
        assert not any(ch in text for ch in raw), repr(text)
        text = await refused(s, home, "forget_memory", {"memory_id": "L-\x1b[31mred\x00",
                                                        "reason": "x"}, "No memory")
        assert "\\x1b[31mred\\x00" in text and not any(ch in text for ch in raw), repr(text)
        reply = await s.ok("search_memory", {"query": "zanzibar\x1b[2J\x07 marmalade"})
        assert "\\x1b[2J\\x07" in reply and not any(ch in reply for ch in raw), repr(reply)


async def test_the_attribute_answer_line_is_bounded(tmp_path: Path) -> None:
    home = tmp_path / "home"
    cities = ["Albacete", "Burgos", "Cuenca", "Durango", "Elche", "Ferrol", "Girona", "Huesca"]
    async with server_session(home, TMPDIR=str(tmp_path), **NO_BACKGROUND_PASS) as s:
        for month, city in enumerate(cities, start=1):
            await s.ok("save_memory", {"content": f"2020-{month:02d}-01: I live in {city}.",
                                       "origin": "user"})
        answer = await s.ok("search_memory", {"query": "where do I live?"})
    line = next(li for li in answer.splitlines() if li.startswith("Current value:"))
    assert "'Huesca'" in line
    named = [city for city in cities[:-1] if f"'{city}'" in line]
    assert named == cities[2:-1]  # the latest five earlier values
    assert "… and 2 earlier values." in line
