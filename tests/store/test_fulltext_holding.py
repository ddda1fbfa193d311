"""Which query terms a stored document holds (``StoredDoc.holding``): the same answer for a
query's terms as a tuple (their padded probes kept across hits) and as any other iterable,
whole terms only."""

from __future__ import annotations

from store.fulltext import StoredDoc


def test_a_tuple_of_terms_and_a_list_get_the_same_answer() -> None:
    doc = StoredDoc("L-1", "postgres postgres databas port 5432 integr test", b"")
    asked = ("postgres", "port", "test", "tes", "sql", "databas port")
    assert doc.holding(asked) == frozenset({"postgres", "port", "test", "databas port"})
    assert doc.holding(list(asked)) == doc.holding(asked)
    assert doc.holding(("5432",)) == frozenset({"5432"})
    assert doc.holding(("543",)) == frozenset()  # a part of a term is not the term
    assert doc.holding(()) == frozenset()
