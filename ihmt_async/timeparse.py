"""Parsing the ``as_of`` times the tools and the CLI accept (kept apart from the server so a
CLI command does not load the MCP SDK just to read a date)."""

from __future__ import annotations

import datetime as dt

from store.errors import InvalidArgument


def parse_as_of(value: str | None) -> dt.datetime | None:
    """An ISO date (end of that day) or date-time, as an aware UTC-based datetime."""
    if value is None or not str(value).strip():
        return None
    text = str(value).strip().replace("Z", "+00:00")
    try:
        moment = dt.datetime.fromisoformat(text)
    except ValueError:
        raise InvalidArgument(
            f"as_of {value!r} is not a date or date-time; use e.g. '2026-05-01' or "
            "'2026-05-01T12:00:00Z'.") from None
    if len(text) == 10:
        moment = moment.replace(hour=23, minute=59, second=59)
    return moment if moment.tzinfo else moment.replace(tzinfo=dt.UTC)
