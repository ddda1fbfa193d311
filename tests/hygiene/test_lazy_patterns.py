"""Patterns are compiled when first used, not when their module is imported: importing the
runtime compiled ~960 of them (1.2-1.6 s of CPU), paid by every hook run and server start."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from actors.lazy_re import LazyPattern, lazy_regex

REPO = Path(__file__).resolve().parents[2]


def _compiled_at_import(path: Path) -> list[int]:
    """Lines of ``re.compile`` calls run when ``path`` is imported (outside any function)."""
    lines: list[int] = []

    def walk(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            inside = in_function or isinstance(
                child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            if (not inside and isinstance(child, ast.Call)
                    and isinstance(child.func, ast.Attribute) and child.func.attr == "compile"
                    and isinstance(child.func.value, ast.Name) and child.func.value.id == "re"):
                lines.append(child.lineno)
            walk(child, inside)

    walk(ast.parse(path.read_text(encoding="utf-8")), False)
    return lines


def test_no_module_compiles_a_pattern_when_imported() -> None:
    eager = [f"{path.relative_to(REPO)}:{line}"
             for folder in ("actors", "ihmt_async")
             for path in sorted((REPO / folder).rglob("*.py"))
             if path.name != "lazy_re.py"
             for line in _compiled_at_import(path)]
    assert eager == [], f"use lazy_regex(...) at module level: {eager[:10]}"


def test_a_lazy_pattern_compiles_on_first_use_and_answers_as_re_does() -> None:
    source, flags = r"(?P<word>\b[a-z]+)(?P<digits>\d+)", re.IGNORECASE
    lazy, eager = lazy_regex(source, flags), re.compile(source, flags)
    assert "_compiled" not in vars(lazy)
    text = "abc12 de3 FGH45 x"
    assert lazy.search(text).group(0) == eager.search(text).group(0)  # type: ignore[union-attr]
    assert "_compiled" in vars(lazy)
    assert lazy.search.__self__ is lazy.compiled()  # type: ignore[attr-defined]
    assert lazy.match(text) is not None and lazy.match(" " + text) is None
    assert lazy.fullmatch("abc12") is not None
    assert [m.span() for m in lazy.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert lazy.findall(text) == eager.findall(text)
    assert lazy.sub("#", text) == eager.sub("#", text)
    assert lazy.subn(lambda m: m["word"], text, 1) == eager.subn(lambda m: m["word"], text, 1)
    assert lazy.split(text) == eager.split(text)
    assert (lazy.flags, lazy.groups, dict(lazy.groupindex)) == (
        eager.flags, eager.groups, dict(eager.groupindex))
    assert lazy.pattern == source


def test_a_pattern_with_an_error_fails_where_it_is_used() -> None:
    broken = LazyPattern("(unclosed")
    try:
        broken.search("x")
    except re.error as error:
        assert "missing )" in str(error)
    else:
        raise AssertionError("a broken pattern matched")


def _patterns_in(value: object, depth: int = 0) -> list[LazyPattern]:
    if isinstance(value, LazyPattern):
        return [value]
    if depth < 3 and isinstance(value, tuple | list | frozenset | set):
        return [p for item in value for p in _patterns_in(item, depth + 1)]
    if depth < 3 and isinstance(value, dict):
        items = (*value.keys(), *value.values())
        return [p for item in items for p in _patterns_in(item, depth + 1)]
    return []


def test_every_pattern_a_module_holds_compiles() -> None:
    """Compiled at import, a typo failed at start; compiled lazily, it would fail only when a
    rare text reached it, so every module's patterns are compiled here."""
    import importlib

    found = 0
    for folder in ("actors", "ihmt_async"):
        for path in sorted((REPO / folder).rglob("*.py")):
            if path.name == "__main__.py":
                continue
            name = ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
            module = importlib.import_module(name)
            for value in list(vars(module).values()):
                for pattern in _patterns_in(value):
                    pattern.compiled()
                    found += 1
    assert found > 600, found
