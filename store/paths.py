"""Where everything lives on disk, and which names are safe there.

This is the only module that spells out the store's directory layout; everything else asks it
for paths. It must never create files (``StoreLayout.ensure`` only creates directories).
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from store.atomic import ensure_private_dir
from store.errors import InvalidDomain

STORE_DIRNAME = "ihmt_memory"
_DOMAIN_PART = re.compile(r"^[a-z0-9][a-z0-9_-]{0,62}$")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$")


def default_home() -> Path:
    """``$IHMT_HOME``, else the user's data directory: never the current directory."""
    env = os.environ.get("IHMT_HOME")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "ihmt"


def default_cache_dir() -> Path:
    """This machine's (this user's) cache of derived files, shared by every store and process:
    ``$IHMT_ASYNC_CACHE``, else ``$XDG_CACHE_HOME/ihmt-async``, else ``~/.cache/ihmt-async``.
    Nothing there is a memory: deleting the folder costs only a rebuild."""
    env = os.environ.get("IHMT_ASYNC_CACHE")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_CACHE_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".cache"
    return base / "ihmt-async"


def normalize_domain(domain: str) -> str:
    """Lower-case a dotted domain and refuse anything that could escape ``layer_0/``."""
    if not isinstance(domain, str):
        raise InvalidDomain(repr(domain), "it must be text")
    raw = domain.strip()
    if not raw:
        raise InvalidDomain(domain, "it is empty")
    if "/" in raw or "\\" in raw or raw.startswith("~") or os.path.isabs(raw):
        raise InvalidDomain(domain, "it contains a path separator or is an absolute path")
    if ".." in raw:
        raise InvalidDomain(domain, "it contains '..'")
    value = raw.lower().replace(" ", "_")
    parts = value.split(".")
    for part in parts:
        if not _DOMAIN_PART.match(part):
            raise InvalidDomain(
                domain, "each dotted part must be 1-63 letters, digits, '_' or '-'"
            )
    if len(parts) > 6:
        raise InvalidDomain(domain, "it has more than 6 dotted parts")
    return value


def is_safe_id(node_id: str) -> bool:
    """Ids become file names: letters, digits, '.', '_' and '-' only."""
    return bool(_ID.match(node_id)) and ".." not in node_id


_REAL_ROOTS: dict[Path, Path] = {}


def _real_root(root: Path) -> Path:
    """``root.resolve()``, remembered once it exists (every leaf read checks against it)."""
    real = _REAL_ROOTS.get(root)
    if real is None:
        real = root.resolve()
        if root.exists():
            _REAL_ROOTS[root] = real
    return real


def _under_real_root(real_root: Path, relpath: str) -> Path | None:
    """``real_root / relpath`` when that is already its real path: every component a plain
    name that exists and is no symbolic link (one ``lstat`` each; ``Path.resolve`` also
    looks at each of the root's own components, ~100 us a leaf read, most of a search's
    first read of a memory). None when the full resolution is needed: a link, "..", ".",
    an absolute path, or a component that is missing or cannot be looked at."""
    parts = relpath.split("/")
    if os.path.isabs(relpath) or any(part in ("", ".", "..") for part in parts):
        return None
    path = str(real_root)
    for part in parts:
        path = f"{path}/{part}"
        try:
            if stat.S_ISLNK(os.lstat(path).st_mode):
                return None
        except OSError:
            return None
    return Path(path)


@dataclass(frozen=True)
class StoreLayout:
    """The paths of one store (``$IHMT_HOME/ihmt_memory``)."""

    root: Path

    @classmethod
    def at_home(cls, home: Path | str | None = None) -> StoreLayout:
        base = Path(home).expanduser() if home is not None else default_home()
        return cls(base / STORE_DIRNAME)

    @property
    def home(self) -> Path:
        return self.root.parent

    @property
    def config(self) -> Path:
        return self.root / "ihmt.config.json"

    @property
    def leaves_dir(self) -> Path:
        return self.root / "layer_0"

    def leaf_dir(self, domain: str) -> Path:
        return self.leaves_dir / normalize_domain(domain)

    def leaf_path(self, domain: str, leaf_id: str) -> Path:
        return self.leaf_dir(domain) / f"{leaf_id}.txt"

    def leaf_relpath(self, domain: str, leaf_id: str) -> str:
        return f"layer_0/{normalize_domain(domain)}/{leaf_id}.txt"

    @property
    def layers_dir(self) -> Path:
        return self.root / "layers"

    def branch_path(self, layer: int, node_id: str) -> Path:
        return self.layers_dir / str(layer) / f"{node_id}.json"

    def branch_relpath(self, layer: int, node_id: str) -> str:
        return f"layers/{layer}/{node_id}.json"

    @property
    def root_file(self) -> Path:
        return self.root / "root.json"

    @property
    def state_dir(self) -> Path:
        return self.root / "state"

    @property
    def database(self) -> Path:
        return self.state_dir / "ihmt.sqlite3"

    @property
    def events_file(self) -> Path:
        """The event file (``store.events``): outside ``state/`` so a rebuild can replay it."""
        return self.root / "events.jsonl"

    # Files of earlier versions, read once by the migration (``store.migrate``).
    @property
    def legacy_catalog(self) -> Path:
        return self.state_dir / "catalog.json"

    @property
    def legacy_catalog_journal(self) -> Path:
        return self.state_dir / "catalog.journal.jsonl"

    @property
    def legacy_facts(self) -> Path:
        return self.state_dir / "facts.json"

    @property
    def legacy_facts_journal(self) -> Path:
        return self.state_dir / "facts.journal.jsonl"

    @property
    def legacy_audit(self) -> Path:
        return self.state_dir / "audit.jsonl"

    @property
    def locks_dir(self) -> Path:
        return self.state_dir / "locks"

    def lock_file(self, name: str) -> Path:
        return self.locks_dir / f"{name}.lock"

    @property
    def logs_dir(self) -> Path:
        return self.root / "logs"

    @property
    def log_file(self) -> Path:
        return self.logs_dir / "ihmt.jsonl"

    def resolve(self, relpath: str) -> Path:
        """A path recorded in the catalog, refusing anything outside the store."""
        real_root = _real_root(self.root)
        candidate = _under_real_root(real_root, relpath) or (self.root / relpath).resolve()
        if not candidate.is_relative_to(real_root):
            raise InvalidDomain(relpath, "it points outside the store")
        return candidate

    def ensure(self) -> None:
        """Create the store's directories (0700): only ever on the first write."""
        for directory in (self.leaves_dir, self.layers_dir, self.state_dir, self.locks_dir,
                          self.logs_dir):
            ensure_private_dir(directory)
