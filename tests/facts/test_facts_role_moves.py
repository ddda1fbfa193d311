"""A role told as a move into it (fix-facts10, the outside bbtest32 run): "I moved to a staff
engineer role" left "Current value: user role = 'backend engineer'" for years, and in every
session-start brief (``actors.facts.role_changes``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import current, open_runtime, save

from actors.facts.patterns import extract_facts


def _told(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text)]


@pytest.mark.parametrize(("text", "facts"), [
    ("2026-07-01: I moved to a staff engineer role at Nordlicht Payments, now leading the "
     "platform team.",
     [("user", "role", "staff engineer"), ("user", "employer", "Nordlicht Payments")]),
    ("I've stepped into the tech lead position.", [("user", "role", "tech lead")]),
    ("I took on a team lead role last spring.", [("user", "role", "team lead")]),
    ("I became the engineering manager at Acme.",
     [("user", "role", "engineering manager"), ("user", "employer", "Acme")]),
    ("I now work as a staff engineer.", [("user", "role", "staff engineer")]),
    ("I've been promoted to staff engineer.", [("user", "role", "staff engineer")]),
    ("He pasado a ser jefa de equipo.", [("user", "role", "jefa de equipo")]),
    ("Me han ascendido a jefa de equipo.", [("user", "role", "jefa de equipo")]),
    # left alone: no role noun, someone else, a past job, a family role, a home
    ("I moved to a new role.", []),
    ("My sister moved to a nurse role at the hospital.", []),
    ("I used to work as a nurse.", []),
    ("I became a father last year.", []),
    ("I became the designated driver for the night.", []),
    ("I moved to a bigger flat.", []),
])
def test_a_role_moved_into(text: str, facts: list[tuple[str, str, str]]) -> None:
    assert [f for f in _told(text) if f[1] in ("role", "employer")] == facts


@pytest.mark.anyio
async def test_the_role_moved_into_is_current(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "2024-01-08: I work at Nordlicht Payments as a backend engineer.")
        await save(rt, "2026-07-01: I moved to a staff engineer role at Nordlicht Payments, "
                       "now leading the platform team.")
        assert await current(rt, "user", "role") == "staff engineer"
        assert await current(rt, "user", "employer") == "Nordlicht Payments"
