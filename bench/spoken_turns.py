"""Chat turns spoken by the user or the assistant, as the sets written one session at a time
(``conversation-d``, ``-e``, ``-g``) lay them out: each set lists sessions of ``user(...)`` and
``assistant(...)`` lines, and a line no question points at gets a key from its set's prefix."""

from __future__ import annotations

from dataclasses import dataclass

from bench.conversation_set import Turn

__all__ = ["Line", "SpokenTurn", "assistant", "session", "user"]


@dataclass(frozen=True)
class SpokenTurn(Turn):
    """One turn of a chat: the user's or the assistant's."""

    speaker: str = "user"

    @property
    def content(self) -> str:
        """What the bench saves: the day, then the speaker ("[2025-04-05] user: ...")."""
        return f"[{self.date}] {self.speaker}: {self.text}"


Line = tuple[str, str, str, str]  # key ("" when no question points at it), speaker, lang, text


def user(text: str, key: str = "", lang: str = "en") -> Line:
    return key, "user", lang, text


def assistant(text: str, key: str = "", lang: str = "en") -> Line:
    return key, "assistant", lang, text


def session(prefix: str, number: int, date: str, *lines: Line) -> tuple[SpokenTurn, ...]:
    """One session's turns; an unkeyed line is a distractor keyed ``<prefix><session>-<line>``."""
    return tuple(SpokenTurn(key=key or f"{prefix}{number:02d}-{i:02d}", date=date, lang=lang,
                            text=text, distractor=not key, speaker=speaker)
                 for i, (key, speaker, lang, text) in enumerate(lines, 1))
