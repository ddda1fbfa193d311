"""Where the command line and the server look for the store, and what they do when it is not
there: the policy at the edge for a wrong ``IHMT_HOME`` / ``--home``.

- a home that is a file, that holds an ``ihmt_memory`` that is not a folder, or that is
  itself an ``ihmt_memory`` store folder (the common slip:
  ``IHMT_HOME=~/.local/share/ihmt/ihmt_memory``), is refused by every command with one line
  naming the path and what to set instead;
- commands that only read (``search``, ``stats``, ``history``, ``doctor`` ...) never create a
  store: with no store at the path they fail with one line naming it (on stderr: a missing
  store is a wrong path, not a damaged store for ``doctor`` to list among its problems);
- ``init``, ``save``, ``ingest`` and ``serve`` may create it (``serve`` only on its first save).
Pure checks of the file system; never creates or writes anything.
"""

from __future__ import annotations

import os
from pathlib import Path

from store.errors import IhmtError, map_os_error
from store.paths import STORE_DIRNAME, StoreLayout

NEEDS_STORE = frozenset({
    "search", "tree", "stats", "history", "conflicts", "review", "audit", "rebuild",
    "consolidate", "forget", "monitor", "export", "doctor",
})
"""Commands that read (or change) an existing store and must never create an empty one."""
STORE_MARKERS = ("state", "layer_0", "ihmt.config.json")
"""Entries only a store folder has: a home holding them is the store folder itself."""


class StorePathError(IhmtError):
    """IHMT_HOME (or --home) does not lead to a usable store; the message names the path."""


def store_not_found(root: Path) -> StorePathError:
    return StorePathError(f"No memory store at {root}; nothing was read or created. Run "
                          "`ihmt-async init` to create one there, or set IHMT_HOME (or --home) "
                          "to the folder that holds your ihmt_memory store.")


def check_home(home: Path) -> None:
    """Refuse a home that can never hold a store (a file, or a store folder itself)."""
    if home.exists() and not home.is_dir():
        raise StorePathError(f"IHMT_HOME {home} is a file, not a directory; set IHMT_HOME (or "
                          "--home) to the folder that holds (or will hold) the ihmt_memory "
                          "store.")
    if not home.is_dir():
        ancestor = next((p for p in home.parents if p.exists()), None)
        if ancestor is not None and not (ancestor.is_dir() and os.access(ancestor, os.W_OK)):
            raise StorePathError(f"IHMT_HOME {home} does not exist and cannot be created "
                                 f"({ancestor} is not a writable directory); set IHMT_HOME (or "
                                 "--home) to a folder you can write to.")
        return
    store = home / STORE_DIRNAME
    if store.is_dir():
        return
    if store.exists() or store.is_symlink():
        raise StorePathError(f"{store} is a file, not the store's folder; nothing was read or "
                             "created. Move it away, or set IHMT_HOME (or --home) to another "
                             "folder.")
    if home.name == STORE_DIRNAME or any((home / marker).exists() for marker in STORE_MARKERS):
        raise StorePathError(f"IHMT_HOME {home} is a memory store folder itself; set IHMT_HOME "
                          f"(or --home) to its parent, {home.parent}.")


def check_for_command(command: str, home: Path) -> StoreLayout:
    """The store layout for ``command``, or a ``StorePathError`` naming the path (a home
    this user may not look into: ``StorePermission``, one line, never a traceback)."""
    try:
        check_home(home)
        layout = StoreLayout.at_home(home)
        if command in NEEDS_STORE and not layout.root.is_dir():
            raise store_not_found(layout.root)
    except PermissionError as exc:
        raise map_os_error(exc, exc.filename or home, reading=True) from None
    return layout
