"""Knowledge updates said in other words reach the timeline (fix-facts12, issue 18 "knowledge
updates", "corrections in other words"): a setting changed with no "from" or no article, a CI
told by what builds or deploys on it, "everything is on B" after "no longer uses A", a partner
named by "my girlfriend is", a make held now, a home left unsaid, a firm named after what it
is; and what each must leave alone (another team's change, quoted words, a negation, a
nationality, a call). One test per rule, English and Spanish; the set of
``bench.facts_updates_set`` is pinned for false changes and wrong values, and a few stories go
through the real save path to their timeline."""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

import pytest
from facts_runtime import assert_rebuilt_alike, history, open_runtime, save

from actors.facts.patterns import extract_facts
from bench.facts_updates_bench import judge_change, judge_non_change
from bench.facts_updates_set import CHANGES, NON_CHANGES, part

_DAY = dt.date(2025, 5, 6)


def _facts(text: str) -> list[tuple[str, str, str]]:
    return [(f.subject, f.attribute, f.value) for f in extract_facts(text, entry_date=_DAY)]


@functools.cache
def _told(text: str) -> tuple[tuple[str, str, str], ...]:
    return tuple(_facts(text))


@pytest.mark.parametrize(("text", "expected"), [
    ("bumped the pool size to 40 after the outage", [("pool size", "value", "40")]),
    ("Increased the max connections from 100 to 250.", [("max connections", "value", "250")]),
    ("Bumped worker replicas from 2 to 6.", [("worker replicas", "value", "6")]),
    ("Reduced log retention from 30 to 7 days.", [("log retention", "value", "7 days")]),
    ("Subimos el tamaño de lote a 1000.", [("tamano de lote", "value", "1000")]),
    ("Aumentamos el límite de peticiones de 100 a 300.",
     [("limite de peticiones", "value", "300")]),
    ("Reducimos las réplicas de 6 a 3.", [("replicas", "value", "3")]),
    ("The session cache TTL lowered from 15 minutes to 60 seconds.",
     [("session cache ttl", "value", "60 seconds")]),
    # left alone: a time with no unit, a plan, a negation, no setting noun, someone's own
    ("Lowered the timeout to 30.", []),
    ("We should bump the pool size to 40.", []),
    ("We never bumped the pool size to 40.", []),
    ("We moved the meeting from 3 to 5.", []),
    ("I increased my running from 3 to 5 days a week.", []),
])
def test_a_setting_changed_with_or_without_its_old_number(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [f for f in _facts(text) if f[1] == "value"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("we're off Jenkins now, everything builds on GitHub Actions", "GitHub Actions"),
    ("Everything now deploys through GitLab CI, Jenkins is gone.", "GitLab CI"),
    ("Ahora desplegamos con GitHub Actions; Jenkins ya no se usa.", "GitHub Actions"),
    ("Moved builds off Travis onto CircleCI.", "CircleCI"),
    # left alone: a negation in the clause, a CI named with no verb of building
    ("Not everything deploys through GitLab CI yet.", None),
    ("We don't deploy with Jenkins any more.", None),
    ("Buildkite was discussed as a Jenkins replacement.", None),
])
def test_a_ci_told_by_what_builds_or_deploys_on_it(text: str, expected: str | None) -> None:
    told = [f for f in _facts(text) if f[1] == "tool:ci"]
    assert told == ([("project", "tool:ci", expected)] if expected else [])


@pytest.mark.parametrize(("text", "expected"), [
    ("Ya no usamos MongoDB; todo está en PostgreSQL.", ("project", "database", "PostgreSQL")),
    ("We no longer use RabbitMQ, everything is on Kafka now.",
     ("project", "tool:message queue", "Kafka")),
    ("Switched package management from pip to uv.",
     ("project", "tool:package manager", "uv")),
    ("El frontend pasó a Node 20.", ("frontend", "version:node", "Node 20")),
])
def test_a_project_change_in_other_words(text: str, expected: tuple[str, str, str]) -> None:
    assert _facts(text) == [expected]


@pytest.mark.parametrize("text", [
    "The other team moved from Poetry to uv; we haven't yet.",
    "Otro equipo migró de MySQL a PostgreSQL.",
    'The docs say "we switched to uv" but nothing changed.',
    'Leo said "I work at Google now" as a joke.',
    'Mi jefe dijo "me he mudado a Málaga" en la reunión.',
])
def test_another_teams_change_and_quoted_words_are_not_the_speakers(text: str) -> None:
    assert [f for f in _facts(text) if f[0] in ("user", "project")] == []


@pytest.mark.parametrize(("text", "expected"), [
    ('I told her "I moved to Leeds in May".', [("user", "location", "Leeds")]),
    ('User said: "I live in Berlin now".', [("user", "location", "Berlin")]),
])
def test_the_speakers_own_quoted_words_stay_theirs(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert _facts(text) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("My girlfriend is Maya, we got together in April.", ["Maya"]),
    ("Mi novia ahora es Claudia.", ["Claudia"]),
    ("Mi pareja es Carlos.", ["Carlos"]),
    ("I'm seeing a guy called Ravi now.", ["Ravi"]),
    ("Salgo con una chica que se llama Sara.", ["Sara"]),
    # left alone: a nationality, a job, a possessive, someone else's partner
    ("My wife is Italian.", []),
    ("My girlfriend is a nurse.", []),
    ("My girlfriend is Maya's sister.", []),
    ("My sister's girlfriend is Maya.", []),
    ("My friend's wife is Ana.", []),
])
def test_a_partner_named_by_is(text: str, expected: list[str]) -> None:
    assert [f[2] for f in _facts(text) if f[:2] == ("user", "partner")] == expected


def test_a_partner_named_by_is_belongs_to_the_speaker() -> None:
    assert _facts("Nerea: mi novio ahora es Unai.") == [("Nerea", "partner", "Unai")]


@pytest.mark.parametrize(("text", "expected"), [
    ("Ahora tenemos un Dacia Duster, el Megane lo vendimos.", [("car", "Dacia Duster")]),
    ("Tengo un iPhone 15.", [("phone", "iPhone 15")]),
    ("Finally made the switch: I'm on a MacBook Air now instead of the ThinkPad.",
     [("laptop", "MacBook Air")]),
    ("ugh, finally traded in the Corolla, we're a Tesla household now", [("car", "Tesla")]),
    # left alone: an appointment, a call, someone else's car, a wish
    ("Tengo una cita con Google mañana.", []),
    ("I'm on a Zoom call.", []),
    ("Mi hermano tiene un Seat.", []),
    ("If I had a Tesla I'd be happy.", []),
])
def test_a_make_held_now(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f[1:] for f in _facts(text) if f[0] == "user"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Me he ido a vivir a Málaga.", [("user", "location", "Málaga")]),
    ("Nerea: Iñaki se ha ido a vivir a Donostia.", [("Iñaki", "location", "Donostia")]),
    ("Owen: I finally left Leeds, I'm renting in York now.", [("Owen", "location", "York")]),
    # left alone: a stay, no place
    ("I'm renting in Porto for the weekend.", []),
    ("Me he ido a vivir sola.", []),
])
def test_a_home_left_unsaid(text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [f for f in _facts(text) if f[1] == "location"] == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Owen: I left the bank, I'm at a startup called Tandem now.", [("Owen", "Tandem")]),
    ("Dana: Leo started at Google last week.", [("Leo", "Google")]),
    ("Trabajo en una startup que se llama Fintonic.", [("user", "Fintonic")]),
    ("I work at a small startup called Nubalia.", [("user", "Nubalia")]),
    # left alone: no firm named, a bar, someone else unnamed
    ("Leo started at the bottom.", []),
    ("I'm at a bar called The Swan.", []),
    ("My sister is at a startup called Monzo.", []),
])
def test_a_firm_named_after_what_it_is(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(f[0], f[2]) for f in _facts(text) if f[1] == "employer"] == expected


def test_the_set_records_no_false_change_and_no_wrong_value() -> None:
    """Over the whole set (both parts): a look-alike never fills its key, and a change never
    leaves another value on its key (a wrong current value is worse than none)."""
    false = [n.text for n in NON_CHANGES if judge_non_change(n, _told(n.text))]
    wrong = [c.text for c in CHANGES if judge_change(c, _told(c.text)) == "wrong"]
    assert false == []
    assert wrong == []


def test_the_set_development_part_is_read() -> None:
    """The part the rules were written from keeps being read (a rule dropped shows here)."""
    dev = [c for i, c in enumerate(CHANGES) if part(i) == "dev"]
    missed = [c.text for c in dev if judge_change(c, _told(c.text)) != "right"]
    assert len(missed) <= 6, missed


@pytest.mark.anyio
async def test_changes_in_other_words_follow_their_timelines(home: Path) -> None:
    """Through the real save path: each change makes the value told before history."""
    stories = (
        ("user", "partner", "2025-01-12: Estoy saliendo con Andrés.",
         "2025-07-03: Mi novia ahora es Claudia.", "Claudia"),
        ("user", "car", "2025-01-10: I drive a Toyota Corolla.",
         "2025-06-02: ugh, finally traded in the Corolla, we're a Tesla household now",
         "Tesla"),
        ("user", "location", "2025-01-15: Vivo en Sevilla.",
         "2025-05-20: Me he ido a vivir a Málaga.", "Málaga"),
        ("project", "tool:ci", "2025-02-03: Our CI runs on Jenkins.",
         "2025-09-01: we're off Jenkins now, everything builds on GitHub Actions",
         "GitHub Actions"),
        ("pool size", "value", "2025-02-01: The pool size is 20.",
         "2025-08-11: bumped the pool size to 40 after the outage", "40"),
    )
    async with open_runtime(home) as rt:
        for _, _, before, after, _ in stories:
            await save(rt, before)
            await save(rt, after)
        for subject, attribute, _, _, now in stories:
            facts = await history(rt, subject, attribute)
            assert [f.status for f in facts] == ["HISTORICAL", "ACTIVE"], (subject, attribute)
            assert facts[-1].value == now
    assert_rebuilt_alike(home)


@pytest.mark.parametrize(("text", "day"), [
    ("Lucía: vivo en Oviedo desde septiembre.", dt.date(2024, 9, 1)),
    ("Desde enero soy vegetariana.", dt.date(2025, 1, 1)),
    ("I now live in Porto, been here since February.", dt.date(2025, 2, 1)),
    ("I've been living in Utrecht since May.", dt.date(2025, 5, 1)),
    # left alone: a day or a year written keeps its own reading; "in <month>" said of a
    # plan is ahead (``ahead``), not the June gone by
    ("I've lived in Leeds since March 2019.", dt.date(2019, 3, 1)),
    ("I've lived in Leeds since March 3.", dt.date(2025, 3, 3)),
    ("I'm moving to Lisbon in June.", dt.date(2025, 6, 1)),
])
def test_since_a_month_dates_the_change_in_the_month_gone_by(text: str, day: dt.date) -> None:
    assert [f.valid_from for f in extract_facts(text, entry_date=_DAY)] == [day]


@pytest.mark.parametrize(("text", "expected"), [
    ("Bumped the pool size to 40 and backed up the DB.", [("pool size", "value", "40")]),
    # a change undone in the same breath, a build told in the past
    ("We temporarily bumped the pool size to 40 during the incident, then back to 20.", []),
    ("Raised the retry limit from 3 to 5, then went back to 3.", []),
    ("Subimos el tamaño del pool a 50 y luego volvimos a 20.", []),
    ("Before the migration, everything deployed through Jenkins.", []),
    ("Back in 2022 everything built on Travis.", []),
])
def test_a_change_undone_or_told_in_the_past_is_no_current_value(
        text: str, expected: list[tuple[str, str, str]]) -> None:
    assert [f for f in _facts(text) if f[1] in ("value", "tool:ci")] == expected


@pytest.mark.parametrize(("text", "fact"), [
    # a config key changed, its name written as the code does (an outside probe's notes)
    ("2025-11-26: PAYOUT_BATCH_SIZE raised from 350 to 400; instant payouts took the small "
     "ones.", ("payout_batch_size", "value", "400")),
    # the passive: the auxiliary is no part of the setting's name
    ("The connection pool size was raised from 20 to 40.",
     ("connection pool size", "value", "40")),
    # a runtime told first, then its change
    ("2025-04-08: Python upgraded from 3.11 to 3.12 in the Docker base image.",
     ("project", "version:python", "Python 3.12")),
    ("Node was upgraded from 18 to 20 last sprint.", ("project", "version:node", "Node 20")),
])
def test_a_change_told_setting_first_reaches_the_timeline(
        text: str, fact: tuple[str, str, str]) -> None:
    assert fact in _facts(text)


@pytest.mark.parametrize("text", [
    "Python was not upgraded from 3.11 to 3.12.",
    "If Python is upgraded from 3.11 to 3.12 we need new wheels.",
    "The other team's Python was upgraded from 3.11 to 3.12.",
])
def test_a_runtime_change_denied_supposed_or_of_others_is_none(text: str) -> None:
    assert not [f for f in _facts(text) if f[1].startswith("version:")]
