"""A relation the question says is the user's ("my girlfriend", "my sister", "my ex") is
read as the names it has in the store: the timeline's partner, or the names memories give
beside the relation. Each test fails when its rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.navigation import ranking
from actors.navigation.relation_names import forms_of, is_name, most_named, named_beside
from actors.navigation.unmentioned import Unmentioned
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, ids, save, search

pytestmark = pytest.mark.anyio


def test_names_said_beside_a_relation_are_read_in_both_orders_and_languages() -> None:
    sister = forms_of("sister")
    assert named_beside("My sister Laura got married.", sister) == ["Laura"]
    assert named_beside("I met Laura, my older sister, at the station.", sister) == ["Laura"]
    assert named_beside("Mi hermana Laura vive en Bath.", forms_of("hermana")) == ["Laura"]
    assert named_beside("my sister. She called", sister) == []  # a clause, not a name
    assert named_beside("My brother Tom", sister) == []  # another kind of relation
    assert named_beside("Sam's sister Ana", sister) == []  # someone else's sister
    assert "novia" in forms_of("girlfriend") and "partner" in forms_of("girlfriend")
    assert most_named(["my sister Ana", "my sister Laura", "my sister Laura"], sister, 2) \
        == ["Laura", "Ana"]


def test_a_name_is_a_capitalised_word_or_three_and_never_a_state() -> None:
    assert is_name("Mei") and is_name("Ana Ruiz") and is_name("Lucía")
    assert not is_name("none (broke up with Sam)") and not is_name("the neighbour")


FILLER = tuple(f"{who} {did} {when}." for who, did, when in zip(
    ("The team", "My landlord", "The bakery", "Our neighbour", "The bus", "The dentist",
     "The new phone", "The garden", "The library", "The gym") * 3,
    ("opened late", "raised the price", "changed the schedule", "sent an email", "was closed",
     "got repainted", "had a long queue", "moved downtown", "ran out of bread",
     "fixed the heating", "lost the keys", "hired a plumber") * 3,
    ("on Monday", "last week", "this morning", "in March", "yesterday", "after lunch",
     "before the storm", "during the holidays") * 4, strict=False))
"""Memories about nothing asked: a store of a few memories has no rare word."""


async def asked(home: Path, texts: tuple[str, ...], answer: str, question: str
                ) -> tuple[list[str], str]:
    """The reply's memories to ``question`` in a store of ``texts`` and the filler, and the
    id of the memory ``answer``."""
    async with Runtime(home) as rt:
        saved = {text: await save(rt, text) for text in (*texts, answer, *FILLER)}
        await embedded(rt)
        return ids(await search(rt, question)), saved[answer]


async def test_my_girlfriend_is_read_as_the_partner_the_timeline_names(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ("2024-01-05: My girlfriend is Mei.", "2024-02-03: I am allergic to cats.",
             "2024-02-04: My colleague Tom is allergic to pollen in spring.")
    answer = "2024-02-01: Mei is allergic to peanuts and shellfish, so we mostly cook at home."
    question = "What is my girlfriend allergic to?"
    found, allergy = await asked(tmp_path / "named", texts, answer, question)
    assert found[0] == allergy
    monkeypatch.setattr(ranking, "RELATION_NAMES", 0)
    found, allergy = await asked(tmp_path / "unnamed", texts, answer, question)
    assert found[0] != allergy


async def test_my_sister_is_read_as_the_name_memories_give_beside_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ("My sister Laura is coming to visit next week.", "I studied computer science.",
             "We studied the logs for hours before finding the bug.")
    answer = "Laura studied marine biology in Plymouth before moving abroad."
    found, studied = await asked(tmp_path / "named", texts, answer, "What did my sister study?")
    assert found[0] == studied
    monkeypatch.setattr(ranking, "RELATION_NAMES", 0)
    found, studied = await asked(tmp_path / "unnamed", texts, answer,
                                 "What did my sister study?")
    assert found[0] != studied


async def test_my_ex_is_read_as_the_partners_before_the_current_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = ("2023-04-08: My boyfriend Sam loves film photography.",
             "2023-07-16: Sam and I broke up last week.", "2023-12-09: My girlfriend is Mei.",
             "2024-01-10: Mei is learning to knit.",
             "2024-02-11: I spend weekends reading on the balcony.")
    answer = "2023-05-02: Sam spends every weekend at the climbing wall in town."
    question = "How did my ex spend his weekends?"
    found, hobby = await asked(tmp_path / "named", texts, answer, question)
    assert hobby in found
    monkeypatch.setattr(ranking, "RELATION_NAMES", 0)
    # the ex told by the break-up keeps "my ex" from "No memory found" (``ex_told``): off
    # too, so that only the partner's name reads the memory of his weekends
    monkeypatch.setattr(Unmentioned, "ex_told", lambda self, person: False)
    found, hobby = await asked(tmp_path / "unnamed", texts, answer, question)
    assert hobby not in found


async def test_a_name_said_in_another_project_is_no_name_of_this_one(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        for text, scope in (("My sister Ana moved to Leeds.", "project:other"),
                            ("My sister Laura is visiting next week.", "project:here")):
            await rt.ingest.ask(Save(content=text, scope=scope, provenance=Provenance(
                agent="claude-code", session="s1")))
        rt.navigation.model.refresh()
        here = rt.navigation.readings.names_of(
            "sister", None, lambda leaf: rt.navigation.model.leaves[leaf].scope == "project:here")
        assert here == ["Laura"]
        assert sorted(rt.navigation.readings.names_of("sister", None, lambda leaf: True)) == [
            "Ana", "Laura"]
