"""Which memories a search or a forget may touch, given the scope it asked for.

Scopes keep one project's memories out of another's answers: a memory saved under
``project:billing`` is seen by searches asking for that scope, or for every scope (``"*"``),
and by no other. Global memories (no scope, or ``"user"``, which ``"global"`` names too) are
seen by every search; a call that changes a memory outside its scope is refused in one
sentence (``refusal``). Pure functions of strings; never reads anything.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from actors.text import fold

GLOBAL_SCOPES = ("", "user")
"""Scopes whose memories every search sees."""
GLOBAL_NAMES = ("global",)
"""Other names of the user's global scope, filed as ``"user"``: an agent told "which every
project sees" asks for ``scope="global"``, which was filed as a project named "global"."""
ALL_SCOPES = "*"
"""Asked explicitly, it admits every memory of every scope."""


def scope_key(scope: str) -> str:
    """A scope as it is filed and compared: a bare name is a project's ("billing" is
    "project:billing"), as ``IHMT_PROJECT`` reads it; saved bare, a memory was found only by
    that exact bare name or "*"."""
    scope = (scope or "").strip()
    if scope.lower() in GLOBAL_NAMES or scope.lower() == "user":
        return "user"
    if scope in GLOBAL_SCOPES or scope == ALL_SCOPES or ":" in scope:
        return scope
    return f"project:{scope}"


def scope_admits(asked: str, leaf_scope: str) -> bool:
    """Whether a request asking for scope ``asked`` may see a memory of scope ``leaf_scope``.

    No scope asked (or ``"user"``): only global memories. ``"*"``: everything. A project scope:
    itself and the global memories.
    """
    asked = scope_key(asked)
    leaf_scope = scope_key(leaf_scope)
    if asked == ALL_SCOPES or leaf_scope in GLOBAL_SCOPES:
        return True
    return asked not in GLOBAL_SCOPES and leaf_scope == asked


def projects_named(question: str, scopes: Iterable[str], asked: str) -> list[str]:
    """The project scopes other than ``asked`` whose project ``question`` names as a word
    ("Which Rust version does kestrel use?" -> ["project:kestrel"], asked in quillon)."""
    folded = fold(question)
    return sorted(scope for scope in scopes
                  if scope.startswith("project:") and scope != scope_key(asked)
                  and (name := fold(scope.removeprefix("project:")))
                  and re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", folded))


def refusal(item: str, owner: str, asked: str, *, act: str, again: str, nothing: str
            ) -> str | None:
    """The sentence refusing to touch ``item`` of scope ``owner`` from a call that asked for
    ``asked`` (a forget, a save correcting it), or None when ``asked`` admits it: one rule
    and one wording for every call that changes a memory of a scope."""
    if scope_admits(asked, owner):
        return None
    here = f"scope '{asked}'" if asked.strip() else "no scope"
    return (f"{item} belongs to scope '{owner}', and this call asked for {here}: a memory of "
            f"one scope is {act} only from that scope; call {again} with scope='{owner}' if "
            f"that is what the user wants. {nothing}")
