"""The memory that ended one fact of a memory still current by its others.

"My boyfriend Conor is a sound engineer ..." tells two facts: Conor is the partner, and his
job. Once "Conor and I broke up" is told, the partner fact is history and the job still
holds, so the memory is PARTLY OUTDATED, not outdated: the ranking (``ranking.order``) added
an outdated memory's successor right after it, but not a partly outdated one's, and "Why did
the relationship end?" met the Conor memory first with the break-up nowhere near (the
thirty-second pass's accepted loss on conversation-b). A question bearing on the ended fact
(``bearing``: CHANGED) now brings the memory that ended it along, as an outdated memory's
unmatched successor is (``ranking.Timeline.ended_by``). A question about the part still true
("What does Conor do?") or naming the old value only is left as it was.

Pure: reads a timeline, decides nothing about currency.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from actors.facts.timeline import Timeline
from actors.navigation.bearing import Bearing, bearing, words


def ended_by(text: str, keys: Collection[tuple[str, str]], leaves: Iterable[str],
             timeline: Timeline) -> dict[str, str]:
    """Each partly outdated memory of ``leaves`` -> the memory telling the current value of
    one of its replaced facts, when the question ``text`` (asking for ``keys``) bears on that
    change."""
    question, asked = words(text), frozenset(keys)
    out: dict[str, str] = {}
    for leaf in leaves:
        for old, now in timeline.partly_changed(leaf):
            change = (old.key, old.subject, old.attribute, old.value, now.value)
            if now.source_leaf_id is not None \
                    and bearing(question, asked, [change]) is Bearing.CHANGED:
                out[leaf] = now.source_leaf_id
                break
    return out
