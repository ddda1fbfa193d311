"""Fact notices that concern what was asked (fix-facts8, the outside bbtest30 run): a memory
whose own later value is the current one carries no notice for its earlier value; a notice of
a memory still current (PARTLY OUTDATED) or outdated is shown only to a question bearing on
the change. One test per rule, each with what it must leave alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_events import fact, stamp

from actors.facts.timeline import resolve
from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from ihmt_async.render import render_search
from ihmt_async.runtime import Runtime


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


_SESSION = ("[2025-02-28] Conversation between Ana and Tom\n"
            "Ana: It's official, we adopted the greyhound! Her name is Biscuit.\n"
            "Tom: Love that. I bought a blue Nissan Leaf.\n"
            "Ana: Biscuit sleeps twenty hours a day, she is the laziest dog in Cork. We walk "
            "her along the river every morning before work and she refuses to run at all.\n"
            "Tom: Greyhounds are sprinters, they save it for the one chase a day. Does she "
            "get on with the neighbours' cat? Ours hid under the sofa for a week.\n"
            "Ana: The cat ignores her completely, which Biscuit seems to find insulting. She "
            "also has a fleece coat now because the kitchen floor is freezing in February.\n"
            "Tom: Send photos of the coat, please, my sister will want one for her whippet.")


@pytest.mark.anyio
async def test_a_notice_is_shown_to_a_question_bearing_on_its_change(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        old = await _save(rt, _SESSION)
        short = await _save(rt, "[2025-03-01] Tom: I live in Madrid, near the Retiro park.")
        await _save(rt, "[2025-11-14] Conversation between Ana and Tom\n"
                        "Ana: How is the move going?\n"
                        "Tom: Busy. I sold the Leaf last week, the van is enough. I moved to "
                        "Valencia.")
        greyhound = await _search(rt, "What is the name of the greyhound Ana adopted?")
        first = greyhound.hits[0]
        assert first.leaf_id == old
        assert first.notices == () and first.currency == "CURRENT"
        assert "OUTDATED" not in render_search(greyhound)
        # left alone: the question about the car meets the notice, and a short memory is
        # its fact, outdated whatever is asked
        car = await _search(rt, "What colour is the Nissan Leaf Tom bought?")
        assert any(hit.leaf_id == old and hit.notices for hit in car.hits)
        park = await _search(rt, "Retiro park")
        assert [(h.leaf_id, h.currency) for h in park.hits][:1] == [(short, "SUPERSEDED")]
        assert park.hits[0].notices


async def _save(rt: Runtime, content: str) -> str:
    result = await rt.ingest.ask(Save(content=content,
                                      provenance=Provenance(agent="claude-code", session="s1")))
    return result.leaf_ids[0]


async def _search(rt: Runtime, query: str) -> SearchResult:
    return await rt.navigation.ask(Search(query=query))


def test_a_memory_is_compared_by_the_last_value_it_tells_of_a_key() -> None:
    # "I quit Larkspur last Friday! I'm going freelance", then a job at Vireo Labs
    quit_ = fact("none (left Larkspur)", stamp("2023-10-14"), valid_from="2023-10-13",
                 attribute="employer", leaf="L-quit")
    freelance = fact("self-employed (freelance)", stamp("2023-10-14", 1),
                     valid_from="2023-10-14", attribute="employer", leaf="L-quit")
    vireo = fact("Vireo Labs", stamp("2024-02-10"), valid_from="2024-02-10",
                 attribute="employer", leaf="L-vireo")
    notices = resolve([quit_, freelance, vireo]).notices_for_leaf("L-quit")
    assert notices == ["In 2023 you said user employer = 'self-employed (freelance)', but in "
                       "2024 you updated to 'Vireo Labs'."]


def test_an_ending_after_an_ending_is_no_change() -> None:
    from actors.facts.keys import same_value
    sold = fact("ninguno (vendido o regalado)", stamp("2023-12-28"), valid_from="2023-12-28",
                attribute="car", leaf="L-sold")
    none = fact("ninguno", stamp("2024-02-03"), valid_from="2024-02-03", attribute="car",
                leaf="L-none")
    tl = resolve([sold, none])
    assert tl.notices_for_leaf("L-sold") == []
    current = tl.current("user", "car")
    assert current is not None and current.value == "ninguno (vendido o regalado)"
    assert not same_value("none (sold or given away)", "Honda Fit", "car")  # left alone
