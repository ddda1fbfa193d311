"""Timeline resolution through the pure API: ordering, bitemporal queries, tombstones, review."""

from __future__ import annotations

import datetime as dt

import pytest
from facts_events import fact, retract, review, stamp, supersede_leaf

from actors.facts.timeline import ResolvedFact, Timeline, fact_id_for, resolve

MADRID = fact("Madrid", stamp("2025-03-10"), valid_from="2025-03-10", leaf="L-madrid")
VALENCIA = fact("Valencia", stamp("2026-05-01"), valid_from="2026-05-01", leaf="L-valencia")


def test_later_dated_fact_supersedes_and_closes_the_old_interval() -> None:
    tl = resolve([MADRID, VALENCIA])
    current = tl.current("user", "location")
    assert current is not None and current.value == "Valencia"
    old, new = tl.facts_for("user", "location")
    assert (old.value, old.status, new.status) == ("Madrid", "HISTORICAL", "ACTIVE")
    assert old.valid_to == "2026-05-01"
    assert old.superseded_by == VALENCIA["fact_id"]
    assert old.superseded_at == VALENCIA["recorded_at"]
    assert new.valid_to is None and new.superseded_at is None


def test_backfilled_older_fact_is_history_on_arrival() -> None:
    valencia = fact("Valencia", stamp("2026-05-01"), valid_from="2026-05-01", leaf="L-v")
    madrid = fact("Madrid", stamp("2026-06-01"), valid_from="2025-03-10", leaf="L-m")
    tl = resolve([valencia, madrid])
    old, new = tl.facts_for("user", "location")
    assert (old.value, old.status, new.value, new.status) == (
        "Madrid", "HISTORICAL", "Valencia", "ACTIVE",
    )
    assert old.valid_to == "2026-05-01"
    assert old.superseded_at == madrid["recorded_at"]  # displaced on arrival


def test_input_order_does_not_matter_only_record_time() -> None:
    a = resolve([MADRID, VALENCIA])
    b = resolve([VALENCIA, MADRID])
    assert a.all_facts() == b.all_facts()


def test_dated_fact_recorded_later_outranks_undated_one() -> None:
    initech = fact("Initech", stamp("2026-12-02"), attribute="employer")
    hooli = fact("Hooli", stamp("2026-12-03"), valid_from="2026-01-05", attribute="employer")
    tl = resolve([initech, hooli])
    current = tl.current("user", "employer")
    assert current is not None and current.value == "Hooli"
    assert tl.facts_for("user", "employer")[0].status == "HISTORICAL"


def test_undated_fact_goes_last_even_after_dated_ones() -> None:
    dated = fact("Hooli", stamp("2026-01-10"), valid_from="2026-01-05", attribute="employer")
    undated = fact("Initech", stamp("2026-02-01"), attribute="employer")
    current = resolve([dated, undated]).current("user", "employer")
    assert current is not None and current.value == "Initech"


def test_revert_keeps_notices_pointing_at_the_current_value() -> None:
    lis1 = fact("Lisbon", stamp("2026-01-01"), leaf="L-lis1")
    porto = fact("Porto", stamp("2026-02-01"), leaf="L-porto")
    lis2 = fact("Lisbon", stamp("2026-03-01"), leaf="L-lis2")
    tl = resolve([lis1, porto, lis2])
    current = tl.current("user", "location")
    assert current is not None and current.fact_id == lis2["fact_id"]
    assert tl.notices_for_leaf("L-lis1") == []
    assert tl.notices_for_leaf("L-porto") == [
        "On 2026-02-01 you said user location = 'Porto', but on 2026-03-01 you updated to "
        "'Lisbon'."
    ]
    every = [n for leaf in ("L-lis1", "L-porto", "L-lis2") for n in tl.notices_for_leaf(leaf)]
    assert not any("updated to 'Porto'" in n for n in every)
    assert [f.confirms for f in tl.facts_for("user", "location")] == [False, False, False]
    assert tl.leaf_currency("L-porto") == "SUPERSEDED"
    assert tl.superseding_leaf("L-porto") == "L-lis2"
    assert tl.leaf_currency("L-lis2") == "CURRENT"


def test_notice_uses_valid_years() -> None:
    tl = resolve([MADRID, VALENCIA])
    assert tl.notices_for_leaf("L-madrid") == [
        "In 2025 you said user location = 'Madrid', but in 2026 you updated to 'Valencia'."
    ]
    assert tl.notices_for_leaf("L-valencia") == []


def test_a_notice_of_one_year_tells_the_days() -> None:
    morning = fact("Madrid", stamp("2026-10-03"), valid_from="2026-10-03", leaf="L-m")
    evening = fact("Chamberí", stamp("2026-10-03", 1), valid_from="2026-10-03", leaf="L-c")
    assert resolve([morning, evening]).notices_for_leaf("L-m") == [
        "On 2026-10-03 you said user location = 'Madrid', but later that day you updated to "
        "'Chamberí'."]


def test_repeated_value_is_a_confirmation() -> None:
    again = fact("Valencia", stamp("2026-07-01"), valid_from="2026-07-01", leaf="L-v2")
    facts = resolve([MADRID, VALENCIA, again]).facts_for("user", "location")
    assert [f.confirms for f in facts] == [False, False, True]
    assert facts[1].status == "HISTORICAL" and facts[2].status == "ACTIVE"


def test_state_at_answers_for_a_valid_time() -> None:
    tl = resolve([MADRID, VALENCIA])
    at_2025 = tl.state_at("user", "location", dt.date(2025, 12, 31))
    assert at_2025 is not None and at_2025.value == "Madrid"
    at_2026 = tl.state_at("user", "location", dt.date(2026, 5, 1))
    assert at_2026 is not None and at_2026.value == "Valencia"
    assert tl.state_at("user", "location", dt.date(2024, 1, 1)) is None


def test_state_at_counts_undated_facts_from_their_record_date() -> None:
    tl = resolve([fact("Porto", stamp("2026-02-01"))])
    assert tl.state_at("user", "location", dt.date(2026, 1, 31)) is None
    found = tl.state_at("user", "location", dt.date(2026, 2, 1))
    assert found is not None and found.value == "Porto"


def test_as_of_hides_what_was_recorded_later() -> None:
    before = dt.datetime(2026, 4, 30, tzinfo=dt.UTC)
    tl = resolve([MADRID, VALENCIA], as_of=before)
    current = tl.current("user", "location")
    assert current is not None and current.value == "Madrid"
    today = tl.state_at("user", "location", dt.date(2026, 12, 1))
    assert today is not None and today.value == "Madrid"
    after = resolve([MADRID, VALENCIA], as_of=dt.datetime(2026, 5, 2, tzinfo=dt.UTC))
    assert after.current("user", "location").value == "Valencia"  # type: ignore[union-attr]


def test_retraction_restores_the_previous_value() -> None:
    gone = retract(VALENCIA["fact_id"], stamp("2026-06-01"), reason="typo")
    tl = resolve([MADRID, VALENCIA, gone])
    current = tl.current("user", "location")
    assert current is not None and current.value == "Madrid"
    valencia = tl.fact(VALENCIA["fact_id"])
    assert valencia is not None and valencia.status == "RETRACTED"
    assert valencia.retraction_reason == "typo"
    assert tl.facts_for("user", "location")[0].valid_to is None
    assert tl.leaf_currency("L-valencia") == "SUPERSEDED"
    assert tl.leaf_currency("L-madrid") == "CURRENT"
    assert not any("updated to 'Valencia'" in n for n in tl.notices_for_leaf("L-madrid"))
    assert tl.notices_for_leaf("L-madrid") == []


def test_resave_after_retraction_same_newer_or_undated_is_current_again() -> None:
    gone = retract(VALENCIA["fact_id"], stamp("2026-06-01"))
    for valid_from in ("2026-05-01", "2026-08-01", None):
        resave = fact("Valencia", stamp("2026-09-01"), valid_from=valid_from, leaf="L-v2")
        tl = resolve([MADRID, VALENCIA, gone, resave])
        current = tl.current("user", "location")
        assert current is not None and current.fact_id == resave["fact_id"], valid_from
        assert tl.leaf_currency("L-v2") == "CURRENT"


def test_older_dated_resave_does_not_undo_the_retraction() -> None:
    gone = retract(VALENCIA["fact_id"], stamp("2026-06-01"))
    resave = fact("Valencia", stamp("2026-09-01"), valid_from="2026-04-01", leaf="L-v2")
    tl = resolve([MADRID, VALENCIA, gone, resave])
    assert tl.current("user", "location").value == "Madrid"  # type: ignore[union-attr]
    blocked = tl.fact(resave["fact_id"])
    assert blocked is not None and blocked.status == "RETRACTED"
    assert tl.leaf_currency("L-v2") == "SUPERSEDED"


def test_older_dated_resave_recorded_before_the_retraction_is_untouched() -> None:
    resave = fact("Valencia", stamp("2026-05-15"), valid_from="2026-04-01", leaf="L-v2")
    gone = retract(VALENCIA["fact_id"], stamp("2026-06-01"))
    tl = resolve([MADRID, VALENCIA, resave, gone])
    current = tl.current("user", "location")
    assert current is not None and current.fact_id == resave["fact_id"]


def test_leaf_retraction_retracts_its_facts() -> None:
    work = fact("Nimbus", stamp("2026-05-01"), attribute="employer", leaf="L-valencia")
    gone = retract("L-valencia", stamp("2026-06-01"), kind="leaf")
    tl = resolve([MADRID, VALENCIA, work, gone])
    assert tl.leaf_currency("L-valencia") == "RETRACTED"
    assert tl.current("user", "employer") is None
    assert tl.current("user", "location").value == "Madrid"  # type: ignore[union-attr]
    assert tl.notices_for_leaf("L-valencia") == []


def test_tool_fact_waits_for_review_and_approval_makes_it_current() -> None:
    paris = fact("Paris", stamp("2026-07-01"), origin="tool", pending=True, leaf="L-paris")
    tl = resolve([MADRID, VALENCIA, paris])
    assert tl.current("user", "location").value == "Valencia"  # type: ignore[union-attr]
    assert [f.fact_id for f in tl.pending()] == [paris["fact_id"]]
    assert tl.leaf_currency("L-paris") == "PENDING"
    assert any("waiting for review" in n for n in tl.notices_for_leaf("L-paris"))

    approved = resolve([MADRID, VALENCIA, paris, review(paris["fact_id"], "approve",
                                                        stamp("2026-07-02"))])
    current = approved.current("user", "location")
    assert current is not None and current.value == "Paris" and current.review == "approve"
    valencia = approved.fact(VALENCIA["fact_id"])
    assert valencia is not None and valencia.status == "HISTORICAL"
    assert valencia.superseded_at == stamp("2026-07-02")
    assert approved.pending() == []
    assert approved.leaf_currency("L-valencia") == "SUPERSEDED"

    rejected = resolve([MADRID, VALENCIA, paris, review(paris["fact_id"], "reject",
                                                        stamp("2026-07-02"))])
    assert rejected.current("user", "location").value == "Valencia"  # type: ignore[union-attr]
    assert rejected.fact(paris["fact_id"]).status == "REJECTED"  # type: ignore[union-attr]
    assert rejected.leaf_currency("L-paris") == "SUPERSEDED"
    assert rejected.leaf_currency("L-valencia") == "CURRENT"
    # no newer memory replaced it: the notice says it was turned down, and what holds now
    assert rejected.notices_for_leaf("L-paris") == [
        "user location = 'Paris' came from a tool result and was rejected on review; it is "
        "not true. The current value is 'Valencia' (since 2026-05-01)."]


def test_would_supersede_user_fact() -> None:
    tl = resolve([MADRID, VALENCIA])
    hit = tl.would_supersede_user_fact("user", "location", "Paris", "tool")
    assert hit is not None and hit.fact_id == VALENCIA["fact_id"]
    assert tl.would_supersede_user_fact("user", "location", "Paris", "user") is None
    assert tl.would_supersede_user_fact("user", "location", "valencia", "tool") is None
    assert tl.would_supersede_user_fact("user", "location", "Paris", "tool",
                                        valid_from="2024-01-01") is None
    assert tl.would_supersede_user_fact("user", "employer", "Acme", "tool") is None
    tool_current = resolve([fact("Rome", stamp("2026-01-01"), origin="tool")])
    assert tool_current.would_supersede_user_fact("user", "location", "Paris", "tool") is None


def test_explicit_leaf_supersession() -> None:
    note = fact("Madrid", stamp("2026-01-01"), leaf="L-a")
    tl = resolve([note, supersede_leaf("L-a", "L-b", stamp("2026-01-02"))])
    assert tl.leaf_currency("L-a") == "SUPERSEDED"
    assert tl.superseding_leaf("L-a") == "L-b"
    assert tl.leaf_currency("L-unknown") == "CURRENT"
    assert tl.superseding_leaf("L-unknown") is None


def test_a_correction_saved_the_same_day_withdraws_the_corrected_value() -> None:
    # "I moved to Lisbon", then that day "I moved to Porto, not Lisbon" superseding it:
    # Lisbon was never true, so no history shows it
    lisbon = fact("Lisbon", stamp("2026-04-10"), valid_from="2026-04-10", leaf="L-a")
    porto = fact("Porto", stamp("2026-04-10", 1), leaf="L-b")
    tl = resolve([lisbon, porto, supersede_leaf("L-a", "L-b", stamp("2026-04-10", 1))])
    old, new = tl.facts_for("user", "location")
    assert (old.value, old.status, new.value, new.status) == (
        "Lisbon", "RETRACTED", "Porto", "ACTIVE")
    assert old.retraction_reason == "corrected by L-b"
    assert tl.state_at("user", "location", dt.date(2026, 4, 10)).value == "Porto"
    # ...and so when the corrected memory was dated earlier and the correction is undated
    dated = fact("Lisbon", stamp("2026-04-10"), valid_from="2026-04-03", leaf="L-a")
    tl = resolve([dated, porto, supersede_leaf("L-a", "L-b", stamp("2026-04-10", 1))])
    assert [f.status for f in tl.facts_for("user", "location")] == ["RETRACTED", "ACTIVE"]


def test_a_superseding_memory_of_a_later_value_keeps_the_old_one_as_history() -> None:
    lisbon = fact("Lisbon", stamp("2025-01-10"), valid_from="2025-01-10", leaf="L-a")
    porto = fact("Porto", stamp("2026-04-10"), valid_from="2026-04-01", leaf="L-b")
    tl = resolve([lisbon, porto, supersede_leaf("L-a", "L-b", stamp("2026-04-10", 1))])
    old, new = tl.facts_for("user", "location")
    assert (old.status, new.status) == ("HISTORICAL", "ACTIVE")
    assert tl.leaf_currency("L-a") == "SUPERSEDED"


def test_keys_fold_subjects_and_articles() -> None:
    pg = fact("PostgreSQL 16", stamp("2026-01-01"), subject="the billing service",
              attribute="database")
    my = fact("MySQL", stamp("2026-02-01"), subject="Billing-Service", attribute="database")
    tl = resolve([pg, my])
    assert tl.keys() == [("billing service", "database")]
    assert tl.current("billing service", "database").value == "MySQL"  # type: ignore[union-attr]


def test_malformed_events_are_skipped_not_fatal() -> None:
    broken = {"op": "fact", "fact_id": "F-x", "recorded_at": "yesterday"}
    tl = resolve([MADRID, broken, {"op": "nonsense"}, {"op": "retract", "at": stamp("2026-01-01")}])
    assert tl.current("user", "location").value == "Madrid"  # type: ignore[union-attr]
    assert [index for index, _ in tl.skipped] == [1, 2, 3]


def test_fact_ids_are_stable_and_unique_per_recording() -> None:
    a = fact_id_for("L-1", "user", "location", "Madrid", stamp("2026-01-01"))
    assert a == fact_id_for("L-1", "user", "location", "Madrid", stamp("2026-01-01"))
    assert a != fact_id_for("L-1", "user", "location", "Madrid", stamp("2026-01-01", 1))
    assert a.startswith("F-") and len(a) == 12


def test_retracted_facts_are_not_ordering_anchors() -> None:
    later_date = fact("Oslo", stamp("2026-01-01"), valid_from="2020-01-01", leaf="L-oslo")
    undated = fact("Rome", stamp("2026-02-01"), leaf="L-rome")
    gone = retract(undated["fact_id"], stamp("2026-02-02"))
    backfill = fact("Bergen", stamp("2026-03-01"), valid_from="2019-01-01", leaf="L-bergen")
    tl = resolve([later_date, undated, gone, backfill])
    assert tl.current("user", "location").value == "Oslo"  # type: ignore[union-attr]
    assert [f.value for f in tl.facts_for("user", "location")] == ["Bergen", "Oslo", "Rome"]


def test_a_shorter_spelling_of_the_current_value_outdates_no_memory() -> None:
    """"I got the job at Bol.com" then "First week at Bol done": the same employer, so the
    first memory (the salary, the office) stays current."""
    full = fact("Bol.com", stamp("2026-08-20"), valid_from="2026-08-20", attribute="employer",
                leaf="L-offer")
    short = fact("Bol", stamp("2026-10-05"), valid_from="2026-10-05", attribute="employer",
                 leaf="L-week")
    tl = resolve([full, short])
    assert tl.leaf_currency("L-offer") == "CURRENT"
    assert tl.notices_for_leaf("L-offer") == []


def test_a_notice_claims_no_order_between_equal_dates() -> None:
    from actors.facts.notices import history_notice
    madrid = fact("Madrid", "2026-10-03T10:05:00.000000Z", valid_from="2026-10-03")
    chamberi = fact("Chamberí", "2026-10-03T10:02:00.000000Z", valid_from="2026-10-03")
    tl = resolve([madrid, chamberi])
    filed, now = (tl.fact(madrid["fact_id"]), tl.fact(chamberi["fact_id"]))
    assert filed is not None and now is not None
    text = history_notice(filed, now)
    assert "older" not in text and "both of 2026-10-03" in text, text
    assert "10:05:00 UTC and 10:02:00 UTC" in text, text


def test_a_leafs_currency_is_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A search asks the currency of each ranked memory several times (its successor, the
    ranking, the hit): the facts' keys are folded and their values compared once per leaf,
    with the same answer every time."""
    porto = fact("Porto", stamp("2025-03-10"), valid_from="2025-03-10", leaf="L-porto")
    lisbon = fact("Lisbon", stamp("2026-05-01"), valid_from="2026-05-01", leaf="L-lisbon")
    tl = resolve([porto, lisbon])
    compared: list[str] = []
    still_said = Timeline._still_said

    def counting(self: Timeline, told: ResolvedFact) -> bool:
        compared.append(told.value)
        return still_said(self, told)

    monkeypatch.setattr(Timeline, "_still_said", counting)
    for _ in range(3):
        assert tl.leaf_currency("L-porto") == "SUPERSEDED"
        assert tl.superseding_leaf("L-porto") == "L-lisbon"
        assert tl.leaf_currency("L-lisbon") == "CURRENT"
    assert compared == ["Porto"]
