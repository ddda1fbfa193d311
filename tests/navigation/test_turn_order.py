"""The catalog's conversation order kept per catalog state (``actors.navigation.turn_order``):
asked of the catalog once while the read model's ``seq`` stands, asked again once it moves
(another process saved, retracted or moved a memory) or the read model's index is replaced
(a rebuild)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from actors.navigation.turn_order import TurnOrder


class Catalog:
    """Answers from a list of turns, counting the look-ups."""

    def __init__(self) -> None:
        self.turns: list[dict[str, Any]] = []
        self.asked = 0

    def told_around(self, entry: Mapping[str, Any], count: int) -> Sequence[Mapping[str, Any]]:
        self.asked += 1
        before = [t for t in self.turns if t["recorded_at"] < entry["recorded_at"]]
        after = [t for t in self.turns if t["recorded_at"] > entry["recorded_at"]]
        return [*reversed(before[-count:]), *after[:count]]


class Model:
    def __init__(self, catalog: Catalog) -> None:
        self.catalog: Any = catalog
        self.seq = 1
        self.index: object = object()


def _turn(n: int) -> dict[str, Any]:
    return {"id": f"L-{n}", "agent": "a", "source": "s", "recorded_at": f"2026-01-01T00:0{n}"}


def test_answers_are_kept_while_the_catalog_stands_and_asked_again_when_it_moves() -> None:
    catalog = Catalog()
    catalog.turns = [_turn(1), _turn(2)]
    model = Model(catalog)
    order = TurnOrder()
    first = catalog.turns[0]
    assert order.around(model, first, 1) == (_turn(2),)
    assert order.around(model, first, 1) == (_turn(2),)
    assert [t["id"] for t in order.around(model, catalog.turns[1], 2)] == ["L-1"]
    order.around(model, catalog.turns[1], 2)
    assert catalog.asked == 2
    catalog.turns.insert(1, {**_turn(1), "id": "L-1b", "recorded_at": "2026-01-01T00:01:30"})
    model.seq = 2  # the refresh that took the new turn in
    assert order.around(model, first, 1)[0]["id"] == "L-1b"
    assert [t["id"] for t in order.around(model, catalog.turns[2], 2)] == ["L-1b", "L-1"]
    assert catalog.asked == 4


def test_a_replaced_index_or_read_model_drops_the_answers() -> None:
    catalog = Catalog()
    catalog.turns = [_turn(1), _turn(2)]
    model = Model(catalog)
    order = TurnOrder()
    order.around(model, catalog.turns[0], 1)
    model.index = object()  # a rebuild: the seq may even go back to the same number
    order.around(model, catalog.turns[0], 1)
    order.around(Model(catalog), catalog.turns[0], 1)
    assert catalog.asked == 3


def test_a_different_count_or_entry_is_another_question() -> None:
    catalog = Catalog()
    catalog.turns = [_turn(1), _turn(2), _turn(3)]
    model = Model(catalog)
    order = TurnOrder()
    assert len(order.around(model, catalog.turns[1], 1)) == 2
    assert len(order.around(model, catalog.turns[1], 2)) == 2
    assert order.around(model, catalog.turns[2], 1) == (_turn(2),)
    assert order.around(model, catalog.turns[1], 1) == (_turn(1), _turn(3))
    assert catalog.asked == 3
