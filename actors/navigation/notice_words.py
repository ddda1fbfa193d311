"""The question's words a reply's notice names: each once, and only what the reader can check.

Two notices quote the question back: "No stored memory mentions 'FedEx'" (words no memory
holds) and "the closest memories share only the common words 'floor', 'tiles'" (a "No memory
found" that shows the memories closest in meaning). A word analysed into several terms
("FedEx" -> "fedex", "fed", "ex"; "gRPC") was quoted once per term ("'FedEx', 'FedEx',
'FedEx'"); and the words "shared" were those of the memories matched by their words, while the
memories shown are the ones closest in meaning, so the notice named words ("coverings",
"cuidados") that no memory on the screen holds. A reader checks a notice by eye against the
memories under it: a word is named when a memory shown holds it as the same analysed term
("cuidado" holds "cuidados"), and it is shown as the question spells it. Pure functions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from actors.navigation.stem import stem
from actors.text import fold
from actors.text import terms as text_terms

SHOWN_WORDS = 6
"""Words a notice quotes at most."""


def once(words: Iterable[str]) -> tuple[str, ...]:
    """Each word once, compared without case or accents, in the question's first spelling."""
    seen: dict[str, str] = {}
    for word in words:
        seen.setdefault(fold(word), word)
    return tuple(seen.values())


def held_by(terms: Iterable[str], texts: Iterable[str]) -> tuple[str, ...]:
    """The analysed terms (stems, as the index holds them) that one of ``texts`` holds, in
    the order given."""
    held = {stem(term) for text in texts for term in text_terms(text)}
    return tuple(term for term in terms if term in held)


def share_only(terms: tuple[str, ...], said: Mapping[str, str]) -> str | None:
    """The reason of a "No memory found" whose closest memories share only common words with
    the question, or None when they share none: the terms as the question wrote them, each
    word once, quoted ("'FedEx', 'gRPC'")."""
    words = once(said.get(term, term) for term in terms)
    if not words:
        return None
    plural = "s" if len(words) > 1 else ""
    quoted = ", ".join(f"'{word}'" for word in words[:SHOWN_WORDS])
    return f"the closest memories share only the common word{plural} {quoted}"
