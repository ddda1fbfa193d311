"""The JSON splicer on documents of many shapes: setting then removing our entry gives back
the same bytes, and every intermediate text parses to what it should."""

from __future__ import annotations

import json

import pytest

from ihmt_async.install import jsonedit
from store.errors import InvalidArgument

DOCUMENTS = [
    '{}',
    '{}\n',
    '{"a": 1}',
    '{\n\t"a": 1,\n\t"b": {\n\t\t"c": [1, 2]\n\t}\n}\n',
    '{\n    // comment before\n    "theme": "x", /* inline */\n    "list": []\n}\n',
    '{"mcpServers": {"other": {"command": "x"}}, "z": null}',
    '{\n  "mcpServers": {\n    "other": {"command": "x"},\n  },\n}\n',  # JSONC trailing commas
    '{\n  "name": "caf\\u00e9 \\"quoted\\"",\n  "ñ": "ü"\n}\n',
    '{\n  "theme": "x" // keep this theme\n}\n',
    '{\n  "mcpServers": {\n    "other": {"command": "x"} /* mine */\n  }\n}\n',
]
ENTRY = {"command": "/opt/py", "args": ["-m", "ihmt_async", "serve"], "env": {"K": "v"}}


@pytest.mark.parametrize("text", DOCUMENTS)
def test_set_then_remove_restores_bytes(text: str) -> None:
    created = jsonedit.missing_containers(text, ("mcpServers",), "doc")
    added = jsonedit.set_member(text, ("mcpServers",), "ihmt-async", ENTRY, "doc")
    loaded = jsonedit.load(added, "doc")
    assert loaded["mcpServers"]["ihmt-async"] == ENTRY
    before = jsonedit.load(text, "doc")
    for key, value in before.items():
        if key != "mcpServers":
            assert loaded[key] == value
    assert jsonedit.set_member(added, ("mcpServers",), "ihmt-async", ENTRY, "doc") == added
    removed = jsonedit.remove_member(added, ("mcpServers",), "ihmt-async", "doc", created)
    assert removed == text


@pytest.mark.parametrize("text", DOCUMENTS)
def test_append_then_remove_item_restores_bytes(text: str) -> None:
    group = {"hooks": [{"type": "command", "command": "/opt/py -m ihmt_async brief"}]}
    path = ("hooks", "SessionStart")
    created = jsonedit.missing_containers(text, path, "doc")
    added = jsonedit.append_item(text, path, group, "doc", lambda item: item == group)
    assert jsonedit.load(added, "doc")["hooks"]["SessionStart"][-1] == group
    assert jsonedit.append_item(added, path, group, "doc", lambda item: item == group) == added
    removed = jsonedit.remove_items(added, path, "doc", lambda item: item == group, created)
    assert removed == text


def test_standard_json_output_stays_standard() -> None:
    added = jsonedit.set_member('{"a": [1, {"b": 2}]}', ("x", "y"), "z", ENTRY, "doc")
    assert json.loads(added)["x"]["y"]["z"] == ENTRY


@pytest.mark.parametrize("broken", ['{"a": 1,, }', '[1, 2]', '{"a": }', '{"a": 1} x',
                                    '{"a": "unterminated}', '{/* open comment'])
def test_broken_documents_are_refused(broken: str) -> None:
    with pytest.raises(InvalidArgument):
        jsonedit.set_member(broken, ("mcpServers",), "ihmt-async", ENTRY, "doc")


def test_an_end_of_line_comment_stays_on_its_line() -> None:
    text = '{\n  "theme": "tokyonight" // keep this theme\n}\n'
    added = jsonedit.set_member(text, (), "mcp", {"a": 1}, "doc")
    assert '  "theme": "tokyonight", // keep this theme\n' in added
    assert added.splitlines()[2].lstrip().startswith('"mcp"')
