"""A first-person fact belongs to whoever says it on the line: the user, a named speaker, or
nobody (the assistant)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.facts.patterns import extract_facts
from actors.facts.speakers import Speaker, speaker_of
from tests.mcp_client import server_session


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text)]


@pytest.mark.parametrize(("line", "speaker"), [
    ("user: I moved to Seville", Speaker("user")),
    ("2026-03-12 User: I moved to Seville", Speaker("user")),
    ("[2025-06-14] Marta: I was promoted", Speaker("Marta")),
    ("2025-06-14: Ana María: me mudé a Vigo", Speaker("Ana María")),
    ("assistant: I'd suggest the Octavia", Speaker(None)),
    ("Asistente: te recomiendo el Octavia", Speaker(None)),
    ("Update: I moved to Valencia", None),
    ("Root cause: we moved to Kubernetes", None),
    ("Lunes: gym at 7", None),
    ("I moved to Valencia: a big change", None),
    ("Note to self: call the bank", None),
    ("Correction: I moved to Porto, not Lisbon", None),
    ("PAY-1423: I fixed the refund rounding", None), ("TODO: I must call", None),
    ("2026-05-01: Big News: I accepted an offer from Tidepool", None),
    ("María José: me mudé a Vigo", Speaker("María José")),
    ("Dr. Bakker: take two a day", Speaker("Dr. Bakker")),
    ("[2025-06-14] Grace: I was promoted", Speaker("Grace")),
    ("[1:56 pm on 8 May, 2023] Bea: I moved to Golden", Speaker("Bea")),
    ("10:00, 3 de marzo de 2025 - Ana: me mudé a Vigo", Speaker("Ana")),
    ("Then: I moved to Porto", None), ("Will: I moved to Boston", None),
    # a dated name that is also a word speaks without a pronoun; a dated -ing title does not
    ("[2024-06-05] Pau: Nos mudamos a Badajoz en septiembre.", Speaker("Pau")),
    ("[2026-03-01] Grace: Just got back from Lisbon!", Speaker("Grace")),
    ("[2026-08-11] Testing: ledgerkit uses Vitest.", None),
])
def test_a_line_s_label_names_its_speaker_or_heads_a_note(line: str,
                                                          speaker: Speaker | None) -> None:
    assert speaker_of(line) == speaker


HEADINGS = """Note Nota Ojo Aviso Importante Testing Status Estado Resumen Summary Decision Decisión
    Problema Bug Fix Solución TODO Pendiente Hecho Done Update Actualización Context Contexto Idea
    Plan Next Siguiente Riesgo Risk Cuidado Workaround Background Concern Deployment Security
    Performance Migration Cambios""".split()


@pytest.mark.parametrize("heading", HEADINGS)
def test_a_common_word_heads_a_note_and_names_no_speaker(heading: str) -> None:
    """A heading is a common word, a speaker a name ("Ojo: la migración rompe" was read as
    said by someone called Ojo); the dictionary decides, not only a list of headings."""
    assert speaker_of(f"{heading}: la migración 0042 rompe en SQLite.") is None
    assert speaker_of(f"{heading}: I moved the tests to testcontainers-go.") is None


def test_a_name_that_is_a_word_too_speaks_where_the_text_is_a_chat() -> None:
    """"Grace:" heading one undated line is a heading; dated, or heading two turns, a
    speaker."""
    from actors.facts.speakers import opening_speaker
    assert speaker_of("Grace: I was promoted") is None
    assert opening_speaker("Grace: I was promoted\nJoel: congrats!\nGrace: thanks") \
        == Speaker("Grace")
    assert _facts("Grace: I work at Bayside Health.\nJoel: nice.\nGrace: I start Monday.") \
        == [("Grace", "employer", "Bayside Health")]


def test_a_named_speaker_s_first_person_fact_is_that_speaker_s() -> None:
    assert _facts("[2025-06-14] Joel: I got promoted to head of the chemistry department!") \
        == [("Joel", "role", "head of the chemistry department")]


def test_the_assistant_s_first_person_states_no_fact() -> None:
    assert _facts("user: I live in Bristol.\nassistant: I live in the cloud, you could move "
                  "to Bath.") == [("user", "location", "Bristol")]


def test_a_turn_over_several_lines_keeps_its_speaker_and_a_heading_keeps_the_user() -> None:
    session = ("2025-06-14\nMarta: Big news today.\nI work at Bayside Health now.\n"
               "Joel: I work at the high school.")
    assert _facts(session) == [("Marta", "employer", "Bayside Health"),
                               ("Joel", "employer", "the high school")]
    assert _facts("Update: I moved to Valencia.") == [("user", "location", "Valencia")]


def test_a_workplace_s_name_ends_where_the_sentence_goes_on() -> None:
    assert _facts("First week at Nubeo done.") == [("user", "employer", "Nubeo")]
    assert _facts("First day at Bank of America today.") == \
        [("user", "employer", "Bank of America")]


@pytest.mark.anyio
async def test_two_friends_jobs_are_not_one_user_s_timeline(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "[2025-09-02] Joel: My news: I got promoted to "
                                              "head of the chemistry department at Hillcrest."})
        await s.ok("save_memory", {"content": "[2026-10-20] Marta: Guess what, I was promoted "
                                              "to senior UX designer yesterday!"})
        reply = await s.ok("search_memory", {"query": "What was Joel promoted to?"})
        assert "head of the chemistry department" in reply and "OUTDATED" not in reply
        assert "senior UX designer" in await s.ok("memory_history", {"subject": "Marta"})
        assert "head of the chemistry" in await s.ok("memory_history", {"subject": "Joel"})
        assert "No facts recorded for user" in await s.ok("memory_history", {})


@pytest.mark.anyio
async def test_a_chat_log_dated_with_the_time_first_is_of_its_day_and_speakers(
        tmp_path: Path) -> None:
    # LoCoMo writes its sessions' dates "1:56 pm on 8 May, 2023": the memory is of that day,
    # Bea owns what she says, and the day shows in the reply and the timeline
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "[1:56 pm on 8 May, 2023] Bea: I moved to "
                                              "Denver last week, Marco's transfer went through."})
        await s.ok("save_memory", {"content": "[10:37 am on 27 June, 2023] Dev: I moved to "
                                              "Nashville, the studio job starts Monday."})
        reply = await s.ok("search_memory", {"query": "Where did Bea move?"})
        assert "2023-05-08" in reply and "Denver" in reply
        assert "2026-" not in reply.split("\n")[0]  # not the day it was saved
        history = await s.ok("memory_history", {"subject": "Bea", "attribute": "location"})
        assert "Denver" in history and "Nashville" not in history
        await s.ok("save_memory", {"content": "[10:00 am on 20 November, 2023] Bea: Big "
                                              "news, I moved to Austin for the new job."})
        then = await s.ok("search_memory", {"query": "Where did Bea live in June 2023?"})
        assert then.startswith("On 2023-06-30: Bea location = 'Denver'") and "Austin" in then
        assert "No facts recorded for user" in await s.ok("memory_history", {})


@pytest.mark.anyio
async def test_in_a_project_a_person_has_one_timeline_and_a_things_history_is_found(
        tmp_path: Path) -> None:
    # a note filed in the project and a chat turn filed globally tell one person's job; a
    # project's own setting is recorded under the project and memory_history still finds it
    async with server_session(tmp_path, IHMT_PROJECT="billing") as s:
        await s.ok("save_memory", {"content": "2025-06-01: Marta works at Accenture as a "
                                              "manager."})
        await s.ok("save_memory", {"content": "[2:00 pm on 3 July, 2025] Marta: I just "
                                              "started at KPMG, Accenture was too much travel."})
        await s.ok("save_memory", {"content": "2025-04-01: Our billing service uses "
                                              "PostgreSQL 16."})
        history = await s.ok("memory_history", {"subject": "Marta", "attribute": "employer"})
        assert "Accenture" in history and "KPMG" in history
        reply = await s.ok("search_memory", {"query": "Where does Marta work?"})
        assert "Current value: Marta employer = 'KPMG'" in reply
        service = await s.ok("memory_history", {"subject": "billing service"})
        assert "PostgreSQL 16" in service and "@project:billing" in service


def test_a_name_that_is_a_short_word_speaks_in_a_chat_with_a_named_person() -> None:
    # "Will" is a word ("will"); beside "Xena:", a name, the two are a chat's speakers
    chat = "Session on 8 May 2023 at 1:56 pm\nWill: I live in Boston now.\nXena: Cool."
    assert _facts(chat) == [("Will", "location", "Boston")]
    assert _facts("Then: I moved to Porto.\nMarta: nice") == [("user", "location", "Porto")]


def test_a_turn_of_the_assistant_is_told_by_its_label() -> None:
    from actors.facts.speakers import assistant_said
    assert assistant_said("2026-03-05 assistant: Ice or heat?")
    assert assistant_said("[2026-03-05] Asistente: Hielo.\nuser: vale")
    assert not assistant_said("2026-03-05 user: Ice or heat?")
    assert not assistant_said("Marta: the assistant said so")


def test_an_assistant_s_line_states_no_fact_of_anyone() -> None:
    """What the assistant says or recommends is advice, not the user's life, in any person:
    the model's "the project's database is MySQL 8" files nothing."""
    assert _facts("[2026-07-25] assistant: Got it. The database of the shop project is "
                  "MySQL 8.\nuser: yes") == []
    assert _facts("2026-10-25: Asistente: Vale. La base de datos del proyecto Tienda es "
                  "MySQL 8.") == []


@pytest.mark.parametrize(("line", "fact"), [
    ("[2024-12-28] Lachlan: My mortgage rate is now 3.3% fixed for 2 years.",
     ("Lachlan's mortgage rate", "value", "3.3% fixed")),
    ("[2025-03-18] Efua: Budget question: my take-home is now £2224.",
     ("Efua's take home", "value", "£2224")),
    ("[2025-03-01] Dev: My manager is now Rahul Mehta.", ("Dev's manager", "value", "Rahul Mehta")),
    ("[2025-06-02] Tomás: Nuestro alquiler ahora es de 1.200 euros.",
     ("Tomás's alquiler", "value", "de 1.200 euros")),
    ("[2025-06-01] Lucía: Mi compañía de luz ahora es Iberdrola.",
     ("Lucía's compañía de luz", "value", "Iberdrola")),
    # the user's own thing keeps its key; a thing no one owns is no speaker's
    ("[2024-09-28] User: Good news, our mortgage rate is now 4.35% fixed for 5 years.",
     ("mortgage rate", "value", "4.35% fixed")),
    ("Our internet provider is now Hyperoptic.", ("internet provider", "value", "Hyperoptic")),
    ("[2025-03-18] Efua: the database is now Postgres 16.", ("project", "database", "Postgres 16")),
])
def test_a_named_speaker_s_own_thing_is_filed_as_that_speaker_s(
        line: str, fact: tuple[str, str, str]) -> None:
    """"Lachlan: My mortgage rate is now 3.3%" was filed under 'mortgage rate' alone, the key
    the user's own rate is filed under: one timeline for two people's rates."""
    assert _facts(line) == [fact]


@pytest.mark.anyio
async def test_another_speaker_s_rate_never_outdates_the_user_s(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "[2024-09-28] User: Good news, our mortgage rate "
                                              "is now 4.35% fixed for 5 years."})
        await s.ok("save_memory", {"content": "[2024-09-04] Imogen: My mortgage rate is now "
                                              "4.5% fixed for 5 years."})
        await s.ok("save_memory", {"content": "[2024-12-28] Lachlan: My mortgage rate is now "
                                              "3.3% fixed for 2 years."})
        ours = await s.ok("search_memory", {"query": "What is our mortgage rate now?"})
        assert ours.startswith("Current value: mortgage rate value = '4.35% fixed'")
        assert "OUTDATED" not in ours
        hers = await s.ok("search_memory", {"query": "What is Imogen's mortgage rate now?"})
        assert hers.startswith("Current value: Imogen's mortgage rate value = '4.5% fixed'")
        assert "OUTDATED" not in hers


@pytest.mark.anyio
async def test_a_speaker_s_history_holds_the_things_told_as_their_own(tmp_path: Path) -> None:
    # filed as "Lachlan's mortgage rate" (above), the rate is still Lachlan's own timeline
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "[2024-09-04] Imogen: My mortgage rate is now "
                                              "4.5% fixed for 5 years."})
        await s.ok("save_memory", {"content": "[2024-12-28] Lachlan: My mortgage rate is now "
                                              "3.3% fixed for 2 years."})
        his = await s.ok("memory_history", {"subject": "Lachlan"})
        assert "3.3% fixed" in his and "4.5%" not in his
        hers = await s.ok("memory_history", {"subject": "Imogen", "attribute": "mortgage rate"})
        assert "4.5% fixed" in hers and "3.3%" not in hers
