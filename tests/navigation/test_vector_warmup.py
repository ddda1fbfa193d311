"""The vectors and the model load in the background, off the start path (real actors, real
files). The MCP server's searches wait for them a few seconds at most, then answer from the
words alone (a memory saved a moment ago is found), and once they are in, searches use them; a
one-shot caller (CLI, hooks) waits for them until the load ends. The load is held on a gate so
the order is certain, never timed."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import anyio
import pytest

from actors.embedding.index import VectorIndex
from actors.embedding.sentence import SentenceEncoder
from actors.ingest.messages import Save
from actors.navigation.messages import Search, Stats
from actors.provenance import Provenance
from ihmt_async.render import render_none
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio
PROV = Provenance(agent="test", session="warmup")
CAT = "My cat is called Misu and sleeps on the sofa."


class GatedEmbedder(SentenceEncoder):
    """Its model load waits for ``gate``; it records every text it encodes."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.loading = threading.Event()
        self.encoded: list[str] = []

    def load(self) -> Any:
        self.loading.set()
        if not self.gate.wait(timeout=60):
            raise TimeoutError("the test never opened the gate")
        return super().load()

    def encode(self, texts: list[str]) -> Any:
        self.encoded.extend(texts)
        return super().encode(texts)


async def store_with_vectors(home: Path) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content=CAT, provenance=PROV))
        await rt.ingest.ask(Save(content="The staging cluster is recreated every Sunday night.",
                                 provenance=PROV))
        with anyio.fail_after(60):
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.1)  # the embedder runs while the inbox is idle


def gated_runtime(home: Path) -> tuple[Runtime, GatedEmbedder]:
    rt = Runtime(home, background_consolidation=False)
    embedder = GatedEmbedder()
    rt.navigation.vectors = VectorIndex(rt.layout, embedder)  # kept by the actor's start
    return rt, embedder


async def wait_loading(embedder: GatedEmbedder) -> None:
    with anyio.fail_after(30):
        while not embedder.loading.is_set():
            await anyio.sleep(0.01)


async def test_a_search_while_the_vectors_load_answers_from_the_words(tmp_path: Path) -> None:
    await store_with_vectors(tmp_path)
    rt, embedder = gated_runtime(tmp_path)
    async with rt:
        rt.navigation.vectors_wait_s = 0.2  # a bounded wait, as the MCP server sets it
        await wait_loading(embedder)
        with anyio.fail_after(30):  # it must not wait for the held load
            found = await rt.navigation.ask(Search(query="Misu sofa"))
            assert found.status == "FOUND" and "Misu" in found.hits[0].text
            saved = await rt.ingest.ask(Save(content="The deploy window moved to Thursday.",
                                             provenance=PROV))
            fresh = await rt.navigation.ask(Search(query="deploy window Thursday"))
            assert fresh.hits and fresh.hits[0].leaf_id == saved.leaf_ids[0]
            stats = await rt.navigation.ask(Stats())
        assert stats["embedding"]["embedded"] == 0 and stats["embedding"]["pending"] == 3
        assert embedder.encoded == []  # no query was embedded: words only
        embedder.gate.set()
        with anyio.fail_after(60):
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.1)
        found = await rt.navigation.ask(Search(query="kitten sofa"))
        assert "kitten sofa" in embedder.encoded
        assert found.status == "FOUND" and "Misu" in found.hits[0].text


async def test_a_search_answered_before_the_load_does_not_claim_a_comparison_by_meaning(
        tmp_path: Path) -> None:
    await store_with_vectors(tmp_path)
    rt, embedder = gated_runtime(tmp_path)
    async with rt:
        rt.navigation.vectors_wait_s = 0.05
        await wait_loading(embedder)
        result = await rt.navigation.ask(Search(query="What is the quokka's favourite snack?"))
        embedder.gate.set()
    assert result.status == "NONE" and not result.trace.meaning_compared
    sentence = render_none(result)
    assert "or its meaning" not in sentence
    assert "not compared by meaning" in sentence and "ask again" in sentence


@pytest.mark.parametrize("wait_s", [None, 60.0])
async def test_a_search_during_the_load_waits_for_it_and_compares_by_meaning(
        tmp_path: Path, wait_s: float | None) -> None:
    """A one-shot caller (None) waits until the load ends; a server (a bound, as the MCP
    server sets it) waits too: started for one question it answered from the words alone and
    said "no stored memory matches its words or its meaning" of a paraphrase it found a
    second later."""
    await store_with_vectors(tmp_path)
    rt, embedder = gated_runtime(tmp_path)
    async with rt:
        rt.navigation.vectors_wait_s = wait_s
        await wait_loading(embedder)
        result: list[Any] = []

        async def ask() -> None:
            result.append(await rt.navigation.ask(Search(query="kitten sofa")))

        async with anyio.create_task_group() as tg:
            tg.start_soon(ask)
            await anyio.sleep(0.3)
            assert not result, "the search waits for the load"
            embedder.gate.set()
        assert "kitten sofa" in embedder.encoded  # searched with the vectors
        assert result[0].status == "FOUND" and "Misu" in result[0].hits[0].text
        assert result[0].trace.meaning_compared


async def test_a_failed_load_leaves_searches_lexical(tmp_path: Path) -> None:
    await store_with_vectors(tmp_path)
    rt, embedder = gated_runtime(tmp_path)
    embedder.gate.set()

    def broken() -> Any:
        raise OSError("weights unreadable")

    embedder.load = broken  # type: ignore[method-assign]
    async with rt:
        with anyio.fail_after(30):
            found = await rt.navigation.ask(Search(query="Misu sofa"))
        assert found.status == "FOUND" and "Misu" in found.hits[0].text
        assert embedder.encoded == []


async def test_one_shot_stats_count_the_stored_vectors(tmp_path: Path) -> None:
    """``ihmt-async stats`` starts, asks once and stops: it waits for the load, so what it
    reports embedded is what is stored, not zero."""
    await store_with_vectors(tmp_path)
    rt, embedder = gated_runtime(tmp_path)
    async with rt:
        await wait_loading(embedder)
        result: list[Any] = []

        async def ask() -> None:
            result.append(await rt.navigation.ask(Stats()))

        async with anyio.create_task_group() as tg:
            tg.start_soon(ask)
            embedder.gate.set()
        assert result[0]["embedding"]["embedded"] == 2
        assert result[0]["embedding"]["pending"] == 0


async def test_a_server_loads_the_model_in_its_first_idle_second_even_on_an_empty_store(
        tmp_path: Path) -> None:
    """Loaded only by the first embedding, the model missed the searches made just after the
    first saves: they answered from the words alone, with no closest memories offered."""
    async with Runtime(tmp_path) as rt:
        rt.navigation.vectors_wait_s = 0.2  # a bounded wait, as the MCP server sets it
        with anyio.fail_after(60):
            while not rt.navigation.vectors.embedder.loaded:
                await anyio.sleep(0.05)
        saved = await rt.ingest.ask(Save(content="We finally brought home a golden retriever "
                                                 "puppy called Kiwi.", provenance=PROV))
        found = await rt.navigation.ask(Search(query="What kind of pet did the user get?"))
        shown = [h.leaf_id for h in found.hits + found.nearest]
        assert saved.leaf_ids[0] in shown


async def test_a_search_right_after_the_first_saves_waits_for_the_model(tmp_path: Path) -> None:
    """A new store has no vector at start, so its model is loaded in the server's first idle
    second: a search before that, right after the first saves, waits for it (at most the
    bound) and compares the memories just saved by meaning in that very search. It answered
    "not compared by meaning (the model is still loading)" and offered no closest memory."""
    rt, embedder = gated_runtime(tmp_path)
    async with rt:
        rt.navigation.vectors_wait_s = 30.0  # a bounded wait, as the MCP server sets it
        saved = await rt.ingest.ask(Save(content="We finally brought home a golden retriever "
                                                 "puppy called Kiwi.", provenance=PROV))
        result: list[Any] = []

        async def ask() -> None:
            result.append(await rt.navigation.ask(Search(query="What kind of pet did we get?")))

        async with anyio.create_task_group() as tg:
            tg.start_soon(ask)
            await wait_loading(embedder)
            await anyio.sleep(0.3)
            assert not result, "the search waits for the model"
            embedder.gate.set()
        assert result[0].trace.meaning_compared
        assert saved.leaf_ids[0] in [h.leaf_id for h in result[0].hits + result[0].nearest]
