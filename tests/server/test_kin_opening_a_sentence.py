"""A relative's word opening a sentence without its article ("Hermana de Ana adoptó un gato",
"Sister of Ana adopted a cat") is Ana's sister, not a person called "Hermana" (issue 18), end
to end through the real stdio server: "What is the name of my cat?" served the memory as the
user's cat; with the article ("La hermana de Ana ...") it was already "(only Ana's
sister's)" (``answer_type.whose``, ``owner_named``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.answer_type import _WORD, owner_named, owner_said, whose
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

NONE = "No memory found"
FILLER = "[2026-01-04] user: My long runs are up to 18 km."


@pytest.mark.parametrize("note", [
    "[2026-01-02] user: Hermana de Ana adoptó un gato gris.",
    "[2026-01-02] user: Sister of Ana adopted a grey cat.",
])
async def test_a_relative_opening_the_sentence_owns_the_thing(tmp_path: Path,
                                                              note: str) -> None:
    async with server_session(tmp_path / "kin") as s:
        for text in (note, FILLER):
            await s.ok("save_memory", {"content": text})
        for question in ("What is the name of my cat?", "¿Cómo se llama mi gato?"):
            first = (await s.ok("search_memory", {"query": question})).split("\n\n")[0]
            assert first.startswith(NONE) and "(only Ana's sister's)" in first, \
                (question, first)
            assert "Hermana's" not in first and "Sister's" not in first, first
        reply = await s.ok("search_memory", {"query": "What did Ana's sister adopt?"})
        assert not reply.startswith(NONE) and note.split(": ")[1] in reply, reply


@pytest.mark.parametrize(("text", "thing", "named", "said"), [
    ("Hermana de Ana tiene un gato.", "gato", "", "Ana's sister"),
    ("Sister of Ana has a cat.", "cat", "", "Ana's sister"),
    ("The sister of Ana has a cat.", "cat", "", "Ana's sister"),
    ("Marta tiene un gato.", "gato", "Marta", "Marta"),
    ("Hermano de Luis, Pedro, tiene un perro.", "perro", "Pedro", "Pedro"),
])
def test_a_relatives_word_opening_a_sentence_is_no_name(text: str, thing: str, named: str,
                                                        said: str) -> None:
    words = _WORD.findall(text)
    at = words.index(thing)
    assert (owner_named(words, at), owner_said(words, at)) == (named, said)
    if not named:  # a relative's thing is someone else's (a name alone is judged elsewhere)
        assert whose(words, at) == "other"
