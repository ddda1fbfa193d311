"""Replies rendered for the agent, reworded for a person at the terminal.

The renderers speak to the model ("tell the user", "consider save_memory", "call
search_memory again with `clue`"). The CLI shows the same replies to the user themself, for
whom those sentences are wrong: this module swaps each agent-directed sentence for its
command-line equivalent. It only rewords; it never drops a fact, a value or a notice.
"""

from __future__ import annotations

import sys

from actors.lazy_re import Regex, lazy_regex

_REWORDINGS: tuple[tuple[Regex, str], ...] = (
    (lazy_regex(r"If the user tells you, consider save_memory\."),
     "Save it with `ihmt-async save` when there is something worth keeping."),
    (lazy_regex(r"Do not pick one at random\. Either ask the user which they mean, or call\s+"
                r"search_memory again with `clue` set to a distinguishing detail \(a place,\s+"
                r"a date, a project, a person\)\."),
     "Narrow it down with --clue set to a distinguishing detail (a place, a date, a project, "
     "a person)."),
    (lazy_regex(r"This updates something remembered earlier — tell the user:"),
     "This updates something remembered earlier:"),
    (lazy_regex(r"\. Ask the user, or run `ihmt-async review`\."),
     ". Approve or reject it with `ihmt-async review`."),
    (lazy_regex(r"do not treat it as what the user said\."),
     "approve or reject it with `ihmt-async review`."),
    (lazy_regex(r"from a search in detail=\"full\""), "from `ihmt-async search --detail full`"),
)


def for_humans(text: str) -> str:
    """``text`` with every agent-directed sentence replaced by its command-line wording."""
    for pattern, replacement in _REWORDINGS:
        text = pattern.sub(replacement, text)
    return text


_CONTROL = lazy_regex(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def terminal_safe(text: str) -> str:
    """Control characters shown as escapes ("\\x1b"): a memory holding a terminal escape
    sequence must not retitle, clear or recolour the terminal that prints it."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def out(text: str) -> None:
    """One reply on stdout for a person (or a hook's caller), made terminal-safe."""
    sys.stdout.write(terminal_safe(text).rstrip("\n") + "\n")
    sys.stdout.flush()
