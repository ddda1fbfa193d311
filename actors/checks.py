"""The one check of incoming text, for saves and searches alike: a str, not blank, within a
size limit, with no NUL byte and no unpaired surrogate. Pure; raises ``InputError``s."""

from __future__ import annotations

from actors.text import invalid_unicode, is_blank
from store.errors import ContentTooLarge, EmptyContent, InvalidArgument, InvalidText

SEARCH_TEXT = ("query", "clue")


def check_text(value: object, *, what: str, limit: int) -> str:
    """``value`` if it is acceptable text. ``limit`` counts UTF-8 bytes for saved text and
    characters for a query or clue (what the agent sees and can shorten)."""
    if not isinstance(value, str):
        raise InvalidArgument(f"The {what} must be text, not {type(value).__name__}.")
    if is_blank(value):
        raise EmptyContent(what)
    searching = what in SEARCH_TEXT
    consequence = "" if searching else "; nothing was saved"
    if invalid_unicode(value):
        raise InvalidText(f"The {what} holds invalid Unicode (bytes that are not UTF-8, or "
                          f"an unpaired surrogate character){consequence}.")
    size = len(value) if searching else len(value.encode("utf-8"))
    if size > limit:
        raise ContentTooLarge(size, limit, what)
    if "\x00" in value:
        raise InvalidText(f"The {what} contains NUL bytes{consequence}.")
    return value
