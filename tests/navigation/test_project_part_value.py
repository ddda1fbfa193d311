"""A tool question naming a part of the project ("Which package manager does the frontend
use?") is not answered by the project's current value when a memory tells of that part: the
project moved to uv, the frontend uses pnpm (``project_questions.asked_part``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


async def test_the_memory_naming_the_part_leads(tmp_path: Path) -> None:
    turns = (
        "2026-10-15: We switched from Poetry to uv; the lockfile is now uv.lock.",
        "The frontend is in web/ and uses Vite + React 18; use pnpm, not npm.",
    )
    part, whole = await replies(tmp_path, turns, (
        "Which package manager does the frontend use?", "Which package manager do we use?"))
    assert "pnpm" in part.hits[0].text and part.answer is None
    assert "uv.lock" in whole.hits[0].text and whole.answer is not None


async def test_a_memory_of_the_part_naming_nothing_of_the_kind_keeps_the_value(
        tmp_path: Path) -> None:
    """probe44: "the frontend is SvelteKit under web/" names the frontend, not its Node:
    the Node bump still answers "Which Node version does the frontend need?"
    (``project_changes.names_of_kind``; without it the answer was dropped and the
    SvelteKit note led)."""
    turns = (
        "2026-11-09: cobblestone's backend is FastAPI on Python 3.12; the frontend is "
        "SvelteKit under web/.",
        "2026-11-19: Bumped Node from 20 to 22 (web/.nvmrc and CI); Vite 6 needs it.",
    )
    (part,) = await replies(tmp_path, turns, ("Which Node version does the frontend need?",))
    assert part.answer is not None and part.answer.value == "Node 22"
    assert "Bumped Node" in part.hits[0].text
