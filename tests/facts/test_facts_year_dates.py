"""A note opening with its year alone ("2024: harbor uses RabbitMQ", fix-facts10, the outside
bbtest32 run): its facts are dated from that year (``actors.facts.year_dates``), so a value
back-filled after its correction stays history instead of becoming the current value."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from facts_runtime import open_runtime, save

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
