"""A sport asked beside another one stored, when the lexicon lists no pair for its word
(issue 18, conversation-g's misses), end to end through the real stdio server:

- a sport written alike in both languages ("surf", "golf", "judo": ``closed_kinds.SAID_ALIKE``)
  is its own translation, so ``Unmentioned.siblings_only`` judges it: never told in any form
  beside a climber's outings, "No memory found"; told in Spanish ("hice surf"), found;
- a sport asked as played or practised ("Does the user play tennis?", "¿Practica el tenis?":
  ``query.played``) is judged as an outing is;
- a plural the lexicon reads through its singular ("marathons" -> "maratón") is judged as the
  singular is: "How many marathons..." beside two triathlons, and no marathon, is "No memory
  found" (the triathlons stood out by meaning).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import first_block, server_session

pytestmark = pytest.mark.anyio

CLIMBER = (
    "[2025-03-03] user: Went climbing at the bouldering gym with Ana, my fingers hurt.",
    "[2025-03-20] user: Climbing again today, finally sent the blue problem.",
    "[2025-04-11] user: I go to the climbing gym three times a week now.",
    "[2025-05-02] user: Fui dos veces a la montaña este año con Ana.",
    "[2025-02-09] user: My sister Lucía works at a bakery in Cádiz.",
)
"""A climber's chat: "times", "this year", "veces", "went", but no other sport."""

TRIATHLETE = (
    "[2025-03-03] user: Went climbing at the bouldering gym with Ana, my fingers hurt.",
    "[2025-06-08] user: Finished my first triathlon in Zarautz, swam like a brick but loved it.",
    "[2025-09-21] user: Did a half triathlon in Vitoria with my cousin, 5h40.",
    "[2025-02-09] user: My sister Lucía works at a bakery in Cádiz.",
)

SURFED = "[2025-08-14] user: Este verano hice surf en Zarautz con mi prima, tres días seguidos."


async def test_a_sport_said_alike_in_both_languages_is_judged(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in CLIMBER:
            await s.ok("save_memory", {"content": note})
        for question in ("Did the user go surfing last summer?",
                         "How many times did the user go surfing this year?",
                         "¿Cuántas veces fue el usuario a surfear este año?",
                         "Which golf club did the user join?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        await s.ok("save_memory", {"content": SURFED})
        for question in ("Did the user go surfing last summer?",
                         "How many times did the user go surfing this year?",
                         "¿Fue el usuario a hacer surf este verano?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "Zarautz" in reply, (question, reply)


async def test_a_plural_read_through_its_singular_is_judged(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in TRIATHLETE:
            await s.ok("save_memory", {"content": note})
        for question in ("How many marathons has the user done?",
                         "How many marathons has the user finished?",
                         "¿Cuántos maratones ha hecho el usuario?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        reply = await s.ok("search_memory", {"query": "How many triathlons has the user done?"})
        assert "Vitoria" in reply, reply
        await s.ok("save_memory", {"content": "[2025-10-05] user: Finished my second marathon "
                                              "in Valencia, 3h52."})
        reply = await s.ok("search_memory", {"query": "How many marathons has the user done?"})
        assert "Valencia" in reply, reply


PADEL = "[2025-06-01] user: Jugué al pádel con Iker el domingo, perdimos 6-4."


async def test_a_sport_asked_as_played_is_judged(tmp_path: Path) -> None:
    # "play tennis", "practica el tenis": neither an outing nor "which sport"; the climber's
    # "three times a week" stood out for "How often...?"
    async with server_session(tmp_path) as s:
        for note in (*CLIMBER, PADEL):
            await s.ok("save_memory", {"content": note})
        for question in ("How often does the user play tennis?",
                         "¿Practica el usuario el tenis?",
                         "¿Con qué frecuencia juega el usuario al baloncesto?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        for question in ("Who does the user play padel with?",
                         "¿Con quién juega el usuario al pádel?"):
            reply = await s.ok("search_memory", {"query": question})
            assert "Iker" in first_block(reply), (question, reply)
