"""A note opening with its year alone ("2024: harbor uses RabbitMQ", fix-facts10, the outside
bbtest32 run): its facts are dated from that year (``actors.facts.year_dates``), so a value
back-filled after its correction stays history instead of becoming the current value."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

import pytest
from facts_runtime import open_runtime, save

from actors.facts.messages import StateAt
from actors.facts.notices import update_notice
from actors.facts.patterns import extract_facts
from actors.facts.year_dates import opening_month
from actors.navigation.messages import Search


@pytest.mark.parametrize(("line", "day"), [
    ("2024: harbor uses RabbitMQ", dt.date(2024, 1, 1)),
    ("2025-06: lumen moved to Node 22", dt.date(2025, 6, 1)),
    ("[2024] harbor uses RabbitMQ", None),
    ("2024 - harbor uses RabbitMQ", dt.date(2024, 1, 1)),
    # left alone: a port, a count, a year inside the line
    ("8080: the API port", None),
    ("2000 requests per second at peak", None),
    ("In 2024: harbor used RabbitMQ", None),
])
def test_a_line_opening_with_a_year(line: str, day: dt.date | None) -> None:
    assert opening_month(line) == day


def test_a_year_only_note_is_dated() -> None:
    [fact] = extract_facts("2024: harbor uses RabbitMQ.")
    assert fact.valid_from == dt.date(2024, 1, 1)


@pytest.mark.anyio
async def test_an_older_value_saved_later_stays_history(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        moved = await save(rt, "2026-01-10: We moved the harbor queue from RabbitMQ to NATS "
                               "JetStream.", origin="agent", scope="project:harbor")
        await save(rt, "2024: harbor uses RabbitMQ as the message queue for payment events.",
                   origin="agent", scope="project:harbor")
        answer = (await rt.navigation.ask(Search(
            query="which message queue does harbor use?", scope="project:harbor"))).answer
    assert answer is not None
    assert (answer.value, answer.leaf_id) == ("NATS JetStream", moved.leaf_ids[0])


@pytest.mark.anyio
async def test_an_undated_value_followed_by_an_earlier_dated_change_held_before_it(
        tmp_path: Path) -> None:
    # "lumen requires Node 20" (undated, so dated by its saving) then "2026-04-02: moved to
    # Node 22": Node 20 held before 2026-04-02, so it answers for 2025
    async with open_runtime(tmp_path) as rt:
        await save(rt, "lumen requires Node 20 LTS (.nvmrc says 20.11).", origin="agent",
                   scope="project:lumen")
        await save(rt, "2026-04-02: lumen moved to Node 22 LTS; .nvmrc now says 22.12.",
                   origin="agent", scope="project:lumen")
        key = ("project @project:lumen", "version:node")
        then = await rt.facts.ask(StateAt(subject=key[0], attribute=key[1],
                                          valid_time=dt.date(2025, 6, 1)))
        now = await rt.facts.ask(StateAt(subject=key[0], attribute=key[1]))
    assert then is not None and now is not None
    assert (then.value, now.value) == ("Node 20", "Node 22")


@pytest.mark.anyio
async def test_an_undated_value_saved_after_a_dated_one_is_of_its_saving(
        tmp_path: Path) -> None:
    # left alone: an undated value saved after a dated one is a statement of the present
    async with open_runtime(tmp_path) as rt:
        await save(rt, "2026-04-02: lumen moved to Node 22 LTS.", origin="agent",
                   scope="project:lumen")
        await save(rt, "lumen requires Node 24 now.", origin="agent", scope="project:lumen")
        then = await rt.facts.ask(StateAt(subject="project @project:lumen",
                                          attribute="version:node",
                                          valid_time=dt.date(2026, 6, 1)))
    assert then is not None and then.value == "Node 22"


def test_an_undated_value_before_an_earlier_dated_change_is_told_as_earlier() -> None:
    @dataclass(frozen=True)
    class _Fact:
        subject: str
        attribute: str
        value: str
        valid_from: str | None
        recorded_at: str
        retraction_reason: str | None = None

    old = _Fact("project @project:harbor", "tool:package manager", "Poetry", None,
                "2026-12-05T10:00:00+00:00")
    new = _Fact("project @project:harbor", "tool:package manager", "uv", "2026-02-09",
                "2026-12-05T10:00:01+00:00")
    assert update_notice(old, new) == (
        "Earlier you said project @project:harbor tool:package manager = 'Poetry' (undated), "
        "but on 2026-02-09 you updated to 'uv'.")
    # left alone: an undated value saved before the change's day
    before = _Fact("user", "location", "Madrid", None, "2025-03-01T10:00:00+00:00")
    moved = _Fact("user", "location", "Valencia", "2026-02-09", "2026-02-10T10:00:00+00:00")
    assert update_notice(before, moved).startswith("In 2025 you said user location = 'Madrid'")
