"""Which files of a project are indexed, and what kind each one is (source, test, legacy).

The walk prunes VCS, dependency, build, IDE and hidden directories before descending (so a
``node_modules`` with 100,000 files costs nothing), stays on the root's file system, skips
files over 256 KiB and stops at 5,000 files, in sorted order so every process sees the same
set. The path classifiers are pure functions. This module only lists and stats the user's
files; it never opens or writes one.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from actors.ingest.languages import EXTENSIONS
from actors.lazy_re import lazy_regex

MAX_FILE_BYTES = 256 * 1024
MAX_FILES = 5000

SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", ".bzr", "node_modules", "bower_components", "jspm_packages",
    "target", "build", "dist", "__pycache__", ".venv", "venv", "vendor", ".idea",
    ".vscode", ".gradle", ".mvn", ".next", ".nuxt", ".svelte-kit", "coverage", ".tox",
    ".nox", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".cache", ".eggs", "site-packages",
    "ihmt_memory", "ihmt_projects", "Pods", "DerivedData", ".terraform",
})
"""Never descended into, at any depth (a directory whose name starts with "." neither)."""
SKIP_DIR_SUFFIXES = (".egg-info", ".dist-info")
SKIP_AT_ROOT = frozenset({"out", "bin", "obj", "env", "tmp", "logs"})
"""Build or scratch output at the root, but legitimate package names deeper down."""

TEXT_SUFFIXES = frozenset({
    ".md", ".rst", ".txt", ".adoc", ".sql", ".xml", ".yml", ".yaml", ".toml", ".ini", ".cfg",
    ".conf", ".properties", ".gradle", ".json", ".html", ".htm", ".css", ".scss", ".less",
    ".sh", ".bash", ".zsh", ".ps1", ".rb", ".lua", ".pl", ".r", ".dart", ".ex", ".exs",
    ".groovy", ".vue", ".svelte", ".proto", ".graphql", ".tf", ".env.example",
})
TEXT_NAMES = frozenset({"Makefile", "Dockerfile", "Jenkinsfile", "Rakefile", "Gemfile",
                        "CMakeLists.txt", "Procfile"})
SKIP_NAMES = frozenset({"package-lock.json", "yarn.lock", "pnpm-lock.yaml", "poetry.lock",
                        "Cargo.lock", "composer.lock", "Gemfile.lock", "go.sum"})

TEST_DIRS = frozenset({"test", "tests", "__tests__", "__test__", "spec", "specs", "testing",
                       "e2e", "androidtest", "integrationtest", "testdata", "fixtures"})
_TEST_FILE = lazy_regex(
    r"^(?:test_.*\.py|.*_test\.(?:py|go|rs|c|cc|cpp|rb|exs)|conftest\.py|"
    r".*(?:Test|Tests|IT|Spec|Specs|TestCase)\.(?:java|kt|kts|scala|groovy|cs|swift|php)|"
    r".*\.(?:test|spec)\.(?:[cm]?[jt]sx?)|.*_spec\.rb)$"
)
LEGACY_DIRS = frozenset({"v1", "deprecated", "legacy", "old", "compat", "obsolete", "archive"})


@dataclass(frozen=True)
class FoundFile:
    """One indexable file, as the walk saw it."""

    rel: str
    """Path relative to the project root, "/"-separated."""
    path: Path
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class Scan:
    files: tuple[FoundFile, ...]
    too_large: int
    truncated: bool


def language_of(rel: str) -> str | None:
    """Programming language by extension, or None for a text file."""
    return EXTENSIONS.get(PurePosixPath(rel).suffix.lower())


def is_indexable(name: str) -> bool:
    if name in SKIP_NAMES or name.startswith("."):
        return False
    if name in TEXT_NAMES:
        return True
    suffix = PurePosixPath(name).suffix.lower()
    return suffix in EXTENSIONS or suffix in TEXT_SUFFIXES


def is_test_path(rel: str) -> bool:
    """Whether a project path holds tests (by directory or by file name convention)."""
    parts = PurePosixPath(rel).parts
    if any(p.lower() in TEST_DIRS for p in parts[:-1]):
        return True
    return bool(_TEST_FILE.match(parts[-1])) if parts else False


def is_legacy_path(rel: str) -> bool:
    """Whether a path is a legacy or compatibility copy (v1/, deprecated/, legacy/, old/ ...)."""
    return any(p.lower() in LEGACY_DIRS for p in PurePosixPath(rel).parts[:-1])


def _skip_dir(name: str, at_root: bool) -> bool:
    return (name.startswith(".") or name in SKIP_DIRS or name.endswith(SKIP_DIR_SUFFIXES)
            or (at_root and name in SKIP_AT_ROOT))


def scan_project(root: Path, *, max_files: int = MAX_FILES,
                 max_bytes: int = MAX_FILE_BYTES) -> Scan:
    """Every indexable file under ``root`` in sorted order, stat'ed once (no symlinks), on
    ``root``'s own file system (as ``find -xdev``: a mount inside the tree, such as /proc or
    a network share, is not the project's)."""
    found: list[FoundFile] = []
    too_large = 0
    try:
        device = root.stat().st_dev
    except OSError:
        device = None

    def walk(directory: Path, rel: str) -> bool:
        nonlocal too_large
        try:
            with os.scandir(directory) as it:
                items = sorted(it, key=lambda e: e.name)
        except OSError:
            return True
        subdirs: list[os.DirEntry[str]] = []
        for entry in items:
            try:
                if entry.is_symlink():
                    continue
                if entry.is_dir(follow_symlinks=False):
                    if not _skip_dir(entry.name, not rel) and (
                            device is None
                            or entry.stat(follow_symlinks=False).st_dev == device):
                        subdirs.append(entry)
                    continue
                if not is_indexable(entry.name):
                    continue
                info = entry.stat(follow_symlinks=False)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            if info.st_size > max_bytes:
                too_large += 1
                continue
            if len(found) >= max_files:
                return False
            found.append(FoundFile(f"{rel}{entry.name}", Path(entry.path), info.st_size,
                                   info.st_mtime_ns))
        for sub in subdirs:
            if not walk(Path(sub.path), f"{rel}{sub.name}/"):
                return False
        return True

    complete = walk(root, "")
    return Scan(files=tuple(found), too_large=too_large, truncated=not complete)
