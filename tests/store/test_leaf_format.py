"""Leaf files: exact round trip, header preservation on rewrite, typed errors, IHMT's own files."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from store.errors import MalformedFile, MalformedLeaf, UnknownSchemaVersion
from store.leaf_format import CLOSE, OPEN, parse_leaf, read_leaf, render_leaf
from store.leaves import read_leaf_at, write_leaf
from store.paths import StoreLayout
from tests.fixture_paths import IHMT_STORE_FIXTURE

FIXTURE_LEAVES = IHMT_STORE_FIXTURE / "ihmt_memory" / "layer_0"

MARKERS = st.sampled_from([OPEN, CLOSE, "<<<IHMT-META", "IHMT-META>>>", "\nIHMT-META>>>\n",
                           "\r\n", "\n", "{", "}", '"', "\\", "\u2028", "\x00"])
BODY = st.lists(st.one_of(st.text(), MARKERS)).map("".join)


def header(leaf_id: str = "L-personal-0000-abcdef0123", **more: object) -> dict[str, object]:
    base: dict[str, object] = {
        "leaf_id": leaf_id, "schema_version": 1, "timestamp": "2026-03-01T09:00:00Z",
        "ingested_at": "2026-03-01T09:00:05Z", "data_type": "TEXT", "domain": "personal",
        "title": "Mudanza a Valencia", "tags": ["type:personal"], "keywords": ["valencia"],
        "entities": ["Valencia"], "parent_id": None, "source": "mcp://test", "status": "ACTIVE",
    }
    base.update(more)
    return base


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(body=BODY, title=st.text())
def test_render_parse_round_trip_is_exact(body: str, title: str) -> None:
    head = header(title=title)
    raw = render_leaf(head, body)
    leaf = parse_leaf(raw, "mem.txt")
    assert leaf.text == body
    assert dict(leaf.header) == head
    assert render_leaf(leaf.header, leaf.text) == raw


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(body=BODY)
def test_file_round_trip_is_exact(tmp_path: Path, body: str) -> None:
    lay = StoreLayout(tmp_path / "ihmt_memory")
    written = write_leaf(lay, header(), body)
    again = read_leaf_at(lay, written.relpath)
    assert again.text == body
    assert again.path is not None and again.path.read_bytes().endswith(body.encode("utf-8"))


def test_body_with_markers_is_not_taken_as_header() -> None:
    body = "antes\n" + CLOSE + '{"leaf_id": "evil"}' + CLOSE + OPEN + "después"
    leaf = parse_leaf(render_leaf(header(), body))
    assert leaf.leaf_id == "L-personal-0000-abcdef0123"
    assert leaf.text == body


def test_unknown_fields_survive_rewrite_and_first_ingested_at_is_kept(
        layout: StoreLayout) -> None:
    first = header(ingested_at="2026-01-01T00:00:00Z", x_future_field={"nested": [1, 2]},
                   scope="project:alpha")
    write_leaf(layout, first, "I moved to Valencia.")
    # A later writer that knows nothing of x_future_field, with a newer ingest time.
    second = {k: v for k, v in header(ingested_at="2026-05-05T05:05:05Z", title="Nuevo").items()}
    written = write_leaf(layout, second, "I moved to Valencia.")
    assert written.existed
    on_disk = read_leaf(layout.leaf_path("personal", first["leaf_id"]))  # type: ignore[arg-type]
    assert on_disk.get("x_future_field") == {"nested": [1, 2]}
    assert on_disk.get("scope") == "project:alpha"
    assert on_disk.get("ingested_at") == "2026-01-01T00:00:00Z"
    assert on_disk.get("title") == "Nuevo"  # known fields do change
    assert dict(on_disk.header) == dict(written.leaf.header)


def test_write_leaf_sets_ingested_at_when_earlier_had_none(layout: StoreLayout) -> None:
    write_leaf(layout, header(ingested_at=None), "texto")
    written = write_leaf(layout, header(ingested_at="2026-02-02T00:00:00Z"), "texto")
    assert written.leaf.get("ingested_at") == "2026-02-02T00:00:00Z"


@pytest.mark.parametrize(
    ("raw", "reason"),
    [
        ("just some text\n", "missing"),
        ("", "missing"),
        (OPEN + '{"leaf_id": "L-x", "domain": "personal"}\nno close marker', "not closed"),
        (OPEN + '{"leaf_id": "L-x", "domain": ' + CLOSE + "body", "not valid JSON"),
        (OPEN + "[1, 2]" + CLOSE + "body", "not a JSON object"),
        (OPEN + '{"domain": "personal"}' + CLOSE + "body", "leaf_id"),
        (OPEN + '{"leaf_id": "L-x"}' + CLOSE + "body", "domain"),
        (OPEN + '{"leaf_id": "", "domain": "personal"}' + CLOSE + "body", "leaf_id"),
        (OPEN.rstrip("\n") + CLOSE + "body", "not valid JSON"),
    ],
)
def test_malformed_leaf_names_the_file(tmp_path: Path, raw: str, reason: str) -> None:
    path = tmp_path / "broken.txt"
    path.write_text(raw, encoding="utf-8")
    with pytest.raises(MalformedLeaf) as info:
        read_leaf(path)
    assert info.value.path == path
    assert str(path) in str(info.value)
    assert reason in info.value.reason


def test_non_utf8_leaf_is_malformed(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes(render_leaf(header(), "").encode() + "año".encode("latin-1"))
    with pytest.raises(MalformedLeaf) as info:
        read_leaf(path)
    assert info.value.path == path and "UTF-8" in info.value.reason


@pytest.mark.parametrize("version", [2, 0, "1", None, 1.5, True])
def test_unknown_schema_version_is_typed(tmp_path: Path, version: object) -> None:
    path = tmp_path / "future.txt"
    path.write_text(render_leaf(header(schema_version=version), "x"), encoding="utf-8")
    with pytest.raises(UnknownSchemaVersion) as info:
        read_leaf(path)
    assert isinstance(info.value, MalformedFile)
    assert not isinstance(info.value, MalformedLeaf)
    assert info.value.path == path and str(path) in str(info.value)


def test_missing_schema_version_means_one() -> None:
    head = header()
    del head["schema_version"]
    assert parse_leaf(render_leaf(head, "x")).text == "x"


def test_real_ihmt_leaf_parses_and_round_trips(tmp_path: Path) -> None:
    assert FIXTURE_LEAVES.exists(), f"missing fixture {FIXTURE_LEAVES}"
    copied = tmp_path / "layer_0"
    shutil.copytree(FIXTURE_LEAVES, copied)
    paths = sorted(copied.rglob("*.txt"))
    assert len(paths) == 30
    for path in paths:
        leaf = read_leaf(path)
        assert leaf.leaf_id == path.stem
        assert leaf.domain == path.parent.name
        assert leaf.get("schema_version") == 1
        raw = path.read_text(encoding="utf-8")
        # Our renderer reproduces IHMT's bytes exactly (same field order, indent, no escaping).
        assert render_leaf(leaf.header, leaf.text) == raw
    code = read_leaf(copied / "software.python" / "L-software.python-0000-4db1a49193.txt")
    assert code.get("data_type") == "CODE"
    assert code.get("span") == {"start_line": 1, "end_line": 99}
    assert code.text.startswith('"""Pricing engine')
    assert json.loads(json.dumps(code.get("extra")))["chunker"] == "code"
