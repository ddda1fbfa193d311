"""``StoreLayout.resolve`` looks at only a recorded path's own components, from the store's
real root (``paths._under_real_root``), and judges every path as ``Path.resolve`` did:
symlinks inside and out, "..", missing files, a store reached through a link."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from store.errors import InvalidDomain
from store.paths import StoreLayout
from tests.store import link_tree

RELPATHS = [
    "layer_0/personal/L-here.txt", "layer_0/personal/L-missing.txt",
    "layer_0/personal/L-link-out.txt", "layer_0/personal/L-link-in.txt",
    "layer_0/personal/L-link-gone.txt", "layer_0/linked_out/secret.txt",
    "layer_0/nodomain/L-x.txt", "layer_0/personal/../personal/L-here.txt",
    "layer_0/../../outside/secret.txt", "layer_0/personal/..", "layer_0/./personal/L-here.txt",
    "layer_0//personal/L-here.txt", "L-top.txt", "", "layer_0/personal/L-here.txt/x",
]


@pytest.fixture
def layout(tmp_path: Path) -> StoreLayout:
    real = tmp_path / "real_home"
    link_tree.plant(StoreLayout(real / "ihmt_memory"), tmp_path / "outside")
    (tmp_path / "home").symlink_to(real)  # the store reached through a link
    return StoreLayout(tmp_path / "home" / "ihmt_memory")


def resolved_as_before(layout: StoreLayout, relpath: str) -> Path | None:
    candidate = (layout.root / relpath).resolve()
    return candidate if candidate.is_relative_to(layout.root.resolve()) else None


def resolved(layout: StoreLayout, relpath: str) -> Path | None:
    try:
        return layout.resolve(relpath)
    except InvalidDomain:
        return None


@pytest.mark.parametrize("relpath", RELPATHS)
def test_a_recorded_path_resolves_as_path_resolve_did(layout: StoreLayout,
                                                      relpath: str) -> None:
    assert resolved(layout, relpath) == resolved_as_before(layout, relpath)


def test_a_leaf_path_looks_at_only_its_own_components(layout: StoreLayout,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    layout.resolve("layer_0/personal/L-here.txt")  # the root's real path, once per process
    expected = (layout.root / "layer_0/personal/L-here.txt").resolve()
    looked: list[str] = []
    lstat = os.lstat

    def counted(path: str | os.PathLike[str], *args: object, **kwargs: object) -> os.stat_result:
        looked.append(os.fspath(path))
        return lstat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "lstat", counted)
    found = layout.resolve("layer_0/personal/L-here.txt")
    assert len(looked) == 3, looked
    assert found == expected
