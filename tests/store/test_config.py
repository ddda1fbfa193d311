"""Settings: IHMT's defaults, IHMT's file loads and keeps its extra keys, env overrides, errors."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from store.config import Settings, load_settings, settings_from, with_overrides, write_settings
from store.errors import ConfigError, IhmtError
from tests.fixture_paths import IHMT_STORE_FIXTURE

FIXTURE_CONFIG = IHMT_STORE_FIXTURE / "ihmt_memory" / "ihmt.config.json"

IHMT_DEFAULTS = {
    "branch_factor": 8, "target_tokens": 2000, "max_tokens": 3000, "min_tokens": 120,
    "beam_width": 3, "confidence_threshold": 0.45, "ambiguity_margin": 0.18,
    "excerpt_chars": 320, "summarizer_backend": "heuristic",
    "summarizer_model": "claude-sonnet-5",
}
UNUSED_IHMT_KEYS = {"max_clue_rounds": 3, "code_chunk_mode": "pack"}
"""IHMT settings nothing here reads: kept in ``extra`` so a rewrite of the file keeps them."""


def test_defaults_are_ihmts() -> None:
    settings = Settings().validate()
    for key, value in IHMT_DEFAULTS.items():
        assert getattr(settings, key) == value, key
        assert type(getattr(settings, key)) is type(value), key


def test_missing_file_means_defaults(tmp_path: Path) -> None:
    assert load_settings(tmp_path / "none.json", env={}) == Settings()


@pytest.fixture
def ihmt_config(tmp_path: Path) -> Path:
    assert FIXTURE_CONFIG.exists(), f"missing fixture {FIXTURE_CONFIG}"
    copy = tmp_path / "ihmt.config.json"
    shutil.copy(FIXTURE_CONFIG, copy)
    return copy


def test_ihmt_config_loads_and_keeps_unknown_keys(ihmt_config: Path) -> None:
    original = json.loads(ihmt_config.read_text(encoding="utf-8"))
    settings = load_settings(ihmt_config, env={})
    for key, value in IHMT_DEFAULTS.items():
        assert getattr(settings, key) == original.get(key, value)
    assert settings.extra == {key: original[key] for key in UNUSED_IHMT_KEYS}
    assert not any(hasattr(settings, key) for key in UNUSED_IHMT_KEYS)
    write_settings(ihmt_config, with_overrides(settings, beam_width=4))
    rewritten = json.loads(ihmt_config.read_text(encoding="utf-8"))
    assert {key: rewritten[key] for key in UNUSED_IHMT_KEYS} == UNUSED_IHMT_KEYS
    assert rewritten["beam_width"] == 4
    for key, value in original.items():
        if key != "beam_width":
            assert rewritten[key] == value, key
    assert load_settings(ihmt_config, env={}).beam_width == 4


def test_env_overrides_file(ihmt_config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("IHMT_BRANCH_FACTOR", "5")
    assert load_settings(ihmt_config).branch_factor == 5
    assert load_settings(ihmt_config, env={"IHMT_CONFIDENCE_THRESHOLD": "0.6"}) \
        .confidence_threshold == 0.6
    monkeypatch.setenv("IHMT_BRANCH_FACTOR", "many")
    with pytest.raises(ConfigError) as info:
        load_settings(ihmt_config)
    assert info.value.key == "branch_factor"


@pytest.mark.parametrize(("values", "key"), [
    ({"branch_factor": 1}, "branch_factor"),
    ({"branch_factor": 0}, "branch_factor"),
    ({"target_tokens": 3500, "max_tokens": 3000}, "target_tokens"),
    ({"target_tokens": 0}, "target_tokens"),
    ({"beam_width": 0}, "beam_width"),
    ({"confidence_threshold": 1.2}, "confidence_threshold"),
    ({"confidence_threshold": -0.01}, "confidence_threshold"),
    ({"ambiguity_margin": 1.5}, "ambiguity_margin"),
    ({"ambiguity_margin": -1}, "ambiguity_margin"),
    ({"confidence_threshold": "nan"}, "confidence_threshold"),
    ({"min_tokens": 5000}, "min_tokens"),
    ({"summarizer_backend": "openai"}, "summarizer_backend"),
    ({"summarizer_model": " "}, "summarizer_model"),
    ({"branch_factor": 2.5}, "branch_factor"),
    ({"branch_factor": True}, "branch_factor"),
    ({"beam_width": "three"}, "beam_width"),
    ({"summarizer_backend": 3}, "summarizer_backend"),
    ({"schema_version": 2}, "schema_version"),
])
def test_invalid_settings_name_the_key(values: dict[str, object], key: str) -> None:
    with pytest.raises(ConfigError) as info:
        settings_from(values, env={})
    assert isinstance(info.value, IhmtError)
    assert info.value.key == key
    assert f"'{key}'" in str(info.value)


def test_invalid_env_value_names_the_key() -> None:
    with pytest.raises(ConfigError) as info:
        settings_from({}, env={"IHMT_BEAM_WIDTH": "0"})
    assert info.value.key == "beam_width"


def test_broken_config_file_is_a_config_error(tmp_path: Path) -> None:
    path = tmp_path / "ihmt.config.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError) as info:
        load_settings(path, env={})
    assert str(path) in str(info.value)
    path.write_text("[8]", encoding="utf-8")
    with pytest.raises(ConfigError):
        load_settings(path, env={})
