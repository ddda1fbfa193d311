"""Regular expressions compiled on their first use, not when their module is imported.

The text rules hold about a thousand module-level patterns; compiling them all took 1.2-1.6 s
of CPU at every start, most of a hook's cost (`brief` and `recall-hook` run a new process on
every prompt) and of the server's `initialize`. One search uses about a third of them and a
save another part, so each is compiled when first asked for. After that first call the
compiled pattern's own methods are bound on the instance, so a hot loop pays nothing more
than it would with `re.compile`. A match's `.re` is the compiled pattern, not this one: compare
it with `compiled()` (a comparison with the lazy pattern itself never holds).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

_METHODS = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")


class LazyPattern:
    """Stands where a `re.Pattern[str]` would, compiling itself on the first call."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags

    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern; binding its methods here makes later calls go straight to it."""
        done = self.__dict__.get("_compiled")
        if done is None:
            done = re.compile(self.pattern, self._flags)
            self.__dict__.update({name: getattr(done, name) for name in _METHODS},
                                 _compiled=done)
        return done

    @property
    def flags(self) -> int:
        """The flags given, with `re.UNICODE` as `re` adds it to a text pattern (not the inline
        ones): a pattern built from this one's `.pattern` and `.flags` then needs no compile."""
        return self._flags if self._flags & re.ASCII else self._flags | re.UNICODE

    @property
    def groups(self) -> int:
        return self.compiled().groups

    @property
    def groupindex(self) -> Any:
        return self.compiled().groupindex

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().search(string, pos, endpos)

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0,
                  endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled().fullmatch(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0,
                 endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled().finditer(string, pos, endpos)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled().findall(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled().sub(repl, string, count)

    def subn(self, repl: str | Callable[[re.Match[str]], str], string: str,
             count: int = 0) -> tuple[str, int]:
        return self.compiled().subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled().split(string, maxsplit)

    def __repr__(self) -> str:
        return f"lazy_regex({self.pattern!r}, {self._flags})"


def lazy_regex(pattern: str, flags: int | re.RegexFlag = 0) -> LazyPattern:
    """`re.compile`, compiled on first use (a name as long, so call sites keep their layout)."""
    return LazyPattern(pattern, int(flags))


Regex = re.Pattern[str] | LazyPattern
"""What a rule that takes a pattern accepts: one compiled now or one compiled on first use."""
