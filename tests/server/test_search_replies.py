"""Search replies an agent can use, through the real stdio server and the SDK client: limit,
every served memory's text, OUTDATED leads, EN/ES, time ranges, exact identifiers."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import anyio
import pytest

from actors.navigation.actor import MORE_SHOWN
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

YEAR = dt.datetime.now(dt.UTC).date().year - 1


async def test_search_replies_end_to_end(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for content in (
            f"{YEAR}-01-10: I live in Lisbon, in a flat near the river.",
            f"{YEAR}-06-01: I moved to Valencia.",
            "SEARCH-42: the search box drops accents from queries.",
            "PAYMENTS-4228: the refunds search returns duplicates; 42 rows in the search index.",
            "My dentist said I should floss every night and come back in six months.",
            "Mi hermana Lucía trabaja como enfermera en el hospital de Zaragoza.",
        ):
            await s.ok("save_memory", {"content": content})
        for n in range(10):
            await s.ok("save_memory", {"content": f"Exporter note {n}: the nightly exporter "
                                                  f"retries failed uploads {n + 2} times."})

        lisbon = await s.ok("search_memory", {"query": "Lisbon"})
        head, _, rest = lisbon.partition("\n--- 2. ")
        assert "Lisbon" in head and "OUTDATED:" in head and "Valencia" in head
        assert "I moved to Valencia" in rest  # the correction is shown, after it

        then = await s.ok("search_memory", {"query": f"where did I live in April {YEAR}"})
        assert then.startswith(f"On {YEAR}-04-30: user location = 'Lisbon'")

        exact = await s.ok("search_memory", {"query": "SEARCH-42"})
        assert not exact.startswith("AMBIGUOUS")
        assert "drops accents" in exact.split("\n--- 2. ")[0]

        kayak = await s.ok("search_memory",
                           {"query": "what did my dentist say about kayaking?"})
        assert "floss" in kayak and "No stored memory mentions 'kayaking'" in kayak
        assert "mentions" not in await s.ok("search_memory", {"query": "what did my dentist say?"})

        spanish = await s.ok("search_memory", {"query": "¿qué me dijo el dentista?"})
        assert "floss" in spanish.split("\n--- 2. ")[0]
        english = await s.ok("search_memory", {"query": "what does my sister work as"})
        assert "enfermera" in english.split("\n--- 2. ")[0]

        three = await s.ok("search_memory", {"query": "nightly exporter retries uploads"})
        assert "\n--- 3. " in three and "\n--- 4. " not in three  # default limit 3
        assert all(f"retries failed uploads {n + 2} times." in three for n in range(10)
                   if f"Exporter note {n}:" in three)
        served, _, more = three.partition("\nAlso close (")
        assert served.count("Exporter note") == 3  # a short memory's title is not its text again
        # the next six (MORE_SHOWN) named by a line each, none of those served again, and the
        # limit that reads them all in full
        lines = more.split("\n- ")[1:]
        assert len(lines) == MORE_SHOWN == 6 and more.count("Exporter note") == 6
        assert more.startswith("search again with limit=9 ")
        assert not set(re.findall(r"Exporter note (\d)", served)) & set(
            re.findall(r"Exporter note (\d)", more))
        # The description says what was just shown: `limit` memories with their text (it
        # said "the best memory ... plus one line per other match").
        tools = {t.name: t for t in (await s.session.list_tools()).tools}
        description = " ".join((tools["search_memory"].description or "").split())
        assert "up to `limit` memories with their dates and text" in description
        assert "one line per" not in description
        five = await s.ok("search_memory", {"query": "nightly exporter retries uploads",
                                            "limit": 5})
        assert "\n--- 5. " in five and "\n--- 6. " not in five
        text, is_error = await s.call("search_memory", {"query": "exporter", "limit": 21})
        assert is_error and "limit" in text

        # every free-text argument is bounded, with a clear message (and nothing done)
        huge = "x" * 100_000
        for tool, arguments, expected in (
                ("search_memory", {"query": "exporter", "scope": huge}, "scope"),
                ("forget_memory", {"memory_id": "L-none", "reason": huge}, "nothing was forgotten"),
                ("memory_history", {"subject": huge}, "subject"),
                ("save_memory", {"content": "Kafka for billing.", "scope": "project:"},
                 "names no project")):
            text, is_error = await s.call(tool, arguments)
            assert is_error and expected in text and len(text) < 1000, (tool, text[:200])

        never = await s.ok("search_memory", {"query": "sourdough starter hydration ratio"})
        assert never.startswith("No memory found")
        assert "Closest in meaning" not in never  # nothing stored comes near it

        # a paraphrase sharing no word with its memory: "No memory found", and the memory
        # offered apart once it has a vector (embedded in the background)
        await s.ok("save_memory", {"content": "The staging cluster is recreated every "
                                              "Sunday night."})
        with anyio.fail_after(60):
            while True:
                rebuilt = await s.ok("search_memory",
                                     {"query": "When is the infrastructure rebuilt?"})
                assert rebuilt.startswith("No memory found")
                if "Closest in meaning" in rebuilt:
                    break
                await anyio.sleep(0.3)
        offered = rebuilt.split("Closest in meaning", 1)[1]
        assert "staging cluster is recreated" in offered.splitlines()[1]


async def test_a_memory_is_shown_with_the_turn_its_conversation_went_on_with(
        tmp_path: Path) -> None:
    # a chat saved one turn per memory: the question's words in one turn, the answer in the
    # next; the next turn comes with the memory, but never from another day, another client,
    # or once forgotten
    async with server_session(tmp_path, client_name="chat-client") as chat, \
            server_session(tmp_path, client_name="other-client") as other:
        await chat.ok("save_memory", {"content": f"{YEAR}-01-06: My sister asked what I want "
                                                 "for my birthday in February."})
        await other.ok("save_memory", {"content": f"{YEAR}-01-06: The CI runners were slow "
                                                  "all afternoon."})
        kindle = await chat.ok("save_memory", {
            "content": f"{YEAR}-01-06: I told her a Kindle Paperwhite, the one with the warm "
                       "light."})
        await chat.ok("save_memory", {"content": f"{YEAR}-01-07: My sister's flight lands at "
                                                 "nine tomorrow, I'll pick her up."})
        question = {"query": "What birthday present did the user ask his sister for?"}
        with anyio.fail_after(60):  # the turns' vectors are computed in the background
            while "Saved right after it" not in (
                    reply := await chat.ok("search_memory", question)):
                await anyio.sleep(0.3)
        first = reply.split("\n--- 2. ")[0]
        assert "My sister asked what I want" in first
        assert "Saved right after it:\n" \
            f"{YEAR}-01-06: I told her a Kindle Paperwhite" in first
        assert "CI runners" not in reply  # another client's memory is no turn of this chat
        assert reply.count("Saved right after it") == 1  # the flight: the next day
        memory_id = kindle.split("Memory id: ")[1].split()[0]
        await chat.ok("forget_memory", {"memory_id": memory_id, "reason": "test"})
        assert "Kindle" not in await chat.ok("search_memory", question)


async def test_a_memory_without_words_answers_no_name_never_stored(tmp_path: Path) -> None:
    """The model reads an emoji-only memory as the unknown piece a name it never saw is read
    as: it must not stand out as the answer to every such name."""
    async with server_session(tmp_path) as s:
        for content in ("🎉🔥🚀", "The billing service retries webhooks five times.",
                        "I live in Valencia.", "Deploys happen on Tuesdays."):
            await s.ok("save_memory", {"content": content})
        for name in ("Quorvin", "Pemberton"):
            reply = await s.ok("search_memory", {"query": name})
            assert reply.startswith(f'No memory found for "{name}"') and "🎉" not in reply
