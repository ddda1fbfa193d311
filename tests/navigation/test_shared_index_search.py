"""Search over the shared index (committed part + tail) ranks like one exact BM25 index, and the
rules that replaced the in-memory scan cap hold: no common word is cut short, a filtered search
keeps looking until it has enough, and the in-memory index's cap stays far above small stores."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.query import parse_query
from actors.navigation.shared_index import SharedIndex, analyse_fields
from actors.navigation.term_index import TermIndex
from store.fulltext import FulltextIndex
from store.paths import StoreLayout


def body(text: str) -> dict[str, object]:
    return {"title": "", "keywords": [], "tags": [], "body": text}


def corpus() -> dict[str, str]:
    docs = {f"a{i:03d}": f"alpha note{i}" for i in range(60)}
    docs.update({f"b{i:03d}": f"beta remark{i}" for i in range(60)})
    docs.update({f"c{i:03d}": f"alpha beta gamma{i} " + "filler " * (i % 7) for i in range(40)})
    return docs


@pytest.fixture
def layout(tmp_path: Path) -> StoreLayout:
    lay = StoreLayout.at_home(tmp_path / "home")
    lay.ensure()
    return lay


def shared(layout: StoreLayout, committed: dict[str, str], tail: dict[str, str]) -> SharedIndex:
    disk = FulltextIndex(layout)
    disk.commit([analyse_fields(i, body(t), {"path": i}) for i, t in committed.items()], [],
                seq=1)
    index = SharedIndex(disk)
    for n, (doc_id, text) in enumerate(tail.items(), start=2):
        index.add(analyse_fields(doc_id, body(text), {"path": doc_id}), seq=n)
    return index


def test_a_common_word_search_is_the_exact_top_of_every_holder(layout: StoreLayout) -> None:
    docs = corpus()
    index = shared(layout, docs, {})
    query = parse_query("alpha beta")
    exact = index.score_docs(query, list(docs))
    assert len(exact) == 160  # every holder scored: the check below compares real rankings
    got = index.search(query, limit=10)
    assert [d for d, _, _ in got] == [d for d, _, _ in exact[:10]]
    assert all(d.startswith("c") for d, _, _ in got)  # holding both words beats holding one


def test_a_filtered_search_keeps_fetching_until_it_has_enough(layout: StoreLayout) -> None:
    docs = corpus()
    index = shared(layout, docs, {})
    query = parse_query("alpha")
    ranked = [d for d, _, _ in index.score_docs(query, list(docs))]
    wanted = set(ranked[-5:])  # only the five worst holders pass the filter
    got = index.search(query, limit=5, allowed=wanted.__contains__)
    assert {d for d, _, _ in got} == wanted


def test_tail_documents_rank_on_the_committed_scale(layout: StoreLayout) -> None:
    docs = corpus()
    late = {d: docs.pop(d) for d in ("c005", "c017", "a010")}
    split = shared(layout, docs, late)
    query = parse_query("alpha beta gamma17")
    got = split.search(query, limit=3)
    assert got[0][0] == "c017" and got[0][2] == frozenset(query.terms)
    assert split.search(parse_query("gamma5"), limit=1)[0][0] == "c005"
    assert len(split) == len(corpus())
    split.discard("c017", seq=10)
    assert "c017" not in split and "c017" not in {d for d, _, _ in split.search(query)}


def test_a_removed_committed_leaf_is_hidden_before_the_next_commit(layout: StoreLayout) -> None:
    index = shared(layout, corpus(), {})
    index.discard("c003", seq=5)
    assert "c003" not in index
    assert "c003" not in {d for d, _, _ in index.search(parse_query("gamma3 alpha"), limit=50)}
    assert len(index) == len(corpus()) - 1


def test_the_in_memory_scan_cap_keeps_small_stores_exact() -> None:
    # TermIndex (session notes, project views) still seeds a very common word's candidates
    # from its top postings only; below the cap a search must equal exact scoring.
    index = TermIndex()
    docs = corpus()
    for doc_id, text in docs.items():
        index.add(doc_id, body(text))
    query = parse_query("alpha beta")
    exact = index.score_docs(query, list(docs))
    assert index.doc_freq("alpha") == 100
    assert [d for d, _, _ in index.search(query, limit=10)] == [d for d, _, _ in exact[:10]]


def test_an_unreadable_index_is_set_aside_and_recreated(layout: StoreLayout) -> None:
    index = shared(layout, corpus(), {})
    meta = Path(index.disk.path) / "meta.json"
    meta.write_text("{ not json")
    reopened = FulltextIndex(layout)
    assert reopened.rebuilt and reopened.num_docs == 0 and reopened.watermark.seq == 0
    reopened.commit([analyse_fields("x1", body("omega"), {})], [], seq=3)
    assert FulltextIndex(layout).get("x1") is not None


def test_opening_a_store_without_an_index_creates_nothing(layout: StoreLayout) -> None:
    index = FulltextIndex(layout)
    assert index.rebuilt and index.search(["alpha"], 5) == [] and index.get("a") is None
    assert not Path(index.path).exists()


def test_scoring_chosen_ids_gives_the_search_s_own_scores(layout: StoreLayout) -> None:
    """``score_ids`` filters by one term query per id (cheaper than a term-set query at 50k
    memories): the scores are tantivy's own for the query, bit for bit, the same as a
    term-set filter gave, and ids holding no query word are left out."""
    import tantivy

    from store.fulltext import SCHEMA, _any_of, _ids

    docs = corpus()
    index = shared(layout, docs, {})
    terms = parse_query("alpha beta gamma17").terms
    everyone = {stored.doc_id: score for stored, score in index.disk.search(terms, 200)}
    chosen = ["c017", "a003", "b059", "c002", "a003", "nobody"]
    got = index.disk.score_ids(terms, chosen)
    assert {stored.doc_id: score for stored, score in got} == \
        {d: everyone[d] for d in chosen if d in everyone}
    searcher = index.disk._searcher
    assert searcher is not None
    by_set = tantivy.Query.boolean_query([
        (tantivy.Occur.Must, _any_of(terms)),
        (tantivy.Occur.Must, tantivy.Query.const_score_query(
            tantivy.Query.term_set_query(SCHEMA, "id", chosen), 0.0))])
    assert [(a.doc, s) for s, a in searcher.search(by_set, 10, count=False).hits] == \
        [(a.doc, s) for s, a in searcher.search(tantivy.Query.boolean_query([
            (tantivy.Occur.Must, _any_of(terms)),
            (tantivy.Occur.Must, tantivy.Query.const_score_query(
                _ids(chosen), 0.0))]),
            10, count=False).hits]
