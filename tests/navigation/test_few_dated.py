"""A time asked with a topic scores the time's memories on the question's words only when
they are at most ``RANGE_WORDS_POOL`` (``NavigationActor._few_dated``): whether a memory is
admissible reads its stored metadata, so the walk stops at the first admissible memory past
the bound instead of reading (and caching) every memory of a busy year."""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace

from actors.navigation.actor import NavigationActor

SPAN = SimpleNamespace(start=dt.date(2022, 1, 1), end=dt.date(2022, 12, 31))


def _walk(dated: list[str], admitted: set[str], most: int) -> tuple[list[str] | None, list[str]]:
    asked: list[str] = []

    def admissible(leaf: str) -> bool:
        asked.append(leaf)
        return leaf in admitted

    actor = SimpleNamespace(_dated_between=lambda span: list(dated))
    return NavigationActor._few_dated(actor, SPAN, admissible, most), asked  # type: ignore[arg-type]


def test_a_busy_time_stops_at_the_first_memory_past_the_bound() -> None:
    dated = [f"L-{n}" for n in range(5000)]
    found, asked = _walk(dated, set(dated), 1000)
    assert found is None
    assert len(asked) == 1001  # not the 5,000 memories of the year


def test_a_quiet_time_gives_its_admissible_memories_in_order() -> None:
    dated = [f"L-{n}" for n in range(30)]
    admitted = {leaf for n, leaf in enumerate(dated) if n % 3}
    found, asked = _walk(dated, admitted, 20)
    assert found == [leaf for leaf in dated if leaf in admitted]
    assert asked == dated
    # memories outside the scope do not count toward the bound
    found, _ = _walk(dated, admitted, len(admitted))
    assert found is not None and len(found) == len(admitted)
    assert _walk(dated, admitted, len(admitted) - 1)[0] is None
