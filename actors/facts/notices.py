"""Render the read-time notices that travel with a stale leaf.

A notice is derived from the resolved timeline every time it is asked for and never persisted,
so a value that later reverts or is retracted cannot leave a stale "you updated to" line behind
(IHMT wrote notices into leaf files and never took them back). The update line keeps IHMT's
shape, which agents set up for IHMT already know how to relay:

    In 2025 you said user location = 'Madrid', but in 2026 you updated to 'Valencia'.

Two values of one year are told by their days ("On 2026-03-03 you said ..., but on 2026-08-20
you updated to ..."): "In 2026 you said X, but in 2026 you updated to Y" read as a
contradiction to outside readers, and the reader cannot tell which came first.

This module only formats strings from resolved facts; it never decides which fact is current
(that is ``timeline``'s job) and performs no I/O.
"""

from __future__ import annotations

from typing import Protocol

from actors.facts.endings import ended_reason


class _FactLike(Protocol):
    """The fields of a resolved fact that a notice reads."""

    @property
    def subject(self) -> str: ...
    @property
    def attribute(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def valid_from(self) -> str | None: ...
    @property
    def recorded_at(self) -> str: ...
    @property
    def retraction_reason(self) -> str | None: ...


def fact_year(fact: _FactLike) -> str:
    """The year a fact speaks for: its valid year, else the year it was recorded.

    Both are ISO strings, so the year is the first four characters; an unparseable value gives
    '?' rather than an exception, because a notice must never break a search reply.
    """
    stamp = fact.valid_from or fact.recorded_at or ""
    year = stamp[:4]
    return year if len(year) == 4 and year.isdigit() else "?"


def fact_day(fact: _FactLike) -> str:
    """The day a fact speaks for (YYYY-MM-DD), or its year when the stamp holds no day."""
    stamp = fact.valid_from or fact.recorded_at or ""
    day = stamp[:10]
    if len(day) == 10 and day[:4].isdigit() and day[5:7].isdigit() and day[8:].isdigit():
        return day
    return fact_year(fact)


def _label(fact: _FactLike) -> str:
    return f"{fact.subject} {fact.attribute}"


def _said(fact: _FactLike) -> str:
    """What the leaf said: "user location = 'Madrid'", or for an ending (``endings``) that the
    attribute had ended and why ("user car had ended (sold or given away)")."""
    reason = ended_reason(fact.value, fact.attribute)
    if reason is None:
        return f"{_label(fact)} = '{fact.value}'"
    return f"{_label(fact)} had ended" + (f" ({reason})" if reason else "")


def _updated(fact: _FactLike) -> str:
    """The change told: "updated to 'Valencia'", or for an ending "said it ended (broke up with
    Javier)": an ending is no value to update to ('ninguna (rompió con Javier)' read as a
    partner's name in an English reply)."""
    reason = ended_reason(fact.value, fact.attribute)
    if reason is None:
        return f"updated to '{fact.value}'"
    return "said it ended" + (f" ({reason})" if reason else "")


YOU = "you"
"""Who told a value when the user did (or nobody named: a note): the notice speaks to the
user ("In 2025 you said ..."). A value a named speaker of a saved chat told is told by their
name ("In 2025 Odalys said Odalys partner = 'Facundo', but in 2026 Odalys updated to
'Ignacio'"): "you said" put the friend's words in the user's mouth (probe47)."""


def update_notice(old: _FactLike, current: _FactLike, said_by: str = YOU,
                  updated_by: str = YOU) -> str:
    """IHMT's notice: the leaf said ``old`` (told by ``said_by``); the timeline's current value
    is ``current`` (told by ``updated_by``). An undated ``old`` saved after the day
    ``current`` is valid from held before it (``timeline`` orders it so): its saving day is no
    day it was said of ("On 2026-12-05 you said 'Poetry', but on 2026-02-09 you updated to
    'uv'" read backwards), so it is told as earlier."""
    if old.valid_from is None and current.valid_from is not None \
            and (old.recorded_at or "")[:10] > current.valid_from[:10]:
        return (f"Earlier {said_by} said {_said(old)} (undated), "
                f"but on {fact_day(current)} {updated_by} {_updated(current)}.")
    said, updated = fact_year(old), fact_year(current)
    if said == updated:
        said, updated = fact_day(old), fact_day(current)
        if said == updated:
            return (f"On {said} {said_by} said {_said(old)}, but later that day "
                    f"{updated_by} {_updated(current)}.")
        return (f"On {said} {said_by} said {_said(old)}, "
                f"but on {updated} {updated_by} {_updated(current)}.")
    return (f"In {said} {said_by} said {_said(old)}, "
            f"but in {updated} {updated_by} {_updated(current)}.")


def retraction_notice(retracted: _FactLike, current: _FactLike | None,
                      said_by: str = YOU) -> str:
    """A retracted statement; names the value now current, if any (never the retracted one)."""
    reason = f" ({retracted.retraction_reason})" if retracted.retraction_reason else ""
    text = (
        f"In {fact_year(retracted)} {said_by} said {_label(retracted)} = '{retracted.value}', "
        f"but that was retracted{reason}."
    )
    if current is not None:
        text += f" The current value is '{current.value}' (since {fact_day(current)})."
    return text


def pending_notice(pending: _FactLike, current: _FactLike | None) -> str:
    """A tool-sourced change that waits for review and therefore is not current yet."""
    text = (
        f"{_label(pending)} = '{pending.value}' came from a tool result and is waiting for "
        "review (ihmt-async review); it is not current."
    )
    if current is not None:
        text += f" The current value is '{current.value}' (since {fact_day(current)})."
    return text


def rejection_notice(rejected: _FactLike, current: _FactLike | None) -> str:
    """A tool-sourced value turned down on review: its memory is no value to prefer, and no
    newer memory replaced it ("this memory was superseded; prefer the newer one" pointed at
    none)."""
    text = (f"{_label(rejected)} = '{rejected.value}' came from a tool result and was rejected "
            "on review; it is not true.")
    if current is not None:
        text += f" The current value is '{current.value}' (since {fact_day(current)})."
    return text


def _clock(fact: _FactLike) -> str:
    """The time of day a fact was recorded ("10:02:07 UTC"), from its ISO record stamp."""
    return f"{fact.recorded_at[11:19]} UTC" if len(fact.recorded_at) >= 19 else "?"


def history_notice(filed: _FactLike, current: _FactLike) -> str:
    """A new statement that lands behind the current value. Dates that tie order nothing (the
    record order decides), so the notice then says the day once and gives the record times
    instead of calling one value older ("'Madrid' (2026-10-03) is older than 'Chamberí'
    (2026-10-03)" claimed an order the dates do not give)."""
    label = f"{_label(filed)} = '{filed.value}'"
    if fact_day(filed) == fact_day(current):
        return (f"Filed as history: {label} and the current value '{current.value}' are both "
                f"of {fact_day(filed)}; the current one is taken as the later statement "
                f"(recorded {_clock(filed)} and {_clock(current)}).")
    return (f"Filed as history: {label} ({filed.valid_from or 'undated'}) is older than the "
            f"current value '{current.value}' ({fact_day(current)}).")
