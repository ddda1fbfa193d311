"""A slip corrected weeks later, in words sharing nothing with the turn that told it but the
value ("Finished the Strathclyde Park Sprint on Sunday in 1:27:45", then "Two corrections from
last time. ... my time was actually 1:26:58, not 1:27:45": an outside probe, probe46): the
value is exact enough to name that turn, when one earlier turn of the same speaker states it.
The tie through the real save path and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.replacements import replacements
from actors.navigation.values import values
from tests.navigation.test_slip_of_a_sum import superseded

pytestmark = pytest.mark.anyio

_BETWEEN = (
    "[2025-02-03] User: Any tips for a sourdough starter that smells like nail polish?",
    "[2025-02-03] Assistant: Feed it twice a day at room temperature; the smell fades in a week.",
    "[2025-02-20] User: Mi jefa quiere que vaya a la oficina tres días por semana.",
    "[2025-03-04] User: The cat knocked my monitor off the desk again.",
)


def test_a_time_to_the_second_is_one_value_in_any_writing() -> None:
    assert values("in 2:03:17") == values("2 hours 3 minutes and 17 seconds") == {"2:03:17"}
    assert values("2 horas 3 minutos y 17 segundos") == {"2:03:17"}
    assert values("2:03") == {"2:03"}  # to the minute, as before


@pytest.mark.parametrize(("text", "expected"), [
    # the word saying so opens the turn; the slips follow in later sentences
    ("[2025-05-10] User: A couple of corrections. The plumber came on Friday. And the quote "
     "was £640, not £690, after the discount.", [("£690", "£640")]),
    # a value said over another after a verb of being needs no such word
    ("[2025-05-10] User: The official result was 2:03:17, not 2:04:05.", [("2:04:05", "2:03:17")]),
    ("[2025-05-10] User: Al final fueron 23 km, no 21 km.", [("21", "23")]),
    ("[2025-05-10] User: Oops, I got that wrong: the train leaves at 08:10, not 07:40.",
     [("07:40", "08:10")]),
])
def test_a_slip_told_in_other_ways_is_read(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(found.old, found.new) for found in replacements(text)] == expected


@pytest.mark.parametrize("text", [
    "[2025-05-10] User: My bank is Monzo, not Barclays.",  # a name needs the word saying so
    "[2025-05-10] User: Sold 221 cups, not bad for a Tuesday.",
    # the word saying so holds for its own turn, not the next speaker's
    "[2025-05-10] User: Sorry, one thing.\n[2025-05-10] Assistant: The quote is £640, no £690?",
])
def test_a_sentence_like_a_slip_is_none(text: str) -> None:
    assert not [found for found in replacements(text) if found.slip]


@pytest.mark.parametrize(("before", "correction", "expected"), [
    # weeks later, other memories between, no word shared but the exact value
    (("[2025-01-26] User: Done! Ran the Ealing half in 2:04:05, the hills were brutal.",
      *_BETWEEN), "[2025-03-15] User: The official result was 2:03:17, not 2:04:05.",
     [True, False, False, False, False]),
    (("[2025-01-12] User: Nos gastamos 1.480 euros en la cocina de la casa de Cádiz.",
      *_BETWEEN), "[2025-03-20] User: Me equivoqué: fueron 1.390 euros, no 1.480.",
     [True, False, False, False, False]),
    # another speaker's turn holds the same value: the user corrects only their own word
    (("[2025-01-26] Priya: Ran the Ealing half in 2:04:05!", *_BETWEEN),
     "[2025-03-15] User: The official result was 2:03:17, not 2:04:05.",
     [False, False, False, False, False]),
    # two memories state it: which one was wrong is not told
    (("[2025-01-05] User: The new boiler was £2,450 fitted.",
      "[2025-01-19] User: The car repair came to £2,450 in the end.", *_BETWEEN),
     "[2025-03-15] User: Sorry, it was £2,350, not £2,450.", [False] * 6),
    # a small number is no exact value: weeks later it names nothing
    (("[2025-01-05] User: I do 4 sessions a week at the climbing wall.", *_BETWEEN),
     "[2025-03-15] User: Sorry, it's 3, not 4.", [False] * 5),
])
async def test_an_exact_value_corrected_weeks_later_ties_the_one_turn_that_told_it(
        tmp_path: Path, before: tuple[str, ...], correction: str, expected: list[bool]) -> None:
    assert await superseded(tmp_path, before, correction) == expected
