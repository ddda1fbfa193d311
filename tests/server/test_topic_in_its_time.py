"""A question of a topic in a stated time ("What happened with the rabbit in April 2026?")
is answered by a memory of that time, though a memory of another time holds the topic's
words better ("Adopted a black rabbit called Olmo" in November): the time's memories scoring
a fair share of the lead's go ahead of it (``ranking.time_ahead``; rank-bf, end to end
through the real stdio server). A question asking from its time on ("since May 2026") is
left as it was: what stands since then was often told before.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

RABBIT = (
    "[2025-11-02] Adopted a black rabbit called Olmo from the shelter in Leeds, he's two "
    "years old and already bosses the whole flat.",
    "[2026-04-14] Olmo chewed through the laptop charger again, the vet says he's bored and "
    "needs more toys.",
    "[2026-04-14] My colleague Dan is running the Leeds half marathon next month.",
    "[2026-04-20] Finally repainted the hallway, a soft sage green.",
    "[2026-06-08] Booked a week in Crete for September with my sister.",
)


def _first(reply: str) -> str:
    """The first memory served, without the turns shown under it."""
    return reply.split("\n\n")[0]


async def test_the_times_memory_leads_a_topic_asked_in_it(tmp_path: Path) -> None:
    async with server_session(tmp_path / "rabbit") as s:
        for note in RABBIT:
            await s.ok("save_memory", {"content": note})
        for question in ("What happened with the user's rabbit in April 2026?",
                         "¿Qué le pasó al conejo de la usuaria en abril de 2026?"):
            reply = await s.ok("search_memory", {"query": question, "limit": 5})
            assert "chewed through the laptop charger" in _first(reply), (question, reply)
        # no time asked: the memory holding the topic's words leads, as before
        reply = await s.ok("search_memory", {"query": "Where did the user adopt her rabbit?",
                                             "limit": 5})
        assert "from the shelter in Leeds" in _first(reply), reply


JOB = (
    "[2026-04-10] Accepted the offer from Lumen Labs, a small robotics company, as a data "
    "engineer. I start on May 4.",
    "[2026-05-20] The new office has a rooftop terrace and the coffee is free.",
    "[2026-05-22] My sister's band played at the Brudenell on Friday, the place was packed.",
    "[2026-05-27] Started going to a pottery class on Tuesday evenings.",
)


async def test_a_question_since_its_time_keeps_what_was_told_before(tmp_path: Path) -> None:
    async with server_session(tmp_path / "job") as s:
        for note in JOB:
            await s.ok("save_memory", {"content": note})
        for question in ("Which company has the user worked for since May 2026?",
                         "¿En qué empresa trabaja la usuaria desde mayo de 2026?"):
            reply = await s.ok("search_memory", {"query": question, "limit": 5})
            assert "Lumen Labs" in _first(reply), (question, reply)
