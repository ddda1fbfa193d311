"""Property: every chunker route gives back the text byte for byte, on any text at any size."""

from __future__ import annotations

import ast

from hypothesis import given, settings
from hypothesis import strategies as st

from actors.ingest.chunkers import chunk
from actors.ingest.types import DataType, Detection
from actors.text import estimate_tokens

ROUTES = [
    Detection(DataType.CODE, "software.python", 1.0, "python", "en"),
    *(
        Detection(DataType.CODE, f"software.{lang}", 1.0, lang, "en")
        for lang in ("java", "javascript", "typescript", "c", "cpp", "csharp", "go", "rust",
                     "kotlin", "swift", "php", "scala")
    ),
    Detection(DataType.CODE, "software", 1.0, None, "en"),
    Detection(DataType.NARRATIVE, "literature.narrative", 1.0, None, "en"),
    Detection(DataType.PERSONAL, "personal", 1.0, None, "es"),
    Detection(DataType.CLINICAL, "medicine.clinical", 1.0, None, "en"),
    Detection(DataType.PROCESS, "process", 1.0, None, "es"),
    Detection(DataType.GENERIC, "general", 1.0, None, "en"),
]

PIECES = [
    "\n", "\n\n", "\r\n", "\r", " ", "\t", "{", "}", "(", ")", "[", "]", ";", ":", '"', "'", "`",
    "${", "/*", "*/", "//", "#", "#define X {\n", "\\", '"""', "r#\"", "@\"", "def f():\n",
    "class A:\n    ", "import os\n", "fn main() {", "public class A {\n", "2024-07-22 ",
    "Lunes, 3 de marzo de 2025\n", "Chapter 1\n", "***\n", "---\n", "## Título\n", "1. Paso\n",
    "Plan: ", "Diagnóstico:\n", "[10:00] Ana: hola\n", "- 200 g harina\n", "Ingredientes:\n",
    "Él dijo. Ella calló! ¿Sí? ", "ñandú ", "日本語", "\u2028", "\x0c", "\x00", "é", "😀",
]
texts = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=12)), max_size=60).map(
    "".join
)
SIZES = [(1, 1, 0), (5, 8, 2), (40, 60, 10), (2000, 3000, 120)]


def _check(text: str, detection: Detection, target: int, maximum: int, minimum: int) -> None:
    chunks = chunk(text, detection, target_tokens=target, max_tokens=maximum, min_tokens=minimum)
    assert "".join(c.text for c in chunks) == text
    if not text:
        assert chunks == []
        return
    line = 1
    for c in chunks:
        assert c.text
        assert c.start_line == line
        line = c.end_line + (1 if c.text.endswith("\n") else 0)
        assert c.end_line >= c.start_line
        assert c.block_count >= 1
        assert c.oversized == (c.oversize_reason is not None)
        if c.oversized:
            assert c.block_count == 1 and estimate_tokens(c.text) > maximum


@settings(max_examples=200, deadline=None)
@given(text=texts, route=st.sampled_from(ROUTES), size=st.sampled_from(SIZES))
def test_every_route_is_lossless(text: str, route: Detection, size: tuple[int, int, int]) -> None:
    _check(text, route, *size)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=400), size=st.sampled_from(SIZES))
def test_arbitrary_unicode_is_lossless_on_all_routes(text: str, size: tuple[int, int, int]) -> None:
    for route in ROUTES:
        _check(text, route, *size)


# Valid Python built from fragments, so the ast path (not the fallback) is exercised.
_MEMBER = st.sampled_from([
    "    def m{n}(self, x):\n        return x + {n}\n",
    "    @property\n    def p{n}(self):\n        '''Doc {{ }}.'''\n        return {n}\n",
    "    # comment {n}\n    attr{n} = {n}\n",
    "\n",
    "    async def a{n}(self):\n        await self.m{n}(1)\n",
])
_TOP = st.one_of(
    st.sampled_from([
        "import os\n", "from typing import Any\n", "\n", "# loose comment\n",
        "X{n} = {{'k': [1, 2, 3]}}\n", "def f{n}(a, b=2):\n    s = '}}'\n    return a\n",
        "@decorator\ndef g{n}():\n    pass\n", "if True:\n    y{n} = 1\n", "x{n} = 1; y{n} = 2\n",
    ]),
    st.lists(_MEMBER, min_size=1, max_size=12).map(
        lambda ms: "class C{n}(Base):\n    '''Class doc.'''\n" + "".join(ms) + "    pass\n"
    ),
)
python_sources = st.lists(_TOP, max_size=14).map(
    lambda parts: "".join(p.format(n=i) for i, p in enumerate(parts))
)


def parses_as_python(text: str) -> bool:
    """A chunk parses alone, or as class members ("class _W:" + members), or is a class header
    whose body went to the next chunk (header + "pass")."""
    for source in (text, "class _W:\n" + text, text + "\n    pass\n",
                   "class _W:\n" + text + "\n    pass\n"):
        try:
            ast.parse(source)
            return True
        except SyntaxError:
            continue
    return False


@settings(max_examples=80, deadline=None)
@given(source=python_sources, size=st.sampled_from(SIZES))
def test_python_chunks_are_lossless_and_parse(source: str, size: tuple[int, int, int]) -> None:
    ast.parse(source)
    _check(source, ROUTES[0], *size)
    for c in chunk(source, ROUTES[0], target_tokens=size[0], max_tokens=size[1],
                   min_tokens=size[2]):
        assert parses_as_python(c.text), c.text


def test_parse_check_can_fail() -> None:
    assert not parses_as_python("def f(:\n")
    assert not parses_as_python("    return 1\n  x = (\n")


PATHOLOGICAL = ["1" * 100_000, "a-" * 50_000, "_" * 100_000, "a " * 50_000, "{" * 100_000,
                "public " + "a " * 50_000, ":" * 100_000, "/" * 100_000, "x" * 100_000]


def test_pathological_inputs_come_back_whole() -> None:
    """Long runs of one character, where regexes with nested repeats go quadratic.

    Their speed is a printed figure (``python -m bench.linearity_bench``); here only the
    result: detection and redaction finish and the chunks give the text back exactly.
    """
    from actors.ingest.detect import detect
    from actors.secrets import redact

    for text in PATHOLOGICAL:
        detection = detect(text)
        assert redact(text) == (text, [])  # nothing secret in them, and nothing lost
        assert "".join(c.text for c in chunk(text, detection)) == text
