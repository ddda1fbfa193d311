"""Every refusal reaches the client as one sentence of ours, whatever refused it.

An outside probe saw two shapes: "Error executing tool save_memory: The content is empty ..."
(the SDK's prefix on a refusal raised in the tool) beside "The argument 'content' of
save_memory: ..." and "Unknown origin 'robot' ..." (told at the edge). Runs the real server
over stdio.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

REFUSED: list[tuple[str, dict[str, Any], str]] = [
    ("save_memory", {"content": "   "}, "content is empty"),
    ("save_memory", {"content": "a\x00b"}, "NUL"),
    ("save_memory", {"content": "a note", "scope": "user:ana"}, "scope 'user:ana'"),
    ("save_memory", {"content": "a note", "supersedes": "L-nope-0000-ffffffffff"},
     "No memory or fact with id"),
    ("save_memory", {"content": 123}, "The argument 'content'"),
    ("save_memory", {"content": "a note", "origin": "robot"}, "Unknown origin"),
    ("search_memory", {"query": ""}, "query is empty"),
    ("search_memory", {"query": "harbor", "limit": "abc"}, "The argument 'limit'"),
    ("forget_memory", {"memory_id": "L-nope-0000-ffffffffff", "reason": "wrong"},
     "No memory or fact with id"),
]


async def test_every_refusal_is_our_sentence_with_no_prefix(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        for tool, args, expected in REFUSED:
            text, is_error = await s.call(tool, args)
            assert is_error and expected in text, (tool, args, text)
            assert not text.startswith("Error executing tool"), (tool, args, text)
        text, is_error = await s.call("save_memory", {"content": "The harbor crane is blue."})
        assert not is_error, text  # the server went on serving
