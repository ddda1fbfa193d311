from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actors.navigation.bm25 import (
    FIELD_WEIGHTS,
    K1,
    B,
    Descriptor,
    field_terms,
    score_descriptors,
    weighted_terms,
)
from actors.navigation.query import parse_query
from actors.navigation.stem import stem
from actors.text import terms


def stems(*words: str) -> frozenset[str]:
    return frozenset(stem(w) for w in words)


def ids(results: list[tuple[str, float, frozenset[str]]]) -> list[str]:
    return [r[0] for r in results]


def test_constants() -> None:
    assert FIELD_WEIGHTS["title"] == 3.0 and FIELD_WEIGHTS["keywords"] == 3.0
    assert FIELD_WEIGHTS["tags"] == 2.0 and FIELD_WEIGHTS["excerpt"] == 1.0
    assert (K1, B) == (1.5, 0.75)


def test_title_match_beats_body_only_match() -> None:
    docs = [
        Descriptor("body", {"title": "Weekly notes", "excerpt": "we talked about the kettle"}),
        Descriptor("title", {"title": "Kettle repair", "excerpt": "we talked about the weather"}),
    ]
    result = score_descriptors(parse_query("kettle"), docs)
    assert ids(result) == ["title", "body"]
    assert result[0][1] > result[1][1] > 0


def test_weighted_terms_counts_fields_and_length() -> None:
    counts, length = weighted_terms(
        {"title": "Deploy script", "keywords": ["deploy"], "tags": ["release-tools"],
         "body": "deploy"}
    )
    assert counts[stem("deploy")] == 3 + 3 + 1
    assert counts[stem("script")] == 3
    assert counts[stem("release")] == 2 and counts[stem("tools")] == 2
    assert length == 3 * 2 + 3 + 2 * 2 + 1


def test_filing_tags_are_not_terms_but_a_code_language_is() -> None:
    # held by every memory, "entry", "type:code" or "date:..." would match the whole store
    counts, _ = weighted_terms({"tags": ["entry", "type:code", "domain:software", "lang:en",
                                         "date:2026-04-02", "source:claude-code",
                                         "language:python", "billing"]})
    assert set(counts) == {stem("python"), stem("billing")}


def test_score_matches_hand_computed_bm25() -> None:
    docs = [
        Descriptor("a", {"title": "redis cache"}),  # tf(redis)=3, len=6
        Descriptor("b", {"excerpt": "postgres tuning notes"}),  # len=3
    ]
    [(doc_id, score, matched)] = score_descriptors(parse_query("redis"), docs)
    n, df, avgdl = 2, 1, (6 + 3) / 2
    idf = math.log(1 + (n - df + 0.5) / (df + 0.5))
    expected = idf * 3 * (K1 + 1) / (3 + K1 * (1 - B + B * 6 / avgdl))
    assert doc_id == "a" and matched == frozenset({"redis"})
    assert score == pytest.approx(expected)


def test_repetition_saturates() -> None:
    filler = "alpha beta gamma delta epsilon zeta eta theta"
    docs = [
        Descriptor(f"d{i}", {"body": " ".join(["cache"] * i) + " " + filler})
        for i in (1, 2, 4, 8, 16, 64)
    ]
    docs.append(Descriptor("none", {"body": filler}))
    scores = {d: s for d, s, _ in score_descriptors(parse_query("cache"), docs)}
    seq = [scores[f"d{i}"] for i in (1, 2, 4, 8, 16, 64)]
    gains = [b - a for a, b in itertools.pairwise(seq)]
    assert seq[1] > seq[0]
    # Doubling the repetitions never doubles the score, and the ceiling is idf * (k1 + 1).
    assert all(b < 2 * a for a, b in itertools.pairwise(seq))
    assert gains[-1] < gains[0]
    n, df = len(docs), 6
    ceiling = math.log(1 + (n - df + 0.5) / (df + 0.5)) * (K1 + 1)
    assert max(seq) < ceiling


def test_length_normalisation_prefers_shorter_doc() -> None:
    docs = [
        Descriptor("short", {"body": "vacuum the sqlite database"}),
        Descriptor("long", {"body": "vacuum " + " ".join(f"word{i}" for i in range(60))}),
    ]
    assert ids(score_descriptors(parse_query("vacuum"), docs)) == ["short", "long"]


def test_document_frequency_is_over_the_given_siblings() -> None:
    target = Descriptor("t", {"title": "docker compose", "excerpt": "networks"})
    rare = [target, Descriptor("x", {"title": "kubernetes"}), Descriptor("y", {"title": "helm"})]
    common = [
        target, Descriptor("x", {"title": "docker swarm"}), Descriptor("y", {"title": "docker"})
    ]
    q = parse_query("docker")
    s_rare = dict((d, s) for d, s, _ in score_descriptors(q, rare))["t"]
    s_common = dict((d, s) for d, s, _ in score_descriptors(q, common))["t"]
    assert s_rare > s_common  # the same child scores higher where the term is rarer


def test_rare_term_outweighs_common_term() -> None:
    docs = [
        Descriptor("a", {"title": "python packaging"}),
        Descriptor("b", {"title": "python uv lockfile"}),
        Descriptor("c", {"title": "python typing"}),
    ]
    result = score_descriptors(parse_query("python lockfile"), docs)
    assert result[0][0] == "b" and result[0][2] == stems("python", "lockfile")


def test_folding_in_queries_and_fields() -> None:
    docs = [
        Descriptor("svc", {"title": "InventoryService timeouts", "keywords": ["inventoryservice"]}),
        Descriptor("home", {"title": "Piso en Lavapiés", "tags": ["domain:personal"]}),
        Descriptor("other", {"title": "Grocery list"}),
    ]
    r1 = score_descriptors(parse_query("inventory service"), docs)
    assert ids(r1) == ["svc"] and r1[0][2] == stems("inventory", "service")
    assert ids(score_descriptors(parse_query("lavapies"), docs)) == ["home"]
    assert ids(score_descriptors(parse_query("LAVAPIÉS"), docs)) == ["home"]
    assert ids(score_descriptors(parse_query("inventory_service"), docs)) == ["svc"]


def test_tags_are_tokenised_on_colons_and_dashes() -> None:
    docs = [
        Descriptor("pay", {"title": "x", "tags": ["team:payments", "q1-review"]}),
        Descriptor("ops", {"title": "y", "tags": ["team:platform", "q2-planning"]}),
    ]
    assert ids(score_descriptors(parse_query("payments"), docs)) == ["pay"]
    assert ids(score_descriptors(parse_query("review"), docs)) == ["pay"]


def test_no_match_and_empty_inputs() -> None:
    docs = [Descriptor("a", {"title": "alpha"})]
    assert score_descriptors(parse_query("omega"), docs) == []
    assert score_descriptors(parse_query("alpha"), []) == []
    assert score_descriptors(parse_query("   "), docs) == []


def test_ties_keep_input_order() -> None:
    docs = [Descriptor(i, {"title": "same words"}) for i in ("z", "a", "m")]
    assert ids(score_descriptors(parse_query("words"), docs)) == ["z", "a", "m"]



_texty = st.text(
    alphabet=st.sampled_from(list("aábcdeéfgñoöuüxyzAÉHTPSIV_019 :-.\n¿?")), max_size=60
)


@settings(max_examples=200, deadline=None)
@given(_texty, st.lists(_texty, max_size=4))
def test_memoised_field_terms_equal_text_terms(text: str, items: list[str]) -> None:
    assert field_terms(text) == [stem(t) for t in terms(text)]
    assert field_terms(items) == [stem(t) for item in items for t in terms(item)]
