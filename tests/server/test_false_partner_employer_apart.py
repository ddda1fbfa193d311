"""Company, kin or a town told in passing is no new partner or employer, end to end (mend-facts,
after the review of the thirty-eighth pass): "I'm with Tom, we're working together on the
report", "Now I'm with Mum, at her flat", "I got the job! I'm with Mum now", "Mi nuevo trabajo
en Barcelona" each recorded a fact, and its false "Current value" led "who is the user's
partner now?" / "where does the user work now?" over the partner or employer told before."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

YEAR = dt.datetime.now(dt.UTC).date().year - 1

PARTNER = ("Who is the user's partner now?", "¿Con quién sale ahora?")
WORK = ("Where does the user work now?", "¿Dónde trabaja ahora?")

STORIES = (
    (f"{YEAR}-01-12: My boyfriend Sam is a pilot.",
     f"{YEAR}-06-02: I'm with Tom, we're working together on the report.", PARTNER, "Sam", "Tom"),
    (f"{YEAR}-01-12: Salgo con Rubén desde el verano.",
     f"{YEAR}-06-02: Estoy con Andrés, trabajamos juntos en el informe.", PARTNER, "Rubén",
     "Andrés"),
    (f"{YEAR}-01-10: I work at Globex in accounts payable.",
     f"{YEAR}-06-02: I got the job! I'm with Mum now, celebrating.", WORK, "Globex", "Mum"),
    (f"{YEAR}-01-10: Trabajo en Mercadona, en el almacén.",
     f"{YEAR}-06-02: Mi nuevo trabajo en Barcelona empieza el lunes.", WORK, "Mercadona",
     "Barcelona"),
)


@pytest.mark.parametrize("story", STORIES, ids=[story[4] for story in STORIES])
async def test_no_false_new_value_leads(
        tmp_path: Path, story: tuple[str, str, tuple[str, ...], str, str]) -> None:
    """The second memory records no fact of the kind asked: no reply, English or Spanish,
    gives it as the current value, nor shows the value told first outdated by it."""
    before, after, questions, told, false = story
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": before})
        saved = await s.ok("save_memory", {"content": after})
        assert f"= '{false}'" not in saved, saved
        for question in questions:
            reply = await s.ok("search_memory", {"query": question})
            assert not [line for line in reply.splitlines()
                        if told in line and ("OUTDATED" in line or "Earlier" in line)], reply
            assert f"= '{false}'" not in reply, reply  # "Current value: user partner = 'Tom'"
