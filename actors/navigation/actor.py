"""The navigation actor: answers searches from its own read model, obeying the timeline.

One search: take in what other processes wrote (incremental) → beam descent over the tree →
full-text BM25 over every leaf when the descent found nothing or only a weak hit (no false
absence) → drop retracted and out-of-scope leaves → rank superseded memories below their
successors → lead with the current value when the question asks for an attribute → decide
between an answer and a clue request. Everything runs in one worker-thread hop per request,
so the event loop stays free while BM25 runs.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

from actors.base import Actor, call_in_thread
from actors.checks import check_text
from actors.facts.keys import GLOBAL_SCOPES, fact_key, scoped_subject
from actors.facts.questions import attribute_question
from actors.facts.timeline import Timeline
from actors.navigation.bm25 import idf
from actors.navigation.confidence import (
    Candidate,
    apply_clue,
    clue_request,
    collapse_corrections,
    confidence,
)
from actors.navigation.descent import descend
from actors.navigation.messages import (
    AttributeAnswer,
    Hit,
    Search,
    SearchResult,
    SearchTrace,
    Stats,
    TreeView,
)
from actors.navigation.query import Query, asked_time, parse_query
from actors.navigation.read_model import ReadModel
from actors.text import shorten
from store.config import Settings
from store.locks import LockManager
from store.paths import StoreLayout

FULLTEXT_POOL = 50
WEAK_RATIO = 1.0
"""The descent's best hit is weak when the full-text index found anything scoring higher: then
the beam missed a better memory (its words are not in its ancestors' descriptors), and the
full-text candidates join the ranking. Which leaves the beam reaches depends on how the tree
happened to group them, so anything less than "the best overall" makes recall depend on it."""
MIN_COVERAGE = 0.5
"""Below this idf-weighted share of the query matched, nothing stored is really about it..."""
MIN_WORD_SHARE = 2 / 3
"""...unless a memory matches at least this share of the query's words (and two or more)."""
SPECIFIC_SHARE = 0.01
"""A word held by at most this share of the memories (or by one or two) is specific: a memory
that holds a specific word of the question is about it, even if it holds nothing else."""
SPECIFIC_WORD_SHARE = 1 / 3
SUPERSEDED_FACTOR = 0.35
RESTATED_SHARE = 0.6
"""Two memories sharing this share of their words (Jaccard) restate one thing."""
VARIANTS_CHECKED = 8
"""How many other forms of an unknown query term the coverage judgement looks for."""


def _posix(moment: dt.datetime) -> float:
    """POSIX seconds of an as_of instant (a naive one is taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.timestamp()


class NavigationActor(Actor):
    name = "navigation"

    def __init__(self, layout: StoreLayout, settings: Settings, locks: LockManager) -> None:
        super().__init__(inbox_size=settings.inbox_size,
                         request_timeout_s=settings.request_timeout_s)
        self.layout = layout
        self.settings = settings
        self.locks = locks
        self.model = ReadModel(layout)
        self._plan_cache: tuple[Query, tuple[tuple[str, float, tuple[str, ...]], ...]] | None = None

    async def start(self) -> None:
        self.model = ReadModel(self.layout)
        started = time.perf_counter()
        added = await call_in_thread(self.model.refresh)
        self.log.info("navigation.ready", leaves=added,
                      duration_ms=round((time.perf_counter() - started) * 1000, 2))

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Search):
            return await call_in_thread(self._search, message)
        if isinstance(message, Stats):
            return await call_in_thread(self._stats)
        if isinstance(message, TreeView):
            return await call_in_thread(self._tree, message.max_depth)
        return await super().handle(message)

    # ------------------------------------------------------------------ search

    def _search(self, msg: Search) -> SearchResult:
        started = time.perf_counter()
        text = check_text(msg.query, what="query", limit=self.settings.max_query_chars)
        clue = None
        if msg.clue is not None and (not isinstance(msg.clue, str) or msg.clue.strip()):
            clue = check_text(msg.clue, what="clue", limit=self.settings.max_query_chars)
        scope = (msg.scope or "").strip()
        as_of_ts = _posix(msg.as_of) if msg.as_of else None
        self.model.refresh()
        query = parse_query(text, clue)
        model = self.model

        def admissible(leaf_id: str) -> bool:
            meta = model.leaves.get(leaf_id)
            if meta is None:
                return False
            if scope and meta.scope not in (scope, *GLOBAL_SCOPES):
                return False
            return not (as_of_ts is not None and meta.recorded_ts > as_of_ts)

        descent = descend(query, model, beam_width=self.settings.beam_width,
                          admissible=admissible)
        pool = model.index.search(query, limit=FULLTEXT_POOL, allowed=admissible)
        full = {doc: (score, matched) for doc, score, matched in pool}
        missing = [d for d in descent.leaves if d not in full]
        if missing:
            for doc, score, matched in model.index.score_docs(query, missing):
                full[doc] = (score, matched)
        best_full = pool[0][1] if pool else 0.0
        best_descent = max((full.get(d, (0.0, frozenset()))[0] for d in descent.leaves),
                           default=0.0)
        fallback_reason = None
        if not descent.leaves and pool:
            fallback_reason = "the tree descent reached no matching memory"
        elif pool and best_descent < WEAK_RATIO * best_full:
            fallback_reason = "the tree descent's best match was weak"
        ids = set(descent.leaves) | ({d for d, _, _ in pool} if fallback_reason else set())

        as_of_dt = msg.as_of
        question = attribute_question(text)
        questions: list[tuple[str, str]] = []
        if question:
            if scope not in GLOBAL_SCOPES:  # this project's own value first, then the global one
                questions.append((scoped_subject(question[0], scope), question[1]))
            questions.append(question)
        keys = [fact_key(*q) for q in questions]
        timeline = model.facts.timeline(
            keys + [k for leaf in ids for k in model.facts.keys_of_leaf(leaf)],
            leaves=ids, as_of=as_of_dt)
        valid_on = asked_time(text) if question else None
        answer = None
        for candidate in questions:
            answer = self._answer(candidate, timeline, admissible, valid_on)
            if answer is not None:
                break

        scores: dict[str, float] = {}
        currency: dict[str, str] = {}
        successor: dict[str, str | None] = {}
        for leaf_id in ids:
            state = timeline.leaf_currency(leaf_id)
            if state == "RETRACTED":
                continue
            currency[leaf_id] = state
            successor[leaf_id] = timeline.superseding_leaf(leaf_id)
            score, words = full.get(leaf_id, (descent.leaves.get(leaf_id, 0.0), frozenset()))
            # Coordination: BM25 lets a long memory that repeats the common words of the
            # question outscore the one memory holding its rare word; weigh each score by the
            # share of the question's idf weight the memory holds.
            scores[leaf_id] = score * (0.5 + 0.5 * self._coverage(query, leaf_id, words))
        if answer and answer.leaf_id and answer.leaf_id in model.leaves:
            top = max(scores.values(), default=1.0)
            scores[answer.leaf_id] = top * 1.5 + 1.0
            currency.setdefault(answer.leaf_id, "CURRENT")
            successor.setdefault(answer.leaf_id, None)
            if answer.valid_on:  # "where did I live in 2025?": the memory of then leads
                currency[answer.leaf_id] = "CURRENT"
                successor[answer.leaf_id] = None
        ranked = self._rank(scores, currency, successor, admissible, timeline)
        trace = SearchTrace(
            domains_ranked=descent.domains_ranked, branches_opened=descent.branches_opened,
            node_reads=descent.node_reads, leaves_scored=descent.leaves_scored + len(pool),
            fallback_used=fallback_reason is not None, fallback_reason=fallback_reason,
            leaves_in_store=len(model.leaves))

        result = self._decide(query, msg, ranked, full, currency, successor, timeline,
                              answer, trace)
        self.log.info("search.served", duration_ms=round((time.perf_counter() - started) * 1000,
                                                          2),
                      node_reads=trace.node_reads, leaves_scored=trace.leaves_scored,
                      fallback_used=trace.fallback_used, confidence=round(result.confidence, 3),
                      results=len(result.hits), status=result.status,
                      leaf_ids=[h.leaf_id for h in result.hits])
        return result

    def _answer(self, question: tuple[str, str], timeline: Timeline, admissible: Any,
                valid_on: dt.date | None = None) -> AttributeAnswer | None:
        """The current value (or, for "where did I live in 2025?", the value then)."""
        subject, attribute = question
        current = timeline.current(subject, attribute)
        if current is None:
            return None
        if current.source_leaf_id and current.source_leaf_id in self.model.leaves \
                and not admissible(current.source_leaf_id):
            return None
        facts = timeline.facts_for(subject, attribute)
        then = timeline.state_at(subject, attribute, valid_on) if valid_on else None
        lead = then or current
        history = tuple((f.value, f.valid_from) for f in facts
                        if f.status in ("HISTORICAL", "ACTIVE") and f.fact_id != lead.fact_id)
        pending = tuple(f.value for f in facts if f.status == "PENDING")
        return AttributeAnswer(subject=current.subject, attribute=current.attribute,
                               value=lead.value,
                               since=lead.valid_from or lead.recorded_at[:10],
                               history=history, pending=pending,
                               leaf_id=lead.source_leaf_id,
                               valid_on=valid_on.isoformat() if then and valid_on else None,
                               current_value=current.value if then else None)

    def _rank(self, scores: dict[str, float], currency: dict[str, str],
              successor: dict[str, str | None], admissible: Any,
              timeline: Timeline) -> list[tuple[str, float]]:
        """Superseded memories sink below their successors (added when not matched).

        A successor ranks at least where its predecessor would have (the correction is what
        the matched memory now means), and is added when the query did not match it; a
        retracted or inadmissible successor is never added.
        """
        adjusted = dict(scores)
        for leaf_id, state in list(currency.items()):
            if state != "SUPERSEDED":
                continue
            after = successor.get(leaf_id)
            if after and after in adjusted:
                adjusted[after] = max(adjusted[after], scores[leaf_id])
            elif after and after in self.model.leaves and admissible(after) \
                    and timeline.leaf_currency(after) != "RETRACTED":
                adjusted[after] = scores[leaf_id]
                currency[after] = timeline.leaf_currency(after)
                successor[after] = timeline.superseding_leaf(after)
            adjusted[leaf_id] = scores[leaf_id] * SUPERSEDED_FACTOR
        for leaf_id, state in list(currency.items()):
            if state == "PENDING":  # an unreviewed tool value never leads what the user said
                adjusted[leaf_id] = adjusted[leaf_id] * SUPERSEDED_FACTOR
        for leaf_id, state in list(currency.items()):
            after = successor.get(leaf_id)
            if state == "SUPERSEDED" and after is not None and after in adjusted:
                adjusted[leaf_id] = min(adjusted[leaf_id], adjusted[after] * 0.99)
        return sorted(adjusted.items(), key=lambda item: (-item[1], item[0]))

    def _coverage(self, query: Query, leaf_id: str, matched: frozenset[str]) -> float:
        """Share of the query's idf weight this memory matches (terms no memory holds weigh
        most). A query term no memory holds still counts as matched when the memory holds
        another form of it ("repo" / "repository", "manager" / "manage"): a paraphrase is
        not a topic never stored."""
        plan = self._weights(query)
        total = got = 0.0
        for term, weight, variants in plan:
            total += weight
            if term in matched or any(leaf_id in self.model.index.postings(v)
                                      for v in variants):
                got += weight
        return got / total if total else 0.0

    def _weights(self, query: Query) -> tuple[tuple[str, float, tuple[str, ...]], ...]:
        """(term, idf, other forms to look for when no memory holds the term), once per query
        (every candidate of a search is weighed with it)."""
        cached = self._plan_cache
        if cached is not None and cached[0] is query:
            return cached[1]
        index = self.model.index
        n = max(len(index), 1)
        plan = []
        for term in query.query_terms:
            df = index.doc_freq(term)
            variants = tuple(index.variants(term)[:VARIANTS_CHECKED]) if df == 0 else ()
            plan.append((term, idf(df, n), variants))
        result = tuple(plan)
        self._plan_cache = (query, result)
        return result

    def _restatements(self, ranked: list[tuple[str, float]], successor: dict[str, str | None],
                      matched: dict[str, frozenset[str]]) -> dict[str, str]:
        """older -> newer for memories that say nearly the same thing (most of their words in
        common) and answer the query equally (same query words, near-tied scores): "the
        deploy window is Thursday" then "... is Friday now" is one memory restated, not two
        rivals, even when no fact pattern saw the change. A memory that matches the query
        better is never demoted for a look-alike."""
        out: dict[str, str] = {}
        index, metas = self.model.index, self.model.leaves
        scores = dict(ranked)
        leaves = [leaf for leaf, _ in ranked]
        for i, a in enumerate(leaves):
            for b in leaves[i + 1:]:
                if successor.get(a) or successor.get(b) or a not in metas or b not in metas:
                    continue
                if "tool" in (metas[a].origin, metas[b].origin) and metas[a].origin != \
                        metas[b].origin:
                    continue  # a tool result never restates (overrides) what a person said
                if matched.get(a) != matched.get(b) or \
                        min(scores[a], scores[b]) < (1 - self.settings.ambiguity_margin) \
                        * max(scores[a], scores[b]):
                    continue
                ta, tb = index.terms_of(a), index.terms_of(b)
                if not ta or not tb or len(ta & tb) < RESTATED_SHARE * len(ta | tb):
                    continue
                older, newer = sorted((a, b), key=lambda x: metas[x].recorded_ts)
                out.setdefault(older, newer)
        return out

    @staticmethod
    def _newer_first(ranked: list[tuple[str, float]], restated: dict[str, str]
                     ) -> list[tuple[str, float]]:
        order = [leaf for leaf, _ in ranked]
        for older, newer in restated.items():
            if older in order and newer in order and order.index(older) < order.index(newer):
                i, j = order.index(older), order.index(newer)
                order[i], order[j] = order[j], order[i]
        scores = dict(ranked)
        return [(leaf, scores[leaf]) for leaf in order]

    def _not_about(self, query: Query, ranked: list[tuple[str, float]],
                   matched: dict[str, frozenset[str]]) -> bool:
        """Abstain: no top memory covers half the question's idf weight, two thirds of its
        words, or a third of its words including a specific one ("dog" in "what's my dog's
        name?" finds "My dog is called Pimienta" however few words it shares)."""
        base = set(query.query_terms)
        if not base:
            return False
        n = max(len(self.model.index), 1)
        specific_df = max(2, int(SPECIFIC_SHARE * n))
        for leaf, _ in ranked[:10]:
            words = base & matched[leaf]
            if self._coverage(query, leaf, matched[leaf]) >= MIN_COVERAGE:
                return False
            if len(words) >= 2 and len(words) >= MIN_WORD_SHARE * len(base):
                return False
            specific = any(self.model.index.doc_freq(t) <= specific_df for t in words)
            if specific and len(words) >= SPECIFIC_WORD_SHARE * len(base):
                return False
        return True

    def _decide(self, query: Query, msg: Search, ranked: list[tuple[str, float]],
                full: dict[str, tuple[float, frozenset[str]]], currency: dict[str, str],
                successor: dict[str, str | None], timeline: Timeline,
                answer: AttributeAnswer | None, trace: SearchTrace) -> SearchResult:
        def result(status: str, hits: tuple[Hit, ...], conf: float, reason: str | None,
                   history: tuple[Hit, ...] = ()) -> SearchResult:
            return SearchResult(status=status, query=msg.query, clue=msg.clue, hits=hits,
                                confidence=conf, reason=reason, answer=answer, trace=trace,
                                history=history,
                                as_of=msg.as_of.isoformat() if msg.as_of else None)

        if not ranked:
            return result("NONE", (), 0.0, None)
        matched = {leaf: full.get(leaf, (0.0, frozenset()))[1] for leaf, _ in ranked}
        for leaf, after in successor.items():
            if after in matched:  # a correction stands in for what its predecessor matched
                matched[after] = matched[after] | matched.get(leaf, frozenset())
        if answer is None and self._not_about(query, ranked, matched):
            shared = sorted({t for m in matched.values() for t in m} & set(query.query_terms))
            words = ", ".join(f"'{t}'" for t in shared[:6])
            plural = "s" if len(shared) > 1 else ""
            return result("NONE", (), 0.0,
                          f"the closest memories share only the common word{plural} {words}")
        short = len(query.query_terms) <= 2
        restated = self._restatements(ranked[:6], successor, matched)
        if restated:
            ranked = self._newer_first(ranked, restated)
        candidates: list[Candidate] = []
        saves_seen: set[tuple[str, str]] = set()
        for leaf, score in ranked[:12]:
            if len(candidates) == 6:
                break
            meta = self.model.leaves.get(leaf)
            if meta is not None and meta.source:
                save = (meta.source, meta.recorded_at)
                if save in saves_seen:
                    continue  # chunks of one saved text are one memory, not rivals
                saves_seen.add(save)
            terms = matched[leaf]
            strength = sum(idf(self.model.index.doc_freq(t), max(len(self.model.index), 1))
                           for t in terms if t in query.terms) if short else score
            entry = self.model.entry(leaf)
            candidates.append(Candidate(id=leaf, score=strength, matched=terms,
                                        branch=entry.get("parent_id") if entry else None,
                                        superseded_by=successor.get(leaf)
                                        or restated.get(leaf)))
        reviewed = [c for c in candidates if currency.get(c.id) != "PENDING"]
        if reviewed:  # an unreviewed tool value is no rival to what the user said
            candidates = reviewed
        ordered = apply_clue(query, candidates)
        order = {c.id: i for i, c in enumerate(ordered)}
        if query.has_clue:
            ranked = sorted(ranked, key=lambda item: order.get(item[0], len(order)))
        # A memory and its correction are one story: measure the margin without the pair.
        conf = confidence(query, collapse_corrections(ordered))
        request = None if answer else clue_request(
            query, ordered, threshold=self.settings.confidence_threshold,
            margin=self.settings.ambiguity_margin)
        if request is not None:
            hits = tuple(self._hit(c.id, full, currency, successor, timeline, full_text=False,
                                   score=c.score) for c in request.candidates)
            return result("AMBIGUOUS", hits, conf, request.reason)
        # By score (a superseded memory already sits below its correction), except that the
        # lead answer is never a superseded memory while a current one matched.
        current = [(leaf, s) for leaf, s in ranked if currency.get(leaf) != "SUPERSEDED"]
        old = [(leaf, s) for leaf, s in ranked if currency.get(leaf) == "SUPERSEDED"]
        ordered_hits = list(ranked)
        if current and ordered_hits[0] != current[0]:
            ordered_hits.remove(current[0])
            ordered_hits.insert(0, current[0])
        served = ordered_hits[: max(1, msg.limit)]
        hits = tuple(self._hit(leaf, full, currency, successor, timeline, full_text=i == 0,
                               score=s) for i, (leaf, s) in enumerate(served))
        history: tuple[Hit, ...] = ()
        if msg.include_history:
            history = tuple(self._hit(leaf, full, currency, successor, timeline,
                                      full_text=True, score=s) for leaf, s in old[:5])
        return result("FOUND", hits, conf if answer is None else max(conf, 0.9), None, history)

    def _hit(self, leaf_id: str, full: dict[str, tuple[float, frozenset[str]]],
             currency: dict[str, str], successor: dict[str, str | None], timeline: Timeline,
             *, full_text: bool, score: float) -> Hit:
        meta = self.model.leaves[leaf_id]
        text = self.model.text_of(leaf_id) if full_text else ""
        entry = self.model.entry(leaf_id)
        parent = entry.get("parent_id") if entry else None
        path = self.model.tree_path(parent) + (leaf_id,) if parent else (meta.domain, leaf_id)
        return Hit(leaf_id=leaf_id, domain=meta.domain, title=meta.title,
                   timestamp=meta.timestamp, score=round(score, 4), text=text,
                   excerpt=meta.excerpt, source=meta.source, agent=meta.agent, scope=meta.scope,
                   currency=currency.get(leaf_id, "CURRENT"),
                   notices=tuple(timeline.notices_for_leaf(leaf_id)), tree_path=path,
                   superseded_by=successor.get(leaf_id))

    # ------------------------------------------------------------------ stats / tree

    def _stats(self) -> dict[str, Any]:
        self.model.refresh()
        entries = self.model.catalog.state
        nodes = [e for e in entries.values() if e.get("kind") == "node"]
        domains: dict[str, int] = {}
        for meta in self.model.leaves.values():
            domains[meta.domain] = domains.get(meta.domain, 0) + 1
        unfiled = sum(1 for members in self.model.top.values() for i in members
                      if i in self.model.leaves)
        facts = self.model.facts
        return {"leaves": len(self.model.leaves), "domains": domains, "nodes": len(nodes),
                "depth": max((int(n.get("layer", 0)) for n in nodes), default=0),
                "unconsolidated": unfiled, "fact_events": facts.events,
                "fact_keys": len(facts.keys()), "unreadable": dict(self.model.unreadable)}

    def _tree(self, max_depth: int) -> dict[str, Any]:
        self.model.refresh()

        def describe(item_id: str, depth: int) -> dict[str, Any]:
            entry = self.model.entry(item_id) or {}
            out: dict[str, Any] = {"id": item_id, "kind": entry.get("kind", "leaf"),
                                   "title": shorten(str(entry.get("title") or ""), 90),
                                   "leaf_count": entry.get("leaf_count", 1)}
            if entry.get("kind") == "node" and depth < max_depth:
                node = self.model.branch(item_id) or {}
                out["children"] = [describe(str(c), depth + 1)
                                   for c in node.get("child_ids", [])]
            return out

        return {"domains": {domain: [describe(i, 1) for i in members]
                            for domain, members in sorted(self.model.top.items()) if members}}
