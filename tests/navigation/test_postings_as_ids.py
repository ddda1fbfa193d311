"""A word's postings iterated (every holder of a common word: 23,000 of a 50k store's
memories) are read as ids, in ``search``'s order, without keeping a stored document of each:
``search`` fetched, cached and kept all of them at once (~50 MB of one question's peak)."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.query import Query
from actors.navigation.shared_index import SharedIndex, analyse_fields
from store.fulltext import FulltextIndex
from store.paths import StoreLayout


def body(text: str) -> dict[str, object]:
    return {"title": "", "keywords": [], "tags": [], "body": text}


@pytest.fixture
def index(tmp_path: Path) -> SharedIndex:
    layout = StoreLayout.at_home(tmp_path / "home")
    layout.ensure()
    disk = FulltextIndex(layout)
    # scores tie in groups (same length, same count), so the order's ties by id matter
    committed = {f"d{i:03d}": "service " * (1 + i % 3) + f"note{i} " + "filler " * (i % 5)
                 for i in range(150)}
    disk.commit([analyse_fields(i, body(t), {"path": i}) for i, t in committed.items()], [],
                seq=1)
    shared = SharedIndex(disk)
    shared.add(analyse_fields("d007", body("service moved"), {"path": "d007"}), seq=2)
    shared.add(analyse_fields("t001", body("service service new"), {"path": "t001"}), seq=3)
    return shared


def test_postings_are_search_s_holders_in_its_order(index: SharedIndex) -> None:
    term = "servic"
    assert len(index.postings(term)) == 152  # an upper bound: d007 on disk and in the tail
    ranked = [doc for doc, _, _ in index.search(
        Query(text=term, terms=(term,), groups=((term,),)), limit=152)]
    assert len(ranked) == 151
    assert list(index.postings(term)) == ranked
    assert "t001" in ranked and ranked.count("d007") == 1  # the tail's copy, once
    assert index.holders(term) == set(ranked)


def test_postings_read_keep_no_stored_document(index: SharedIndex) -> None:
    term = "servic"
    docs, cached = dict(index.disk._docs), dict(index._cache)  # what adding the tail read
    assert len(list(index.postings(term))) == 151
    assert len(index.holders(term)) == 151
    assert index.disk._docs == docs  # nothing more kept (search keeps each it reads)
    assert index._cache == cached
