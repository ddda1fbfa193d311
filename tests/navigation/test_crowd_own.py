"""A question about the user alone in a store crowded with other people's chat lines and notes
sharing its words (probe45's 2,150 memories): the user's own turn is found past the pools
their lines fill, leads them, and no line or note of another person's is listed as the
user's. The texts here are in words not used while writing the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation import ranking
from actors.navigation.asked_person import THE_USER
from actors.navigation.thing_owner import note_for_other, said_apart
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

NAMES = ("Ilona", "Bruno", "Tamar", "Wiebke", "Joss", "Farah", "Lenz", "Mads", "Ottavia",
         "Rina", "Kemal", "Oscar")
TOWNS = ("Hull", "Ely", "Bury", "Wells", "Diss", "Selby")
PAY = tuple(f"[2024-{1 + i % 12:02d}-{1 + i % 27:02d}] {NAMES[i % 12]}: Quick one: my net pay "
            f"is {1500 + 7 * i} euros, is that enough to save?" for i in range(160))
MINE_PAY = ("[2025-09-03] User: Some news on the money side: since the promotion went through my "
            "net pay is 2,950 euros a month, and I'd like to put a fifth of it towards a "
            "sabbatical in Patagonia next year, with the rest for the flat and the boat club.")
RACES = tuple(f"[2024-{1 + i % 12:02d}-{2 + i % 25:02d}] {NAMES[i % 12]}: I ran a half "
              f"marathon in {TOWNS[i % 6]} in 1:{40 + i % 19}:{10 + i}, legs gone."
              for i in range(60))
FILLER = tuple(f"In {('tern', 'gannet', 'skua', 'puffin')[i % 4]}-{i}, the "
               f"{('parser', 'exporter', 'scheduler', 'cache', 'router')[i % 5]} needs "
               f"{('a retry', 'a timeout', 'a lock', 'more logging')[i % 4]} before release {i}."
               for i in range(160))
"""Notes on other things: the words of the crowd are rare in the store, as in a real one."""
MINE_RACE = ("[2025-10-26] User: ¡Por fin! Acabé la media maratón de Valencia en 1:58:03; los "
             "últimos cinco kilómetros fueron durísimos, con viento en contra por el paseo "
             "marítimo, pero Inés me esperaba en la meta con un cartel y churros.")
CHECKS = tuple(f"Reminder for {NAMES[i % 12]}: book the dog's vet check before the trip to "
               f"{TOWNS[i % 6]} ({i + 1})." for i in range(30))
MINE_CHECK = ("[2025-11-04] User: Pepa's vet check is booked for the 14th at ten, at the clinic "
              "on Calle Mayor; the dog hates the car, so we'll walk there.")
DOGS = tuple(f"[2024-{1 + i % 12:02d}-{3 + i % 24:02d}] {NAMES[i % 12]}: I adopted a greyhound "
             f"called {('Dash', 'Sleet', 'Olive')[i % 3]} from a rescue near {TOWNS[i % 6]}."
             for i in range(24))
PARKS = tuple(f"The dog park by the {place} closes at {hour} on weekdays."
              for place, hour in (("canal", "nine"), ("school", "eight"), ("station", "ten")))
"""Notes holding the question's word more compactly than any telling of a dog: they rank
first, and the memories naming a dog each are listed right after them."""
MINE_DOG = ("[2025-04-12] User: Big news: we adopted a retired lurcher from the rescue in Skipton "
            "on Saturday! She's called Mora, she's six, and she sleeps most of the day. Can you "
            "help me plan the monthly budget now that she's with us?")


async def test_the_users_turn_past_a_pool_of_others_lines_is_found(tmp_path: Path) -> None:
    # 160 others' short "my net pay is ..." fill the full-text pool (50): the user's long turn
    # holding the same words is given the pool of the user's own (``OWN_POOL``)
    pay, = await replies(tmp_path / "pay", (*PAY, MINE_PAY), ("What is my net pay now?",))
    assert pay.status == "FOUND" and "2,950" in pay.hits[0].text


async def test_others_lines_rank_below_the_users_turn_telling_the_same(tmp_path: Path) -> None:
    # sixty others' "I ran a half marathon": those past the leading thirty are ranked down by
    # no rule but this one; the user's turn holds "marathon" through its Spanish only, not
    # "half" (``OWN_SHARE``)
    race, = await replies(tmp_path / "race", (*FILLER, *RACES, MINE_RACE),
                          ("When was my half marathon?",))
    assert race.status == "FOUND" and "1:58:03" in race.hits[0].text


async def test_notes_for_other_people_rank_below_the_users_turn(tmp_path: Path) -> None:
    check, = await replies(tmp_path / "check", (*CHECKS, MINE_CHECK),
                           ("When is my dog's vet check?",))
    assert check.status == "FOUND" and "Pepa" in check.hits[0].text


async def test_no_other_persons_line_is_listed_as_the_users(tmp_path: Path) -> None:
    # others' "I adopted a greyhound called Dash" name a dog each: none is the user's
    dogs, = await replies(tmp_path / "dogs", (*PARKS, *DOGS, MINE_DOG),
                          ("How many dogs do I have?",))
    assert dogs.status == "FOUND"
    listed = [hit.text for hit in dogs.hits if "adopted" in hit.text]
    assert listed and "Mora" in listed[0]


def test_a_note_for_another_person() -> None:
    assert note_for_other(CHECKS[0], ()) == "Ilona"
    assert note_for_other("Recordatorio para Uxue: llevar la gata al veterinario.", ()) == "Uxue"
    assert note_for_other("Tip from Joss: swim with a pull buoy.", ()) == "Joss"
    assert note_for_other("Joss's training plan: intervals on Tuesdays.", ()) == "Joss"
    assert note_for_other("Reminder for Joss: I owe him 20 euros.", ()) is None  # the user's
    assert note_for_other("Reminder for Mum: call the plumber.", ()) is None  # the user's kin
    assert note_for_other("Reminder for Joss: book the vet.", ("Joss",)) is None  # the user
    assert note_for_other("Idea for Joss's birthday: a climbing pass.", ()) is None
    assert note_for_other("Lisbon's trams are slow in August.", ()) is None
    assert note_for_other("[2025-01-02] Joss: Reminder for Bea: the vet.", ()) is None  # a turn
    assert said_apart(CHECKS[0], THE_USER, ()) is None  # a note has no teller


def test_the_tunables() -> None:
    assert navigation.OWN_POOL == 20
    assert navigation.OWN_SCAN == 400
    assert ranking.OWN_SHARE == 0.5
