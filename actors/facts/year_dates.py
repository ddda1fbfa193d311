"""A line opening with a year, or a year and month, alone: "2024: harbor uses RabbitMQ".

``actors.dates.parse_date`` reads a day only ("2024-05-02: ..."); a note back-filled with its
year alone ("2024: harbor uses RabbitMQ", "2025-06: lumen moved to Vite") was read as undated,
and an undated fact is a statement of the present (``timeline`` rule 2): saved after the 2026
move to NATS, the 2024 queue became the current value. A fact of such a line is valid from
the first day of that year or month, so the timeline puts it before a later-dated value
whenever it is saved. Only the extractor reads this (the memory's own date is the ingest's);
the year must be followed by a colon or a dash and lie in 1970-2100 ("8080: port", "2000:
requests per second" are no dates: the second is within range, but a count heading a line
with a colon is rarer than a year in an agent's notes). Pure function; no I/O.
"""

from __future__ import annotations

import datetime

from actors.lazy_re import lazy_regex

_OPENING = lazy_regex(r"^[ \t]*[\[(]?(?P<y>(?:19[7-9]|20\d)\d)(?:-(?P<m>0[1-9]|1[0-2]))?[\])]?"
                      r"[ \t]*(?::|\s[-–—])\s")


def opening_month(line: str) -> datetime.date | None:
    """The first day of the year (or month) ``line`` opens with ("2024: ..." -> 2024-01-01,
    "2025-06: ..." -> 2025-06-01), else None."""
    m = _OPENING.match(line)
    if m is None:
        return None
    return datetime.date(int(m.group("y")), int(m.group("m") or 1), 1)
