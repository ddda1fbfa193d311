"""The fact actor: owns the timeline (facts journal), tombstones and the review queue.

Every change is one read-modify-write inside the ``facts`` lock: refresh the journal (take in
what other processes appended), decide (pending? covered by a retraction?), append, audit.
Answers are ``FactView`` copies computed from a key-local slice of the events, so the cost of
recording a fact does not grow with the store.

Record times are taken inside the lock and never go backwards (each is later than every event
already in the table), so record order is lock order even if the wall clock steps back. Every
audit line of a recording lists (fact id, leaf, key, value, record time) of each fact, so that
``actors.facts.rebuild`` can re-extract facts from the leaf files and still give them their
original ids and record times, which the retractions and reviews it replays refer to.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from actors.base import Actor, call_in_thread
from actors.facts.index import FactIndex, Key
from actors.facts.keys import fact_key, normalise_words, same_value, scoped_subject
from actors.facts.messages import (
    Conflicts,
    Extract,
    FactReport,
    FactView,
    History,
    Retract,
    RetractedAmong,
    RetractResult,
    Review,
    StateAt,
)
from actors.facts.notices import update_notice
from actors.facts.patterns import extract_facts
from actors.facts.recording import decide_pending, fact_event, record_stamps, recorded_entry
from actors.facts.timeline import ResolvedFact, Timeline
from actors.provenance import Provenance
from store import catalog as catalog_table
from store.audit import append_audit
from store.config import Settings
from store.errors import InvalidArgument, UnknownMemory, UnknownOption
from store.factlog import Events, open_facts
from store.journal import Journal
from store.locks import LockManager
from store.paths import StoreLayout

REVIEW_ACTIONS = ("list", "approve", "reject")


def view(fact: ResolvedFact) -> FactView:
    by = fact.recorded_by or {}
    return FactView(
        fact_id=fact.fact_id, subject=fact.subject, attribute=fact.attribute, value=fact.value,
        valid_from=fact.valid_from, valid_to=fact.valid_to, recorded_at=fact.recorded_at,
        superseded_at=fact.superseded_at, status=fact.status, origin=fact.origin,
        agent=str(by.get("agent", "")), session=str(by.get("session", "")),
        source_leaf_id=fact.source_leaf_id, retraction_reason=fact.retraction_reason,
    )


class FactsActor(Actor):
    name = "facts"

    def __init__(self, layout: StoreLayout, settings: Settings, locks: LockManager) -> None:
        super().__init__(inbox_size=settings.inbox_size,
                         request_timeout_s=settings.request_timeout_s)
        self.layout = layout
        self.settings = settings
        self.locks = locks
        self._journal: Journal[Events] = open_facts(layout)
        self._leaves = catalog_table.open_catalog_counts(layout)
        self._index = FactIndex()

    async def start(self) -> None:
        self._journal = open_facts(self.layout)
        self._leaves = catalog_table.open_catalog_counts(self.layout)
        self._index = FactIndex()
        await call_in_thread(self._refresh)

    def _refresh(self) -> None:
        """Take in new events (all of them again after another process compacted)."""
        result = self._journal.refresh()
        if result.reloaded:
            self._index.clear()
            self._index.add_all(self._journal.state)
        else:
            self._index.add_all(result.records)

    def _append(self, events: Sequence[dict[str, Any]]) -> None:
        result = self._journal.append(events)
        if result.reloaded:
            self._index.clear()
            self._index.add_all(self._journal.state)
        else:
            self._index.add_all(result.records)

    def _stamp(self) -> str:
        return record_stamps(1, self._index.latest)[0]

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Extract):
            async with self.locks.hold("facts", actor=self.name):
                return await call_in_thread(self._extract, message)
        if isinstance(message, Retract):
            async with self.locks.hold("facts", actor=self.name):
                return await call_in_thread(self._retract, message)
        if isinstance(message, Review):
            if message.action not in REVIEW_ACTIONS:
                raise UnknownOption("review action", message.action, REVIEW_ACTIONS)
            if message.action == "list":
                await call_in_thread(self._refresh)
                return tuple(view(f) for f in self._full().pending())
            async with self.locks.hold("facts", actor=self.name):
                return await call_in_thread(self._review, message)
        await call_in_thread(self._refresh)
        if isinstance(message, History):
            return self._history(message)
        if isinstance(message, StateAt):
            return self._state_at(message)
        if isinstance(message, Conflicts):
            return self._conflicts()
        if isinstance(message, RetractedAmong):
            timeline = self._index.timeline_for_leaves(message.leaf_ids)
            return frozenset(leaf for leaf in message.leaf_ids
                             if timeline.leaf_currency(leaf) == "RETRACTED")
        return await super().handle(message)

    # ------------------------------------------------------------------ record

    def _extract(self, msg: Extract) -> FactReport:
        self._refresh()
        found: list[tuple[Any, Any]] = []
        for leaf in msg.leaves:
            for candidate in extract_facts(leaf.text, data_type=leaf.data_type,
                                           entry_date=leaf.entry_date):
                subject = scoped_subject(candidate.subject, leaf.scope)
                found.append((leaf, dataclasses.replace(candidate, subject=subject)))
        stamps = record_stamps(len(found) + 1, self._index.latest)
        events: list[dict[str, Any]] = []
        keys: list[Key] = []
        before: dict[Key, ResolvedFact | None] = {}
        prior: dict[Key, list[Mapping[str, Any]]] = {}
        prov = msg.provenance
        for (leaf, cand), stamp in zip(found, stamps, strict=False):
            key = fact_key(cand.subject, cand.attribute)
            if key not in before:
                before[key] = self._index.timeline([key]).current(cand.subject, cand.attribute)
                prior[key] = list(self._index.slice([key]))
            event = fact_event(cand, leaf_id=leaf.leaf_id, recorded_at=stamp,
                               recorded_by=prov.as_dict(), origin=leaf.origin,
                               domain=leaf.domain, scope=leaf.scope)
            # Decided fact by fact in record order, earlier facts of this request included,
            # exactly as the rebuild decides it.
            event["pending"] = decide_pending(prior[key], event)
            prior[key].append(event)
            events.append(event)
            keys.append(key)
        superseded_leaf = None
        if msg.supersedes and msg.leaves:
            superseded_leaf = msg.supersedes
            # A memory corrected before: the earlier corrections are superseded too, so only
            # the newest correction is current (A -> B, then C supersedes A: B goes as well).
            chain = [msg.supersedes]
            while len(chain) < 16:
                later = self._index.timeline_for_leaves([chain[-1]]).superseding_leaf(chain[-1])
                if not later or later in chain or later == msg.leaves[0].leaf_id:
                    break
                chain.append(later)
            events.extend({"op": "supersede_leaf", "leaf_id": old,
                           "by_leaf_id": msg.leaves[0].leaf_id, "at": stamps[-1],
                           "by": prov.as_dict()} for old in chain)
        if not events:
            return FactReport()
        self._append(events)
        self._audit(prov, "fact.record" if found else "memory.supersede", events)
        timeline = self._index.timeline(keys)
        new = [timeline.fact(e["fact_id"]) for e in events if e["op"] == "fact"]
        facts = [f for f in new if f is not None]
        notices: list[str] = []
        for fact in facts:
            old = before.get(fact.key)
            current = timeline.current(fact.subject, fact.attribute)
            if fact.status == "ACTIVE" and old is not None and not same_value(old.value,
                                                                              fact.value):
                notices.append(update_notice(old, fact))
            elif fact.status == "HISTORICAL" and current is not None \
                    and not same_value(current.value, fact.value):
                notices.append(
                    f"Filed as history: {fact.subject} {fact.attribute} = '{fact.value}' "
                    f"({fact.valid_from or 'undated'}) is older than the current value "
                    f"'{current.value}' ({current.valid_from or current.recorded_at[:10]}).")
        return FactReport(
            new_facts=tuple(view(f) for f in facts),
            notices=tuple(dict.fromkeys(notices)),
            pending=tuple(view(f) for f in facts if f.status == "PENDING"),
            blocked=tuple(view(f) for f in facts if f.status == "RETRACTED"),
            superseded_leaf=superseded_leaf,
        )

    def _audit(self, prov: Provenance, action: str, events: Iterable[dict[str, Any]]) -> None:
        events = list(events)
        ids = [str(e.get("fact_id") or e.get("target") or e.get("leaf_id")) for e in events]
        # Retractions, reviews and explicit supersessions are not in any leaf: the audit line
        # carries the whole event so that a rebuild can replay them.
        replay = [e for e in events if e["op"] != "fact"]
        recorded = [recorded_entry(e) for e in events if e["op"] == "fact"]
        details: dict[str, Any] = {}
        if replay:
            details["events"] = replay
        if recorded:
            details["recorded"] = recorded
        append_audit(self.layout.audit_log, actor=self.name, action=action, ids=ids,
                     client=prov.agent, session=prov.session, **details)

    # ------------------------------------------------------------------ retract / review

    def _retract(self, msg: Retract) -> RetractResult:
        target = (msg.target or "").strip()
        if not target:
            raise InvalidArgument("Give the id of the memory (L-...) or fact (F-...) to forget.")
        reason = " ".join((msg.reason or "").split())
        if not reason:
            raise InvalidArgument("Give a reason for forgetting it (it is kept in the audit log).")
        self._refresh()
        if self._index.has_fact(target):
            kind = "fact"
        else:
            self._leaves.refresh()
            if target not in self._leaves.state["ids"]:
                raise UnknownMemory(target)
            kind = "leaf"
        already = self._already_retracted(target, kind)
        if not already:
            event = {"op": "retract", "target": target, "kind": kind, "reason": reason,
                     "at": self._stamp(), "by": msg.provenance.as_dict()}
            self._append([event])
            self._audit(msg.provenance, f"retract.{kind}", [event])
        if kind == "fact":
            key = self._index.key_of(target)
            timeline = self._index.timeline([key] if key else [])
            fact = timeline.fact(target)
            facts: tuple[FactView, ...] = (view(fact),) if fact else ()
            description = (f"fact {fact.subject} {fact.attribute} = '{fact.value}'"
                           if fact else f"fact {target}")
        else:
            timeline = self._index.timeline_for_leaves([target])
            facts = tuple(view(f) for f in timeline.facts_for_leaf(target))
            description = f"memory {target}"
        return RetractResult(kind=kind, target=target, description=description, facts=facts,
                             already=already)

    def _already_retracted(self, target: str, kind: str) -> bool:
        """Forgetting twice changes nothing (and the reply says it was already forgotten)."""
        if kind == "leaf":
            return self._index.timeline_for_leaves([target]).leaf_currency(target) == "RETRACTED"
        key = self._index.key_of(target)
        fact = self._index.timeline([key] if key else []).fact(target)
        return fact is not None and fact.status == "RETRACTED"

    def _review(self, msg: Review) -> FactView:
        self._refresh()
        key = self._index.key_of(msg.fact_id)
        if key is None:
            raise UnknownMemory(msg.fact_id)
        fact = self._index.timeline([key]).fact(msg.fact_id)
        if fact is None or fact.status != "PENDING":
            raise InvalidArgument(f"Fact {msg.fact_id} is not waiting for review "
                                  f"(its status is {fact.status if fact else 'unknown'}).")
        event = {"op": "review", "fact_id": msg.fact_id, "decision": msg.action,
                 "at": self._stamp(), "by": msg.provenance.as_dict()}
        self._append([event])
        self._audit(msg.provenance, f"review.{msg.action}", [event])
        decided = self._index.timeline([key]).fact(msg.fact_id)
        assert decided is not None
        return view(decided)

    # ------------------------------------------------------------------ queries

    def _full(self) -> Timeline:
        return self._index.timeline(self._index.keys())

    def _history(self, msg: History) -> tuple[FactView, ...]:
        if msg.attribute:
            keys = [fact_key(msg.subject, msg.attribute)]
        else:
            keys = self._index.keys_of_subject(msg.subject)
        timeline = self._index.timeline(keys, as_of=msg.as_of)
        out: list[FactView] = []
        for key in keys:
            out.extend(view(f) for f in timeline.facts_for(*key))
        return tuple(out)

    def _state_at(self, msg: StateAt) -> FactView | None:
        key = fact_key(msg.subject, msg.attribute)
        timeline = self._index.timeline([key], as_of=msg.as_of)
        if msg.valid_time is None:
            fact = timeline.current(msg.subject, msg.attribute)
        else:
            fact = timeline.state_at(msg.subject, msg.attribute, msg.valid_time)
        return view(fact) if fact else None

    def _conflicts(self) -> tuple[tuple[FactView, ...], ...]:
        timeline = self._full()
        out = []
        for key in timeline.keys():
            facts = [f for f in timeline.facts_for(*key) if f.status in ("ACTIVE", "HISTORICAL")]
            if len({normalise_words(f.value) for f in facts}) > 1:
                out.append(tuple(view(f) for f in facts))
        return tuple(out)
