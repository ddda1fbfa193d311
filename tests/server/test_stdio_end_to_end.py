"""The product's face, end to end: a real ``ihmt-async serve`` over stdio, the SDK's client."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from store.audit import read_audit
from store.paths import StoreLayout
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

EXPECTED_TOOLS = {"save_memory", "search_memory", "forget_memory", "memory_history"}


async def test_tool_list_and_schemas(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        tools = {t.name: t for t in (await s.session.list_tools()).tools}
        assert EXPECTED_TOOLS <= set(tools)
        save = tools["save_memory"].input_schema
        assert save["required"] == ["content"]
        props = save["properties"]
        for name in ("content", "domain", "content_type", "tags", "scope", "origin",
                     "supersedes"):
            assert name in props, name
        assert props["domain"]["default"] == "general"
        assert props["content_type"]["default"] == "auto"
        search = tools["search_memory"].input_schema["properties"]
        for name in ("query", "clue", "detail", "scope", "as_of", "include_history"):
            assert name in search, name
        assert search["detail"]["default"] == "compact"
        assert tools["search_memory"].description and "AMBIGUOUS" in \
            tools["search_memory"].description
        init = s.session.initialize_result if hasattr(s.session, "initialize_result") else None
        del init


async def test_save_then_search_and_a_correction_changes_the_answer(tmp_path: Path) -> None:
    async with server_session(tmp_path, client_name="claude-code") as s:
        first = await s.ok("save_memory", {"content": "2025-03-10: I live in Madrid, near "
                                                      "the Retiro park."})
        assert first.startswith("Saved 1 memory entry")
        assert "user location = 'Madrid'" in first
        second = await s.ok("save_memory", {"content": "2026-05-01: I moved to Valencia."})
        assert "This updates something remembered earlier" in second
        assert ("In 2025 you said user location = 'Madrid', but in 2026 you updated to "
                "'Valencia'.") in second
        answer = await s.ok("search_memory", {"query": "where do I live?"})
        assert not answer.startswith("AMBIGUOUS")
        lead = answer.splitlines()[0]
        assert "'Valencia'" in lead and "2026-05-01" in lead
        assert "Madrid" in lead  # the history, in one line
        spanish = await s.ok("search_memory", {"query": "¿dónde vivo?"})
        assert "Valencia" in spanish.splitlines()[0]
        old = await s.ok("search_memory", {"query": "Retiro park", "detail": "full"})
        assert "OUTDATED" in old and "SUPERSEDED" in old


async def test_ambiguous_then_clue(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "Luis Ferrer is my neighbour in Madrid; he "
                                              "helped me carry the dining table upstairs."})
        await s.ok("save_memory", {"content": "Luis Ortega leads the payments team at Acme "
                                              "and reviews every schema migration."})
        await s.ok("save_memory", {"content": "Luis Navarro is my cousin who lives in Sevilla "
                                              "and teaches mathematics."})
        ambiguous = await s.ok("search_memory", {"query": "Luis"})
        assert ambiguous.startswith('AMBIGUOUS: "Luis"')
        for surname in ("Ferrer", "Ortega", "Navarro"):
            assert surname in ambiguous
        narrowed = await s.ok("search_memory", {"query": "Luis", "clue": "payments"})
        assert not narrowed.startswith("AMBIGUOUS")
        assert "Ortega" in narrowed.split("\n--- 2. ")[0]
        assert "Ferrer" not in narrowed.split("\n--- 2. ")[0]


async def test_forget_and_history_and_provenance(tmp_path: Path) -> None:
    async with server_session(tmp_path, client_name="opencode", client_version="0.9.1") as s:
        await s.ok("save_memory", {"content": "2024-01-15: I work at Initech as a backend "
                                              "engineer."})
        saved = await s.ok("save_memory", {"content": "2025-06-01: I work at Hooli now."})
        leaf_id = saved.split("Memory id: ")[1].split()[0]
        history = await s.ok("memory_history", {"attribute": "employer"})
        assert "[HISTORICAL] user employer = 'Initech'" in history
        assert "[ACTIVE] user employer = 'Hooli'" in history
        assert "by opencode" in history
        full = await s.ok("search_memory", {"query": "Hooli", "detail": "full"})
        assert "mcp://opencode" in full
        forgotten = await s.ok("forget_memory", {"memory_id": leaf_id,
                                                 "reason": "the user never worked there"})
        assert "Forgot memory" in forgotten and "stays on disk" in forgotten
        after = await s.ok("search_memory", {"query": "where do I work?"})
        assert "Initech" in after.splitlines()[0]
        assert "Hooli" not in after
        history = await s.ok("memory_history", {"attribute": "employer"})
        assert "[RETRACTED]" in history and "the user never worked there" in history
    leaf_file = next((tmp_path / "ihmt_memory" / "layer_0").rglob(f"{leaf_id}.txt"))
    header = json.loads(leaf_file.read_text().split("IHMT-META>>>")[0].split("<<<IHMT-META")[1])
    assert header["agent"] == "opencode" and header["client_version"] == "0.9.1"
    assert header["source"] == "mcp://opencode" and header["session"]
    actions = [r["action"] for r in read_audit(StoreLayout.at_home(tmp_path))]
    assert "retract.leaf" in actions and actions.count("save") == 2


BAD_INPUTS = [
    ("save_memory", {"content": ""}, "empty"),
    ("save_memory", {"content": "   \n\t "}, "empty"),
    ("save_memory", {"content": "\u200b\u200b"}, "invisible"),  # zero-width spaces only
    ("save_memory", {"content": "\ufeff \u2060\u200d"}, "invisible"),
    ("save_memory", {"content": "x" * 3_000_000}, "over the limit"),
    ("save_memory", {"content": "null byte \x00 inside"}, "NUL"),
    ("save_memory", {"content": 12345}, "valid string"),
    ("save_memory", {"content": "fine text", "content_type": "poem"}, "content_type"),
    ("save_memory", {"content": "fine text", "domain": "../../etc"}, "Invalid domain"),
    ("save_memory", {"content": "fine text", "domain": "/etc/passwd"}, "Invalid domain"),
    ("save_memory", {"content": "fine text", "origin": "robot"}, "origin"),
    ("search_memory", {"query": "x" * 100_000}, "over the limit"),
    ("search_memory", {"query": "   "}, "empty"),
    ("search_memory", {"query": "\u200b"}, "empty"),
    ("search_memory", {"query": "anything", "limit": "abc"},
     "The argument 'limit' of search_memory: input should be a valid integer"),
    ("search_memory", {"query": "anything", "limit": [3]}, "argument 'limit'"),
    # a number written as text, or a yes/no, is no number of memories (it was coerced)
    ("search_memory", {"query": "anything", "limit": "3"}, "argument 'limit'"),
    ("search_memory", {"query": "anything", "limit": True}, "argument 'limit'"),
    ("search_memory", {"query": "anything", "detail": "verbose"}, "detail"),
    ("search_memory", {"query": "anything", "as_of": "last tuesday"}, "as_of"),
    ("forget_memory", {"memory_id": "L-general-9999-0000000000", "reason": "x"}, "No memory"),
    ("forget_memory", {"memory_id": "F-0000000000", "reason": "x"}, "No memory"),
]


async def test_bad_input_gets_clear_replies_and_loses_nothing(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        await s.ok("save_memory", {"content": "The staging cluster is called bluefin-7 and "
                                              "lives in eu-west."})
        before = sorted(p.name for p in (tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
        for tool, arguments, expected in BAD_INPUTS:
            text, is_error = await s.call(tool, arguments)
            assert is_error, (tool, arguments, text)
            assert expected.lower() in text.lower(), (tool, expected, text)
            assert "Traceback" not in text
            assert "pydantic" not in text, text  # one sentence per argument, no report URLs
        after = sorted(p.name for p in (tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
        assert after == before
        found = await s.ok("search_memory", {"query": "staging cluster bluefin"})
        assert "bluefin-7" in found
    assert not list((tmp_path / "ihmt_memory").rglob(".ihmt-tmp-*"))


@pytest.mark.parametrize(("tool", "arguments"), [
    ("save_memory", {"content": "PLACEHOLDER"}),
    ("save_memory", {"content": "A plain note.", "tags": ["PLACEHOLDER"]}),
    ("save_memory", {"content": "A plain note.", "domain": "PLACEHOLDER"}),
    ("memory_history", {"subject": "PLACEHOLDER"}),
    ("forget_memory", {"memory_id": "PLACEHOLDER", "reason": "test"}),
])
@pytest.mark.parametrize("bad", [b'"lone \\ud800 surrogate"', b'"latin-1 caf\xe9 \xff bytes"'])
async def test_invalid_unicode_sent_as_raw_json_is_refused(
        tmp_path: Path, tool: str, arguments: dict[str, object], bad: bytes) -> None:
    """The SDK client cannot even encode a lone surrogate or bytes that are not UTF-8, so
    speak JSON-RPC by hand. Every text argument is refused so, not only the content: a tag
    was stored with the transport's replacement mark, and text in Latin-1 was saved with
    U+FFFD in place of its accents (outside probes)."""
    import anyio

    from tests.mcp_client import server_params

    params = server_params(tmp_path)
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                    "clientInfo": {"name": "raw-client", "version": "1"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": tool, "arguments": arguments}},
    ]
    wire = ("\n".join(json.dumps(m) for m in messages) + "\n").encode()
    wire = wire.replace(b'"PLACEHOLDER"', bad)
    async with await anyio.open_process([params.command, *params.args], env=params.env,
                                        cwd=params.cwd) as proc:
        assert proc.stdin is not None and proc.stdout is not None
        await proc.stdin.send(wire)
        buffer = b""
        with anyio.fail_after(30):
            while b'"id":2' not in buffer.replace(b" ", b""):
                buffer += await proc.stdout.receive()
        await proc.stdin.aclose()
        with anyio.fail_after(10):
            await proc.wait()
    reply = next(json.loads(line) for line in buffer.splitlines()
                 if b'"id":2' in line.replace(b" ", b""))
    result = reply["result"]
    assert result["isError"] is True
    assert "invalid Unicode" in result["content"][0]["text"]
    assert not list((tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
