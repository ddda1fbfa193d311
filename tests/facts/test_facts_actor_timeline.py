"""The fact issue's acceptance through the runtime: real saves, real files, actor answers."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from facts_runtime import current, history, open_runtime, save, timeline_shape

from actors.facts.messages import StateAt

pytestmark = pytest.mark.anyio

MADRID = "2025-03-10: I live in Madrid."
VALENCIA = "2026-05-01: I moved to Valencia."


async def test_later_dated_move_becomes_current_and_closes_madrid(home: Path) -> None:
    async with open_runtime(home) as rt:
        first = await save(rt, MADRID)
        second = await save(rt, VALENCIA)
        facts = await history(rt)
        assert await current(rt) == "Valencia"
    assert [f.value for f in first.facts.new_facts] == ["Madrid"]
    assert first.facts.notices == ()
    assert second.facts.notices == (
        "In 2025 you said user location = 'Madrid', but in 2026 you updated to 'Valencia'.",
    )
    madrid, valencia = facts
    assert (madrid.value, madrid.status, madrid.valid_from) == ("Madrid", "HISTORICAL",
                                                                "2025-03-10")
    assert madrid.valid_to == "2026-05-01"
    assert madrid.superseded_at == valencia.recorded_at
    assert (valencia.value, valencia.status, valencia.valid_to) == ("Valencia", "ACTIVE", None)
    assert valencia.superseded_at is None
    assert (valencia.origin, valencia.agent, valencia.session) == ("user", "claude-code",
                                                                   "s-user")
    assert valencia.source_leaf_id == second.leaf_ids[0]


async def test_opposite_save_order_gives_the_same_timeline(tmp_path: Path) -> None:
    shapes = []
    for name, order in (("forward", (MADRID, VALENCIA)), ("backward", (VALENCIA, MADRID))):
        async with open_runtime(tmp_path / name) as rt:
            reports = [await save(rt, text) for text in order]
            facts = await history(rt)
            assert await current(rt) == "Valencia"
        shapes.append(timeline_shape(facts))
        assert all(f.superseded_at for f in facts if f.status == "HISTORICAL")
        if name == "backward":
            # The backfilled Madrid is filed as history, and nothing claims it is current.
            assert reports[1].facts.new_facts[0].status == "HISTORICAL"
            assert not any("updated to 'Madrid'" in n for n in reports[1].facts.notices)
    assert shapes[0] == shapes[1] == [("Madrid", "HISTORICAL", "2026-05-01"),
                                      ("Valencia", "ACTIVE", None)]


async def test_dated_job_saved_after_an_undated_one_is_current(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "I work at Initech.")
        report = await save(rt, "2026-01-05: I work at Hooli.")
        facts = await history(rt, attribute="employer")
        assert await current(rt, attribute="employer") == "Hooli"
    assert timeline_shape(facts) == [("Initech", "HISTORICAL", "2026-01-05"),
                                     ("Hooli", "ACTIVE", None)]
    assert any("updated to 'Hooli'" in n for n in report.facts.notices)


async def test_reverting_to_an_earlier_value_never_calls_the_middle_one_current(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "I live in Lisbon.")
        porto = await save(rt, "I live in Porto.")
        back = await save(rt, "I live in Lisbon.")
        facts = await history(rt)
        assert await current(rt) == "Lisbon"
    assert back.repeated == back.leaf_ids  # same text: the same leaf, recorded again
    assert [(f.value, f.status) for f in facts] == [
        ("Lisbon", "HISTORICAL"), ("Porto", "HISTORICAL"), ("Lisbon", "ACTIVE")]
    assert back.facts.new_facts[0].status == "ACTIVE"
    for notice in back.facts.notices:
        assert "updated to 'Porto'" not in notice and "current value 'Porto'" not in notice
    assert any("updated to 'Lisbon'" in n for n in back.facts.notices)
    assert porto.facts.new_facts[0].status == "ACTIVE"


async def test_es_spanish_move_and_state_at(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "2024-02-01: Vivo en Sevilla.")
        report = await save(rt, "2025-09-15: Me mudé a Bilbao.")
        at = await rt.facts.ask(StateAt(subject="user", attribute="location",
                                        valid_time=dt.date(2025, 1, 1)))
        assert await current(rt) == "Bilbao"
    assert at is not None and at.value == "Sevilla"
    assert report.facts.notices == (
        "In 2024 you said user location = 'Sevilla', but in 2025 you updated to 'Bilbao'.",)


async def test_valid_time_and_record_time_queries(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, MADRID)
        between = dt.datetime.now(dt.UTC)
        valencia = await save(rt, VALENCIA)
        assert valencia.facts.new_facts[0].recorded_at > between.strftime("%Y-%m-%dT%H:%M:%S.%fZ")

        def ask(valid: dt.date | None, as_of: dt.datetime | None = None) -> StateAt:
            return StateAt(subject="user", attribute="location", valid_time=valid, as_of=as_of)

        end_2025 = await rt.facts.ask(ask(dt.date(2025, 12, 31)))
        may_2026 = await rt.facts.ask(ask(dt.date(2026, 5, 1)))
        before_madrid = await rt.facts.ask(ask(dt.date(2025, 3, 9)))
        today = dt.datetime.now(dt.UTC).date()
        then_today = await rt.facts.ask(ask(today, as_of=between))
        then_current = await rt.facts.ask(ask(None, as_of=between))
        now_today = await rt.facts.ask(ask(today))
        old_history = await history(rt, as_of=between)
    assert end_2025 is not None and end_2025.value == "Madrid"
    assert may_2026 is not None and may_2026.value == "Valencia"
    assert before_madrid is None
    assert then_today is not None and then_today.value == "Madrid"
    assert then_current is not None and then_current.value == "Madrid"
    assert then_current.status == "ACTIVE" and then_current.valid_to is None
    assert now_today is not None and now_today.value == "Valencia"
    assert [f.value for f in old_history] == ["Madrid"]


async def test_the_same_memory_saved_again_while_its_value_is_current_adds_nothing(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "I live in Porto.")
        again = await save(rt, "I live in Porto.")
        facts = await history(rt)
    assert again.repeated == again.leaf_ids
    assert [(f.value, f.status) for f in facts] == [("Porto", "ACTIVE")]
    assert again.facts.new_facts == ()


async def test_a_memory_saved_again_never_outdates_itself(home: Path) -> None:
    """A memory stating two values of one key, saved again: its earlier value recorded again
    would displace its own current one."""
    text = "2026-10-03: I moved to Madrid. Now I live in Valencia, since Sunday."
    async with open_runtime(home) as rt:
        await save(rt, text)
        again = await save(rt, text)
        now = await current(rt)
    assert again.facts.new_facts == ()
    assert now == "Valencia"


async def test_a_value_the_same_memory_states_later_is_no_news(home: Path) -> None:
    """"Me he mudado a Madrid. Vivo en Chamberí": the memory's own later word, not a value
    filed behind another (the reply called 'Madrid' older than 'Chamberí', both of one day)."""
    async with open_runtime(home) as rt:
        saved = await save(rt, "2026-10-03: Me he mudado a Madrid. Vivo en Chamberí.")
        now = await current(rt)
    # the home is read inside the town moved to the sentence before (``towns``)
    assert [f.value for f in saved.facts.new_facts] == ["Madrid", "Chamberí, Madrid"]
    assert saved.facts.notices == ()
    assert now == "Chamberí, Madrid"
