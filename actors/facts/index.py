"""An index over fact events, so one key's timeline resolves without replaying the store.

``resolve`` replays whatever events it is given. Replaying every event of a 50,000-fact store on
each save would make saves slower as the store grows, so this index keeps, per key, the fact
events and the retract/review/supersede events that can touch them, and hands ``resolve`` only
that slice. Pure and in-memory: each actor that needs a timeline owns one, fed from its own
facts-journal reader.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from actors.facts.keys import fact_key
from actors.facts.timeline import Timeline, resolve
from actors.text import parse_instant

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

    def add_all(self, events: Iterable[Event]) -> None:
        for event in events:
            self.add(event)

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

    def event_leaves(self) -> list[str]:
        """Memories that retract or supersede events name (with or without facts)."""
        return sorted(self._aux_by_leaf)

    def slice(self, keys: Iterable[Key], leaves: Iterable[str] = ()) -> list[Event]:
        """Every event that can affect the given keys (and the given leaves' currency)."""
        out: list[Event] = []
        seen_leaves: set[str] = set()
        for key in dict.fromkeys(keys):
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
