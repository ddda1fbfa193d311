"""Chunker for Python source through ``ast``: one block per top-level statement, never cut.

Imports coalesce into one block; a class or function keeps its decorators and the comment lines
directly above it; blank lines stay with the block before them. A class over max_tokens is split
into its members ("OrderService.place"), its header lines (decorators, ``class`` line, docstring)
forming a small block of their own. Source that does not parse falls back to line blocks cut at
unindented lines. Never changes a character; never executes or imports the code.
"""

from __future__ import annotations

import ast
import warnings

from actors.ingest.chunkers.base import Block, Limits, first_words, line_spans, pack
from actors.ingest.types import Chunk
from actors.lazy_re import lazy_regex
from actors.text import estimate_tokens, shorten

_LONE_CR = lazy_regex(r"\r(?!\n)")
_DEF_START = lazy_regex(r"(?:async\s+def\b|def\b|class\b|@)")


def _parse(text: str) -> ast.Module | None:
    """The module's AST, or None when it does not parse as Python."""
    if _LONE_CR.search(text) or "\x00" in text:
        return None  # the tokenizer would count lines differently from our "\n" split
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _first_line(node: ast.stmt) -> int:
    decorators = getattr(node, "decorator_list", None) or []
    return int(min([node.lineno] + [d.lineno for d in decorators]))


def _describe(node: ast.stmt, owner: str | None) -> tuple[str, str | None, str]:
    """(kind, symbol, title) of a statement."""
    name: str | None = None
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        kind, name = "function", node.name
    elif isinstance(node, ast.ClassDef):
        kind, name = "class", node.name
    elif isinstance(node, ast.Import | ast.ImportFrom):
        return "imports", None, "imports"
    elif (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    ):
        return ("member" if owner else "docstring"), None, ""
    else:
        kind = "statement"
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign | ast.AugAssign):
            targets = [node.target]
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        name = names[0] if names else None
    if owner is not None:
        kind = "member"
    symbol = f"{owner}.{name}" if owner and name else name
    return kind, symbol, symbol or ""


def _spans(
    text: str, nodes: list[ast.stmt], lines: list[tuple[int, int]], lo: int, hi: int
) -> list[tuple[int, int, list[ast.stmt]]]:
    """Cover lines ``lo..hi`` (0-based, inclusive) with one span per statement (same-line ones
    merged). Comment lines right above a statement join it; other gap lines join the span before.
    """
    firsts: list[int] = []
    lasts: list[int] = []
    groups: list[list[ast.stmt]] = []
    for node in nodes:
        first, last = _first_line(node) - 1, (node.end_lineno or node.lineno) - 1
        if groups and first <= lasts[-1]:  # statements sharing a line ("x = 1; y = 2")
            lasts[-1] = max(lasts[-1], last)
            groups[-1].append(node)
        else:
            firsts.append(first)
            lasts.append(last)
            groups.append([node])
    raw = list(zip(firsts, lasts, groups, strict=True))
    out: list[tuple[int, int, list[ast.stmt]]] = []
    for i, (first, last, group) in enumerate(raw):
        start = first
        while start - 1 >= lo and (i == 0 or start - 1 > raw[i - 1][1]):
            s, e = lines[start - 1]
            if not text[s:e].lstrip().startswith("#"):
                break
            start -= 1
        if i == 0:
            start = lo
        if out:
            out[-1] = (out[-1][0], start - 1, out[-1][2])
        out.append((start, last, group))
    if out:
        out[-1] = (out[-1][0], hi, out[-1][2])
    return out


def _blocks(text: str, nodes: list[ast.stmt], lines: list[tuple[int, int]], lo: int, hi: int,
            limits: Limits, owner: str | None = None, context: str = "") -> list[Block]:
    blocks: list[Block] = []
    for first, last, group in _spans(text, nodes, lines, lo, hi):
        start, end = lines[first][0], lines[last][1]
        node = group[0]
        kind, symbol, title = _describe(node, owner)
        if kind == "imports" and all(isinstance(n, ast.Import | ast.ImportFrom) for n in group):
            if blocks and blocks[-1].kind == "imports":
                prev = blocks.pop()
                blocks.append(Block(prev.start, end, "imports", title="imports"))
                continue
        if context:
            title = f"{title} — {context}"
        size = estimate_tokens(text[start:end])
        if (
            owner is None
            and isinstance(node, ast.ClassDef)
            and len(group) == 1
            and size > limits.maximum
            and node.body
        ):
            blocks.extend(_split_class(text, node, lines, first, last, limits))
            continue
        reason = f"{kind} {symbol or ''}".strip()
        blocks.append(Block(start, end, kind, title=title, symbol=symbol,
                            reason=f"one {reason} cannot be split further"))
    return blocks


def _split_class(text: str, node: ast.ClassDef, lines: list[tuple[int, int]], first: int,
                 last: int, limits: Limits) -> list[Block]:
    """Header block plus one block per member of a class that is too large to keep whole."""
    body = list(node.body)
    header_end = node.lineno - 1
    if (
        isinstance(body[0], ast.Expr)
        and isinstance(body[0].value, ast.Constant)
        and isinstance(body[0].value.value, str)
    ):
        header_end = (body[0].end_lineno or body[0].lineno) - 1
        body = body[1:]
    else:
        # The class line may continue over several lines (bases, keywords): take those too.
        stop = _first_line(body[0]) - 1 if body else last
        while header_end + 1 < stop:
            s, e = lines[header_end + 1]
            if not text[s:e].strip() or text[s:e].lstrip().startswith("#"):
                break
            header_end += 1
    decl = shorten(text[lines[node.lineno - 1][0] : lines[node.lineno - 1][1]].strip(), 48)
    members = [n for n in body if _first_line(n) - 1 > header_end]
    if not members:
        return [Block(lines[first][0], lines[last][1], "class", title=node.name,
                      symbol=node.name, reason=f"class {node.name} has no members to split at")]
    spans = _spans(text, members, lines, header_end + 1, last)
    header = Block(lines[first][0], lines[spans[0][0]][0], "header", title=f"class {node.name}",
                   symbol=node.name, reason="class header", hard_break=True)
    out = [header] if header.end > header.start else []
    out.extend(_blocks(text, members, lines, header_end + 1, last, limits, owner=node.name,
                       context=decl))
    return out


def _fallback(text: str) -> list[Block]:
    """Line blocks for source that does not parse: cut before unindented lines after a blank."""
    blocks: list[Block] = []
    start, prev_blank = 0, False
    for s, e in line_spans(text):
        line = text[s:e]
        unindented = line[:1] not in (" ", "\t", "\n", "\r", "") and line.strip()
        starter = unindented and (prev_blank or _DEF_START.match(line))
        if s > start and starter and text[start:s].strip():
            blocks.append(Block(start, s, "code", title=first_words(text[start:s]),
                                reason="source does not parse; line block (fallback)"))
            start = s
        prev_blank = not line.strip()
    blocks.append(Block(start, len(text), "code", title=first_words(text[start:]),
                        reason="source does not parse; line block (fallback)"))
    return blocks


def chunk_python(text: str, limits: Limits, title_prefix: str = "") -> list[Chunk]:
    """Chunk Python source by top-level statements (members for very large classes)."""
    if not text:
        return []
    tree = _parse(text)
    lines = line_spans(text)
    if tree is None:
        return pack(text, _fallback(text), limits, title_prefix)
    if not tree.body:  # only comments and blank lines
        return pack(text, [Block(0, len(text), "comment", title=first_words(text))], limits,
                    title_prefix)
    blocks = _blocks(text, list(tree.body), lines, 0, len(lines) - 1, limits)
    return pack(text, blocks, limits, title_prefix)
