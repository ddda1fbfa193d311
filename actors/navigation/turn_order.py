"""The catalog's answers about conversation order, kept while the catalog is unchanged.

A search asks the catalog which memory the same agent saved right after each leading memory
(its next turn, whether the assistant answered it) and which turns were saved around the
best one: ~18 SQLite look-ups a search at 50k memories (~1 ms), about the same memories
search after search. Their answers are a function of the catalog's rows, and the read model's
``seq`` (the catalog's change sequence it has taken in, moved by every ``refresh`` that sees
a change by any process) names that state: answers are kept under it and all dropped when
it moves (or when the read model or its index is replaced: a rebuild). Between two
refreshes they are the catalog as the read model last saw it, like every other answer of
the read model's (its entries, texts and leaves).

This module asks the catalog and keeps answers; it decides nothing about a search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from actors.navigation.catalog_feed import CatalogView

KEPT = 4096
"""Answers kept for one catalog state at most (a search asks a few dozen)."""

_Key = tuple[Any, Any, Any, Any, int]


class _Model(Protocol):
    """What this reads of ``ReadModel``."""

    catalog: CatalogView
    seq: int

    @property
    def index(self) -> object: ...


def _key(entry: Mapping[str, Any], count: int) -> _Key:
    """What the catalog's look-up reads of ``entry`` (``CatalogReader._told``'s parameters)."""
    return (entry.get("id"), entry.get("agent"), entry.get("source"), entry.get("recorded_at"),
            count)


class TurnOrder:
    """``told_around`` of the read model's catalog, kept per catalog state (one actor's
    searches use it, one at a time): a turn's next and previous turns are read from it too
    (``Conversation.turn_after``)."""

    def __init__(self) -> None:
        self._state: tuple[object, object, int] | None = None
        self._around: dict[_Key, Sequence[Mapping[str, Any]]] = {}

    def _current(self, model: _Model) -> None:
        kept = self._state
        if kept is None or kept[0] is not model or kept[1] is not model.index \
                or kept[2] != model.seq \
                or len(self._around) >= KEPT:
            self._around.clear()
            self._state = (model, model.index, model.seq)

    def around(self, model: _Model, entry: Mapping[str, Any], count: int
               ) -> Sequence[Mapping[str, Any]]:
        """``model.catalog.told_around(entry, count)``."""
        self._current(model)
        key = _key(entry, count)
        found = self._around.get(key)
        if found is None:
            found = self._around[key] = tuple(model.catalog.told_around(entry, count))
        return found
