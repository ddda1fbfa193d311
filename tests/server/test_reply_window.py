"""A long memory's reply opens on the passage that answers (a turn deep in a saved chat
session), found by the question's words and by the words the search matched it with."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from actors.navigation.messages import Hit, SearchResult, SearchTrace, Turn
from ihmt_async import render
from tests.mcp_client import server_session

FILLER = [
    "user: Can you explain how compound interest works for a savings account at my bank?",
    "assistant: Compound interest means you earn interest on the interest already paid. At 3 "
    "percent a year 1000 euros become 1030, and the next year the rate applies to 1030. Over "
    "long periods this grows a lot, which is why starting early matters more than the rate.",
    "user: And what about index funds versus a savings account?",
    "assistant: Index funds track a market index. Their expected returns are higher over long "
    "horizons, but their value goes up and down; keep three to six months of expenses saved.",
]
ANSWER = "user: By the way, my sister Maria got a job as a vet in Porto; she starts in June."


def _session(before: int, after: int) -> str:
    return "\n".join(["2026-05-20", *(FILLER * before), ANSWER, *(FILLER * after)])


def test_the_window_opens_on_the_passage_holding_most_of_the_question() -> None:
    text = _session(12, 4)
    # "account" (the longest word) first occurs in the opening turn; the answer holds the rest
    window = render._window(text, "Which job did my sister get, according to the account?",
                            1200)
    assert "\n" + ANSWER + "\n" in window  # a whole line
    assert window.startswith("2026-05-20\n[... ")  # the opening line (its date) kept
    # a text of one paragraph, or a small share, is windowed by characters
    paragraph = text.replace("\n", " ")
    window = render._window(paragraph, "Which job did my sister get?", 1200)
    assert window.startswith("[... ") and "Maria got a job as a vet" in window


def test_a_word_every_passage_repeats_does_not_choose_the_window() -> None:
    text = _session(12, 4)
    assert ANSWER in render._window(text, "savings account sister", 1200)


def test_the_stems_the_search_matched_choose_the_window_of_another_language() -> None:
    text = _session(12, 4)
    assert ANSWER not in render._window(text, "¿En qué trabaja la hermana?", 1200)
    assert ANSWER in render._window(text, "¿En qué trabaja la hermana?", 1200,
                                    focus=("sister", "job"))


def test_a_short_text_and_an_early_match_are_shown_from_the_start() -> None:
    assert render._window("a short note about my sister", "sister", 1200) == \
        "a short note about my sister"
    text = _session(0, 16)
    window = render._window(text, "my sister's new job", 1200)
    assert window.startswith(f"2026-05-20\n{ANSWER}\n") and window.endswith(" lines]")
    window = render._window(text.replace("\n", " "), "my sister's new job", 1200)
    assert window.startswith("2026-05-20 ") and window.endswith(render.TRUNCATED)


def test_a_passage_that_would_be_cut_at_the_window_s_end_opens_the_window() -> None:
    # a small window (a fifth memory's share of the reply): the answer starting inside it
    # but ending past it is shown whole, not cut after its first words
    text = "\n".join(["2026-05-20", FILLER[0], ANSWER, *(FILLER * 4)])
    limit = text.index(ANSWER) + 40
    window = render._window(text, "my sister's new job", limit)
    assert ANSWER in window and window.startswith("[... ")


def test_the_assistant_s_advice_weighs_less_in_the_window_unless_asked_for(
        monkeypatch: pytest.MonkeyPatch) -> None:
    advice = ["assistant: Crate training a dog takes patience. Put the crate where the dog "
              "can see you, and never use it as a punishment for the dog.",
              "Feed the dog in the crate so it learns the crate is a good place; short "
              "stays first."] * 8
    told = "user: Update: we adopted a beagle puppy named Biscuit, a lovely dog."
    text = "\n".join(["2026-05-20", *advice, told, *advice[:2]])
    assert told in render._window(text, "What breed is my dog?", 600)
    assert told not in render._window(text, "What did you tell me about my dog?", 600)
    monkeypatch.setattr(render, "ASSISTANT_PASSAGE_SHARE", 1.0)
    assert told not in render._window(text, "What breed is my dog?", 600)


@pytest.mark.anyio
async def test_a_saved_session_s_deep_answer_is_in_the_reply(tmp_path: Path) -> None:
    session = _session(11, 1)
    assert render.FULL_TEXT_LIMIT < len(session) < 8000  # one memory, longer than shown
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": session})
        for question in ("What job did the user's sister get?",
                         "¿En qué trabaja la hermana del usuario?"):  # matched in translation
            reply = await s.ok("search_memory", {"query": question})
            assert f"\n{ANSWER}\n" in reply, question  # the turn whole, with its speaker
            assert "\n2026-05-20\n[... " in reply and len(reply) < render.FIRST_LIMIT + 300


def _hit(leaf: str, text: str, focus: tuple[str, ...] = ()) -> Hit:
    return Hit(leaf_id=leaf, domain="personal", title=text[:40], timestamp="2026-05-20T00:00:00Z",
               score=1.0, text=text, excerpt=text[:320], source="mcp://t", agent="t", scope="",
               currency="CURRENT", notices=(), tree_path=("personal", leaf), focus=focus)


def _result(status: str, query: str, hits: tuple[Hit, ...]) -> SearchResult:
    trace = SearchTrace(domains_ranked=(), branches_opened=0, node_reads=0, leaves_scored=2,
                        fallback_used=False, fallback_reason=None, leaves_in_store=2)
    return SearchResult(status=status, query=query, clue=None,
                        hits=hits if status != "NONE" else (), confidence=0.3,
                        reason="2 memories match almost equally", answer=None, trace=trace,
                        nearest=hits if status == "NONE" else ())


def test_competing_and_closest_memories_show_their_part_matching_the_question() -> None:
    deep = _session(2, 1)  # the answer ~1,000 characters in: past a 300-character excerpt
    other = _session(0, 3).replace(ANSWER, "user: My brother Leo works as a chef in Lyon.")
    question = "What job did my sister get?"
    ambiguous = render.render_search(_result("AMBIGUOUS", question,
                                             (_hit("L-1", deep), _hit("L-2", other))))
    assert "Maria got a job as a vet" in ambiguous
    none = render.render_search(_result("NONE", "¿En qué trabaja la hermana?",
                                        (_hit("L-1", deep, ("sister", "job")),)))
    assert "Maria got a job as a vet" in none


def test_a_competing_memory_is_shown_with_its_next_turn() -> None:
    from actors.navigation.messages import Turn
    asked = _hit("L-1", "2026-02-25 assistant: Porto is mild in March. Where are you staying?")
    asked = dataclasses.replace(asked, next_turn=Turn(
        leaf_id="L-2", timestamp="2026-02-25T00:00:00Z", outdated=False,
        text="2026-02-25 user: An Airbnb in Ribeira, near the river."))
    reply = render.render_search(_result("AMBIGUOUS", "Where did we stay in Porto?",
                                         (asked, _hit("L-3", "2026-11-08 user: Cádiz trip."))))
    assert "Next in that conversation: 2026-02-25 user: An Airbnb in Ribeira" in reply


def test_a_current_memory_with_a_fact_changed_since_is_partly_outdated() -> None:
    # "I live in Salford and work at Siemens", then a move: the memory still tells where
    # Kenji works, and says which part changed
    notice = "On 2026-10-01 you said Kenji location = 'Salford'; now 'Stockport' (2026-10-26)."
    hit = dataclasses.replace(_hit("L-1", "Kenji: I live in Salford and work at Siemens."),
                              notices=(notice,))
    assert render._marks(hit) == [f"PARTLY OUTDATED: {notice}"]
    old = dataclasses.replace(hit, currency="SUPERSEDED")
    assert render._marks(old) == [f"OUTDATED: {notice}"]


def test_the_memories_named_after_those_served_show_their_part_and_their_notices() -> None:
    # "Also close": the part matching the question (MORE_LIMIT), and an outdated memory's
    # notice as a served one carries it
    question = "What job did my sister get?"
    deep = _session(2, 1)
    outdated = dataclasses.replace(_hit("L-3", "user: My sister works at a bakery in Braga."),
                                   currency="SUPERSEDED", notices=(
                                       "sister employer = 'bakery' -> 'vet clinic' since June",))
    found = dataclasses.replace(
        _result("FOUND", question, (_hit("L-1", "user: My brother Leo is a chef."),)),
        more=(_hit("L-2", deep), outdated))
    reply = render.render_search(found)
    served, _, more = reply.partition("\nAlso close (search again with limit=3 to read them "
                                      "in full):\n")
    assert "Maria got a job as a vet" in more and "Maria" not in served
    first, second = more.split("\n- ")
    assert len(first) < len(deep) / 3  # the part around the answer, not the whole session
    assert second.splitlines()[1] == \
        "  OUTDATED: sister employer = 'bakery' -> 'vet clinic' since June"
    full = render.render_search(found, detail="full")
    assert "· L-2 ·" in full and "OUTDATED: sister employer" in full


def test_a_memory_of_the_asked_past_time_is_not_sent_to_its_correction() -> None:
    # "which database did billing use in June 2025?": the MySQL note, corrected in July, is
    # how things stood then; "prefer the newer one" would send the reader to the wrong answer
    later = Turn(leaf_id="L-new", timestamp="2025-07-22T00:00:00Z",
                 text="2025-07-22: Hemos pasado de MySQL a PostgreSQL 16.")
    old = dataclasses.replace(_hit("L-old", "2024-03-01: billing stores invoices in MySQL."),
                              currency="SUPERSEDED", superseded_by="L-new", successor=later)
    asked = "which database did billing use in June 2025?"
    then = render.render_search(_result("FOUND", asked, (dataclasses.replace(
        old, stood_then="june 2025"),)))
    assert "how things stood in june 2025" in then and "prefer the newer one" not in then
    now = render.render_search(_result("FOUND", "which database does billing use?", (old,)))
    assert "prefer the newer one" in now


@pytest.mark.anyio
async def test_a_reply_names_the_days_of_a_memory_s_relative_phrases(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "2026-10-20 Maya: I officially adopted Juniper "
                                              "last Friday! She sleeps on the couch now."})
        reply = await s.ok("search_memory", {"query": "When did Maya adopt Juniper?"})
        assert '(Said on Tue 2026-10-20: "last Friday" = Fri 2026-10-16.)' in reply


def test_the_next_turn_shown_names_its_days_too() -> None:
    said = "2026-10-20 Maya: Guess what, Juniper is officially mine!"
    hit = dataclasses.replace(
        _hit("L-1", said), timestamp="2026-10-20T00:00:00Z",
        next_turn=Turn(leaf_id="L-2", timestamp="2026-10-20T00:00:00Z",
                       text="2026-10-20 Maya: The shelter signed the papers last Friday."))
    reply = render.render_search(_result("FOUND", "When did Maya adopt Juniper?", (hit,)))
    assert reply.index("Next in that conversation") < reply.index(
        '(Said on Tue 2026-10-20: "last Friday" = Fri 2026-10-16.)')


CHAT_FILLER = [
    "Ana: Haha stop, you always make me laugh.",
    "Ben: It has been grey and rainy all week here, honestly.",
    "Ana: I finished that detective series last night, what an ending!",
    "Ben: Jajaja no puede ser, cuéntame todo luego.",
    "Ana: I'm trying to drink more water, it's not going well.",
    "Ben: Se me olvidó cargar el celular otra vez.",
]


def _chat(day: str, told: list[str], before: int, after: int) -> str:
    lines = [f"{day} — conversation between Ana and Ben"]
    lines += [CHAT_FILLER[i % len(CHAT_FILLER)] for i in range(before)]
    lines += told
    lines += [CHAT_FILLER[(i + 3) % len(CHAT_FILLER)] for i in range(after)]
    return "\n".join(lines)


@pytest.mark.anyio
async def test_every_session_served_shows_its_date_line_and_its_matching_turns(
        tmp_path: Path) -> None:
    # whole chat sessions saved one per memory (1-2k characters): a reply served three of
    # them whole (7k characters a reply) although only the turns that answer were needed
    sessions = [
        _chat("2026-01-27", ["Ana: I signed up for a pottery class on Tuesday nights.",
                             "Ben: ¡Qué padre! Mándame fotos de lo que hagas."], 14, 14),
        _chat("2026-03-03", ["Ben: My cello class moved to Thursday nights, so tired.",
                             "Ana: Poor you, rest a bit."], 20, 8),
        _chat("2026-05-10", ["Ana: The class on Tuesday was cancelled, the teacher is sick."],
              6, 22),
    ]
    assert all(1000 < len(text) < 2500 for text in sessions)
    async with server_session(tmp_path) as s:
        for text in sessions:
            await s.ok("save_memory", {"content": text})
        reply = await s.ok("search_memory", {"query": "What class does Ana take on Tuesday "
                                                       "nights?", "limit": 3})
    served = [day for day in ("2026-01-27", "2026-03-03", "2026-05-10")
              if f"{day} — conversation between Ana and Ben\n" in reply]
    assert len(served) == 3, reply  # each window keeps its date line
    assert "\nAna: I signed up for a pottery class on Tuesday nights.\n" in reply
    assert "\nAna: The class on Tuesday was cancelled, the teacher is sick.\n" in reply
    assert "lines]" in reply
    assert len(reply) < render.FIRST_LIMIT + 2 * render.OTHER_LIMIT + 600 < \
        sum(map(len, sessions))


def test_the_room_left_shows_the_turns_around_the_matching_one() -> None:
    # the answer two turns after the matching one holds none of the question's words
    told = ["Ana: I bought a used car two weeks ago, a green Subaru.",
            "Ben: ¡Qué buena compra! ¿Cuánto te costó?",
            "Ana: Twenty-one thousand dollars, down from twenty-four."]
    text = _chat("2026-03-03", told, 16, 16)
    question = "How much did Ana pay for the car she bought?"
    window = render._window(text, question, render.FIRST_LIMIT)
    assert "\n".join(told) in window and window.startswith("2026-03-03 — conversation")
    assert len(window) <= render.FIRST_LIMIT + 40  # the "[... N lines]" marks aside
