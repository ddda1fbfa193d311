"""The leaf paths a store's catalog may record that ``StoreLayout.resolve`` (and doctor's
batched ``_EntryPaths``) must judge alike: a plain file, symlinks pointing inside the store,
outside it and nowhere, and a domain folder that is itself a link outside."""

from __future__ import annotations

from pathlib import Path

from store.paths import StoreLayout


def plant(layout: StoreLayout, outside: Path) -> None:
    """Lay the tree out under ``layout`` (its ``personal`` domain), with ``outside`` a folder
    beside the store holding ``secret.txt``."""
    domain = layout.leaves_dir / "personal"
    domain.mkdir(parents=True)
    (domain / "L-here.txt").write_text("x")
    outside.mkdir()
    (outside / "secret.txt").write_text("x")
    (domain / "L-link-out.txt").symlink_to(outside / "secret.txt")
    (domain / "L-link-in.txt").symlink_to(domain / "L-here.txt")
    (domain / "L-link-gone.txt").symlink_to(domain / "L-nowhere.txt")
    (layout.leaves_dir / "linked_out").symlink_to(outside)
