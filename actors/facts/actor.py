"""The fact actor: owns the timeline (the facts table), tombstones and the review queue.

Every change is one read-modify-write inside the ``facts`` lock (and the ``catalog`` lock when a
save's catalog entries commit with it), taken, used and given back in one worker-thread hop
(``LockManager.call_locked``): read the key's events from the database (committed by
any process), decide (pending? covered by a retraction?), then ONE transaction with the fact
events, the save's catalog entries and the audit records (``store.engine``). Answers are
``FactView`` copies computed from a key-local slice of the events, so the cost of recording a
fact does not grow with the store. Deciding is ``recording``/``timeline`` (pure); storing is
``store.engine`` — the two stay separable.

Record times are taken inside the lock and never go backwards (each is later than every event
already in the table), so record order is lock order even if the wall clock steps back. Every
audit line of a recording lists (fact id, leaf, key, value, record time) of each fact, so that
``actors.facts.rebuild`` can re-extract facts from the leaf files and still give them their
original ids and record times, which the retractions and reviews it replays refer to.
"""

from __future__ import annotations

import dataclasses
import hashlib
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from actors.base import Actor, call_in_thread
from actors.facts.context import reads_earlier
from actors.facts.index import Key, StoredFacts, fact_row
from actors.facts.keys import (
    fact_key,
    normalise_words,
    pairs_joined,
    same_value,
    scoped_subject,
)
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
from actors.facts.moves import EARLIER_TURNS
from actors.facts.notices import history_notice, update_notice
from actors.facts.recording import decide_pending, fact_event, record_stamps, recorded_entry
from actors.facts.timeline import ResolvedFact, Timeline
from actors.provenance import Provenance
from actors.scopes import refusal
from actors.secrets import redact_text
from store.audit import audit_record
from store.catalog import CatalogReader, put
from store.config import Settings
from store.db import FactRow
from store.engine import Engine, Leftovers, find_leftovers
from store.errors import (
    InvalidArgument,
    LockTimeout,
    MalformedFile,
    StoreIOError,
    UnknownMemory,
    UnknownOption,
)
from store.factlog import FactEventsReader
from store.leaf_format import read_leaf
from store.locks import LockManager
from store.paths import StoreLayout

REVIEW_ACTIONS = ("list", "approve", "reject")
INLINE_CHARS = 4_000
"""Texts up to this size have their fact candidates found on the actor's own turn."""
MAINTENANCE_S = 5.0
"""How often the actor looks for what writers that died mid-save left (``find_leftovers``:
two small queries and a stat), so a store shared with a killed process is recovered by the
servers still running, not only by the next start."""
MAINTENANCE_LOCK_S = 2.0
"""At most this long the maintenance waits for the write locks (a busy store: next turn)."""
MAINTENANCE_BACKOFF_S = 30.0
"""Pause after a recovery the disk refused (full, read-only) or that could not undo what it
found (a leaf file it may not remove): each retry costs the locks."""


def view(fact: ResolvedFact) -> FactView:
    by = fact.recorded_by or {}
    return FactView(
        fact_id=fact.fact_id, subject=fact.subject, attribute=fact.attribute, value=fact.value,
        valid_from=fact.valid_from, valid_to=fact.valid_to, recorded_at=fact.recorded_at,
        superseded_at=fact.superseded_at, status=fact.status, origin=fact.origin,
        agent=str(by.get("agent", "")), session=str(by.get("session", "")),
        source_leaf_id=fact.source_leaf_id, retraction_reason=fact.retraction_reason,
    )


def supersession_view(event: Mapping[str, Any], status: str = "PENDING") -> FactView:
    """A waiting correction shown in the review queue beside facts: memory ``leaf_id``
    "superseded by" memory ``by_leaf_id``."""
    by = event.get("by") or {}
    return FactView(
        fact_id=str(event.get("review_id")), subject=f"memory {event['leaf_id']}",
        attribute="superseded by", value=str(event["by_leaf_id"]), valid_from=None,
        valid_to=None, recorded_at=str(event.get("at")), superseded_at=None, status=status,
        origin="tool", agent=str(by.get("agent", "")), session=str(by.get("session", "")),
        source_leaf_id=str(event["by_leaf_id"]))


class FactsActor(Actor):
    name = "facts"

    def __init__(self, layout: StoreLayout, settings: Settings, locks: LockManager) -> None:
        super().__init__(inbox_size=settings.inbox_size,
                         request_timeout_s=settings.request_timeout_s)
        self.layout = layout
        self.settings = settings
        self.locks = locks
        self.engine = Engine(layout)
        self._leaves = CatalogReader(layout)
        self._index = StoredFacts(FactEventsReader(layout))
        self._maintain_at = time.monotonic() + MAINTENANCE_S
        """When (monotonic) the next look for leftovers of dead writers is due."""

    async def start(self) -> None:
        """Nothing to load: every answer is read from the database when asked."""

    def idle_after(self) -> float | None:
        """Due at a fixed pace, whatever the traffic (a busy inbox does not postpone it)."""
        return max(0.0, self._maintain_at - time.monotonic())

    async def on_idle(self) -> None:
        """Recover what writers that died mid-save left: undo their never-acknowledged saves
        and apply event lines the database missed (``Engine.recover``, what a start does),
        under the write locks. This actor commits every save, so the tables it repairs are
        its own. A disk that refuses it (full, read-only) or a lock held by a busy writer
        only postpones it: nothing acknowledged waits on it."""
        self._maintain_at = time.monotonic() + MAINTENANCE_S
        found = await call_in_thread(self._leftovers)
        if not found:
            return
        try:
            await self.locks.call_locked(("catalog", "facts"), self.engine.recover,
                                         actor=self.name, timeout_s=MAINTENANCE_LOCK_S)
        except LockTimeout:
            return  # a writer holds them; it also applies missed lines before its commit
        except StoreIOError as exc:
            self._maintain_at = time.monotonic() + MAINTENANCE_BACKOFF_S
            self.log.warning("store.recovery_deferred", error=str(exc),
                             error_type=type(exc).__name__, retry_s=MAINTENANCE_BACKOFF_S)
            return
        if await call_in_thread(self._leftovers):
            self._maintain_at = time.monotonic() + MAINTENANCE_BACKOFF_S

    def _leftovers(self) -> Leftovers:
        conn = self._leaves.connection()
        return find_leftovers(self.layout, conn) if conn is not None else Leftovers()

    async def stop(self) -> None:
        self.engine.close()
        self._leaves.close()
        self._index.reader.close()

    def _refresh(self) -> None:
        """Kept as the one place a request's reads begin (the database is always current)."""

    def _append(self, events: Sequence[dict[str, Any]], prov: Provenance, action: str,
                catalog: Sequence[Mapping[str, Any]] = (),
                audit: Sequence[Mapping[str, Any]] = (), done: Sequence[str] = ()) -> None:
        """One transaction: the events, the save's catalog entries, every audit record."""
        rows: list[FactRow] = [fact_row(e) for e in events]
        records = list(audit)
        if events:
            records.append(self._audit(prov, action, events))
        self.engine.commit(catalog=catalog, facts=rows, audit=records, done_pending=done)

    def _stamp(self) -> str:
        return record_stamps(1, self._index.latest)[0]

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Extract):
            # Finding candidates reads only the text: done before the locks, so writers in
            # other processes queue only for the decision and the commit. A save's are
            # usually found by the ingest actor already (``LeafText.candidates``); the rest,
            # for a short text, here rather than paying a worker-thread hop; long texts and
            # turns that read their earlier turns (the catalog, leaf files) go to a thread.
            unread = [leaf for leaf in message.leaves if leaf.candidates is None]
            if sum(len(leaf.text) for leaf in unread) <= INLINE_CHARS \
                    and not any(reads_earlier(leaf.text) for leaf in unread):
                found = self._candidates(message)
            else:
                found = await call_in_thread(self._candidates, message)
            # Lock, decide, commit, release: one worker-thread hop (``call_locked``).
            return await self.locks.call_locked(("catalog", "facts"), self._extract, message,
                                                found, actor=self.name)
        if isinstance(message, Retract):
            return await self.locks.call_locked(("facts",), self._retract, message,
                                                actor=self.name)
        if isinstance(message, Review):
            if message.action not in REVIEW_ACTIONS:
                raise UnknownOption("review action", message.action, REVIEW_ACTIONS)
            if message.action == "list":
                self._refresh()
                return (tuple(view(f) for f in self._full().pending())
                        + tuple(supersession_view(e) for e in self._supersessions()))
            return await self.locks.call_locked(("facts",), self._review, message,
                                                actor=self.name)
        self._refresh()  # (a no-op marker: no worker-thread hop for it)
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

    def _candidates(self, msg: Extract) -> list[tuple[Any, Any]]:
        # Imported on the first save: compiling the patterns costs ~130 ms, which a process
        # that only reads (a hook on every prompt, a search) must not pay.
        from actors.facts.patterns import extract_facts

        found: list[tuple[Any, Any]] = []
        for leaf in msg.leaves:
            candidates = leaf.candidates
            if candidates is None:
                earlier = (self._earlier_turns(msg, leaf.leaf_id) if reads_earlier(leaf.text)
                           else [])
                candidates = tuple(extract_facts(leaf.text, data_type=leaf.data_type,
                                                 entry_date=leaf.entry_date, earlier=earlier))
            for candidate in candidates:
                subject = scoped_subject(candidate.subject, leaf.scope, candidate.attribute)
                found.append((leaf, dataclasses.replace(candidate, subject=subject)))
        return found

    def _earlier_turns(self, msg: Extract, leaf_id: str) -> list[str]:
        """The texts of the turns saved before ``leaf_id`` in its conversation (same agent and
        source, ``CatalogReader.told_before``), oldest first: "we moved in last saturday!"
        moves into the home its speaker named in one of them, "his name is Keoni" names the
        someone its speaker started dating in their turn before (``context.reads_earlier``).
        The rebuild reads the same turns (``rebuild.earlier_texts``). Unreadable files are
        skipped."""
        entry = next((e for e in msg.catalog if str(e.get("id")) == leaf_id), None)
        if entry is None:
            return []
        texts: list[str] = []
        for e in reversed(self._leaves.told_before(entry, EARLIER_TURNS)):
            try:
                texts.append(read_leaf(self.layout.resolve(str(e["path"]))).text)
            except (MalformedFile, OSError):
                continue
        return texts

    def _joined(self, found: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
        """``found`` with each single preference also on the preference pairs it names a side
        of, held by its subject before it (``keys.pairs_joined``; the rebuild does the same,
        ``rebuild.pair_joins``): "Ahora prefiero el café" after "Prefiero el té al café"."""
        out: list[tuple[Any, Any]] = []
        held: dict[str, list[str]] = {}
        for leaf, cand in found:
            out.append((leaf, cand))
            if not cand.attribute.startswith("preference:"):
                continue
            subject, attribute = fact_key(cand.subject, cand.attribute)
            if subject not in held:
                held[subject] = [key for _s, key in
                                 self._index.keys_of_subject(cand.subject)]
            out.extend((leaf, dataclasses.replace(cand, attribute=pair))
                       for pair in pairs_joined(cand.attribute, cand.value, held[subject]))
            held[subject].append(attribute)
        return out

    def _extract(self, msg: Extract, found: list[tuple[Any, Any]]) -> FactReport:
        self._refresh()
        found = self._joined(found)
        known = self._leaves.known([str(e["id"]) for e in msg.catalog])
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
            current = before[key]
            if leaf.leaf_id in known and current is not None \
                    and (same_value(current.value, cand.value, cand.attribute)
                         or current.source_leaf_id == leaf.leaf_id):
                # a committed memory saved again while its value is still current says nothing
                # new (recorded twice, the timeline showed "Porto" after "Porto"); said again
                # after another value, it is the value again ("Lisbon", "Porto", "Lisbon").
                # Its own current value is never displaced by another of its own statements
                # recorded again: a memory does not outdate itself.
                continue
            event = fact_event(cand, leaf_id=leaf.leaf_id, recorded_at=stamp,
                               recorded_by=prov.as_dict(), origin=leaf.origin,
                               domain=leaf.domain, scope=leaf.scope)
            # Decided fact by fact in record order, earlier facts of this request included,
            # exactly as the rebuild decides it.
            event["pending"] = decide_pending(prior[key], event)
            prior[key].append(event)
            events.append(event)
            keys.append(key)
        superseded_leaf = pending_id = None
        chain: list[str] = []
        if msg.supersedes and msg.leaves and msg.supersedes_pending:
            # Tool-origin text correcting the user's memory: recorded, not applied; it waits
            # in the review queue like a tool-origin value that would overturn the user's.
            pending_id = "S-" + hashlib.sha256(
                f"{msg.supersedes}|{msg.leaves[0].leaf_id}|{stamps[-1]}".encode()
            ).hexdigest()[:16]
            events.append({"op": "supersede_leaf", "leaf_id": msg.supersedes,
                           "by_leaf_id": msg.leaves[0].leaf_id, "at": stamps[-1],
                           "by": prov.as_dict(), "review_id": pending_id, "pending": True})
        elif msg.supersedes and msg.leaves:
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
        catalog = [put(e) for e in msg.catalog if str(e["id"]) not in known]
        self._append(events, prov, "fact.record" if found else "memory.supersede",
                     catalog=catalog, audit=msg.audit,
                     done=[str(e["id"]) for e in msg.catalog])
        if not events:
            return FactReport()
        timeline = self._index.timeline(keys)
        new = [timeline.fact(e["fact_id"]) for e in events if e["op"] == "fact"]
        facts = [f for f in new if f is not None]
        notices: list[str] = []
        saved = {leaf.leaf_id for leaf in msg.leaves}
        for fact in facts:
            old = before.get(fact.key)
            current = timeline.current(fact.subject, fact.attribute)
            if fact.status == "ACTIVE" and old is not None \
                    and not same_value(old.value, fact.value, fact.attribute):
                notices.append(update_notice(old, fact))
            elif fact.status == "HISTORICAL" and current is not None \
                    and not same_value(current.value, fact.value, fact.attribute) \
                    and current.source_leaf_id not in saved:
                # (a value the same save states after it, "me he mudado a Madrid. Vivo en
                # Chamberí", is the memory's own later word: nothing to tell)
                notices.append(history_notice(fact, current))
        return FactReport(
            new_facts=tuple(view(f) for f in facts),
            notices=tuple(dict.fromkeys(notices)),
            pending=tuple(view(f) for f in facts if f.status == "PENDING"),
            blocked=tuple(view(f) for f in facts if f.status == "RETRACTED"),
            superseded_leaf=superseded_leaf,
            also_superseded=tuple(chain[1:]) if superseded_leaf else (),
            pending_supersession=pending_id,
            pending_superseded_leaf=msg.supersedes if pending_id else None,
        )

    def _audit(self, prov: Provenance, action: str, events: Iterable[dict[str, Any]]
               ) -> dict[str, Any]:
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
        return audit_record(actor=self.name, action=action, ids=ids, client=prov.agent,
                            session=prov.session, **details)

    # ------------------------------------------------------------------ retract / review

    def _retract(self, msg: Retract) -> RetractResult:
        target = (msg.target or "").strip()
        if not target:
            raise InvalidArgument("Give the id of the memory (L-...) or fact (F-...) to forget.")
        reason = " ".join((msg.reason or "").split())
        if not reason:
            raise InvalidArgument("Give a reason for forgetting it (it is kept in the audit log).")
        reason = redact_text(reason)  # the reason is kept on disk: no secret in it
        self._refresh()
        if self._index.has_fact(target):
            kind = "fact"
        else:
            entry = self._leaves.get(target)
            if entry is None or entry.get("kind") != "leaf":
                raise UnknownMemory(target)
            kind = "leaf"
        if msg.scope is not None:
            owner = self._scope_of(target, kind)
            refused = None if owner is None else refusal(
                target, owner, msg.scope, act="forgotten", again="forget_memory again",
                nothing="Nothing was changed.")
            if refused is not None:
                raise InvalidArgument(refused)
        already = self._already_retracted(target, kind)
        if not already:
            event = {"op": "retract", "target": target, "kind": kind, "reason": reason,
                     "at": self._stamp(), "by": msg.provenance.as_dict()}
            self._append([event], msg.provenance, f"retract.{kind}")
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

    def _scope_of(self, target: str, kind: str) -> str | None:
        """The scope of a fact, or of a memory (from its facts, else its leaf file)."""
        if kind == "fact":
            key = self._index.key_of(target)
            fact = self._index.timeline([key] if key else []).fact(target)
            return fact.scope if fact is not None else None
        for fact in self._index.timeline_for_leaves([target]).facts_for_leaf(target):
            return fact.scope
        entry = self._leaves.get(target)
        return str(entry.get("scope") or "") if entry is not None else None

    def _already_retracted(self, target: str, kind: str) -> bool:
        """Forgetting twice changes nothing (and the reply says it was already forgotten)."""
        if kind == "leaf":
            return self._index.timeline_for_leaves([target]).leaf_currency(target) == "RETRACTED"
        key = self._index.key_of(target)
        fact = self._index.timeline([key] if key else []).fact(target)
        return fact is not None and fact.status == "RETRACTED"

    def _supersessions(self) -> list[Mapping[str, Any]]:
        """Corrections of a memory waiting for review."""
        leaves = self._index.superseded_leaves()
        return self._index.timeline([], leaves=leaves).pending_supersessions()

    def _review_supersession(self, msg: Review) -> FactView | None:
        """Approve or reject a waiting correction (S-...); None when the id is not one."""
        waiting = {str(e.get("review_id")): e for e in self._supersessions()}
        event = waiting.get(msg.fact_id)
        if event is None:
            return None
        at, by = self._stamp(), msg.provenance.as_dict()
        decision = {"op": "supersede_leaf", "leaf_id": event["leaf_id"],
                    "by_leaf_id": event["by_leaf_id"], "review_id": msg.fact_id,
                    "decision": msg.action, "at": at, "by": by}
        # The correction's own values wait too (F-...): one decision is the user's word on
        # the whole correction, in the same transaction.
        by_leaf = str(event["by_leaf_id"])
        held = self._waiting_facts_of(by_leaf)
        values = [{"op": "review", "fact_id": fact_id, "decision": msg.action, "at": at,
                   "by": by} for fact_id in held]
        self._append([decision, *values], msg.provenance, f"review.{msg.action}")
        decided = self._index.timeline_for_leaves([by_leaf]).facts_for_leaf(by_leaf)
        status = "ACTIVE" if msg.action == "approve" else "REJECTED"
        return dataclasses.replace(
            supersession_view(event, status=status),
            decided_with=tuple(view(fact) for fact in decided if fact.fact_id in held))

    def _waiting_facts_of(self, leaf_id: str) -> list[str]:
        """The facts a memory stated that wait for review."""
        timeline = self._index.timeline_for_leaves([leaf_id])
        return [fact.fact_id for fact in timeline.facts_for_leaf(leaf_id)
                if fact.status == "PENDING"]

    def _review(self, msg: Review) -> FactView:
        self._refresh()
        key = self._index.key_of(msg.fact_id)
        if key is None:
            correction = self._review_supersession(msg)
            if correction is not None:
                return correction
            raise UnknownMemory(msg.fact_id)
        fact = self._index.timeline([key]).fact(msg.fact_id)
        if fact is None or fact.status != "PENDING":
            raise InvalidArgument(f"Fact {msg.fact_id} is not waiting for review "
                                  f"(its status is {fact.status if fact else 'unknown'}).")
        event = {"op": "review", "fact_id": msg.fact_id, "decision": msg.action,
                 "at": self._stamp(), "by": msg.provenance.as_dict()}
        self._append([event], msg.provenance, f"review.{msg.action}")
        decided = self._index.timeline([key]).fact(msg.fact_id)
        assert decided is not None
        return view(decided)

    # ------------------------------------------------------------------ queries

    def _full(self) -> Timeline:
        return self._index.timeline(self._index.keys())

    def _history(self, msg: History) -> tuple[FactView, ...]:
        # a thing a speaker told as their own is filed under the thing with its owner's name
        # ("Lachlan's mortgage rate" value, ``patterns.extract_facts``): it is theirs too
        mark = fact_key(msg.subject, "x")[0] + " s "
        owned = [key for key in self._index.keys() if key[0].startswith(mark)]
        keys = self._index.keys_of_subject(msg.subject)
        if msg.attribute:
            wanted = fact_key(msg.subject, msg.attribute)
            thing = fact_key(f"{msg.subject}'s {msg.attribute}", "value")
            # "editor" is the user's "tool:editor", "yoga" their "activity:yoga": an
            # attribute named without its kind is every kind's of that name
            keys = [wanted] if wanted in keys else \
                [key for key in keys if key[1].rpartition(":")[2] == wanted[1]] \
                or ([thing] if thing in owned else [wanted])
        else:
            keys += owned
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
