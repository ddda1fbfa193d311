"""Which live leaves hold a word, read without scoring them (``holders``), and how many,
counted without fetching them (``holding_count``): the names-apart judgement drops a word
held too widely before reading its holders, which is the same judgement only if both are
exactly what ``postings`` lists — the tail's leaves in,
the committed copies the tail replaces or removes out, the copies a later commit deleted out
(tantivy's document frequency still counts those)."""

from __future__ import annotations

from pathlib import Path

from actors.navigation.shared_index import SharedIndex, analyse_fields
from store.fulltext import FulltextIndex, IndexDoc
from store.paths import StoreLayout


def note(doc_id: str, text: str) -> IndexDoc:
    return analyse_fields(doc_id, {"title": "", "keywords": [], "tags": [], "body": text},
                          {"path": doc_id})


def counts(index: SharedIndex, term: str) -> tuple[int, int]:
    listed = set(index.postings(term))
    assert index.holders(term) == listed
    return index.holding_count(term), len(listed)


def test_the_count_is_what_postings_lists(tmp_path: Path) -> None:
    layout = StoreLayout.at_home(tmp_path / "home")
    layout.ensure()
    disk = FulltextIndex(layout)
    disk.commit([note("a1", "quokka jacaranda"), note("a2", "quokka zanzibar"),
                 note("a3", "quokka perth")], [], seq=3)
    disk.reload()
    index = SharedIndex(disk)
    assert counts(index, "quokka") == (3, 3)
    assert counts(index, "nowhere") == (0, 0)

    index.add(note("a4", "quokka cadiz"), seq=4)  # saved since the commit: the tail's
    assert counts(index, "quokka") == (4, 4)
    index.add(note("a2", "zanzibar alone"), seq=5)  # re-saved: its committed copy is hidden
    assert counts(index, "quokka") == (3, 3)
    assert index.doc_freq("quokka") == 4  # the count a caller must not take for this one
    index.discard("a1", seq=6)  # removed
    assert counts(index, "quokka") == (2, 2)
    assert counts(index, "zanzibar") == (1, 1)

    # committed: the old copy of a2 is deleted in tantivy, still in its document frequency
    disk.commit([note("a2", "zanzibar alone"), note("a4", "quokka cadiz")], ["a1"], seq=6)
    index.reload(committed=True)
    assert disk.doc_freq("quokka") > counts(index, "quokka")[0]
    assert counts(index, "quokka") == (2, 2)
    assert counts(index, "jacaranda") == (0, 0)
