"""doctor's catalog check resolves each directory once and each file with one ``lstat``
(``doctor._EntryPaths``): it must judge every entry's path as ``layout.resolve`` and
``exists`` did, symlinks and ``..`` included."""

from __future__ import annotations

from pathlib import Path

import pytest

from store.doctor import _EntryPaths
from store.errors import InputError, StoreError
from store.paths import StoreLayout
from tests.store import link_tree


def judged_as_before(layout: StoreLayout, relpath: str) -> tuple[Path | None, bool]:
    try:
        path = layout.resolve(relpath)
    except (StoreError, InputError):
        return None, False
    return path, path.exists()


@pytest.fixture
def layout(tmp_path: Path) -> StoreLayout:
    lay = StoreLayout(tmp_path / "ihmt_memory")
    link_tree.plant(lay, tmp_path / "outside")
    return lay


@pytest.mark.parametrize("relpath", [
    "layer_0/personal/L-here.txt", "layer_0/personal/L-missing.txt",
    "layer_0/personal/L-link-out.txt", "layer_0/personal/L-link-in.txt",
    "layer_0/personal/L-link-gone.txt", "layer_0/linked_out/secret.txt",
    "layer_0/nodomain/L-x.txt", "layer_0/personal/../personal/L-here.txt",
    "layer_0/../../outside/secret.txt", "layer_0/personal/..", "L-top.txt", "",
    "layer_0/personal/L-here.txt/x",
])
def test_each_entry_path_is_judged_as_resolve_and_exists_did(layout: StoreLayout,
                                                             relpath: str) -> None:
    assert _EntryPaths(layout).of({"path": relpath}) == judged_as_before(layout, relpath)
