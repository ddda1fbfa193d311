"""A named thing's version, however its change is worded: facts of the project, never the user's.

``project_changes`` reads a runtime's version only when both numbers are told ("upgraded Node
from 20 to 22") and only of the runtimes it knows. An agent's notes bump anything, and word it
any way: "Bumped gravelpit to Go 1.24 and golangci-lint to v1.62", "Upgraded React from 18 to
19 in lanternfly", "Upgraded driftwood-prod from Kubernetes 1.29 to 1.30", "Bumped FastAPI from
0.110 to 0.115", "Kubernetes 1.29 -> 1.30", "subimos FastAPI a la 0.115", "Released quartzite
0.5.0". None of these told a fact, so the older version (told once as "from X to Y") stayed
the ``Current value``. Here each is read as ``version:<thing>`` = '<Thing> <version>', the key
``project_changes`` gives a runtime, so a bump told either way lands on one timeline; a
release is the project's own version (``version:quartzite``).

What counts as a thing: a known runtime or tool, or a word written with a capital letter, in
backticks, or with a hyphen ("golangci-lint"); another lower-case word only before a version
with two dots or a "v" ("pinned ruff to 0.6.9"). A bare integer is a version only of a thing
written so ("React from 18 to 19"): "bumped the pool size to 40", "raised the timeout to 30
s" are settings (``project_changes._setting_changes``), and a number followed by a unit is
never a version. Pure functions; no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from actors.facts.common_words import is_common_word
from actors.facts.values import Folded
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS

Found = tuple[int, str, str, str]
Owner = Callable[[Folded, re.Match[str], int], "str | None"]

_VERBS = (r"upgraded|updated|bumped|raised|moved|migrated|pinned|downgraded|lowered|switched|"
          r"rolled\s+back|reverted|went\s+back|actualizamos|actualice|actualizo|actualizaron|"
          r"actualizado|subimos|subi|subio|subieron|subido|pasamos|pasaron|pasado|migramos|"
          r"migre|migro|migraron|migrado|fijamos|fijado|bajamos|bajaron|bajado|volvimos")
"""Verbs that set a thing's version (a revert sets one too: "rolled back to Go 1.22")."""
_RELEASED = (r"released|shipped|tagged|published|cut|publicamos|publicado|lanzamos|lanzado|"
             r"sacamos|liberamos")
_THING = r"(?!(?:the|an?|el|la|los|las|un|una)\s)(?P<{p}>\.?[a-z][\w+#-]*(?:\.js)?)"
_VER = r"(?P<{p}>v?\d+(?:\.\d+){0,3}(?:-[a-z0-9.]+)?)"
_UNIT = (r"(?!\s*(?:%|percent|ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|"
         r"days?|d|weeks?|kb|mb|gb|tb|x|times|segundos?|minutos?|horas?|dias?|semanas?|"
         r"requests?|connections?|workers?|replicas?|retries|threads?|processes|procesos)\b)")
_END = r"(?![\w-]|\.\d)" + _UNIT
_ART = r"(?:(?:the|our|its|el|la|los|las|nuestro|nuestra)\s+)?"
_KIND = r"(?:\s+(?P<kind>version|versions|runtime|release|msrv|toolchain|version\s+minima))?"


def _p(pattern: str, **names: str) -> str:
    for placeholder, name in names.items():
        pattern = pattern.replace("{" + placeholder + "}", name)
    return pattern


_FROM_TO = lazy_regex(
    r"\b(?:" + _VERBS + r")\s+" + _ART + r"(?:(?P<own>[\w.-]+)(?:'s|’s)\s+)?" + _ART
    + _p(_THING, p="prod") + _KIND + r"(?:\s+(?:in|en)\s+[\w.-]+)?(?:\s+(?:again|otra\s+vez|"
    r"de\s+nuevo))?,?\s+(?:from|de|desde)\s+(?:"
    + _p(_THING, p="inner") + r"\s+)?" + _p(_VER, p="old") + r"\s+(?:to|a|al|hasta)\s+"
    r"(?:(?:la|el)\s+)?(?:[a-z][\w+#.-]*\s+)?" + _p(_VER, p="new") + _END)
""""Bumped FastAPI from 0.110 to 0.115", "Upgraded tidepool's Postgres from 15 to 16",
"Raised quartzite's MSRV from Rust 1.74 to Rust 1.78" (the thing is Rust)."""
_OF_FROM_TO = lazy_regex(
    r"\b(?:" + _VERBS + r")\s+(?P<thing>(?:[\w.'’-]+\s+){0,4}?)(?:from|de|desde)\s+"
    + _p(_THING, p="prod") + r"\s+" + _p(_VER, p="old") + r"\s+(?:to|a|al|hasta)\s+"
    r"(?:(?:la|el)\s+)?(?:[a-z][\w+#.-]*\s+)?" + _p(_VER, p="new") + _END)
""""Upgraded driftwood-prod from Kubernetes 1.29 to 1.30": what was upgraded comes first."""
_ONTO = lazy_regex(
    r"\b(?:" + _VERBS + r")\s+(?P<thing>(?:[\w.'’-]+\s+){0,4}?)(?:back\s+)?(?:to|onto|a|al)\s+"
    + _ART + _p(_THING, p="prod") + r"\s+" + _p(_VER, p="new") + _END)
""""Bumped gravelpit to Go 1.24", "moved the frontend to React 19", "volvimos a Python 3.11"."""
_TO = lazy_regex(
    r"\b(?:" + _VERBS + r")\s+" + _ART + r"(?:(?P<own>[\w.-]+)(?:'s|’s)\s+)?"
    + _p(_THING, p="prod") + _KIND + r"\s+(?:back\s+)?(?:to|a|al)\s+(?:(?:la|el)\s+)?"
    r"(?:version\s+)?" + _p(_VER, p="new") + _END)
""""Bumped golangci-lint to v1.62", "pinned ruff to 0.6.9", "subimos FastAPI a la 0.115"."""
_AND_TO = lazy_regex(
    r"\s*(?:,|\s+and|\s+y|\s+e)\s+" + _ART + _p(_THING, p="prod") + _KIND
    + r"\s+(?:to|a|al)\s+(?:(?:la|el)\s+)?" + _p(_VER, p="new") + _END)
_AND_FROM_TO = lazy_regex(
    r"\s*(?:,|\s+and|\s+y|\s+e)\s+" + _ART + _p(_THING, p="prod") + _KIND
    + r"\s+(?:from|de|desde)\s+" + _p(_VER, p="old") + r"\s+(?:to|a|al|hasta)\s+"
    r"(?:(?:la|el)\s+)?" + _p(_VER, p="new") + _END)
"""A bump that goes on after "and" without its verb: "... and golangci-lint to v1.62", "...
and pydantic from 2.6 to 2.9"."""
_ARROW = lazy_regex(
    r"(?<![\w.-])" + _p(_THING, p="prod") + r"\s+" + _p(_VER, p="old")
    + r"\s*(?:->|→|=>)\s*(?:[a-z][\w+#.-]*\s+)?" + _p(_VER, p="new") + _END)
""""Kubernetes 1.29 -> 1.30", "Go 1.23 → Go 1.24"."""
_RELEASE = lazy_regex(
    r"\b(?:" + _RELEASED + r")\s+" + _ART + r"(?:" + _p(_THING, p="prod") + r"\s+)?"
    r"(?P<new>v?\d+\.\d+(?:\.\d+)?(?:-[a-z0-9.]+)?)" + _END)
""""Released quartzite 0.5.0", "Tagged gravelpit v0.9.0", "publicamos quartzite 0.5.0": the
version is a release's (a dotted number): "cut the timeout to 30" is none."""
_BY_VERSION = lazy_regex(r"(?:upgraded|updated|bumped|downgraded|pinned|actualizamos|actualice|"
                         r"actualizo|actualizaron|actualizado)\b")
"""Verbs that only a version takes: after them a lower-case word with a bare number is a
version ("Upgraded emberforge to clang 18"), as "raised the limit to 40" is not."""
_THING_VERBED = lazy_regex(
    r"(?<![\w.'’-])(?:(?P<own>[\w.-]+)(?:'s|’s)\s+)?" + _p(_THING, p="prod") + _KIND
    + r"\s+(?:(?:was|were|got|has\s+been|fue|ha\s+sido)\s+)?(?:" + _VERBS
    + r"|pasa|paso|sube|subio|baja|bajo|cambia|cambio)(?:\s+(?:again|otra\s+vez))?"
    r"(?:(?:\s+|,\s+)(?:from|de|desde)\s+" + _p(_VER, p="old") + r")?\s+(?:to|a|al|hasta)\s+"
    r"(?:(?:la|el)\s+)?" + _p(_VER, p="new") + _END)
""""otterpop's minSdk raised from 26 to 28", "Kotlin bumped to 2.1.0", "el minSdk pasa de 26
a 28": the thing before its verb. Not "Python is pinned to 3.11": a state, not a change (an
undated note of a project is ordered by its saving, ``replaced``, not by a fact's day)."""
_NOW = lazy_regex(
    r"(?<![\w.'’-])" + _p(_THING, p="prod") + r"\s+" + _p(_VER, p="new") + _END
    + r"(?:\s+(?:in|for|on|en|para)\s+[\w.'’-]+)?\s+(?:(?:is|es)\s+)?(?:now|ahora)"
    r"(?=\s*(?:[(,;.:—–]|-\s|$)|\s+(?:the|our|el|la|nuestr[oa])\s)")
""""Kotlin 2.1.0 in otterpop now (bumped from 2.0.20)", "Python 3.12 is now the runtime for
saltmarsh": a version said to be the one now. Not "Kotlin 2.1 now supports guards": a verb
after "now" tells what the release does."""
_IS_NOW = lazy_regex(
    r"(?<![\w.'’-])" + _p(_THING, p="prod") + _KIND + r"\s+(?:(?:is|es|esta)\s+(?:now|ahora)|"
    r"(?:now|ahora)\s+(?:is|es|esta))\s+(?:(?:at|on|en|la|el)\s+)?" + _p(_VER, p="new") + _END)
""""Kotlin is now 2.1.0", "Kotlin ahora es la 2.1", "Kotlin está ahora en 2.1"."""
_NOW_IS = lazy_regex(
    r"\b(?:now|ahora)\s+" + _ART + _p(_THING, p="prod") + _KIND + r"\s+(?:is|es|esta)\s+"
    r"(?:(?:at|on|en|la|el)\s+)?" + _p(_VER, p="new") + _END)
""""now Kotlin is 2.1.0", "ahora Kotlin es la 2.1"."""
_NO_THINGS = frozenset(("version versions release releases runtime toolchain msrv it them "
                        "everything all todo todos minima from to de a").split())
"""Words where a thing would be that name none ("bumped the MSRV from Rust 1.74 ...")."""


def version_facts(span: Folded, taken: list[tuple[int, int]], runtimes: dict[str, str],
                  known: Callable[[str], str | None], owner: Owner,
                  owner_before: Callable[[Folded, int], str | None]) -> list[Found]:
    """(start, owner, ``version:<thing>``, '<Thing> <version>') for each version a sentence
    sets, skipping what starts inside ``taken`` (already read by ``project_changes``); a bump
    chained after one ("... and Express to 5.0.1") is read whoever read the first.
    ``runtimes`` and ``known`` (a tool's usual name, or None) name known things; ``owner``
    and ``owner_before`` read who the change is of, as ``project_changes`` does."""
    out: list[Found] = []

    def add(m: re.Match[str], group: str, who: str | None, at: int | None = None) -> bool:
        new = span.original(m.start("new"), m.end("new"))
        thing = _thing(span, m, group, runtimes, known, new, m.groupdict().get("old") or "",
                       versioned=_BY_VERSION.match(m.group(0)) is not None)
        mine = owner_before(span, m.start() if at is None else at) is None or re.match(
            r"(?:my|mi|mis)\s", m.groupdict().get("thing") or "")  # "I upgraded my laptop"
        if not who or thing is None or mine:
            return False
        if not any(a <= m.start() < b for a, b in taken):  # else read by ``project_changes``
            attribute, shown = thing
            version = new.lstrip("v") if shown in runtimes.values() else new
            out.append((m.start(), _named_one(who), attribute, f"{shown} {version}"))
            taken.append((m.start(), m.end()))
        return True

    def add_chained(m: re.Match[str], group: str, who: str | None) -> None:
        if add(m, group, who):
            for more in _more(span.folded, m.end()):
                add(more, "prod", who)

    def changed(m: re.Match[str]) -> bool:
        return m.group("old").lstrip("v") != m.group("new").lstrip("v")

    for m in _FROM_TO.finditer(span.folded):
        if changed(m):
            own, group = m.group("own"), "prod"
            if m.group("inner"):  # "Upgraded driftwood-prod from Kubernetes 1.29 to 1.30":
                group = "inner"   # the word before "from" is what was upgraded
                own = own or (m.group("prod") if m.group("prod") not in _NO_THINGS else None)
            add_chained(m, group, own if own and own not in STOPWORDS
                        else owner_before(span, m.start()))
    for m in _OF_FROM_TO.finditer(span.folded):
        if changed(m):
            add(m, "prod", owner(span, m, m.start()))
    for pattern in (_ONTO, _TO):
        for m in pattern.finditer(span.folded):
            if not _negated(span, m.start()):
                own = m.group("own") if pattern is _TO else None
                add_chained(m, "prod", owner(span, m, m.start()) if pattern is _ONTO
                            else own if own and own not in STOPWORDS
                            else owner_before(span, m.start()))
    for m in _THING_VERBED.finditer(span.folded):
        # a config key ("PAYOUT_BATCH_SIZE raised from 350 to 400") is a setting's name
        if (not m.group("old") or changed(m)) and not _negated(span, m.start()) \
                and "_" not in m.group("prod"):
            own, at = m.group("own"), _subject_start(span.folded, m.start())
            add(m, "prod", own if own and own not in STOPWORDS
                else owner_before(span, at), at)
    for pattern in (_NOW, _IS_NOW, _NOW_IS):
        for m in pattern.finditer(span.folded):
            if not _negated(span, m.start()):
                at = _subject_start(span.folded, m.start())
                add(m, "prod", owner_before(span, at), at)
    for m in _ARROW.finditer(span.folded):
        if changed(m):
            add(m, "prod", owner_before(span, m.start()))
    for m in _RELEASE.finditer(span.folded):
        if m.group("prod") and not _negated(span, m.start()):
            add(m, "prod", owner_before(span, m.start()))
    return out


def _named_one(owner: str) -> str:
    """The name among an owner's words, when one is written as a name is ("the EKS cluster
    driftwood-prod" -> "driftwood-prod"): a later "Upgraded driftwood-prod ..." names it
    alone, and both must be one timeline."""
    names = [w for w in owner.split() if re.search(r"[-_\d]", w)]
    return names[-1] if len(owner.split()) > 1 and names else owner


def _more(folded: str, at: int) -> Iterator[re.Match[str]]:
    """The bumps chained after one without their verb ("and golangci-lint to v1.62")."""
    while (m := _AND_TO.match(folded, at) or _AND_FROM_TO.match(folded, at)) is not None:
        yield m
        at = m.end()


def _subject_start(folded: str, at: int) -> int:
    """Where the subject a thing opens starts, its article included ("the minSdk raised
    ...", "el minSdk pasa ..."): the owner is read before it, and an article is none."""
    m = re.search(r"\b(?:the|our|its|el|la|los|las|nuestro|nuestra|ahora|now)\s+$", folded[:at])
    return at if m is None else m.start()


def _negated(span: Folded, at: int) -> bool:
    return re.search(r"(?:\bnot|n't|\bnever|\bno|\bnunca)\s+(?:\w+\s+)?$",
                     span.folded[max(0, at - 20):at]) is not None


def _thing(span: Folded, m: re.Match[str], group: str, runtimes: dict[str, str],
           known: Callable[[str], str | None], new: str, old: str, *, versioned: bool = False
           ) -> tuple[str, str] | None:
    """(attribute, name as shown) of the thing in ``group``, or None when it is no thing
    that has versions (see the module docstring). ``versioned``: the verb takes only a
    version (``_BY_VERSION``), so an uncommon lower-case word's bare number is one too."""
    word = m.group(group)
    if word in _NO_THINGS or word in STOPWORDS:
        return None
    if word in runtimes:
        return f"version:{runtimes[word].lower()}", runtimes[word]
    usual = known(word)
    written = span.original(m.start(group), m.end(group)).strip("`")
    ticked = span.original(max(0, m.start(group) - 1), m.start(group)) == "`"
    if usual == word:  # a known tool without another spelling: as it is written
        usual = written
    if usual is None:
        versions = [v for v in (new, old) if v]
        dotted = all("." in v or v.lower().startswith("v") for v in versions)
        marked = not written.islower() or ticked or "-" in written
        plain = (dotted or versioned) and not is_common_word(word) or all(
            v.count(".") >= 2 or v.lower().startswith("v") for v in versions)
        if not (marked or plain) or written[:1].isdigit():
            return None
        usual = written
    return f"version:{usual.lower()}", usual
