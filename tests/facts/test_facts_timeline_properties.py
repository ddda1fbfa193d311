"""Properties of resolve() over arbitrary sequences of well-formed journal events."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from facts_events import fact, retract, review, stamp, supersede_leaf
from hypothesis import given, settings
from hypothesis import strategies as st

from actors.facts.timeline import resolve

_VALUES = ("Madrid", "Valencia", "Lisbon", "Porto")
_DATES = (None, "2024-01-01", "2025-03-10", "2026-05-01")
_KEYS = (("user", "location"), ("user", "employer"), ("Ana", "location"))


@st.composite
def journals(draw: st.DrawFn) -> list[dict[str, Any]]:
    """A journal with strictly increasing record times: facts, then ops about earlier ids."""
    events: list[dict[str, Any]] = []
    fact_ids: list[str] = []
    leaves: list[str] = []
    for seq in range(draw(st.integers(0, 14))):
        at = stamp(f"2026-{seq // 28 + 1:02d}-{seq % 28 + 1:02d}", seq % 60)
        kind = draw(st.sampled_from(["fact", "fact", "fact", "retract", "review", "supersede"]))
        if kind == "fact" or not fact_ids:
            subject, attribute = draw(st.sampled_from(_KEYS))
            leaf = draw(st.sampled_from(["L-1", "L-2", "L-3", f"L-{seq}"]))
            origin = draw(st.sampled_from(["user", "agent", "tool"]))
            value, valid_from = draw(st.sampled_from(_VALUES)), draw(st.sampled_from(_DATES))
            event = fact(value, at, valid_from=valid_from, subject=subject, attribute=attribute,
                         leaf=leaf, origin=origin, pending=origin == "tool" and draw(st.booleans()))
            fact_ids.append(event["fact_id"])
            leaves.append(leaf)
        elif kind == "retract":
            if draw(st.booleans()):
                event = retract(draw(st.sampled_from(fact_ids)), at)
            else:
                event = retract(draw(st.sampled_from(leaves)), at, kind="leaf")
        elif kind == "review":
            event = review(draw(st.sampled_from(fact_ids)),
                           draw(st.sampled_from(["approve", "reject"])), at)
        else:
            event = supersede_leaf(draw(st.sampled_from(leaves)), "L-new", at)
        events.append(event)
    return events


def _summary(events: list[dict[str, Any]]) -> list[tuple[object, ...]]:
    tl = resolve(events)
    return [(f.fact_id, f.status, f.valid_to, f.superseded_by, f.superseded_at, f.confirms)
            for f in tl.all_facts()]


def test_at_most_one_active_fact_per_key() -> None:
    """The checks run per key and per leaf; the counts prove journals with several facts per
    key, superseded values and notices were among those checked (an empty journal checks
    nothing)."""
    seen = Counter[str]()

    @settings(max_examples=300, deadline=None)
    @given(journals())
    def check(events: list[dict[str, Any]]) -> None:
        tl = resolve(events)
        assert tl.skipped == ()
        active = Counter(f.key for f in tl.all_facts() if f.status == "ACTIVE")
        assert all(count == 1 for count in active.values())
        for key in tl.keys():
            facts = tl.facts_for(*key)
            live = [f for f in facts if f.status in ("ACTIVE", "HISTORICAL")]
            if live:
                seen["keys with a live value"] += 1
                seen["superseded values"] += len(live) - 1
                assert live[-1].status == "ACTIVE"
                assert tl.current(*key) == live[-1]
                assert all(f.superseded_at is not None for f in live[:-1])
            else:
                assert tl.current(*key) is None
        for leaf in {str(e.get("source_leaf_id")) for e in events if e["op"] == "fact"}:
            assert tl.leaf_currency(leaf) in ("CURRENT", "SUPERSEDED", "RETRACTED", "PENDING")
            for notice in tl.notices_for_leaf(leaf):
                seen["notices"] += 1
                assert "None" not in notice

    check()
    assert min(seen["keys with a live value"], seen["superseded values"],
               seen["notices"]) >= 20, seen


@settings(max_examples=200, deadline=None)
@given(journals(), st.randoms(use_true_random=False))
def test_input_order_does_not_change_the_result(
    events: list[dict[str, Any]], rnd: random.Random
) -> None:
    shuffled = list(events)
    rnd.shuffle(shuffled)
    assert _summary(shuffled) == _summary(events)


def test_notices_never_name_a_non_current_value_as_the_update() -> None:
    """Every "updated to 'X'" notice names the ACTIVE value; and enough notices were seen
    (a journal without notices checks nothing, so the count proves the property ran)."""
    seen = Counter[str]()

    @settings(max_examples=200, deadline=None)
    @given(journals())
    def check(events: list[dict[str, Any]]) -> None:
        tl = resolve(events)
        for leaf in {str(e.get("source_leaf_id")) for e in events if e["op"] == "fact"}:
            for notice in tl.notices_for_leaf(leaf):
                seen["notices"] += 1
                if "updated to '" in notice:
                    seen["update notices"] += 1
                    named = notice.split("updated to '")[1].rstrip("'.")
                    assert any(
                        f.value == named and f.status == "ACTIVE" for f in tl.all_facts()
                    ), notice

    check()
    assert seen["update notices"] >= 20, seen


def _with_ties(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The same journal with record times collapsed into groups of three (still non-decreasing)."""
    out = []
    for seq, event in enumerate(events):
        copy = dict(event)
        copy["recorded_at" if copy["op"] == "fact" else "at"] = stamp("2026-01-01", seq // 3)
        out.append(copy)
    return out


@settings(max_examples=200, deadline=None)
@given(journals(), st.randoms(use_true_random=False))
def test_ties_in_record_time_resolve_deterministically(
    events: list[dict[str, Any]], rnd: random.Random
) -> None:
    tied = _with_ties(events)
    shuffled = list(tied)
    rnd.shuffle(shuffled)
    assert _summary(shuffled) == _summary(tied)
    assert resolve(tied).skipped == ()
