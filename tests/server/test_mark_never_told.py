"""A mark asked that no memory tells (abstain, issue 18), end to end through the real stdio
server. "¿Qué nota sacó el usuario en el examen de valenciano?" was answered by the Valencian
classes and the user's notes in Obsidian: "nota" is a note and a mark, and read as both the
notes held it. Said with "sacar" or "obtener" it is the mark (``bilingual._SAID_WITH``), and a
question asking a mark got in an exam or a course is answered only by a memory telling one
(``asked_detail._GRADE_ASKED``): a mark's word, passing or failing, a share or a number got.
A mark told in the other language and other words is still found; a note asked is still a
note."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

TURNS = ("[2025-09-10] user: I have started a cooking course at the culinary school, Tuesday "
         "and Thursday evenings.",
         "[2025-11-20] user: Tomé notas de la reunión con Iván en mi cuaderno: el presupuesto "
         "sube en marzo.",
         "[2025-12-01] user: I keep all my notes in Obsidian now, one file a day.",
         "[2026-01-15] user: Passed the first-aid certificate at work, final score 92%.",
         "[2026-02-03] user: Mi hermana Lucía ha empezado clases de fotografía por las tardes.",
         "[2026-02-20] user: Went hiking in the Picos de Europa with Iván.")

STUDIES = (
    '[2025-01-10] user: Empecé el máster de ciberseguridad en la UOC, todo online.',
    '[2025-02-14] user: Sofía sat her driving theory test this morning, fingers crossed.',
    '[2025-02-20] user: Sofía aprobó el teórico con solo dos fallos.',
    '[2025-03-02] user: Mi hermano Pablo está preparando las oposiciones de bombero.',
    '[2025-04-11] user: Handed in my TFM draft, my supervisor is Dr Marín.',
    '[2025-06-30] user: ¡Defendí el TFM! Me pusieron un 9,2, matrícula no pero casi.',
    '[2025-05-05] user: Took the IELTS again, overall band 7.5, enough for the visa.',
    '[2025-05-19] user: I keep a notebook of Spanish phrases, lots of notes on the subjunctive.',
    "[2025-07-01] user: Gave blood at the Red Cross van, they said I'm A positive.",
    '[2025-07-15] user: Mi madre tiene la tensión alta, el médico le ha cambiado la pastilla.',
    '[2025-08-03] user: Pablo did the physical test for the fire brigade, he was exhausted.',
    '[2025-09-09] user: Started a pottery class on Thursdays with Inés.',
    '[2025-10-21] user: Had a blood test for cholesterol, results next week.',
)


async def test_a_mark_no_memory_tells_is_not_found(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        for question in ("¿Qué nota sacó el usuario en el curso de cocina?",
                         "What grade did the user get in the cooking course?",
                         "¿Qué nota obtuvo Lucía en las clases de fotografía?",
                         "What mark did Lucía get in her photography class?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        # told in other words ("final score 92%"), and in the other language
        for question in ("What mark did the user get for the first-aid certificate?",
                         "¿Qué nota sacó el usuario en el certificado de primeros auxilios?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found") and "92%" in reply, (question, reply)


async def test_a_nota_got_is_a_mark_and_a_nota_taken_a_note(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        mark = await s.ok("search_memory", {
            "query": "¿Qué nota sacó el usuario en el certificado de primeros auxilios?"})
        assert not mark.startswith("No memory found"), mark
        assert "92%" in mark and "Obsidian" not in mark, mark
        notes = await s.ok("search_memory",
                           {"query": "¿Qué notas tomó el usuario en la reunión con Iván?"})
        assert not notes.startswith("No memory found") and "presupuesto" in notes, notes


async def test_a_mark_told_without_the_words_asking_it_is_found(tmp_path: Path) -> None:
    """"nota", "score", "sacó" ask for a mark, as "name" asks for a name: the memory telling
    it says "band 7.5", never "nota" (it was "No memory found: no stored memory mentions 'nota'
    together with 'IELTS'")."""
    async with server_session(tmp_path) as s:
        for turn in STUDIES:
            await s.ok("save_memory", {"content": turn})
        for question in ("What score did the user get in the IELTS?",
                         "¿Qué nota sacó el usuario en el IELTS?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "band 7.5" in reply, (question, reply)


async def test_a_letter_got_is_a_mark_told(tmp_path: Path) -> None:
    """"Got an A" tells the mark as written: folded, "a" is only an article ("got a knife
    set"), so a letter is read in the sentence as it was said."""
    async with server_session(tmp_path) as s:
        for turn in (*TURNS, "[2026-03-10] user: Music theory exam done, got a B+ in the end!"):
            await s.ok("save_memory", {"content": turn})
        for question in ("What grade did the user get in the music theory exam?",
                         "What mark did the user get in the music exam?"):
            reply = await s.ok("search_memory", {"query": question})
            assert not reply.startswith("No memory found"), (question, reply)
            assert "B+" in reply, (question, reply)


async def test_what_someone_got_in_an_exam_asks_a_mark(tmp_path: Path) -> None:
    """"¿Qué sacó Lucía en el examen...?", "What did the user get in the ... exam?" ask a mark
    without its word: no memory telling one, never stored; told, found."""
    async with server_session(tmp_path) as s:
        for turn in TURNS:
            await s.ok("save_memory", {"content": turn})
        for question in ("¿Qué sacó Lucía en el examen de fotografía?",
                         "What did the user get in the cooking exam?"):
            reply = await s.ok("search_memory", {"query": question})
            assert reply.startswith("No memory found"), (question, reply)
        reply = await s.ok("search_memory",
                           {"query": "What did the user get in the first-aid test?"})
        assert not reply.startswith("No memory found") and "92%" in reply, reply
