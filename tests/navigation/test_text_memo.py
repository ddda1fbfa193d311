"""Per-text results kept across searches (``actors.navigation.text_memo``): computed once per
text while it is kept, computed again for a different text (a memory whose text changed), and
bounded by the characters of the texts kept; the memos the search and the reply use give what
their functions give."""

from __future__ import annotations

from actors.facts.speakers import assistant_said
from actors.navigation import actor as navigation_actor
from actors.navigation import conversation
from actors.navigation.stem import stem
from actors.navigation.stories import named_terms
from actors.navigation.text_memo import TextMemo
from ihmt_async import render


class Counted:
    """A pure function of a text that counts its calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def __call__(self, text: str) -> int:
        self.calls.append(text)
        return len(text)


def test_a_text_is_computed_once_while_kept() -> None:
    counted = Counted()
    memo = TextMemo(counted, max_chars=100)
    assert memo("alpha") == 5
    assert memo("alpha") == 5
    assert memo("".join(["al", "pha"])) == 5  # an equal string built elsewhere
    assert counted.calls == ["alpha"]


def test_a_changed_text_is_computed_again() -> None:
    counted = Counted()
    memo = TextMemo(counted, max_chars=100)
    memo("My bike is a Trek")
    assert memo("My bike is a Trek 2") == len("My bike is a Trek 2")
    assert counted.calls == ["My bike is a Trek", "My bike is a Trek 2"]


def test_the_least_recently_asked_text_is_dropped_beyond_the_bound() -> None:
    counted = Counted()
    memo = TextMemo(counted, max_chars=10)
    memo("aaaa")
    memo("bbbb")
    memo("aaaa")  # asked lately: kept
    memo("cccc")  # 12 characters: "bbbb" goes
    assert len(memo) == 2
    memo("aaaa")
    memo("bbbb")
    assert counted.calls == ["aaaa", "bbbb", "cccc", "bbbb"]


def test_a_text_longer_than_the_bound_is_computed_but_not_kept() -> None:
    counted = Counted()
    memo = TextMemo(counted, max_chars=4)
    assert memo("too long") == 8
    assert memo("too long") == 8
    assert len(memo) == 0
    assert counted.calls == ["too long", "too long"]


def test_the_search_s_memos_give_what_their_functions_give() -> None:
    text = "2026-03-01: Sold the Trek for 600 to Lucía in Madrid.\nassistant: Nice, 600 is fair."
    names, numbers = navigation_actor._names_and_numbers_of(text)
    assert names == named_terms(text)
    assert numbers == frozenset({"600"})  # the leading date is not a number it gives
    assert navigation_actor._said_plainly("2026-03-01: Sold  the TREK") == "sold the trek"
    for excerpt in ("assistant: Ice or heat?", "user: Ice or heat?", "Ice or heat?"):
        assert conversation._assistant_opens(excerpt) is assistant_said(excerpt)


def test_the_reply_s_passages_are_those_of_the_text() -> None:
    text = "Kai: we went hiking\nassistant: hiking boots matter\nKai: my sister Ana came along"
    kept = render._passage_stems(text)
    assert [offset for offset, _, _ in kept] == [o for o, _, _ in render._passages(text)]
    assert [assistant for _, _, assistant in kept] == [False, True, False]
    assert stem("sister") in kept[2][1] and stem("sister") not in kept[1][1]
    assert render._best_passage(text, "who came hiking with Kai, his sister?") == \
        text.index("Kai: my sister")
