"""The top misses of conversation-g (issue 18), end to end through the real stdio server and the
SDK client, each in wordings of its own (never the set's):

- a story changed twice is told shorter each time: its last step, a change of the user's own
  holding one word of the first ("I've given up tea completely"), leads a question about now
  (``ranking.newest_leads``);
- "these days" says now, not a day: its "days" made "down to five cigarettes a day" hold a
  word of the question (``query.framing``);
- an outing of a sport no memory mentions in any form, when another sport is stored ("How many
  times did the user go skiing?" of a climber) is "No memory found" (``query.gone_doing``,
  ``Unmentioned.siblings_only``), while the stored sport is still found;
- a fee asked in English is found in a Spanish memory of a climbing gym ("la cuota del
  rocódromo"): the lexicon read "fee" as "feed" (``actors.lexicon``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import first_block, server_session

pytestmark = pytest.mark.anyio

SMOKING = (
    "[2025-01-12] user: I smoke about a pack of cigarettes a day since the new job started.",
    "[2025-04-20] user: I'm down to five cigarettes a day.",
    "[2025-08-30] user: I gave up smoking entirely in August, I chew gum now.",
    "[2025-01-01] user: My sister Lucía works at a bakery in Cádiz.",
)

TEA = (
    "[2025-09-06] user: Back at the office, and I'm drinking five cups of black tea a day to "
    "stay awake.",
    "[2025-09-27] user: Bajé a dos tés al día, dormía fatal.",
    "[2025-10-18] user: I've given up tea completely, only water with lemon now.",
    "[2025-01-01] user: My sister Lucía works at a bakery in Cádiz.",
    "[2025-03-01] user: Went hiking in the Pyrenees with Ana.",
)

CLIMBING = (
    "[2025-03-03] user: Went climbing at the bouldering gym with Ana, my fingers hurt.",
    "[2025-03-20] user: Climbing again today, finally sent the blue problem.",
    "[2025-02-02] user: La cuota del rocódromo es de 45 euros al mes.",
    "[2025-02-09] user: My sister Lucía works at a bakery in Cádiz.",
)

OUTINGS = (
    *CLIMBING,
    "[2025-04-11] user: I go to the climbing gym three times a week now, Mondays, Wednesdays "
    "and Fridays.",
    "[2025-04-11] assistant: Three times a week is plenty; leave a rest day between sessions.",
    "[2025-05-02] user: Fui dos veces a la montaña este año con Ana.",
)
"""A climber's chat holding "times", "this year" and "veces": only the sport asked is unheld."""


async def test_the_last_of_two_changes_told_in_few_words_leads_a_question_about_now(
        tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in TEA:
            await s.ok("save_memory", {"content": note})
        reply = await s.ok("search_memory",
                           {"query": "What does the user drink now instead of tea?"})
        assert "given up tea" in first_block(reply), reply


async def test_these_days_asks_about_now_not_about_a_day(tmp_path: Path) -> None:
    # "days" of "these days" was a term: "down to five cigarettes a day" held it
    async with server_session(tmp_path) as s:
        for note in SMOKING:
            await s.ok("save_memory", {"content": note})
        for question in ("Does the user smoke these days?",
                         "¿Fuma el usuario estos días?"):
            reply = await s.ok("search_memory", {"query": question})
            assert "gave up smoking" in first_block(reply), (question, reply)


async def test_an_outing_of_a_sport_never_told_is_no_memory_found(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in OUTINGS:
            await s.ok("save_memory", {"content": note})
        for question in ("Did the user go skiing this winter?",
                         "How many times did the user go swimming this year?",
                         "¿Cuántas veces fue el usuario a esquiar este año?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        for question in ("How many times did the user go climbing in March?",
                         "¿Cuántas veces fue el usuario a escalar en marzo?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "limbing" in reply, (question, reply)


async def test_a_fee_asked_in_english_finds_the_spanish_cuota(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for note in CLIMBING:
            await s.ok("save_memory", {"content": note})
        reply = await s.ok("search_memory", {"query": "How much is the user's climbing gym fee?"})
        assert not reply.startswith("No memory found"), reply
        assert "45 euros" in reply, reply
