"""The time a memory names in its words, and questions about a time alone: "In April 2026 I
went to PyCon", saved in December, answers "what did I do in April 2026?" and "abril 2026";
a time no memory is of answers "No memory found"; "last week" alone is a question about it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import anyio
import pytest

from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult, Stats
from actors.provenance import Provenance
from actors.text import fold
from actors.time_ranges import DateRange, asked_range, mentioned_ranges, mentions
from ihmt_async.runtime import Runtime

APRIL = DateRange(dt.date(2021, 4, 1), dt.date(2021, 4, 30))


@pytest.mark.parametrize(("text", "named"), [
    ("In April 2021 I attended PyCon in Pittsburgh.", True),
    ("El 5 de abril de 2021 cambiamos el proveedor de correo.", True),
    ("Release 2021-04 shipped the new importer.", True),
    ("On 2021-04-17 we signed the lease.", True),
    ("In April I went to PyCon.", False),  # no year: which April?
    ("In March 2021 I attended PyCon.", False),
    ("I moved to Lisbon in 2021.", False),  # a year is no month of it
])
def test_a_memory_names_a_time_with_its_year(text: str, named: bool) -> None:
    assert mentions(text, APRIL) is named


@pytest.mark.parametrize(("text", "said_on", "named"), [
    ("Hannah and I booked Japan for April: Tokyo and Kyoto.", dt.date(2021, 3, 20), True),
    ("We fly out at the end of April.", dt.date(2021, 4, 2), True),
    ("Vamos a Lisboa en abril.", dt.date(2021, 2, 1), True),
    ("In April I went to PyCon.", dt.date(2021, 6, 10), True),  # the April just gone
    ("In April I went to PyCon.", dt.date(2022, 1, 10), False),  # the nearest is 2022's
    ("In December we went skiing.", dt.date(2021, 5, 3), False),
    ("We may go to Porto in June.", dt.date(2021, 4, 2), False),  # "may" is no month
])
def test_a_month_without_its_year_is_the_one_nearest_the_memorys_day(
        text: str, said_on: dt.date, named: bool) -> None:
    assert mentions(text, APRIL, said_on) is named
    assert not mentions(text, APRIL) or "2021" in text  # no day said: no year, no month


@pytest.mark.parametrize(("text", "said_on", "named"), [
    # a month said with "last year"/"this year" is of the year counted from the memory's day
    # (read as a month alone, "April last year" said in March 2022 was April 2022)
    ("In April last year I went to PyCon.", dt.date(2022, 3, 10), True),
    ("En abril del año pasado fui a la PyCon.", dt.date(2022, 1, 10), True),
    ("Back in April this year we shipped it.", dt.date(2021, 11, 2), True),
    ("In April this year I went to PyCon.", dt.date(2022, 3, 10), False),
    ("In April last year I went to PyCon.", dt.date(2021, 6, 10), False),
])
def test_a_month_of_last_or_this_year_is_counted_from_the_memorys_day(
        text: str, said_on: dt.date, named: bool) -> None:
    assert mentions(text, APRIL, said_on) is named


def test_a_named_month_is_the_whole_month() -> None:
    assert mentioned_ranges("En marzo de 2021 empecé el curso.") == [
        DateRange(dt.date(2021, 3, 1), dt.date(2021, 3, 31))]


TODAY = dt.date(2026, 12, 4)


@pytest.mark.parametrize(("question", "start"), [
    ("What did I do in the last 30 days?", dt.date(2026, 11, 5)),
    ("anything from the past two weeks", dt.date(2026, 11, 21)),
    ("¿Qué hice en los últimos 3 meses?", dt.date(2026, 9, 4)),
    ("las últimas dos semanas", dt.date(2026, 11, 21)),
    ("in the past 2 years", dt.date(2024, 12, 4)),
])
def test_the_last_n_days_weeks_or_months_end_today(question: str, start: dt.date) -> None:
    span = asked_range(question, TODAY)
    assert span is not None and (span.start, span.end) == (start, TODAY)


async def save(rt: Runtime, content: str) -> str:
    saved = await rt.ingest.ask(Save(content=content, provenance=Provenance(agent="test")))
    return saved.leaf_ids[0]


async def ask(rt: Runtime, query: str) -> SearchResult:
    return await rt.navigation.ask(Search(query=query))


@pytest.mark.anyio
async def test_a_question_about_a_time_alone_finds_memories_that_name_it(
        tmp_path: Path) -> None:
    today = dt.datetime.now(dt.UTC).date()
    last_week = today - dt.timedelta(days=7)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        pycon = await save(rt, "In April 2021 I attended PyCon in Pittsburgh.")
        postmark = await save(rt, "El 5 de marzo de 2021 cambiamos el proveedor de correo a "
                                  "Postmark.")
        await save(rt, "I moved to Lisbon in 2021.")
        wiki = await save(rt, f"{last_week.isoformat()}: Migrated the wiki to Outline.")
        for question in ("what did I do in April 2021?", "abril 2021", "April 2021",
                         "¿qué hice en abril de 2021?"):
            found = await ask(rt, question)
            assert found.status == "FOUND" and found.hits[0].leaf_id == pycon, question
        march = await ask(rt, "what happened in March 2021?")
        assert march.hits[0].leaf_id == postmark
        # Only the time, with no other word: still a question about that time.
        assert asked_range("last week", today) is not None
        for question in ("last week", "la semana pasada"):
            found = await ask(rt, question)
            assert found.status == "FOUND" and found.hits[0].leaf_id == wiki, question
        # A time no memory is dated in or names: nothing answers it (the Lisbon memory holds
        # "2021" and was a confident answer to "May 2021").
        for question in ("May 2021", "what did I do in May 2021?"):
            empty = await ask(rt, question)
            assert empty.status == "NONE" and "may 2021" in (empty.reason or ""), question


@pytest.mark.anyio
async def test_memories_saying_the_same_words_on_other_days_take_one_place(
        tmp_path: Path) -> None:
    """Small talk logged day after day ("went for tapas after work with colleagues", four
    times) filled every place of the reply; one stands for the others, with their dates."""
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        for day in ("2021-02-10", "2021-02-25", "2021-06-08", "2021-10-09"):
            await save(rt, f"{day}: went for tapas after work with colleagues.")
        plan = await save(rt, "2021-07-08: After work I go to the climbing gym with Marta.")
        other = await save(rt, "2021-03-17: nothing special today, just work and dinner.")
        found = await rt.navigation.ask(Search(query="tapas after work", limit=3))
        assert found.status == "FOUND"
        shown = [hit.leaf_id for hit in found.hits]
        tapas = [hit for hit in found.hits if "tapas" in hit.text]
        assert len(tapas) == 1 and len(shown) == 3 and {plan, other} <= set(shown)
        assert tapas[0].timestamp.startswith("2021-10-09")  # the newest stands for them
        assert tapas[0].same_on == ("2021-02-10", "2021-02-25", "2021-06-08")


@pytest.mark.parametrize(("question", "first", "last"), [
    ("What was going on with mum in early March 2026?", dt.date(2026, 3, 1),
     dt.date(2026, 3, 10)),
    ("what happened in mid-May 2025", dt.date(2025, 5, 11), dt.date(2025, 5, 20)),
    ("what did I do at the end of February 2024", dt.date(2024, 2, 21), dt.date(2024, 2, 29)),
    ("¿qué hice a finales de abril de 2026?", dt.date(2026, 4, 21), dt.date(2026, 4, 30)),
    ("¿qué pasó a principios de junio de 2026?", dt.date(2026, 6, 1), dt.date(2026, 6, 10)),
])
def test_a_part_of_a_month_is_its_days(question: str, first: dt.date, last: dt.date) -> None:
    span = asked_range(question, dt.date(2026, 12, 4))
    assert span is not None and (span.start, span.end) == (first, last)


@pytest.mark.parametrize(("question", "first", "last"), [
    ("which warehouse did orca use at the end of 2024?", dt.date(2024, 9, 1),
     dt.date(2024, 12, 31)),
    ("where did I live in early 2024?", dt.date(2024, 1, 1), dt.date(2024, 4, 30)),
    ("what were the mid-2025 plans?", dt.date(2025, 5, 1), dt.date(2025, 8, 31)),
    ("¿dónde vivía a finales de 2024?", dt.date(2024, 9, 1), dt.date(2024, 12, 31)),
    ("¿qué decidimos a principios del año 2025?", dt.date(2025, 1, 1), dt.date(2025, 4, 30)),
])
def test_a_part_of_a_year_is_its_four_months(question: str, first: dt.date,
                                             last: dt.date) -> None:
    span = asked_range(question, dt.date(2026, 12, 4))
    assert span is not None and (span.start, span.end) == (first, last)


@pytest.mark.parametrize(("question", "first", "last"), [
    # a month, season or part of a year said by its distance from now was the whole year
    ("What did I do in October last year?", dt.date(2025, 10, 1), dt.date(2025, 10, 31)),
    ("¿Qué hice en octubre del año pasado?", dt.date(2025, 10, 1), dt.date(2025, 10, 31)),
    ("where did I travel in March of this year", dt.date(2026, 3, 1), dt.date(2026, 3, 31)),
    ("¿qué pasó a principios de marzo de este año?", dt.date(2026, 3, 1),
     dt.date(2026, 3, 10)),
    ("What did I do last year in May?", dt.date(2025, 5, 1), dt.date(2025, 5, 31)),
    ("what happened in mid-June of the previous year", dt.date(2025, 6, 11),
     dt.date(2025, 6, 20)),
    ("Where did I go in the summer of last year?", dt.date(2025, 6, 1), dt.date(2025, 8, 31)),
    ("¿Adónde fui en el verano del año pasado?", dt.date(2025, 6, 1), dt.date(2025, 8, 31)),
    ("What changed at the end of last year?", dt.date(2025, 9, 1), dt.date(2025, 12, 31)),
    ("¿Qué hice a finales del año pasado?", dt.date(2025, 9, 1), dt.date(2025, 12, 31)),
    ("what did we ship early this year", dt.date(2026, 1, 1), dt.date(2026, 4, 30)),
    ("Where did I live the year before last?", dt.date(2024, 1, 1), dt.date(2024, 12, 31)),
    ("¿Dónde vivía el año antepasado?", dt.date(2024, 1, 1), dt.date(2024, 12, 31)),
    # unchanged: the year alone
    ("What did I do last year?", dt.date(2025, 1, 1), dt.date(2025, 12, 31)),
    ("¿Qué hice el año pasado?", dt.date(2025, 1, 1), dt.date(2025, 12, 31)),
])
def test_a_month_of_last_or_this_year_is_that_month(question: str, first: dt.date,
                                                    last: dt.date) -> None:
    span = asked_range(question, dt.date(2026, 12, 4))
    assert span is not None and (span.start, span.end) == (first, last)
    assert span.phrase in fold(question) and not span.yearless


def test_may_the_verb_before_this_year_names_no_month() -> None:
    span = asked_range("I may this year finally learn to sail", dt.date(2026, 12, 4))
    assert span is not None and (span.start, span.end) == (dt.date(2026, 1, 1),
                                                            dt.date(2026, 12, 4))


@pytest.mark.anyio
async def test_memories_of_the_asked_time_are_no_rivals(tmp_path: Path) -> None:
    who = Provenance(agent="claude-code", session="s1")
    then = ["[2026-03-03] user: Mum had a fall in her flat, nothing broken.",
            "[2026-03-05] user: Mum's GP changed her blood pressure pills.",
            "[2026-03-08] user: Mum says the new pills make her tired."]
    other = ["[2026-06-10] user: Mum started the day programme on Wednesdays.",
             "[2026-09-06] user: Mum is forgetting things more these days.",
             "[2026-11-02] user: Mum signed her power of attorney at the notary."]
    async with Runtime(tmp_path) as rt:
        ids = [(await rt.ingest.ask(Save(content=text, provenance=who))).leaf_ids[0]
               for text in then + other]
        result: SearchResult = await rt.navigation.ask(
            Search(query="What was going on with mum in early March 2026?"))
        assert result.status == "FOUND"
        assert {hit.leaf_id for hit in result.hits} == set(ids[:3])


@pytest.mark.anyio
@pytest.mark.parametrize("question", ["What did I do in August 2025?",
                                      "¿Qué hice en agosto de 2025?"])
async def test_what_happened_in_a_time_leads_with_a_doing_of_it(tmp_path: Path,
                                                                 question: str) -> None:
    # IN_RANGE_SCANNED and Conversation.tells: the month's newest small talk, the user's
    # questions and the assistant's advice filled the listing; the doing of the 2nd was
    # not even among the memories ranked
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        adopted = await save(rt, "2025-08-02 user: Adopté un segundo gato, un gatito gris "
                                 "que se llama Anís.")
        for n in range(66):
            day = f"2025-08-{n % 18 + 10:02d}"
            await save(rt, (f"{day} user: Can you explain the word number {n} again?",
                            f"{day} assistant: Sure, tip {n}: read it aloud and use it in a "
                            "sentence of your own.",
                            f"{day} user: Interesting, thanks for number {n}.")[n % 3])
        with anyio.fail_after(120):
            while (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                await anyio.sleep(0.2)
        found = await ask(rt, question)
        assert found.status == "FOUND" and found.hits[0].leaf_id == adopted


def test_within_a_time_the_memories_telling_a_doing_come_first() -> None:
    # ranking.range_first: a doing (2), then what is stated (1), then questions and advice
    # (0), each in its order; a slight memory after them all, and the time's memories
    # before any other
    from actors.navigation.ranking import range_first
    ranked = [("advice", 0.9), ("small", 0.8), ("doing", 0.7), ("short", 0.6), ("out", 0.5),
              ("note", 0.4)]
    tells = {"advice": 0, "small": 1, "doing": 2, "short": 1, "note": 1}
    order = range_first(ranked, {"advice", "small", "doing", "short", "note"},
                        frozenset({"short"}), lambda leaf: tells[leaf])
    assert [leaf for leaf, _ in order] == ["doing", "small", "note", "advice", "short", "out"]


@pytest.mark.parametrize(("text", "told"), [
    ("2025-08-02 user: Adopted a second cat two days ago!", 2),
    ("2025-08-02 user: Adoptamos un perro ayer.", 2),
    ("2025-08-02 user: Me compré una bici gravel, ¿qué debería revisar?", 2),
    ("2025-08-02 user: I went to a data conference in Montréal", 2),
    ("2025-08-02 user: Interesting, thanks. I need a red pen.", 1),
    ("2025-08-02 user: Got it. The part looks different from the photos.", 1),
    ("2025-08-02: Fixed the boiler with the plumber.", 2),
    ("2025-08-02: The office moves to the fourth floor.", 1),
    ("2025-08-02 user: Tengo ganas de ver una de animación, ¿cómo elijo?", 0),
    ("2025-08-02 assistant: I went through your list: try the second one.", 0),
])
def test_how_much_a_memory_tells_of_a_doing(text: str, told: int) -> None:
    from actors.navigation.conversation import doing_told
    assert doing_told(text, dt.date(2025, 8, 2)) == told
