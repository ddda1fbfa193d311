"""A lexical scanner for brace languages: bracket depth per line, outside strings and comments.

It knows just enough of each language's lexical rules to tell a structural brace from one in a
string ("}"), a char literal ('{'), a line or block comment, a template literal (JS `${ {a} }`,
nested to any depth), a raw string (Rust r#"..."#, C++ R"(...)", Go `...`, C# @"..."), a text
block ("\"\"\"") or a preprocessor line (#define OPEN {). It never fails: unknown or broken input
only makes the depths less useful, and unterminated single-line strings end at the line end.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from actors.lazy_re import lazy_regex

_CHAR = lazy_regex(
    r"'(?:\\(?:u\{[0-9a-fA-F]{1,6}\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)|[^\\'\n])'"
)
_CPP_RAW = lazy_regex(r'"([^()\\\s"]{0,16})\(')
_RUST_RAW = lazy_regex(r'(#*)"')
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_KEYWORD = lazy_regex(
    r"(?:^|[^\w$])(?:return|typeof|case|in|of|delete|void|throw|new|yield|await)\s*$"
)
_OPEN = "{(["
_CLOSE = "})]"


@dataclass(frozen=True)
class LineInfo:
    """Lexical facts about one line."""

    depth_start: int
    depth_end: int
    starts_inside: bool
    """The line starts inside a multi-line string, comment or template."""
    ends_inside: bool
    last_code: str
    """Last character of code at the outer level (a closing quote counts), or ""."""
    has_code: bool
    preprocessor: bool


@dataclass(frozen=True)
class _Lang:
    sq_string: bool = False
    char_lit: bool = True
    template: bool = False
    backtick_raw: bool = False
    backtick_ident: bool = False
    triple: bool = False
    nested_comments: bool = False
    preprocessor: bool = False
    hash_comment: bool = False
    rust_raw: bool = False
    cpp_raw: bool = False
    verbatim: bool = False
    multiline_strings: bool = False
    regex_literals: bool = False


_LANGS: dict[str | None, _Lang] = {
    "javascript": _Lang(sq_string=True, char_lit=False, template=True, regex_literals=True),
    "typescript": _Lang(sq_string=True, char_lit=False, template=True, regex_literals=True),
    "php": _Lang(sq_string=True, char_lit=False, hash_comment=True, multiline_strings=True),
    "java": _Lang(triple=True),
    "kotlin": _Lang(triple=True, nested_comments=True, backtick_ident=True),
    "scala": _Lang(triple=True, nested_comments=True, backtick_ident=True),
    "swift": _Lang(char_lit=False, triple=True, nested_comments=True, preprocessor=True,
                   backtick_ident=True),
    "go": _Lang(backtick_raw=True),
    "rust": _Lang(nested_comments=True, rust_raw=True, multiline_strings=True),
    "c": _Lang(preprocessor=True),
    "cpp": _Lang(preprocessor=True, cpp_raw=True),
    "csharp": _Lang(preprocessor=True, verbatim=True, triple=True),
    None: _Lang(preprocessor=True),
}


def _regex_end(text: str, i: int, le: int, prev_sig: str) -> int:
    """End offset of a JS regex literal starting at ``i`` ("/"), or 0 when it is a division."""
    nxt = text[i + 1] if i + 1 < le else ""
    if nxt in ("/", "*", "", "\n"):
        return 0
    if prev_sig and prev_sig not in _REGEX_BEFORE and not _REGEX_KEYWORD.search(
        text[max(0, i - 12) : i]
    ):
        return 0
    j, in_class = i + 1, False
    while j < le:
        c = text[j]
        if c == "\\":
            j += 2
            continue
        if c == "\n":
            return 0
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class:
            j += 1
            while j < le and text[j].isalpha():
                j += 1
            return j
        j += 1
    return 0


def scan(text: str, lines: list[tuple[int, int]], language: str | None) -> list[LineInfo]:
    """One LineInfo per line span (spans from ``line_spans``, split at "\\n")."""
    cfg = _LANGS.get(language, _LANGS[None])
    out: list[LineInfo] = []
    depth = 0
    # Mode stack; empty means outer code. Entries: ("lc",) ("bc", level) ("pp",)
    # ("str", quote, multiline, doubled) ("triple",) ("raw", end) ("tmpl",) ("expr", braces)
    stack: list[tuple[Any, ...]] = []
    prev_sig = ""  # last significant code character (JS regex literal detection)
    for ls, le in lines:
        d0, inside0 = depth, bool(stack)
        last, has_code, pp = "", False, False
        at_start = True
        continued = False
        i = ls
        while i < le:
            ch = text[i]
            top: tuple[Any, ...] = stack[-1] if stack else ("code",)
            mode = top[0]
            if ch == "\n":
                break
            if mode in ("code", "expr"):
                outer = mode == "code"
                if ch in " \t\r\f\v":
                    i += 1
                    continue
                nxt = text[i + 1] if i + 1 < le else ""
                if at_start and outer and ch == "#" and cfg.preprocessor:
                    stack.append(("pp",))
                    pp = has_code = True
                    i = le
                    break
                at_start = False
                if ch == "/" and nxt == "/" or (ch == "#" and cfg.hash_comment and nxt != "["):
                    stack.append(("lc",))
                    i = le
                    break
                if ch == "/" and nxt == "*":
                    stack.append(("bc", 1))
                    i += 2
                    continue
                if outer:
                    has_code = True
                if ch == "/" and cfg.regex_literals:
                    end = _regex_end(text, i, le, prev_sig)
                    if end:
                        i = end
                        prev_sig = "/"
                        if outer:
                            last = "/"
                        continue
                prev_sig = ch
                if ch == '"':
                    prev = text[i - 1] if i > ls else ""
                    if cfg.triple and text.startswith('"""', i):
                        stack.append(("triple",))
                        i += 3
                        continue
                    if cfg.cpp_raw and prev == "R" and (m := _CPP_RAW.match(text, i)):
                        stack.append(("raw", ")" + m.group(1) + '"'))
                        i = m.end()
                        continue
                    if cfg.verbatim and prev and prev in "@$" and "@" in text[max(ls, i - 2) : i]:
                        stack.append(("str", '"', True, True))
                    else:
                        stack.append(("str", '"', cfg.multiline_strings, False))
                    i += 1
                    continue
                if ch == "r" and cfg.rust_raw and not (i > ls and (text[i - 1].isalnum() or
                                                                   text[i - 1] == "_")):
                    m = _RUST_RAW.match(text, i + 1)
                    if m:
                        stack.append(("raw", '"' + m.group(1)))
                        i = m.end()
                        continue
                if ch == "'":
                    if cfg.sq_string:
                        stack.append(("str", "'", cfg.multiline_strings, False))
                        i += 1
                        continue
                    m = _CHAR.match(text, i) if cfg.char_lit else None
                    if m and m.end() <= le:
                        i = m.end()
                        if outer:
                            last = "'"
                        continue
                if ch == "`":
                    if cfg.template:
                        stack.append(("tmpl",))
                        i += 1
                        continue
                    if cfg.backtick_raw:
                        stack.append(("raw", "`"))
                        i += 1
                        continue
                    if cfg.backtick_ident:
                        stack.append(("str", "`", False, False))
                        i += 1
                        continue
                if outer:
                    last = ch
                    if ch in _OPEN:
                        depth += 1
                    elif ch in _CLOSE:
                        depth = max(0, depth - 1)
                elif ch == "{":
                    stack[-1] = ("expr", top[1] + 1)
                elif ch == "}":
                    if top[1] == 0:
                        stack.pop()  # back into the template literal
                    else:
                        stack[-1] = ("expr", top[1] - 1)
                i += 1
            elif mode == "bc":
                if text.startswith("*/", i):
                    if top[1] == 1:
                        stack.pop()
                    else:
                        stack[-1] = ("bc", top[1] - 1)
                    i += 2
                elif cfg.nested_comments and text.startswith("/*", i):
                    stack[-1] = ("bc", top[1] + 1)
                    i += 2
                else:
                    i += 1
            elif mode == "str":
                _, quote, _multi, doubled = top
                if ch == "\\" and not doubled:
                    if i + 1 < le and text[i + 1] == "\n":
                        continued = True
                    i += 2
                elif ch == quote:
                    if doubled and i + 1 < le and text[i + 1] == quote:
                        i += 2
                        continue
                    stack.pop()
                    if not stack:
                        last = quote
                    i += 1
                else:
                    i += 1
            elif mode == "triple":
                if ch == "\\":
                    i += 2
                elif text.startswith('"""', i):
                    stack.pop()
                    if not stack:
                        last = '"'
                    i += 3
                else:
                    i += 1
            elif mode == "raw":
                end = top[1]
                if text.startswith(end, i):
                    stack.pop()
                    if not stack:
                        last = '"'
                    i += len(end)
                else:
                    i += 1
            elif mode == "tmpl":
                if ch == "\\":
                    i += 2
                elif ch == "`":
                    stack.pop()
                    if not stack:
                        last = "`"
                    i += 1
                elif text.startswith("${", i):
                    stack.append(("expr", 0))
                    i += 2
                else:
                    i += 1
            else:  # "lc" or "pp": the rest of the line
                if mode == "pp":
                    pp = True
                i = le
        # End of line: close what cannot span lines.
        body = text[ls:le].rstrip("\r\n")
        while stack and stack[-1][0] in ("lc", "pp", "str"):
            kind = stack[-1][0]
            if kind == "pp" and body.endswith("\\"):
                break
            if kind == "str" and (stack[-1][2] or continued):
                break
            stack.pop()
        out.append(
            LineInfo(
                depth_start=d0,
                depth_end=depth,
                starts_inside=inside0,
                ends_inside=bool(stack),
                last_code=last,
                has_code=has_code,
                preprocessor=pp and not stack,
            )
        )
    return out
