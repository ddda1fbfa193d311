"""The WordLlama tokenizer's vocabulary is decoded alone, not with the file's merges: the same
token -> row object as decoding the whole file, for the word neighbours and the facts' common
words; a file laid out otherwise is decoded whole."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from actors.embedding import word_table
from actors.embedding.word_table import TOKENIZER, tokenizer_vocabulary, vocabulary_of
from actors.facts import common_words
from store.errors import ConfigError


def _wheel_file() -> Path:
    return word_table._package_dir().joinpath(*TOKENIZER)


def test_the_wheels_vocabulary_is_the_whole_files(monkeypatch: pytest.MonkeyPatch) -> None:
    path = _wheel_file()
    data = path.read_bytes()
    whole = json.loads(data)["model"]["vocab"]
    decoded: list[int] = []
    real = json.loads

    def counting(text: Any, **kw: Any) -> Any:
        decoded.append(len(text))
        return real(text, **kw)

    monkeypatch.setattr(json, "loads", counting)
    got = tokenizer_vocabulary()
    assert got == whole and list(got) == list(whole)  # the same rows in the same order
    assert decoded and max(decoded) < len(data) // 2  # the merges were not decoded


def test_common_words_read_the_vocabulary_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    size = len(_wheel_file().read_bytes())
    decoded: list[int] = []
    real = json.loads

    def counting(text: Any, **kw: Any) -> Any:
        decoded.append(len(text))
        return real(text, **kw)

    common_words._vocabulary.cache_clear()
    monkeypatch.setattr(json, "loads", counting)
    try:
        assert common_words.is_common_word("Importante")
        assert not common_words.is_common_word("Noelia")
        assert decoded and max(decoded) < size // 2
    finally:
        common_words._vocabulary.cache_clear()


def _file(model: dict[str, Any], **top: Any) -> bytes:
    return json.dumps({"version": "1.0", **top, "model": model}, indent=2).encode()


@pytest.mark.parametrize("model", [
    {"type": "BPE", "vocab": {"▁a": 0, "b": 1}, "merges": [["a", "b"]]},
    {"type": "BPE", "merges": [["a", "b"]], "vocab": {"▁a": 0, "b": 1}},  # merges first
    {"type": "BPE", "vocab": {"▁a": 0, "b": 1}},  # no merges
    {"type": "BPE", "vocab": {"▁a": 0, "merges": 1, "}": 2}, "merges": [["a", "b"]]},
    {"type": "BPE", "vocab": {"▁a": 0, '"merges"': 1}, "merges": []},
])
def test_any_layout_gives_the_vocab_object(model: dict[str, Any]) -> None:
    data = _file(model, added_tokens=[{"content": "vocab"}])
    assert vocabulary_of(data) == model["vocab"]
    assert list(vocabulary_of(data)) == list(model["vocab"])
    compact = json.dumps({"model": model}, separators=(",", ":")).encode()
    assert vocabulary_of(compact) == model["vocab"]


def test_a_file_without_a_vocabulary_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "tokenizer.json"
    path.write_bytes(_file({"type": "BPE", "vocab": [1, 2]}))
    with pytest.raises(ConfigError, match="has no vocabulary"):
        tokenizer_vocabulary(path)
    path.write_bytes(b'{"model": {"vocab": {"a": 0,')
    with pytest.raises(ConfigError, match="unreadable tokenizer file"):
        tokenizer_vocabulary(path)
