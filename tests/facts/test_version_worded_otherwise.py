"""A version changed in the other words agents write (probe-agent2's failure 1): "<Thing>
<new> in <project> now (bumped from <old>)", "Upgraded <project> to clang 18", "<thing>
raised from A to B", "<thing> pasa de A a B", "ahora <thing> es B" told nothing, so the older
version stayed the ``Current value``; "A is now B and C is now D" (a rename) was one garbled
value. The texts here are not the probe's (heronwick, tarn, pipit ...), and each rule has
what it must leave alone."""

from __future__ import annotations

from pathlib import Path

import pytest
from facts_runtime import current, open_runtime, save

from actors.facts.patterns import extract_facts
from actors.navigation.replacements import replacements


def _versions(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text)
            if f.attribute.startswith("version:")]


@pytest.mark.parametrize(("text", "fact"), [
    # the version said to be the one now, the old one in passing
    ("[2026-04-02] Swift 6.0.1 in heronwick now (bumped from 5.10) for strict concurrency.",
     ("project", "version:swift", "Swift 6.0.1")),
    ("Node 22.11 is now the runtime of the tarn workers (moved off 20.18).",
     ("project", "version:node", "Node 22.11")),
    ("Gradle 8.10 now, up from 8.7.", ("project", "version:gradle", "Gradle 8.10")),
    # a verb that only a version takes, a lower-case tool and a bare number
    ("Upgraded heronwick to zig 13 and dropped the old warnings.",
     ("heronwick", "version:zig", "zig 13")),
    ("Pinned protoc to 27 in the CI image.", ("project", "version:protoc", "protoc 27")),
    # the thing before its verb
    ("heronwick's targetSdk bumped from 34 to 35 for the Play deadline.",
     ("heronwick", "version:targetsdk", "targetSdk 35")),
    ("El minSdk pasa de 24 a 26 por la librería de pagos.",
     ("project", "version:minsdk", "minSdk 26")),
    # "X is now N", "ahora X es N"
    ("Swift is now at 6.0.1.", ("project", "version:swift", "Swift 6.0.1")),
    ("Ahora Gradle es la 8.10 en pipit.", ("project", "version:gradle", "Gradle 8.10")),
])
def test_a_version_told_as_now_or_before_its_verb(text: str,
                                                 fact: tuple[str, str, str]) -> None:
    assert _versions(text) == [fact]


@pytest.mark.parametrize("text", [
    "Swift 6.0 now supports typed throws, which we may use later.",
    "Upgraded the office to floor 3.",
    "The pool size was raised from 20 to 40.",
    "The timeout raised from 30 to 60 seconds.",
    "INGEST_MAX_RETRIES raised from 5 to 8 after the outage.",
    "Go version is pinned to 1.22 in go.mod.",
    "We did not bump gcc to 14 yet.",
    "The build is now green.",
])
def test_what_is_no_version_still(text: str) -> None:
    assert _versions(text) == []


def test_a_list_of_renames_is_one_value_each() -> None:
    told = [(f.subject, f.value) for f in extract_facts(
        "The buckets were renamed: raw_clicks is now clicks_landing and mart_clicks is now "
        "clicks_mart, after the audit.")]
    assert told == [("raw_clicks", "clicks_landing"), ("mart_clicks", "clicks_mart")]
    changed = [(r.old, r.new) for r in replacements(
        "The buckets were renamed: raw_clicks is now clicks_landing and mart_clicks is now "
        "clicks_mart. Renamed the queue ingest-v1 to ingest-v2. El tópico pipit.events pasa "
        "a llamarse pipit.audit.")]
    assert changed == [("raw_clicks", "clicks_landing"), ("mart_clicks", "clicks_mart"),
                       ("ingest-v1", "ingest-v2"), ("pipit.events", "pipit.audit")]
    # left alone: a state, not a rename; a role
    assert replacements("The build is now green and node-1 is now primary.") == ()


@pytest.mark.anyio
async def test_the_version_said_now_is_the_current_one(tmp_path: Path) -> None:
    async with open_runtime(tmp_path) as rt:
        await save(rt, "[2026-02-01] Bumped Swift from 5.9 to 5.10 in heronwick.",
                   origin="agent", scope="project:heronwick")
        await save(rt, "[2026-04-02] Swift 6.0.1 in heronwick now (bumped from 5.10) for "
                       "strict concurrency.", origin="agent", scope="project:heronwick")
        assert await current(rt, "project @project:heronwick", "version:swift") == "Swift 6.0.1"
