"""Which interpreter the agents are given, and the refusal of one that will not last.

``uvx --from /path ihmt-async install codex`` runs from an environment uv builds inside its
cache; registering that interpreter works until ``uv cache clean`` (or uv's pruning) deletes
it, and then the agent's server and hooks fail on every start. An interpreter under a cache
folder (uv's ``UV_CACHE_DIR`` or default cache, or any folder holding the ``CACHEDIR.TAG``
marker uv and other tools write into a cache root) is refused with the command that installs
ihmt-async for good. It must never refuse an uninstall: removing needs no interpreter.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path
from urllib.parse import unquote, urlparse

from ihmt_async.install.errors import EphemeralInstallation


def uv_cache_dirs(env: Mapping[str, str], home: Path) -> list[Path]:
    """Where uv keeps its cache: ``$UV_CACHE_DIR``, ``$XDG_CACHE_HOME/uv``, ``~/.cache/uv``
    (and macOS's ``~/Library/Caches/uv``)."""
    found = [Path(env[name]).expanduser() / suffix for name, suffix in
             (("UV_CACHE_DIR", ""), ("XDG_CACHE_HOME", "uv")) if env.get(name, "").strip()]
    return [*found, home / ".cache" / "uv", home / "Library" / "Caches" / "uv"]


def cache_holding(prefix: Path, env: Mapping[str, str], home: Path) -> Path | None:
    """The cache folder ``prefix`` (an environment's root) lies in, or None."""
    here = prefix.absolute()
    for cache in uv_cache_dirs(env, home):
        if here.is_relative_to(cache.absolute()):
            return cache
    return next((p for p in here.parents if (p / "CACHEDIR.TAG").is_file()), None)


def install_source() -> str | None:
    """The folder this installation was built from (its ``direct_url.json``), if local."""
    try:
        text = metadata.distribution("ihmt-async").read_text("direct_url.json")
        url = str(json.loads(text or "{}").get("url", ""))
    except (metadata.PackageNotFoundError, ValueError, OSError):
        return None
    parsed = urlparse(url)
    return unquote(parsed.path) if parsed.scheme == "file" else (url or None)


def lasting_python(env: Mapping[str, str], home: Path) -> str:
    """This interpreter's absolute path; EphemeralInstallation when it lives in a cache."""
    python = str(Path(sys.executable).absolute())
    cache = cache_holding(Path(sys.prefix), env, home)
    if cache is not None:
        raise EphemeralInstallation(python, str(cache), install_source())
    return python
