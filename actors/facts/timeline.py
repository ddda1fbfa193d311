"""Resolve the facts journal into a bitemporal, read-only timeline.

The facts journal is an append-only list of JSON events (shapes in ``resolve``'s docstring). This
module replays it; it never reads or writes files, never mutates its input and never raises on a
well-formed journal. A malformed event is skipped and listed in ``Timeline.skipped`` so the actor
can log it: one bad hand edit must not make every fact unreadable.

Ordering rules (each key (subject, attribute), keyed by ``fact_key``, has one ordered list):

1. Events are replayed in record order: by recorded time (``recorded_at`` / ``at``), ties broken
   by op (fact, review, retract, supersede_leaf), then id, then the event's canonical JSON, so
   the result does not depend on the order of the input list.
2. An UNDATED fact goes at the end of its key's list: it is a fresh statement of the present,
   newer than everything recorded before it.
3. A DATED fact goes right after the last element that is undated or has ``valid_from`` <= its
   own; with no such element it goes first. Dates therefore order dated facts, a dated fact
   recorded later outranks undated facts recorded before it, and an undated value never outranks
   a later-recorded correction on the strength of an implied date. RETRACTED and REJECTED
   elements are not anchors (they no longer say anything); PENDING ones are, because approval
   makes them take part at the position they arrived at.
4. RETRACTED, PENDING and REJECTED facts stay in the list for history but are skipped when
   deciding ACTIVE/HISTORICAL, ``valid_to``, ``superseded_by`` and ``confirms``. The ACTIVE fact
   is the last non-skipped element; every earlier non-skipped one is HISTORICAL.
5. Review: the latest review of a fact recorded ``pending`` decides; approve makes it take part
   at its position, reject makes it REJECTED. Reviews of facts not recorded pending are ignored.
6. Tombstones: retracting a fact (or a leaf, which retracts every fact it sources, including
   ones replayed later) makes the previous value current again. A later re-save of the same
   value is a new fact and is placed by rules 2-3, EXCEPT that a re-save of the same
   (key, value) whose ``valid_from`` is strictly older than a retracted fact's ``valid_from``
   (both dated) is RETRACTED too: an older-dated re-save does not undo the retraction.
7. ``superseded_at`` is the record time at which a fact last stopped being current: the
   recorded time of the fact (or approval) that displaced it, or the time it joined the order
   if it was displaced on arrival. It is set only on HISTORICAL facts.

A ``supersede_leaf`` event changes leaf currency, and the facts the leaf sources keep their
place in the timeline (the correcting leaf's own facts are what change the answer), EXCEPT a
fact the superseding leaf restates for the same attribute with a validity starting no later,
or undated and said the same day (a correction: "I moved to Porto, not Lisbon"): it was never true,
so it is RETRACTED ("corrected by <leaf>") and no history shows it. A superseding leaf whose
value starts later is a change, and the old value stays as history.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from actors.facts import notices
from actors.facts.job_ends import end_roles
from actors.facts.keys import fact_key, same_value, value_name
from actors.text import parse_instant

FactStatus = Literal["ACTIVE", "HISTORICAL", "RETRACTED", "PENDING", "REJECTED"]
LeafCurrency = Literal["CURRENT", "SUPERSEDED", "RETRACTED", "PENDING"]

_OP_RANK = {"fact": 0, "review": 1, "retract": 2, "supersede_leaf": 3}


def fact_id_for(
    leaf_id: str | None, subject: str, attribute: str, value: str, recorded_at: str
) -> str:
    """A fact id: 'F-' + 10 hex characters of sha256 over the recording (unique per recording)."""
    raw = "\x1f".join([leaf_id or "", subject, attribute, value, recorded_at])
    return "F-" + hashlib.sha256(raw.encode("utf-8")).hexdigest()[:10]


@dataclass(frozen=True)
class ResolvedFact:
    """One fact event with the status the replay gave it."""

    fact_id: str
    subject: str
    attribute: str
    value: str
    valid_from: str | None
    """Valid time (from the text), ISO date, or None when the text gave no date."""
    recorded_at: str
    """Record time: when the store learned it (ISO-8601 UTC)."""
    recorded_by: Mapping[str, Any]
    origin: str
    source_leaf_id: str | None
    domain: str
    scope: str
    pending: bool
    """As recorded: True when the fact waited for review on arrival."""
    status: FactStatus
    valid_to: str | None = None
    """The successor's valid_from, or the successor's recorded date when it is undated."""
    superseded_by: str | None = None
    superseded_at: str | None = None
    retraction_reason: str | None = None
    retracted_at: str | None = None
    review: str | None = None
    """The deciding review ('approve' / 'reject') of a pending fact, if any."""
    confirms: bool = False
    """Same value as the non-skipped fact before it: a confirmation, not a change."""
    key: tuple[str, str] = ("", "")

    @property
    def valid_since(self) -> dt.date:
        """Where the fact's validity starts: valid_from, else its recorded date. An undated
        fact whose successor is valid from before that date held before its successor, since
        a time the text does not give ("lumen requires Node 20", saved undated today, then
        "2026-04-02: lumen moved to Node 22", answers "which Node version did lumen need in
        2025?"): it counts from the earliest day."""
        since = _date_or_recorded(self.valid_from, self.recorded_at)
        until = _parse_day(self.valid_to) if self.valid_from is None else None
        return _EARLIEST if until is not None and until <= since else since


Change = tuple[tuple[str, str], str, str, str, str]
"""(fact key, subject, attribute, a leaf's value, the current value or '') of one notice."""
Teller = Callable[[str], str | None]
"""Who told what a memory (by its id) holds: a named speaker's name, None for the user."""


@dataclass
class _Entry:
    """Mutable replay state of one fact; frozen into a ResolvedFact at the end."""

    event: Mapping[str, Any]
    fact_id: str
    key: tuple[str, str]
    valid_from: dt.date | None
    recorded_at: str
    recorded_pending: bool
    order: int
    review: str | None = None
    retracted: bool = False
    retraction_reason: str | None = None
    retracted_at: str | None = None
    superseded_at: str | None = None

    @property
    def skipped(self) -> bool:
        if self.retracted or self.review == "reject":
            return True
        return self.recorded_pending and self.review != "approve"

    @property
    def value(self) -> str:
        return str(self.event["value"])

    @property
    def since(self) -> dt.date:
        """Where its validity starts: valid_from, else its recorded day."""
        return self.valid_from or self.recorded_day

    @property
    def recorded_day(self) -> dt.date:
        return _parse_time(self.recorded_at).date()

    def corrects(self, other: _Entry) -> bool:
        """As the value of a memory superseding ``other``'s: a correction of it, not a change
        — its validity starts no later, or it has no date and was said the same day."""
        return self.since <= other.since or (
            self.valid_from is None and self.recorded_day == other.recorded_day)


@dataclass(frozen=True)
class _Tomb:
    value: str
    valid_from: dt.date | None


def _parse_time(text: Any) -> dt.datetime:
    moment = parse_instant(text)
    if moment is None:
        raise ValueError(f"not an ISO timestamp: {text!r}")
    return moment


def _parse_day(text: Any) -> dt.date | None:
    if text is None or text == "":
        return None
    if not isinstance(text, str):
        raise ValueError("valid_from must be an ISO date or null")
    return dt.date.fromisoformat(text[:10])


_EARLIEST = dt.date.min + dt.timedelta(days=1)
"""The start of an undated value known only to have held before a dated one (one day past
``date.min``, so a day before it is still a date)."""


def _date_or_recorded(valid_from: str | None, recorded_at: str) -> dt.date:
    day = _parse_day(valid_from)
    return day if day is not None else _parse_time(recorded_at).date()


def _event_time(event: Mapping[str, Any]) -> dt.datetime:
    return _parse_time(event.get("recorded_at") if event.get("op") == "fact" else event.get("at"))


def _event_id(event: Mapping[str, Any]) -> str:
    for name in ("fact_id", "target", "leaf_id"):
        if isinstance(event.get(name), str):
            return str(event[name])
    return ""


def event_order(event: Mapping[str, Any]) -> tuple[dt.datetime, int, str]:
    """Where an event falls in the replay (rule 1), for writers that must decide in that order.

    Raises ValueError for an event without a readable time (``resolve`` would skip it).
    """
    op = event.get("op")
    if op not in _OP_RANK:
        raise ValueError(f"unknown op {op!r}")
    return _event_time(event), _OP_RANK[str(op)], _event_id(event)


def _as_utc(as_of: dt.datetime | dt.date) -> dt.datetime:
    if not isinstance(as_of, dt.datetime):
        # A bare date means "as of the end of that day".
        return dt.datetime.combine(as_of, dt.time.max, tzinfo=dt.UTC)
    return as_of.replace(tzinfo=dt.UTC) if as_of.tzinfo is None else as_of.astimezone(dt.UTC)


@dataclass
class _Replay:
    """The replay's working state; only ``resolve`` drives it."""

    lists: dict[tuple[str, str], list[_Entry]] = field(default_factory=dict)
    by_id: dict[str, _Entry] = field(default_factory=dict)
    by_leaf: dict[str, list[_Entry]] = field(default_factory=dict)
    tombs: dict[tuple[str, str], list[_Tomb]] = field(default_factory=dict)
    retracted_ids: dict[str, tuple[str, str]] = field(default_factory=dict)
    retracted_leaves: dict[str, tuple[str, str]] = field(default_factory=dict)
    leaf_superseded_by: dict[str, str] = field(default_factory=dict)
    pending_supersessions: dict[str, Mapping[str, Any]] = field(default_factory=dict)
    decided_supersessions: set[str] = field(default_factory=set)
    order: int = 0

    def current(self, key: tuple[str, str]) -> _Entry | None:
        for entry in reversed(self.lists.get(key, [])):
            if not entry.skipped:
                return entry
        return None

    def settle(self, key: tuple[str, str], before: _Entry | None, at: str,
               joined: _Entry | None = None) -> None:
        """Record who stopped being current after one event changed ``key``."""
        after = self.current(key)
        if before is not None and before is not after and not before.skipped:
            before.superseded_at = at
        if joined is not None and joined is not after and not joined.skipped:
            joined.superseded_at = at
        if after is not None:
            after.superseded_at = None

    def add_fact(self, event: Mapping[str, Any]) -> None:
        for name in ("fact_id", "subject", "attribute", "value", "recorded_at"):
            if not isinstance(event.get(name), str):
                raise ValueError(f"fact event without a string {name!r}")
        fact_id = str(event["fact_id"])
        if fact_id in self.by_id:
            raise ValueError(f"duplicate fact id {fact_id}")
        key = fact_key(str(event["subject"]), str(event["attribute"]))
        entry = _Entry(
            event=event,
            fact_id=fact_id,
            key=key,
            valid_from=_parse_day(event.get("valid_from")),
            recorded_at=str(event["recorded_at"]),
            recorded_pending=bool(event.get("pending", False)),
            order=self.order,
        )
        self.order += 1
        before = self.current(key)
        self.by_id[fact_id] = entry
        leaf = event.get("source_leaf_id")
        if isinstance(leaf, str) and leaf:
            self.by_leaf.setdefault(leaf, []).append(entry)
            if leaf in self.retracted_leaves:
                self._mark_retracted(entry, *self.retracted_leaves[leaf])
        if fact_id in self.retracted_ids:
            self._mark_retracted(entry, *self.retracted_ids[fact_id])
        if not entry.retracted:
            for tomb in self.tombs.get(key, []):
                if (
                    same_value(tomb.value, entry.value, key[1])
                    and tomb.valid_from is not None
                    and entry.valid_from is not None
                    and entry.valid_from < tomb.valid_from
                ):
                    self._mark_retracted(
                        entry,
                        "an older-dated re-save does not undo the retraction",
                        entry.recorded_at,
                    )
                    break
        entries = self.lists.setdefault(key, [])
        entries.insert(_insert_index(entries, entry.valid_from), entry)
        self.settle(key, before, entry.recorded_at, joined=entry)

    def _mark_retracted(self, entry: _Entry, reason: str, at: str) -> None:
        if entry.retracted:
            return
        entry.retracted = True
        entry.retraction_reason = reason
        entry.retracted_at = at
        self.tombs.setdefault(entry.key, []).append(_Tomb(entry.value, entry.valid_from))

    def retract(self, event: Mapping[str, Any]) -> None:
        target = event.get("target")
        if not isinstance(target, str) or not target:
            raise ValueError("retract event without a target")
        at = str(event.get("at"))
        reason = str(event.get("reason") or "retracted")
        kind = event.get("kind") or ("fact" if target.startswith("F-") else "leaf")
        if kind == "leaf":
            self.retracted_leaves.setdefault(target, (reason, at))
            victims = list(self.by_leaf.get(target, []))
        else:
            self.retracted_ids.setdefault(target, (reason, at))
            victims = [self.by_id[target]] if target in self.by_id else []
        for entry in victims:
            before = self.current(entry.key)
            self._mark_retracted(entry, reason, at)
            self.settle(entry.key, before, at)

    def review(self, event: Mapping[str, Any]) -> None:
        decision = event.get("decision")
        if decision not in ("approve", "reject"):
            raise ValueError("review decision must be 'approve' or 'reject'")
        entry = self.by_id.get(str(event.get("fact_id")))
        if entry is None or not entry.recorded_pending:
            return
        before = self.current(entry.key)
        entry.review = str(decision)
        self.settle(entry.key, before, str(event.get("at")), joined=entry)

    def supersede_leaf(self, event: Mapping[str, Any]) -> None:
        leaf, by = event.get("leaf_id"), event.get("by_leaf_id")
        if not isinstance(leaf, str) or not isinstance(by, str):
            raise ValueError("supersede_leaf needs leaf_id and by_leaf_id")
        review_id = str(event.get("review_id") or "")
        if event.get("pending"):
            # A tool-origin memory marking a user's memory outdated: not applied until a
            # review approves it (a later event of the same review_id with a decision).
            if review_id and review_id not in self.decided_supersessions:
                self.pending_supersessions[review_id] = event
            return
        if review_id:
            self.decided_supersessions.add(review_id)
            self.pending_supersessions.pop(review_id, None)
            if event.get("decision") == "reject":
                return
        self.leaf_superseded_by[leaf] = by
        at = str(event.get("at"))
        for entry in list(self.by_leaf.get(leaf, [])):
            if not entry.retracted and any(
                    fix.key == entry.key and not fix.skipped and fix.corrects(entry)
                    for fix in self.by_leaf.get(by, [])):
                before = self.current(entry.key)
                self._mark_retracted(entry, f"corrected by {by}", at)
                self.settle(entry.key, before, at)


def _insert_index(entries: list[_Entry], valid_from: dt.date | None) -> int:
    """Rules 2-3 of the module docstring."""
    if valid_from is None:
        return len(entries)
    for index in range(len(entries) - 1, -1, -1):
        other = entries[index]
        if other.retracted or other.review == "reject":
            continue
        if other.valid_from is None or other.valid_from <= valid_from:
            return index + 1
    return 0


def _freeze(entries: list[_Entry]) -> list[ResolvedFact]:
    """Give one key's ordered entries their status, valid_to, successor and confirms flag."""
    live = [e for e in entries if not e.skipped]
    successor = {id(a): b for a, b in zip(live, live[1:], strict=False)}
    out: list[ResolvedFact] = []
    previous: _Entry | None = None
    shown = ""  # the value ``previous`` is shown with
    for entry in entries:
        confirms = previous is not None and same_value(previous.value, entry.value,
                                                       entry.key[1])
        value = entry.value
        if confirms and len(shown) > len(value) and value_name(shown) != value_name(value):
            # "Northwind Health", then "promoted at Northwind": one firm, named in full
            value = shown
        status: FactStatus
        if entry.retracted:
            status = "RETRACTED"
        elif entry.review == "reject":
            status = "REJECTED"
        elif entry.skipped:
            status = "PENDING"
        elif id(entry) in successor:
            status = "HISTORICAL"
        else:
            status = "ACTIVE"
        nxt = successor.get(id(entry))
        valid_to = None
        if nxt is not None:
            valid_to = nxt.valid_from.isoformat() if nxt.valid_from else nxt.recorded_at[:10]
        ev = entry.event
        leaf = ev.get("source_leaf_id")
        by = ev.get("recorded_by")
        out.append(
            ResolvedFact(
                fact_id=entry.fact_id,
                subject=str(ev["subject"]),
                attribute=str(ev["attribute"]),
                value=value,
                valid_from=entry.valid_from.isoformat() if entry.valid_from else None,
                recorded_at=entry.recorded_at,
                recorded_by=dict(by) if isinstance(by, Mapping) else {},
                origin=str(ev.get("origin") or "user"),
                source_leaf_id=leaf if isinstance(leaf, str) and leaf else None,
                domain=str(ev.get("domain") or ""),
                scope=str(ev.get("scope") or ""),
                pending=entry.recorded_pending,
                status=status,
                valid_to=valid_to,
                superseded_by=nxt.fact_id if nxt is not None else None,
                superseded_at=entry.superseded_at if status == "HISTORICAL" else None,
                retraction_reason=entry.retraction_reason,
                retracted_at=entry.retracted_at,
                review=entry.review,
                confirms=confirms,
                key=entry.key,
            )
        )
        if not entry.skipped:
            previous, shown = entry, value
    return out


def resolve(
    events: Iterable[Mapping[str, Any]], *, as_of: dt.datetime | dt.date | None = None
) -> Timeline:
    """Replay journal events (optionally only those recorded at or before ``as_of``).

    Event shapes (JSON objects as stored in the facts journal):
      {"op": "fact", "fact_id", "subject", "attribute", "value", "valid_from": "YYYY-MM-DD"|null,
       "recorded_at": ISO UTC, "recorded_by": {...}, "origin": "user"|"agent"|"tool",
       "source_leaf_id": str|null, "domain", "scope", "pending": bool}
      {"op": "retract", "target": fact_id|leaf_id, "kind": "fact"|"leaf", "reason", "at", "by"}
      {"op": "review", "fact_id", "decision": "approve"|"reject", "at", "by"}
      {"op": "supersede_leaf", "leaf_id", "by_leaf_id", "at", "by"}
        (+ "review_id" and "pending": true when it waits for review; a later event with the
        same review_id and "decision": "approve"|"reject" settles it)
    """
    limit = _as_utc(as_of) if as_of is not None else None
    skipped: list[tuple[int, str]] = []
    timed: list[tuple[dt.datetime, int, str, str, int, Mapping[str, Any]]] = []
    for index, event in enumerate(events):
        try:
            op = event.get("op")
            if op not in _OP_RANK:
                raise ValueError(f"unknown op {op!r}")
            stamp = _event_time(event)
            canonical = json.dumps(event, sort_keys=True, default=str)
        except (ValueError, TypeError, AttributeError) as exc:
            skipped.append((index, str(exc)))
            continue
        if limit is not None and stamp > limit:
            continue
        timed.append((stamp, _OP_RANK[str(op)], _event_id(event), canonical, index, event))
    timed.sort(key=lambda item: item[:4])
    replay = _Replay()
    handlers = {
        "fact": replay.add_fact,
        "retract": replay.retract,
        "review": replay.review,
        "supersede_leaf": replay.supersede_leaf,
    }
    for _stamp, _rank, _id, _canon, index, event in timed:
        try:
            handlers[str(event["op"])](event)
        except (ValueError, TypeError, KeyError) as exc:
            skipped.append((index, str(exc)))
    return Timeline(replay, skipped)


class Timeline:
    """The resolved state of every fact key; read-only after construction."""

    __slots__ = ("_by_key", "_by_id", "_order", "_leaf_facts", "_retracted_leaves",
                 "_leaf_superseded_by", "_pending_supersessions", "skipped", "_currency")

    def __init__(self, replay: _Replay, skipped: list[tuple[int, str]]) -> None:
        self._by_key: dict[tuple[str, str], tuple[ResolvedFact, ...]] = end_roles({
            key: tuple(_freeze(entries)) for key, entries in replay.lists.items()
        })
        self._by_id = {f.fact_id: f for facts in self._by_key.values() for f in facts}
        self._order = tuple(
            self._by_id[e.fact_id] for e in sorted(replay.by_id.values(), key=lambda e: e.order)
        )
        self._leaf_facts = {
            leaf: tuple(self._by_id[e.fact_id] for e in entries)
            for leaf, entries in replay.by_leaf.items()
        }
        self._retracted_leaves = frozenset(replay.retracted_leaves)
        self._leaf_superseded_by = dict(replay.leaf_superseded_by)
        self._pending_supersessions = dict(replay.pending_supersessions)
        self.skipped: tuple[tuple[int, str], ...] = tuple(skipped)
        """(input index, reason) of each malformed event that was left out."""
        self._currency: dict[str, LeafCurrency] = {}
        """``leaf_currency`` per leaf asked: a search asks it of each ranked memory several
        times (~170 calls a search, each folding the keys of the memory's facts again)."""

    # ----------------------------------------------------------------- facts

    def keys(self) -> list[tuple[str, str]]:
        """Every (subject, attribute) key, folded as by ``fact_key``, sorted."""
        return sorted(self._by_key)

    def facts_for(self, subject: str, attribute: str) -> list[ResolvedFact]:
        """One key's facts in timeline order (oldest first), skipped ones included."""
        return list(self._by_key.get(fact_key(subject, attribute), ()))

    def current(self, subject: str, attribute: str) -> ResolvedFact | None:
        """The ACTIVE fact of a key, if any."""
        for fact in reversed(self._by_key.get(fact_key(subject, attribute), ())):
            if fact.status == "ACTIVE":
                return fact
        return None

    def all_facts(self) -> list[ResolvedFact]:
        """Every fact in record (replay) order."""
        return list(self._order)

    def fact(self, fact_id: str) -> ResolvedFact | None:
        return self._by_id.get(fact_id)

    def facts_for_leaf(self, leaf_id: str) -> list[ResolvedFact]:
        """The facts a leaf sources, in record order."""
        return list(self._leaf_facts.get(leaf_id, ()))

    def pending(self) -> list[ResolvedFact]:
        """The review queue: PENDING facts in record order."""
        return [f for f in self._order if f.status == "PENDING"]

    def state_at(
        self, subject: str, attribute: str, valid_time: dt.date | dt.datetime
    ) -> ResolvedFact | None:
        """What was true at ``valid_time``: the last live fact (in timeline order) whose
        validity had started by then; undated facts count from their recorded date."""
        day = valid_time.date() if isinstance(valid_time, dt.datetime) else valid_time
        found: ResolvedFact | None = None
        for fact in self._by_key.get(fact_key(subject, attribute), ()):
            if fact.status in ("ACTIVE", "HISTORICAL") and fact.valid_since <= day:
                found = fact
        return found

    def would_supersede_user_fact(
        self,
        subject: str,
        attribute: str,
        value: str,
        origin: str,
        valid_from: str | dt.date | None = None,
        recorded_at: str | None = None,
    ) -> ResolvedFact | None:
        """The current user-origin fact a new tool-origin fact would displace, else None.

        The actor records such a fact with ``pending=True``. A tool fact that only confirms the
        current value, or that would land behind it (an older date), displaces nothing.
        ``recorded_at`` is accepted for symmetry: a new fact is always the latest recording.
        """
        del recorded_at
        if origin != "tool":
            return None
        current = self.current(subject, attribute)
        if current is None or same_value(current.value, value, attribute):
            return None
        facts = self._by_key[fact_key(subject, attribute)]
        if current.origin != "user" and not (
                current.review == "approve"
                or any(f.origin == "user" and f.status != "RETRACTED" for f in facts)):
            # Only the user's word is protected: a key the user never spoke about takes tool
            # values as they come. Once the user did (or a reviewer approved a tool value),
            # every later tool value for the key waits for review too.
            return None
        day = valid_from if isinstance(valid_from, dt.date) else _parse_day(valid_from)
        shadow = [
            _Entry(event={}, fact_id=f.fact_id, key=f.key,
                   valid_from=_parse_day(f.valid_from), recorded_at=f.recorded_at,
                   recorded_pending=f.status == "PENDING", order=0,
                   retracted=f.status == "RETRACTED",
                   review="reject" if f.status == "REJECTED" else None)
            for f in facts
        ]
        position = _insert_index(shadow, day)
        return current if position > facts.index(current) else None

    # ----------------------------------------------------------------- leaves

    def leaf_currency(self, leaf_id: str) -> LeafCurrency:
        """RETRACTED (leaf retracted), SUPERSEDED (explicitly, or it sources facts and none is
        ACTIVE or PENDING or names the current value again), PENDING (sources a PENDING fact
        and no ACTIVE one), else CURRENT. Worked out once per leaf: nothing it reads changes
        after construction."""
        found = self._currency.get(leaf_id)
        if found is None:
            found = self._currency[leaf_id] = self._leaf_currency(leaf_id)
        return found

    def _leaf_currency(self, leaf_id: str) -> LeafCurrency:
        if leaf_id in self._retracted_leaves:
            return "RETRACTED"
        if leaf_id in self._leaf_superseded_by:
            return "SUPERSEDED"
        facts = self._leaf_facts.get(leaf_id, ())
        if not facts:
            return "CURRENT"
        statuses = {f.status for f in facts}
        if "ACTIVE" in statuses or any(self._still_said(f) for f in facts):
            return "CURRENT"
        if "PENDING" in statuses:
            return "PENDING"
        return "SUPERSEDED"

    def _still_said(self, fact: ResolvedFact) -> bool:
        """A HISTORICAL fact whose value the current one names again ("Bol.com", then "First
        week at Bol done"): the memory stating it says what is still true, so the later
        spelling does not outdate it."""
        if fact.status != "HISTORICAL":
            return False
        current = self.current(fact.subject, fact.attribute)
        return current is not None and same_value(current.value, fact.value, fact.attribute)

    def pending_supersessions(self) -> list[Mapping[str, Any]]:
        """Supersessions waiting for review (their ``supersede_leaf`` events), oldest first."""
        return sorted(self._pending_supersessions.values(), key=lambda e: str(e.get("at")))

    def changed_facts(self, leaf_id: str) -> list[tuple[ResolvedFact, ResolvedFact]]:
        """(the leaf's fact, the current fact of its key) for every fact of the leaf a later
        value replaced: what outdated the leaf. Empty when the leaf was superseded as a whole
        (an explicit ``by_leaf_id``) or is not superseded."""
        if leaf_id in self._leaf_superseded_by or self.leaf_currency(leaf_id) != "SUPERSEDED":
            return []
        return self._replaced(leaf_id)

    def partly_changed(self, leaf_id: str) -> list[tuple[ResolvedFact, ResolvedFact]]:
        """``changed_facts`` of a memory still current by another of its facts (shown PARTLY
        OUTDATED: "My boyfriend Conor is a sound engineer" once "Conor and I broke up" is
        told, his job still true): each replaced fact with the fact that replaced it, when
        another memory told that one. That is the first later value, not the current one:
        once "I've been seeing someone. Dara, ..." follows the break-up, what ended Conor is
        still the break-up ("Why did the relationship end?")."""
        if self.leaf_currency(leaf_id) != "CURRENT":
            return []
        out: list[tuple[ResolvedFact, ResolvedFact]] = []
        for fact, _current in self._replaced(leaf_id):
            ender = self._ended_by(fact)
            if ender is not None and not self._still_said(fact) \
                    and not self._replaced_within(leaf_id, fact) \
                    and ender.source_leaf_id not in (None, leaf_id):
                out.append((fact, ender))
        return out

    def _ended_by(self, fact: ResolvedFact) -> ResolvedFact | None:
        """The first later fact of ``fact``'s key telling another value (a confirmation of the
        same value ends nothing)."""
        after = self._by_id.get(fact.superseded_by) if fact.superseded_by else None
        while after is not None and after.confirms and after.superseded_by:
            after = self._by_id.get(after.superseded_by)
        return None if after is None or after.confirms else after

    def _replaced(self, leaf_id: str) -> list[tuple[ResolvedFact, ResolvedFact]]:
        out: list[tuple[ResolvedFact, ResolvedFact]] = []
        for fact in self._leaf_facts.get(leaf_id, ()):
            current = self.current(fact.subject, fact.attribute)
            if fact.status == "HISTORICAL" and current is not None:
                out.append((fact, current))
        return out

    def superseding_leaf(self, leaf_id: str) -> str | None:
        """The leaf that replaced this one: the explicit ``by_leaf_id``, else the leaf sourcing
        the current fact that displaced one of this leaf's facts."""
        if leaf_id in self._leaf_superseded_by:
            return self._leaf_superseded_by[leaf_id]
        if self.leaf_currency(leaf_id) != "SUPERSEDED":
            return None
        for fact in self._leaf_facts.get(leaf_id, ()):
            current = self.current(fact.subject, fact.attribute)
            if (
                fact.status == "HISTORICAL"
                and current is not None
                and current.source_leaf_id not in (None, leaf_id)
            ):
                return current.source_leaf_id
        return None

    def _replaced_within(self, leaf_id: str, fact: ResolvedFact) -> bool:
        """Whether the leaf itself states a later value of ``fact``'s key ("I quit Brightline!
        I'm going freelance"): the memory ends on that value, which alone is compared with
        the current one (the same when a later memory confirms it)."""
        facts = self._leaf_facts.get(leaf_id, ())
        return any(other.key == fact.key and other.status in ("ACTIVE", "HISTORICAL")
                   and (other.valid_from or "") >= (fact.valid_from or "")
                   for other in facts[facts.index(fact) + 1:])

    def notices_for_leaf(self, leaf_id: str, told_by: Teller | None = None) -> list[str]:
        """Read-time notices for a leaf's stale facts, compared with each key's CURRENT value.

        A fact whose value equals the current one (a revert, a confirmation) gets no notice;
        a notice never names a retracted, pending or rejected value as current. ``told_by``
        names who told the value a memory holds (``notices.YOU`` for the user, by default).
        """
        return list(dict.fromkeys(text for _change, text
                                  in self.notices_with_changes(leaf_id, told_by)))

    def notices_with_changes(self, leaf_id: str, told_by: Teller | None = None
                             ) -> list[tuple[Change, str]]:
        """``notices_for_leaf``'s notices, each with the change it tells (key, subject,
        attribute, the leaf's value, the current value or ''), for a reader that shows a notice
        only where the question bears on it (``navigation.bearing``)."""
        def who(source: str | None) -> str:
            return (told_by(source) if told_by is not None and source else None) \
                or notices.YOU
        if leaf_id in self._retracted_leaves:
            return []
        out: list[tuple[Change, str]] = []
        for fact in self._leaf_facts.get(leaf_id, ()):
            current = self.current(fact.subject, fact.attribute)
            same = current is not None and same_value(current.value, fact.value,
                                                          fact.attribute)
            if current is not None and current.source_leaf_id == leaf_id:
                # the memory's own later word ("I quit the BBC! Starting at Channel 4 next
                # month"): a memory never outdates itself
                continue
            if current is not None and fact.status == "HISTORICAL" \
                    and self._replaced_within(leaf_id, fact):
                # "I left Ledgerly ... starting at Northwind Health on the 16th": the ending
                # is no news to whoever reads the memory; its last value is compared (and
                # "promoted at Northwind" later confirms it: no notice at all)
                continue
            change = (fact.key, fact.subject, fact.attribute, fact.value,
                      current.value if current is not None else "")
            if fact.status == "HISTORICAL" and current is not None and not same:
                out.append((change, notices.update_notice(
                    fact, current, who(fact.source_leaf_id), who(current.source_leaf_id))))
            elif fact.status == "RETRACTED" and not same:
                out.append((change, notices.retraction_notice(
                    fact, current, who(fact.source_leaf_id))))
            elif fact.status == "PENDING" and not same:
                out.append((change, notices.pending_notice(fact, current)))
            elif fact.status == "REJECTED" and not same:
                out.append((change, notices.rejection_notice(fact, current)))
        return out
