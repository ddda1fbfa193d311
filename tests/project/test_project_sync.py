"""The project index in process: resync by size/mtime then checksum, skips, symbol entries."""

from __future__ import annotations

import json
import keyword
import os
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from actors.project.scan import is_legacy_path, is_test_path, scan_project
from actors.project.symbols import file_entries
from actors.project.sync import sync_project
from store.project_store import ProjectStore
from tests.project.project_samples import INDEXED, write_project

OLD_NS = 1_600_000_000 * 10**9


def age(root: Path) -> None:
    """Backdate every file so the racy-mtime guard trusts size and mtime."""
    for path in root.rglob("*"):
        if path.is_file():
            os.utime(path, ns=(OLD_NS, OLD_NS))


def test_resync_reads_only_what_changed(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    files = write_project(root)
    age(root)
    store = ProjectStore(tmp_path / "index")
    first = sync_project(store, root)
    assert sorted(first.manifest["files"]) == sorted(INDEXED)
    assert first.report.added == len(INDEXED) and first.report.cut == len(INDEXED)

    again = sync_project(store, root)
    assert again.report.hashed == 0 and again.report.touched == 0  # not even re-read
    assert again.manifest["generation"] == first.manifest["generation"]

    os.utime(files["readme"], ns=(OLD_NS + 10**9, OLD_NS + 10**9))  # touched, same bytes
    touched = sync_project(store, root)
    assert touched.report.hashed == 1 and touched.report.cut == 0
    assert touched.report.changed == 0

    files["discounts"].write_text(files["discounts"].read_text() + "\n\ndef extra():\n"
                                  "    return 1\n")
    os.utime(files["discounts"], ns=(OLD_NS, OLD_NS))
    edited = sync_project(store, root)
    assert (edited.report.hashed, edited.report.changed, edited.report.cut) == (1, 1, 1)

    old_key = edited.manifest["files"]["web/src/cart.test.ts"]["key"]
    files["cart_test"].unlink()
    removed = sync_project(store, root)
    assert removed.report.removed == 1
    assert "web/src/cart.test.ts" not in removed.manifest["files"]
    assert not store.source_path(old_key).exists()


def test_skips_directories_large_files_and_stops_at_the_cap(tmp_path: Path) -> None:
    root = tmp_path / "p"
    for rel in ("src/app.py", "out/gen.py", "adapter/out/port.py", "build/x.py",
                "dist/y.js", ".venv/lib/z.py", "vendor/v.go", ".idea/w.xml", ".hidden/h.py",
                "pkg/__pycache__/c.py", "lib.egg-info/PKG.txt", "image.png", ".env"):
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")
    (root / "src" / "huge.py").write_text("# " + "x" * (257 * 1024) + "\n")
    found = scan_project(root)
    assert [f.rel for f in found.files] == ["adapter/out/port.py", "src/app.py"]
    assert found.too_large == 1 and not found.truncated
    capped = scan_project(root, max_files=1)
    assert len(capped.files) == 1 and capped.truncated


def test_unreadable_manifest_is_rebuilt(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    write_project(root)
    store = ProjectStore(tmp_path / "index")
    sync_project(store, root)
    store.manifest_path.write_text("{not json", encoding="utf-8")
    rebuilt = sync_project(store, root)
    assert sorted(rebuilt.manifest["files"]) == sorted(INDEXED)
    assert json.loads(store.manifest_path.read_text())["files"]


@pytest.mark.parametrize(("rel", "test", "legacy"), [
    ("src/test/java/a/FooTest.java", True, False),
    ("src/main/java/a/Foo.java", False, False),
    ("tests/test_cart.py", True, False),
    ("pkg/cart_test.go", True, False),
    ("web/src/cart.spec.ts", True, False),
    ("web/src/__tests__/cart.tsx", True, False),
    ("app/contest.py", False, False),
    ("api/v1/handlers.py", False, True),
    ("src/deprecated/Old.java", False, True),
    ("legacy/tests/test_old.py", True, True),
    ("src/oldest/thing.py", False, False),
])
def test_path_classifiers(rel: str, test: bool, legacy: bool) -> None:
    assert is_test_path(rel) is test
    assert is_legacy_path(rel) is legacy


KEYWORDS = frozenset(keyword.kwlist) | frozenset(
    """abstract assert boolean break byte case catch char class const continue default do double
    else enum extends final finally float for goto if implements import instanceof int
    interface long native new package private protected public return short static strictfp
    super switch synchronized this throw throws transient try void volatile while var record
    yield""".split()
)
"""Names no method can have (a class with a method "def" is not Python)."""
names = st.lists(st.from_regex(r"[a-z][a-z0-9]{2,8}", fullmatch=True)
                 .filter(lambda name: name not in KEYWORDS), min_size=1, max_size=8, unique=True)


@settings(max_examples=40, deadline=None)
@given(names, st.integers(min_value=1, max_value=4))
def test_every_method_is_its_own_entry_with_its_lines(methods: list[str], body: int) -> None:
    py = ["class Ledger:", '    """Libro mayor."""', ""]
    java = ["public class Ledger {"]
    expected_py: dict[str, tuple[int, int]] = {}
    expected_java: dict[str, tuple[int, int]] = {}
    for name in methods:
        start = len(py) + 1
        py += [f"    def {name}(self, x):"] + [f"        x = x + {i}" for i in range(body)]
        py += ["        return x", ""]
        expected_py[f"Ledger.{name}"] = (start, len(py) - 1)
        start = len(java) + 1
        java += [f"    public int {name}(int x) {{"] + [f"        x += {i};" for i in range(body)]
        java += ["        return x;", "    }", ""]
        expected_java[f"Ledger.{name}"] = (start, len(java) - 1)
    java.append("}")
    for text, language, expected in (("\n".join(py) + "\n", "python", expected_py),
                                     ("\n".join(java) + "\n", "java", expected_java)):
        entries = {e.symbol: (e.start, e.end) for e in file_entries(text, language)
                   if e.symbol and "." in e.symbol}
        assert entries == expected, language
        header = next(e for e in file_entries(text, language) if e.kind == "header")
        assert header.symbol == "Ledger"
        assert header.block_end == len(text.rstrip("\n").split("\n")) or language == "python"


def test_a_mount_inside_the_tree_is_not_walked(tmp_path: Path) -> None:
    # as ``find -xdev``: /proc and /sys under "/", a network share or a tmpfs mounted in the
    # tree are not the project's files (a walk of "/" spent 18 s there before indexing)
    if os.geteuid() != 0:
        pytest.skip("mounting a tmpfs needs root")
    write_project(tmp_path / "shop")
    mounted = tmp_path / "shop" / "mnt"
    mounted.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mounted)],
                      capture_output=True).returncode:
        pytest.skip("this machine refuses to mount a tmpfs")
    try:
        (mounted / "elsewhere.py").write_text("def elsewhere():\n    return 1\n")
        (tmp_path / "shop" / "here.py").write_text("def here():\n    return 2\n")
        listed = {found.rel for found in scan_project(tmp_path / "shop").files}
        assert "here.py" in listed and "mnt/elsewhere.py" not in listed
        assert "elsewhere.py" in {f.rel for f in scan_project(mounted).files}  # its own root
    finally:
        subprocess.run(["umount", "-l", str(mounted)], check=True)
