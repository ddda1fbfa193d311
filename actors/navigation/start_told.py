"""The day a start was told in a speaker's later turn, shown beside the turn asked about.

In a chat the news and its day are often two turns of the same speaker, with the other's
reaction between them: "Big news: I got a job in quality control at Laboratorio Celeste." /
"Haha, classic." / ... / "Empiezo el 6 de abril." A question asking when something started
("When did Odalys start her new job?", "¿Cuándo empezó Teo en el club?") holds the words of
the news and none of the turn telling its day, which is a few turns on, past the next turn
a reply shows. This module finds, for each served turn, its speaker's own later turn of the
conversation telling a start and its day, and shows it beside the served one. It ranks
nothing and shows nothing for any other question.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from actors.dates import LEADING_DATE
from actors.facts.speakers import opening_speaker
from actors.lazy_re import lazy_regex
from actors.navigation.days import day_of
from actors.navigation.messages import Hit, Turn
from actors.text import fold
from actors.time_ranges import mentioned_ranges

if TYPE_CHECKING:
    from actors.navigation.conversation import Conversation

_ASKS_START = lazy_regex(
    r"\b(?:when|what\s+(?:day|date))\b.*\b(?:start|started|starts|begin|began|begins|"
    r"first\s+day)\b|\b(?:cuando|que\s+dia|que\s+fecha)\b.*\b(?:empez|empiez|comenz|comienz|"
    r"arranc|primer\s+dia)")
"""A question asking the day something started ("When did Odalys start her new job?", "What
day does Teo begin at the club?", "¿Cuándo empezó Lía en la escuela?")."""
_TELLS_START = lazy_regex(
    r"\b(?:start|starts|starting|started|begin|begins|beginning|began|first\s+day|"
    r"empiezo|empieza|empezamos|empiezan|empece|empezo|empezaron|comienzo|comienza|"
    r"comenzamos|comence|comenzo|arranco|arranca|arranque|me\s+incorporo|primer\s+dia)\b")
"""A turn telling a start ("I start a week from Monday", "Empiezo el 6 de abril", "my first
day is the 3rd", "arranco el lunes")."""


def asks_start(question: str) -> bool:
    """Whether ``question`` asks the day something started (``_ASKS_START``)."""
    return _ASKS_START.search(fold(question)) is not None


def tells_start(text: str, said_on: dt.date | None) -> bool:
    """Whether ``text`` tells a start and a day or month of it, written or said by its
    distance from ``said_on`` ("Empiezo el 6 de abril", "I start on Monday")."""
    said = LEADING_DATE.sub("", text)  # the day it was said is no day of the start
    return _TELLS_START.search(fold(said)) is not None \
        and bool(mentioned_ranges(said, said_on))


def start_told_after(conversation: Conversation, leaf_id: str,
                     admissible: Callable[[str], bool]) -> str | None:
    """The first of its speaker's own later turns of the conversation (``turns_after``)
    telling a start and its day, if any."""
    model = conversation.model
    speaker = opening_speaker(model.leaves[leaf_id].excerpt) \
        if leaf_id in model.leaves else None
    if speaker is None:
        return None
    later = sorted(conversation.turns_after(leaf_id),
                   key=lambda leaf: model.leaves[leaf].recorded_ts)
    for leaf in later:
        meta = model.leaves[leaf]
        if admissible(leaf) and opening_speaker(meta.excerpt) == speaker \
                and tells_start(model.text_of(leaf), day_of(meta)):
            return leaf
    return None


def with_start_told(conversation: Conversation, hits: tuple[Hit, ...],
                    admissible: Callable[[str], bool]) -> tuple[Hit, ...]:
    """Each served turn with its speaker's later turn telling the start's day (``start_told
    _after``) as the turn also shown from its conversation, when neither is shown already:
    "When did Odalys start her new job?" shows "Empiezo el 6 de abril" four turns after the
    news, with its day."""
    shown = {hit.leaf_id for hit in hits} | {
        turn.leaf_id for hit in hits for turn in (hit.next_turn, hit.also_said)
        if turn is not None}
    out = []
    for hit in hits:
        told = start_told_after(conversation, hit.leaf_id, admissible)
        if told is not None and told not in shown:
            shown.add(told)
            hit = dataclasses.replace(hit, also_said=Turn(
                leaf_id=told, timestamp=conversation.model.leaves[told].timestamp,
                text=conversation.model.text_of(told)))
        out.append(hit)
    return tuple(out)
