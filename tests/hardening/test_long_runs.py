"""Text with no spaces or no full stops (a long token, a log, a dump) costs a save time linear
in its length with small constants: a name is only tried where a word begins, and a "sentence"
longer than prose is not read for facts or changes. An outside probe saved 10,000 letters "a" in
62 s and 20,000 in 145 s (a pattern led by a name tried at every letter); a 1 MB text with no
full stop took 7-11 s. The over-long text is refused before anything reads it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from actors.facts import partners
from actors.facts.patterns import extract_facts
from actors.navigation.replacements import replacements
from actors.text import PROSE_SENTENCE_CHARS
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio


def test_a_name_begins_a_word() -> None:
    # led by a name, a pattern is tried at word starts only, never inside a run of letters
    name = re.compile(partners._NAME)
    assert name.match("Sam") is not None and name.search("xSam", 1) is None
    assert name.search("aaaa", 1) is None  # not inside a word


def test_a_sentence_longer_than_prose_is_not_read_for_facts_or_changes() -> None:
    told = "I moved to Valencia and switched from Jenkins to GitHub Actions"
    assert extract_facts(told + ".")
    assert replacements(told + ".")
    run_on = told + " " + " ".join(["and then"] * PROSE_SENTENCE_CHARS)  # no full stop
    assert len(run_on) > PROSE_SENTENCE_CHARS
    assert extract_facts(run_on) == []
    assert replacements(run_on) == ()
    # the sentences of a long text are each read as before
    assert extract_facts(run_on + ".\nI moved to Lisbon.")


async def test_long_tokens_are_saved_and_an_over_long_text_is_refused(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        token = "a" * 30_000
        saved = await s.ok("save_memory", {"content": token})
        assert saved.startswith("Saved 1 memory")
        text, is_error = await s.call("save_memory", {"content": "a" * 2_000_000})
        assert is_error and "over the limit" in text and "nothing was saved" in text
        found = await s.ok("search_memory", {"query": "a" * 1_500})
        assert "aaaa" in found
