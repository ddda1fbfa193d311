"""Fact notices that concern what was asked (fix-facts8, the outside bbtest30 run): a memory
whose own later value is the current one carries no notice for its earlier value; a notice of
a memory still current (PARTLY OUTDATED) or outdated is shown only to a question bearing on
the change. One test per rule, each with what it must leave alone."""

from __future__ import annotations

from facts_events import fact, stamp

from actors.facts.timeline import resolve


def test_a_value_the_memory_itself_replaced_by_the_current_one_gets_no_notice() -> None:
    # "I left Ledgerly ... starting at Northwind Health on the 16th" (one memory), then
    # "promoted at Northwind" (a confirmation by the shorter name, another memory)
    left = fact("none (left Ledgerly)", stamp("2023-10-02"), valid_from="2023-10-02",
                attribute="employer", leaf="L-job")
    started = fact("Northwind Health", stamp("2023-10-02", 1), valid_from="2023-10-16",
                   attribute="employer", leaf="L-job")
    promoted = fact("Northwind", stamp("2024-02-17"), valid_from="2024-02-17",
                    attribute="employer", leaf="L-promo")
    tl = resolve([left, started, promoted])
    assert tl.notices_for_leaf("L-job") == []
    # left alone: a later change of the value the memory ends on is news to its reader
    moved = fact("Initech", stamp("2024-06-01"), valid_from="2024-06-01",
                 attribute="employer", leaf="L-initech")
    notices = resolve([left, started, promoted, moved]).notices_for_leaf("L-job")
    assert notices and all("'Initech'" in n for n in notices)
