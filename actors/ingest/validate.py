"""Checks on a Save before anything is written: every refusal is a typed ``InputError``.

Pure functions of the request and the settings; the actor calls them first so a bad request
changes nothing on disk.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from actors.provenance import ORIGINS
from actors.scopes import ALL_SCOPES, scope_key
from actors.text import has_control
from store.errors import (
    InvalidArgument,
    UnknownOption,
)
from store.paths import normalize_domain

AUTO_DOMAINS = ("", "general", "auto")
MAX_TAGS = 32
MAX_TAG_CHARS = 64
MAX_SCOPE_CHARS = 200


def check_domain(value: object) -> str | None:
    """None means 'let detection decide' (IHMT's documented meaning of 'general')."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise InvalidArgument(f"The domain must be text, not {type(value).__name__}.")
    if value.strip().lower() in AUTO_DOMAINS:
        return None
    return normalize_domain(value)


def check_origin(value: object) -> str:
    """Exactly one of ``ORIGINS``: the origin decides what may overturn what the user said,
    so no look-alike ("Tool ", "user\u200b") is guessed into a valid one."""
    if not isinstance(value, str) or value not in ORIGINS:
        raise UnknownOption("origin", value, ORIGINS)
    return value


def check_scope(value: object, *, wildcard: bool = False) -> str:
    """A scope key; ``"*"`` (every scope) only where a request may ask for all of them.

    One rule for a save and for every request that filters by scope (search, forget, the
    CLI's and the GUI's search): a search given a scope no save accepts ("weird:thing")
    silently searched the global memories only, and the caller could not tell its mistake
    from an empty project. Kinds are ``project:<name>`` and the global ``user`` (``global``
    is another name for it, and ""); a bare name is a project's (``scope_key``), known or not:
    an unknown project is legal, it holds nothing yet. A bare word that means "everyone" or
    "me" ("personal", "shared") and a name no folder has ("*global*", "../../etc") are
    refused: they were filed as projects no search ever asks for."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidArgument(f"The scope must be text, not {type(value).__name__}.")
    scope = value.strip()
    if scope == ALL_SCOPES and not wildcard:
        raise InvalidArgument("The scope '*' means every scope in a search; a memory is saved "
                              "under one scope (e.g. 'project:billing'), or none.")
    if len(scope) > MAX_SCOPE_CHARS or any(unicodedata.category(ch) == "Cc" for ch in scope):
        raise InvalidArgument(
            f"The scope must be at most {MAX_SCOPE_CHARS} printable characters "
            "(e.g. 'project:billing' or 'user')."
        )
    kind, colon, name = scope.partition(":")
    if colon and (kind != "project" or not name.strip() or scope.endswith(":")):
        what = (f"is of no kind this store knows ('{kind}:')" if kind != "project"
                and name.strip() and not scope.endswith(":") else "names no project")
        raise InvalidArgument(f"The scope '{scope}' {what}: {_SCOPE_FORMS}"
                              f"{_ALL_FORM if wildcard else ''}.")
    if not colon and scope.lower() in NOT_PROJECT_NAMES:
        raise InvalidArgument(
            f"The scope '{scope}' is no scope name (it would be filed as a project called "
            f"'{scope}'): for what every project sees, write 'user' (or 'global'); "
            f"{_SCOPE_FORMS}{_ALL_FORM if wildcard else ''}.")
    project = name if colon else scope
    if scope != ALL_SCOPES and (
            any(ch in project for ch in _NOT_IN_NAMES) or project.strip() in (".", "..")):
        raise InvalidArgument(
            f"The scope '{scope}' names no project: a project's name is its repository "
            f"folder's name, without '/', '\\' or '*'; {_SCOPE_FORMS}"
            f"{_ALL_FORM if wildcard else ''}.")
    return scope_key(scope)


NOT_PROJECT_NAMES = frozenset({"personal", "private", "shared", "all", "any", "every",
                               "everyone", "everywhere", "me", "mine", "myself", "common",
                               "public", "none", "default", "self", "users", "todos",
                               "usuario", "compartido"})
"""Bare words an agent writes to mean "every project" or "about me", never a project's name:
refused with the forms that work instead of filed as a project of that name (``"personal"``
was filed as ``project:personal``, seen by no project). Written ``project:shared``, a project
of that name is legal."""
_NOT_IN_NAMES = ("/", "\\", "*")


_SCOPE_FORMS = ("write it as 'project:<name>' (e.g. 'project:billing', or just 'billing'), "
                "or 'user' (also 'global', or nothing) for the global memories")
_ALL_FORM = ", or '*' for every scope"


def check_tags(value: object) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, Sequence) or not all(isinstance(t, str) for t in value):
        raise InvalidArgument("The tags must be a list of text values.")
    tags = [" ".join(t.split()) for t in value if t.strip()]
    if len(tags) > MAX_TAGS:
        raise InvalidArgument(f"At most {MAX_TAGS} tags are allowed.")
    for tag in tags:
        if len(tag) > MAX_TAG_CHARS:
            raise InvalidArgument(f"Each tag must be at most {MAX_TAG_CHARS} characters.")
        if has_control(tag):
            # a NUL was refused as "at most 64 characters"; any control is a mistake in a
            # label (and would be shown raw wherever tags are listed)
            raise InvalidArgument("A tag holds a control character (a NUL, an escape ...); "
                                  "tags are short plain labels.")
    return tuple(dict.fromkeys(tags))
