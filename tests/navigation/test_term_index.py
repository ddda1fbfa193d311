from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actors.navigation import term_index
from actors.navigation.bm25 import Descriptor, score_descriptors
from actors.navigation.query import parse_query
from actors.navigation.term_index import TermIndex

WORDS = ["redis", "caché", "Lavapiés", "InventoryService", "deploy", "luis", "gato", "piso",
         "timeout", "docker", "madrid", "python"]

field_text = st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)
fields_st = st.fixed_dictionaries(
    {"title": field_text, "body": field_text},
    optional={"keywords": st.lists(st.sampled_from(WORDS), max_size=3),
              "tags": st.lists(st.sampled_from(["type:code", "type:prose", "date:2024-03-11"]),
                               max_size=2)},
)
doc_ids = st.sampled_from([f"leaf-{i}" for i in range(8)])
ops = st.lists(
    st.one_of(st.tuples(st.just("add"), doc_ids, fields_st), st.tuples(st.just("remove"), doc_ids)),
    max_size=25,
)
queries = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4).map(" ".join)


def state(index: TermIndex) -> tuple[object, ...]:
    vocab = index.vocabulary()
    return (
        len(index),
        index.total_length,
        {t: dict(index.postings(t)) for t in vocab},
        {t: index.doc_freq(t) for t in vocab},
    )


@settings(max_examples=150, deadline=None)
@given(ops)
def test_any_add_remove_sequence_equals_fresh_build(seq: list[tuple]) -> None:
    index = TermIndex()
    alive: dict[str, dict] = {}
    for op in seq:
        if op[0] == "add":
            index.add(op[1], op[2])
            alive[op[1]] = op[2]
        else:
            assert index.remove(op[1]) == (op[1] in alive)
            alive.pop(op[1], None)
    fresh = TermIndex()
    for doc_id, fields in alive.items():
        fresh.add(doc_id, fields)
    assert state(index) == state(fresh)
    assert all(d in index for d in alive) and len(index) == len(alive)
    assert all(index.doc_length(d) == fresh.doc_length(d) for d in alive)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(doc_ids, fields_st, min_size=1), queries)
def test_search_equals_brute_force_bm25(corpus: dict[str, dict], text: str) -> None:
    index = TermIndex()
    for doc_id, fields in corpus.items():
        index.add(doc_id, fields)
    q = parse_query(text)
    got = index.search(q, limit=100)
    expected = score_descriptors(q, [Descriptor(d, f) for d, f in corpus.items()])
    assert {d: m for d, _, m in got} == {d: m for d, _, m in expected}
    exp_scores = {d: s for d, s, _ in expected}
    for d, s, _ in got:
        assert s == pytest.approx(exp_scores[d], rel=1e-9)
    assert [s for _, s, _ in got] == sorted((s for _, s, _ in got), reverse=True)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(doc_ids, fields_st, min_size=1), queries, st.integers(1, 4),
       st.sets(doc_ids))
def test_limit_and_allowed_keep_the_best_allowed(
    corpus: dict[str, dict], text: str, limit: int, banned: set[str]
) -> None:
    index = TermIndex()
    for doc_id, fields in corpus.items():
        index.add(doc_id, fields)
    q = parse_query(text)
    full = [r for r in index.search(q, limit=100) if r[0] not in banned]
    got = index.search(q, limit=limit, allowed=lambda d: d not in banned)
    assert got == full[:limit]


skewed_word = st.sampled_from(["code"] * 8 + ["type"] * 4 + WORDS)
skewed_doc = st.fixed_dictionaries(
    {"title": st.lists(skewed_word, max_size=3).map(" ".join),
     "body": st.lists(skewed_word, min_size=1, max_size=8).map(" ".join)}
)


@settings(max_examples=150, deadline=None)
@given(st.lists(skewed_doc, min_size=1, max_size=30),
       st.lists(st.sampled_from(["code", "type", "code", *WORDS]), min_size=1, max_size=4),
       st.integers(1, 3), st.sets(st.integers(0, 29)))
def test_pruned_search_equals_brute_force_top_k(
    docs: list[dict], words: list[str], limit: int, banned: set[int]
) -> None:
    """Skewed corpora (a term in almost every doc) exercise the MaxScore early exit."""
    index = TermIndex()
    for n, fields in enumerate(docs):
        index.add(f"d{n:02d}", fields)
    q = parse_query(" ".join(words))
    ok = {f"d{n:02d}" for n in range(len(docs)) if n not in banned}
    brute = score_descriptors(q, [Descriptor(f"d{n:02d}", f) for n, f in enumerate(docs)])
    expected = sorted((r for r in brute if r[0] in ok), key=lambda r: (-r[1], r[0]))[:limit]
    got = index.search(q, limit=limit, allowed=ok.__contains__)
    # Equal scores may come out of the two summations a few ulps apart, so documents tied at
    # the cut may swap: compare each returned document's brute-force score with the score
    # expected at its rank, instead of the ids themselves.
    brute_score = {r[0]: r[1] for r in brute}
    brute_matched = {r[0]: r[2] for r in brute}
    assert len(got) == len(expected)
    assert all(r[0] in ok for r in got)
    assert [brute_score[r[0]] for r in got] == pytest.approx([r[1] for r in expected],
                                                             rel=1e-9)
    assert [r[2] for r in got] == [brute_matched[r[0]] for r in got]
    assert [r[1] for r in got] == pytest.approx([r[1] for r in expected], rel=1e-9)


def test_search_basics_folding_and_tie_order() -> None:
    index = TermIndex()
    index.add("b", {"title": "Piso en Lavapiés", "body": "alquiler del piso"})
    index.add("a", {"title": "InventoryService retries", "tags": ["type:code"]})
    index.add("c", {"body": "InventoryService retries"})
    assert [r[0] for r in index.search(parse_query("lavapies"))] == ["b"]
    r = index.search(parse_query("inventory service"))
    assert [x[0] for x in r] == ["a", "c"]  # title x3 beats body
    assert r[0][2] == frozenset(parse_query("inventory service").terms)
    index.add("d", {"body": "InventoryService retries"})
    assert [x[0] for x in index.search(parse_query("retries"))][1:] == ["c", "d"]
    assert index.search(parse_query("nothing here")) == []
    assert index.search(parse_query("retries"), limit=0) == []


def test_replace_remove_and_counts() -> None:
    index = TermIndex()
    index.add("x", {"title": "old gato"})
    index.add("y", {"body": "gato negro"})
    assert index.doc_freq("gato") == 2 and index.doc_freq("old") == 1
    index.add("x", {"title": "new perro"})
    assert index.doc_freq("old") == 0 and index.doc_freq("gato") == 1 and len(index) == 2
    assert index.docs_containing_any(["gato", "perro", "absent"]) == 2
    assert index.docs_containing_any(["perro"]) == 1 and index.docs_containing_any([]) == 0
    assert index.remove("x") and not index.remove("x")
    assert "x" not in index and "y" in index and len(index) == 1
    assert index.total_length == index.doc_length("y") == 2.0
    index.clear()
    assert len(index) == 0 and index.total_length == 0 and index.vocabulary() == frozenset()


def test_empty_index_search() -> None:
    assert TermIndex().search(parse_query("anything")) == []


def _common_corpus(monkeypatch: pytest.MonkeyPatch) -> tuple[TermIndex, dict[str, dict]]:
    """Every document holds "service"; a few hold rarer words; the scan cap is made small."""
    monkeypatch.setattr(term_index, "SCAN_CAP", 20)
    corpus: dict[str, dict] = {}
    for n in range(200):
        body = "service " * (1 + n % 5) + ("billing " if n % 17 == 0 else "") \
            + ("quokka" if n == 123 else "") + f" filler{n % 9}"
        corpus[f"d{n:03d}"] = {"body": body}
    index = TermIndex()
    for doc_id, fields in corpus.items():
        index.add(doc_id, fields)
    return index, corpus


def test_capped_common_term_is_exact_for_documents_a_rarer_term_found(
        monkeypatch: pytest.MonkeyPatch) -> None:
    index, corpus = _common_corpus(monkeypatch)
    for text in ("billing service", "quokka service", "service billing filler3"):
        q = parse_query(text)
        expected = score_descriptors(q, [Descriptor(d, f) for d, f in corpus.items()])
        uncapped = {t for t in q.terms if index.doc_freq(t) <= term_index.SCAN_CAP}
        rare = {d for d, _, m in expected if m & uncapped}
        assert rare
        got = {d: s for d, s, _ in index.search(q, limit=500)}
        for d, s, _ in expected:
            if d in rare:
                assert got[d] == pytest.approx(s, rel=1e-9)
    # The rare word's document leads, whatever the cap.
    assert index.search(parse_query("quokka service"))[0][0] == "d123"


def test_capped_common_term_alone_returns_its_strongest_documents(
        monkeypatch: pytest.MonkeyPatch) -> None:
    index, corpus = _common_corpus(monkeypatch)
    q = parse_query("service")
    expected = score_descriptors(q, [Descriptor(d, f) for d, f in corpus.items()])
    got = index.search(q, limit=5)
    assert [s for _, s, _ in got] == pytest.approx([s for _, s, _ in expected[:5]])
    # Documents added after the impact order was computed are still seen.
    index.add("late", {"body": "service service service service service"})
    assert "late" in {d for d, _, _ in index.search(q, limit=50)}
    index.remove("late")
    assert "late" not in {d for d, _, _ in index.search(q, limit=50)}
