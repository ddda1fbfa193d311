"""The scope a save without one is filed under: its project's, unless its text is about the
user (``is_about_the_user``), read from the facts the save records and the data type it was
detected as, so a save reads its text once.

The word rules live in ``actors/scope_rules.py`` (pure, imported by the hooks and the
installer too); this module adds what needs the detector and the fact patterns, which belong
to the ingest side: ``scope_rules`` importing them made ingest and it lean on each other.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from actors.dates import OPENING_DATE
from actors.ingest.types import DataType
from actors.lazy_re import lazy_regex
from actors.scope_rules import (
    about_all_projects,
    marks_the_code,
    names_a_part,
    names_project,
    states_a_user_preference,
)

if TYPE_CHECKING:
    from actors.facts.patterns import FactCandidate

_LEADING_DATE = lazy_regex(r"^" + OPENING_DATE + r"\s*[:\-–—]?\s*", re.MULTILINE)


def is_about_the_user(text: str, project: str = "", *,
                      facts: Iterable[FactCandidate] | None = None,
                      detected: DataType | None = None) -> bool:
    """Personal text, a statement about every project, a first-person preference or habit
    with no mark of ``project``, or text stating a fact about the user: saved globally, not
    per project. Judged without the dates opening its lines: agents are told to date what
    they save, and "2026-11-30: in this repo we pin numpy" is as much this project's as it
    is undated. A fact read as the user's from a text that names the project, a path or a
    ticket ("harbor no longer uses Poetry, we switched to uv" gave "user stack = uv") is the
    project's.

    ``facts``: the facts the save records from ``text`` (``extract_facts`` of its leaves),
    and ``detected``: ``detect(text)``'s data type, when the caller has them, so that a save
    reads its text once (extracting the facts is most of a short save's CPU); read here
    otherwise. (The detector and the fact patterns are imported on first use: a hook opens
    the store without compiling a few hundred patterns.)"""
    from actors.facts.moves import tells_move_in
    from actors.facts.patterns import extract_facts
    from actors.ingest.detect import detect

    undated = _LEADING_DATE.sub("", text)
    if about_all_projects(undated):
        return True
    if names_project(undated, project) and not _said_by_people(text)[0]:
        # a note naming the project it is saved in is that project's, whatever its everyday
        # words: "We moved the background jobs from Celery to Arq; Celery is no longer used
        # in alder" read as personal ("moved") and answered in every other project
        return False
    kind = detected if detected is not None and undated == text else detect(undated).data_type
    if kind is DataType.PERSONAL:
        return True
    said, people = _said_by_people(text)
    if said and detect(said).data_type is DataType.PERSONAL:
        return True
    if states_a_user_preference(said or undated, project):
        return True
    if tells_move_in(said or text):  # "we moved in last saturday!": where the speaker lives
        return True
    if marks_the_code(undated, project) or names_a_part(undated):
        return False
    stated = extract_facts(text) if facts is None else facts
    return any(fact.subject == "user" or fact.subject in people for fact in stated)


def _said_by_people(text: str) -> tuple[str, frozenset[str]]:
    """The turns people say in a saved chat transcript (their lines, dates and labels off)
    and the names of the people who speak, or "" for a text with no speaker's label. A
    session read whole is the assistant's advice more than anything ("process"), and what the
    user or a named friend says tells whether it is about someone's life ("we adopted a
    beagle puppy", "[1:56 pm on 8 May, 2023] Bea: we're moving to Denver") or about this
    project's code. A named speaker's first-person facts are that person's (``speakers``),
    so they count as the user's do: a friend's life is no more this project's than the
    user's."""
    from actors.facts.speakers import USER, past_label, speaker_of, turns


    lines: list[str] = []
    people: set[str] = set()
    labelled = False
    speaker = None
    labels = turns(text)
    for line in text.split("\n"):
        said = speaker_of(line, turns=labels)
        labelled = labelled or said is not None
        speaker = said or speaker
        if speaker is not None and speaker.subject is not None:
            lines.append(past_label(line))
            if speaker.subject != USER:
                people.add(speaker.subject)
    return ("\n".join(lines) if labelled else ""), frozenset(people)


def save_scope(asked: str, project: str, text: str, *,
               facts: Iterable[FactCandidate] | None = None,
               detected: DataType | None = None) -> str:
    """The scope a save is filed under: the one asked for, else the client's project unless
    the text is about the user (``facts`` and ``detected``: see ``is_about_the_user``)."""
    if asked.strip():
        return asked
    if not project or is_about_the_user(text, project, facts=facts, detected=detected):
        return ""
    return project
