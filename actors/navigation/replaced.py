"""Which earlier memory a change statement replaced: the navigation actor's answer to the
ingest actor's ``Replaced`` (``replacements`` reads the change; this finds its memory).

A memory telling a change ("Decided to replace Celery with Dramatiq in billing-api") and the
memory it corrects ("billing-api background jobs run on Celery 5.3") share the old value and
the context, rarely anything else; the full-text index finds the memories holding both, and
the rules below keep the one that states the old value. Reads only (index, leaves, facts).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from actors.facts.common_words import is_common_word
from actors.facts.speakers import opening_speaker, past_label
from actors.lazy_re import lazy_regex
from actors.navigation.answer_type import is_money_word, sums
from actors.navigation.bilingual import other_reading
from actors.navigation.days import saved_in_order
from actors.navigation.messages import Replaced
from actors.navigation.query import Query, parse_query
from actors.navigation.read_model import ReadModel
from actors.navigation.replacements import Replacement, named, uncorrected
from actors.navigation.stem import stem
from actors.navigation.values import values
from actors.scopes import scope_admits
from actors.text import fold, tokens

REPLACED_POOL = 50
"""Memories holding a replaced value's words that are checked for being the state replaced."""
REPLACED_MAX_NAMES = 6
"""A memory naming more things than this (names, versions) is an overview ("atlas-web: React
18 + TypeScript + Vite 5 ... TanStack Query, client state in Zustand"): one of them replaced
does not make the rest outdated. A slip corrected is no such change: the chat turn that told
"I sold the Fiesta ... for £3,200 ... Sheffield ... Rotherham ... £600" said a wrong value,
however many things it names (as ``_tells_more`` says)."""
REPLACED_COMMON_SHARE = 0.25
REPLACED_MIN_DF = 20
"""A word of a change's context held by more memories than this share of the store (and more
than ``REPLACED_MIN_DF``) ties nothing to it ("use", "now")."""
SLIP_DAYS = 7
"""A slip corrected with its values alone and no word of what it was said of ("no era el
martes, era el jueves") ties the latest memory saying the old value of this many days up to
the correction: a slip is corrected soon after it was made."""

_VERSION = lazy_regex(r"^[vV]?\d[\d.,x]*$")
"""A version or a bare number ("1.78", "5,000"): it ties a change to a note only with the
thing it is of."""


_OPENING_WORD = lazy_regex(r"(?:^|(?<=[.!?¡¿…])\s*|^\W*)([A-ZÁÉÍÓÚÑ][a-záéíóúñü]+)\b")
"""A capitalised word opening a sentence: a name only if it is no common word ("Sold")."""


def _names_told(text: str) -> int:
    """How many names and versions a memory states (``named``), past each line's chat label
    ("[2026-10-04] Kenji:") and without a common word that only opens a sentence ("First day
    done! Sold 212 cups": 212 alone). An overview names many things; a chat turn of three
    sentences does not."""
    count = 0
    for line in text.split("\n"):
        said = past_label(line)
        openers = {m.start(1) for m in _OPENING_WORD.finditer(said)
                   if is_common_word(m.group(1))}
        count += sum(1 for m in re.finditer(r"\S+", said)
                     if m.start() not in openers and named(m.group()))
    return count


_TITLE = lazy_regex(r"^(?:Dr|Dra|Mr|Mrs|Ms|Sr|Sra|Srta|Prof)\.?$")
"""A title before a surname ("Dr Patel"): no given name of someone else."""


def _name_in_part(names: Sequence[str], held: frozenset[str], text: str) -> bool:
    """Whether a memory names a person by the given name or the surname alone that a slip
    corrected names in full ("Dave is the roofer", "Dr Patel" / "the vet is Anita Shah, not
    Rohan Patel"): the part held, and no other name beside it (a "Dave Smith" or a "Priya
    Patel" is someone else)."""
    if len(names) < 2 or not all(word[:1].isupper() and word.isalpha() for word in names):
        return False
    first, last = names[0], names[-1]
    if _key_terms(first) <= held and re.search(
            rf"\b{re.escape(first)}\b(?!\s+[A-ZÁÉÍÓÚÑ])", text):
        return True
    return _key_terms(last) <= held and any(
        not m.group(1) or not m.group(1)[:1].isupper() or _TITLE.match(m.group(1))
        for m in re.finditer(rf"(?:(\S+)\s+)?\b{re.escape(last)}\b", text))


def _whole_words(text: str) -> frozenset[str]:
    """The index terms of ``text``'s words as written, none of a compound's parts: "FastAPI"
    is "fastapi", not "api" (the index also holds the parts, so a search finds it by them)."""
    return frozenset(stem(fold(word)) for word in tokens(text))


_CLAUSES = lazy_regex(r"(?<=[.!?;])\s+|;\s*|,?\s+(?:and|but|while|whereas|y|pero|mientras)\s+"
                      r"(?=(?:the|our|my|its|their|el|la|los|las|nuestr[oa]s?|mis?|sus?)\s)",
                      re.IGNORECASE)
"""Where a note's statements part: a sentence's end, a semicolon, or "and"/"y" opening a new
subject ("Our database is PostgreSQL 15 and the migrations live in alembic/")."""


def _tells_more(text: str, change: Replacement, told: frozenset[str],
                said: str | None = None) -> bool:
    """Whether a note stating a change's old value states something else beside it: another
    of its statements names a thing (a name, a version) that the change's words do not
    (``told``: its old and new values, its thing, its context). "Our database is PostgreSQL
    15 and the migrations live in alembic/" is no note of the migrations alone, and moving
    them does not make the database outdated; a note marked superseded as a whole would be.
    A slip corrected ("2 horas 38, no 2:41") corrects the note that told it, whatever else
    it says. A path or file name the note states and the change (``said``, when given) does
    not is such a thing ("...; entry point src/tidepool/app.py"). In the statement of the
    old value itself it is not ("reads its config from ~/.config/x.yaml with viper", then
    "Replaced viper with koanf"): that note still says which library, and the whole goes."""
    if change.slip:
        return False
    old = _whole_words(change.old)
    written = fold(said).lower() if said is not None else None
    parts = [past_label(part) for part in _CLAUSES.split(text) if part and part.strip()]
    if len(parts) < 2:
        return False
    return any(not (_whole_words(part) & old)
               and (_whole_words(" ".join(word for word in named(part)
                                          if not is_common_word(word.strip(".,:;!?()")))) - told
                    or written is not None
                    and any(path.lower() not in written for path in _paths(part)))
               for part in parts)


def _paths(text: str) -> list[str]:
    """The paths and file names ``text`` states ("src/tidepool/app.py", "docs/", "uv.lock"),
    not a ratio or "and/or"."""
    return [path for path in _PATH.findall(text) if re.search(r"[a-z]", path, re.IGNORECASE)
            and ("." in path or path.count("/") > 1 or path.endswith("/"))]


_PATH = lazy_regex(r"(?<![\w/~.-])(?:~?[\w.-]*/[\w.-]+(?:/[\w.-]*)*|[\w-]+\.(?:py|ts|tsx|js|jsx|"
                   r"go|rs|rb|java|kt|yaml|yml|toml|json|tf|hcl|md|cfg|ini|sh|sql|lock))"
                   r"(?<![.])")
"""A path or a file name a note states ("src/tidepool/app.py", "~/.config/gravelpit/
config.yaml"): a thing of its own, which a change that does not name it leaves true."""


def _key_terms(value: str) -> frozenset[str]:
    """The terms of a value's names and versions ("Postgres 15" -> postgres, 15; "black +
    isort" -> black, isort): what a memory stating the value must hold."""
    return frozenset(parse_query(" ".join(named(value) or value.split())).query_terms)


def _other_reading_terms(text: str) -> set[str]:
    """The index terms of ``text``'s words read in the other language (``bilingual``): a
    change told in Spanish of a memory told in English ("me pagó 3.050 libras, no 3.200 ...
    el presupuesto" / "... budget £600") shares its context only in the other words."""
    reading = other_reading(past_label(text)) or []
    return set(parse_query(" ".join(other for word, others in reading for other in others
                                    if other != word)).query_terms)


@dataclass(frozen=True)
class _OldValue:
    """A change's old value as a memory must state it to be the memory the change replaced:
    its names and versions (``value``), or its value in any writing (``stated``), with the
    thing a bare number counts (``counted``; a sum in any writing when ``money``), none of
    the new value's names, and nothing else told beside it (``_tells_more``)."""

    change: Replacement
    value: frozenset[str]
    names: tuple[str, ...]
    stated: frozenset[str]
    counted: frozenset[str]
    money: bool
    new: frozenset[str]
    told: frozenset[str]
    said: str | None = None
    """The change's own text (``_tells_more``: a path it does not state keeps a note)."""
    new_stated: frozenset[str] = frozenset()
    """The new value in any writing, when it is one ("15"): a memory holds it only as a value
    it states, not as a part of its own date ("[2025-11-15] ... 16 feet long" holds no 15)."""

    def stated_by(self, model: ReadModel, leaf_id: str) -> bool:
        """Whether memory ``leaf_id`` states the old value as this says."""
        held = model.index.terms_of(leaf_id)
        text = model.text_of(leaf_id)
        change = self.change
        return (self.stated <= sums(text) if self.money else self.counted <= held) \
            and not (self.new and self.new <= held
                     and self.new_stated <= values(text)) \
            and ((self.value & _whole_words(change.old)) <= _whole_words(text)
                 and self.value <= held or bool(self.stated and self.stated <= values(text))
                 or (change.slip and _name_in_part(self.names, held, text))) \
            and (change.slip or _names_told(text) <= REPLACED_MAX_NAMES) \
            and not _tells_more(text, change, self.told, self.said)


def exact(stated: frozenset[str]) -> bool:
    """Whether a value is told too exactly to be another memory's by chance: a time to the
    second ("1:27:45") or minutes and seconds past any hour of a clock ("48:12", "27:40"),
    a race's or a task's duration, not a clock time ("06:45": a train and a flight share
    it), a sum ("420": a van's and a piano tuner's) nor a count or a day."""
    return any(form.count(":") == 2 or ":" in form and int(form.split(":")[0]) >= 24
               for form in stated)


def _own_stating(model: ReadModel, text: str, stating: list[str]) -> list[str]:
    """Of the memories ``stating`` an old value, those the speaker of ``text`` said (its
    chat label's, or none on both): a slip corrects the teller's own word, not another
    speaker's same number."""
    speaker = opening_speaker(text)
    return [leaf_id for leaf_id in stating
            if opening_speaker(model.text_of(leaf_id)) == speaker]


def _restated_memory(model: ReadModel, msg: Replaced, change: Replacement,
                     admissible: Callable[[str], bool], common: int,
                     when: Callable[[str], tuple[str, float]]) -> str | None:
    """The memory a correction naming only the true value corrects ("I was wrong about
    Toffee, she's four", "Me equivoqué con el alquiler: son 910 euros"): the latest current
    memory of the same speaker sharing a word of what the correction is about ("Toffee",
    "alquiler"), holding its unit ("euros") when it says one, and stating another value of the
    same kind (a time for a time), not the true one."""
    index = model.index
    new = values(change.new or "")
    thing = _key_terms(change.thing) if change.thing else frozenset()
    context = {t for t in parse_query(past_label(uncorrected(msg.text))).query_terms
               if index.doc_freq(t) <= common and not t.isdigit()} - thing
    if not new or not context:
        return None
    timed = any(":" in form for form in new)
    picked: list[str] = []
    for leaf_id, _, _ in index.search(Query.of_terms(context | thing), limit=REPLACED_POOL,
                                      allowed=admissible):
        held = index.terms_of(leaf_id)
        stated = values(model.text_of(leaf_id))
        if held & context and thing <= held and not new <= stated \
                and any((":" in form) == timed for form in stated - new):
            picked.append(leaf_id)
    own = _own_stating(model, msg.text, picked)
    timeline = model.facts.timeline_for_leaves(own)
    current = [(len(index.terms_of(leaf_id) & context), when(leaf_id), leaf_id) for leaf_id in own
               if timeline.leaf_currency(leaf_id) == "CURRENT"]
    return max(current)[2] if current else None


def replaced_memory(model: ReadModel, msg: Replaced,
                    when: Callable[[str], tuple[str, float]]) -> str | None:
    """The memory whose state ``msg.text`` says it changed: an earlier memory (of its own
    scope or a global one, of that day or before, current, of a person if the text is)
    holding the old value's names and versions ("Postgres 15", "Celery"), none of the new
    value's, and a word of the rest of the text (the context: "billing-api", "Python") or
    every uncommon word of the thing it names ("WEBHOOK_MAX_RETRIES" from 5 to 3), in
    either language ("presupuesto" for a memory's "budget": ``_other_reading_terms``), or,
    when none does, a recorded fact whose value is the old one ("My bank is ING."); of
    several, the one sharing most context words, then the latest."""
    changes = msg.changes
    if not changes:
        return None
    index, metas = model.index, model.leaves
    said = set(parse_query(msg.text).query_terms) | _other_reading_terms(msg.text)
    # the teller's chat label is no word of what a slip is about: "Tomás: Correction on the
    # canoe: ..." is not of every turn of Tomás's that says 16 (``_own_stating`` reads who)
    unlabelled = set(parse_query("\n".join(
        past_label(line) for line in msg.text.split("\n"))).query_terms) \
        | _other_reading_terms(msg.text)
    common = max(REPLACED_MIN_DF, int(len(index) * REPLACED_COMMON_SHARE))
    day = msg.day.isoformat() if msg.day else None

    def admissible(leaf_id: str) -> bool:
        meta = metas.get(leaf_id)
        # a project's undated note was saved before the change: of no later day (``days``)
        return meta is not None and scope_admits(msg.scope, meta.scope) \
            and (day is None or when(leaf_id)[0] <= day
                 or saved_in_order(meta) and meta.scope == msg.scope) \
            and ("tool" != meta.origin or msg.origin == "tool")

    for change in changes:
        if not change.old:
            restating = _restated_memory(model, msg, change, admissible, common, when)
            if restating is not None:
                return restating
            continue
        value = _key_terms(change.old)
        names = named(change.old)
        stated = values(change.old)
        counted: frozenset[str] = frozenset()
        money = False
        # a time or a duration ("3 hours 12 minutes", "7:30 pm") says its unit: no bare number
        if names and all(_VERSION.match(word) for word in names) \
                and not any(":" in form for form in stated):
            if not change.thing:
                continue  # "/v1 is deprecated": a bare version ties to any note's v1
            counted = _key_terms(change.thing)  # "Node from 20 to 22": a 20 of Node's
            # "3.050 libras, no 3.200": a sum of 3,200 in any writing ("£3,200")
            money = is_money_word(change.thing)
        old = value | counted
        new = _key_terms(change.new) if change.new else frozenset()
        # a number is no context: the note's own date ("2025-04-02") is in most notes
        context = {t for t in (unlabelled if change.slip else said) - old - new
                   - set(parse_query(change.old).query_terms)
                   if index.doc_freq(t) <= common and not t.isdigit()}
        if not old:
            continue
        # the thing named ("Cut WEBHOOK_MAX_RETRIES from 5 to 3") ties its note as context
        # does: the note "WEBHOOK_MAX_RETRIES=5" may share no other word with the change
        thing = {t for t in _key_terms(change.thing) if index.doc_freq(t) <= common
                 and not t.isdigit()} if change.thing else set()
        told = old | new | _whole_words(msg.text)
        # a slip that says what it is about before its value ("Correction on the canoe: 15
        # feet, not 16") is not tied by its unit alone to another thing's value ("My kayak is
        # 16 feet long"); "canoe" is a word no dictionary of common words holds ("earlier",
        # "garden" are), and what follows the value explains the slip ("I miscounted the oat
        # ones", "the shy one was hiding")
        told_before = past_label(msg.text).partition(change.new or "\n")[0]
        about = change.slip and bool(context & set(parse_query(" ".join(
            word for word in tokens(uncorrected(told_before))
            if not is_common_word(word))).query_terms))
        found = index.search(Query.of_terms(old | context),
                             limit=REPLACED_POOL, allowed=admissible)
        picked: list[tuple[int, tuple[str, float], str]] = []
        stating: list[str] = []

        reading = _OldValue(change, value, tuple(names), stated, counted, money, new, told,
                            msg.text, values(change.new) if change.new else frozenset())
        for leaf_id, _, _ in found:
            if not reading.stated_by(model, leaf_id):
                continue
            held = index.terms_of(leaf_id)
            if held & context or (thing and thing <= held and not about):
                picked.append((len(held & context), when(leaf_id), leaf_id))
            else:
                stating.append(leaf_id)
        if not picked and stating:
            # no context word shared ("My bank is ING." / "moved my accounts from ING to
            # Openbank"): the memory whose fact has the old value itself states it
            facts = model.facts.timeline_for_leaves(stating)
            picked = [(0, when(leaf_id), leaf_id) for leaf_id in stating
                      if any(_key_terms(fact.value) == old
                             for fact in facts.facts_for_leaf(leaf_id))]
            if not picked and change.slip and not thing and msg.day is not None:
                # a slip told with its values alone ("Me equivoqué, no era el martes, era el
                # jueves"): it corrects what was just said, the latest memory saying it, of
                # the ``SLIP_DAYS`` up to the correction's day
                since = (msg.day - dt.timedelta(days=SLIP_DAYS)).isoformat()
                picked = [(0, when(leaf_id), leaf_id) for leaf_id in stating
                          if when(leaf_id)[0] >= since]
        if not picked and change.slip and exact(stated):
            # "my time was actually 1:26:58, not 1:27:45" weeks after "Finished the
            # Strathclyde Park Sprint in 1:27:45", no other word shared: a time this exact,
            # stated by one earlier memory of the same speaker, is that memory's
            own = _own_stating(model, msg.text, stating or [
                leaf_id for leaf_id, _, _ in index.search(
                    Query.of_terms(old), limit=REPLACED_POOL,
                    allowed=admissible) if reading.stated_by(model, leaf_id)])
            picked = [(0, when(leaf_id), leaf_id) for leaf_id in own[:1] if len(own) == 1]
        if change.slip:
            # a slip corrects the teller's own word: a friend's "16 feet!" said back between
            # "... canoe, 16 feet long" and "Correction on the canoe: 15 feet, not 16" shares
            # the context as well, and is later
            teller = _own_stating(model, msg.text, [p[2] for p in picked])
            picked = [p for p in picked if p[2] in teller] or picked
        if not picked:
            continue
        timeline = model.facts.timeline_for_leaves([p[2] for p in picked])
        current = [p for p in picked if timeline.leaf_currency(p[2]) == "CURRENT"]
        if current:
            return max(current)[2]
    return None
