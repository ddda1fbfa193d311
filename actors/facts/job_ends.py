"""A role ends when its holder changes employer and does not say the role again.

A role and an employer are two keys of one job: "Trabajo de técnico de sonido en el Teatro
Talía" records both, and "Me han ofrecido trabajo en una productora de pódcast" only the new
employer. Each key keeps its own timeline, so the role stayed ACTIVE beside the new employer
and "¿En qué trabaja Lucas ahora?" answered "técnico" (in the recall hook too). The rule: a
role told while an earlier employer held (on or after that employer's start, before the next
one's) is HISTORICAL from the day a different employer starts, unless a role is told again on
or after that day (then that later role is the active one, as usual). A role told before any
employer is known ("I'm a nurse", then "I work at St Mary's") is not ended: a first employer
is no change. Read-side only: the journal is unchanged, so a rebuilt table agrees.

The other way round, a new role does not end the employer (a promotion keeps it), so a job
asked by its plain word ("What is Nuria's job these days?", an employer key) is answered by
the side of the job told last (``newest_side_first``): "trabajo de fisioterapeuta" told in
April answers before "sigo de enfermera en La Fe" told the year before.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable, Iterable, Mapping
from dataclasses import Field
from typing import Any, ClassVar, Protocol, TypeVar

from actors.facts.keys import same_value

_LIVE = ("ACTIVE", "HISTORICAL")


class _Told(Protocol):
    """What a role is ended by: the timeline's ``ResolvedFact`` (which imports this module)."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    @property
    def status(self) -> str: ...
    @property
    def value(self) -> str: ...
    @property
    def recorded_at(self) -> str: ...
    @property
    def valid_since(self) -> dt.date: ...


_Fact = TypeVar("_Fact", bound=_Told)


def end_roles(by_key: Mapping[tuple[str, str], tuple[_Fact, ...]]
              ) -> dict[tuple[str, str], tuple[_Fact, ...]]:
    """``by_key`` with each role ended by a later change of employer (see the module
    docstring); every other fact as it was."""
    out = dict(by_key)
    for (subject, attribute), facts in by_key.items():
        if attribute != "role":
            continue
        role = next((fact for fact in reversed(facts) if fact.status == "ACTIVE"), None)
        employers = [fact for fact in by_key.get((subject, "employer"), ())
                     if fact.status in _LIVE]
        if role is None or len(employers) < 2:
            continue
        held = [fact for fact in employers if fact.valid_since <= role.valid_since]
        later = [fact for fact in employers if fact.valid_since > role.valid_since]
        if not held or not later:
            continue
        changed = next((fact for fact in later
                        if not same_value(held[-1].value, fact.value, "employer")), None)
        if changed is None:
            continue
        ended = dataclasses.replace(role, status="HISTORICAL",
                                    valid_to=changed.valid_since.isoformat(),
                                    superseded_at=changed.recorded_at)
        out[(subject, attribute)] = tuple(ended if fact is role else fact for fact in facts)
    return out


def with_employers(keys: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """``keys`` with the employer key beside each role key: a slice of the journal read for a
    role must hold the employer changes that end it (``end_roles``)."""
    out: list[tuple[str, str]] = []
    for subject, attribute in keys:
        out.append((subject, attribute))
        if attribute == "role":
            out.append((subject, "employer"))
    return list(dict.fromkeys(out))


def newest_side_first(keys: Iterable[tuple[str, str]],
                      current: Callable[[str, str], _Told | None]) -> list[tuple[str, str]]:
    """``keys`` (an employer key, then the role keys read beside it) with each subject's role
    key put in its employer key's place when the current role began after the current
    employer: the job as last told answers first. ``current`` gives a key's ACTIVE fact."""
    out = list(keys)
    for at, (subject, attribute) in enumerate(out):
        if attribute != "employer" or (subject, "role") not in out[at:]:
            continue
        employer, role = current(subject, "employer"), current(subject, "role")
        if employer is not None and role is not None \
                and role.valid_since > employer.valid_since:
            beside = out.index((subject, "role"), at)
            out[at], out[beside] = out[beside], out[at]
    return out
