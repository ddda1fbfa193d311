"""Our marked block in a text file (instructions in Markdown, a table in TOML).

The block sits between a begin and an end marker line, so it is appended once, replaced when
it changed, and removed exactly (with the blank line put before it) on uninstall. TOML edits
are checked with ``tomllib`` before anything is written.

It must never touch a byte outside the markers and the separator it added itself.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence

from store.errors import InvalidArgument

MD_MARKERS = ("<!-- ihmt-async:begin (managed by `ihmt-async install`; "
              "`ihmt-async uninstall` removes it) -->", "<!-- ihmt-async:end -->")
TOML_MARKERS = ("# ihmt-async:begin (managed by `ihmt-async install`)", "# ihmt-async:end")


def _span(text: str, markers: tuple[str, str]) -> tuple[int, int] | None:
    begin = text.find(markers[0])
    if begin < 0:
        return None
    end = text.find(markers[1], begin)
    if end < 0:
        raise InvalidArgument(f"Found '{markers[0]}' without '{markers[1]}'; fix the file by "
                              "hand first, nothing was changed.")
    end += len(markers[1])
    if text.startswith("\n", end):
        end += 1
    return begin, end


def put_block(text: str | None, body: str, markers: tuple[str, str]) -> str:
    """``text`` with our block holding ``body`` (appended, or replaced in place)."""
    block = f"{markers[0]}\n{body.rstrip()}\n{markers[1]}\n"
    current = text or ""
    span = _span(current, markers)
    if span is not None:
        return current[:span[0]] + block + current[span[1]:]
    if not current:
        return block
    # One newline: a blank line after a file that ends with one, a line break otherwise; so
    # drop_block removes exactly one newline in both cases.
    return current + "\n" + block


def drop_block(text: str | None, markers: tuple[str, str]) -> str | None:
    """``text`` without our block and the separator ``put_block`` added (``""`` when nothing
    else was in the file: whether to delete it is the caller's call, since a file the user
    had, even an empty one, must stay)."""
    if text is None:
        return None
    span = _span(text, markers)
    if span is None:
        return text
    begin, end = span
    before = text[:begin]
    if end == len(text) and before.endswith("\n"):
        before = before[:-1]
    return before + text[end:]


def toml_value(value: object) -> str:
    """A TOML literal for a string, an integer, a list of strings or a flat string table."""
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # a JSON string is a TOML basic string
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, Mapping):
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    raise TypeError(f"no TOML form for {type(value).__name__}")


def toml_table(name: str, values: Mapping[str, object]) -> str:
    lines = [f"[{name}]"] + [f"{key} = {toml_value(value)}" for key, value in values.items()]
    return "\n".join(lines)


def check_toml(text: str | None, where: str) -> None:
    """InvalidArgument unless ``text`` is valid TOML (None, a deleted file, is fine)."""
    if text is None:
        return
    try:
        tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InvalidArgument(f"{where} would not be valid TOML after the edit ({exc}); "
                              "nothing was changed.") from None
