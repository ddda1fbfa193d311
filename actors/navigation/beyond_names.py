"""A chat turn that holds nothing of a question but the person it asks about.

In a chat saved turn by turn, every turn of a speaker holds the speaker's name in its label,
and a short turn's vector is mostly that name: "Nadia: Sleep is a distant memory." and "Lucas:
Jajaja Nadia" were the memories closest in meaning to "What is Nadia studying?" (0.38 and 0.34
against a crowd of 0.29), so they were judged about it, and led the reply while "Nadia: I
started a part-time MSc in data science" (0.33) came fifth; "¿Qué coche tiene Carmen?", never
stored, was answered by "Carmen: Vaya semanita llevo, madre mía." (probe43). What such a turn
shares with the question beyond the person is measured by comparing it with the question
without the person's name ("What is studying?": the MSc turn 0.15 against a crowd of 0.09,
the small talk 0.00-0.09): only that counts for it (``ranking.Evidence.beyond``). A short
answer to a question asked the turn before ("Carmen: Half a plot, about 125 square metres")
keeps its meaning: its vector reads the turns said before it.

Pure functions: no index, no vectors (the navigation actor measures).
"""

from __future__ import annotations

from collections.abc import Collection

from actors.navigation.asked_person import names_asked
from actors.navigation.crowd_names import MIN_MEMORIES, without_crowd_names
from actors.navigation.query import parse_query


def asked_keys(question: str) -> frozenset[str]:
    """The index terms of the people the question names (``names_asked``), each name one
    term ("Nadia's" -> "nadia"; a name of two words is no single person's key)."""
    out: set[str] = set()
    for name in names_asked(question):
        keys = parse_query(name).query_terms
        if len(keys) == 1:
            out.add(keys[0])
    return frozenset(out)


def without_asked(question: str, keys: Collection[str]) -> str | None:
    """``question`` without the names whose terms are ``keys``, or None when none was taken
    out or nothing but function words would be left ("Who is Nadia?")."""
    if not keys:
        return None
    # every memory holds them, as far as ``without_crowd_names`` asks
    left = without_crowd_names(question, lambda key: MIN_MEMORIES if key in keys else 0,
                               MIN_MEMORIES)
    return None if left == question else left


def names_only(held: Collection[str], keys: Collection[str]) -> bool:
    """The question's words a memory holds (``held``, each as the question has it) are only
    the asked people's names, or none."""
    return not set(held) - set(keys)
