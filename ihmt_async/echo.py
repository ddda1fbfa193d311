"""How much of its arguments a reply may quote: at most ``ECHO_LIMIT`` characters of each.

``echo`` is the quote a handler writes on purpose. ``bounded_message`` is the edge's last word
on an error sentence built deeper down, where an argument may arrive changed on its way: stripped
(an id), its white space collapsed (a reason), escaped by ``repr`` (an option), resolved (a
path). Exact look-ups of those forms come first; then any long run of the sentence whose letters
and digits appear, in order, in a long argument is an echo too, whatever the spaces, newlines,
escapes or separators around them. It never raises and never lets a sentence grow with an
argument, nor quote a control character raw; it knows nothing of the tools.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from actors.lazy_re import lazy_regex
from actors.text import excerpt, visible_controls

ECHO_LIMIT = 200
"""Characters of an argument value a reply or error may echo back."""
MESSAGE_LIMIT = 2000
"""Characters of an error sentence, whatever it holds."""
RUN_CHARS = ECHO_LIMIT // 2
"""Letters and digits in a row, shared with a long argument, that count as an echo of it: the
length of the excerpt ``echo`` itself keeps, so a bounded quote is never taken for one."""
STEP = RUN_CHARS // 2
"""Stride of the probes: any shared run of ``RUN_CHARS + STEP`` holds a probe at a multiple."""
HEAD_CHARS = 4 * MESSAGE_LIMIT
"""Characters of each end of an argument compared: a capped sentence cannot quote more."""
MAX_VALUES = 32
"""Longest argument values compared (a request can carry thousands of long tags)."""
_NOT_ALNUM = lazy_regex(r"[\W_]+")


def echo(value: str | None, limit: int = ECHO_LIMIT) -> str | None:
    """``value`` as a reply may quote it: at most ``limit`` characters, the length said, its
    control characters written as escapes (a NUL given as a name came back raw)."""
    return None if value is None else excerpt(visible_controls(value), limit)


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)


def _forms(value: str) -> set[str]:
    """The shapes in which error sentences are known to quote an argument."""
    stripped = value.strip()
    flat = " ".join(value.split())
    plain = {value, stripped, flat}
    return {form for text in plain for form in (text, repr(text)[1:-1])
            if len(form) > ECHO_LIMIT}


def _letters(text: str) -> str:
    return _NOT_ALNUM.sub("", text)


def _echoed_runs(message: str, values: list[str]) -> list[tuple[int, int, str]]:
    """(start, end, value) of each run of ``message`` whose letters and digits (at least
    ``RUN_CHARS`` of them) appear in that order, unbroken, in one of ``values``."""
    places = [i for i, ch in enumerate(message) if ch.isalnum()]
    letters = "".join(message[i] for i in places)
    hays = [(_letters(v[:HEAD_CHARS]) + "\x00" + _letters(v[-HEAD_CHARS:]), v) for v in values]

    def owner(run: str) -> str | None:
        return next((v for hay, v in hays if run in hay), None)

    runs: list[tuple[int, int, str]] = []
    at = floor = 0
    while at + RUN_CHARS <= len(letters):
        value = owner(letters[at:at + RUN_CHARS])
        if value is None:
            at += STEP
            continue
        # Back at most STEP letters (the probe before this one failed), never into the last run.
        start, end = at, at + RUN_CHARS
        while start > floor and owner(letters[start - 1:end]) is not None:
            start -= 1
        for stride in (STEP, 1):
            while end + stride <= len(letters) and owner(letters[start:end + stride]):
                end += stride
        runs.append((places[start], places[end - 1] + 1, owner(letters[start:end]) or value))
        at = floor = end
    return runs


def bounded_message(message: str, arguments: Mapping[str, object]) -> str:
    """An error sentence in which no argument value appears longer than ``ECHO_LIMIT``, and
    which is at most ``MESSAGE_LIMIT`` characters, whatever the arguments hold."""
    values = sorted({v for v in _strings(dict(arguments)) if len(v) > ECHO_LIMIT},
                    key=len, reverse=True)[:MAX_VALUES]
    for value in values:
        short = echo(value) or ""
        for form in sorted(_forms(value), key=len, reverse=True):
            message = message.replace(form, short)
    if values:
        message = message[:HEAD_CHARS]
        for start, end, value in reversed(_echoed_runs(message, values)):
            message = message[:start] + (echo(value) or "") + message[end:]
    message = visible_controls(message)  # an argument quoted short is still quoted raw
    if len(message) > MESSAGE_LIMIT:
        message = message[:MESSAGE_LIMIT - 1] + "…"
    return message
