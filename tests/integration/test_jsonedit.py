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
    # a trailing comma with a comment after it (the tester's opencode.jsonc), or without
    '{\n  // my opencode settings\n  "theme": "tokyonight", // keep me\n}\n',
    '{\n  "theme": "tokyonight", /* keep me */\n}\n',
    '{\n  "mcpServers": {\n    "other": {"command": "x"}, // mine\n  },\n}\n',
    '{\n  "theme": "x",\n}\n',
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


@pytest.mark.parametrize("comment", ["// keep me", "/* keep me */"])
def test_a_comment_after_a_trailing_comma_stays_on_its_line(comment: str) -> None:
    """The outside tester's opencode.jsonc: install moved ``// keep me`` after the inserted
    block (``}, // keep me``); the user's line stays as written, comma and comment."""
    text = ('{\n  // my opencode settings\n  "$schema": "https://opencode.ai/config.json",\n'
            f'  "theme": "tokyonight", {comment}\n}}\n')
    added = jsonedit.set_member(text, (), "mcp", {"ihmt-async": {"type": "local"}}, "doc")
    lines = added.splitlines()
    assert lines[:4] == text.splitlines()[:4]  # the user's lines, byte for byte
    assert lines[4] == '  "mcp": {'
    assert comment not in "\n".join(lines[4:])
    assert lines[-1] == "}" and lines[-2] == "  },"  # the file's trailing-comma style
    assert jsonedit.load(added, "doc")["mcp"] == {"ihmt-async": {"type": "local"}}
    created = jsonedit.missing_containers(text, ("mcp",), "doc")
    assert jsonedit.remove_member(added, (), "mcp", "doc", created) == text


def test_a_member_added_after_ours_keeps_its_place_on_uninstall() -> None:
    """The user wrote after our entry (installed after a trailing comma): removing ours
    leaves both of the user's lines as they were."""
    text = '{\n  "theme": "x", // keep me\n}\n'
    added = jsonedit.set_member(text, (), "mcp", {"a": 1}, "doc")
    edited = added.replace("  },\n}", '  },\n  "later": true,\n}')
    assert jsonedit.remove_member(edited, (), "mcp", "doc") == \
        '{\n  "theme": "x", // keep me\n  "later": true,\n}\n'
