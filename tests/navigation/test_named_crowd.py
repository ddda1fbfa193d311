"""A question about a named speaker of the store, in a store crowded with strangers' chat lines
and the user's own notes sharing its words (probe47: two friends' chat among 2,000 other
memories): the speaker's own turn leads the strangers' lines, a word the strangers' lines
hold is no common word of the speaker's chat, the user's note is marked as the user's, and a
change a named speaker told is worded by who told it. The texts here are in words not used
while writing the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.asked_person import THE_USER
from actors.navigation.stem import stem
from ihmt_async.render import render_search
from ihmt_async.runtime import Runtime
from tests.navigation.test_retrieval_rules import embedded, replies, save, search

pytestmark = pytest.mark.anyio

STRANGERS = ("Ilona", "Kemal", "Wiebke", "Joss", "Farah", "Lenz", "Mads", "Ottavia", "Rina",
             "Oscar", "Tamar", "Yusuf")
CHAT = ("[2026-02-07] Teodora: Hi Bastian! How is Tromsø treating you?",
        "[2026-02-07] Bastian: Cold and dark, as promised. And Porto?",
        "[2026-02-07] Teodora: Sunny. Last Saturday I joined a gospel choir at St Mary's, "
        "I'm a soprano.",
        "[2026-02-07] Bastian: Ha, I knew you would.",
        "[2026-02-07] Bastian: I'm knitting a cardigan for my niece's birthday, all in "
        "merino.",
        "[2026-02-07] Teodora: Send me a photo when it's done!",
        "[2026-03-14] Teodora: Hey, how's it going?",
        "[2026-03-14] Bastian: All good here, the northern lights were out last night.",
        "[2026-03-14] Teodora: Lucky you.",
        "[2026-03-14] Bastian: Talk soon!")
SINGERS = tuple(f"[2025-{1 + i % 12:02d}-{1 + i % 27:02d}] {STRANGERS[i % 12]}: I started "
                f"singing in the choir on Tuesdays, I'm an alto." for i in range(70))
KNITTERS = tuple(f"[2025-{1 + i % 12:02d}-{2 + i % 25:02d}] {STRANGERS[i % 12]}: I'm knitting "
                 f"a wool scarf for winter." for i in range(80))
FILLER = tuple(f"In {('tern', 'gannet', 'skua', 'puffin')[i % 4]}-{i}, the "
               f"{('parser', 'exporter', 'scheduler', 'cache', 'router')[i % 5]} needs "
               f"{('a retry', 'a timeout', 'a lock', 'more logging')[i % 4]} before release {i}."
               for i in range(120))
"""Notes on other things: the words of the crowd are rare in the store, as in a real one."""


async def test_a_named_speakers_turn_leads_strangers_lines_holding_more_words(
        tmp_path: Path) -> None:
    # seventy strangers' "I started singing in the choir" hold "start", "sing" and "choir";
    # Teodora's turn "choir" and her name: hers leads (``ranking.below_own`` with the name)
    sung, = await replies(tmp_path, (*FILLER, *SINGERS, *CHAT),
                          ("When did Teodora start singing in a choir?",))
    assert sung.status == "FOUND"
    assert "gospel choir" in sung.hits[0].text


async def test_a_word_strangers_lines_hold_is_no_common_word_of_the_speakers_chat(
        tmp_path: Path) -> None:
    # eighty strangers' "I'm knitting a wool scarf" make "knitting" a common word of the store,
    # not of Bastian's chat (``_freq_apart``): probe47's false "No memory found ... share only
    # the common word 'Henrik'" came from such a count, in a store of 2,265 (no small store
    # gives that reply: the judgement reads the meaning too); the count itself is checked
    async with Runtime(tmp_path) as rt:
        for text in (*FILLER, *KNITTERS, *CHAT):
            await save(rt, text)
        await embedded(rt)
        knit = await search(rt, "What garment is Bastian knitting?")
        actor = rt.navigation
        term = stem("knitting")
        for question in ("What garment is Bastian knitting?", "What is Bastian knitting?"):
            apart = actor._freq_apart(actor._others_line(
                question, actor._named_speakers(question)))
            assert actor.model.index.doc_freq(term) >= 80 and apart(term) == 1
    assert knit.status == "FOUND" and "cardigan" in knit.hits[0].text


async def test_the_users_note_is_marked_for_a_question_about_a_named_speaker(
        tmp_path: Path) -> None:
    # the user's own note holds the question's words and never names Teodora: it tells of the
    # user's cat, and says so as strangers' lines do (``named_crowd.users_apart``)
    note = "[2026-04-02] I adopted a grey cat named Pimienta from the shelter on Rua Escura."
    cat, = await replies(tmp_path, (*CHAT, note),
                         ("What is the name of the grey cat Teodora adopted?",))
    served = [hit for hit in cat.hits if "Pimienta" in hit.text]
    assert served and served[0].said_by_other == (THE_USER, "Teodora")
    assert "Said by the user, and it does not mention Teodora" in render_search(cat)


async def test_a_change_a_named_speaker_told_is_worded_by_them(tmp_path: Path) -> None:
    # "you said" put Bastian's words in the user's mouth; the user's own stays "you"
    bakery, = await replies(tmp_path / "bastian", (
        "[2025-10-01] Bastian: I work as a pastry chef at Harbourside Bakery.",
        "[2026-04-01] Bastian: I accepted a job at the Quayside Hotel, I start in May."),
        ("Harbourside Bakery",))
    told = " ".join(notice for hit in bakery.hits for notice in hit.notices)
    assert "Bastian said Bastian employer = 'Harbourside Bakery'" in told
    assert "Bastian updated to 'the Quayside Hotel'" in told and "you said" not in told
    mine, = await replies(tmp_path / "user", (
        "[2025-10-01] I work as a pastry chef at Harbourside Bakery.",
        "[2026-04-01] I accepted a job at the Quayside Hotel, I start in May."),
        ("Harbourside Bakery",))
    assert any("you said user employer = 'Harbourside Bakery'" in notice
               for hit in mine.hits for notice in hit.notices)
