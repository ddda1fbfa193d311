"""Real Python: every module of the stdlib packages json, asyncio and email chunks losslessly,
and every chunk is valid Python (alone, as class members, or as a class header)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from test_ingest_lossless import parses_as_python

from actors.ingest.chunkers import chunk
from actors.ingest.types import DataType, Detection

PYTHON = Detection(DataType.CODE, "software.python", 1.0, "python", "en")


def _files() -> list[Path]:
    out: list[Path] = []
    for name in ("json", "asyncio", "email"):
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.submodule_search_locations
        for location in spec.submodule_search_locations:
            out.extend(sorted(Path(location).rglob("*.py")))
    return out


FILES = _files()


def test_the_three_packages_were_found() -> None:
    names = {p.parent.name for p in FILES}
    assert {"json", "asyncio", "email"} <= names
    assert len(FILES) > 40


@pytest.mark.parametrize("sizes", [(2000, 3000, 120), (150, 250, 40)], ids=["default", "small"])
def test_stdlib_sources_chunk_losslessly_into_valid_python(sizes: tuple[int, int, int]) -> None:
    target, maximum, minimum = sizes
    members = 0
    for path in FILES:
        source = path.read_text(encoding="utf-8")
        chunks = chunk(source, PYTHON, target_tokens=target, max_tokens=maximum,
                       min_tokens=minimum)
        assert "".join(c.text for c in chunks) == source, path
        for c in chunks:
            assert c.oversize_reason is None or "fallback" not in c.oversize_reason, path
            assert parses_as_python(c.text), f"{path}:{c.start_line}-{c.end_line}"
            members += c.kind == "member"
    if target < 1000:
        assert members > 50  # large classes (asyncio.base_events ...) were split into members


def test_large_class_is_split_into_titled_members() -> None:
    spec = importlib.util.find_spec("asyncio.base_events")
    assert spec is not None and spec.origin
    source = Path(spec.origin).read_text(encoding="utf-8")
    chunks = chunk(source, PYTHON, target_tokens=150, max_tokens=250, min_tokens=0)
    symbols = [c.symbol for c in chunks if c.symbol]
    assert "BaseEventLoop.run_forever" in symbols
    header = next(c for c in chunks if c.kind == "header" and c.symbol == "BaseEventLoop")
    assert header.text.lstrip().startswith("class BaseEventLoop(")
    member = next(c for c in chunks if c.symbol == "BaseEventLoop.run_forever")
    assert member.title.startswith("BaseEventLoop.run_forever")
    assert "class BaseEventLoop" in member.title  # the declaration is kept as context


def test_unparseable_python_falls_back_and_stays_lossless() -> None:
    source = "def broken(:\n    pass\n\nclass Fine:\n    x = 1\n\n\n" + "y = (\n" * 3
    chunks = chunk(source, PYTHON, target_tokens=1, max_tokens=5, min_tokens=0)
    assert "".join(c.text for c in chunks) == source
    assert len(chunks) >= 2
    assert all(c.kind == "code" for c in chunks)
