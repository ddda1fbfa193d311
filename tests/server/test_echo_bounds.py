"""No reply echoes more than an excerpt of an argument, whatever the argument holds.

The README promises that errors never echo an argument longer than ~200 characters. An id made
of spaced words came back ~2,000 characters long: the error sentence quoted it stripped, and the
edge only looked for the argument exactly as sent. These run the real server over stdio.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ihmt_async.echo import ECHO_LIMIT, bounded_message
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

SHORT_REPLY = 400
"""An error sentence plus one bounded quote stays well under this."""
SHAPES = {
    "no spaces": "L-" + "z" * 5000,
    "spaced words": "palabra " * 1000,
    "newlines": "line\n" * 1000,
    "unicode": "ü漢🙂 " * 1000,
    "padded, double spaces": "  " + "palabra  " * 600 + "\n",
    "quotes and tabs": "it's \"q\" \t" * 500,
}


async def test_a_long_id_is_never_echoed_whole_whatever_it_holds(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for shape, value in SHAPES.items():
            for tool, args in (("forget_memory", {"memory_id": value, "reason": "wrong"}),
                               ("save_memory", {"content": "c", "supersedes": value})):
                text, is_error = await s.call(tool, args)
                assert is_error and "No memory or fact with id" in text, (tool, shape, text)
                assert len(text) < SHORT_REPLY, (tool, shape, len(text))
                assert f"[{len(value):,} characters]" in text, (tool, shape, text)


async def test_read_file_quotes_a_long_path_short_and_refuses_impossible_ones(
        tmp_path: Path) -> None:
    spaced = "/".join(["palabra " * 25] * 10)  # ten 200-byte names: a possible path
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(loop)
    async with server_session(tmp_path / "home") as s:
        text, is_error = await s.call("read_file", {"path": str(tmp_path / spaced)})
        assert is_error and "No such file: " in text, text
        assert len(text) < SHORT_REPLY and "characters]" in text, len(text)
        refusals = {
            "name over 255 bytes": (str(tmp_path / ("a" * 300)), "name too long"),
            "path over 4096 bytes": ("/" + "/".join(["b" * 200] * 25), "is too long"),
            "symbolic-link loop": (str(loop / "x.py"), "loop of symbolic links"),
            "1 MB": ("/" + "c " * 500_000, "is too long"),
        }
        for name, (path, expected) in refusals.items():
            text, is_error = await s.call("read_file", {"path": path})
            assert is_error and expected in text, (name, text)
            assert "Internal error" not in text and len(text) < SHORT_REPLY, (name, text)


async def test_recall_quotes_a_long_query_short_and_refuses_a_pasted_one(
        tmp_path: Path) -> None:
    async with server_session(tmp_path / "home", TMPDIR=str(tmp_path)) as s:
        await s.ok("note", {"text": "palabra clave uno en el importador"})
        await s.ok("note", {"text": "palabra clave dos en el exportador"})
        query = "palabra clave " * 140  # 1,960 characters: under the query limit
        ambiguous = await s.ok("recall", {"query": query})
        assert ambiguous.startswith("AMBIGUOUS: ")
        assert len(ambiguous.splitlines()[0]) < SHORT_REPLY, len(ambiguous)
        for args in ({"query": "palabra " * 300}, {"query": "palabra", "clue": "x " * 1500}):
            text, is_error = await s.call("recall", args)
            assert is_error and "over the limit of 2,000" in text, text
            assert len(text) < SHORT_REPLY


def test_an_echo_changed_on_its_way_is_still_cut() -> None:
    """The edge's net for a sentence that quotes an argument in a shape it does not know:
    resolved, re-separated, or with a piece replaced in the middle."""
    path = "/tmp/" + "a/./" * 1000
    lines = "\n".join(f"step {i} done" for i in range(300))
    secret_inside = "word " * 300 + "sk-live-XYZ " + "more " * 300
    cases = {
        path: f"No such file: {'/tmp/' + 'a/' * 1000}.",
        lines: f"Unknown option '{lines.replace(chr(10), ' | ')}'; use one of a, b.",
        secret_inside: f"Cannot keep '{secret_inside.replace('sk-live-XYZ', '[REDACTED]')}'.",
    }
    for value, message in cases.items():
        bounded = bounded_message(message, {"value": value, "other": "short"})
        assert len(bounded) < SHORT_REPLY, (len(bounded), bounded[:300])
        assert f"[{len(value):,} characters]" in bounded
        assert bounded.split(" ")[0] == message.split(" ")[0]  # the sentence itself is kept
    untouched = f"No such file: {path[:ECHO_LIMIT]}."
    assert bounded_message(untouched, {"value": path[:ECHO_LIMIT]}) == untouched
