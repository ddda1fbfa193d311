"""The save path's shortcuts give exactly what the long way gives.

Each shortcut of issue 13's save-path work (ASCII folding without the per-character map,
lexicon hits counted over a note's words, no secret scan of an empty field) is checked against
the plain computation it replaces, on English, Spanish, mixed-accent and identifier text.
"""

from __future__ import annotations

from collections import Counter

import pytest

from actors import text as text_module
from actors.facts.values import Folded
from actors.ingest.detect import CLINICAL, PERSONAL, TOPICS, _hits
from actors.secrets import redact
from actors.text import fold

SAMPLES = (
    "I moved to Valencia in March 2024 and we use PostgreSQL 16 for the billing service.",
    "Decidimos usar Redis para la caché; la reunión fue el 3 de mayo. ¿Quién lo despliega?",
    "Lavapiés, Malasaña y Chamberí: the flat in Madrid costs 1.200 € (señal pagada).",
    "InventoryService.HTTPServer calls snake_case_helper() -- see docs/README.md",
    "",
    "   \t\n",
    "Ærø straße ŉ ﬁle Ⅻ",  # characters whose fold is longer than one character
)


def _slow_fold(text: str) -> tuple[str, list[int]]:
    chars: list[str] = []
    origin: list[int] = []
    for index, ch in enumerate(text):
        for piece in fold(ch):
            chars.append(piece)
            origin.append(index)
    return "".join(chars), origin


@pytest.mark.parametrize("text", SAMPLES)
def test_folded_matches_the_character_by_character_fold(text: str) -> None:
    span = Folded(text)
    folded, origin = _slow_fold(text)
    assert span.folded == folded
    for start in range(len(folded) + 1):
        for end in range(start, len(folded) + 1):
            expected = "" if start >= end else text[origin[start]:origin[end - 1] + 1]
            assert span.original(start, end) == expected


@pytest.mark.parametrize("text", SAMPLES)
def test_lexicon_hits_match_the_plain_sum(text: str) -> None:
    words = fold(text).split() * 3
    counts = Counter(words)
    big = Counter({w: 2 for lexicon in TOPICS.values() for w in lexicon} | counts)
    for lexicon in (PERSONAL, CLINICAL, *TOPICS.values()):
        assert _hits(counts, lexicon) == sum(counts[w] for w in lexicon)
        assert _hits(big, lexicon) == sum(big[w] for w in lexicon)


def test_an_empty_field_needs_no_scan_and_a_secret_is_still_found() -> None:
    assert redact("") == ("", [])
    clean, found = redact("token ghp_" + "a1B2c3D4e5" * 4)
    assert "ghp_" not in clean and [r.kind for r in found]


def _split_the_long_way(token: str) -> list[str]:
    """``split_identifier`` without its one-part shortcut (the character scan alone)."""
    return text_module.split_identifier("_" + token) if token else []


@pytest.mark.parametrize("token", [
    "word", "WORD", "Word", "w", "W", "Lavapiés", "ÉCOLE", "Ñandú", "straße", "İstanbul",
    "camelCase", "HTTPServer", "APIs", "snake_case", "v2", "ab12cd", "ǅemal", "ǲ", "ﬁle",
    "Ⅻ", "ŉ", "iPhone", "McDonald", "OAuth", "X11", "_x", "a_", "__", "ÆRØ", "Ærø",
])
def test_the_one_part_shortcut_splits_as_the_character_scan(token: str) -> None:
    assert text_module.split_identifier(token) == _split_the_long_way(token)


def test_the_one_part_shortcut_on_every_sample_word() -> None:
    words = [w for text in SAMPLES for w in text_module.tokens(text)]
    assert len(words) > 40  # the samples hold enough words for this to check something
    for word in words:
        assert text_module.split_identifier(word) == _split_the_long_way(word), word


@pytest.mark.parametrize("sample", SAMPLES)
def test_tokens_by_findall_are_the_matches_one_by_one(sample: str) -> None:
    """``tokens`` uses ``findall`` (the pattern has no group): the whole match per token."""
    assert text_module.tokens(sample) == \
        [m.group(0) for m in text_module._IDENT.finditer(sample)]
