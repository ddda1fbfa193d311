"""A value corrected later supersedes the turn that told it, for the user and for a named
speaker, with other turns between (an outside probe, probe47: "[2025-11-15] Henrik: ... canoe
..., 16 feet long" then "Correction on the canoe: it's actually 15 feet, not 16" superseded
nothing, since the old turn's own date holds a 15; "Ñandú is five, not four" was read as no
slip, the counts being words). The tie through the real save path and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.replacements import replacements
from tests.navigation.test_slip_of_a_sum import superseded

pytestmark = pytest.mark.anyio

_BETWEEN = ("[2026-02-03] Rosa: Rain again all day here.",
            "[2026-02-04] Tomás: Same here, I stayed in and read.")


@pytest.mark.parametrize(("text", "expected"), [
    ("Oh and I was wrong before, Pimienta is five, not four.", [("four", "five")]),
    ("Perdón, son cuatro gatos, no tres.", [("tres", "cuatro")]),
    ("Sorry, it was 3 guests, not two.", [("two", "3")]),
    ("Mateo is seven, not six.", [("six", "seven")]),
    ("Perdón, al final son dieciocho, no trece.", [("trece", "dieciocho")]),
])
def test_a_count_in_words_corrected_is_a_slip(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(found.old, found.new) for found in replacements(text)] == expected


@pytest.mark.parametrize("text", [
    "I have two cats, not three dogs like my sister.",
    "We invited four people, no more.",
])
def test_a_count_beside_no_correction_is_none(text: str) -> None:
    assert replacements(text) == ()


@pytest.mark.parametrize(("before", "correction"), [
    # the new value (15) is the old turn's day: a value the turn states, not its date
    (("[2025-11-15] Tomás: Started building a plywood dinghy in the shed, 12 feet long.",
      *_BETWEEN),
     "[2026-01-12] Tomás: Correction on the dinghy: it's actually 11 feet, not 12."),
    (("[2025-11-15] I started building a plywood dinghy in the shed, 12 feet long.",
      *_BETWEEN),
     "[2026-01-12] Correction on the dinghy: it's actually 15 feet, not 12."),
    # a count told in words, in the other turn's words
    (("[2025-09-06] Rosa: Pimienta stole my slipper again. She's a terrier I adopted from a "
      "rescue in Cádiz, four years old.", *_BETWEEN),
     "[2026-01-10] Rosa: Oh and I was wrong before, Pimienta is five, not four."),
    # the pool's terms stemmed once ("three" -> "thre", "Goose" -> "goos"), not twice ("thr",
    # "goo": held by none)
    (("[2026-01-09] My whippet Goose is three years old.", *_BETWEEN),
     "[2026-02-11] I was wrong about Goose, he's four, not three."),
])
async def test_a_value_corrected_later_supersedes_its_turn(
        tmp_path: Path, before: tuple[str, ...], correction: str) -> None:
    assert (await superseded(tmp_path, before, correction))[0]


async def test_a_slip_corrects_the_teller_s_own_turn_not_a_friend_s_echo(tmp_path: Path) -> None:
    # the friend's echo is later and shares the context ("dinghy"), the value ("12") and the
    # thing ("feet"); the slip is the teller's own
    before = ("[2025-11-10] Tomás: Started building a plywood dinghy in the shed, 12 feet long.",
              "[2025-11-10] Rosa: Wow, a plywood dinghy, 12 feet long, built in your dad's "
              "shed! A plywood dinghy!",
              *_BETWEEN)
    done = await superseded(
        tmp_path, before, "[2026-01-12] Tomás: Correction on the dinghy: it's 11 feet, not 12.")
    assert done == [True, False, False, False]


@pytest.mark.parametrize(("text", "expected"), [
    ("I was wrong about Dulce, she's four.", [("", "four")]),
    ("Me equivoqué con el alquiler: son 750 euros.", [("", "750")]),
    ("Correction on the dinghy: it's 11 feet long.", [("", "11")]),
    # "actually" alone says no slip; a turn of two values corrects neither
    ("Actually it's 5 pm, let's go.", []),
    ("I was wrong: it's 3 miles there and it was 4 back.", []),
])
def test_a_correction_naming_only_the_true_value(
        text: str, expected: list[tuple[str, str]]) -> None:
    assert [(found.old, found.new) for found in replacements(text)] == expected


@pytest.mark.parametrize(("before", "correction", "expected"), [
    (("[2026-01-09] Tomás: My whippet Dulce is three years old.", *_BETWEEN),
     "[2026-02-11] Tomás: I was wrong about Dulce, she's four.", [True, False, False]),
    (("[2026-01-09] El alquiler del piso de Triana es de 700 euros al mes.", *_BETWEEN),
     "[2026-02-11] Me equivoqué con el alquiler: son 750 euros.", [True, False, False]),
    # another speaker's whippet, and another thing of the speaker's
    (("[2026-01-09] Rosa: My whippet Dulce is three years old.", *_BETWEEN),
     "[2026-02-11] Tomás: I was wrong about Dulce, she's four.", [False, False, False]),
    (("[2026-01-09] Tomás: The garden shed is 3 metres long.", *_BETWEEN),
     "[2026-02-11] Tomás: I was wrong about the dinghy, it's 4 metres.", [False, False, False]),
])
async def test_the_true_value_alone_supersedes_the_teller_s_turn_of_that_thing(
        tmp_path: Path, before: tuple[str, ...], correction: str, expected: list[bool]) -> None:
    assert await superseded(tmp_path, before, correction) == expected


async def test_a_slip_saying_nothing_uncommon_is_tied_by_its_unit(tmp_path: Path) -> None:
    # "last time" says when, not what: the goats tie the turn that counted them
    done = await superseded(
        tmp_path, ("[2026-01-11] There are 4 goats in the back field now.", *_BETWEEN),
        "[2026-02-20] Oops, I got that wrong last time: 5 goats, not 4.")
    assert done == [True, False, False]


@pytest.mark.parametrize("before", [
    # another speaker's thing, and another thing of the teller's, both "16 feet long": the
    # slip says it is about the canoe, and the teller's name is no word of the canoe
    ("[2026-01-20] Rosa: My kayak is 16 feet long.", *_BETWEEN),
    ("[2026-01-20] Tomás: The fence is 16 feet long.", *_BETWEEN),
])
async def test_a_slip_about_a_thing_is_not_tied_by_its_unit_to_another(
        tmp_path: Path, before: tuple[str, ...]) -> None:
    done = await superseded(
        tmp_path, before, "[2026-02-14] Tomás: Correction on the canoe: it's 15 feet, not 16.")
    assert done == [False, False, False]
