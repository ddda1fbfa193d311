"""Changes told the way people tell them (fix-facts3): a job left and the next one started
ahead, a change dated by the day it happens ("next month", "la semana que viene", "in two
weeks"), two facts in one sentence, a preference keyed by its name, and more ways to say one
was hired or let go. Each rule once through the extractor and, where the outside tester met
it, once through the real save path."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import current, facts_told, history, journal_events, open_runtime, save

from actors.facts.ahead import day_ahead
from actors.facts.patterns import attribute_question
from actors.facts.timeline import resolve
from actors.text import fold

_DAY = dt.date(2026, 5, 5)  # a Tuesday


_facts = functools.partial(facts_told, day=_DAY)


# ------------------------------------------------------------------ the day a change happens


@pytest.mark.parametrize(("words", "day"), [
    ("tomorrow", dt.date(2026, 5, 6)),
    ("pasado mañana", dt.date(2026, 5, 7)),
    ("next week", dt.date(2026, 5, 11)),  # the Monday of the next week
    ("la semana que viene", dt.date(2026, 5, 11)),
    ("next month", dt.date(2026, 6, 1)),  # the 1st of the next month
    ("el mes que viene", dt.date(2026, 6, 1)),
    ("el próximo mes", dt.date(2026, 6, 1)),
    ("in two weeks", dt.date(2026, 5, 19)),
    ("dentro de un mes", dt.date(2026, 6, 5)),
    ("on Monday", dt.date(2026, 5, 11)),
    ("el viernes", dt.date(2026, 5, 8)),
    ("on the 1st", dt.date(2026, 6, 1)),
    ("on the 1st of August", dt.date(2026, 8, 1)),
    ("this weekend", dt.date(2026, 5, 9)),
])
def test_a_day_word_is_the_day_it_names_from_the_day_said(words: str, day: dt.date) -> None:
    assert day_ahead(fold(f"it happens {words}"), _DAY) == day


def test_a_past_or_no_day_names_no_day_ahead() -> None:
    assert day_ahead("i moved last week", _DAY) is None
    assert day_ahead("me mude la semana pasada", _DAY) is None
    assert day_ahead("i move soon", _DAY) is None


@pytest.mark.parametrize(("text", "day"), [
    ("I'm moving to Gijón next month.", dt.date(2026, 6, 1)),
    ("Me mudo a Gijón la semana que viene.", dt.date(2026, 5, 11)),
    ("I'm moving to Gijón next week.", dt.date(2026, 5, 11)),
    ("I'm moving to Gijón in two weeks.", dt.date(2026, 5, 19)),
])
def test_a_move_ahead_is_the_town_from_the_day_it_happens(text: str, day: dt.date) -> None:
    assert _facts(text) == [("user", "location", "Gijón", day)]


@pytest.mark.anyio
async def test_a_move_next_month_is_recorded_from_the_next_month(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "2026-03-01: I live in Oviedo.")
        await save(rt, "2026-05-05: I'm moving to Gijón next month.")
        facts = await history(rt)
        assert await current(rt) == "Gijón"
    assert [(f.value, f.valid_from, f.valid_to) for f in facts] == [
        ("Oviedo", "2026-03-01", "2026-06-01"), ("Gijón", "2026-06-01", None)]


# ------------------------------------------------------------------ a job left, the next started


@pytest.mark.parametrize(("text", "expected"), [
    ("[2026-10-14] Maya: I quit the BBC! Starting at Channel 4 next month.",
     [("Maya", "employer", "none (left the BBC)", dt.date(2026, 10, 14)),
      ("Maya", "employer", "Channel 4", dt.date(2026, 11, 1))]),
    ("[2026-10-14] user: I quit Globex, starting at Initech on Monday.",
     [("user", "employer", "none (left Globex)", dt.date(2026, 10, 14)),
      ("user", "employer", "Initech", dt.date(2026, 10, 19))]),
    ("Dejé Telefónica, empiezo en Indra el mes que viene.",
     [("user", "employer", "ninguno (dejó Telefónica)", _DAY),
      ("user", "employer", "Indra", dt.date(2026, 6, 1))]),
    ("I quit my job at Siemens and start at Bosch next week.",
     [("user", "employer", "none (left Siemens)", _DAY),
      ("user", "employer", "Bosch", dt.date(2026, 5, 11))]),
])
def test_a_job_left_then_one_started_ahead_ends_the_old_until_the_new_starts(
        text: str, expected: list[tuple[str, str, str, dt.date]]) -> None:
    assert _facts(text) == expected


def test_a_job_left_and_one_joined_the_same_day_is_the_new_job_alone() -> None:
    assert _facts("I left Acme and joined Initech.") == [
        ("user", "employer", "Initech", _DAY)]


@pytest.mark.parametrize("text", [
    "I quit Twitter.",  # a network, not a job: no new job beside it
    "I left London and moved to Leeds.",  # a town
    "Dejé Madrid el año pasado.",
    "My sister quit Globex, starting at Initech on Monday.",  # someone else
    "I'd quit Globex if Initech called.",  # a hypothetical
])
def test_a_name_left_without_a_new_job_ends_no_job(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "employer"]


@pytest.mark.parametrize("text", [
    "I start at 9 tomorrow.",  # a time
    "Starting at the gym next week.",  # no name
    "When I start at a new company I'm always nervous.",  # no day: a habit
])
def test_a_start_with_no_workplace_named_is_no_employer(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "employer"]


@pytest.mark.anyio
async def test_a_job_quit_and_the_next_started_next_month_through_the_save_path(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "[2026-10-01] Maya: I work at the BBC in MediaCity.")
        quit_ = await save(rt, "[2026-10-14] Maya: I quit the BBC! Starting at Channel 4 "
                               "next month.")
        facts = await history(rt, "Maya", "employer")
        assert await current(rt, "Maya", "employer") == "Channel 4"
    assert [(f.value, f.status, f.valid_from, f.valid_to) for f in facts] == [
        ("the BBC", "HISTORICAL", "2026-10-01", "2026-10-14"),
        ("none (left the BBC)", "HISTORICAL", "2026-10-14", "2026-11-01"),
        ("Channel 4", "ACTIVE", "2026-11-01", None)]
    timeline = resolve(journal_events(home))
    leaf = quit_.leaf_ids[0]
    # the ending its own next job replaces does not outdate the memory telling both
    assert timeline.leaf_currency(leaf) == "CURRENT"
    assert timeline.notices_for_leaf(leaf) == []


# ------------------------------------------------------------------ two facts in one sentence


@pytest.mark.parametrize(("text", "expected"), [
    ("Kenji: I live in Salford and work at Siemens.",
     [("Kenji", "location", "Salford"), ("Kenji", "employer", "Siemens")]),
    ("Maya: I work at the BBC in MediaCity and live in Didsbury.",
     [("Maya", "employer", "the BBC"), ("Maya", "location", "Didsbury")]),
    ("Trabajo en Indra en Madrid y vivo en Alcalá.",
     [("user", "employer", "Indra"), ("user", "location", "Alcalá")]),
    ("I left London and moved to Leeds.", [("user", "location", "Leeds")]),
])
def test_each_clause_of_a_sentence_gives_its_fact(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [f[:3] for f in _facts(text)] == expected


def test_a_second_clause_of_someone_elses_sentence_is_none_of_the_speakers() -> None:
    # the first clause is the sister's own (``whose``, twentieth pass); the second none
    assert [f[:3] for f in _facts("My sister lives in Leeds and works at Asda.")] == [
        ("sister", "location", "Leeds")]
    assert not _facts("My brother left Paris and moved to Lyon.")


def test_an_employer_keeps_its_place_when_it_names_no_firm() -> None:
    assert [f[2] for f in _facts("I work at the hospital in Leeds.")] == [
        "the hospital in Leeds"]


@pytest.mark.anyio
async def test_a_compound_sentence_records_both_facts_through_the_save_path(
        home: Path) -> None:
    async with open_runtime(home) as rt:
        report = await save(rt, "[2026-10-01] Kenji: I live in Salford and work at Siemens.")
        await save(rt, "[2026-10-16] Kenji: Me mudé a Leeds la semana pasada.")
        assert await current(rt, "Kenji", "employer") == "Siemens"
        assert await current(rt, "Kenji", "location") == "Leeds"
    # the memory still tells the current employer: a later town does not outdate it
    assert resolve(journal_events(home)).leaf_currency(report.leaf_ids[0]) == "CURRENT"


# ------------------------------------------------------------------ hired, let go


@pytest.mark.parametrize(("text", "value"), [
    ("I got a job at Aldi!", "Aldi"),
    ("I've been hired by Deloitte.", "Deloitte"),
    ("I got hired at Initech last week.", "Initech"),
    ("Ahora trabajo en Iberdrola.", "Iberdrola"),
    ("Me han contratado en Santander.", "Santander"),
    ("Me contrataron en Mapfre como enfermera.", "Mapfre"),
    ("Entro en Indra el lunes.", "Indra"),
    ("I was laid off from Siemens.", "none (laid off from Siemens)"),
    ("I was laid off.", "none (laid off)"),
    ("I've started working at Google.", "Google"),
    ("I've been working at Zara since May.", "Zara"),
    ("He empezado en Inditex.", "Inditex"),
    ("Me han despedido de Inditex.", "ninguno (despedido de Inditex)"),
    ("Me han despedido.", "ninguno (despedido)"),
    ("Me echaron de Zara.", "ninguno (despedido de Zara)"),
    ("I resigned from Tesco.", "none (left Tesco)"),
])
def test_more_ways_to_say_where_one_works(text: str, value: str) -> None:
    assert value in [f[2] for f in _facts(text) if f[1] == "employer"]


@pytest.mark.parametrize("text", [
    "Me echaron de casa.",  # out of home
    "I resigned from the board.",
    "He empezado en el gimnasio.",
    "Mi marido deja Telefónica y empieza en Indra el lunes.",  # someone else
])
def test_a_place_left_or_started_that_is_no_workplace_is_no_employer(text: str) -> None:
    assert not [f for f in _facts(text) if f[1] == "employer"]


def test_a_job_joined_ahead_is_dated_the_day_it_starts() -> None:
    assert _facts("Entro en Indra el lunes.") == [
        ("user", "employer", "Indra", dt.date(2026, 5, 11))]


# ------------------------------------------------------------------ preferences by their name


def test_preferences_joined_by_and_are_each_keyed_by_their_name() -> None:
    assert [f[1:3] for f in _facts(
        "I prefer dark mode in every editor and 2-space indentation.")] == [
        ("preference:dark mode", "dark mode in every editor"),
        ("preference:indentation", "2-space indentation")]
    assert [f[1:3] for f in _facts(
        "Prefiero el modo oscuro en todos los editores y la indentación de 2 espacios.")] == [
        ("preference:modo oscuro", "el modo oscuro en todos los editores"),
        ("preference:indentacion", "la indentación de 2 espacios")]


@pytest.mark.parametrize("text", [
    "I prefer fish and chips.", "I prefer black and white photos.", "I prefer Vim and tmux."])
def test_one_thing_named_with_and_is_one_preference(text: str) -> None:
    [(_, attribute, value, _)] = _facts(text)
    assert attribute == f"preference:{fold(value).lower()}"


@pytest.mark.parametrize(("question", "key"), [
    ("What indentation do I prefer?", ("user", "preference:indentation")),
    ("What is my preferred indentation?", ("user", "preference:indentation")),
    ("¿Qué indentación prefiero?", ("user", "preference:indentacion")),
])
def test_a_question_naming_a_preference_asks_its_key(
        question: str, key: tuple[str, str]) -> None:
    assert attribute_question(question) == key


@pytest.mark.anyio
async def test_a_new_measure_of_a_preference_replaces_the_old(home: Path) -> None:
    async with open_runtime(home) as rt:
        await save(rt, "2026-05-05: I prefer dark mode in every editor and 2-space indentation.")
        await save(rt, "2026-06-01: I prefer 4-space indentation.")
        assert await current(rt, attribute="preference:indentation") == "4-space indentation"
        assert await current(rt, attribute="preference:dark mode") == \
            "dark mode in every editor"
