from __future__ import annotations

import pytest

from actors.navigation.confidence import (
    Candidate,
    ClueRequest,
    apply_clue,
    clue_request,
    collapse_corrections,
    confidence,
)
from actors.navigation.query import parse_query
from actors.navigation.stem import stem


def cand(
    id: str, score: float, matched: set[str], branch: str | None = "n1", sup: str | None = None
) -> Candidate:
    # Matched terms are what the scorers produce: stemmed, like the query's terms.
    return Candidate(id, score, frozenset(stem(t) for t in matched), branch, superseded_by=sup)


# ------------------------------------------------------------------ confidence math


def test_confidence_is_weighted_coverage_and_margin() -> None:
    q = parse_query("deploy staging cluster kubernetes")
    ranked = [cand("a", 10.0, {"deploy", "staging", "cluster"}), cand("b", 6.0, {"deploy"})]
    assert confidence(q, ranked) == pytest.approx(0.6 * 3 / 4 + 0.4 * 0.4)


def test_confidence_single_candidate_has_full_margin() -> None:
    q = parse_query("redis timeout")
    assert confidence(q, [cand("a", 2.0, {"redis"})]) == pytest.approx(0.6 * 0.5 + 0.4)
    assert confidence(q, [cand("a", 2.0, {"redis", "timeout"})]) == pytest.approx(1.0)


def test_confidence_coverage_counts_only_query_terms_not_clue_terms() -> None:
    q = parse_query("luis", clue="madrid")
    assert confidence(q, [cand("a", 1.0, {"madrid"})]) == pytest.approx(0.4)
    assert confidence(q, [cand("a", 1.0, {"luis"})]) == pytest.approx(1.0)


def test_confidence_edge_cases() -> None:
    q = parse_query("gato")
    assert confidence(q, []) == 0.0
    assert confidence(q, [cand("a", 0.0, {"gato"}), cand("b", 0.0, {"gato"})]) == pytest.approx(0.6)
    # Unsorted input is ranked first: the best is b.
    unsorted = [cand("a", 1.0, set()), cand("b", 4.0, {"gato"})]
    assert confidence(q, unsorted) == pytest.approx(0.6 + 0.4 * 0.75)


# ------------------------------------------------------------------ clue requests


def three_luis() -> list[Candidate]:
    return [
        cand("luis-brother", 5.0, {"luis", "madrid"}, branch="family"),
        cand("luis-colleague", 4.8, {"luis", "inventoryservice", "inventory", "service"},
             branch="work"),
        cand("luis-landlord", 4.6, {"luis", "lavapies"}, branch="home"),
    ]


def test_three_luis_in_different_branches_is_ambiguous() -> None:
    request = clue_request(parse_query("luis"), three_luis())
    assert isinstance(request, ClueRequest)
    assert [c.id for c in request.candidates] == ["luis-brother", "luis-colleague", "luis-landlord"]
    assert request.reason == "3 memories match 'luis' almost equally"


def test_clue_narrows_to_one() -> None:
    q = parse_query("luis", clue="the one on InventoryService")
    reranked = apply_clue(q, three_luis())
    assert reranked[0].id == "luis-colleague"
    assert reranked[0].score == pytest.approx(4.8 * 1.5)
    assert [c.score for c in reranked[1:]] == pytest.approx([2.5, 2.3])
    assert clue_request(q, reranked) is None


def test_clue_matching_several_keeps_them_ambiguous() -> None:
    q = parse_query("luis", clue="Madrid")
    both = [
        cand("a", 5.0, {"luis", "madrid"}, branch="family"),
        cand("b", 4.9, {"luis", "madrid"}, branch="work"),
    ]
    request = clue_request(q, apply_clue(q, both))
    assert request is not None and len(request.candidates) == 2


def test_memory_and_its_correction_near_tied_is_not_ambiguous() -> None:
    q = parse_query("where do I live")
    old = cand("live-2024", 3.0, {"live"}, branch="home-2024", sup="live-2026")
    new = cand("live-2026", 2.9, {"live"}, branch="home-2026")
    assert clue_request(q, [old, new]) is None
    assert clue_request(q, [new, old]) is None
    # Without the correction link the same pair is a genuine ambiguity.
    plain = [cand("live-2024", 3.0, {"live"}, "home-2024"), new]
    assert clue_request(q, plain) is not None


def test_correction_chain_collapses_to_latest_but_real_rival_remains() -> None:
    a = cand("a", 3.0, {"piso"}, "b1", sup="b")
    b = cand("b", 2.95, {"piso"}, "b2", sup="c")
    c = cand("c", 2.9, {"piso"}, "b3")
    rival = cand("r", 2.85, {"piso"}, "b4")
    assert [x.id for x in collapse_corrections([a, b, c])] == ["c"]
    q = parse_query("piso")
    assert clue_request(q, [a, b, c]) is None
    request = clue_request(q, [a, b, c, rival])
    assert request is not None and [x.id for x in request.candidates] == ["c", "r"]


def test_single_clear_winner_is_answered() -> None:
    q = parse_query("luis")
    ranked = [cand("a", 9.0, {"luis"}, "x"), cand("b", 3.0, {"luis"}, "y")]
    assert clue_request(q, ranked) is None


def test_single_weak_candidate_is_a_weak_answer_not_ambiguity() -> None:
    q = parse_query("redis failover", clue="runbook")
    weak = [cand("a", 0.4, {"runbook"})]  # matches the clue only: coverage 0
    assert confidence(q, weak) == pytest.approx(0.4)
    assert clue_request(q, weak) is None
    assert clue_request(q, []) is None


def test_near_tie_in_same_branch_of_long_query_is_not_ambiguous() -> None:
    q = parse_query("postgres vacuum autovacuum settings")
    ranked = [
        cand("a", 5.0, {"postgres", "vacuum", "autovacuum", "settings"}, "db"),
        cand("b", 4.9, {"postgres", "vacuum", "autovacuum"}, "db"),
    ]
    assert clue_request(q, ranked) is None
    # ... but for a two-term query the same near-tie asks for a clue.
    short = parse_query("postgres vacuum")
    assert clue_request(short, ranked) is not None


def test_low_confidence_with_rivals_asks_with_reason() -> None:
    q = parse_query("redis cluster failover runbook")
    ranked = [cand("a", 2.0, {"redis"}, "x"), cand("b", 1.7, {"redis"}, "x")]
    # coverage 0.25, margin 0.15 -> 0.15 + 0.06 = 0.21
    request = clue_request(q, ranked)
    assert request is not None
    assert request.reason == "low confidence (0.21)"
    assert [c.id for c in request.candidates] == ["a", "b"]
    assert clue_request(q, ranked, threshold=0.2) is None


def test_low_confidence_with_a_clear_winner_answers() -> None:
    q = parse_query("redis cluster failover runbook")
    # margin 0.2: beyond the tie margin (0.18), the best one is the answer however weak (the
    # reply shows the second anyway): low confidence alone is no reason to ask for a clue
    ranked = [cand("a", 2.0, {"redis"}, "x"), cand("b", 1.6, {"redis"}, "x")]
    assert clue_request(q, ranked) is None
    assert clue_request(q, [cand("a", 2.0, {"redis"}, "x"), cand("b", 1.66, {"redis"}, "x")])


def test_low_confidence_rival_lacking_a_word_of_the_best_is_no_tie() -> None:
    q = parse_query("redis cluster failover runbook")
    ranked = [cand("a", 2.0, {"redis", "runbook"}, "x"), cand("b", 1.9, {"redis"}, "x")]
    assert clue_request(q, ranked) is None
    ranked = [cand("a", 2.0, {"redis", "runbook"}, "x"), cand("b", 1.9, {"redis", "runbook"}, "x")]
    assert clue_request(q, ranked) is not None


def _sim(c: Candidate, similarity: float | None) -> Candidate:
    return Candidate(c.id, c.score, c.matched, c.branch, c.superseded_by, similarity)


def test_a_clear_lead_in_meaning_breaks_a_word_tie() -> None:
    # MEANING_LEAD (0.005): a keyword look-alike the best leads by 0.005 cosine is not a rival
    q = parse_query("redis cluster failover runbook")
    terms = set(q.query_terms[:1])
    a, b = cand("a", 10.0, terms, "x"), cand("b", 9.9, terms, "y")
    assert clue_request(q, [_sim(a, 0.32), _sim(b, 0.315)]) is None
    assert clue_request(q, [_sim(a, 0.32), _sim(b, 0.317)]) is not None
    # the rival closer in meaning is still a tie, and unmeasured similarity decides nothing
    assert clue_request(q, [_sim(a, 0.40), _sim(b, 0.60)]) is not None
    assert clue_request(q, [_sim(a, 0.62), _sim(b, None)]) is not None


def test_margin_parameter_controls_near_tie() -> None:
    q = parse_query("luis")
    ranked = [cand("a", 10.0, {"luis"}, "x"), cand("b", 7.5, {"luis"}, "y")]
    assert clue_request(q, ranked) is None  # 7.5 < 10 * 0.82
    assert clue_request(q, ranked, margin=0.3) is not None


def test_apply_clue_without_clue_only_sorts() -> None:
    q = parse_query("luis")
    ranked = [cand("a", 1.0, {"luis"}), cand("b", 2.0, {"luis"})]
    assert [c.id for c in apply_clue(q, ranked)] == ["b", "a"]
    assert [c.score for c in apply_clue(q, ranked)] == [2.0, 1.0]


def test_apply_clue_damps_candidates_missing_the_query_group() -> None:
    q = parse_query("luis", clue="lavapies")
    ranked = [cand("only-clue", 3.0, {"lavapies"}), cand("both", 2.5, {"luis", "lavapies"})]
    out = apply_clue(q, ranked)
    assert [c.id for c in out] == ["both", "only-clue"]
    assert [c.score for c in out] == pytest.approx([3.75, 1.5])


def test_a_one_or_two_word_query_ignores_meaning_leads() -> None:
    # "Luis": every memory about Luis is a candidate, whatever its vector's similarity
    q = parse_query("luis")
    a, b = cand("a", 10.0, {"luis"}, "x"), cand("b", 9.9, {"luis"}, "y")
    assert clue_request(q, [_sim(a, 0.70), _sim(b, 0.30)]) is not None


def test_a_phrased_two_word_question_lets_meaning_lead() -> None:
    # Query.short: two bare keywords are a short query (every holder is an equal candidate),
    # a question phrased around the same two words has a meaning the vectors compare.
    terms = {"sister", "wed"}
    a, b = cand("a", 10.0, {"sister"}, "x"), cand("b", 10.0, {"sister"}, "y")
    bare = parse_query("sister wedding")
    phrased = parse_query("Where is the user's sister's wedding?")
    assert set(bare.query_terms) == set(phrased.query_terms) == terms
    assert bare.short and not phrased.short
    assert clue_request(bare, [_sim(a, 0.45), _sim(b, 0.37)]) is not None
    assert clue_request(phrased, [_sim(a, 0.45), _sim(b, 0.37)]) is None
    assert parse_query("what do you know about Luis").short  # one term: short however phrased


def test_a_tie_of_memories_holding_none_of_the_question_s_words_asks_no_clue() -> None:
    # found by meaning alone, they are weak guesses, not stories a clue tells apart ("What is
    # the name of the user's physiotherapist?": "Booked a physio, Anouk Visser" and a
    # stretching routine, asked for a clue at confidence 0.03)
    q = parse_query("physiotherapist appointment")
    ranked = [cand("a", 1.0, set(), "n1"), cand("b", 0.99, set(), "n2")]
    assert clue_request(q, ranked) is None
    worded = [cand("a", 1.0, {"appointment"}, "n1"), cand("b", 0.99, {"appointment"}, "n2")]
    assert clue_request(q, worded) is not None


def test_a_rival_without_the_asked_kind_of_answer_is_no_tie() -> None:
    # "What neighborhood do I live in?": the best names a place, the near-tied rival none
    q = parse_query("What neighborhood do I live in?")
    place = Candidate("sister", 11.9, frozenset({"liv"}), "a", answers=True)
    none = Candidate("lease", 11.8, frozenset({"liv"}), "b", answers=False)
    assert clue_request(q, [place, none]) is None
    # two memories each naming a place are a real tie between two stories
    other = Candidate("moved", 11.8, frozenset({"liv"}), "b", answers=True)
    assert isinstance(clue_request(q, [place, other]), ClueRequest)
    # a rival that answers where the best does not is still a tie: the best keeps no claim
    first = Candidate("lease", 12.0, frozenset({"liv"}), "b", answers=False)
    assert isinstance(clue_request(q, [first, place]), ClueRequest)


def test_a_best_holding_one_common_word_of_the_question_asks_no_clue() -> None:
    q = parse_query("What was my finishing time in the gravel race?")
    weak = [Candidate("novel-a", 30.1, frozenset({"finish"}), "a", coverage=0.21),
            Candidate("novel-b", 28.7, frozenset({"finish"}), "b", coverage=0.21)]
    assert clue_request(q, weak) is None
    held = [Candidate("race-a", 30.1, frozenset({"finish", "gravel"}), "a", coverage=0.54),
            Candidate("race-b", 28.7, frozenset({"finish", "gravel"}), "b", coverage=0.54)]
    assert isinstance(clue_request(q, held), ClueRequest)
