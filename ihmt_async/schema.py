"""The tool schema an LLM sees: parameter descriptions, enums, annotations, our own sentences.

The SDK builds each tool's input schema from the handler's signature, which carries no
descriptions and no closed sets, and its argument errors are pydantic's ("Field required ...
input_value=..."). ``refine_tools`` runs once after the tools are registered: it moves each
docstring's ``Args:`` entries into the schema as ``description``, marks the closed sets as
``enum``, sets the read-only / destructive annotations, dedents the descriptions, and, with
``IHMT_TOOLS=memory``, hides the session and project tools. ``ArgumentCheck`` is a server
middleware that answers a call missing a required argument (or giving a value outside an enum)
with one sentence naming the argument and what it is for, before pydantic sees it.

It must never change what a tool does with valid arguments: it only describes and refuses.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Mapping
from typing import Any

from mcp.server.context import CallNext, HandlerResult, ServerRequestContext
from mcp.server.mcpserver import MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from actors.ingest.detect import CONTENT_TYPES
from actors.lazy_re import lazy_regex
from actors.navigation.messages import DETAILS
from actors.project.view import DETAILS as MAP_DETAILS
from actors.project.view import SCOPES as CODE_SCOPES
from actors.provenance import ORIGINS
from ihmt_async.echo import echo
from store.errors import InvalidArgument, UnknownOption

TOOLS_ENV = "IHMT_TOOLS"
MEMORY_TOOLS = ("save_memory", "search_memory", "forget_memory", "memory_history")
SESSION_TOOLS = ("note", "recall", "digest_output", "read_file", "project_map", "find_code")

ENUMS: dict[tuple[str, str], tuple[str, ...]] = {
    ("save_memory", "content_type"): CONTENT_TYPES,
    ("save_memory", "origin"): ORIGINS,
    ("search_memory", "detail"): DETAILS,
    ("project_map", "detail"): MAP_DETAILS,
    ("find_code", "scope"): CODE_SCOPES,
}
READ_ONLY = frozenset({"search_memory", "memory_history", "recall", "project_map", "find_code"})
DESTRUCTIVE = frozenset({"forget_memory"})

_ARG_LINE = lazy_regex(r"^(\w+):\s*(.*)$")


def split_docstring(doc: str) -> tuple[str, dict[str, str]]:
    """The dedented description without its ``Args:`` section, and each argument's text."""
    text = inspect.cleandoc(doc or "")
    lines = text.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == "Args:")
    except StopIteration:
        return text, {}
    args: dict[str, str] = {}
    current: str | None = None
    end = len(lines)
    for index in range(start + 1, len(lines)):
        line = lines[index]
        if line.strip() and not line.startswith(" "):
            end = index  # a new unindented section (Returns:, ...) ends the arguments
            break
        match = _ARG_LINE.match(line.strip())
        if match and line.startswith("    ") and not line.startswith("     "):
            current = match.group(1)
            args[current] = match.group(2)
        elif current is not None and line.strip():
            args[current] = f"{args[current]} {line.strip()}"
    description = "\n".join(lines[:start] + lines[end:]).strip()
    return description, args


def selected_tools(value: str | None) -> tuple[str, ...] | None:
    """The tools ``IHMT_TOOLS`` keeps: None for all of them, else the memory tools."""
    choice = (value or "").strip().lower()
    if choice in ("", "all"):
        return None
    if choice == "memory":
        return MEMORY_TOOLS
    raise InvalidArgument(f"{TOOLS_ENV} must be 'memory' (only the four long-term memory tools) "
                          f"or 'all'; got {value!r}.")


def _tools_of(server: MCPServer[Any]) -> dict[str, Any]:
    """The registered Tool objects. The SDK has no public accessor for them; this is the one
    place that reaches in, and tests/server/test_schema.py fails if the shape changes."""
    manager = server._tool_manager  # noqa: SLF001
    return {tool.name: tool for tool in manager.list_tools()}


def refine_tools(server: MCPServer[Any], tools_env: str | None = None) -> dict[str, dict[str, Any]]:
    """Describe every registered tool's parameters; return each kept tool's input schema."""
    keep = selected_tools(os.environ.get(TOOLS_ENV) if tools_env is None else tools_env)
    schemas: dict[str, dict[str, Any]] = {}
    for name, tool in _tools_of(server).items():
        if keep is not None and name not in keep:
            server.remove_tool(name)
            continue
        description, args = split_docstring(tool.description)
        tool.description = description
        properties: dict[str, Any] = tool.parameters.get("properties", {})
        for param, schema in properties.items():
            text = args.get(param)
            if text:
                schema["description"] = text
            allowed = ENUMS.get((name, param))
            if allowed is not None:
                schema["enum"] = list(allowed)
        tool.annotations = ToolAnnotations(
            read_only_hint=name in READ_ONLY,
            destructive_hint=name in DESTRUCTIVE,
            open_world_hint=False,
        )
        schemas[name] = tool.parameters
    return schemas


def argument_problem(tool: str, schema: Mapping[str, Any], arguments: Mapping[str, Any]
                     ) -> str | None:
    """Our sentence for a missing required argument or a value outside an enum, else None."""
    properties: Mapping[str, Any] = schema.get("properties", {})
    missing = [p for p in schema.get("required", ()) if arguments.get(p) is None]
    if missing:
        parts = []
        for param in missing:
            text = str(properties.get(param, {}).get("description", "")).rstrip(".")
            parts.append(f"`{param}` ({text})" if text else f"`{param}`")
        return (f"{tool} needs {' and '.join(parts)}; call it again with "
                f"{'that argument' if len(missing) == 1 else 'those arguments'}.")
    for param, value in arguments.items():
        allowed = properties.get(param, {}).get("enum")
        if allowed is None or value is None:
            continue
        if not isinstance(value, str) or value not in allowed:  # exact: "Tool" is not "tool"
            shown = echo(value) if isinstance(value, str) else value
            return str(UnknownOption(param, shown, tuple(map(str, allowed))))
    return None


class ArgumentCheck:
    """Server middleware: refuse a tools/call with a missing or out-of-set argument, in our
    words, as a tool error (the session keeps serving)."""

    def __init__(self, schemas: Mapping[str, Mapping[str, Any]]) -> None:
        self.schemas = schemas

    async def __call__(self, ctx: ServerRequestContext[Any, Any], call_next: CallNext
                       ) -> HandlerResult:
        if ctx.method == "tools/call" and isinstance(ctx.params, Mapping):
            name = ctx.params.get("name")
            arguments = ctx.params.get("arguments") or {}
            schema = self.schemas.get(name) if isinstance(name, str) else None
            if schema is not None and isinstance(arguments, Mapping):
                problem = argument_problem(str(name), schema, arguments)
                if problem is not None:
                    return CallToolResult(content=[TextContent(type="text", text=problem)],
                                          is_error=True)
        return await call_next(ctx)


def install_schema(server: MCPServer[Any], tools_env: str | None = None) -> None:
    """Refine the registered tools (keeping those ``tools_env`` names, else ``IHMT_TOOLS``'s)
    and add the argument check to the server's middleware."""
    schemas = refine_tools(server, tools_env)
    server.middleware.append(ArgumentCheck(schemas))
