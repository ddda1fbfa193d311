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
