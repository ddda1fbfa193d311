"""A thing of the user's asked, held only where someone else named before it owns it (fix-never,
issue 18), end to end through the real stdio server: "A colleague adopted a cat from the
shelter we volunteer at" tells the colleague's cat, though "we" comes after it, and "... asks
the landlord if she can get a dog" tells her wish, not the user's dog: "What is the name of
my cat?" and "What is the user's dog called?" are "No memory found". The twins of the same
shape hold the user's own ("the cat we took in", "if I can keep the dog") and stay answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

FILLER = ("[2026-03-02] user: Started a pottery class on Thursday evenings, first bowl "
          "collapsed.",
          "[2026-03-09] user: Mi hermana viene a verme en abril, quiero llevarla a la sierra.",
          "[2026-03-16] user: The boiler broke again, the landlord says he'll send someone.")
OTHERS = ("[2026-04-02] user: A colleague adopted a cat from the shelter we volunteer at on "
          "Saturdays.",
          "[2026-04-09] user: One of my housemates keeps asking the landlord if she can get a "
          "dog, and he keeps saying no.")
MINE = ("[2026-04-02] user: Luna, the cat we took in from the shelter, sleeps on my desk all "
        "day.",
        "[2026-04-09] user: The landlord finally said yes when I asked if I can keep a dog: "
        "we called him Rocco.")
QUESTIONS = ("What is the name of my cat?", "What is the user's dog called?")


async def _replies(home: Path, turns: tuple[str, ...]) -> list[str]:
    async with server_session(home) as s:
        for turn in turns:
            await s.ok("save_memory", {"content": turn})
        return [await s.ok("search_memory", {"query": q}) for q in QUESTIONS]


async def test_a_thing_someone_else_named_before_it_owns_is_no_memory_found(
        tmp_path: Path) -> None:
    for reply in await _replies(tmp_path / "others", (*FILLER, *OTHERS)):
        assert reply.startswith("No memory found"), reply


async def test_the_users_own_thing_told_with_we_after_it_stays_answered(
        tmp_path: Path) -> None:
    cat, dog = await _replies(tmp_path / "mine", (*FILLER, *MINE))
    assert not cat.startswith("No memory found") and "Luna" in cat.split("\n\n")[0], cat
    assert not dog.startswith("No memory found") and "Rocco" in dog.split("\n\n")[0], dog


KIND_LIKED = ("[2026-05-03] user: Soy alérgica a los gatos, así que en casa solo tendremos "
              "perro.",
              "[2026-05-10] user: The neighbour's grey cat keeps sitting on our windowsill.")
MINE_LIKED = ("[2026-05-03] user: I'm allergic to cats, but our cat Nube never sets me off.",
              "[2026-05-10] user: The neighbour's grey cat keeps sitting on our windowsill.")


async def test_a_kind_liked_or_feared_in_general_is_no_ones_thing(tmp_path: Path) -> None:
    """"Allergic to cats" tells no cat of the user's: beside the neighbour's cat, the user's
    cat is never stored; "our cat Nube" in the same sentence is the user's and answers."""
    async with server_session(tmp_path / "kind") as s:
        for turn in KIND_LIKED:
            await s.ok("save_memory", {"content": turn})
        reply = await s.ok("search_memory", {"query": "What is the name of my cat?"})
        assert reply.startswith("No memory found"), reply
    async with server_session(tmp_path / "own") as s:
        for turn in MINE_LIKED:
            await s.ok("save_memory", {"content": turn})
        reply = await s.ok("search_memory", {"query": "What is my cat called?"})
        assert not reply.startswith("No memory found") and "Nube" in reply.split("\n\n")[0], \
            reply
