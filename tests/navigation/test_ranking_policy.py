"""The ranking policy, rule by rule: each named tunable of ``actors.navigation.ranking`` has a
test here that fails when the tunable is changed or removed (numbers chosen on both sides of
each threshold)."""

from __future__ import annotations

import dataclasses

import pytest

from actors.navigation import ranking
from actors.navigation.ranking import Evidence, Timeline


def test_coverage_floor_keeps_half_a_score_and_rewards_the_rest() -> None:
    assert ranking.coordinated(10.0, 0.0) == pytest.approx(5.0)
    assert ranking.coordinated(10.0, 1.0) == pytest.approx(10.0)
    # the memory holding the whole question beats a stronger BM25 match holding a third of it
    assert ranking.coordinated(7.0, 1.0) > ranking.coordinated(10.0, 1 / 3)


def test_together_floor_keeps_half_a_long_memory_s_score_and_rewards_its_best_passage() -> None:
    assert ranking.together(10.0, 0.0) == pytest.approx(5.0)
    assert ranking.together(10.0, 1.0) == pytest.approx(10.0)
    # the session holding the question's words in one turn beats a stronger BM25 match
    # holding them twenty turns apart
    assert ranking.together(8.0, 1.0) > ranking.together(10.0, 0.5)
    assert ranking.TOGETHER_POOL == 50


def test_answer_boost_puts_the_fact_answer_first() -> None:
    scores = {"keywords": 10.0, "answer": 2.0}
    ranking.boost_answer(scores, "answer")
    assert scores["answer"] == pytest.approx(16.0)


def _order(scores: dict[str, float], currency: dict[str, str],
           successor: dict[str, str | None], matched: set[str] | None = None
           ) -> list[tuple[str, float]]:
    timeline = Timeline(currency, successor, frozenset(scores if matched is None else matched))
    return ranking.order(scores, timeline, lambda leaf: True)


def test_a_corrected_memory_sinks_below_its_correction_and_near_current_matches() -> None:
    ranked = _order({"old": 10.0, "new": 4.0, "other": 3.6},
                    {"old": "SUPERSEDED", "new": "CURRENT", "other": "CURRENT"},
                    {"old": "new", "new": None, "other": None})
    assert [leaf for leaf, _ in ranked] == ["new", "other", "old"]
    assert dict(ranked)["new"] == pytest.approx(10.0)  # the correction inherits the score
    assert dict(ranked)["old"] == pytest.approx(3.5)


def test_an_unreviewed_value_sinks_below_what_a_person_said() -> None:
    ranked = _order({"tool": 10.0, "person": 3.6}, {"tool": "PENDING", "person": "CURRENT"},
                    {"tool": None, "person": None})
    assert [leaf for leaf, _ in ranked] == ["person", "tool"]
    assert dict(ranked)["tool"] == pytest.approx(3.5)


def test_a_correction_that_matched_nothing_follows_the_memory_the_question_names() -> None:
    # "Lisbon": only the old memory holds the word; its correction is shown right after it.
    ranked = _order({"lisbon": 10.0}, {"lisbon": "SUPERSEDED"}, {"lisbon": "valencia"})
    assert ranked == [("lisbon", 10.0), ("valencia", pytest.approx(9.0))]


def test_a_correction_found_only_by_meaning_follows_the_memory_holding_the_words() -> None:
    # "Qvillbkozk": one memory holds the rare word; its correction is merely similar in
    # meaning (a vector candidate). It follows at UNMATCHED_SUCCESSOR_SHARE, never ahead, and
    # the memory holding the word keeps its score.
    ranked = _order({"exact": 10.0, "lookalike": 4.0, "other": 3.0},
                    {"exact": "SUPERSEDED", "lookalike": "CURRENT", "other": "CURRENT"},
                    {"exact": "lookalike", "lookalike": None, "other": None},
                    matched={"exact"})
    assert ranked == [("exact", 10.0), ("lookalike", pytest.approx(9.0)), ("other", 3.0)]


def test_an_unservable_correction_is_not_added() -> None:
    timeline = Timeline({"old": "SUPERSEDED"}, {"old": "gone"}, frozenset({"old"}))
    assert ranking.order({"old": 10.0}, timeline, lambda leaf: False) == [("old", 10.0)]


def test_range_and_identifier_boosts() -> None:
    scores = {"in": 3.0, "out": 5.0, "id": 2.0}
    boosts: dict[str, float] = {}
    ranking.boost_matching(scores, {"in"}, ranking.IN_RANGE_BOOST, boosts)
    ranking.boost_matching(scores, {"id"}, ranking.EXACT_ID_BOOST, boosts)
    assert scores == {"in": pytest.approx(6.0), "out": 5.0, "id": pytest.approx(6.0)}


def test_fusion_adds_a_rank_bonus_and_admits_meaning_only_matches_below_the_best() -> None:
    fused = ranking.fuse({"a": 10.0, "b": 9.0}, {"b": 0.3, "c": 0.25, "weak": 0.19})
    assert fused["b"] == pytest.approx(9.0 + 10.0 * 3.0 * 0.3)  # rank 0: the full bonus
    assert fused["a"] == pytest.approx(10.0)
    assert fused["c"] == pytest.approx(10.0 * 3.0 * 21 / 22 * 0.25)  # rank 1, RRF_K = 20
    assert "weak" not in fused  # below MIN_SIMILARITY (0.2)
    assert ranking.fuse({}, {"a": 0.21}) == {"a": pytest.approx(3.0 * 0.21)}


def test_a_close_meaning_only_match_can_pass_the_best_lexical_score() -> None:
    # VECTOR_WEIGHT (3.0) x similarity: a third of the way to a perfect match is a tie
    fused = ranking.fuse({"a": 1.0}, {"x": 0.35, "y": 0.3})
    assert fused["x"] == pytest.approx(3.0 * 0.35)
    assert fused["x"] > fused["a"] > fused["y"]


def _ev(coverage: float = 0.0, held: int = 0, asked: int = 4, df: int = 500,
        similarity: float = 0.0) -> Evidence:
    words = frozenset(f"w{i}" for i in range(held))
    return Evidence(coverage=coverage, words=words, rarest_df=df if held else 0, asked=asked,
                    similarity=similarity)


def test_abstention_threshold_is_half_the_question_weight() -> None:
    assert ranking.about(_ev(coverage=0.55, held=1), 10_000)
    assert not ranking.about(_ev(coverage=0.45, held=1), 10_000)


def test_two_thirds_of_the_words_are_enough() -> None:
    assert ranking.about(_ev(held=2, asked=3), 10_000)
    assert not ranking.about(_ev(held=2, asked=4), 10_000)
    assert not ranking.about(_ev(held=1, asked=1, df=500), 10_000)  # two words or more


def test_a_specific_word_and_a_third_of_the_question() -> None:
    # 1,000 memories: a word held by at most 10 of them is specific
    assert ranking.about(_ev(held=1, asked=3, df=10), 1_000)
    assert not ranking.about(_ev(held=1, asked=3, df=11), 1_000)
    assert not ranking.about(_ev(held=1, asked=4, df=10), 1_000)
    assert ranking.about(_ev(held=1, asked=3, df=2), 10)  # one or two holders: always specific


def test_a_word_the_crowd_is_about_counts_as_a_specific_word() -> None:
    # "How far did I walk?" among 1,600 memories, 160 of them walks: "walk" is no specific
    # word by its count, but the question's crowd is about it
    walk = dataclasses.replace(_ev(held=1, asked=2, df=160), compared=True, similarity=0.29,
                               crowd=0.26)
    assert not ranking.about(walk, 1_600)
    topical = dataclasses.replace(walk, topic=frozenset({"w0"}))
    assert ranking.about(topical, 1_600)
    # ...as a specific word is: a third of the question, never through a neighbour, and
    # not in a memory far from the question in meaning
    # TOPIC_MISSING (1): a memory lacking two of the question's words is not about it
    # ("What was the root cause of the parking garage flood?" / a bug's root cause)
    assert not ranking.about(dataclasses.replace(topical, asked=3), 1_600)
    assert not ranking.about(dataclasses.replace(topical, near=frozenset({"w0"})), 1_600)
    assert not ranking.about(dataclasses.replace(topical, similarity=0.19), 1_600)


def test_the_crowd_s_topic_is_what_most_of_its_memories_hold() -> None:
    # CROWD_RANK (10) closest, each at least STRONG_SIMILARITY (0.2) close, and a word held
    # by fewer than TOPIC_SHARE (a quarter) of the store
    similar = {f"m{i}": 0.30 - i / 1000 for i in range(12)}
    own = {leaf: frozenset({"walk"}) for leaf in similar}
    counts = {"walk": 160, "meet": 0}
    assert ranking.crowd_topic(similar, own, counts.__getitem__, 1_600) == {"walk"}
    # TOPIC_HOLDERS (0.8): eight of the ten hold it as their own word, not three
    two_out = {**own, "m8": frozenset(), "m9": frozenset()}
    assert ranking.crowd_topic(similar, two_out, counts.__getitem__, 1_600) == {"walk"}
    assert not ranking.crowd_topic(similar, {**two_out, "m7": frozenset()},
                                   counts.__getitem__, 1_600)
    assert ranking.crowd_topic(similar, {**two_out, "m10": frozenset()}, counts.__getitem__,
                               1_600) == {"walk"}  # the eleventh is past the crowd
    assert not ranking.crowd_topic(dict(list(similar.items())[:9]), own, counts.__getitem__,
                                   1_600)
    far = {leaf: min(sim, 0.19) if int(leaf[1:]) >= 9 else sim for leaf, sim in similar.items()}
    assert not ranking.crowd_topic(far, own, counts.__getitem__, 1_600)
    assert ranking.crowd_topic(similar, own, counts.__getitem__, 641) == {"walk"}
    assert not ranking.crowd_topic(similar, own, counts.__getitem__, 640)  # 160 is a quarter
    assert (ranking.CROWD_RANK, ranking.STRONG_SIMILARITY, ranking.TOPIC_HOLDERS,
            ranking.TOPIC_SHARE) == (10, 0.2, 0.8, 0.25)


def test_a_word_held_through_a_neighbour_is_never_specific() -> None:
    # "solar" held as "sun" (one memory holds it): a held word, not a specific one
    near = dataclasses.replace(_ev(held=1, asked=3, df=0), near=frozenset({"w0"}))
    assert not ranking.about(near, 1_000)
    assert ranking.about(_ev(held=1, asked=3, df=1), 1_000)
    # ...but it counts among the words held, and with meaning
    two = dataclasses.replace(_ev(held=2, asked=3, df=50), near=frozenset({"w1"}))
    assert ranking.about(two, 1_000)
    assert ranking.about(dataclasses.replace(near, similarity=0.29), 1_000)


def test_a_specific_word_in_a_memory_far_in_meaning_is_not_enough() -> None:
    # SPECIFIC_MEANING (0.2): measured and further than that, the shared specific word is
    # chance ("cat called" / "a gestor called Paloma"); unmeasured, the word decides
    far = dataclasses.replace(_ev(held=1, asked=3, df=1), compared=True, similarity=0.19)
    assert not ranking.about(far, 1_000)
    assert ranking.about(dataclasses.replace(far, similarity=0.21), 1_000)
    assert ranking.about(dataclasses.replace(far, compared=False), 1_000)


def test_strong_meaning_alone_is_about_the_question() -> None:
    # STRONG_SIMILARITY (0.2), with or without a shared word
    assert ranking.about(_ev(held=0, asked=5, similarity=0.21), 10_000)
    assert not ranking.about(_ev(held=0, asked=5, similarity=0.19), 10_000)
    assert not ranking.about(_ev(held=1, asked=5, similarity=0.19), 10_000)


def test_meaning_alone_must_stand_out_of_the_question_s_crowd() -> None:
    # STANDOUT (0.04) above the crowd (what the CROWD_RANK-th closest memory reaches)
    close = _ev(held=0, asked=5, similarity=0.45)
    assert ranking.about(dataclasses.replace(close, crowd=0.40), 10_000)
    assert not ranking.about(dataclasses.replace(close, crowd=0.42), 10_000)


def test_abstention_looks_at_the_ten_best() -> None:
    weak, good = _ev(held=1), _ev(coverage=0.9, held=3)
    assert not ranking.abstains([weak] * 9 + [good], 10_000)
    assert ranking.abstains([weak] * 10 + [good], 10_000)
    assert ranking.abstains([], 10_000)


def test_nearest_offers_the_closest_above_the_floor() -> None:
    # NEAREST_FLOOR (0.1)
    similar = {"far": 0.09, "a": 0.30, "b": 0.11, "c": 0.22, "d": 0.2, "hidden": 0.40}
    assert ranking.nearest(similar, lambda leaf: leaf != "hidden", str) == ["a", "c", "d"]
    assert ranking.nearest({"b": 0.11, "far": 0.09}, lambda leaf: True, str) == ["b"]
    assert ranking.nearest({}, lambda leaf: True, str) == []


def test_nearest_offers_each_thing_said_once() -> None:
    """"Wait really?" said on three days fills one place, not the three."""
    similar = {"wait1": 0.5, "wait2": 0.45, "wait3": 0.4, "pottery": 0.3, "other": 0.2}
    said = {"wait1": "wait really?", "wait2": "wait really?", "wait3": "wait really?",
            "pottery": "pottery class on tuesdays", "other": "haha"}
    assert ranking.nearest(similar, lambda leaf: True, said.__getitem__) == \
        ["wait1", "pottery", "other"]


def test_meaning_orders_memories_holding_the_same_words() -> None:
    scores = {"short": 4.0, "long": 3.0, "other": 3.5, "fixed": 5.0}
    holds = {"short": frozenset({"sister"}), "long": frozenset({"sister"}),
             "other": frozenset({"sister", "wedding"})}
    ranking.meaning_orders_equals(scores, holds, {"short": 0.2, "long": 0.45, "other": 0.1})
    # the two holding the same words swap scores; the rest keep theirs
    assert scores == {"short": 3.0, "long": 4.0, "other": 3.5, "fixed": 5.0}


def test_equal_scores_go_to_the_closer_in_meaning() -> None:
    timeline = Timeline({}, {}, frozenset(), {"b": 0.4, "a": 0.3})
    ranked = ranking.order({"a": 1.0, "b": 1.0, "c": 1.0}, timeline, lambda leaf: True)
    assert [leaf for leaf, _ in ranked] == ["b", "a", "c"]


def test_restatement_threshold() -> None:
    assert ranking.restated(0.6)
    assert not ranking.restated(0.59)


def test_newer_restatement_moves_ahead() -> None:
    ranked = [("old", 5.0), ("x", 4.0), ("new", 3.0)]
    assert ranking.newer_first(ranked, {"old": "new"}) == [("new", 3.0), ("x", 4.0),
                                                           ("old", 5.0)]
    assert ranking.newer_first(ranked, {"new": "old"}) == ranked


def test_three_words_of_a_long_question_are_about_it() -> None:
    assert ranking.about(_ev(held=3, asked=6), 10_000)
    assert not ranking.about(_ev(held=2, asked=6), 10_000)


def _pair(df_a: int, df_b: int, asked: int = 6) -> Evidence:
    return Evidence(coverage=0.2, words=frozenset({"a", "b"}), rarest_df=min(df_a, df_b),
                    asked=asked, dfs=tuple(sorted((df_a, df_b))))


def test_two_rare_words_together_are_no_chance() -> None:
    # CHANCE_PAIR (0.5): 10 x 20 holders in 1,000 memories meet by chance in 0.2 of a memory
    assert ranking.about(_pair(10, 20), 1_000)
    assert ranking.about(_pair(22, 22), 1_000)  # 484 < 500
    assert not ranking.about(_pair(23, 22), 1_000)  # 506 >= 500
    # the same counts in a store ten times smaller are common words: chance, not evidence
    assert not ranking.about(_pair(10, 20), 100)
    # one held word is never a pair, however rare
    one = Evidence(coverage=0.2, words=frozenset({"a"}), rarest_df=3, asked=6, dfs=(3,))
    assert not ranking.about(one, 1_000)


def test_a_reading_worth_less_keeps_the_better_weighted_match() -> None:
    # a memory matched by the question's own words (score 4, all of it) and by the neighbour
    # reading (raw score 6, weight 0.5 -> 3): the own-word match is kept, at full score
    from actors.navigation.actor import NavigationActor
    from actors.navigation.query import parse_query
    from actors.navigation.readings import Match

    actor = NavigationActor.__new__(NavigationActor)
    actor._coverage = lambda reading, doc, held: 1.0  # type: ignore[method-assign]
    own, near = parse_query("film festival"), parse_query("movie festival")
    best: dict[str, Match] = {}
    actor._take(best, own, [("m", 4.0, frozenset({"film", "festival"}))])
    actor._take(best, near, [("m", 6.0, frozenset({"movie", "festival"}))],
                {"movie": frozenset({"film"})}, ranking.NEIGHBOUR_SHARE)
    assert best["m"].reading is own and best["m"].score == 4.0
    actor._take(best, near, [("m", 10.0, frozenset({"movie", "festival"}))],
                {"movie": frozenset({"film"})}, ranking.NEIGHBOUR_SHARE)
    assert best["m"].reading is near and best["m"].score == 5.0  # worth more even halved


def test_the_closest_memory_holding_a_neighbour_word_is_about_the_question() -> None:
    near = dataclasses.replace(_ev(held=1, asked=4, df=0), near=frozenset({"w0"}),
                               closest=True, similarity=0.16)
    assert ranking.about(near, 1_000)
    assert not ranking.about(dataclasses.replace(near, similarity=0.14), 1_000)
    assert not ranking.about(dataclasses.replace(near, closest=False), 1_000)
    # its own common word is not enough: near-topic never-stored questions share those
    own = dataclasses.replace(near, near=frozenset(), dfs=(300,), rarest_df=300)
    assert not ranking.about(own, 1_000)


def test_memories_about_the_question_lead_the_reply() -> None:
    about = dataclasses.replace(_ev(held=1, asked=4, df=0), near=frozenset({"w0"}),
                                closest=True, similarity=0.3)
    ranked = [("getting", 4.4), ("dog", 2.0), ("other", 1.0)]
    evidence = {"getting": _ev(held=1, asked=4, df=300), "dog": about,
                "other": _ev(held=1, asked=4, df=300)}
    assert [leaf for leaf, _ in ranking.about_first(ranked, evidence, 1_000)] == \
        ["dog", "getting", "other"]
    assert ranking.about_first(ranked[:1], evidence, 1_000) == ranked[:1]
    # a memory of the asked time holding a word of it keeps its place among them
    assert [leaf for leaf, _ in ranking.about_first(ranked, evidence, 1_000,
                                                    timely={"getting"})] == \
        ["getting", "dog", "other"]


def test_a_question_about_a_time_alone_lists_the_memories_of_that_time_first() -> None:
    ranked = [("marzo", 3.0), ("april-pycon", 1.0), ("lisbon", 0.8), ("april-dated", 0.5)]
    assert ranking.range_first(ranked, {"april-pycon", "april-dated"}) == [
        ("april-pycon", 1.0), ("april-dated", 0.5), ("marzo", 3.0), ("lisbon", 0.8)]
    assert ranking.range_first(ranked, set()) == ranked
    # within the time, a memory that is only a short question follows what was said
    assert ranking.range_first(ranked, {"april-pycon", "april-dated"},
                               frozenset({"april-pycon"})) == [
        ("april-dated", 0.5), ("april-pycon", 1.0), ("marzo", 3.0), ("lisbon", 0.8)]


def test_a_short_question_keeps_a_share_of_its_score() -> None:
    scores = {"asked": 10.0, "said": 8.0}
    boosts: dict[str, float] = {}
    ranking.boost_matching(scores, {"asked"}, ranking.SLIGHT_FACTOR, boosts)
    assert scores["asked"] == pytest.approx(5.0) and boosts == {"asked": 0.5}
    assert ranking.SLIGHT_TERMS == 4


def test_a_factor_of_one_changes_nothing() -> None:
    # a tunable set to 1 turns its rule off: the memory is not even marked as boosted
    scores = {"asked": 10.0}
    boosts: dict[str, float] = {}
    ranking.boost_matching(scores, {"asked"}, 1.0, boosts)
    assert scores == {"asked": 10.0} and boosts == {}


def test_memories_saying_the_same_words_on_other_days_take_one_place() -> None:
    said = {"a": "went for tapas", "b": "went for tapas", "c": "joined cloudberry",
            "d": "went for tapas", "e": "bought shoes"}
    ranked = [("a", 5.0), ("b", 5.0), ("c", 4.0), ("d", 3.0), ("e", 1.0)]
    assert ranking.distinct(ranked, said.__getitem__, 3) == [
        ("a", 5.0, ("b", "d")), ("c", 4.0, ()), ("e", 1.0, ())]
    assert ranking.distinct(ranked, said.__getitem__, 1) == [("a", 5.0, ("b",))]


def test_the_newest_memory_holding_the_leads_words_leads_a_question_about_now() -> None:
    day = {"june": ("2026-06-08", 1.0), "october": ("2026-10-26", 2.0),
           "march": ("2026-03-03", 0.5)}
    when = day.__getitem__
    holds = {"june": frozenset({"liv", "room"}), "october": frozenset({"liv", "room", "colour"}),
             "march": frozenset({"room"})}
    ranked = [("june", 10.0), ("october", 7.0), ("march", 1.0)]
    everyone = {"june", "october", "march"}
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, everyone, when, holds)] == \
        ["october", "june", "march"]
    # ...scoring at least NEWEST_SHARE of the lead's
    low = [("june", 10.0), ("october", 10.0 * ranking.NEWEST_SHARE - 0.1)]
    assert ranking.newest_leads(low, everyone, when, holds) == low
    # ...holding every word the lead holds (the shipping cache is not the booking cache's)
    other = {**holds, "october": frozenset({"liv", "colour"})}
    assert ranking.newest_leads(ranked, everyone, when, other) == ranked
    # ...NEWEST_SHARED_WORDS of them besides the names asked about
    assert ranking.newest_leads(ranked, everyone, when, holds, names={"liv"}) == ranked
    # ...about the question, and within NEWEST_DEPTH of the lead
    assert ranking.newest_leads(ranked, {"june", "march"}, when, holds) == ranked
    deep = [("june", 10.0)] + [(f"x{i}", 9.0) for i in range(ranking.NEWEST_DEPTH - 1)] + \
        [("october", 9.0)]
    assert ranking.newest_leads(deep, everyone, when, holds) == deep
    # an older memory never leads
    assert ranking.newest_leads([("october", 10.0), ("june", 9.0)], everyone, when, holds) == \
        [("october", 10.0), ("june", 9.0)]
    # a question saying "now" ("What gym am I going to these days?"): a newer memory about
    # it by meaning alone, holding none of its words, leads ("switched to Kirkstall CrossFit"
    # holds no "gym"), however few words the lead holds
    unworded = {**holds, "october": frozenset()}
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, everyone, when, unworded,
                                                     now=True)] == ["october", "june", "march"]
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, everyone, when, unworded,
                                                     names={"liv"}, now=True)][0] == "october"
    assert ranking.newest_leads(ranked, everyone, when, unworded) == ranked  # no "now"
    # ...and one of a later day holding the lead's words, however few
    single = {**holds, "june": frozenset({"room"}), "october": frozenset({"room", "colour"})}
    assert ranking.newest_leads(ranked, everyone, when, single) == ranked
    assert ranking.newest_leads(ranked, everyone, when, single, now=True)[0][0] == "october"
    # ...but one holding some of the lead's words, not all, tells something else
    assert ranking.newest_leads(ranked, everyone, when, other, now=True) == ranked
    # ...and one of the same day is no later news
    same_day = {**day, "october": ("2026-06-08", 3.0)}
    assert ranking.newest_leads(ranked, everyone, same_day.__getitem__, single,
                                now=True) == ranked
    # ...still about the question, scoring NEWEST_SHARE of the lead's, within NEWEST_DEPTH
    assert ranking.newest_leads(low, everyone, when, unworded, now=True) == low
    assert ranking.newest_leads(ranked, {"june", "march"}, when, unworded, now=True) == ranked
    assert ranking.newest_leads(deep, everyone, when, unworded, now=True) == deep


def test_a_later_memory_lacking_one_of_the_lead_s_words_leads_a_question_about_now(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # NOW_MISSING: "How many cups of coffee do I drink a day now?" — "down to one cup a day
    # now" lacks "drink" of "I'm drinking four cups of coffee a day", and is how things stand
    when = {"august": ("2023-08-06", 1.0), "june": ("2024-06-22", 2.0),
            "hans": ("2024-07-01", 3.0)}.__getitem__
    holds = {"august": frozenset({"drink", "cup", "coffee", "day"}),
             "june": frozenset({"cup", "coffee", "day"})}
    ranked = [("august", 10.0), ("june", 8.0)]
    both = {"august", "june"}
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, both, when, holds, now=True)] \
        == ["june", "august"]
    assert ranking.newest_leads(ranked, both, when, holds) == ranked  # not asked about now
    # "Hans said my German was always bad" holds one of "learning German"'s two words
    german = {"august": frozenset({"learn", "german"}), "hans": frozenset({"german"})}
    asked = [("august", 10.0), ("hans", 8.0)]
    assert ranking.newest_leads(asked, {"august", "hans"}, when, german, now=True) == asked
    monkeypatch.setattr(ranking, "NOW_MISSING", 0)
    assert ranking.newest_leads(ranked, both, when, holds, now=True) == ranked


def test_a_later_change_lacking_one_of_the_lead_s_words_leads_a_question_asking_a_measure(
        ) -> None:
    # "How many retry attempts do SFTP uploads get?": "max attempts 5 -> 4 for SFTP" lacks
    # "uploads" of "max attempts for SFTP uploads from 3 to 5", and tells a change
    when = {"march": ("2025-03-20", 1.0), "september": ("2025-09-29", 2.0)}.__getitem__
    holds = {"march": frozenset({"retry", "attempt", "sftp", "upload"}),
             "september": frozenset({"retry", "attempt", "sftp"})}
    ranked = [("march", 10.0), ("september", 6.5)]
    both = {"march", "september"}
    changed = {"september"}.__contains__
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, both, when, holds, measure=True,
                                                     changes=changed)] == ["september", "march"]
    # not a measure asked, or the later memory tells no change: the lead stays
    assert ranking.newest_leads(ranked, both, when, holds, changes=changed) == ranked
    assert ranking.newest_leads(ranked, both, when, holds, measure=True) == ranked
    # ...lacking two of the lead's words, it tells something else
    fewer = {**holds, "september": frozenset({"retry", "sftp"})}
    assert ranking.newest_leads(ranked, both, when, fewer, measure=True,
                                changes=changed) == ranked
    # ...holding them all, a change scoring NOW_SHARE of the lead's leads too
    every = {**holds, "september": holds["march"]}
    low = [("march", 10.0), ("september", 10.0 * (ranking.NOW_SHARE + 0.01))]
    assert ranking.newest_leads(low, both, when, every, measure=True,
                                changes=changed)[0][0] == "september"
    assert ranking.newest_leads(low, both, when, every, measure=True) == low


def test_a_later_memory_holding_every_word_of_the_lead_s_leads_at_a_lower_share_when_now(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # NOW_SHARE: "How long is my Duolingo streak now?" — a long session telling "my Duolingo
    # streak just hit 300 days" in passing scores a third of the 120-day one, and holds every
    # word the lead holds: asked about now, it leads
    when = {"july": ("2023-07-03", 1.0), "january": ("2024-01-20", 2.0)}.__getitem__
    holds = {"july": frozenset({"duolingo", "streak"}),
             "january": frozenset({"duolingo", "streak", "long"})}
    everyone = {"july", "january"}
    share = ranking.NOW_SHARE + 0.01
    ranked = [("july", 10.0), ("january", 10.0 * share)]
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, everyone, when, holds, now=True)] \
        == ["january", "july"]
    assert ranking.newest_leads(ranked, everyone, when, holds) == ranked  # not asked about now
    low = [("july", 10.0), ("january", 10.0 * (ranking.NOW_SHARE - 0.01))]
    assert ranking.newest_leads(low, everyone, when, holds, now=True) == low
    monkeypatch.setattr(ranking, "NOW_SHARE", ranking.NEWEST_SHARE)
    assert ranking.newest_leads(ranked, everyone, when, holds, now=True) == ranked


def test_a_question_about_what_has_been_keeps_a_corrected_memory_s_score() -> None:
    # "Which neighbourhoods have I lived in?": Chamberí, later corrected by the move to
    # Lavapiés, is part of the answer; its correction ranks with it
    scores = {"chamberi": 10.0, "sister": 8.0, "moved": 3.0}
    currency = {"chamberi": "SUPERSEDED", "sister": "CURRENT", "moved": "CURRENT"}
    successor: dict[str, str | None] = {"chamberi": "moved"}
    history = Timeline(currency, successor, frozenset(scores), history=True)
    ranked = [leaf for leaf, _ in ranking.order(scores, history, lambda leaf: True)]
    assert ranked.index("chamberi") < ranked.index("sister")
    assert ranked.index("moved") < ranked.index("sister")
    now = Timeline(currency, successor, frozenset(scores))
    assert [leaf for leaf, _ in ranking.order(scores, now, lambda leaf: True)][-1] == "chamberi"


def test_a_later_change_telling_a_day_leads_a_question_asking_when_something_recurs() -> None:
    # "Which days do I go to the gym?": "now I train on Tuesday and Saturday mornings
    # instead" holds "gym" only of "I go to the gym on Monday and Thursday ... on those days"
    when = {"feb": ("2025-02-14", 1.0), "may": ("2025-05-22", 2.0)}.__getitem__
    holds = {"feb": frozenset({"go", "gym", "day"}), "may": frozenset({"gym"})}
    ranked = [("feb", 10.0), ("may", 10.0 * (ranking.NOW_SHARE + 0.01))]
    both = {"feb", "may"}
    changed = {"may"}.__contains__
    days = {"feb", "may"}.__contains__
    assert [leaf for leaf, _ in ranking.newest_leads(ranked, both, when, holds,
                                                     changes=changed, schedule=days)
            ] == ["may", "feb"]
    # no schedule asked, no change told, or the later memory tells no day: the lead stays
    assert ranking.newest_leads(ranked, both, when, holds, changes=changed) == ranked
    assert ranking.newest_leads(ranked, both, when, holds, schedule=days) == ranked
    assert ranking.newest_leads(ranked, both, when, holds, changes=changed,
                                schedule={"feb"}.__contains__) == ranked
    # ...or shares none of the lead's words besides the schedule's, or lacks two of them
    assert ranking.newest_leads(ranked, both, when, {**holds, "may": frozenset()},
                                changes=changed, schedule=days) == ranked
    lacking = {**holds, "feb": frozenset({"go", "gym", "day", "wall"})}
    assert ranking.newest_leads(ranked, both, when, lacking, changes=changed,
                                schedule=days) == ranked
    # ...or scores less than NOW_SHARE of the lead's
    low = [("feb", 10.0), ("may", 10.0 * (ranking.NOW_SHARE - 0.01))]
    assert ranking.newest_leads(low, both, when, holds, changes=changed, schedule=days) == low


def test_a_close_memory_holding_the_kind_takes_the_lead_keeping_its_score() -> None:
    holds = {"km"}.__contains__
    ranked = [("got", 10.0), ("other", 9.0), ("km", 5.0), ("far", 4.0)]
    assert ranking.kind_first(ranked, holds) == [
        ("km", 5.0), ("got", 10.0), ("other", 9.0), ("far", 4.0)]
    # past the third place, or under half the first's score: another story
    assert ranking.kind_first([("got", 10.0), ("a", 9.0), ("b", 8.0), ("km", 9.0)],
                              holds)[0][0] == "got"
    assert ranking.kind_first([("got", 10.0), ("km", 4.9)], holds)[0][0] == "got"
    # the first holding the kind stays
    assert ranking.kind_first([("km", 3.0), ("got", 10.0)], holds)[0][0] == "km"
    assert (ranking.KIND_DEPTH, ranking.KIND_SHARE) == (3, 0.5)


def test_a_later_change_keeps_the_lead_over_the_memory_holding_the_kind() -> None:
    """Issue 18: "stopped taking sugar" (the first, a later change of the same story) is not
    passed by "two spoonfuls" (the kind asked: a count), which is how it stood before."""
    holds = {"two"}.__contains__
    ranked = [("stopped", 10.0), ("two", 8.0), ("other", 3.0)]
    assert ranking.kind_first(ranked, holds, lambda first, other: first == "stopped") == ranked
    # a first memory that changed nothing the other told is passed as before
    assert ranking.kind_first(ranked, holds, lambda first, other: False)[0][0] == "two"
    assert ranking.CHANGE_SIMILARITY == 0.25


def test_a_reply_keeps_at_most_a_share_of_the_turn_it_answers() -> None:
    scores = {"told": 4.0, "reply": 10.0, "other": 3.0, "alone": 9.0}
    ranking.behind_replied(scores, {"reply": "told", "alone": "not a candidate"})
    assert scores["reply"] == pytest.approx(4.0 * ranking.REPLY_SHARE)
    assert scores["other"] < scores["reply"] < scores["told"]
    assert scores["alone"] == 9.0  # the turn it answers is no candidate: it stays
    low = {"told": 4.0, "reply": 1.0}
    ranking.behind_replied(low, {"reply": "told"})
    assert low["reply"] == 1.0  # never raised
    assert ranking.REPLY_SHARE == 0.9


def test_a_thing_not_had_keeps_a_quarter_of_its_score() -> None:
    """probe47's scores: "thinking of getting a second dog" 20.2, holding "dog"; the turn
    telling the dog had ("He's a mutt I adopted ...") 7.2."""
    scores, boosts = {"wanted": 20.2, "had": 7.2}, {}
    ranking.boost_matching(scores, {"wanted"}, ranking.NOT_HAD_FACTOR, boosts)
    assert scores["had"] > scores["wanted"]
    assert 20.2 * 0.5 > 7.2  # half was not enough
    assert ranking.NOT_HAD_FACTOR == 0.25


def test_the_last_step_of_a_story_told_in_few_words_leads_a_question_about_now() -> None:
    # "What does the user drink now instead of coffee?": "I'm drinking four coffees a day"
    # leads; "I've given up coffee completely" holds "coffee" alone, tells the user's change
    when = {"sept": ("2026-09-06", 1.0), "oct": ("2026-10-18", 2.0),
            "chess": ("2026-11-01", 3.0)}.__getitem__
    holds = {"sept": frozenset({"coffe", "drink"}), "oct": frozenset({"coffe"})}
    ranked = [("sept", 10.0), ("oct", 10.0 * ranking.NOW_SHARE + 0.1)]
    everyone = {"sept", "oct", "chess"}
    changed = {"oct", "chess"}.__contains__
    lead = ranking.newest_leads(ranked, everyone, when, holds, now=True, changes=changed,
                                doing=frozenset({"drink"}))
    assert lead[0][0] == "oct"
    # ...only when it is missing nothing but the question's verb
    assert ranking.newest_leads(ranked, everyone, when, holds, now=True,
                                changes=changed) == ranked
    # ...about now, told as a change, and scoring NOW_SHARE of the lead's
    assert ranking.newest_leads(ranked, everyone, when, holds, changes=changed,
                                doing=frozenset({"drink"})) == ranked
    assert ranking.newest_leads(ranked, everyone, when, holds, now=True,
                                doing=frozenset({"drink"})) == ranked
    low = [("sept", 10.0), ("oct", 10.0 * ranking.NOW_SHARE - 0.1)]
    assert ranking.newest_leads(low, everyone, when, holds, now=True, changes=changed,
                                doing=frozenset({"drink"})) == low
    # "a chess course in Kraków" lacks the climbing of "the climbing course": another story
    course = {"sept": frozenset({"climb", "cours"}), "chess": frozenset({"cours"})}
    later = [("sept", 10.0), ("chess", 8.0)]
    assert ranking.newest_leads(later, everyone, when, course, now=True, changes=changed,
                                doing=frozenset({"tak"})) == later
