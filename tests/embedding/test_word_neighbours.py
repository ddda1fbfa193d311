"""The words close in meaning that the navigation actor swaps into a question."""

from __future__ import annotations

import pytest

from actors.embedding.neighbours import MIN_COSINE, WordNeighbours
from actors.embedding.word_table import WordTable


@pytest.fixture(scope="module")
def neighbours() -> WordNeighbours:
    built = WordNeighbours(WordTable())
    built.build()
    return built


@pytest.mark.parametrize(("word", "near"), [("vehicle", "car"), ("film", "movie"),
                                            ("purchase", "buy"), ("pet", "dog")])
def test_a_word_has_its_synonyms_and_kin(neighbours: WordNeighbours, word: str,
                                         near: str) -> None:
    found = dict(neighbours.of([word])[word])
    assert near in found and found[near] >= MIN_COSINE


def test_neighbours_are_whole_words_closest_first_above_the_floor(
        neighbours: WordNeighbours) -> None:
    found = neighbours.of(["Film"])["film"]  # any case, accent-folded keys
    assert found and all(word.isalpha() and word.islower() for word, _ in found)
    cosines = [cosine for _, cosine in found]
    assert cosines == sorted(cosines, reverse=True) and min(cosines) >= MIN_COSINE
    assert "teacher" not in dict(neighbours.of(["tea"])["tea"])  # a look-alike below the floor


def test_words_are_looked_up_accent_folded(neighbours: WordNeighbours) -> None:
    assert "film" in dict(neighbours.of(["Película"])["pelicula"])


def test_a_word_the_table_splits_or_lacks_has_none(neighbours: WordNeighbours) -> None:
    found = neighbours.of(["headphones", "the", "zzqxv", "vehicle"])
    assert found["headphones"] == found["the"] == found["zzqxv"] == ()  # 3 tokens, stop word
    assert found["vehicle"]


def test_nothing_is_near_until_the_table_is_built() -> None:
    fresh = WordNeighbours(WordTable())
    assert not fresh.built and fresh.of(["vehicle"]) == {"vehicle": ()}
    fresh.build()
    assert fresh.built and fresh.of(["vehicle"])["vehicle"]


def test_a_word_is_known_with_a_possessive_or_plural_ending() -> None:
    from actors.embedding.neighbours import WordNeighbours
    from actors.embedding.word_table import WordTable
    words = WordNeighbours(WordTable())
    words.build()
    assert words.knows("sister") and words.knows("sister's") and words.knows("sisters")
    assert not words.knows("kazuvor") and not words.knows("kazuvor's")


def test_the_vocabulary_is_the_tokenizer_library_s_own() -> None:
    """Read as JSON (the library held ~20 MB per server): the same tokens and rows."""
    from tokenizers import Tokenizer

    from actors.embedding.word_table import TOKENIZER, _package_dir

    table, vocabulary = WordTable().read()
    library = Tokenizer.from_file(str(_package_dir().joinpath(*TOKENIZER))).get_vocab()
    assert vocabulary == library and table.shape[0] == len(vocabulary)


def test_building_the_neighbours_keeps_neither_the_table_nor_the_tokenizer() -> None:
    import subprocess
    import sys

    probe = ("import gc, sys\n"
             "from actors.embedding.neighbours import WordNeighbours\n"
             "from actors.embedding.word_table import WordTable\n"
             "words = WordNeighbours(WordTable()); words.build(); gc.collect()\n"
             "maps = open('/proc/self/maps').read()\n"
             "print('tokenizers' in sys.modules, 'l2_supercat_256' in maps,"
             " bool(words.of(['vehicle'])['vehicle']))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out == ["False", "False", "True"]
