"""A person's job told in passing, by the user or a named speaker, answers a job asked of them
(issue 18, probe47's Facundo), end to end through the real stdio server: "My cousin Facundo,
he's a surf instructor here" put nothing on Facundo's timeline, and "What was Facundo's job?"
was "No memory found". A person whose job was never told, with other lines about them
("Tomasz turns 35 ... He's into board games", "Tomasz, he's a big fan of Catan"), still
answers "No memory found". And "Prefiero el té al café" is keyed by the two drinks, as "I
prefer tea to coffee" is (in English: 'coffee vs tea', ``keys.preference_pair``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

CHAT = (
    "[2025-03-02] Nora: We got to Lobitos yesterday. My cousin Facundo, he's a surf instructor "
    "here, picked us up at the bus station.",
    "[2025-03-03] Nora: Facundo took us to the point break at dawn, the waves were huge.",
    "[2025-03-05] Nora: Tomasz turns 35 on Saturday. He's into board games, so we got him "
    "Wingspan.",
    "[2025-03-06] Nora: Tomasz, he's a big fan of Catan, wants a rematch on Sunday.",
    "[2025-03-07] User: Mi hermana Carla, que es enfermera en el Clínico, hoy libra.",
)
NONE = "No memory found"


async def test_a_job_told_of_someone_named_answers_their_job(tmp_path: Path) -> None:
    async with server_session(tmp_path / "jobs") as s:
        saved = [await s.ok("save_memory", {"content": turn}) for turn in CHAT]
        assert "Facundo role = 'surf instructor' (2025-03-02)" in saved[0], saved[0]
        assert "Carla role = 'enfermera' (2025-03-07)" in saved[4], saved[4]
        assert not any("Tomasz role" in reply for reply in saved), saved
        for question in ("What was Facundo's job?", "What is Facundo's job?",
                         "¿A qué se dedica Facundo?", "What did Facundo do for a living?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("Current value: Facundo role = 'surf instructor'"), \
                (question, reply)
        for question in ("¿Cuál es el trabajo de Carla?", "¿De qué trabaja Carla?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("Current value: Carla role = 'enfermera'"), (question, reply)
        # never told: his day and his fandom are no job
        for question in ("What is Tomasz's job?", "What was Tomasz's job?",
                         "¿A qué se dedica Tomasz?", "¿Cuál es el trabajo de Tomasz?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith(NONE), (question, reply)


async def test_a_spanish_preference_is_keyed_by_what_it_is_preferred_to(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "prefer") as s:
        saved = await s.ok("save_memory", {
            "content": "[2025-03-09] User: Prefiero el té al café, sobre todo por la tarde."})
        assert "user preference:coffee vs tea = 'el té'" in saved, saved
        saved = await s.ok("save_memory", {
            "content": "[2025-06-01] User: Ahora prefiero el café al té, la verdad."})
        assert "user preference:coffee vs tea = 'el café'" in saved, saved
        reply = await s.ok("search_memory", {"query": "¿Qué prefiero, té o café?"})
        assert reply.startswith("Current value: user preference:coffee vs tea = 'el café'"), reply
