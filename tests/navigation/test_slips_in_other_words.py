"""A slip corrected in chat supersedes the memory that stated the old value, when the two
write the value differently ("no 2:04" / "2 hours 4 minutes", "3200" / "3.200 euros", "noon" /
"12 pm", "two" / "2", "Dave Miller" / "Dave") and when the correction says it in other words
("I said Tuesday, it's Thursday", "no era en Vigo, era en Lugo"). The reading through
``replacements``, the tie through the real save path and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save, SaveResult
from actors.navigation.replacements import replacements
from actors.navigation.values import values
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("a", "b"), [
    ("2 hours 4 minutes", "2:04"), ("1 hora 58 minutos", "1h58"), ("3,200 dollars", "3.200 €"),
    ("3200", "3,200"), ("3,2 kilos", "3.2"), ("12 pm", "noon"), ("mediodía", "12:00"),
    ("7:30 pm", "19:30"), ("the 14th", "May 14"), ("two kittens", "2"), ("dos", "2"),
    ("52 minutes 30 seconds", "52:30"),
])
def test_a_value_written_otherwise_is_the_same_value(a: str, b: str) -> None:
    assert values(a) == values(b) != frozenset()


@pytest.mark.parametrize(("text", "old", "new", "thing"), [
    ("Correction on the loop: 3 hours 21 minutes, not 3 hours 12 minutes.",
     "3 hours 12 minutes", "3 hours 21 minutes", ""),
    ("My bad, the cupping starts at 1 pm, not noon.", "noon", "1 pm", ""),
    ("Lucía: Corrijo: la cita es a las 13:00, no a las 12:00.", "12:00", "13:00", ""),
    ("Sorry, the studio is $40 a month, not $45.", "$45", "$40", "month"),
    ("Perdón, la reforma fueron 3.500 €, no 3200.", "3200", "3.500", "€"),
    ("Sorry, the Lune booking is for the 15th, not the 14th.", "14th", "15th", ""),
])
def test_a_slip_names_a_value_in_any_writing(text: str, old: str, new: str,
                                             thing: str) -> None:
    found = replacements(text)
    assert found and (found[0].old, found[0].new, found[0].thing) == (old, new, thing), found


@pytest.mark.parametrize(("text", "old", "new"), [
    ("Sorry, I said Tuesday, it's Thursday.", "Tuesday", "Thursday"),
    ("Sorry, I said Seville, I meant Córdoba.", "Seville", "Córdoba"),
    ("Me equivoqué, dije martes pero es el miércoles.", "martes", "miércoles"),
    ("My mistake, the offsite isn't in Porto, it's in Braga.", "Porto", "Braga"),
    ("Perdón, no era en Vigo, era en Lugo.", "Vigo", "Lugo"),
    ("Perdona, no es el viernes, es el lunes.", "viernes", "lunes"),
])
def test_a_slip_told_in_other_words_names_what_it_corrects(text: str, old: str,
                                                           new: str) -> None:
    found = replacements(text)
    assert found and (found[0].old, found[0].new) == (old, new), found


@pytest.mark.parametrize("text", [
    "Sorry, I said Tuesday, it's been a long week.",  # no value said after
    "Perdón, no era en Vigo donde me perdí, era en Lugo, otro día.",  # no value after Vigo
    "Actually we might move it to Thursday, not Tuesday.",  # a plan
    "Sorry, it was 2 hours 4 minutes, not 2:04 as the app rounds it.",  # the same value
    "I said Tuesday, it's Thursday.",  # no word says it corrects a slip
])
def test_a_sentence_like_a_slip_in_other_words_is_none(text: str) -> None:
    assert replacements(text) == (), replacements(text)


async def _save(rt: Runtime, text: str) -> SaveResult:
    result: SaveResult = await rt.ingest.ask(Save(
        content=text, provenance=Provenance(agent="claude-code", session="s1")))
    return result


async def _superseded(home: Path, before: tuple[str, ...], correction: str) -> list[bool]:
    """For each memory of ``before``, whether saving ``correction`` after them superseded it."""
    async with Runtime(home) as rt:
        ids = [(await _save(rt, text)).leaf_ids[0] for text in before]
        fixed = await _save(rt, correction)
        return [fixed.facts.superseded_leaf == leaf for leaf in ids]


@pytest.mark.parametrize(("before", "correction", "expected"), [
    # an outside probe (probe42): "no 2:04" tied nothing to "2 hours 4 minutes"
    (("[2026-03-01] Marta: I ran my first half marathon in Seville today, 2 hours 4 minutes.",),
     "[2026-03-02] Marta: Perdón, me equivoqué: fueron 1 hora 58 minutos, no 2:04.", [True]),
    (("[2026-03-01] Marta: I ran my first half marathon in Seville today, 2 hours 4 minutes.",),
     "[2026-03-02] Marta: Perdón: fue 1 hora 58, no 2:40, eso fue en Málaga.", [False]),
    (("[2026-02-11] Ana: La reforma de la cocina nos costó 3.200 euros al final.",),
     "[2026-02-12] Ana: Perdón, la reforma fueron 3.500 €, no 3200.", [True]),
    (("[2026-02-20] Rosa: We have two dogs at home, Pip and Olive.",
      "[2026-02-20] Rosa: We adopted two kittens from the shelter today!"),
     "[2026-02-21] Rosa: Actually it was 3 kittens, not 2, the shy one was hiding.",
     [False, True]),
    # a duration says its unit: no bare number that needs a thing counted beside it
    (("[2026-05-02] Jon: Rode the Montseny loop in 3h12 this morning.",),
     "[2026-05-03] Jon: Correction on the Montseny loop: 3 hours 21 minutes, not 3 hours 12 "
     "minutes.", [True]),
])
async def test_a_slip_ties_the_memory_that_wrote_the_old_value_otherwise(
        tmp_path: Path, before: tuple[str, ...], correction: str, expected: list[bool]) -> None:
    assert await _superseded(tmp_path, before, correction) == expected


@pytest.mark.parametrize(("before", "correction", "expected"), [
    (("[2026-06-12] Sam: Dave Smith did the gutters last spring.",
      "[2026-06-12] Sam: Dave is the roofer fixing the leak above the kitchen."),
     "[2026-06-13] Sam: Correction: the roofer is Dan Price, not Dave Miller.", [False, True]),
    (("[2026-04-18] Greta: Luna's new vet is Dr Patel at the Eastside clinic.",),
     "[2026-04-19] Greta: Sorry, the vet is Anita Shah, not Rohan Patel.", [True]),
])
async def test_a_slip_of_a_full_name_ties_the_memory_naming_part_of_it(
        tmp_path: Path, before: tuple[str, ...], correction: str, expected: list[bool]) -> None:
    assert await _superseded(tmp_path, before, correction) == expected
