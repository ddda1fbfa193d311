"""Edit an agent's JSON (or JSONC) config file in place, touching only our own entries.

Agents' settings files hold the user's own content, often hand-formatted and, for some agents,
with comments. Re-serialising the file would reformat all of it and drop the comments, so this
module parses the text into spans and splices: it inserts a member or an array element after
the last one (or into an empty container) with the file's own indentation, and removes exactly
the text it would have inserted. Installing then uninstalling gives back the same bytes.

It must never rewrite text outside the member or element it adds or removes.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from actors.lazy_re import lazy_regex
from ihmt_async.install.errors import DuplicateKey
from store.errors import InvalidArgument

_NUMBER = lazy_regex(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_LINE_COMMENT = lazy_regex(r"[ \t]*(?://[^\n]*|/\*[^\n]*?\*/[ \t]*)(?=\n)")
"""A comment that ends the line after a value (``"theme": "x", // keep``): an entry inserted
after that value goes on the next line, so the comment stays with the line it was written on."""
_TRAILING_COMMA = lazy_regex(r"[ \t]*,(?:[ \t]*(?://[^\n]*|/\*[^\n]*?\*/[ \t]*))?[ \t]*(?=\n)")
"""A JSONC trailing comma after the last value, with the comment ending its line if any
(``"theme": "x", // keep me``): an entry goes on the next line and keeps the file's trailing
comma, so the comma and the comment stay where the user wrote them."""


@dataclass
class Node:
    """A parsed value with its span in the text; members / items for containers."""

    kind: str  # "object", "array" or "scalar"
    start: int
    end: int
    members: list[tuple[str, int, Node]] = field(default_factory=list)
    """(key, key start offset, value) for an object."""
    items: list[Node] = field(default_factory=list)
    value: Any = None
    repeated: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Keys an object names more than once, with their line numbers."""

    def member(self, key: str) -> Node | None:
        return next((node for name, _, node in self.members if name == key), None)

    def to_python(self) -> Any:
        if self.kind == "object":
            return {name: node.to_python() for name, _, node in self.members}
        if self.kind == "array":
            return [node.to_python() for node in self.items]
        return self.value


class _Parser:
    def __init__(self, text: str, where: str) -> None:
        self.text, self.pos, self.where = text, 0, where

    def fail(self, what: str) -> InvalidArgument:
        line = self.text.count("\n", 0, self.pos) + 1
        return InvalidArgument(f"{self.where} is not valid JSON ({what} at line {line}); "
                               "fix it by hand first, nothing was changed.")

    def skip(self) -> None:
        text = self.text
        while self.pos < len(text):
            ch = text[self.pos]
            if ch in " \t\r\n":
                self.pos += 1
            elif text.startswith("//", self.pos):
                end = text.find("\n", self.pos)
                self.pos = len(text) if end < 0 else end + 1
            elif text.startswith("/*", self.pos):
                end = text.find("*/", self.pos + 2)
                if end < 0:
                    raise self.fail("an unclosed comment")
                self.pos = end + 2
            else:
                return

    def string(self) -> str:
        start = self.pos
        self.pos += 1
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch == "\\":
                self.pos += 2
                continue
            self.pos += 1
            if ch == '"':
                try:
                    value: str = json.loads(self.text[start:self.pos])
                except json.JSONDecodeError:
                    raise self.fail("a bad string") from None
                return value
        raise self.fail("an unclosed string")

    def value(self) -> Node:
        self.skip()
        if self.pos >= len(self.text):
            raise self.fail("an unexpected end")
        ch, start = self.text[self.pos], self.pos
        if ch == "{":
            return self.container(start, "object", "}")
        if ch == "[":
            return self.container(start, "array", "]")
        if ch == '"':
            text = self.string()
            return Node("scalar", start, self.pos, value=text)
        for word, literal in (("true", True), ("false", False), ("null", None)):
            if self.text.startswith(word, self.pos):
                self.pos += len(word)
                return Node("scalar", start, self.pos, value=literal)
        match = _NUMBER.match(self.text, self.pos)
        if match is None:
            raise self.fail(f"an unexpected {ch!r}")
        self.pos = match.end()
        return Node("scalar", start, self.pos, value=json.loads(match.group()))

    def container(self, start: int, kind: str, close: str) -> Node:
        node = Node(kind, start, start)
        self.pos += 1
        while True:
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == close:
                self.pos += 1
                node.end = self.pos
                return node
            if kind == "object":
                if self.pos >= len(self.text) or self.text[self.pos] != '"':
                    raise self.fail("a missing key")
                key_start = self.pos
                key = self.string()
                self.skip()
                if self.pos >= len(self.text) or self.text[self.pos] != ":":
                    raise self.fail("a missing ':'")
                self.pos += 1
                node.members.append((key, key_start, self.value()))
                starts = [at for name, at, _ in node.members if name == key]
                if len(starts) > 1:
                    node.repeated[key] = tuple(self.text.count("\n", 0, at) + 1
                                               for at in starts)
            else:
                node.items.append(self.value())
            self.skip()
            if self.pos < len(self.text) and self.text[self.pos] == ",":
                self.pos += 1
            elif self.pos >= len(self.text) or self.text[self.pos] != close:
                raise self.fail(f"a missing ',' or '{close}'")


def parse(text: str, where: str = "the file") -> Node:
    """The document's root node; InvalidArgument (naming ``where``) if it is not JSON(C)."""
    parser = _Parser(text, where)
    root = parser.value()
    parser.skip()
    if parser.pos != len(text):
        raise parser.fail("text after the end")
    return root


def _line_indent(text: str, offset: int) -> str:
    line_start = text.rfind("\n", 0, offset) + 1
    prefix = text[line_start:offset]
    return prefix if not prefix.strip() else re.match(r"[ \t]*", prefix).group()  # type: ignore[union-attr]


def _unit(text: str) -> str:
    match = re.search(r"\n([ \t]+)\S", text)
    return match.group(1) if match else "  "


def _dump(value: Any, indent: str, unit: str) -> str:
    dumped = json.dumps(value, indent=len(unit.expandtabs(4)), ensure_ascii=False)
    if "\t" in unit:
        dumped = re.sub(r"(?m)^( {4})+", lambda m: "\t" * (len(m.group()) // 4), dumped)
    return dumped.replace("\n", "\n" + indent)


def _insert(text: str, container: Node, entry: str) -> str:
    """Insert ``entry`` (a member or item, unindented) as the container's last child."""
    unit = _unit(text)
    children_ends = ([n.end for _, _, n in container.members] if container.kind == "object"
                     else [n.end for n in container.items])
    first_child = (container.members[0][1] if container.members else
                   container.items[0].start if container.items else None)
    if first_child is not None and children_ends:
        indent = _line_indent(text, first_child)
        entry = entry.replace("\n", "\n" + indent)
        at = children_ends[-1]
        trailing = _TRAILING_COMMA.match(text, at)
        if trailing is not None:
            eol = trailing.end()
            return f"{text[:eol]}\n{indent}{entry},{text[eol:]}"
        comment = _LINE_COMMENT.match(text, at)
        if comment is not None:
            eol = comment.end()
            return f"{text[:at]},{text[at:eol]}\n{indent}{entry}{text[eol:]}"
        return f"{text[:at]},\n{indent}{entry}{text[at:]}"
    outer = _line_indent(text, container.start)
    indent = outer + unit
    entry = entry.replace("\n", "\n" + indent)
    return (f"{text[:container.start + 1]}\n{indent}{entry}\n{outer}"
            f"{text[container.end - 1:]}")


def _remove_span(text: str, container: Node, index: int) -> str:
    """Remove the ``index``-th child, exactly undoing ``_insert``."""
    if container.kind == "object":
        starts = [key_start for _, key_start, _ in container.members]
        ends = [node.end for _, _, node in container.members]
    else:
        starts = [node.start for node in container.items]
        ends = [node.end for node in container.items]
    if len(starts) == 1:
        return f"{text[:container.start + 1]}{text[container.end - 1:]}"
    if index > 0:
        between = text[ends[index - 1]:starts[index]]
        if (_TRAILING_COMMA.match(between + "\n") is not None and "\n" in between
                and text.startswith(",", ends[index])):
            # inserted after a trailing comma (its own line, a comma of its own): keep the
            # previous line whole, comma and comment, and drop our line and our comma
            return text[:ends[index - 1]] + between[:between.rindex("\n")] + \
                text[ends[index] + 1:]
        kept = between.replace(",", "", 1)
        if _LINE_COMMENT.match(kept + "\n") is not None and "\n" in kept:
            # the comment _insert kept on the previous line: keep it, drop our line break
            return text[:ends[index - 1]] + kept[:kept.rindex("\n")] + text[ends[index]:]
        return text[:ends[index - 1]] + text[ends[index]:]
    return text[:starts[0]] + text[starts[1]:]


def _member(node: Node, key: str, where: str) -> Node | None:
    """The member ``key`` of an object the installer edits; a key named twice is refused,
    since JSON readers keep the last one and a splice into the first would be ignored."""
    if key in node.repeated:
        raise DuplicateKey(where, key, node.repeated[key])
    return node.member(key)


def _walk(root: Node, path: tuple[str, ...], where: str) -> tuple[Node | None, int]:
    """The deepest existing object along ``path`` and how many keys of it exist."""
    node = root
    for depth, key in enumerate(path):
        child = _member(node, key, where)
        if child is None:
            return node, depth
        if child.kind != "object":
            raise InvalidArgument(f"{where}: '{'.'.join(path[:depth + 1])}' is not an object; "
                                  "fix it by hand first, nothing was changed.")
        node = child
    return node, len(path)


def _root(text: str, where: str) -> tuple[str, Node]:
    if not text.strip():
        text = "{}\n"
    root = parse(text, where)
    if root.kind != "object":
        raise InvalidArgument(f"{where} does not hold a JSON object; nothing was changed.")
    return text, root


def set_member(text: str, path: tuple[str, ...], key: str, value: Any, where: str) -> str:
    """``text`` with ``path.key`` set to ``value`` (parents created as needed)."""
    text, root = _root(text, where)
    unit = _unit(text)
    node, depth = _walk(root, path, where)
    assert node is not None
    if depth == len(path):
        existing = _member(node, key, where)
        if existing is not None:
            if existing.to_python() == value:
                return text
            indent = _line_indent(text, next(s for k, s, _ in node.members if k == key))
            return text[:existing.start] + _dump(value, indent, unit) + text[existing.end:]
    nested: Any = value
    for name in reversed((*path[depth:], key)[1:]):
        nested = {name: nested}
    first = (*path[depth:], key)[0]
    entry = f"{json.dumps(first, ensure_ascii=False)}: {_dump(nested, '', unit)}"
    return _insert(text, node, entry)


def append_item(text: str, path: tuple[str, ...], value: Any, where: str,
                present: Callable[[Any], bool]) -> str:
    """``text`` with ``value`` appended to the array at ``path``, unless an item for which
    ``present`` is true is there already."""
    text, root = _root(text, where)
    unit = _unit(text)
    node, depth = _walk(root, path[:-1], where)
    assert node is not None
    array = _member(node, path[-1], where) if depth == len(path) - 1 else None
    if array is None:
        return set_member(text, path[:-1], path[-1], [value], where)
    if array.kind != "array":
        raise InvalidArgument(f"{where}: '{'.'.join(path)}' is not a list; nothing was changed.")
    if any(present(item.to_python()) for item in array.items):
        return text
    return _insert(text, array, _dump(value, "", unit))


def missing_containers(text: str | None, path: tuple[str, ...], where: str
                       ) -> list[tuple[str, ...]]:
    """The containers along ``path`` that do not exist yet (an edit will create them)."""
    if text is None or not text.strip():
        return [path[:depth] for depth in range(1, len(path) + 1)]
    node, depth = _walk(parse(text, where), path[:-1], where)
    assert node is not None
    if depth == len(path) - 1 and _member(node, path[-1], where) is not None:
        return []
    return [path[:d] for d in range(depth + 1, len(path) + 1)]


def _prune(text: str, path: tuple[str, ...], where: str,
           created: Collection[tuple[str, ...]]) -> str:
    """Remove the containers along ``path`` that are now empty and that an install created
    (``created``), deepest first."""
    for depth in range(len(path), 0, -1):
        if path[:depth] not in created:
            return text
        root = parse(text, where)
        parent, found = _walk(root, path[:depth - 1], where)
        if parent is None or found != depth - 1:
            return text
        child = parent.member(path[depth - 1])
        if child is None or (child.members or child.items):
            return text
        index = [k for k, _, _ in parent.members].index(path[depth - 1])
        text = _remove_span(text, parent, index)
    return text


def remove_member(text: str, path: tuple[str, ...], key: str, where: str,
                  created: Collection[tuple[str, ...]] = ()) -> str:
    """``text`` without ``path.key``; parents left empty by it are removed too."""
    root = parse(text, where)
    node, depth = _walk(root, path, where)
    if node is None or depth != len(path) or _member(node, key, where) is None:
        return text
    index = [k for k, _, _ in node.members].index(key)
    return _prune(_remove_span(text, node, index), path, where, created)


def remove_items(text: str, path: tuple[str, ...], where: str,
                 matches: Callable[[Any], bool],
                 created: Collection[tuple[str, ...]] = ()) -> str:
    """``text`` without the items of the array at ``path`` for which ``matches`` is true."""
    while True:
        root = parse(text, where)
        node, depth = _walk(root, path[:-1], where)
        array = (_member(node, path[-1], where) if node is not None and depth == len(path) - 1
                 else None)
        if array is None or array.kind != "array":
            return text
        index = next((i for i, item in enumerate(array.items) if matches(item.to_python())),
                     None)
        if index is None:
            return text
        text = _remove_span(text, array, index)
        if len(array.items) == 1:
            text = _prune(text, path, where, created)


def is_empty_object(text: str) -> bool:
    """True when the document is ``{}`` (comments aside): the file held only our entries."""
    try:
        root = parse(text)
    except InvalidArgument:
        return False
    return root.kind == "object" and not root.members and not text[:root.start].strip() \
        and not text[root.end:].strip()


def load(text: str, where: str) -> Any:
    """The document as Python values (comments allowed)."""
    if not text.strip():
        return {}
    return parse(text, where).to_python()
