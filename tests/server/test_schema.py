"""The schema an LLM sees, over a real stdio session: descriptions, enums, annotations, our
own sentence for a missing argument, and IHMT_TOOLS=memory."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from ihmt_async.schema import MEMORY_TOOLS, SESSION_TOOLS, split_docstring
from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

ALL_TOOLS = {"save_memory", "search_memory", "forget_memory", "memory_history", "note",
             "recall", "digest_output", "read_file", "project_map", "find_code"}


async def test_every_parameter_is_described_and_closed_sets_are_enums(tmp_path: Path) -> None:
    async with server_session(tmp_path) as s:
        tools = {t.name: t for t in (await s.session.list_tools()).tools}
    assert set(tools) == ALL_TOOLS
    undescribed = [(name, param) for name, tool in tools.items()
                   for param, schema in tool.input_schema["properties"].items()
                   if not str(schema.get("description", "")).strip()]
    assert undescribed == []
    props = {name: tool.input_schema["properties"] for name, tool in tools.items()}
    assert props["search_memory"]["detail"]["enum"] == ["compact", "full"]
    assert "personal" in props["save_memory"]["content_type"]["enum"]
    assert props["save_memory"]["origin"]["enum"] == ["user", "agent", "tool"]
    assert props["find_code"]["scope"]["enum"] == ["main", "test", "all"]
    assert props["project_map"]["detail"]["enum"] == ["files", "symbols"]
    limit = props["search_memory"]["limit"]  # the bounds a client can see before calling
    assert (limit["type"], limit["minimum"], limit["maximum"]) == ("integer", 1, 20)
    for name in ("search_memory", "memory_history", "recall", "project_map", "find_code"):
        assert tools[name].annotations is not None and tools[name].annotations.read_only_hint
    assert tools["forget_memory"].annotations.destructive_hint
    assert not tools["save_memory"].annotations.read_only_hint
    for tool in tools.values():
        assert tool.description
        assert "\n        " not in tool.description  # dedented
        assert "Args:" not in tool.description  # the arguments live in the schema now


async def test_missing_argument_gets_our_sentence_and_the_session_goes_on(tmp_path: Path
                                                                          ) -> None:
    async with server_session(tmp_path) as s:
        text, is_error = await s.call("search_memory", {})
        assert is_error
        assert text.startswith("search_memory needs `query` (What to look for")
        assert "pydantic" not in text and "Field required" not in text
        text, is_error = await s.call("forget_memory", {"memory_id": "L-1"})
        assert is_error and "`reason`" in text
        text, is_error = await s.call("search_memory", {"query": "x", "detail": "verbose"})
        assert is_error and text == "Unknown detail 'verbose'; use one of: compact, full."
        text, is_error = await s.call("save_memory", {"content": "The staging cluster.",
                                                      "origin": "User"})  # exact, as validated
        assert is_error and text == "Unknown origin 'User'; use one of: user, agent, tool."
        saved = await s.ok("save_memory", {"content": "The staging cluster runs on Hetzner.",
                                           "origin": "user"})
        assert saved.startswith("Saved")


async def test_memory_only_tools(tmp_path: Path) -> None:
    async with server_session(tmp_path, IHMT_TOOLS="memory") as s:
        names = {t.name for t in (await s.session.list_tools()).tools}
        assert names == {"save_memory", "search_memory", "forget_memory", "memory_history"}
        text, is_error = await s.call("note", {"text": "x"})
        assert is_error


def tools_named(text: str) -> set[str]:
    """The tools a text tells the model to call: any tool name in backticks or as a word."""
    quoted = set(re.findall(r"`(\w+)`", text))
    words = set(re.findall(r"\b\w+\b", text))
    return {name for name in ALL_TOOLS if name in quoted or ("_" in name and name in words)}


@pytest.mark.parametrize("tools_env", ["", "memory"])
async def test_the_instructions_name_exactly_the_tools_served(tmp_path: Path,
                                                              tools_env: str) -> None:
    """With IHMT_TOOLS=memory the instructions told the model to call project_map, find_code,
    read_file, note/recall and digest_output, which answered "Unknown tool"."""
    async with server_session(tmp_path, IHMT_TOOLS=tools_env) as s:
        served = {t.name for t in (await s.session.list_tools()).tools}
        assert s.initialized is not None
        instructions = s.initialized.instructions or ""
    assert tools_named(instructions) == served
    assert served == (set(MEMORY_TOOLS) if tools_env else ALL_TOOLS)


def test_the_installed_instructions_say_which_tools_need_the_full_set() -> None:
    """The text written to CLAUDE.md / AGENTS.md is not told the tool set: every bullet naming
    a session tool says it is not served with IHMT_TOOLS=memory."""
    text = (resources.files("ihmt_async") / "data" / "memory-instructions.md").read_text(
        encoding="utf-8")
    bullets = text.split("\n- ")
    assert tools_named(text) & set(SESSION_TOOLS)  # it does name some
    for bullet in bullets:
        if tools_named(bullet) & set(SESSION_TOOLS):
            assert "IHMT_TOOLS=memory" in bullet, bullet


def test_docstring_split_keeps_continuations_and_later_sections() -> None:
    doc = """First line.

        More text.

        Args:
            alpha: One thing,
                continued here.
            beta: Another.

        Returns:
            Something.
        """
    description, args = split_docstring(doc)
    assert description == "First line.\n\nMore text.\n\nReturns:\n    Something."
    assert args == {"alpha": "One thing, continued here.", "beta": "Another."}


async def test_a_reply_is_text_once_not_repeated_as_structured_content(tmp_path: Path) -> None:
    # the SDK's default wraps a text reply in structuredContent {"result": ...} too: every
    # reply crossed the pipe twice and was validated against an output schema
    async with server_session(tmp_path) as s:
        tools = (await s.session.list_tools()).tools
        assert all(tool.output_schema is None for tool in tools)
        await s.ok("save_memory", {"content": "I moved to Valencia in June."})
        result = await s.session.call_tool("search_memory", {"query": "where do I live?"})
        assert result.structured_content is None and "Valencia" in result.content[0].text
