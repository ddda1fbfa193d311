"""Chunker for brace languages (Java, JS/TS, C/C++, C#, Go, Rust, Kotlin, Swift, PHP, Scala).

A scanner walks the source once and records, per line, the bracket depth outside strings, char
literals, comments, template literals (with JS ``${}`` nesting) and preprocessor lines. Top-level
declarations (depth returns to 0 after "}" or ";", or a blank line at depth 0) become one block
each, with the comments and annotations right above them; imports coalesce. A class-like block
over max_tokens is split into its members ("OrderService.place"). Never changes a character.
"""

from __future__ import annotations

from dataclasses import dataclass

from actors.ingest.chunkers.base import Block, Limits, first_words, line_spans, pack
from actors.ingest.chunkers.scanner import LineInfo, scan
from actors.ingest.types import Chunk
from actors.lazy_re import lazy_regex
from actors.text import estimate_tokens, shorten

_KW = (
    r"(?:class|interface|enum|struct|record|trait|object|impl|namespace|module|protocol|"
    r"extension|union|mod)"
)
_CONTAINER = lazy_regex(
    r"\b" + _KW + r"\b(?:\s+" + _KW + r"\b)*\s*(?:<[^>]*>\s*)?([A-Za-z_$][\w$.]*)"
)
_IMPL = lazy_regex(r"\bimpl\b(?:\s*<[^{]*?>)?\s+([\w:]+)(?:<[^{]*?>)?(?:\s+for\s+([\w:]+))?")
_GO_TYPE = lazy_regex(r"^\s*type\s+([A-Za-z_]\w*)\s+(?:struct|interface)\b")
_LAST_IDENT = lazy_regex(r"(?<![\w$])([A-Za-z_$][\w$]*)\s*;?\s*$")
_CALL = lazy_regex(r"(?<![\w$])([A-Za-z_$][\w$]*)\s*(?:<[^<>()]*>)?\s*\(")
_ASSIGN = lazy_regex(r"(?<![\w$])([A-Za-z_$][\w$]*)\s*(?::[^=;]*)?(?:=|;|$)")
_KEYWORDS = frozenset(
    "if for while switch catch return new func fn function fun def sizeof typeof await "
    "constructor super this match when else do try throw yield using lock synchronized".split()
)
_IMPORT = lazy_regex(
    r"^\s*(?:import|package|using|use|#\s*include|#\s*import|require|from|extern\s+crate|"
    r"export\s+\*\s+from|const\s+\w+\s*=\s*require)\b"
)
_FUNC_WORD = lazy_regex(r"\b(?:func|fn|function|fun|def|void|async)\b")


@dataclass(frozen=True)
class _Seg:
    first: int  # line index, inclusive
    last: int
    kind: str  # "blank", "comment", "code"


def _code_lines(text: str, lines: list[tuple[int, int]], info: list[LineInfo], a: int, b: int,
                ) -> list[str]:
    return [text[lines[i][0] : lines[i][1]] for i in range(a, b + 1) if info[i].has_code]


def _segments(text: str, lines: list[tuple[int, int]], info: list[LineInfo], lo: int, hi: int,
              base: int) -> list[_Seg]:
    """Cut lines lo..hi at declaration ends at depth ``base``."""
    segs: list[_Seg] = []
    start = lo
    for i in range(lo, hi + 1):
        li = info[i]
        blank = not text[lines[i][0] : lines[i][1]].strip() and not li.starts_inside
        at_base = li.depth_end <= base and not li.ends_inside
        ends_decl = at_base and (li.last_code in ("}", ";") or li.preprocessor)
        if blank and li.depth_start <= base:
            if start < i:
                segs.append(_classify(text, lines, info, start, i - 1))
            segs.append(_Seg(i, i, "blank"))
            start = i + 1
        elif ends_decl:
            segs.append(_classify(text, lines, info, start, i))
            start = i + 1
    if start <= hi:
        segs.append(_classify(text, lines, info, start, hi))
    return segs


def _classify(text: str, lines: list[tuple[int, int]], info: list[LineInfo], a: int, b: int,
              ) -> _Seg:
    code = [ln.strip() for ln in _code_lines(text, lines, info, a, b)]
    if not code:
        return _Seg(a, b, "comment")
    if all(ln.startswith(("@", "#[")) for ln in code):
        return _Seg(a, b, "comment")  # annotations belong to what follows
    return _Seg(a, b, "code")


def _container_name(line: str) -> str | None:
    """The declared name of a class-like line ("enum class Color" -> "Color")."""
    go = _GO_TYPE.search(line)
    if go:
        return go.group(1)
    impl = _IMPL.search(line)
    if impl:
        return (impl.group(2) or impl.group(1)).split("::")[-1]
    m = _CONTAINER.search(line.split("(")[0].split("=")[0])
    return m.group(1) if m else None


def _describe(code: list[str], owner: str | None) -> tuple[str, str | None]:
    """(kind, name) of a declaration from its code lines."""
    body = [ln for ln in code if not ln.strip().startswith(("@", "#["))] or code
    head = " ".join(ln.strip() for ln in body[:3])
    if _IMPORT.match(body[0]):
        return "imports", None
    name = _container_name(body[0])
    if name:
        return ("member" if owner else "class"), name
    for m in _CALL.finditer(head):
        if m.group(1) not in _KEYWORDS:
            before = head[: m.start()]
            if "=" in before and not _FUNC_WORD.search(before):
                break
            return ("member" if owner else "function"), m.group(1)
    named = (_ASSIGN.search(head.split("=")[0] + "=") if "=" in head
             else _LAST_IDENT.search(body[0]))
    if named:
        return ("member" if owner else "statement"), named.group(1)
    return ("member" if owner else "statement"), None


def _blocks(text: str, lines: list[tuple[int, int]], info: list[LineInfo], lo: int, hi: int,
            base: int, limits: Limits, owner: str | None = None, context: str = "",
            ) -> list[Block]:
    segs = _segments(text, lines, info, lo, hi, base)
    # Merge: leading blanks/comments and comments right above code join the code; blanks trail.
    units: list[list[_Seg]] = []
    pending: list[_Seg] = []
    pending_comment = False
    for seg in segs:
        if seg.kind == "code":
            units.append(pending + [seg])
            pending, pending_comment = [], False
        elif seg.kind == "blank":
            if pending_comment:
                units.append(pending + [seg])  # a comment detached by a blank line stands alone
                pending, pending_comment = [], False
            elif units and not pending:
                units[-1].append(seg)
            else:
                pending.append(seg)
        else:
            pending.append(seg)
            pending_comment = True
    if pending:
        if units:
            units[-1].extend(pending)
        else:
            units.append(pending)

    blocks: list[Block] = []
    for unit in units:
        a, b = unit[0].first, unit[-1].last
        start, end = lines[a][0], lines[b][1]
        code_seg = next((s for s in unit if s.kind == "code"), None)
        if code_seg is None:
            blocks.append(Block(start, end, "comment", title=first_words(text[start:end])))
            continue
        code = _code_lines(text, lines, info, code_seg.first, code_seg.last)
        kind, name = _describe(code, owner)
        if kind == "imports":
            if blocks and blocks[-1].kind == "imports":
                blocks[-1] = Block(blocks[-1].start, end, "imports", title="imports")
            else:
                blocks.append(Block(start, end, "imports", title="imports"))
            continue
        symbol = f"{owner}.{name}" if owner and name else name
        title = symbol or first_words("\n".join(code))
        if context:
            title = f"{title} — {context}"
        declares = [ln for ln in code if not ln.strip().startswith(("@", "#["))] or code
        container = _container_name(declares[0]) is not None
        if container and base < 4 and estimate_tokens(text[start:end]) > limits.maximum:
            split = _split_container(text, lines, info, a, b, base, limits, symbol, code)
            if split:
                blocks.extend(split)
                continue
        blocks.append(Block(start, end, kind, title=title, symbol=symbol,
                            reason=f"one {kind} {symbol or ''} cannot be split further".strip()))
    return blocks


def _split_container(text: str, lines: list[tuple[int, int]], info: list[LineInfo], a: int,
                     b: int, base: int, limits: Limits, symbol: str | None, code: list[str],
                     ) -> list[Block]:
    """Header block plus member blocks of a class-like block; [] when it has no brace body."""
    open_line = next(
        (i for i in range(a, b + 1)
         if info[i].depth_end == base + 1 and info[i].last_code == "{" and not info[i].ends_inside),
        None,
    )
    if open_line is None:
        return []
    close_line = next(
        (i for i in range(b, open_line, -1) if info[i].depth_start > base >= info[i].depth_end),
        None,
    )
    if close_line is None or close_line - 1 <= open_line:
        return []
    name = symbol or "block"
    declares = [ln.strip() for ln in code if not ln.strip().startswith(("@", "#["))] or code
    decl = shorten(" ".join(declares[:2]).split("{")[0], 48)
    header = Block(lines[a][0], lines[open_line][1], "header", title=decl, symbol=symbol,
                   reason="declaration header", hard_break=True)
    members = _blocks(text, lines, info, open_line + 1, close_line - 1, base + 1, limits,
                      owner=name, context=decl)
    tail_start, tail_end = lines[close_line][0], lines[b][1]
    if members:
        last = members[-1]
        members[-1] = Block(last.start, tail_end, last.kind, last.title, last.symbol,
                            reason=last.reason)
    else:
        members = [Block(tail_start, tail_end, "member", title=name)]
    return [header, *members]


def chunk_brace(text: str, limits: Limits, language: str | None, title_prefix: str = "",
                ) -> list[Chunk]:
    """Chunk brace-language source by top-level declarations."""
    if not text:
        return []
    lines = line_spans(text)
    info = scan(text, lines, language)
    blocks = _blocks(text, lines, info, 0, len(lines) - 1, 0, limits)
    return pack(text, blocks, limits, title_prefix)
