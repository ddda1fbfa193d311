"""Retractions, review of tool-sourced changes and explicit corrections, through the runtime."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import (
    TOOL,
    USER,
    audit_lines,
    current,
    history,
    journal_events,
    open_runtime,
    save,
)

from actors.facts.messages import Retract, Review
from actors.facts.timeline import resolve
from ihmt_async.runtime import Runtime
from store.errors import InvalidArgument, UnknownMemory, UnknownOption

pytestmark = pytest.mark.anyio

MADRID = "2025-03-10: I live in Madrid."
VALENCIA = "2026-05-01: I moved to Valencia."


async def test_retracting_a_fact_restores_the_previous_value_and_is_audited(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, MADRID)
        valencia = (await save(rt, VALENCIA)).facts.new_facts[0]
        result = await rt.facts.ask(Retract(target=valencia.fact_id,
                                            reason="I never moved, that was a typo",
                                            provenance=USER))
        assert await current(rt) == "Madrid"
        after = {f.value: f for f in await history(rt)}
        resaved = await save(rt, VALENCIA)
        assert await current(rt) == "Valencia"
        final = await history(rt)
    assert (result.kind, result.target) == ("fact", valencia.fact_id)
    assert result.facts[0].status == "RETRACTED"
    assert after["Madrid"].status == "ACTIVE" and after["Madrid"].valid_to is None
    assert after["Valencia"].retraction_reason == "I never moved, that was a typo"
    lines = [a for a in audit_lines(home) if a["action"] == "retract.fact"]
    assert len(lines) == 1
    line = lines[0]
    assert (line["actor"], line["client"], line["session"]) == ("facts", "claude-code", "s-user")
    assert line["ids"] == [valencia.fact_id]
    (event,) = line["events"]
    assert event["op"] == "retract" and event["target"] == valencia.fact_id
    assert event["kind"] == "fact" and event["reason"] == "I never moved, that was a typo"
    assert event["by"]["agent"] == "claude-code" and event["at"]
    assert event in journal_events(home)
    assert resaved.facts.blocked == ()
    assert sorted((f.value, f.status) for f in final) == [
        ("Madrid", "HISTORICAL"), ("Valencia", "ACTIVE"), ("Valencia", "RETRACTED")]
    assert {f.fact_id: f.status for f in final}[valencia.fact_id] == "RETRACTED"


async def test_retracting_a_memory_retracts_its_facts(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, MADRID)
        leaf = (await save(rt, VALENCIA)).leaf_ids[0]
        result = await rt.facts.ask(Retract(target=leaf, reason="wrong note",
                                            provenance=USER))
        assert await current(rt) == "Madrid"
        again = await save(rt, VALENCIA)
        # Saving the forgotten text again is a new memory, and says so (never silently).
        assert await current(rt) == "Valencia"
    assert result.kind == "leaf" and [f.value for f in result.facts] == ["Valencia"]
    assert result.facts[0].status == "RETRACTED"
    assert again.leaf_ids[0] != leaf and again.forgotten_before == (leaf,)
    assert any(a["action"] == "retract.leaf" and a["events"][0]["target"] == leaf
               for a in audit_lines(home))


async def test_retract_refuses_unknown_ids_and_empty_reasons(home: Path) -> None:
    async with open_runtime(home) as rt:
        fact = (await save(rt, MADRID)).facts.new_facts[0]
        before = journal_events(home)
        with pytest.raises(UnknownMemory):
            await rt.facts.ask(Retract(target="L-personal-0000-deadbeef00", reason="gone"))
        with pytest.raises(UnknownMemory):
            await rt.facts.ask(Retract(target="F-0000000000", reason="gone"))
        for reason in ("", "   \n"):
            with pytest.raises(InvalidArgument):
                await rt.facts.ask(Retract(target=fact.fact_id, reason=reason))
        with pytest.raises(InvalidArgument):
            await rt.facts.ask(Retract(target=" ", reason="why not"))
        assert await current(rt) == "Madrid"
    assert journal_events(home) == before
    assert not any(a["action"].startswith("retract") for a in audit_lines(home))


async def _tool_says_paris(rt: Runtime) -> str:
    await save(rt, VALENCIA, origin="user")
    report = await save(rt, "I live in Paris.", origin="tool", prov=TOOL)
    (pending,) = report.facts.pending
    assert pending.value == "Paris" and pending.status == "PENDING"
    assert report.facts.notices == ()  # nothing says Paris is current
    return pending.fact_id


async def test_tool_origin_change_waits_for_review_and_approval_applies_it(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        fact_id = await _tool_says_paris(rt)
        assert await current(rt) == "Valencia"
        queue = await rt.facts.ask(Review(action="list"))
        assert [f.fact_id for f in queue] == [fact_id]
        decided = await rt.facts.ask(Review(action="approve", fact_id=fact_id,
                                            provenance=USER))
        assert decided.status == "ACTIVE"
        assert await current(rt) == "Paris"
        assert await rt.facts.ask(Review(action="list")) == ()
        with pytest.raises(InvalidArgument):  # decided already
            await rt.facts.ask(Review(action="reject", fact_id=fact_id))
        facts = await history(rt)
    assert [(f.value, f.status) for f in facts] == [("Valencia", "HISTORICAL"),
                                                    ("Paris", "ACTIVE")]
    review = [a for a in audit_lines(home) if a["action"] == "review.approve"]
    assert review and review[0]["events"][0]["fact_id"] == fact_id


async def test_rejecting_a_tool_origin_change_keeps_the_user_value(home: Path) -> None:
    async with open_runtime(home) as rt:
        fact_id = await _tool_says_paris(rt)
        decided = await rt.facts.ask(Review(action="reject", fact_id=fact_id))
        assert decided.status == "REJECTED"
        assert await current(rt) == "Valencia"
        with pytest.raises(UnknownOption):
            await rt.facts.ask(Review(action="maybe", fact_id=fact_id))
        with pytest.raises(UnknownMemory):
            await rt.facts.ask(Review(action="approve", fact_id="F-0000000000"))


async def test_tool_origin_does_not_wait_when_nothing_the_user_said_is_overturned(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        report = await save(rt, "I work at Globex.", origin="tool", prov=TOOL)
        assert report.facts.pending == ()
        await save(rt, "I live in Lyon.", origin="agent")
        over_agent = await save(rt, "I live in Nice.", origin="tool", prov=TOOL)
        assert over_agent.facts.pending == ()
        assert await current(rt) == "Nice"


@pytest.mark.parametrize("text", ["2026-05-01: I moved to Valencia, not Madrid.",
                                  "Correction: the previous note was wrong."])
async def test_explicit_correction_records_a_leaf_supersession(home: Path, text: str) -> None:
    async with open_runtime(home) as rt:
        old = (await save(rt, MADRID)).leaf_ids[0]
        report = await save(rt, text, supersedes=old)
        with pytest.raises(UnknownMemory):
            await save(rt, "I live in Rome.", supersedes="L-general-0000-0000000000")
    assert report.facts.superseded_leaf == old
    events = [e for e in journal_events(home) if e["op"] == "supersede_leaf"]
    assert len(events) == 1
    assert (events[0]["leaf_id"], events[0]["by_leaf_id"]) == (old, report.leaf_ids[0])
    assert resolve(journal_events(home)).leaf_currency(old) == "SUPERSEDED"
    replayable = [a for a in audit_lines(home) if a.get("actor") == "facts"
                  and any(e["op"] == "supersede_leaf" for e in a.get("events", []))]
    assert len(replayable) == 1


@pytest.mark.parametrize(("action", "location"), [("approve", "Paris"), ("reject", "Valencia")])
async def test_deciding_a_waiting_correction_decides_its_waiting_facts(
        home: Path, action: str, location: str) -> None:
    """A tool-origin correction of the user's memory waits twice: the supersession (S-...) and
    the value it states (F-...). One decision on the correction is the user's word on both;
    approving it used to leave the fact waiting, so the correction applied without its value."""
    async with open_runtime(home) as rt:
        old = (await save(rt, VALENCIA)).leaf_ids[0]
        report = await save(rt, "2026-09-01: I moved to Paris.", origin="tool", prov=TOOL,
                            supersedes=old)
        review_id = report.facts.pending_supersession
        assert review_id and report.facts.pending
        queue = {f.fact_id for f in await rt.facts.ask(Review(action="list"))}
        assert queue == {review_id, report.facts.pending[0].fact_id}
        decided = await rt.facts.ask(Review(action=action, fact_id=review_id, provenance=USER))
        assert await rt.facts.ask(Review(action="list")) == ()
        # The reply names the value decided with the correction, in its new status.
        assert [(f.fact_id, f.value, f.status) for f in decided.decided_with] == [
            (report.facts.pending[0].fact_id, "Paris",
             "ACTIVE" if action == "approve" else "REJECTED")]
        assert await current(rt) == location
    fact_events = [e for e in journal_events(home) if e["op"] == "review"]
    assert [(e["fact_id"], e["decision"]) for e in fact_events] == [
        (report.facts.pending[0].fact_id, action)]
