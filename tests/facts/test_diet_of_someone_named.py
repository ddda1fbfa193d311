"""A diet of someone the user names, told with a pronoun or a Spanish verb alone, is recorded
as theirs, so a later change of it outdates the earlier one ("my partner Yusuf and me, he went
pescatarian in January", then "Yusuf has decided to give up fish too, so from this month he's
fully vegetarian": an outside probe, probe45), and a question about how it changed finds them
("How has Yusuf's diet changed over the year?" was "No memory found")."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.facts.patterns import extract_facts
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

_BEFORE = ("[2025-02-08] User: I'm cooking for my partner Yusuf and me, he went pescatarian in "
           "January so no meat, but fish is fine.")
_AFTER = ("[2025-10-18] User: Another thing: Yusuf has decided to give up fish too, so from "
          "this month he's fully vegetarian.")


@pytest.mark.parametrize(("text", "expected"), [
    (_BEFORE, ("Yusuf", "pescatarian")),
    (_AFTER, ("Yusuf", "vegetarian")),
    ("[2025-10-18] User: Otra cosa: Yusuf ha decidido dejar también el pescado, así que desde "
     "este mes es vegetariano del todo.", ("Yusuf", "vegetariano")),
    ("Marta is vegan now.", ("Marta", "vegan")),
    ("We cooked for Lena and Tom, he is vegetarian.", ("Tom", "vegetarian")),
    # someone else's diet, a place, a dish: no diet of the name
    ("Marta told me her sister is vegan.", None),
    ("Ana dice que su hermana es vegetariana.", None),
    ("In Berlin he became vegan.", None),
    ("Cooked for Lena on Friday. The whole menu was vegetarian.", None),
])
def test_a_named_person_s_diet_is_theirs(text: str, expected: tuple[str, str] | None) -> None:
    diets = [(fact.subject, fact.value) for fact in extract_facts(text)
             if fact.attribute == "diet"]
    assert diets == ([expected] if expected else []), diets


async def test_a_later_diet_of_the_same_person_leads_and_its_change_is_found(
        tmp_path: Path) -> None:
    now, changed = await replies(tmp_path, (_BEFORE, _AFTER), (
        "Is Yusuf pescatarian?", "How has Yusuf's diet changed over the year?"))
    assert "vegetarian" in now.hits[0].text
    old = next(hit for hit in now.hits if "pescatarian" in hit.text)  # says what it became
    assert any("'vegetarian'" in notice for notice in old.notices), old.notices
    assert changed.status == "FOUND", changed.reason
