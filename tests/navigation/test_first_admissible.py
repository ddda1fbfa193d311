"""A time asked with a topic scores its memories on the question's words only when at most
``RANGE_WORDS_POOL`` of them are admissible: the scope of a bulk import's day is asked of
one more than that, not of every memory of the day (``actor._first_admissible``)."""

from __future__ import annotations

from actors.navigation.actor import _first_admissible


def test_the_scope_is_asked_only_until_the_pool_is_passed() -> None:
    day = [f"L-{n:03d}" for n in range(500)]
    asked: list[str] = []

    def admissible(leaf: str) -> bool:
        asked.append(leaf)
        return int(leaf[2:]) % 3 != 0  # every third memory is another project's

    taken = _first_admissible(day, admissible, 11)
    assert taken == [leaf for leaf in day if int(leaf[2:]) % 3 != 0][:11]
    assert asked == day[:asked.index(taken[-1]) + 1] and len(asked) == 17
    asked.clear()
    few = day[:9]
    assert _first_admissible(few, admissible, 11) == [
        leaf for leaf in few if int(leaf[2:]) % 3 != 0]
    assert asked == few
