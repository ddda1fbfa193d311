"""The counts a handle on the shared full-text index keeps per searcher (document frequencies,
terms by prefix) are those of the searcher it reads: a commit by another handle (another
process) is seen in them once the handle reloads, never hidden behind what it kept."""

from __future__ import annotations

from pathlib import Path

from actors.navigation.shared_index import analyse_fields
from store.fulltext import FulltextIndex
from store.paths import StoreLayout


def note(doc_id: str, text: str) -> object:
    return analyse_fields(doc_id, {"title": "", "keywords": [], "tags": [], "body": text},
                          {"path": doc_id})


def test_counts_kept_by_a_reader_follow_another_handles_commit(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path / "home")
    layout.ensure()
    writer = FulltextIndex(layout)
    writer.commit([note("a1", "quokka jacaranda")], [], seq=1)
    reader = FulltextIndex(layout)
    assert reader.doc_freq("quokka") == 1
    assert reader.doc_freq("quokka") == 1  # asked again: kept
    assert reader.doc_freq("zanzibar") == 0
    assert dict(reader.terms_with_prefix("quo", 10)) == {"quokka": 1}

    writer.commit([note("a2", "quokka zanzibar"), note("a3", "quorum zanzibar")], [], seq=2)
    assert reader.doc_freq("quokka") == 1  # its searcher is still the one before the commit
    assert reader.reload()
    assert reader.doc_freq("quokka") == 2
    assert reader.doc_freq("zanzibar") == 2
    assert reader.doc_freq("quorum") == 1
    assert dict(reader.terms_with_prefix("quo", 10)) == {"quokka": 2, "quorum": 1}


def test_a_prefix_listing_handed_out_is_the_callers_own(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path / "home")
    layout.ensure()
    index = FulltextIndex(layout)
    index.commit([note("a1", "quokka quorum")], [], seq=1)
    index.reload()
    first = index.terms_with_prefix("quo", 10)
    first.clear()
    assert dict(index.terms_with_prefix("quo", 10)) == {"quokka": 1, "quorum": 1}
