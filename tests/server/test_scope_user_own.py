"""What the user has and when they are away is theirs in every project: their machines, keys
and accounts, time off and working hours (``scope_rules.USER_OWN``).

An outside tester (bbtest38) saved 2,347 notes from a server running in a git repository:
"My work laptop is a ThinkPad X1 Carbon", "Got a new work laptop: MacBook Pro", "I sign my
commits with my ed25519 SSH key", "Vacation: off from 2026-08-10 ..." and "Christmas
holidays: off 2026-12-21 ..." were filed under that project, so a session in any other
repository never saw them. What the user does in the project ("my branch", "my PR", a
colleague's vacation, the team's freeze) stays in it.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import ClientSession, stdio_client
from mcp import types as mcp_types

from actors.facts.speakers import speaker_of, turns
from actors.ingest.scope import save_scope
from tests.mcp_client import Session, server_params

LEDGERLINE = "project:ledgerline"

THE_USERS_OWN = [
    # the tester's, which stayed in project:ledgerline
    "2026-01-05 My work laptop is a ThinkPad X1 Carbon Gen 11 running Fedora 39.",
    "2026-08-03 Got a new work laptop: MacBook Pro 14 with M4 Pro and 48 GB RAM. The ThinkPad "
    "went back to IT.",
    "2026-04-28 I sign my commits with my ed25519 SSH key (gpg.format=ssh).",
    "2026-07-15 Vacation: off from 2026-08-10 to 2026-08-28, no laptop.",
    "2026-11-12 Christmas holidays: off 2026-12-21 through 2027-01-06.",
    # others of the kind: machines, keys and accounts
    "My phone is a Pixel 8.",
    "My GitHub account is @jdoe; my GPG key id is 0xABCD.",
    "Bought a new laptop: Framework 13 with 64 GB.",
    "I sign all my commits and tags.",
    # time off
    "I'm off next Friday for a dentist appointment.",
    "I'll be on parental leave from March to June.",
    "I'm taking two weeks off in August.",
    "Summer vacation: 2026-07-01 to 2026-07-20.",
    "My birthday is on 3 May.",
    # working hours
    "I usually start at 8:30 and log off at 17:00.",
    "I don't work on Fridays.",
    # Spanish
    "Mi portátil nuevo es un Framework 13 con Arch.",
    "Me han dado un portátil nuevo: un Dell XPS 13.",
    "Firmo mis commits con mi clave SSH ed25519.",
    "Mi clave GPG caduca en 2027.",
    "Vacaciones: del 10 al 28 de agosto, sin portátil.",
    "Estaré de vacaciones del 1 al 15 de agosto.",
    "Me cojo unos días libres en Semana Santa.",
    "Mis vacaciones de verano son en agosto.",
    "Empiezo a las 8 y desconecto a las 16.",
    # told of "the user", as an agent notes it (probe-agent: filed under project:tidepool)
    "[2026-07-01] The user is on vacation from 2026-08-03 to 2026-08-21; no deploys to prod "
    "during that time.",
    "The user will be on parental leave from March.",
    "The user's summer vacation starts on 2026-07-14.",
    "El usuario estará de vacaciones del 3 al 21 de agosto.",
]

THE_PROJECTS = [
    # the tester's, of the same words, which stay
    "Raised the Tidewell API rate limit per merchant from 50 to 120 requests per second for "
    "the holiday peak.",
    "Tidewell on-call this quarter: Jonas Eberle primary, me secondary.",
    "Lucía Ortega (mi compañera del equipo de datos) usa un ThinkPad T14 con Ubuntu 24.04.",
    "Rotated the CI deploy key in .github/workflows/plan.yml.",
    # the user's work in the project, someone else's time off, the team's
    "My branch feat/PAY-99 is waiting for review.",
    "My PR for the ledger refactor needs a second approval.",
    "I fixed the flaky test in the payments client.",
    "I'm off to fix the flaky ledger test.",
    "I added my SSH key to the deploy server for staging.",
    "I created my test account on staging to reproduce PAY-41.",
    "Priya is on vacation from 2026-08-10; Tomasz covers the ledger reviews.",
    "The user is off to fix the flaky ledger test.",
    # a front end's decision, read as a move of house (probe-agent: filed globally)
    "[2026-04-07] We moved state management from Redux Toolkit to Zustand because most "
    "slices were only local UI state.",
    "We switched the settings page from Redux to Zustand stores; the UI tests still pass.",
    "The user's PR is waiting for review.",
    "Holidays: no deploys to production from 2026-12-18.",
    "The team's holidays: off 2026-12-21 through 2027-01-06.",
    "We take the week of 2026-12-21 off as a team; no deploys.",
    "Code freeze: off from 2026-12-18 for the payments service.",
    "The service account for the Ferrocart loader needs BigQuery read access.",
    "Estoy libre para revisar el PR de Marlin.",
    "Me cogí la tarea de migrar el ledger a Postgres.",
]


@pytest.mark.parametrize("text", THE_USERS_OWN)
def test_what_the_user_has_and_when_they_are_away_is_global(text: str) -> None:
    assert save_scope("", LEDGERLINE, text) == ""


@pytest.mark.parametrize("text", THE_PROJECTS)
def test_the_users_work_in_the_project_and_others_time_off_stay_in_it(text: str) -> None:
    assert save_scope("", LEDGERLINE, text) == LEDGERLINE


@pytest.mark.parametrize("line", [
    "2026-07-15 Vacation: off from 2026-08-10 to 2026-08-28, no laptop.",
    "2026-11-12 Holidays: off 2026-12-21 through 2027-01-06.",
    "2026-07-01 Vacaciones: del 10 al 28 de agosto.",
])
def test_time_off_heads_a_note_and_is_no_speaker(line: str) -> None:
    """Dated, "Vacation:" read as a person named Vacation, whose facts were not the user's
    and whose line lost its heading to the scope rules."""
    assert speaker_of(line, turns=turns(line)) is None


@contextlib.asynccontextmanager
async def session_in(home: Path, repository: Path) -> AsyncIterator[Session]:
    """A client that declares no roots (Codex, bbtest38's), its server run in
    ``repository``: the project is the repository's folder."""
    params = server_params(home)
    params.cwd = str(repository)
    with open(os.devnull, "w") as errlog:  # noqa: ASYNC230 (opening /dev/null never blocks)
        async with stdio_client(params, errlog=errlog) as (read, write), \
                ClientSession(read, write, client_info=mcp_types.Implementation(
                    name="codex", version="1")) as session:
            await session.initialize()
            yield Session(session)


def repository(base: Path, name: str) -> Path:
    root = base / name
    (root / ".git").mkdir(parents=True)
    return root


@pytest.mark.anyio
async def test_the_users_machine_keys_and_time_off_are_found_from_another_repository(
        tmp_path: Path) -> None:
    home = tmp_path / "home"
    ledgerline, harbor = repository(tmp_path, "ledgerline"), repository(tmp_path, "harbor")
    async with session_in(home, ledgerline) as s:
        for text in THE_USERS_OWN[:5]:
            said = await s.ok("save_memory", {"content": text})
            assert "Filed globally" in said, said
        kept = await s.ok("save_memory", {"content": "2026-06-01 Priya is on vacation from "
                                                     "2026-08-10; Tomasz covers the ledger "
                                                     "reviews."})
        assert "Filed under project:ledgerline" in kept, kept
    async with session_in(home, harbor) as s:
        for query, answer in [("what laptop do I use for work?", "MacBook Pro"),
                              ("how do I sign my commits?", "ed25519"),
                              ("when is my summer vacation?", "2026-08-28"),
                              ("am I off over Christmas?", "2027-01-06")]:
            reply = await s.ok("search_memory", {"query": query})
            assert answer in reply.split("Also close")[0], (query, reply)
        theirs = await s.ok("search_memory", {"query": "who covers the ledger reviews?"})
        assert "Tomasz" not in theirs  # the project's note stays in ledgerline
