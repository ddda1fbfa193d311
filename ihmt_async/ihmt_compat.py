"""Finding the memory of an IHMT user who switched to ihmt-async without setting IHMT_HOME.

IHMT kept its store in ``$IHMT_HOME`` or, unset, in ``~/.ihmt`` (or its checkout folder).
ihmt-async's default is the user's data directory, so such a user would start with an empty
memory. When IHMT_HOME is unset, our default store is empty and an IHMT store sits in
``~/.ihmt`` (or in the directory the server was started in), the server says so in its log,
naming the IHMT_HOME to set.
It only points; it never moves or opens the other store.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from store.paths import STORE_DIRNAME, StoreLayout


def _has_memories(root: Path) -> bool:
    leaves = StoreLayout(root).leaves_dir
    return leaves.is_dir() and any(leaves.rglob("*.txt"))


def ihmt_store_hint(home: str | None, env: Mapping[str, str] | None = None,
                    user_home: Path | None = None, cwd: Path | None = None) -> Path | None:
    """The IHMT store to point at (``~/.ihmt``, else an IHMT checkout we were started in), or
    None when there is nothing to say."""
    environment = os.environ if env is None else env
    if home or environment.get("IHMT_HOME"):
        return None
    if _has_memories(StoreLayout.at_home(None).root):
        return None
    for legacy in ((user_home or Path.home()) / ".ihmt", cwd or Path.cwd()):
        if _has_memories(legacy / STORE_DIRNAME):
            return legacy
    return None
