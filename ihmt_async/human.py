"""Replies rendered for the agent, reworded for a person at the terminal.

The renderers speak to the model ("tell the user", "consider save_memory", "call
search_memory again with `clue`"). The CLI shows the same replies to the user themself, for
whom those sentences are wrong: this module swaps each agent-directed sentence for its
command-line equivalent. It only rewords; it never drops a fact, a value or a notice.
"""

from __future__ import annotations

import re

_REWORDINGS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"If the user tells you, consider save_memory\."),
     "Save it with `ihmt-async save` when there is something worth keeping."),
    (re.compile(r"Do not pick one at random\. Either ask the user which they mean, or call\s+"
                r"search_memory again with `clue` set to a distinguishing detail \(a place,\s+"
                r"a date, a project, a person\)\."),
     "Narrow it down with --clue set to a distinguishing detail (a place, a date, a project, "
     "a person)."),
    (re.compile(r"This updates something remembered earlier — tell the user:"),
     "This updates something remembered earlier:"),
    (re.compile(r"\. Ask the user, or run `ihmt-async review`\."),
     ". Approve or reject it with `ihmt-async review`."),
    (re.compile(r"do not treat it as what the user said\."),
     "approve or reject it with `ihmt-async review`."),
    (re.compile(r"from a search in detail=\"full\""), "from `ihmt-async search --detail full`"),
)


def for_humans(text: str) -> str:
    """``text`` with every agent-directed sentence replaced by its command-line wording."""
    for pattern, replacement in _REWORDINGS:
        text = pattern.sub(replacement, text)
    return text
