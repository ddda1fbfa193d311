"""The strings a fact rule cannot match without (``actors/facts/needles.py``): a sentence
without them skips the rule, so they must never leave out a sentence the rule matches."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from actors.facts import activities, endings, partners, patterns, settings_told
from actors.facts.needles import Gate, needles
from actors.navigation import replacements
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


def _said() -> list[str]:
    """Every sentence the facts tests and 1,500 bench notes say, as written."""
    texts = [m.text for m in Generator(7).memories(1500)]
    for source in Path(__file__).parent.glob("*.py"):
        texts += re.findall(r'"([^"\n]{12,})"', source.read_text(encoding="utf-8"))
    return sorted({part for text in texts for line in text.splitlines()
                   for part in sentences(line)})


GATES: list[tuple[str, Gate[Any], Callable[[Any], re.Pattern[str]], bool]] = [
    ("fact rules", patterns._RULE_GATE, lambda rule: rule.pattern, True),
    ("partners started", partners._STARTS_GATE, lambda p: p, True),
    ("partners ended", partners._ENDS_GATE, lambda end: end[0], True),
    ("endings", endings._ENDINGS_GATE, lambda ending: ending[1], True),
    ("workplaces left", endings._LEFT_NAMED_GATE, lambda rule: rule[0], True),
    ("workplaces a person left", endings._LEFT_BY_NAMED_GATE, lambda rule: rule[0], True),
    ("activities", activities._GATE, lambda rule: rule[2], True),
    ("owners", settings_told._OWNERS_GATE, lambda p: p, True),
    ("changes named", replacements.gates()[0], lambda p: p, False),
    ("changes ended", replacements.gates()[1], lambda p: p, False),
]


@pytest.mark.parametrize(("name", "gate", "pattern", "folded"), GATES,
                         ids=[g[0] for g in GATES])
def test_a_gate_opens_for_every_sentence_its_patterns_match(
        name: str, gate: Gate[Any], pattern: Callable[[Any], re.Pattern[str]],
        folded: bool) -> None:
    """Every pattern behind a gate, on every sentence the facts tests and the bench
    generator say (folded, as the fact rules read them, or as written, as the change
    statements are read): a pattern that matches a sentence is among those the gate opens
    for it, so the gate never loses a fact or a change (a wrong needle would, silently)."""
    said = _said()
    texts = [fold(s) for s in said] if folded else said
    assert sum(t.isascii() for t in texts) > 3000
    matched = skipped = 0
    for text in texts:
        opened = gate.open_for(text.lower())
        for item in gate.items:
            if pattern(item).search(text) is not None:
                matched += 1
                assert item in opened, (name, pattern(item).pattern[:80], text)
        skipped += len(gate.items) - len(opened)
    assert matched > 0  # the texts do exercise the patterns
    assert skipped > 0  # and the gate does leave some out


def test_a_gate_keeps_its_items_order_and_opens_every_item_for_other_scripts() -> None:
    """The items a gate opens come in their list's order (a rule list's order decides which
    of two readings wins); a text that is not ASCII opens them all (a case-insensitive 'k'
    matches the Kelvin sign, which no needle test in lower case would find)."""
    gate = Gate([re.compile(p) for p in (r"moved\s+to", r"\w+", r"quit\s+(?:my|the)\s+job",
                                         r"moved\s+out")], lambda p: p)
    assert [p.pattern for p in gate.open_for("i quit the job and moved to oslo")] == [
        r"moved\s+to", r"\w+", r"quit\s+(?:my|the)\s+job", r"moved\s+out"]
    assert [p.pattern for p in gate.open_for("i stayed home")] == [r"\w+"]
    assert gate.open_for("me mudé a oslo") == gate.items
