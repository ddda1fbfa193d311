"""The strings a fact rule cannot match without (``actors/facts/needles.py``): a sentence
without them skips the rule, so they must never leave out a sentence the rule matches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from actors.facts import patterns
from actors.facts.needles import holds_any, needles
from actors.text import fold, sentences
from bench.generator import Generator


@pytest.mark.parametrize(("pattern", "expected"), [
    (r"\bi\s+(?:moved|relocated)\s+to\b", ("moved", "relocated")),
    (r"(?:now\s+)?living\s+in", ("living",)),  # an optional part is no needle
    (r"(?:foo)?bar", ("bar",)),
    (r"(?:foo)?ba", None),  # two letters are in nearly every sentence: no needle
    (r"\b(?:me\s+mudo|nos\s+mudamos)\b", ("mudamos", "mudo")),
    (r"(?i:Moved)\s+to", ("moved",)),  # a case-insensitive literal, as folded text has it
    (r"Moved\s+to", ("Moved",)),  # a case-sensitive one as written: it needs its capital
    (r"(?:moved|\w+)\s+to", None),  # a branch without a needle may match without any
    (r"(?:started|began)+\s+at", ("began", "started")),  # a repeat of at least one
    (r"\bx{0,3}\s+at", None),
])
def test_needles_are_the_literals_every_match_holds(pattern: str,
                                                    expected: tuple[str, ...] | None) -> None:
    assert needles(re.compile(pattern)) == expected


def test_a_sentence_without_a_rules_needles_is_never_one_it_matches() -> None:
    """Every fact rule, on every sentence the facts tests and the bench generator say: a
    rule that matches a sentence finds one of its needles in it (a wrong needle would lose
    facts silently)."""
    texts = [m.text for m in Generator(7).memories(1500)]
    for source in Path(__file__).parent.glob("*.py"):
        texts += re.findall(r'"([^"\n]{12,})"', source.read_text(encoding="utf-8"))
    said = {fold(part) for text in texts for line in text.splitlines()
            for part in sentences(line)}
    plain = [sentence for sentence in said if sentence.isascii()]
    assert len(plain) > 3000
    matched = 0
    for rule, found in zip(patterns._RULES, patterns._RULE_NEEDLES, strict=True):
        for sentence in plain:
            if rule.pattern.search(sentence) is not None:
                matched += 1
                assert holds_any(sentence, found), (rule.pattern.pattern[:80], sentence)
    assert matched > 100  # the texts do exercise the rules
