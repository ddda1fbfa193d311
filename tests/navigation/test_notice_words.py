"""The words a reply's notice quotes from the question: each once, and only those the memories
shown under it hold (outside evaluators read "'FedEx', 'FedEx', 'FedEx'" and "share only the
common word 'cuidados'" over memories none of which said it)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from nav_corpus import memory_text, write_memories

from actors.navigation.notice_words import held_by, once
from actors.navigation.stem import stem
from actors.text import terms
from ihmt_async import render
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, save, search

pytestmark = pytest.mark.anyio


def test_a_word_is_quoted_once_in_the_question_s_spelling() -> None:
    assert once(["FedEx", "FedEx", "fedex", "gRPC", "GRPC", "Lavapiés", "lavapies"]) == \
        ("FedEx", "gRPC", "Lavapiés")


def test_a_memory_holds_a_word_as_its_analysed_term() -> None:
    asked = tuple(stem(t) for t in terms("cuidados intensivos"))
    assert held_by(asked, ["Con los podencos cuidado con los paseos sin correa."]) == asked[:1]
    assert held_by(asked, ["Busca un sitio para comer pescado bueno y barato."]) == ()


async def test_a_word_no_memory_mentions_is_named_once(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        await save(rt, "CI runs on GitHub Actions; the full pipeline takes about 14 minutes, "
                       "mostly integration tests.")
        await save(rt, "Tenemos unos 18.000 usuarios registrados y 2.500 activos al mes.")
        await embedded(rt)
        # a name no memory holds: nothing stored is about it (the CI memory's "integration
        # tests" is no FedEx integration), and the reply names it once, not as three terms
        found = await search(rt, "¿Qué integración tenemos con FedEx?")
        assert found.status == "NONE" and (found.reason or "").count("FedEx") == 1
        assert "'FedEx'" in render.render_search(found)
        # a word, not a name: the memory is served, the word named once
        word = await search(rt, "¿Qué integración tenemos con el transportista?")
        assert word.status == "FOUND" and word.absent == ("transportista",)
        assert "No stored memory mentions 'transportista':" in render.render_search(word)


async def test_share_only_names_only_words_the_memories_shown_hold(tmp_path: Path) -> None:
    """The memories matched by a common word ("region", in a hundred notes about deploys)
    are not the ones shown (the floors, closest in meaning): the notice names no word the
    reader cannot find under it."""
    rng = random.Random(5)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await write_memories(rt.layout, rt.store.locks, [memory_text(rng) for _ in range(100)])
        for text in ("We laid oak parquet in the living room.",
                     "The bathroom got new ceramic tiles.",
                     "The hallway has terracotta tiles from Seville.",
                     "We sanded and varnished the pine boards upstairs.",
                     "The carpet in the bedrooms was replaced with vinyl planks."):
            await save(rt, text)
        await embedded(rt)
        result = await search(rt, "Which floor coverings suit each region?")
        assert result.status == "NONE" and result.shared == ("region",)
        assert result.nearest and not any("region" in hit.text for hit in result.nearest)
        assert result.reason is None and "share only" not in render.render_search(result)
