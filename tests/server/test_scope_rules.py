"""Where a save without a scope is filed, and the scope names a call may give, through the
real server and the pure rules (``actors/scope_rules.py``, ``client_scope.save_scope``).

An outside tester (bbtest32, F2) told the user's preferences inside one project ("I use Neovim
with LazyVim as my editor", "My terminal is WezTerm", "Trabajo desde Valencia, zona horaria
Europe/Madrid", "no Friday deploys, en ningún proyecto"): 15 of 23 were filed under that
project and no other project found them, and ``scope="global"`` was filed as a project named
"global". What is about the user is global; what is about the project stays in it: a
project's fact made global would leak into every other project.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from actors.ingest.scope import save_scope
from actors.ingest.validate import check_scope
from store.errors import InvalidArgument
from tests.mcp_client import server_session

HARBOR = "project:harbor"

ABOUT_THE_USER = [
    # the tester's, which stayed in project:harbor
    "I use Neovim with LazyVim as my editor; please give me keybindings for Neovim, not VS Code.",
    "I like small, focused commits and I want you to ask before running any destructive git "
    "command (reset --hard, force push).",
    "My personal preference: 4-space indentation in Python, 2 spaces in TypeScript and YAML, "
    "tabs only in Go and Makefiles.",
    "I use fish shell on macOS; export syntax is `set -x VAR value`, not bash's export.",
    "Trabajo desde Valencia, zona horaria Europe/Madrid; no me programes nada antes de las 9:00.",
    "My terminal is WezTerm with the JetBrains Mono font; I don't use tmux.",
    "Cuando revises mis PR, sé directo: lista los problemas por gravedad y no me felicites.",
    "I'm learning Rust on weekends, mostly with Advent of Code puzzles.",
    "Mi portátil de trabajo es un MacBook Pro M3 con 36 GB de RAM.",
    "Cuando algo falla en CI, prefiero ver primero el log completo del paso que falló.",
    "Uso un teclado con distribución española ISO; a veces los atajos con corchetes me "
    "resultan incómodos.",
    "Los viernes por la tarde no quiero despliegues a producción, en ningún proyecto.",
    "The user uses Neovim as their editor.",
    "User preference: Neovim is my editor in every project.",
    # others of the kind
    "I always use zsh with oh-my-zsh.",
    "I'm colorblind, so avoid red/green only diffs in explanations.",
    "Please always ask me before pushing to a remote.",
    "My working hours are 8:00-16:00 CET.",
    "I'd rather you explain regexes step by step.",
    "My keyboard layout is US international.",
    "Across all my projects I want commit messages in English.",
    "Uso VS Code con el tema Dracula.",
    "Mi editor es Helix.",
    "Pregúntame antes de borrar ramas.",
    "En todos los proyectos quiero que los tests pasen antes de hacer commit.",
    "2025-03-02: I switched my personal laptop to Fedora 41.",
    # the agent named instead of "you" (probe-agent2)
    "[2026-06-15] I always want the agent to run the tests before proposing a commit.",
    "I need the assistant to write commit messages in English.",
    "I expect every agent to ask before deleting a branch.",
]

ABOUT_THE_PROJECT = [
    # the project's code, stack, decisions, "we", its name, paths, tickets
    "2026-02-09: harbor no longer uses Poetry, we switched to uv. Use `uv sync --all-extras` "
    "and commit uv.lock; pyproject keeps PEP 621 metadata.",  # was filed global ("user stack")
    "I fixed the flaky login test by mocking the clock.",
    "I added retries to the payment client.",
    "I refactored src/auth/session.py to drop the global cache.",
    "We use ruff and mypy in CI.",
    "I prefer to keep the harbor API versioned under /v2.",
    "Our deploys go through ArgoCD.",
    "I need the migration merged before Friday.",
    "I use the Makefile target `make dev` to start the stack here.",
    "I like that this repo keeps fixtures in tests/fixtures.",
    "The user wants the endpoint /health to return 204 in this service.",
    "My branch feat/HB-221-oauth is waiting for review.",
    "My PR for HB-311 changes the retry policy.",
    "Usamos Terraform para la infraestructura de harbor.",
    "Prefiero que en este repo los tests vivan junto al código.",
    "The team prefers squash merges in harbor.",
    "I use pytest-xdist to speed up our test suite.",
    "I want you to add type hints to every function in harbor/core.",
    "Nuestro equipo revisa los PR los martes.",
    "I usually run the integration tests with docker compose up db first in this project.",
    # a part of the system being built, in the first person
    "I use httpx for the processor client.",
    "I want you to use the staging database for tests.",
    "I want the agent to use the staging database for tests.",
    "I need you to keep backwards compatibility with v1 clients.",
    "I prefer the repository pattern over active record for the ledger.",
    "Prefiero que el cliente reintente tres veces.",
    "Quiero que la API devuelva 404 en vez de 400.",
    # a note naming the project, in words the type detector calls personal ("moved", "today")
    "2026-10-01: We moved the background jobs from Celery to Arq; Celery is no longer used "
    "in harbor.",
    "Today we moved the harbor staging box to a new host.",
    "Yesterday I moved the harbor docs into the wiki.",
]


@pytest.mark.parametrize("text", ABOUT_THE_USER)
def test_what_is_about_the_user_is_filed_globally(text: str) -> None:
    assert save_scope("", HARBOR, text) == ""


@pytest.mark.parametrize("text", ABOUT_THE_PROJECT)
def test_what_is_about_the_project_stays_in_it(text: str) -> None:
    assert save_scope("", HARBOR, text) == HARBOR


def test_an_explicit_scope_is_never_second_guessed() -> None:
    assert save_scope("project:lumen", HARBOR, "I use Neovim as my editor.") == "project:lumen"
    assert save_scope("user", HARBOR, "We pin numpy in harbor.") == "user"


@pytest.mark.parametrize(("asked", "filed"), [
    ("global", "user"), ("Global", "user"), ("user", "user"), ("", ""),
    ("harbor", HARBOR), (HARBOR, HARBOR), ("project:shared", "project:shared"),
])
def test_the_scope_names_that_work(asked: str, filed: str) -> None:
    assert check_scope(asked) == filed


@pytest.mark.parametrize("asked", ["personal", "shared", "all", "me", "*global*",
                                   "project:../../etc", "../x", "project:a/b", "project:*"])
def test_a_word_or_a_path_that_names_no_project_is_refused(asked: str) -> None:
    with pytest.raises(InvalidArgument) as refused:
        check_scope(asked, wildcard=True)
    assert "'user' (also 'global'" in str(refused.value)


@pytest.mark.anyio
async def test_a_preference_told_in_one_project_is_seen_from_another(tmp_path: Path) -> None:
    """Over stdio, two servers of two projects on one store (``IHMT_PROJECT``)."""
    home = tmp_path / "home"
    async with server_session(home, IHMT_PROJECT="harbor") as harbor:
        said = await harbor.ok("save_memory", {
            "content": "I use Neovim with LazyVim as my editor; please give me keybindings "
                       "for Neovim, not VS Code.", "origin": "user"})
        assert "Filed globally: every project sees it" in said
        kept = await harbor.ok("save_memory", {
            "content": "harbor lint: `ruff check . && mypy --strict harbor/`; CI fails on "
                       "any mypy error."})
        assert "Filed under project:harbor: only that project sees it" in kept
        forced = await harbor.ok("save_memory", {
            "content": "Keep answers under ten lines unless I ask for more.",
            "scope": "global"})
        assert "Filed globally" in forced
        refused, is_error = await harbor.call("save_memory", {
            "content": "My shell is fish.", "scope": "personal"})
        assert is_error and "write 'user' (or 'global')" in refused
    async with server_session(home, IHMT_PROJECT="lumen") as lumen:
        editor = await lumen.ok("search_memory", {"query": "which editor does the user use?"})
        assert "LazyVim" in editor.split("Also close")[0]
        length = await lumen.ok("search_memory", {"query": "how long should answers be?",
                                                  "scope": "global"})
        assert "under ten lines" in length.split("Also close")[0]
        lint = await lumen.ok("search_memory", {"query": "mypy strict lint command"})
        assert "ruff check" not in lint  # the project's fact stays in harbor
        memories = await lumen.ok("search_memory", {"query": "fish shell", "scope": "*"})
        assert "My shell is fish" not in memories  # the refused save wrote nothing


@pytest.mark.anyio
async def test_a_client_with_no_project_gets_ihmt_s_save_reply(tmp_path: Path) -> None:
    """No project open and no scope asked: nothing to choose, no scope line (IHMT's reply)."""
    async with server_session(tmp_path / "home") as s:
        said = await s.ok("save_memory", {"content": "I use Neovim as my editor."})
        assert "Filed" not in said


@pytest.mark.anyio
@pytest.mark.parametrize(("text", "filed", "value"), [
    ("I started as a data analyst at Globex last week.", "Filed globally", "data analyst"),
    ("Ahora soy jefa de proyecto en Globex.", "Filed globally", "jefa de proyecto"),
    ("Kafka was chosen for the billing events queue.", "Filed under project:harbor", None),
    ("Empecé a trabajar de enfermera en el Hospital Clínic.", "Filed globally", "enfermera"),
])
async def test_a_save_in_a_project_reads_the_facts_of_its_text_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, filed: str,
        value: str | None) -> None:
    """Where a save is filed is decided from the facts it records: through MCP each such save
    read its facts twice (the edge's "is it about the user", then the fact actor), the
    largest part of a short save's CPU. (In-process server; the real one over stdio is
    ``test_a_preference_told_in_one_project_is_seen_from_another``.)"""
    import mcp

    import actors.facts.patterns as patterns
    from ihmt_async.server import build_server

    read: list[str] = []
    extract = patterns.extract_facts

    def counted(said: str, **options: Any) -> list[patterns.FactCandidate]:
        read.append(said)
        return extract(said, **options)

    def text_of(result: Any) -> str:
        return "\n".join(getattr(part, "text", "") for part in result.content)

    monkeypatch.setattr(patterns, "extract_facts", counted)
    monkeypatch.setenv("IHMT_PROJECT", "harbor")
    async with mcp.Client(build_server(tmp_path / "home")) as client:
        reply = text_of(await client.call_tool("save_memory", {"content": text,
                                                               "origin": "user"}))
        assert filed in reply, reply
        assert read == [text]
        if value is not None:  # the fact the save was filed by is the one recorded
            told = text_of(await client.call_tool("memory_history", {"subject": "user"}))
            assert f"user role = '{value}'" in told, told
