"""An index over fact events, so one key's timeline resolves without replaying the store.

``resolve`` replays whatever events it is given. Replaying every event of a 50,000-fact store on
each save would make saves slower as the store grows, so this index keeps, per key, the fact
events and the retract/review/supersede events that can touch them, and hands ``resolve`` only
that slice. ``FactIndex`` is pure and in-memory (the rebuild orders its replay with it);
``StoredFacts`` answers the same lookups from the facts table, which is what the actors use.
``fact_row`` computes the lookup columns a fact event is stored with.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from actors.facts.job_ends import with_employers
from actors.facts.keys import fact_key
from actors.facts.timeline import Timeline, resolve
from actors.text import parse_instant
from store.db import FactRow
from store.factlog import FactEventsReader

Event = Mapping[str, Any]
Key = tuple[str, str]


class FactIndex:
    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._facts_by_key: dict[Key, list[Event]] = {}
        self._key_of_fact: dict[str, Key] = {}
        self._keys_by_leaf: dict[str, set[Key]] = {}
        self._aux_by_fact: dict[str, list[Event]] = {}
        self._aux_by_leaf: dict[str, list[Event]] = {}
        self._subjects: dict[str, set[Key]] = {}
        self.events = 0
        self.latest: dt.datetime | None = None
        """The latest record time of any event taken in (new record times must be later)."""

    def add(self, event: Event) -> None:
        self.events += 1
        op = event.get("op")
        self._note_time(event.get("recorded_at") if op == "fact" else event.get("at"))
        try:
            if op == "fact":
                key = fact_key(str(event["subject"]), str(event["attribute"]))
                self._facts_by_key.setdefault(key, []).append(event)
                self._key_of_fact[str(event["fact_id"])] = key
                self._subjects.setdefault(key[0], set()).add(key)
                leaf = event.get("source_leaf_id")
                if leaf:
                    self._keys_by_leaf.setdefault(str(leaf), set()).add(key)
            elif op == "retract":
                target = str(event["target"])
                table = self._aux_by_leaf if event.get("kind") == "leaf" else self._aux_by_fact
                table.setdefault(target, []).append(event)
            elif op == "review":
                self._aux_by_fact.setdefault(str(event["fact_id"]), []).append(event)
            elif op == "supersede_leaf":
                self._aux_by_leaf.setdefault(str(event["leaf_id"]), []).append(event)
        except (KeyError, TypeError):
            return  # malformed; resolve() reports such events when it sees them

    def _note_time(self, stamp: Any) -> None:
        moment = parse_instant(stamp)
        if moment is None:
            return
        if self.latest is None or moment > self.latest:
            self.latest = moment

    # ------------------------------------------------------------------ lookups

    def has_fact(self, fact_id: str) -> bool:
        return fact_id in self._key_of_fact

    def key_of(self, fact_id: str) -> Key | None:
        return self._key_of_fact.get(fact_id)

    def keys(self) -> list[Key]:
        return sorted(self._facts_by_key)

    def keys_of_subject(self, subject: str) -> list[Key]:
        folded = fact_key(subject, "x")[0]
        return sorted(self._subjects.get(folded, ()))

    def keys_of_leaf(self, leaf_id: str) -> list[Key]:
        return sorted(self._keys_by_leaf.get(leaf_id, ()))

    def knows_leaf(self, leaf_id: str) -> bool:
        return leaf_id in self._keys_by_leaf or leaf_id in self._aux_by_leaf


    def slice(self, keys: Iterable[Key], leaves: Iterable[str] = ()) -> list[Event]:
        """Every event that can affect the given keys (and the given leaves' currency)."""
        out: list[Event] = []
        seen_leaves: set[str] = set()
        for key in with_employers(keys):
            for event in self._facts_by_key.get(key, ()):
                out.append(event)
                out.extend(self._aux_by_fact.get(str(event["fact_id"]), ()))
                leaf = event.get("source_leaf_id")
                if leaf and leaf not in seen_leaves:
                    seen_leaves.add(str(leaf))
                    out.extend(self._aux_by_leaf.get(str(leaf), ()))
        for leaf in leaves:
            if leaf not in seen_leaves:
                seen_leaves.add(leaf)
                out.extend(self._aux_by_leaf.get(leaf, ()))
        return out

    def timeline(self, keys: Iterable[Key], *, leaves: Iterable[str] = (),
                 as_of: dt.datetime | None = None) -> Timeline:
        return resolve(self.slice(keys, leaves), as_of=as_of)

    def timeline_for_leaves(self, leaf_ids: Iterable[str], *,
                            as_of: dt.datetime | None = None) -> Timeline:
        """A timeline that answers currency and notices for these leaves."""
        ids = list(leaf_ids)
        keys = [k for leaf in ids for k in self._keys_by_leaf.get(leaf, ())]
        return self.timeline(keys, leaves=ids, as_of=as_of)


# ---------------------------------------------------------------------------- stored events


def encode_key(key: Key) -> str:
    return f"{key[0]}\x1f{key[1]}"


def decode_key(value: str) -> Key:
    subject, _, attribute = value.partition("\x1f")
    return subject, attribute


def _micros(stamp: Any) -> int | None:
    moment = parse_instant(stamp)
    if moment is None:
        return None
    return int(moment.timestamp() * 1_000_000)


def fact_row(event: Event) -> FactRow:
    """A fact event with the columns the stored index looks it up by."""
    op = event.get("op")
    try:
        if op == "fact":
            key = fact_key(str(event["subject"]), str(event["attribute"]))
            leaf = event.get("source_leaf_id")
            return FactRow(event, encode_key(key), key[0], str(leaf) if leaf else None, None,
                           _micros(event.get("recorded_at")))
        at = _micros(event.get("at"))
        if op == "retract":
            target = str(event["target"])
            if event.get("kind") == "leaf":
                return FactRow(event, leaf=target, at_us=at)
            return FactRow(event, ref=target, at_us=at)
        if op == "review":
            return FactRow(event, ref=str(event["fact_id"]), at_us=at)
        if op == "supersede_leaf":
            return FactRow(event, leaf=str(event["leaf_id"]), at_us=at)
    except (KeyError, TypeError):
        pass
    return FactRow(event)  # malformed: stored, and reported by resolve() when replayed


class StoredFacts:
    """``FactIndex``'s lookups answered by the facts table (``store.factlog``): nothing is
    folded into memory, so a process starts without reading the facts, and every answer
    includes what other processes committed."""

    def __init__(self, reader: FactEventsReader) -> None:
        self.reader = reader

    @property
    def latest(self) -> dt.datetime | None:
        micros = self.reader.latest_us()
        if micros is None:
            return None
        return dt.datetime(1970, 1, 1, tzinfo=dt.UTC) + dt.timedelta(microseconds=micros)

    @property
    def events(self) -> int:
        return self.reader.count()

    def has_fact(self, fact_id: str) -> bool:
        return self.reader.key_of_fact(fact_id) is not None

    def key_of(self, fact_id: str) -> Key | None:
        found = self.reader.key_of_fact(fact_id)
        return decode_key(found) if found is not None else None

    def keys(self) -> list[Key]:
        return sorted(decode_key(k) for k in self.reader.keys())

    def keys_of_subject(self, subject: str) -> list[Key]:
        folded = fact_key(subject, "x")[0]
        return sorted(decode_key(k) for k in self.reader.keys_of_subject(folded))

    def keys_of_leaf(self, leaf_id: str) -> list[Key]:
        return sorted(decode_key(k) for k in set(self.reader.keys_of_leaves([leaf_id])))

    def keys_of_leaves(self, leaf_ids: Iterable[str]) -> list[Key]:
        """The keys of all these leaves in one query (a search asks about ~50 at once)."""
        ids = list(dict.fromkeys(leaf_ids))
        return sorted(decode_key(k) for k in set(self.reader.keys_of_leaves(ids))) if ids else []

    def knows_leaf(self, leaf_id: str) -> bool:
        return self.reader.leaf_known(leaf_id)

    def superseded_leaves(self) -> list[str]:
        """Memories that a ``supersede_leaf`` event names (applied, waiting or decided)."""
        return self.reader.superseded_leaves()

    def slice(self, keys: Iterable[Key], leaves: Iterable[str] = ()) -> list[Event]:
        """Every event that can affect the given keys (and the given leaves' currency)."""
        facts = self.reader.facts_of_keys([encode_key(k) for k in with_employers(keys)])
        fact_ids = [str(e.get("fact_id")) for e in facts]
        source_leaves = {str(e["source_leaf_id"]) for e in facts if e.get("source_leaf_id")}
        all_leaves = sorted(source_leaves | set(leaves))
        return [*facts, *self.reader.about_facts(fact_ids), *self.reader.about_leaves(all_leaves)]

    def timeline(self, keys: Iterable[Key], *, leaves: Iterable[str] = (),
                 as_of: dt.datetime | None = None) -> Timeline:
        return resolve(self.slice(keys, leaves), as_of=as_of)

    def timeline_for_leaves(self, leaf_ids: Iterable[str], *,
                            as_of: dt.datetime | None = None) -> Timeline:
        ids = list(leaf_ids)
        keys = [decode_key(k) for k in dict.fromkeys(self.reader.keys_of_leaves(ids))]
        return self.timeline(keys, leaves=ids, as_of=as_of)
