"""A value asked "before" a change of another attribute, and a home refining a town
(fix-facts39, the outside bbtest39 chat). "Where did Maya work before she moved to Denver?"
led with her current employer: "before" read only a value of the question's own attribute.
"Vivimos en Logan Square" after the move to Chicago put every Chicago memory OUTDATED, and
the refined home's memory must lead "Where does Tomás live now?"."""

from __future__ import annotations

from pathlib import Path

import pytest

from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, ids, save, search

pytestmark = pytest.mark.anyio


async def test_a_question_before_another_value_answers_the_value_then(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        nurse = await save(rt, "2026-01-04 Maya: Yep, still an ER nurse at Providence St. "
                               "Vincent here in Portland, three shifts a week.")
        await save(rt, "2026-08-12 Maya: We're driving to Denver next weekend, Biscuit gets "
                       "the back seat.")
        rented = await save(rt, "2026-08-12 Maya: I rented a one-bedroom in Capitol Hill, "
                                "close to Cheesman Park for dog walks.")
        hospital = await save(rt, "2026-09-04 Maya: First week at Children's Hospital done, "
                                  "pediatrics is so different.")
        await embedded(rt)
        for question in ("Where did Maya work before she moved to Denver?",
                         "¿Dónde trabajaba Maya antes de que se mudara a Denver?"):
            found = await search(rt, question)
            assert found.answer is not None, question
            assert found.answer.value == "Providence St. Vincent", question
            assert ids(found)[:1] == [nurse], question
        now = await search(rt, "Where does Maya work now?")
        assert now.answer is not None and now.answer.value == "Children's Hospital"
        assert ids(now)[:1] == [hospital]
        home = await search(rt, "Where does Maya live now?")
        assert home.answer is not None and home.answer.value == "Capitol Hill, Denver"
        assert ids(home)[:1] == [rented]


async def test_a_neighbourhood_leaves_the_town_s_memories_current(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        plan = await save(rt, "2026-06-03 Tomás: Confirmado: nos mudamos a Chicago a finales "
                              "de junio.")
        arrived = await save(rt, "2026-06-26 Tomás: Llegamos a Chicago ayer. Dos días en coche "
                                 "desde Austin.")
        await save(rt, "2026-06-26 Maya: Welcome to the north! What neighborhood?")
        logan = await save(rt, "2026-06-26 Tomás: Vivimos en Logan Square, cerca de un parque "
                               "con un bulevar enorme.")
        await embedded(rt)
        found = await search(rt, "When did Tomás arrive in Chicago?")
        assert {h.leaf_id: h.currency for h in found.hits if h.leaf_id in (plan, arrived)} \
            and all(h.currency != "OUTDATED" for h in found.hits if h.leaf_id in (plan, arrived))
        now = await search(rt, "Where does Tomás live now?")
        assert now.answer is not None and now.answer.value == "Logan Square, Chicago"
        assert ids(now)[:1] == [logan]
