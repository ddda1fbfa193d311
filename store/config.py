"""Settings: IHMT's ``ihmt.config.json`` keys and defaults plus ours, validated on load.

Precedence: defaults < the store's ``ihmt.config.json`` < ``IHMT_<KEY>`` environment variables.
Unknown keys in the file are kept (IHMT writes two we do not use: ``max_clue_rounds``, since
each clue round here is one stateless search call the agent makes, and ``code_chunk_mode``,
since the session's project index already keeps one entry per symbol) so that rewriting the
file never loses them. An invalid value is a ``ConfigError`` naming the key.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from store.atomic import write_json_atomic
from store.errors import ConfigError, map_os_error

SECRETS_MODES = ("redact", "refuse")
SUMMARIZER_BACKENDS = ("heuristic", "anthropic")


@dataclass(frozen=True)
class Settings:
    """Every tunable of one store."""

    # IHMT's settings, same names and defaults.
    branch_factor: int = 8
    target_tokens: int = 2000
    max_tokens: int = 3000
    min_tokens: int = 120
    beam_width: int = 3
    confidence_threshold: float = 0.45
    ambiguity_margin: float = 0.18
    excerpt_chars: int = 320
    summarizer_backend: str = "heuristic"
    """"anthropic" sends child titles and excerpts to the Messages API (ANTHROPIC_API_KEY)."""
    summarizer_model: str = "claude-sonnet-5"
    schema_version: int = 1
    # Ours.
    lock_timeout_s: float = 10.0
    inbox_size: int = 16
    request_timeout_s: float = 60.0
    consolidation_quiet_s: float = 2.0
    consolidation_batch: int = 64
    max_content_bytes: int = 1_000_000
    max_query_chars: int = 2_000
    secrets_mode: str = "redact"
    log_max_bytes: int = 10_000_000
    log_backups: int = 3
    extra: Mapping[str, Any] = field(default_factory=dict)

    def validate(self) -> Settings:
        def need(ok: bool, key: str, reason: str) -> None:
            if not ok:
                raise ConfigError(key, reason)

        need(self.branch_factor >= 2, "branch_factor", "must be at least 2")
        need(0 < self.target_tokens <= self.max_tokens, "target_tokens",
             "must be positive and at most max_tokens")
        need(0 <= self.min_tokens <= self.target_tokens, "min_tokens",
             "must be between 0 and target_tokens")
        need(self.beam_width >= 1, "beam_width", "must be at least 1")
        for key in ("confidence_threshold", "ambiguity_margin"):
            value = getattr(self, key)
            need(0.0 <= value <= 1.0, key, "must be between 0 and 1")
        need(self.excerpt_chars >= 40, "excerpt_chars", "must be at least 40")
        need(self.summarizer_backend in SUMMARIZER_BACKENDS, "summarizer_backend",
             "must be 'heuristic' or 'anthropic'")
        need(bool(self.summarizer_model.strip()), "summarizer_model", "must not be empty")
        need(self.secrets_mode in SECRETS_MODES, "secrets_mode", "must be 'redact' or 'refuse'")
        need(self.lock_timeout_s > 0, "lock_timeout_s", "must be positive")
        need(self.request_timeout_s > 0, "request_timeout_s", "must be positive")
        need(self.inbox_size >= 1, "inbox_size", "must be at least 1")
        need(self.consolidation_quiet_s >= 0, "consolidation_quiet_s", "must not be negative")
        need(self.consolidation_batch >= 1, "consolidation_batch", "must be at least 1")
        need(self.max_content_bytes >= 1024, "max_content_bytes", "must be at least 1024")
        need(self.max_query_chars >= 16, "max_query_chars", "must be at least 16")
        need(self.schema_version == 1, "schema_version", "only schema_version 1 is known")
        return self

    def to_json(self) -> dict[str, Any]:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "extra"}
        return {**dict(self.extra), **data}


_FIELDS = {f.name: f for f in fields(Settings) if f.name != "extra"}


def _coerce(key: str, value: Any, target: Any) -> Any:
    kind = type(getattr(Settings(), key))
    try:
        if kind is bool:
            if isinstance(value, str):
                return value.strip().lower() in ("1", "true", "yes", "on")
            return bool(value)
        if kind is int:
            if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                raise ValueError(value)
            return int(value)
        if kind is float:
            if isinstance(value, bool):
                raise ValueError(value)
            return float(value)
        if kind is str:
            if not isinstance(value, str):
                raise ValueError(value)
            return value
    except (TypeError, ValueError):
        raise ConfigError(key, f"expected {kind.__name__}, got {value!r}") from None
    return value


def settings_from(values: Mapping[str, Any], env: Mapping[str, str] | None = None) -> Settings:
    """Build validated settings from file values and ``IHMT_*`` environment overrides."""
    known: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    for key, value in values.items():
        if key in _FIELDS:
            known[key] = _coerce(key, value, _FIELDS[key])
        else:
            extra[key] = value
    for key in _FIELDS:
        env_value = (env if env is not None else os.environ).get(f"IHMT_{key.upper()}")
        if env_value is not None:
            known[key] = _coerce(key, env_value, _FIELDS[key])
    return Settings(**known, extra=extra).validate()


def load_settings(config_path: Path, env: Mapping[str, str] | None = None) -> Settings:
    """Read ``ihmt.config.json`` (missing is fine: defaults) and apply overrides.

    A file (or store folder) this user may not read is the store's typed error
    (``StorePermission``, "nothing was read or changed"), not a traceback: it is the first
    file every command and the server touch, so it is where a store owned by someone else
    is met."""
    values: dict[str, Any] = {}
    try:
        text: str | None = config_path.read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        text = None
    except IsADirectoryError as exc:
        raise ConfigError(str(config_path), f"cannot be read as JSON ({exc})") from None
    except OSError as exc:
        raise map_os_error(exc, config_path, reading=True) from None
    except ValueError as exc:  # not UTF-8
        raise ConfigError(str(config_path), f"cannot be read as JSON ({exc})") from None
    if text is not None:
        try:
            loaded = json.loads(text)
        except ValueError as exc:
            raise ConfigError(str(config_path), f"cannot be read as JSON ({exc})") from None
        if not isinstance(loaded, dict):
            raise ConfigError(str(config_path), "must hold a JSON object")
        values = loaded
    return settings_from(values, env)


def write_settings(config_path: Path, settings: Settings) -> None:
    write_json_atomic(config_path, settings.to_json())


def with_overrides(settings: Settings, **changes: Any) -> Settings:
    return dataclasses.replace(settings, **changes).validate()
