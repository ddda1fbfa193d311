"""A chat between two friends saved one session per memory (issue 18), end to end through the
real stdio server. Each session names both friends on its lines, so a friend's name is held by
every memory of the store: it is everywhere, as it is in a store of the same chat saved turn
by turn (where each friend is in a hundred turns). It was read as a rare name, and a question
about a relative of one ("Tomás's grandfather", told as "your grandad") was "No memory found:
no stored memory mentions 'grandfather' together with 'Tomás'" (``apart.NAME_MOST_SHARE``).
A thing never told is still "No memory found"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

SESSIONS = (
    ("2026-01-11", ("Maya: how was the first week at the harbour office?",
                    "Tomás: Long. Twelve boats to inspect and the printer is broken",
                    "Maya: classic. are you still cycling in?",
                    "Tomás: every day, 14 km along the bay")),
    ("2026-01-25", ("Tomás: did you finish the mural for the library?",
                    "Maya: almost! the kids painted the bottom half, it's chaos",
                    "Tomás: send me a photo when it's done",
                    "Maya: deal. Sunday lunch at mine?")),
    ("2026-02-08", ("Maya: mi hermana ha tenido mellizos!!",
                    "Tomás: ¡enhorabuena! ¿cómo se llaman?",
                    "Maya: Leo y Alba, dos kilos y medio cada uno",
                    "Tomás: qué bonitos nombres")),
    ("2026-02-22", ("Tomás: the harbour master wants me to run the summer regatta",
                    "Maya: that's huge, congrats",
                    "Tomás: more paperwork than sailing honestly",
                    "Maya: still, it's a promotion")),
    ("2026-03-08", ("Maya: how was your grandad's birthday?",
                    "Tomás: Lovely. Ninety and still beats everyone at dominoes. The whole "
                    "family at the sailing club in Chipiona, forty cousins at least",
                    "Maya: forty?? your family is enormous",
                    "Tomás: and all of them asked when I'm getting married")),
    ("2026-03-22", ("Tomás: I adopted a dog! A retired greyhound called Bruma",
                    "Maya: noooo show me",
                    "Tomás: she sleeps upside down on the sofa",
                    "Maya: I'm coming over tomorrow")),
    ("2026-04-05", ("Maya: the gallery wants six paintings for the spring show",
                    "Tomás: six! when is it?",
                    "Maya: the 30th of April, I'm panicking",
                    "Tomás: you always say that and it's always great")),
    ("2026-04-19", ("Tomás: me he apuntado a clases de alemán los jueves",
                    "Maya: ¿alemán? ¿por qué?",
                    "Tomás: porque el próximo verano quiero navegar por el Báltico",
                    "Maya: muy tú")),
    ("2026-05-03", ("Maya: my landlord is selling the flat",
                    "Tomás: oh no, do you have to move?",
                    "Maya: by July. I'm looking near the old port",
                    "Tomás: there's a place on my street, I'll ask")),
    ("2026-05-17", ("Tomás: the regatta is next weekend, 38 boats signed up",
                    "Maya: I'll come and watch with a sandwich",
                    "Tomás: bring two, I won't have time to eat",
                    "Maya: done")),
)


def _session(day: str, lines: tuple[str, ...]) -> str:
    return "\n".join([f"[{day}]", *lines])


async def test_a_relative_of_a_friend_named_in_every_session_is_found(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for day, lines in SESSIONS:
            await s.ok("save_memory", {"content": _session(day, lines)})
        for question in ("Where was the party for Tomás's grandfather's 90th?",
                         "Where did Tomás's grandfather celebrate turning ninety?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "sailing club in Chipiona" in reply, (question, reply)
        never = await s.ok("search_memory", {"query": "What is the name of Tomás's horse?"})
        assert never.startswith("No memory found"), never
