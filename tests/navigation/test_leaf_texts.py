"""Leaf texts kept between searches (``actors.navigation.leaf_texts``): a text is read once per
read-model turn, served from memory in later turns while its file is the one read, and read
again when the file was replaced or removed behind the catalog's back, when the read model
forgets it (a catalog change of the leaf), or when it could not be read."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from actors.navigation import leaf_texts
from actors.navigation.leaf_texts import LeafTexts
from store.leaves import write_leaf
from store.paths import StoreLayout


class Reads:
    """Counts the files ``LeafTexts`` reads."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        real = leaf_texts.read_leaf

        def counted(path: Path) -> object:
            self.count += 1
            return real(path)

        monkeypatch.setattr(leaf_texts, "read_leaf", counted)


@pytest.fixture
def layout(tmp_path: Path) -> StoreLayout:
    lay = StoreLayout.at_home(tmp_path / "home")
    lay.ensure()
    return lay


def save(layout: StoreLayout, text: str) -> str:
    return write_leaf(layout, {"leaf_id": "L-general-0000-aaaa", "domain": "general"},
                      text).relpath


def test_a_text_is_read_once_and_served_again_while_its_file_stands(
        layout: StoreLayout, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = Reads(monkeypatch)
    path = save(layout, "The staging cluster is recreated on Sundays.")
    texts = LeafTexts(layout)
    for _ in range(3):
        texts.new_turn()
        assert texts.text("L-general-0000-aaaa", lambda _: path) == \
            "The staging cluster is recreated on Sundays."
        assert texts.text("L-general-0000-aaaa", lambda _: path).startswith("The staging")
    assert reads.count == 1


def test_a_file_replaced_behind_the_catalog_is_read_again_next_turn(
        layout: StoreLayout, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = Reads(monkeypatch)
    path = save(layout, "first text")
    texts = LeafTexts(layout)
    assert texts.text("L-general-0000-aaaa", lambda _: path) == "first text"
    save(layout, "second text")  # write_atomic: a new file renamed in
    assert texts.text("L-general-0000-aaaa", lambda _: path) == "first text"  # same turn
    texts.new_turn()
    assert texts.text("L-general-0000-aaaa", lambda _: path) == "second text"
    os.unlink(layout.resolve(path))
    texts.new_turn()
    assert texts.text("L-general-0000-aaaa", lambda _: path) == ""
    assert reads.count == 3  # first, second, and the try of the removed file


def test_a_forgotten_or_unreadable_text_is_read_again(
        layout: StoreLayout, monkeypatch: pytest.MonkeyPatch) -> None:
    reads = Reads(monkeypatch)
    texts = LeafTexts(layout)
    assert texts.text("L-general-0000-aaaa", lambda _: "layer_0/general/nothing.txt") == ""
    assert texts.text("L-general-0000-aaaa", lambda _: None) == ""  # same turn: not retried
    path = save(layout, "now it exists")
    texts.new_turn()
    assert texts.text("L-general-0000-aaaa", lambda _: path) == "now it exists"
    texts.forget("L-general-0000-aaaa")
    assert texts.text("L-general-0000-aaaa", lambda _: path) == "now it exists"
    assert texts.text("L-unknown", lambda _: None) == ""
    assert reads.count == 3  # the missing file once, the saved one, again after forget


def test_kept_texts_are_bounded_by_their_characters(
        layout: StoreLayout, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(leaf_texts, "TEXT_CACHE_CHARS", 25)
    reads = Reads(monkeypatch)
    texts = LeafTexts(layout)
    paths = {}
    for n in range(3):
        leaf_id = f"L-general-000{n}-bbbb"
        paths[leaf_id] = write_leaf(layout, {"leaf_id": leaf_id, "domain": "general"},
                                    f"memory number {n} text").relpath
        texts.text(leaf_id, paths.__getitem__)
    texts.text("L-general-0000-bbbb", paths.__getitem__)  # 20 characters each: one is kept
    assert reads.count == 4
