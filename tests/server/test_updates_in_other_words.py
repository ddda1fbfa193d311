"""Knowledge updates said in other words, end to end (fix-facts12): through the real stdio
server and the SDK client, a change told the way people and agents say it ("we're a Tesla
household now", "Mi novia ahora es Claudia", "Me he ido a vivir a Málaga", "we're off Jenkins
now, everything builds on GitHub Actions", "bumped the pool size to 40") makes a question about
its attribute, asked in other words (third and second person, English and Spanish), lead with
the current value and show the old one as outdated."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tests.mcp_client import server_session
from tests.update_stories import tell_and_ask

pytestmark = pytest.mark.anyio

YEAR = dt.datetime.now(dt.UTC).date().year - 1

STORIES = (
    (f"{YEAR}-01-10: I drive a Toyota Corolla, it's ancient but it works.",
     f"{YEAR}-06-02: ugh, finally traded in the Corolla, we're a Tesla household now",
     ("What car does the user drive now?", "what car do I have"), "Tesla", "Corolla"),
    (f"{YEAR}-01-12: Estoy saliendo con Andrés, nos conocimos en el trabajo.",
     f"{YEAR}-07-03: Mi novia ahora es Claudia.",
     ("Who is the user's partner now?", "¿Con quién sale ahora?"), "Claudia", "Andrés"),
    (f"{YEAR}-01-15: Vivo en Sevilla, en Triana.",
     f"{YEAR}-05-20: Me he ido a vivir a Málaga.",
     ("Where does the user live now?", "¿Dónde vive ahora?"), "Málaga", "Sevilla"),
    (f"{YEAR}-02-03: Our CI runs on Jenkins.",
     f"{YEAR}-09-01: we're off Jenkins now, everything builds on GitHub Actions",
     ("which CI do we use?", "¿qué CI usamos?"), "GitHub Actions", "Jenkins"),
    (f"{YEAR}-02-01: The pool size is 20.",
     f"{YEAR}-08-11: bumped the pool size to 40 after the outage",
     ("what's the pool size now?", "¿cuál es el tamaño del pool actual?"), "40", "20"),
)


async def test_the_current_value_leads_and_the_old_one_is_outdated(tmp_path: Path) -> None:
    """One store holds every story (the user's car, partner and home, the project's CI and a
    setting): each question still finds its own attribute's change."""
    async with server_session(tmp_path) as s:
        await tell_and_ask(s, STORIES)
