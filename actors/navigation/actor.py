"""The navigation actor: answers searches from its own read model, obeying the timeline.

One search: take in what other processes wrote (incremental) → beam descent over the tree →
full-text BM25 over every leaf when the descent found nothing or only a weak hit (no false
absence) → drop retracted and out-of-scope leaves → rank superseded memories below their
successors → lead with the current value when the question asks for an attribute → decide
between an answer and a clue request. Everything runs in one worker-thread hop per request,
so the event loop stays free while BM25 runs.
"""

from __future__ import annotations

import collections
import dataclasses
import datetime as dt
import functools
import heapq
import itertools
import math
import re
import time
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar, cast

import anyio
from anyio.abc import TaskGroup, TaskStatus

from actors.allocator import return_free_memory
from actors.base import Actor, call_in_thread
from actors.checks import check_text
from actors.dates import LEADING_DATE, MONTHS
from actors.embedding.index import VectorIndex, marks_apart
from actors.embedding.neighbours import WordNeighbours
from actors.embedding.sentence import MODEL_ID, PASSAGE_FROM
from actors.embedding.word_table import WordTable
from actors.facts.endings import is_ending
from actors.facts.job_ends import newest_side_first
from actors.facts.keys import (
    PERSONAL_ATTRIBUTES,
    fact_key,
    normalise_words,
    personal,
    role_beside,
    scoped_subject,
)
from actors.facts.makes import kind_of as make_kind
from actors.facts.project_changes import names_of_kind
from actors.facts.project_questions import part_keys
from actors.facts.questions import (
    attribute_question,
    history_question,
    part_asked,
    suite_asked,
)
from actors.facts.speakers import (
    ASSISTANT_LABELS,
    USER_LABELS,
    Speaker,
    opening_speaker,
    past_label,
    speaker_of,
)
from actors.facts.speakers import turns as chat_turns
from actors.facts.timeline import ResolvedFact, Teller, Timeline
from actors.lazy_re import lazy_regex
from actors.navigation import (
    asked_topic,
    beyond_names,
    closed_kinds,
    instances,
    not_taken,
    notice_words,
    open_kinds,
    proximity,
    ranking,
    senses,
    several,
)
from actors.navigation.across import CrossWords
from actors.navigation.advice_domains import asked_domains, stated_domains, stating, words_of
from actors.navigation.answer_type import (
    NAME_WORDS,
    asks_name,
    asks_place,
    asks_what_it_is,
    bare,
    holds_beside,
    holds_value,
    names_by,
    names_given,
    tells_a_place,
    tells_a_schedule,
    tells_a_value,
    unqualified,
    value_asked,
    written_names,
)
from actors.navigation.answer_type import expected as expected_answer
from actors.navigation.answer_type import holds as holds_answer
from actors.navigation.apart import Apart, apart_said
from actors.navigation.asked_detail import AskedDetail, detail_asked
from actors.navigation.asked_person import (
    THE_USER,
    asks_about_the_user,
    asks_of_the_user,
    names_asked,
    names_the_user,
    other_speaker,
    other_than_the_user,
    others_own,
    said_by_asked,
    speaker_name,
    tells_the_asked,
)
from actors.navigation.asked_setting import setting_asked
from actors.navigation.bearing import Bearing, bearing, words
from actors.navigation.bilingual import other_reading, translatable
from actors.navigation.bm25 import idf
from actors.navigation.compared import compared_things
from actors.navigation.confidence import (
    MEANING_LEAD,
    Candidate,
    apply_clue,
    clue_request,
    collapse_corrections,
    confidence,
)
from actors.navigation.conversation import Conversation, asks_outcome, doing_told
from actors.navigation.crowd_names import without_crowd_names
from actors.navigation.days import day_of, saved_in_order, states_its_day
from actors.navigation.descent import descend
from actors.navigation.events import asks_when, spanned_thing
from actors.navigation.index_commits import IndexCommits
from actors.navigation.kind_in_passing import only_not_had, only_plural
from actors.navigation.kinds import things_of, tool_names
from actors.navigation.messages import (
    AttributeAnswer,
    CurrentFact,
    Hit,
    LeavesOf,
    Recent,
    RecentMemory,
    Replaced,
    Saved,
    ScopeFacts,
    Search,
    SearchResult,
    SearchTrace,
    Stats,
    TreeView,
    Turn,
)
from actors.navigation.named_crowd import apart_from_named, named_own, users_apart
from actors.navigation.parted_with import PartedWith
from actors.navigation.partly_outdated import ended_by
from actors.navigation.query import (
    INFERENCE_WORDS,
    NOW_WORDS,
    QUESTION_WORDS,
    RELATION_WORDS,
    Query,
    asks_a_liking,
    asks_a_measure,
    asks_a_recommendation,
    asks_a_schedule,
    asks_about_before,
    asks_about_now,
    asks_an_inference,
    asks_for_advice,
    asks_for_history,
    asks_how_things_stand,
    asks_the_assistant,
    doings_asked,
    holds_identifier,
    identifiers,
    inference_subject,
    named,
    owned_by_name,
    parse_query,
    possessed,
    same_kind,
    states_a_preference,
    states_own_preference,
)
from actors.navigation.query import asked as which_asked
from actors.navigation.race_names import names_race, races_asked
from actors.navigation.read_model import ReadModel
from actors.navigation.readings import Match, Reading, Readings, back_map
from actors.navigation.replaced import replaced_memory
from actors.navigation.replacements import corrects_unasked_slip
from actors.navigation.said_asked import asked_speaker, asked_thing, names_the_thing
from actors.navigation.start_told import asks_start, with_start_told
from actors.navigation.stem import stem
from actors.navigation.stories import (
    capitalised_terms,
    named_terms,
    stops_doing,
    tells_a_change,
    tells_own_change,
)
from actors.navigation.sum_asked import SumAsked, sum_asked
from actors.navigation.text_memo import TextMemo
from actors.navigation.the_user import as_the_user, our_as_my
from actors.navigation.thing_owner import (
    asks_the_users_own,
    note_for_other,
    only_theirs,
    said_apart,
    teller,
    thing_asked,
    told_as_own,
    users_line,
)
from actors.navigation.told_by_others import ToldByOthers
from actors.navigation.turn_order import TurnOrder
from actors.navigation.unmentioned import TIME_WORDS, Unmentioned, as_said, countries_named
from actors.navigation.whose_told import WhoseTold
from actors.navigation.work_status import (
    OPEN_WORDS,
    asks_open_work,
    open_by_work_word,
    tells_work_done,
    tells_work_open,
    tells_work_status,
)
from actors.regions import is_demonym
from actors.scopes import ALL_SCOPES, GLOBAL_SCOPES, projects_named, scope_admits, scope_key
from actors.text import fold, shorten
from actors.text import terms as text_terms
from actors.time_ranges import (
    DateRange,
    asked_range,
    day_asked,
    named_times,
    names_within,
    recent_phrase,
    stated_today,
)
from store.config import Settings
from store.errors import StoreError, StoreIOError
from store.fulltext import BACKLOG
from store.fulltext import LOCK_NAME as FULLTEXT_LOCK
from store.locks import LockManager
from store.paths import StoreLayout

WITHOUT_NAMES_SHARE = 0.5
"""The question without the names most memories hold weighs this much beside the question as
asked in its vector (``_partly_without_names``)."""
FULLTEXT_POOL = 50
OWN_POOL = 20
"""A question about the user alone whose full-text pool is full and holds another named
speaker's line, or whose vector pool holds one, is also given this many of the memories that
are no other speaker's line (the user's turns, the assistant's, notes), past the pools other
speakers' lines fill: probe45's store held fifty "Efua: Budget question: my take-home is
£2224 ..." of others' chats, and the user's "my take-home is now £2,640 a month" was in
neither pool."""
OWN_SCAN = 400
"""...taken from this many of the best by the reading's words, never more: a store of 50,000
chat turns of named speakers holds thousands of other people's lines with the words, and a
search asking the index for holders until twenty were no other's line did not end."""
PARTNER_TIMES = 2
PARTNER_SHARE = 0.2
"""A speaker saved next to a named speaker's turns this many times at least, and this share
as often as the one most often so, is one they talk with (``_partners``)."""
EVENT_WORDS = frozenset(
    """happen happened happening happens going life news new done doing
    work worked working change changed changes decide decided decision decisions discuss
    discussed talk talked
    paso pasa pasado ocurrio ocurre sucedio sucede vida novedad novedades hizo hice hecho
    hacer haciendo estuve estuvo estaba estado hiciste hicimos trabajamos trabaje trabajo
    cambiamos cambie cambio cambios cambiado cambiaron ocurrido sucedido decidimos decidi
    decidio decision decisiones hablamos hable""".split()
)
"""Words of a question that asks what went on in a time ("what happened in the user's life
in June?", "what did we change in June?", "what did we decide last week?"), not about a
topic: with them and a time, the question lists the time's memories, those holding the
question's words first."""
WHOLE = 0.999
"""A memory covering this share of the question's weight holds every word of it."""
COMMIT_INTERVAL_S = 1.0
"""How often a process looks for leaves saved since the shared index's last commit."""
COMMIT_BATCH = 256
COMMIT_MAX_AGE_S = 5.0
"""Commit once this many catalog changes wait, or the oldest has waited this long: a tantivy
commit costs a dozen fsyncs, so an agent saving now and then pays them once per few seconds,
not once per save; the tail searched meanwhile stays small."""
SETTLE_BACKLOG = 256
"""At most this many memories lacking a vector (saved just now, here or by another process; a
new store's first ones) are all embedded by a search before it answers, so that it answers
as the settled store will: probe46 asked a 230-turn chat its questions right after saving it,
and the first twenty were answered with the newest 50 turns found by their words alone
("¿Qué hice en junio?" led by an agent's note of that month; right once they had their
vectors). Long chat turns cost ~0.03 s each at low load, ~0.1 s at load 8: a few seconds,
once. A larger backlog (a bulk import, a new model) is left to the idle turns: a search then
embeds only its own candidates (``EMBED_CANDIDATES``)."""
SETTLE_MAX_S = 10.0
"""A search embedding the backlog (``SETTLE_BACKLOG``) answers after this long at most,
whatever is left (the idle turns embed the rest): a slow machine never makes it hang."""
SAVED_EMBED_S = 0.25
"""A memory saved here is embedded this long after its save (the ingest actor's ``Saved``
hint), so that other processes read its vector rather than compute it; not at once, so that
a client saving in a burst has its memories embedded in batches (one memory alone costs the
sentence model 4.4 ms, one of 16 3.0 ms). A search meanwhile embeds it itself."""
VECTOR_POOL = 30
"""Memories the vector index proposes per search (before fusion)."""
RELATIVES_READ = 200
"""How many memories holding a relative's word are read for whose relative they tell
("What is the name of Kenji's brother?" and the user's "my brother" elsewhere)."""
MORE_SHOWN = 6
"""Memories ranked right after those served that a FOUND reply names by a line each
(``SearchResult.more``). Measured on two outside LoCoMo-style sets (one memory per turn, the
default limit of 3; answer shown): 0.60 / 0.55 and 0.52 / 0.61 with the three served; 0.66 /
0.59 and 0.58 / 0.65 with the next two's first 200 characters (0.66 / 0.62 and 0.58 / 0.67
with limit 5, every memory in full); with the next four's, 0.68 / 0.66 and 0.65 / 0.68, for
about 190 characters more per reply (bbtest29 and bbtest27, per turn). Six, measured on three
outside sets (bbtest30 per session / per turn, bbtest29 per turn, all four: answer shown):
88 / 84, 80 / 91, 68 / 67 -> 89 / 86, 84 / 91, 71 / 67 %, for about 400 characters more per
reply (eight: 91 / 86, 86 / 92, 72 / 70 %, 800 more)."""
HISTORY_HOLDERS_MAX = 50
"""Memories naming a value of a timeline asked whole ("Which cities have I lived in?") that
still mark the user's own telling: a value named by more ("vegetarian", a city every trip
chat names) is left to the ranking."""
EXACT_CHECKED = 20
RACE_READ = 200
"""At most this many memories holding a race's number are read for its name ("5K"): a
number held more widely is taken as named, never a false "No memory found"."""
"""Best candidates whose text is checked for the question's identifiers verbatim."""
NAMED_PROJECT_CHECKED = 20
"""The caller's memories holding another project's name read for holding all of it (a name
like "billing-api" is two terms; a memory naming the project holds both, and ranks first)."""
SLIGHT_CHECKED = 30
NAMES_ONLY_TERMS = 6
"""Terms of a chat turn (its label aside) up to which one holding only the question's names
is small talk ("Lucía te manda saludos", "Miss our chats, we should call this weekend"):
longer, it may answer the turn before it by meaning alone (``Navigator._names_only``)."""
IN_RANGE_POOL = 50
"""A question only about a time ranks this many of the time's memories..."""
IN_RANGE_SCANNED = 400
"""...taken from this many of its newest, the ones telling of a doing first: a month of chat
holds hundreds of turns, and its last days' small talk filled the pool ("What happened in
August?" lost "Adopted a second cat two days ago!" of the 20th)."""
PREFERENCE_POOL = 100
PREFERENCE_WORDS = ("love loved hate hated prefer favourite favorite allergic intolerant "
                    "enjoy stand deal dislike vegetarian vegan encanta gusta odio prefiero "
                    "soporto aguanto detesto")
"""A question asking for advice also measures by meaning the user's statements of a
preference: found by these words (the best ``PREFERENCE_POOL`` of them), read to confirm."""
PREFERENCE_FLOOR = 0.05
"""...and the closest of them, at least this close, takes the reply's second place."""
ADVISED_POOL = 200
"""A recommendation asked finds the user's statements of a preference of its domain among the
best memories by the domain's words (``advice_domains``)..."""
ADVISED_MEASURED = 16
"""...the closest by their vectors of them measured again on the sentences stating them..."""
ADVISED_LEADING = 2
SAME_PREFERENCE = 0.35
"""Two statements of a preference whose sentences are this close in meaning are of one thing:
0.44-0.56 between a coffee habit and its change ("I drink my coffee dark roast" / "Cambié al
descafeinado del todo"), 0.07-0.26 between a diet, an allergy and a dislike of food."""
"""...and the closest ones by meaning, the current first, lead the reply."""
RANGE_WORDS_POOL = 1000
"""A time asked with a topic: its memories are scored on the question's words when there are
at most this many (the full-text pool keeps the store's best 50, which a busy topic fills
with memories of other times)."""
"""Memories dated in a named range that join a question that is only a time ("last week?")."""
MENTION_MONTHS = 3
"""A question about at most this many months also lists memories whose text names them."""
NEAREST_WINDOW = 24
"""A "No memory found" about a busy time reads this many of the time's memories closest in
meaning (whether each is searchable, a facts timeline over them) before offering
``ranking.NEAREST_SHOWN``: all of them cost ~0.5 s and +40 MB at 10k for a bulk import's
week; more are read only when too few of these can be shown (retracted, said twice)."""
YEARS_BACK = 5
"""How many years a month or season asked without its year may lie back (``_held_year``)."""
_BEFORE = lazy_regex(
    r"\b(?:before|prior\s+to|antes\s+de)\s+(?:(?:moving|relocating|switching|changing|going)\s+"
    r"(?:to\s+|back\s+to\s+)?|(?:joining|working\s+(?:at|for)|living\s+in)\s+|(?:mudarse|"
    r"mudarme|mudarnos|irse|irme|trabajar|vivir|entrar)\s+(?:a|en|para)\s+|"
    r"(?:(?:she|he|they|we|i|you|\w+)\s+)?(?:moved|relocated|went|joined|started\s+(?:at|with)|"
    r"left\s+for)\s+(?:back\s+)?(?:to\s+)?|que\s+(?:\w+\s+)?se\s+(?:mudara|mudase|fuera|"
    r"trasladara)\s+a\s+|que\s+(?:\w+\s+)?(?:entrara|empezara)\s+en\s+)?(?:the\s+)?"
    r"(?P<x>[^?!,.;]+)")
"""An attribute question asked about the time before one of its values ("where did the user
live before Valencia?", "¿para quién trabajaba antes de entrar en Globex?") or before a value
of another ("Where did Maya work before she moved to Denver?", "antes de que se mudara a
Denver")."""
def _names_value(named: str, value: str) -> bool:
    """``named`` (the words after "before", normalised) names ``value``: the value itself, its
    opening ("before Valencia last year"), or the town a home is in ('Capitol Hill, Denver'
    named "Denver")."""
    for said in (value, value.rpartition(",")[2]):
        words = normalise_words(said)
        if words and (named == words or named.startswith(words + " ")):
            return True
    return False


WEAK_RATIO = 1.0
"""The descent's best hit is weak when the full-text index found anything scoring higher: the
beam missed a better memory (its words are not in its ancestors' descriptors), and the trace
says the full-text search was needed (``fallback_used``). The full-text candidates join the
ranking either way: which leaves the beam reaches depends on how the tree happened to group
them, and an answer the pool holds must not depend on it ("She's scared of the hoover", out of
the beam's branches, was dropped while the descent's best equalled the pool's: an outside
two-speaker chat, turn mode, answer shown 56 -> 57 %, first 35 -> 36 %)."""
VARIANTS_CHECKED = 8
"""How many other forms of an unknown query term the coverage judgement looks for."""
CARRIED_WORDS = 2
"""How many of a question's words a memory must hold to state the value a past time had
(``_carried_into``): one word ("Tidewell") names a service, not its setting."""
CARRIED_SHARE = 0.6
"""...and must score this share of the best such memory: a long explanation holding the
same words in passing ("runs the ingestion ... at the time ...") is not the setting's
statement."""
IDLE_EMBED_S = 0.01
"""Idle pause before the next background embedding batch while memories lack vectors (a
request waiting goes first anyway). A batch is ~0.1 s of CPU (``index.BATCH_CHARS``): 0.05 s
left a free core a third idle (batches were 1.7-2.4 s of 32 long turns before)."""
EMBED_CANDIDATES = 10
"""The best memories by words a search embeds itself, best first, when they have no vector
yet (a bulk save's backlog), for ``CANDIDATES_EMBED_S`` at most (one batch at least): as many
as it judges (``ranking.ABSTAIN_DEPTH``). Right after bbtest37's build (1,488 chat turns),
asked at once: first 66.7 % -> 76.8 %, AMBIGUOUS 4.2 -> 2.5 % (settled: 73.7 %); 20 memories
and 0.5 s gave the same replies, searches ~1.4x slower at load 11. The fusion ranks the same
memories by their meaning too, wherever they stand among all (a pool of long explanations
sharing a few of the question's words left the note holding all of them without its share):
bbtest38 shown 81.6 -> 85.1 %, first 71.1 -> 70.2 %; bbtest37 92.9 / 75.8 -> 93.9 / 76.8 %;
bbtest36 first 62.3 -> 62.7 %; the six bench sets within one question."""
CANDIDATES_EMBED_S = 0.25
"""...(the first batch, ``index.BATCH_CHARS``, is ~0.1 s of CPU: a few long chat turns)."""
DISK_RETRY_S = 5.0
"""Pause of the background writes (index commits, vectors) after the disk refused one (full,
read-only, permission): searches go on from the tail meanwhile, and the log is not flooded."""


def _posix(moment: dt.datetime) -> float:
    """POSIX seconds of an as_of instant (a naive one is taken as UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.timestamp()




def _focus(best: Mapping[str, Match], leaf_id: str) -> tuple[str, ...]:
    """A served memory's own terms the question matched, for its reply's window."""
    return tuple(sorted(best[leaf_id].held_terms)) if leaf_id in best else ()



def _only_identifiers(text: str, wanted: tuple[str, ...]) -> bool:
    """The question names identifiers and nothing else ("TICKET-999?", "what about
    src/app.py"): without them, no word of it is about anything."""
    rest = text
    for ident in wanted:
        rest = re.sub(re.escape(ident), " ", rest, flags=re.IGNORECASE)
    return not [t for t in text_terms(rest) if t not in QUESTION_WORDS]


_TICKET = lazy_regex(r"(?:[A-Za-z][A-Za-z0-9]*[-_#]|#)\d+")


_TICKET_TALK = frozenset(stem(fold(word)) for word in """
    happen happened happens fix fixed fixes cause caused causes root ticket tickets issue
    issues bug bugs incident incidents problem resolve resolved resolution close closed
    status about describe described say says said mean means involve involved change
    changed changes open opened pasar paso pasó pasa arreglar arreglo arregló causa causó
    raiz raíz incidencia incidente problema error errores estado trata trataba sobre dice
    decía cambio cambió abrir abierto cerrado done finished complete completed merged shipped
    deployed ready solved progress blocked pending reopened terminado acabado hecho resuelto
    arreglado solucionado completado listo bloqueado pendiente""".split())
"""Words any question about a ticket says ("What was the root cause of PAY-1185?", "¿Qué
pasó con PAY-1400?"): a memory holding them is not about the ticket asked."""


def _ticket(identifier: str) -> bool:
    """A ticket's or incident's id (PAY-1185, INC-95, JIRA_204, GitHub's #57): one thing,
    which a memory of another number of the same tracker does not answer."""
    return _TICKET.fullmatch(identifier) is not None


def _tickets_in(text: str) -> frozenset[str]:
    """The ticket ids ``text`` names, upper case (``_ticket``)."""
    return frozenset(ident.upper() for ident in identifiers(text) if _ticket(ident))


RECENT_DAYS = 30
"""The days "recently" spans, up to the newest day the scope's memories name
(``_recent_span``)."""
RECENT_SCANNED = 400
"""The newest memories of the scope read for a day named as their own."""
OPEN_WORK_SHOWN = 10
"""Pieces of open work a reply to "Which tickets are still open?" lists at most."""
OPEN_WORK_READ = 40
"""Notes read for "Which tickets are still open?" per open word: the index's best holders of
that word alone (BM25 of one word: the shortest notes first, as a "KES-241 (in progress)"
is). At 50k memories ~13,000 notes hold one such word in passing ("code reviews", "the shop
is open"); reading them all kept the navigation actor busy 40-55 s."""
RIVALS_SHOWN = 6
"""Memories an AMBIGUOUS reply lists at least (more when ``limit`` asks for more)."""


def _story_of(leaf_id: str, successor: Mapping[str, str | None], timeline: Timeline) -> str:
    """The newest memory of the correction chain this one belongs to (itself when nothing
    corrects it): concurrent or repeated corrections of one fact form one story."""
    seen = {leaf_id}
    current = leaf_id
    while True:
        after = successor[current] if current in successor else \
            timeline.superseding_leaf(current)
        if after is None or after in seen:
            return current
        seen.add(after)
        current = after


def _time_remainder(text: str, span: DateRange | None) -> str:
    """The question without the words that name its time range (empty for "last week")."""
    if span is None or not span.phrase:
        return text
    folded = fold(text)
    at = folded.find(span.phrase)
    if at < 0 or len(folded) != len(text):
        return text
    before = _TIME_PREPOSITION.sub("", text[:at])
    return " ".join(f"{before} {text[at + len(span.phrase):]}".split()).replace(" ?", "?")


def _own_project_terms(scope: str) -> frozenset[str]:
    """The words of the name of the project a search is asked in ("project:tidepool" ->
    {"tidepool"}), as ``text_terms`` gives them; none for the global scope or every scope."""
    key = scope_key(scope)
    return frozenset(text_terms(key.removeprefix("project:"))) \
        if key.startswith("project:") else frozenset()


_TIME_PREPOSITION = lazy_regex(r"\s+(?:in|during|on|at|for|since|from|en|durante|de|del|desde)"
                               r"\s*$", re.IGNORECASE)
"""The word that introduced a time phrase: "take in October?" is "take?" without it (the
question is quoted back that way in a clue request)."""



def _served(result: SearchResult, hits: tuple[Hit, ...], size: int) -> SearchResult:
    """``result`` serving the first ``size`` of ``hits``; those left out lead what it names
    after them (``SearchResult.more``)."""
    kept = hits[:size]
    shown = {hit.leaf_id for hit in kept}
    more = [hit for hit in (*hits[size:], *result.more) if hit.leaf_id not in shown]
    return dataclasses.replace(result, hits=kept, more=tuple(
        {hit.leaf_id: hit for hit in more}.values())[:MORE_SHOWN])


def _without_time(text: str, span: DateRange | None) -> str:
    """The question without the words that name its time range ("last week", "en abril"): a
    memory is placed in time by its date, and those words would only dilute the coverage.
    A question that is only its time keeps them (something must be searched)."""
    rest = _time_remainder(text, span)
    return rest if parse_query(rest).query_terms else text




_SINCE = lazy_regex(r"\b(?:since|desde|from|a\s+partir\s+de)\s+(?:(?:the|el|la)\s+)?$")
"""The words before a time phrase asking from then on ("since March 2026", "desde mayo")."""


def _asked_since(text: str, span: DateRange) -> bool:
    """The question asks how things stand from its time on ("¿En qué empresa trabaja Nora
    desde mayo de 2026?"): the memory telling it may be of the days before ("I start on May
    4", said in April), so the time's own memories do not go ahead of it."""
    folded = fold(text)
    at = folded.find(span.phrase) if span.phrase else -1
    return at > 0 and _SINCE.search(folded[:at]) is not None


_NUMBER = lazy_regex(r"\d+(?:[.,]\d+)?")


def _names_and_numbers(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """What ``NavigationActor._told`` reads in a memory's text, whatever the question."""
    return named_terms(text), frozenset(_NUMBER.findall(LEADING_DATE.sub("", text)))


GIVEN_HOLDERS = 20
"""A word written with a capital in this many memories or fewer is looked up as a name a
memory may give the thing a name question asks about (``NavigationActor._names_given``):
a pet's or a person's name; a word more memories hold is a sentence's first common word
("First", "Por"), or a name told so often that the leading memories give it themselves."""

_names_and_numbers_of = TextMemo(_names_and_numbers)
"""Kept by text: a search compares the leading memories' names and numbers (~1.2 ms a search
at 50k), the same memories search after search."""

_NAME_ASKED = "What is its name?"
"""Any name question: the chat asked a name (``Conversation.answer_asked``)."""
_said_plainly = TextMemo(lambda text: " ".join(LEADING_DATE.sub("", text).casefold().split()))
"""``NavigationActor._said`` by text: a search compares its leading memories' words (up to
~20 a search), the same memories search after search."""

_times_named = TextMemo(named_times)
"""``NavigationActor._names_time`` by text: a time question reads the dates and months of
every memory it ranks (hundreds a question: a month's memories are scored on its words),
the same memories question after question."""

_Judge = TypeVar("_Judge", bound=Callable[[str], bool])


def _kind_first(hits: tuple[Hit, ...], holds: Callable[[str], bool],
                changed: Callable[[str, str], bool] = lambda first, other: False
                ) -> tuple[Hit, ...]:
    """The memories served, the one holding the kind of words asked for first
    (``ranking.kind_first``, not past a first memory that ``changed`` it), each with the turns
    shown beside it."""
    by_id = {hit.leaf_id: hit for hit in hits}
    return tuple(by_id[leaf] for leaf, _ in ranking.kind_first(
        [(hit.leaf_id, hit.score) for hit in hits], holds, changed))


def _giving_first(result: SearchResult, gives: Callable[[str], bool]) -> SearchResult:
    """``result`` with the first memory that ``gives`` the detail asked leading, taken from
    those served or, when none of them (nor the turn shown after the first) gives it, from
    the "also close" ones; as it was when the first memory gives it or none does."""
    hits = result.hits
    if not hits or gives(hits[0].text) or hits[0].next_turn is not None \
            and gives(hits[0].next_turn.text):
        return result
    served = next((hit for hit in hits[1:] if gives(hit.text)), None)  # the first does not
    if served is not None:
        return dataclasses.replace(result, hits=(served, *(
            hit for hit in hits if hit is not served)))
    close = next((hit for hit in result.more if gives(hit.text)), None)
    if close is None:
        return result
    return dataclasses.replace(result, hits=(close, *hits[:-1]), more=(
        hits[-1], *(hit for hit in result.more if hit is not close)))


def _first_admissible(leaves: Iterable[str], admissible: _Judge, count: int) -> list[str]:
    """The first ``count`` of ``leaves`` that are admissible, in their order: a time asked
    with a topic scores its memories on the question's words only when they are few, and
    asking the scope of each of a bulk import's day (every memory's metadata: 7,500 at 10k,
    ~0.3 s) only to learn they are too many cost more than the rest of the search."""
    return list(itertools.islice(filter(admissible, leaves), count))


def _remembered(judge: _Judge) -> _Judge:
    """``judge`` asked once per leaf: one search asks whether the same memories are in scope
    again and again (every reading's pool, the vector pool, the descent, the next turns),
    ~170 times a search at 50k memories; nothing it reads changes during the search."""
    verdicts: dict[str, bool] = {}

    def remembered(leaf_id: str) -> bool:
        verdict = verdicts.get(leaf_id)
        if verdict is None:
            verdict = verdicts[leaf_id] = judge(leaf_id)
        return verdict

    return cast(_Judge, remembered)


def _same_speaker(said: Speaker | None, other: Speaker | None) -> bool:
    """Two memories said by one speaker: both chat turns of one label (folded), or neither a
    labelled turn."""
    if said is None or other is None:
        return said is None and other is None
    return fold(said.subject or "") == fold(other.subject or "")



@functools.lru_cache(maxsize=4096)
def _spoken_lines(text: str) -> int:
    """How many lines of ``text`` open with a speaker's label ("Maya: ...", "user: ..."):
    the turns of a chat, which a note's lines or a block of code are not."""
    labels = chat_turns(text)
    return sum(speaker_of(line, turns=labels) is not None for line in text.splitlines())

class NavigationActor(Actor):
    name = "navigation"

    def __init__(self, layout: StoreLayout, settings: Settings, locks: LockManager) -> None:
        super().__init__(inbox_size=settings.inbox_size,
                         request_timeout_s=settings.request_timeout_s)
        self.layout = layout
        self.settings = settings
        self.locks = locks
        self.model: ReadModel
        """Opened by ``start`` (it opens the shared index: not in the constructor)."""
        self.conversation: Conversation
        """The turns around the memories of ``model``: made with it by ``start``."""
        self.readings: Readings
        """The question's other readings over ``model``: made with it by ``start``."""
        self.unmentioned: Unmentioned
        """What questions ask about that ``model`` does not mention: made with it by ``start``."""
        self.apart: Apart
        """The names a question joins with words no memory of their days holds (``start``)."""
        self.told_by_others: ToldByOthers
        """A chat speaker's thing every memory telling it tells as another's (``start``)."""
        self.whose_told: WhoseTold
        """A person's doing every memory holding it tells of someone else (``start``)."""
        self.parted_with: PartedWith
        """A thing asked as bought that every memory holding it tells as sold (``start``)."""
        self._pending_since: float | None = None
        """When this process first saw uncommitted catalog changes (monotonic seconds)."""
        self._last_idle = 0.0
        """When the last idle turn began (monotonic seconds)."""
        self._searched = False
        """A search ran since the last idle turn (``_settle_after_searches`` is due)."""
        self._disk_refused_at: float | None = None
        """When the disk last refused a background write (monotonic seconds)."""
        self._model_asked = False
        """The model's background load was started (``_ask_for_model``, once per process)."""
        self.vectors = VectorIndex(layout)
        self.use_vectors = True
        """Off only for measurement (bench/retrieval_bench.py compares the lexical-only path)."""
        self.use_bilingual = True
        """Off only for measurement, as ``use_vectors``."""
        self.use_derived = True
        """Off only for measurement, as ``use_vectors`` (derived forms of the question's words)."""
        self.neighbours = WordNeighbours(WordTable())
        self.use_neighbours = True
        """Off only for measurement, as ``use_vectors`` (words close in meaning to the
        question's, ``actors.embedding.neighbours``)."""
        self._embed_pending = True
        self._plans: dict[int, tuple[Query, tuple[tuple[str, float, tuple[str, ...]], ...]]] = {}
        self._turn_order = TurnOrder()
        """The catalog's next turns and turns around a memory, kept per catalog state."""
        self._background: TaskGroup | None = None
        """Owns the background load of the vectors and the model, and the shared index's
        commits (``run``'s task group)."""
        self._commits = IndexCommits(layout, locks, self.name)
        self._warmed: anyio.Event | None = None
        """Set when the background load of this start has ended (loaded or failed)."""
        self._model_in = anyio.Event()
        """Set when the background load of the model (``_load_model``) has ended: asked and
        not set, it is running."""
        self.warm_vectors = True
        """Load the stored vectors and the model in the background at start. Off for a process
        that never searches (the session-start brief): a thread's load cannot be cancelled,
        so stopping would wait ~1 s for a model nothing asked for."""
        self.vectors_wait_s: float | None = None
        """How long a search waits for the background load of the vectors and the model.
        None (one-shot CLI searches, hooks): until it ends, as when the first search loaded
        them itself. The MCP server (a long-lived process, which also loads the model in its
        first idle second) bounds it: a server started for one question answers it by
        meaning, as the CLI does, but a load that hangs leaves searches lexical, not stuck."""

    async def run(self, *, task_status: TaskStatus[None] = anyio.TASK_STATUS_IGNORED) -> None:
        """The actor loop inside a task group of its own, for the background vector load:
        it ends with the loop (cancelled if still running), so nothing outlives the actor.
        A failure of the loop itself (a start-up error) reaches the runtime as it is, not
        wrapped in this group."""
        try:
            async with anyio.create_task_group() as tg:
                self._background = tg
                try:
                    await super().run(task_status=task_status)
                finally:
                    self._background = None
                    tg.cancel_scope.cancel()
        except BaseExceptionGroup as group:
            if len(group.exceptions) == 1:
                raise group.exceptions[0] from None
            raise

    def _ask_for_model(self) -> None:
        """Start the background load of the model (``_load_model``), once per process."""
        if not self._model_asked and self._background is not None:
            self._model_asked = True
            self._background.start_soon(self._load_model)

    async def _load_model(self) -> None:
        try:
            await call_in_thread(self.vectors.embedder.load)
            await call_in_thread(self._build_neighbours)
        except Exception as exc:  # searches stay lexical; the next start tries again
            self.log.error("embedding.load_failed", error=f"{type(exc).__name__}: {exc}")
        finally:
            self._model_in.set()

    async def _model_for_new_memories(self, wait_s: float | None) -> None:
        """A server whose store had no vector at start (a new store) loads the model in its
        first idle second; a search before that, right after the first saves, waits for it
        (at most ``wait_s``) so that the memories just saved are compared by meaning in this
        very search (``SETTLE_BACKLOG``): "What two-wheelers do I have?" found "I bought a
        Brompton" a second later, and was "No memory found" at once."""
        if wait_s is None or self._background is None or self.vectors.embedder.loaded \
                or not self.vectors.loaded:
            return
        if not await call_in_thread(self.model.catalog.last_seq):
            return  # nothing saved yet: nothing to compare
        self._ask_for_model()
        with anyio.move_on_after(wait_s):
            await self._model_in.wait()

    def _loading_in_background(self) -> bool:
        """The background load of the model is still running: an embedding now would wait
        for it on the actor's own turn, and every search behind it."""
        if self.vectors.embedder.loaded:
            return False
        asked = self._model_asked and not self._model_in.is_set()
        return asked or (self._warmed is not None and not self._warmed.is_set())

    async def _warm(self, vectors: VectorIndex, warmed: anyio.Event | None = None) -> None:
        """Load the stored vectors and the model off the start path: until they are in, a
        search answers from the full-text index alone (nothing waits for them)."""
        started = time.perf_counter()
        try:
            await call_in_thread(vectors.warm)
            if vectors.embedder.loaded:
                await call_in_thread(self._build_neighbours)
        except Exception as exc:  # searches stay lexical; the next start tries again
            self.log.error("embedding.load_failed", error=f"{type(exc).__name__}: {exc}")
            return
        finally:
            if warmed is not None:
                warmed.set()
        self.log.info("embedding.loaded", vectors=len(vectors),
                      duration_ms=round((time.perf_counter() - started) * 1000, 2))

    async def wait_warmed(self) -> None:
        """Until the background load of this start (the stored vectors, the model, the words
        close in meaning) has ended, loaded or failed; at once when none was started."""
        if self._warmed is not None:
            await self._warmed.wait()

    async def _vectors_loaded(self, wait_s: float | None) -> None:
        """Wait for the background load of this start (it ends loaded or failed), at most
        ``wait_s`` seconds (None: until it ends)."""
        if self._warmed is None or self.vectors.ready:
            return
        with anyio.move_on_after(math.inf if wait_s is None else wait_s):
            await self._warmed.wait()

    async def start(self) -> None:
        self.vectors = VectorIndex(self.layout, self.vectors.embedder)
        self._embed_pending = True
        if self._background is not None and self.warm_vectors:
            self._warmed = anyio.Event()
            self._background.start_soon(self._warm, self.vectors, self._warmed)
        started = time.perf_counter()
        self.model = await call_in_thread(ReadModel, self.layout)
        self.conversation = Conversation(self.model, self.vectors, self._turn_order)
        self.readings = Readings(self.model, self.neighbours)
        self.unmentioned = Unmentioned(self.model, self._weights, CrossWords(
            self.vectors.embedder.encode, lambda: self.vectors.embedder.loaded))
        self.apart = Apart(self.model, self.neighbours)
        self.told_by_others = ToldByOthers(self.model, self.apart)
        self.whose_told = WhoseTold(self.told_by_others)
        self.parted_with = PartedWith(self.told_by_others)
        committed = 0
        try:
            if await call_in_thread(self.model.index_ahead_of_catalog):
                # The catalog was re-derived (its sequence numbers restarted): index it again.
                async with self.locks.hold(FULLTEXT_LOCK, actor=self.name, timeout_s=600):
                    committed = await call_in_thread(self.model.rebuild_index)
            elif await call_in_thread(self.model.pending) > BACKLOG:
                # A store the index has not seen (first start, a lost index): index it once,
                # under the lock, rather than holding thousands of leaves in every process'
                # tail.
                async with self.locks.hold(FULLTEXT_LOCK, actor=self.name, timeout_s=600):
                    committed = await call_in_thread(self.model.commit_pending)
        except StoreIOError as exc:  # a full or read-only disk: search from the tail for now
            self._disk_refused_at = time.monotonic()
            self.log.warning("navigation.background_writes_paused", error=str(exc),
                             retry_s=DISK_RETRY_S)
        added = await call_in_thread(self.model.refresh)
        self.log.info("navigation.ready", leaves=len(self.model.leaves), indexed=added + committed,
                      rebuilt=self.model.index.disk.rebuilt,
                      duration_ms=round((time.perf_counter() - started) * 1000, 2))

    def idle_after(self) -> float | None:
        """Counted from the last idle turn, not from the last message: a client that searches
        (or a GUI that polls stats) more often than the interval must not postpone the
        index commit and the embedding forever."""
        busy = self._embed_pending or self.vectors.queued or self.model.arrived
        interval = IDLE_EMBED_S if busy else COMMIT_INTERVAL_S
        if self._disk_refused_at is not None:
            interval = max(interval, DISK_RETRY_S)
        return max(0.0, self._last_idle + interval - time.monotonic())

    async def on_idle(self) -> None:
        """Commit the shared full-text index when its batch is due, then embed one batch of
        memories that have no vector yet. A disk that refuses the writes (full, read-only)
        pauses them for ``DISK_RETRY_S``; searches go on meanwhile (the uncommitted leaves
        are read from this process' tail) and nothing restarts."""
        self._last_idle = time.monotonic()
        if self.vectors_wait_s is not None and self.use_vectors \
                and not self.vectors.embedder.loaded:
            # a server loads the model in its first idle second, even on an empty store (in
            # the background: searches meanwhile answer from the words): a search just after
            # the first saves then compares them by meaning too (the same reply now or in
            # five seconds), instead of "no stored memory matches" and no closest memories
            self._ask_for_model()
        try:
            await self._commit_index()
            if not self._loading_in_background():
                await call_in_thread(self._embed_some)
        except StoreIOError as exc:
            if self._disk_refused_at is None:
                self.log.warning("navigation.background_writes_paused", error=str(exc),
                                 retry_s=DISK_RETRY_S)
            self._disk_refused_at = time.monotonic()
            return
        if self._disk_refused_at is not None and not self._commits.refused:
            self.log.info("navigation.background_writes_resumed")
            self._disk_refused_at = None
        if self._searched:
            self._searched = False
            await call_in_thread(self._settle_after_searches)

    def _settle_after_searches(self) -> None:
        """What searches left behind goes back to the system, once they pause (an idle
        turn, at most one a ``COMMIT_INTERVAL_S``): the fine vector rows they read (page
        cache, ``VectorIndex.release_rows``) and the heap's free pages
        (``allocator.return_free_memory``). A question over a busy time rescores every
        memory of it, and its temporaries leave holes glibc keeps: at 50k memories 50
        searches left ~30 MB free in the heap and all 24 MB of the fine rows resident."""
        self.vectors.release_rows()
        return_free_memory()

    async def _commit_index(self) -> None:
        """Commit the leaves saved since the index's watermark (by any process), batched:
        whichever process gets the ``fulltext`` lock first commits; the others skip. The
        commit runs in the background (``index_commits``): searches, stats and a save's
        ``Replaced`` question are served meanwhile."""
        if self._commits.running:
            return
        pending = await call_in_thread(self.model.pending)
        now = time.monotonic()
        if not pending:
            self._pending_since = None
            return
        if self._pending_since is None:
            self._pending_since = now
        if pending < COMMIT_BATCH and now - self._pending_since < COMMIT_MAX_AGE_S:
            return
        analysed = {doc_id: tail.doc for doc_id, tail in self.model.index.tail.items()}
        if self._background is not None:
            self._commits.start(self._background, analysed, self._commit_ended)
            return
        async with self.locks.try_hold(FULLTEXT_LOCK, actor=self.name) as got:
            if got:  # no task group (the actor is not running its loop): commit here
                await call_in_thread(self.model.commit_pending)
                self._pending_since = None

    def _commit_ended(self, committed: bool, refused: StoreIOError | None) -> None:
        """A background commit ended (``_commit_index``)."""
        if refused is not None:
            if self._disk_refused_at is None:
                self.log.warning("navigation.background_writes_paused", error=str(refused),
                                 retry_s=DISK_RETRY_S)
            self._disk_refused_at = time.monotonic()
        elif committed:
            self._pending_since = None

    async def stop(self) -> None:
        """Leave nothing this process saw uncommitted (the next start opens a current index)."""
        await self._commits.wait()
        if await call_in_thread(self.model.pending):
            try:
                async with self.locks.hold(FULLTEXT_LOCK, actor=self.name):
                    await call_in_thread(self.model.commit_pending)
            except StoreIOError as exc:  # the next start commits them (they are in the catalog)
                self.log.warning("navigation.commit_left_to_next_start", error=str(exc))
        await call_in_thread(self.vectors.close)  # after a background load still running

    async def handle(self, message: Any) -> Any:
        if isinstance(message, Search):
            if self.use_vectors:
                await self._vectors_loaded(self.vectors_wait_s)
                await self._model_for_new_memories(self.vectors_wait_s)
            self._searched = True
            return await call_in_thread(self._search, message)
        if isinstance(message, Stats):
            # ``ihmt-async stats`` counts what is embedded; a server's stats never wait
            await self._vectors_loaded(None if self.vectors_wait_s is None else 0.0)
            return await call_in_thread(self._stats)
        if isinstance(message, TreeView):
            return await call_in_thread(self._tree, message.max_depth)
        if isinstance(message, Recent):
            return await call_in_thread(self._recent, message)
        if isinstance(message, LeavesOf):
            return await call_in_thread(self._leaves_of, message.source)
        if isinstance(message, ScopeFacts):
            return await call_in_thread(self._scope_facts, message.scope)
        if isinstance(message, Replaced):
            return await call_in_thread(self._replaced, message)
        if isinstance(message, Saved):
            self.vectors.saved_here(message.leaf_ids)
            if self.vectors.embedder.loaded:
                # embedded in an idle turn SAVED_EMBED_S after the save, not up to a second
                # later; a save never brings the model's own load forward (a search right
                # after an agent's first save would wait for it on this actor's turn)
                self._last_idle = min(self._last_idle,
                                      time.monotonic() - COMMIT_INTERVAL_S + SAVED_EMBED_S)
            return None
        return await super().handle(message)

    def _replaced(self, msg: Replaced) -> str | None:
        self.model.refresh()
        return replaced_memory(self.model, msg, self._when)

    def _scope_facts(self, scope: str) -> tuple[CurrentFact, ...]:
        """Newest first: the ACTIVE fact of every key recorded under this project's scope."""
        self.model.refresh()
        scope = (scope or "").strip()
        if scope in GLOBAL_SCOPES:
            return ()
        suffix = fact_key(scoped_subject("x", scope), "x")[0].removeprefix("x")
        keys = [k for k in self.model.facts.keys() if k[0].endswith(suffix)]
        timeline = self.model.facts.timeline(keys)
        found = [fact for key in keys if (fact := timeline.current(*key)) is not None]
        found.sort(key=lambda f: f.recorded_at, reverse=True)
        return tuple(CurrentFact(subject=f.subject.removesuffix(f" @{scope}"),
                                 attribute=f.attribute, value=f.value,
                                 valid_from=f.valid_from, recorded_at=f.recorded_at)
                     for f in found)

    def _leaves_of(self, source: str) -> tuple[str, ...]:
        """The searchable, unretracted memories saved from ``source`` (a catalog seek: an
        ingest asks it once per file, and a walk over every memory cost seconds at 50k)."""
        self.model.refresh()
        ids = [leaf for leaf in self.model.catalog.leaves_from(source)
               if leaf in self.model.leaves]
        timeline = self.model.facts.timeline_for_leaves(ids)
        return tuple(i for i in ids if timeline.leaf_currency(i) != "RETRACTED")

    def _recent(self, msg: Recent) -> tuple[RecentMemory, ...]:
        """Newest first; only memories of exactly this scope that are still current. Read
        from the catalog newest first a few at a time (``CatalogReader.newest_leaves``), so a
        brief costs the same at any store size (sorting every memory's metadata took 4.5 s
        at 50k); a row this process cannot search yet is passed over, as before."""
        self.model.refresh()
        scope = (msg.scope or "").strip()
        step = max(msg.limit, 1) * 4
        picked: list[RecentMemory] = []
        skip = 0
        while len(picked) < msg.limit:
            ids = self.model.catalog.newest_leaves(scope, step, skip)
            skip += step
            metas = [self.model.leaves[leaf] for leaf in ids if leaf in self.model.leaves]
            timeline = self.model.facts.timeline_for_leaves(m.leaf_id for m in metas)
            for meta in metas:
                if timeline.leaf_currency(meta.leaf_id) in ("RETRACTED", "SUPERSEDED"):
                    continue
                picked.append(RecentMemory(leaf_id=meta.leaf_id, timestamp=meta.timestamp,
                                           recorded_at=meta.recorded_at,
                                           excerpt=meta.excerpt))
                if len(picked) >= msg.limit:
                    break
            if len(ids) < step:
                break
        return tuple(picked)

    # ------------------------------------------------------------------ background embedding

    def _embed_some(self, *, now: bool = False, plan: bool = True) -> None:
        """One batch of memories without a vector. The whole store is planned once, after
        start (what was saved while no process ran; ``plan`` False leaves that to an idle
        turn); the leaves that arrive through catalog changes are queued, those saved here
        first, another process's after their saver had time to store its vector
        (``VectorIndex.enqueue``). ``now`` (a search): every memory still lacking a vector is
        read or computed in this call. Nothing before the background load has read the
        stored vectors (``_warm``). Arrived leaves are analysed for the tail by the next
        request that reads, not here."""
        if not self.vectors.loaded:
            return
        self.model.refresh(analyse=False)
        arrived = self.model.take_arrived()
        if self._embed_pending and plan:
            # first: what arrived before the plan (a rebuild's every leaf, say) is this
            # process's to embed, not another process's saves to wait for
            self._embed_pending = False
            self.vectors.plan(self.model.catalog.leaf_ids())  # ids only: no index lookups
        if arrived:
            self.vectors.enqueue(arrived)
        started = time.perf_counter()
        queued = self.vectors.backfill(self.model.text_of, self.conversation.earlier_turns,
                                       now=now)
        while now and queued and time.perf_counter() - started < SETTLE_MAX_S:
            # a search right after the saves of a few sessions: all of them by meaning, as
            # the settled store (``SETTLE_BACKLOG``)
            queued = self.vectors.backfill(self.model.text_of, self.conversation.earlier_turns)
        if self.vectors.embedder.loaded and not self.neighbours.built:
            self._build_neighbours()  # the model is in: its word table, off the search path

    def _embed_candidates(self, leaves: list[str]) -> None:
        """Embed these memories (best first) when they lack a vector, before the rest of the
        backlog, for ``CANDIDATES_EMBED_S`` at most (one batch at least): a search
        right after a bulk save then ranks and judges its candidates by meaning as the
        settled store would (their vectors are the same as the background's; they are only
        computed earlier). A disk that refuses to store them fails no read: they are in this
        process's matrix either way."""
        wanted = self.vectors.embed_first(leaves)
        started = time.perf_counter()
        try:
            while wanted and time.perf_counter() - started < CANDIDATES_EMBED_S:
                if not self.vectors.backfill(self.model.text_of,
                                             self.conversation.earlier_turns):
                    break
                wanted = [leaf for leaf in wanted if leaf not in self.vectors.position]
        except StoreIOError as exc:
            self.log.warning("navigation.vectors_not_stored", error=str(exc))

    def _crowd_weight(self) -> float:
        """How many memories each one embedded so far stands for in the question's crowd
        (``VectorIndex.crowd_weight``): while the background embeds a backlog, the tenth
        closest of half the store is about the twentieth of the whole. Counted on the vectors
        in as if they were all, the crowd came out lower than the settled store's, and a
        memory stood out by meaning from it that does not once every vector is in ("horario
        del gimnasio municipal", never stored, FOUND with a note on the analytics module, 170
        of 310 memories embedded)."""
        if self._embed_pending and len(self.vectors) < len(self.model.leaves):
            return max(1.0, len(self.model.leaves) / max(1, len(self.vectors)))  # unplanned
        return self.vectors.crowd_weight(len(self.model.leaves))

    def _build_neighbours(self) -> None:
        """The word table, once; logged, so a monitor (or a test measuring memory) can tell
        the last of the model's load from what comes after it."""
        if self.neighbours.built:
            return
        started = time.perf_counter()
        self.neighbours.build()
        self.log.info("embedding.words_built",
                      duration_ms=round((time.perf_counter() - started) * 1000, 2))

    # ------------------------------------------------------------------ search


    def _search(self, msg: Search) -> SearchResult:
        stated = stated_today(msg.query) if isinstance(msg.query, str) else None
        if stated is not None and stated[1].strip():
            # "Today is 2024-03-02. How many months ago...?": asked as of that day (its end),
            # and the day is no time the question asks about
            day, rest = stated
            msg = dataclasses.replace(msg, query=rest, as_of=msg.as_of or dt.datetime.combine(
                day, dt.time(23, 59, 59), tzinfo=dt.UTC))
        own = (msg.scope or "").strip()
        other = self._other_project_named(msg)
        named = other if other is not None and not self._held_here(other, own) else None
        if named is not None:
            msg = dataclasses.replace(msg, scope=named)
        result = self._search_scope(msg)
        if result.status == "NONE" and other is not None and named is None:
            # "Which Python version does tidepool use?" asked in lanternfly, whose notes name
            # tidepool's API: nothing here answers it, so what tidepool's memories tell does
            there = self._search_scope(dataclasses.replace(msg, scope=other))
            if there.status != "NONE":
                named, msg, result = other, dataclasses.replace(msg, scope=other), there
        asked = result.status in ("FOUND", "AMBIGUOUS") and not msg.clue
        things = compared_things(msg.query) if asked else None
        lasted = spanned_thing(msg.query) if asked and things is None else None
        if things is not None:
            result = self._with_each_thing(result, msg, things)
        elif lasted is not None:
            result = self._with_its_span(result, msg, lasted)
        if result.status == "NONE" and self._held_elsewhere(msg.scope or ""):
            # nothing of the caller's project is about it: is another project's memory? (one
            # more search: cheaper at 50k than listing the store's scopes, 3 s)
            wide = self._search_scope(dataclasses.replace(msg, scope=ALL_SCOPES),
                                      event="search.widened")
            scope = (msg.scope or "").strip()
            # only a memory holding a word of the question: one close in meaning alone is
            # no match to send the caller after ("FLUX29999" and another project's
            # two-word note "scope trav", its only memory)
            found = [self.model.leaves[hit.leaf_id].scope for hit in wide.hits
                     if hit.leaf_id in self.model.leaves and hit.focus] \
                if wide.status != "NONE" else []
            # (not the caller's own project, when the question named another)
            elsewhere = tuple(dict.fromkeys(s for s in found if not scope_admits(scope, s)
                                            and (named is None or s != scope_key(own))))
            if elsewhere:
                result = dataclasses.replace(result, elsewhere=elsewhere)
        unreadable = self.model.unreadable_now()
        return dataclasses.replace(result, unreadable=len(unreadable)) if unreadable else result

    def _held_elsewhere(self, scope: str) -> bool:
        """Some memory is of a scope ``scope`` does not admit (``MemoryDays.scopes``, kept by
        each refresh): only then can a search widened to every scope ("search.widened")
        name another project's memories. A store whose memories are all global, or all of
        the project asked in and global, is not searched a second time for nothing (a
        never-stored question cost two whole searches: ~5 ms more at 50k memories)."""
        scope = scope.strip()
        return scope != ALL_SCOPES and any(not scope_admits(scope, held)
                                           for held in self.model.days.scopes())

    def _other_project_named(self, msg: Search) -> str | None:
        """The scope of the one other project a question names by its name ("Which Rust
        version does kestrel use?" asked in quillon -> "project:kestrel"); None with "*"
        asked, or none or several named. Where it is searched is ``_search``'s to say: in
        that project (its memories and the global ones) when no memory the caller may see
        holds the name (``_held_here``), not with quillon's own Rust version; a name the
        caller's memories hold too ("orca publishes to harbor's queue", asked in orca) is
        something of this project's, and that project is searched only when nothing here
        answers."""
        scope = (msg.scope or "").strip()
        if scope == ALL_SCOPES or not isinstance(msg.query, str):
            return None
        named = projects_named(msg.query, self.model.days.scopes(), scope)
        return named[0] if len(named) == 1 else None

    def _held_here(self, project: str, scope: str) -> bool:
        """A memory of ``scope`` (or a global one) holds the name of ``project``."""
        leaves = self.model.leaves
        name = Query(text=project, terms=(terms := tuple(
            stem(t) for t in text_terms(project.removeprefix("project:")))), groups=(terms,))
        held_here = self.model.index.search(
            name, limit=NAMED_PROJECT_CHECKED, allowed=lambda leaf: leaf in leaves
            and scope_admits(scope, leaves[leaf].scope))
        return any(set(terms) <= held for _, _, held in held_here)

    def _with_each_thing(self, result: SearchResult, msg: Search,
                         things: tuple[str, ...]) -> SearchResult:
        """The reply to a question comparing two things ("which came first, A or B?",
        "between A and B") with the best memory of each thing among its memories: a memory
        each thing's search found and the reply lacks takes the place of the reply's last
        ones (``compared``). When each thing has its memory the best of each leads, in the
        order of their days (one memory the best of both leads alone, the second thing's next
        best after it): the question is about both, and the question's own best is often a
        second memory of one of them (the assistant's advice on the race it was told of). A clue
        request becomes an answer when each thing has its memory: it asked which one was
        meant, and the question is about both."""
        found: dict[str, Hit] = {}  # each thing's memory, by id
        own: dict[str, Hit] = {}  # ...of them, each the best of its thing's own search
        each = True
        for thing in things:
            memories = self._event_memories(msg, thing, 2)
            each = each and bool(memories)
            if memories and memories[0].leaf_id not in own:
                own[memories[0].leaf_id] = found[memories[0].leaf_id] = memories[0]
            elif len(memories) > 1:
                # the session that planned the half marathon is the best of "my first 10K"
                # too: it answers both, and the second thing's own memory is its next best
                found[memories[1].leaf_id] = memories[1]
        size = max(1, msg.limit)  # the caller's limit stands: the things come before the rest
        served = {hit.leaf_id for hit in result.hits}
        lead = (*sorted(own.values(), key=lambda hit: hit.timestamp),
                *(hit for leaf, hit in found.items() if leaf not in own))
        rest = [hit for hit in result.hits if hit.leaf_id not in found]
        if result.status == "AMBIGUOUS":
            # the clue request asks which one was meant, but the question asks about both:
            # when each thing has its own memory, those answer it
            if not each or len(found) < len(things):
                return result
            return _served(dataclasses.replace(result, status="FOUND", reason=None),
                           (*lead, *rest), size)
        wanted = [hit for leaf, hit in found.items() if leaf not in served]
        if not wanted and not each:
            return result
        if not msg.limit_given:  # added to the question's own best, not in their places: a
            # thing's best memory may be a neighbour ("half marathon" for "my 10K race time")
            size = several.places(size + len(wanted), False, size + len(wanted))
        if each:
            return _served(result, (*lead, *rest), size)
        return _served(result, (*result.hits[:1], *wanted, *result.hits[1:]), size)

    def _with_its_span(self, result: SearchResult, msg: Search, thing: str) -> SearchResult:
        """The reply to a question asking how long an event lasted ("How many days long was
        my Oaxaca trip?") led by two memories of the event told on different days, in their
        order (the one telling it started, "I'm going to Oaxaca ... October 30 to November
        3", and the one telling it ended, "Back from Oaxaca"), before the question's own
        best: the span is read between them."""
        memories = self._event_memories(msg, thing, 3)
        told = [hit for at, hit in enumerate(memories) if at == 0
                or hit.timestamp[:10] != memories[0].timestamp[:10]][:2]
        if len(told) < 2:
            return result
        served = {hit.leaf_id for hit in result.hits}
        wanted = [hit for hit in told if hit.leaf_id not in served]
        size = max(1, msg.limit)
        if not msg.limit_given:
            size = several.places(size + len(wanted), False, size + len(wanted))
        chosen = {hit.leaf_id for hit in told}
        return _served(dataclasses.replace(result, status="FOUND", reason=None), (
            *sorted(told, key=lambda hit: hit.timestamp),
            *(hit for hit in result.hits if hit.leaf_id not in chosen)), size)

    def _event_memories(self, msg: Search, thing: str, count: int) -> list[Hit]:
        """Up to ``count`` memories of an event the question names, best first, from its own
        search (the user's turn telling it before the assistant's answer to it: ``events``).
        One after the best only while it scores ``ranking.ANOTHER_MEMORY_SHARE`` of it: in a
        chat of one turn per memory the next may be any turn sharing a word."""
        part = self._search_scope(dataclasses.replace(msg, query=thing, limit=count + 1,
                                                      clue=None),
                                  event="search.part", events=True)
        if part.status not in ("FOUND", "AMBIGUOUS") or not part.hits:
            return []
        top = part.hits[0]
        return [hit for hit in part.hits
                if hit is top or hit.score >= ranking.ANOTHER_MEMORY_SHARE * top.score][:count]

    def _search_scope(self, msg: Search, event: str = "search.served", *,
                      events: bool = False) -> SearchResult:
        """The search within ``msg.scope`` (``_search`` looks further when it finds nothing),
        logged as ``event``: one "search.served" per request, which the monitor counts.
        ``events``: the memories sought tell an event of the user's (``_event_memories``),
        as a question asking when one happened does (``asks_when``)."""
        started = time.perf_counter()
        text = check_text(msg.query, what="query", limit=self.settings.max_query_chars)
        clue = None
        if msg.clue is not None and (not isinstance(msg.clue, str) or msg.clue.strip()):
            clue = check_text(msg.clue, what="clue", limit=self.settings.max_query_chars)
        scope = (msg.scope or "").strip()
        as_of_ts = _posix(msg.as_of) if msg.as_of else None
        as_of_day = msg.as_of.date().isoformat() if msg.as_of else None
        self.model.refresh()
        text = our_as_my(as_the_user(text, self.readings.user_names()))
        # a new store's first memories are embedded here even before the first idle turn
        # planned the store (a planning of a large store stays off the search path)
        unplanned = self._embed_pending and len(self.model.leaves) <= SETTLE_BACKLOG
        fresh = len(self.model.arrived) + self.vectors.unembedded + unplanned
        if self.use_vectors and self.vectors.loaded and self.vectors.embedder.loaded \
                and 0 < fresh <= SETTLE_BACKLOG:
            # the memories saved just now are compared by meaning in this very search, not
            # after the idle turns: the same question gets the same reply either way (the
            # model itself is never loaded here: that stays off the search path). Storing
            # their vectors is a write: a disk that refuses it (full, read-only) must not
            # fail a read; the vectors are in this process's matrix either way
            # (another process's memories too, before this process's store-wide plan: their
            # vectors are read when their saver stored them, computed here otherwise)
            try:
                self._embed_some(now=True, plan=unplanned)
            except StoreIOError as exc:
                self.log.warning("navigation.vectors_not_stored", error=str(exc))
        today = msg.as_of.date() if msg.as_of else dt.datetime.now(dt.UTC).date()
        span = asked_range(text, today)
        if span is not None and span.yearless:
            span = self._held_year(span, today, scope)
        recently = recent_phrase(text) if span is None else None
        if recently is not None:
            # only a question asking what went on then ("What changed recently?", "... in
            # tarn?" asked in project tarn): "Has anyone had an operation recently?" asks a
            # topic, in any month of the store
            span = self._recent_span(today, recently, scope)
            project = scope.removeprefix("project:") if scope.startswith("project:") else ""
            if span is not None and not self._only_time(_time_remainder(text, span),
                                                        text_terms(project)):
                span = None
        topic = _without_time(text, span)
        naming = asks_name(topic)
        if naming:
            topic = unqualified(topic)
        query = parse_query(topic, clue)
        readings: list[Reading] = [(query, {}, 1.0)]
        other = other_reading(topic) if self.use_bilingual else None
        translated: Query | None = None
        if other is not None:
            translated = parse_query(" ".join(w for _, ws in other for w in ws), clue)
            if translated.query_terms and set(translated.query_terms) != set(query.query_terms):
                readings.append((translated, back_map(other), ranking.TRANSLATED_SHARE))
        derived = self.readings.derived(query) if self.use_derived else None
        if derived is not None:
            readings.append(derived)
        if self.use_derived and other is not None and len(readings) > 1 + bool(derived):
            # "¿cómo se llama mi madre?" read as "mother", and "mother" held as "mum"
            derived_other = self.readings.derived(readings[1][0])
            if derived_other is not None:
                swapped, back, share = derived_other
                over = readings[1][1]
                readings.append((swapped, {**over, **{form: frozenset(
                    own for term in terms for own in over.get(term, {term}))
                    for form, terms in back.items()}}, share * ranking.TRANSLATED_SHARE))
        model = self.model
        self._plans = {}

        def admissible(leaf_id: str) -> bool:
            meta = model.leaves.get(leaf_id)
            if meta is None:
                return False
            if not scope_admits(scope, meta.scope):
                return False
            # as of a time: recorded by then, or dated by then (a chat history saved today,
            # its turns dated in May, asked about as of June: both axes of time)
            return as_of_ts is None or meta.recorded_ts <= as_of_ts or (
                as_of_day is not None and meta.timestamp[:10] <= as_of_day
                and any(tag.startswith("date:") for tag in meta.tags))

        admissible = _remembered(admissible)
        scope_seen = functools.cache(functools.partial(scope_admits, scope))

        def in_scope(leaf_id: str) -> bool:
            # ``admissible`` for a memory ``model.days`` lists (a searchable one), read from
            # the days' own scope: a busy time's thousands of memories (a bulk import's day,
            # a year of a store dated over a few years) are told apart without fetching each
            # one's stored document (~35 us and a cached document each). As of a time, the
            # memory's tags decide: ``admissible`` itself.
            if as_of_ts is not None:
                return admissible(leaf_id)
            return scope_seen(model.days.scope(leaf_id))

        relation = self.readings.named(query, topic, msg.as_of, admissible) \
            if self.use_derived else None
        if relation is not None:
            readings.append(relation)
        alias = self.readings.alias(query, topic, admissible) if self.use_derived else None
        if alias is not None:
            readings.append(alias)
        kind = self.readings.kind(query) if self.use_derived else None
        if kind is not None:
            readings.append(kind)
        synonym = self.readings.synonym(query) if self.use_derived else None
        if synonym is not None:
            readings.append(synonym)

        descent = descend(query, model, beam_width=self.settings.beam_width,
                          admissible=admissible)
        best: dict[str, Match] = {}
        pooled = 0
        best_full = 0.0
        speakers_named = self._named_speakers(text)  # once a search: each reads postings
        others_line = self._others_line(text, speakers_named)

        def users_own(leaf_id: str) -> bool:  # admissible, and no other speaker's line
            return admissible(leaf_id) and not others_line(leaf_id)

        def search_reading(reading: Query, back: dict[str, frozenset[str]], weight: float,
                           by_neighbour: bool = False) -> None:
            nonlocal pooled, best_full
            pool = model.index.search(reading, limit=FULLTEXT_POOL, allowed=admissible)
            if len(pool) >= FULLTEXT_POOL and any(others_line(leaf) for leaf, _, _ in pool):
                # "What is my take-home pay now?" among fifty "Efua: my take-home is
                # £2224 ...": the user's own memories holding its words, past the pool
                seen = {leaf for leaf, _, _ in pool}
                pool += [hit for hit in model.index.search(reading, limit=OWN_SCAN,
                                                           allowed=admissible)
                         if hit[0] not in seen and users_own(hit[0])][:OWN_POOL]
            pooled += len(pool)
            if pool:
                best_full = max(best_full, pool[0][1])
            self._take(best, reading, pool, back, weight, by_neighbour=by_neighbour)

        for reading in readings:
            search_reading(*reading)
        # Words close in meaning only when no memory holds every word of the question: then
        # they may find what the words missed; otherwise the search pays for nothing (the
        # reading costs about 3 ms at 50k memories).
        if self.use_neighbours and self.neighbours.built and not any(
                m.coverage >= WHOLE and m.weight == 1.0 for m in best.values()):
            near = self.readings.neighbour(query, topic)
            if near is not None:
                readings.append(near)
                search_reading(*near, by_neighbour=True)
        missing = [d for d in descent.leaves if d not in best]
        if missing:
            self._take(best, query, model.index.score_docs(query, missing))
        # A question about a time and nothing else ("what did I do in March?") asks for what
        # happened then: every memory of the range answers it, none is a rival. The name of
        # the project asked in is no topic ("What changed in tidepool last week?" asked in
        # tidepool): every memory searched is of it
        listing = span is not None and self._only_time(_time_remainder(text, span),
                                                       _own_project_terms(scope))
        doings: dict[str, int] = {}  # a listing reads each memory's doing once

        def tells(leaf_id: str) -> int:
            if leaf_id not in doings:
                doings[leaf_id] = self.conversation.tells(leaf_id)
            return doings[leaf_id]
        worded_in_time: list[str] = []
        if span is not None and not listing:
            # "What did I buy last month?": sixty memories say "buy" more compactly than
            # November's "I bought a second-hand road bike, a Cannondale CAAD10", which the
            # full-text pool then leaves out; the time's own memories are scored on the
            # question's words too (a month's or a season's, not a busy year's)
            dated = _first_admissible(self._dated_between(span), in_scope,
                                      RANGE_WORDS_POOL + 1)
            if len(dated) <= RANGE_WORDS_POOL:
                dated = [leaf for leaf in dated if admissible(leaf)]
                unscored = [leaf for leaf in dated if leaf not in best]
                if unscored:
                    self._take(best, query, model.index.score_docs(query, unscored))
                worded_in_time = dated
        best_descent = max((best[d].score for d in descent.leaves if d in best), default=0.0)
        fallback_reason = None
        if not descent.leaves and best:
            fallback_reason = "the tree descent reached no matching memory"
        elif best and best_descent < WEAK_RATIO * best_full:
            fallback_reason = "the tree descent's best match was weak"
        lexical_ids = set(descent.leaves) | set(best)
        clued = query.clue_terms
        if clued:  # the clue names what the descent's branches may not lead to
            lexical_ids |= {leaf for leaf, match in best.items() if match.matched & clued}

        similar: dict[str, float] = {}
        meaning_text = self._meant(text)
        preferred: str | None = None  # the user's preference closest to advice asked for
        # "What should I cook for dinner tonight?": the user's preferences of its domain
        # ("I'm pescatarian now", "no me gusta el cilantro") lead, whatever words they share
        domains = asked_domains(text) if asks_a_recommendation(text) else frozenset()
        fitting: list[str] = []
        fitting_close: dict[str, float] = {}  # ...each measured by its sentences stating it
        fitting_said: dict[str, Any] = {}  # ...and those sentences' vectors
        crowd = 0.0
        vectors = self.use_vectors and self.vectors.ready
        asked: Any = None
        by_words = heapq.nsmallest(EMBED_CANDIDATES, lexical_ids, key=lambda leaf: (
            -ranking.coordinated(best[leaf].score, best[leaf].coverage) if leaf in best
            else -descent.leaves.get(leaf, 0.0), leaf))
        if vectors and self.vectors.embedder.loaded \
                and not self.vectors.all_embedded(by_words):
            # right after a bulk save: the memories this search ranks and judges by their
            # words are compared by meaning too, not only the part of the store the
            # background has embedded so far (a settled store skips this: they are all
            # embedded already)
            self._embed_candidates(by_words)
        if vectors and len(self.vectors):  # loaded by ``_warm``; until then: lexical only
            asked = self.vectors.encode_query(text)
            if meaning_text != text:  # the question as asked, and partly without the names
                asked = _partly_without_names(asked, self.vectors.encode_query(meaning_text))
            similar, crowd = self.vectors.similar_and_crowd(
                asked, VECTOR_POOL, admissible, ranking.CROWD_RANK, self._crowd_weight())
            marked_apart = marks_apart(text)
            if marked_apart != text and not lexical_ids and not any(
                    sim >= ranking.MIN_SIMILARITY for sim in similar.values()):
                # "¿Fuma ahora el usuario?" holding no memory's word and close to nothing,
                # "I gave up smoking" stored: the model read "¿Fuma" as a piece of its own;
                # read with the mark set apart (a question some memory's words hold keeps
                # its reading: "¿Fuma el usuario estos días?" is led by the newest as before)
                asked = self.vectors.encode_query(marked_apart)
                if meaning_text != text:
                    asked = _partly_without_names(
                        asked, self.vectors.encode_query(marks_apart(meaning_text)))
                similar, crowd = self.vectors.similar_and_crowd(
                    asked, VECTOR_POOL, admissible, ranking.CROWD_RANK, self._crowd_weight())
            if any(map(others_line, similar)):  # ...and the closest in meaning of the user's
                similar.update({leaf: sim for leaf, sim in self.vectors.similar(
                    asked, OWN_POOL, users_own).items() if leaf not in similar})
            # Close in meaning and holding a question word, but past the full-text pool (50
            # other memories hold the word more compactly): scored on its words all the same.
            unscored = [leaf for leaf in similar if leaf not in best]
            if unscored:
                self._take(best, query, model.index.score_docs(query, unscored))
            # ...whether or not the tree descent reached it (after a consolidation pass the
            # descent decides which full-text matches count; the vector pool counts too)
            lexical_ids |= {leaf for leaf in similar if leaf in best}
            liking = asks_a_liking(text)
            if asks_for_advice(text) or liking:
                # "Suggest something to do on a Saturday night": what the user said they
                # love or cannot stand ("I really hate crowded places and loud bars") shares
                # no word with the question, and a haystack of advice fills the vector pool;
                # the user's own statements of a preference are measured by meaning too
                stated = self._preferences(admissible)
                unmeasured = [leaf for leaf in stated if leaf not in similar]
                if unmeasured:
                    similar.update(self.vectors.similarity_of(asked, unmeasured))
                # a liking asked is answered by a statement that stands out of the crowd
                preferred = max((leaf for leaf in stated
                                 if similar.get(leaf, 0.0) >= PREFERENCE_FLOOR
                                 and not (liking and similar[leaf] - crowd < ranking.STANDOUT)),
                                key=lambda leaf: (similar[leaf], leaf), default=None)
                if domains:
                    fitting = self._preferences_of(domains, stated, admissible)
                    fitting_close, fitting_said = self._stated_close(asked, fitting)
            # the time's memories holding the question's words are measured by meaning as
            # well, however far they rank among all (else only their rivals of other times,
            # in the vector pool, gain its bonus)
            unmeasured = [leaf for leaf in worded_in_time if leaf not in similar]
            if unmeasured:
                similar.update(self.vectors.similarity_of(asked, unmeasured))
        lexical = {leaf: ranking.coordinated(best[leaf].score, best[leaf].coverage)
                   if leaf in best else descent.leaves.get(leaf, 0.0) for leaf in lexical_ids}
        self._weigh_together(lexical, best)
        if asked is not None:
            # the best by words are ranked by their meaning too, wherever they rank among
            # all: a long explanation sharing a few of the question's words fills the vector
            # pool, and the short note holding every one of them gained nothing from meaning
            # (its own closeness, measured, is a rank among the pool's). Only the fusion
            # reads them: the abstention judges the pool as ever.
            scores = ranking.fuse(lexical, {**self.vectors.similarity_of(
                asked, [leaf for leaf in by_words if leaf not in similar]), **similar})
        else:
            scores = ranking.fuse(lexical, similar)
        about_time: set[str] = set()
        in_range: set[str] = set()
        boosts: dict[str, float] = {}  # time range, exact identifier, rare word (their factors)
        whose = self._whose_time(text, span, scores, listing) if span is not None \
            else frozenset()
        listing = listing or bool(whose)

        def own(leaf_id: str) -> bool:  # the memory is the asked person's (``whose``)
            return bool(whose) and leaf_id in model.leaves \
                and said_by_asked(whose, model.leaves[leaf_id].excerpt)
        if span is not None:
            in_range = {leaf for leaf in scores if self._dated_in(leaf, span)
                        or self._names_time(leaf, span)}
            if not listing and span.end < today and (asks_a_measure(text)
                                                      or asks_a_schedule(text)):
                # "What was the Kestrel Pay timeout in April?": the value then was told before
                in_range |= self._carried_into(span, scores, best)
            about_time = {leaf for leaf in in_range  # by a word of its own, not a neighbour
                          if leaf in best and best[leaf].matched - best[leaf].near}
            if listing:
                # of the newest recorded, the ones telling most of a doing (``tells``)
                extra = sorted(self._newest_dated(span, admissible),
                               key=lambda leaf: (not own(leaf), -tells(leaf)))[:IN_RANGE_POOL]
                if len(extra) < IN_RANGE_POOL:  # else only the dated ones reach the pool
                    extra += [leaf for leaf in self._mentioning(span, admissible)
                              if leaf not in extra]
                floor = max(scores.values(), default=1.0) * 0.5
                for leaf in extra[:IN_RANGE_POOL]:
                    scores.setdefault(leaf, floor)
                    in_range.add(leaf)
                about_time = in_range
            ranking.boost_matching(scores, in_range, ranking.IN_RANGE_BOOST, boosts)
        exact = self._exact_holders(text, scores)
        wanted = identifiers(topic)
        unheld = wanted if wanted and not exact and _only_identifiers(topic, wanted) else ()
        if wanted and not exact and not unheld and (
                all(map(self._never_named, wanted))
                or all(map(_ticket, wanted)) and not self._rest_held(query, wanted, best)):
            # "What is the GRAVITON-5512 ticket about?", in no memory; "What happened in
            # INC-95?" when INC-102 is stored: another ticket is no answer unless the rest of
            # the question names what one holds ("is TICKET-999 about the login page?" may
            # mean TICKET-1234, the login timeout); the closest are offered beside NONE
            unheld = wanted
        if not unheld:
            # "the 5K" when only a 10K is told: a race's distance is its name, not a number
            # any memory's "5" holds (``race_names``)
            unheld = tuple(race for race in races_asked(topic) if not self._race_named(race))
        ranking.boost_matching(scores, exact, ranking.EXACT_ID_BOOST, boosts)
        ranking.boost_matching(scores, {leaf for leaf in scores if leaf in best
                                        and best[leaf].matched & clued},
                               ranking.CLUE_HOLDER_BOOST, boosts)
        rare = frozenset(self._rare_holders(query, best, scores))
        ranking.boost_matching(scores, rare, ranking.RARE_WORD_BOOST, boosts)
        for leaf, name_turn in self._told_in_setting(rare, best, admissible).items():
            # the trip's turn names the place, a few turns on another tells what was done
            scores[leaf] = scores.get(leaf, 0.0) + scores[name_turn]
        leading = sorted(scores, key=lambda leaf: -scores[leaf])[:SLIGHT_CHECKED]
        name_forms = self._name_forms(readings) if naming else frozenset()
        naming_ones = self._naming(name_forms, leading)
        ranking.boost_matching(scores, naming_ones, ranking.NAME_BOOST, boosts)
        owned = {stem(t) for word in possessed(topic) for t in text_terms(word)}
        if owned:  # "What's my dog called?" and "Our neighbour's dog is called Toffee"
            ranking.boost_matching(scores, {leaf for leaf in leading
                                            if self.unmentioned.said_of_others(leaf, owned)},
                                   ranking.OTHERS_FACTOR, boosts)
        asked_names = names_asked(text)
        speakers = self._speakers(leading) if asked_names else set()
        if speakers:  # "Maya's cat?" and "Tomás: ... my grey cat Mole": Tomás's, not Maya's
            ranking.boost_matching(scores, {
                leaf for leaf in leading
                if leaf in model.leaves
                and (others_own(asked_names, speakers, model.leaves[leaf].excerpt, text)
                     or tells_the_asked(asked_names, speakers, model.leaves[leaf].excerpt,
                                        text))},
                ranking.OTHERS_FACTOR, boosts)
        thing = thing_asked(topic, self.readings.user_names())
        # "the user's dog" and "Lucas: Hemos adoptado un perro", or "Nadia's folding bike"
        # and "user: Bought a Brompton folding bike": the teller's own thing
        tellers = frozenset() if thing is None else frozenset(
            leaf for leaf in leading if leaf in model.leaves and boosts.get(leaf, 1.0) >= 1.0
            and told_as_own(model.leaves[leaf].excerpt, thing[0],
                            self.readings.user_names()) is not None)
        ranking.boost_matching(scores, tellers, ranking.TELLERS_FACTOR, boosts)
        # "Rohan's cat" and "mostly cats and dogs now", "What bike does Maeve have?" and "the
        # shop was full of bikes": the kind in general, in passing
        one_thing = thing[1] if thing is not None else which_asked(topic)
        in_passing = frozenset(leaf for leaf in leading if one_thing and leaf in model.leaves
                               and only_plural(model.text_of(leaf), one_thing))
        # "Odalys's dog" and "thinking of getting a second dog": a dog not had, named by none
        forms = frozenset() if thing is None else self._thing_forms(thing[1][-1:])
        not_had = frozenset() if thing is None else frozenset(
            leaf for leaf in leading if leaf in model.leaves
            and only_not_had(model.text_of(leaf), forms))
        ranking.boost_matching(scores, not_had, ranking.NOT_HAD_FACTOR, boosts)
        in_passing |= not_had
        tellers |= not_had  # about the question, yet never led by that (``about_first``)
        # "What is my dog's name?" and "Dário: For a dog that age ...": another's line, about
        # the question no more than the teller's own thing is (``tellers``)
        own_line = self._own_line(text, speakers_named)
        others_lines = self._others_lines(leading, scores, boosts, others_line) \
            if own_line is None else frozenset()
        ranking.boost_matching(scores, others_lines, ranking.OTHERS_FACTOR, boosts)
        tellers |= others_lines
        said_by = asked_speaker(topic)
        answered: dict[str, str] = {}
        if not asks_the_assistant(topic):
            model_turns = frozenset(leaf for leaf in leading
                                    if self.conversation.assistant_said(leaf))
            ranking.boost_matching(scores, model_turns, ranking.ASSISTANT_FACTOR, boosts)
        else:  # "Which vacuum did you recommend?": the user's "Which vacuum should I buy?"
            answered = {leaf: after for leaf in leading if self.conversation.asking(leaf)
                        and (after := self.conversation.answered_by(leaf)) is not None
                        and admissible(after)}
        requested = dict(answered)  # a request ("Which vacuum should I buy?") -> its reply
        described: dict[str, str] = {}
        if said_by is not None:
            # "What kind of index did you suggest for the slow orders dashboard?": the user's
            # "The orders dashboard is slow..." asks nothing, yet the reply right after it is
            # what was suggested ("What did Maya suggest to Tomás?": Maya's reply to Tomás);
            # unless the turn says the thing itself ("I finally watched the film you
            # recommended, 'La isla mínima'" for "What film did Marisol recommend to Declan?")
            telling = self._said_the_asked(readings, leading, None, topic)
            described = {leaf: after for leaf in leading if leaf not in answered
                         and leaf not in telling
                         and (after := self.conversation.reply_of(leaf, said_by)) is not None
                         and admissible(after)}
            answered.update(described)
        repeated = self._repeated(scores) if asked_names else set()
        # "Which running watch is good for a beginner?" is a short question, but with the
        # reply after it ("The Garmin Forerunner 55...") it is the answer asked for: the
        # reply takes its whole score (``ASKING_FACTOR`` then ranks the question down)
        slight = frozenset(leaf for leaf in leading if leaf not in answered and (
            self.conversation.slight(leaf)
            or leaf in repeated and self._names_only(leaf, best, asked_names, text)))
        ranking.boost_matching(scores, slight, ranking.SLIGHT_FACTOR, boosts)
        for leaf, after in answered.items():
            # the answer holds few of the asking turn's words ("Any app to practise
            # between lessons?" / "Simply Piano is fun"): it is found through its question
            scores[after] = max(scores.get(after, 0.0), scores[leaf])
        ranking.boost_matching(scores, frozenset(answered), ranking.ASKING_FACTOR, boosts)
        if said_by is not None:
            # "Which tram did you tell me to ride early?": of the asked speaker's turns, the
            # one saying the thing asked ("Ride tram 28 early...") or the kind of words asked
            # ("How long did you say...": "5-minute sessions"), not their first turn on it
            ranking.boost_matching(scores, self._said_the_asked(
                readings, [*leading, *answered.values()], said_by, topic,
                {after: leaf for leaf, after in requested.items()}),
                ranking.SAID_KIND_BOOST, boosts)
        exchange: dict[str, str] = {}  # a turn -> the turn of its exchange whose words it holds
        answer_kind = expected_answer(text)
        if answer_kind is not None or naming or asks_place(text) or asks_what_it_is(text):
            # "What is the name of Maya's dog?": the chat asked it too ("I adopted a dog" /
            # "¿Cómo se llama?" / "His name is Biscuit"), and the reply holds few of the
            # question's words: it is found through the turn that brought the thing up
            exchange = {after: leaf for leaf in leading  # not when it names or tells it itself
                        if leaf not in naming_ones and not (
                            answer_kind is not None
                            and holds_answer(answer_kind, model.text_of(leaf)))
                        and (after := self.conversation.answer_asked(leaf, text, admissible))
                        is not None}
            for after, leaf in exchange.items():
                scores[after] = max(scores.get(after, 0.0), scores[leaf])
            ranking.boost_matching(scores, frozenset(exchange), ranking.ANSWER_ASKED_BOOST,
                                   boosts)
        elif asked_names:
            # "When did Maya adopt Biscuit?": the name was given in the chat's answer to its
            # own question ("I adopted a dog!" / "¿Cómo se llama?" / "His name is Biscuit"):
            # the turn it answered holds what the name names, and leads with the question's
            # other words ("adopt") that the answer lacks; only a name the question says
            name_terms = {stem(term) for name in asked_names for term in text_terms(name)}
            named_in = {leaf: reply for leaf in leading if leaf in best
                        and (reply := self.conversation.answer_asked(
                            leaf, _NAME_ASKED, admissible)) is not None
                        and reply in scores and reply in best
                        and (best[reply].matched - best[leaf].matched) & name_terms
                        and best[leaf].matched - best[reply].matched}
            for leaf, reply in named_in.items():
                exchange[leaf] = reply
                scores[leaf] = max(scores[leaf], scores[reply])
            ranking.boost_matching(scores, frozenset(named_in), ranking.ANSWER_ASKED_BOOST,
                                   boosts)
        for leaf, after in answered.items():
            # judged with the words its exchange holds: "Any photographers you'd recommend?"
            # / "Look at Caro Weiss and Foxtail & Fern" is one answer (about the question,
            # and a part of a list asked), though the reply never says "photographer"
            exchange.setdefault(after, leaf)
        advice = asks_for_advice(text)
        if advice:
            said = {leaf: model.text_of(leaf) for leaf in leading
                    if not self.conversation.assistant_said(leaf)}
            liked = {leaf for leaf, told in said.items()
                     if len(told) < PASSAGE_FROM and states_a_preference(told)}
            ranking.boost_matching(scores, liked, ranking.PREFERENCE_BOOST, boosts)
        answering = self._answers_asked(topic, name_forms)
        # "Inés: Yo corrí el Trail del Moncayo ..." / "Rohan: That's a proper mountain race,
        # well done.": a reply holding a topic word her turn lacks is no better answer
        ranking.behind_replied(scores, self._replies_to_asked(asked_names, speakers, text,
                                                              leading, answering))

        as_of_dt = msg.as_of
        question = attribute_question(text)
        if question is None and other is not None:
            question = attribute_question(" ".join(w for _, ws in other for w in ws[:1]))
        questions: list[tuple[str, str]] = []
        if question:
            # This project's own value first, then the global one; a person's home or work
            # is recorded globally (``PERSONAL_ATTRIBUTES``), then in a store written before
            # that, the project's
            questions.append(question)
            if scope not in (*GLOBAL_SCOPES, ALL_SCOPES):
                scoped = (scoped_subject(question[0], scope), question[1])
                questions.insert(len(questions) if personal(question[1]) else 0, scoped)
        if question and question[1] == "employer" and not asks_place(text):
            # "What is Pablo's job?" when only his role was told ("he firmado un contrato
            # como técnico"): the role answers, after any employer
            questions += [(subject, "role") for subject, _ in questions]
        elif question and question[1] == "role":
            # "What do I do for a living?", "¿A qué me dedico?" when only the employer was
            # told ("Me dieron el trabajo en Forthbank Rail"): the employer answers, after
            # any role
            questions += [(subject, "employer") for subject, _ in questions]
        if question and scope not in (*GLOBAL_SCOPES, ALL_SCOPES):
            # "Which React version is the dashboard on?": the project's, "the prod cluster"
            # driftwood-prod's (``project_questions.part_keys``)
            questions += part_keys(fact_key(*question)[0], question[1], scope,
                                   model.facts.keys() if question[1].startswith(
                                       ("version:", "tool:")) else [])
        if question == ("project", "test_runner") and (suite := suite_asked(text)) is not None:
            # "How do I run the checkout tests?": the checkout's own command first
            # ("The checkout tests run with ..."), then the project's
            questions.insert(0, (suite, "test_runner"))
        if question and question[0] == "project" \
                and question[1].startswith(("version:", "tool:")) \
                and scope in (*GLOBAL_SCOPES, ALL_SCOPES):
            # "Which Postgres version do we use?" when the notes told it of one part ("the
            # billing database from Postgres 16 to 17": 'billing'): "we" are the team, and
            # the one thing holding that version or tool answers; two hold it, none is ours
            holders = {subject for subject, held in model.facts.keys()
                       if held == question[1] and subject != fact_key(*question)[0]}
            if len(holders) == 1:
                questions.append((holders.pop(), question[1]))
        keys = [fact_key(*q) for q in questions]
        # "Which cars have I owned?", "¿En qué ciudades he vivido?": every value of a timeline
        history = () if question else history_question(text)
        ids = set(scores) | set(fitting)  # a preference changed: its current value leads
        timeline = model.facts.timeline(
            keys + list(history) + [job for key in keys if (job := role_beside(key)) is not None]
            + model.facts.keys_of_leaves(ids),
            leaves=ids, as_of=as_of_dt)
        # the day the range read above ends (its year the store's when none was said),
        # not "recently"'s: "Where did Rohan live in March?" of a chat of 2025
        asked_day = day_asked(span, text, today) \
            if question and span is not None and recently is None else None
        if question and asked_day is None:
            asked_day = self._before_value(text, questions, timeline)
        if question and question[1] == "employer" and not asks_place(text) \
                and asked_day is None and as_of_dt is None:
            # "What is Nuria's job these days?": the side of the job told last answers
            questions = newest_side_first(questions, timeline.current)
        readings_of_time = [(timeline, asked_day)]
        if question and as_of_dt is not None:
            # as of a past day, the value valid that day: facts learnt later of a time by then
            # count, as the memories dated by then do (a history saved today); else the value
            # as recorded by then
            readings_of_time.insert(0, (model.facts.timeline(
                keys + model.facts.keys_of_leaves(ids), leaves=ids),
                asked_day or as_of_dt.date()))
        answer = next((found for told, day in readings_of_time for candidate in questions
                       if (found := self._answer(candidate, told, admissible, day,
                                                 as_of_dt)) is not None),
                      None)

        if answer is not None and (valued := answer.leaf_id) is not None \
                and valued in model.leaves and (part := part_asked(text)) is not None \
                and part not in words(model.text_of(valued)) \
                and self._named_elsewhere(part, scores, admissible, answer.attribute):
            # "Which package manager does the frontend use?": the project's move to uv is no
            # answer when a memory tells of the frontend's own ("use pnpm"); it leads. A
            # memory of the frontend naming no thing of the kind ("the frontend is
            # SvelteKit", asked its Node version) tells nothing of its own
            answer = None
        if answer is not None and answer.attribute == "test_runner" \
                and (valued := answer.leaf_id) is not None and valued in model.leaves \
                and (suite := suite_asked(text)) is not None \
                and suite not in words(model.text_of(valued)) \
                and self._named_elsewhere(suite, scores, admissible):
            # "How do I run the checkout tests?" answered 'go test ./' (lindera's tests, told
            # last), the checkout's own command shown as its "earlier" value: every test
            # command is the project's one timeline, so the memory naming the suite asked
            # answers, not the value
            answer = None

        currency: dict[str, str] = {}
        successor: dict[str, str | None] = {}
        for leaf_id in list(scores):
            state = timeline.leaf_currency(leaf_id)
            if state == "RETRACTED":
                del scores[leaf_id]
                continue
            currency[leaf_id] = state
            successor[leaf_id] = timeline.superseding_leaf(leaf_id)
        if exact and not exact & scores.keys():
            # the only memories holding the identifiers were forgotten: as if never stored
            # ("FORGETME-X1" served a filler at confidence 0.60 after its memory was forgotten)
            exact = set()
            if wanted and _only_identifiers(topic, wanted):
                unheld = wanted
        if answer and answer.leaf_id and answer.leaf_id in model.leaves:
            ranking.boost_answer(scores, answer.leaf_id)
            currency.setdefault(answer.leaf_id, "CURRENT")
            successor.setdefault(answer.leaf_id, None)
            if answer.valid_on:  # "where did I live in 2025?": the memory of then leads
                currency[answer.leaf_id] = "CURRENT"
                successor[answer.leaf_id] = None

        # A correction "matched the question itself" only when it holds the question's words:
        # a memory that is merely similar in meaning must not take its predecessor's place
        # (one exact match for a rare word, followed by a chain of look-alike corrections).
        # A slip corrected is the exception: the memory it corrects never held a true value,
        # so the correction takes its place unless the question names the wrong value.
        worded = frozenset(leaf for leaf, value in lexical.items() if value > 0) | {
            after for leaf, after in successor.items()
            if after is not None and currency.get(leaf) == "SUPERSEDED"
            and after in model.leaves and corrects_unasked_slip(model.text_of(after), text)}
        # The ranking reads an outdated memory as the question relates to what outdated it
        # (``bearing``): a greyhound question meets the session that also told of a car sold
        # later as it was; the reply still marks it by ``currency``.
        as_ranked, after_ranked, worded, as_was = _as_asked(
            text, keys + list(history), currency, successor, worded, timeline,
            {leaf: match.matched for leaf, match in best.items()})
        past = span.end.isoformat() if span is not None and span.end < today \
            and not listing else None

        def addable(leaf_id: str) -> bool:
            if leaf_id not in model.leaves or not admissible(leaf_id) \
                    or timeline.leaf_currency(leaf_id) == "RETRACTED":
                return False
            currency[leaf_id] = as_ranked[leaf_id] = timeline.leaf_currency(leaf_id)
            successor[leaf_id] = after_ranked[leaf_id] = timeline.superseding_leaf(leaf_id)
            return True

        told_by = None
        if (events or asks_when(text)) and not asks_the_assistant(topic):
            def told_by(leaf_id: str) -> str | None:
                """The user's turn telling the event that the assistant's answer answered."""
                before = self.conversation.answered(leaf_id)
                return before if before is not None and addable(before) else None

        if others_lines or any(map(others_line, leading)):
            # "How much rent do we pay now?": below the user's turn telling the same words,
            # once every step that lifts a turn by its neighbour's score is done
            user_names = self.readings.user_names()
            tellers |= ranking.below_own(
                scores, [leaf for leaf in scores if others_line(leaf)],
                [leaf for leaf in scores if leaf in model.leaves
                 and (own_line(leaf) if own_line is not None
                      else teller(model.leaves[leaf].excerpt, user_names) == THE_USER)],
                {leaf: best[leaf].matched - best[leaf].near for leaf in scores if leaf in best},
                lambda term: idf(model.index.doc_freq(term), max(len(model.index), 1)), boosts,
                frozenset() if own_line is None else frozenset(
                    stem(term) for name in names_asked(text) for term in text_terms(name)))
        if similar and not query.short:
            fixed = set(boosts) | ({answer.leaf_id} if answer and answer.leaf_id else set())
            ranking.meaning_orders_equals(
                scores, {leaf: best[leaf].matched for leaf in scores
                         if leaf in best and best[leaf].weight == 1.0  # by the question's words
                         and leaf not in fixed and currency.get(leaf) == "CURRENT"
                         and successor.get(leaf) is None},
                similar)
        # what happened in a time is its history: a memory corrected later ("my time was
        # 1:26:58, not 1:27:45") still tells what was done then ("¿Qué hice en junio?")
        ranked = ranking.order(scores, ranking.Timeline(
            as_ranked, after_ranked, worded, similar, asks_for_history(text) or listing,
            ended_by(text, keys, [leaf for leaf, state in as_ranked.items()
                                  if state == "CURRENT" and leaf in scores], timeline)),
            addable)
        if listing:
            ranked = ranking.range_first(ranked, in_range, slight, tells, own, planned={
                leaf for leaf in in_range if span is not None and span.start <= today
                and (day := self._day_of(leaf)) is not None and day < span.start},
                newest=self._when if recently is not None else None)
        value_leaves, value_holders = self._history_told(history, timeline, admissible,
                                                         addable) \
            if history and answer is None and span is None else ([], [])

        def user_words() -> set[str]:  # the user's own name, when they said it
            return {fold(word) for name in self.readings.user_names() for word in name.split()}

        if answer is None and not listing:
            # "Which countries did I travel to?": the asked speaker's memories naming each
            # thing of the kind, wherever they rank (``instances``)
            # ("How many companies have I worked for this year?": the timeline's values too)
            values = [fact.value for key in history for fact in timeline.facts_for(*key)
                      if fact.status in ("HISTORICAL", "ACTIVE") and not is_ending(fact.value)]
            # a name the question narrows the list by ("Which warehouses has Ferrocart
            # used?"), no speaker's nor the user's: every part must name it
            narrowed = {fold(name) for name in asked_names} - speakers - user_words() \
                if asked_names else set()
            # with the timeline's values told ("What jobs have I had?"), the memories naming
            # a thing of the kind listed come next, not the values again: a value it never
            # recorded ("Back when I was a barista in Seattle")
            gathered_parts = [leaf for leaf in self._instances(  # of the user's: no other's
                text, said_by, span, users_own, asked, () if value_leaves else values,
                None if value_leaves else ranked[0][0] if ranked else None, narrowed)
                if addable(leaf)]
            value_holders = [leaf for leaf in gathered_parts if leaf not in value_leaves
                             and leaf not in value_holders] + value_holders \
                if value_leaves else gathered_parts
        if not value_leaves and answer is None and span is None and asks_open_work(text):
            # "Which tickets are still open?": the open work is the answer, whatever words
            # its notes share with the question; a note of other work's status after it is
            # of work done since ("KES-212 (open)", closed on 2026-10-15)
            value_leaves = self._open_work(admissible, addable)
            if value_leaves:
                ranked = [item for item in ranked if item[0] in value_leaves
                          or not tells_work_status(model.text_of(item[0]))]
        if value_leaves or value_holders:  # every value's memory first, then those naming one
            top = ranked[0][1] if ranked else 1.0
            # ...after the best memory holding the name that narrows the kind ("What animals
            # did Maya see near Vík?": ``_decide`` keeps it first), not the user's own name
            # ("¿Qué mascotas tiene Iris?": whose the list is)
            narrowing = [item[0] for item in ranked[:1] if item[0] in rare and not value_leaves
                         and not user_words() & {fold(word)
                                                 for word in re.findall(r"\w+", msg.query)}]
            front = {*narrowing, *value_leaves, *value_holders}
            ranked = [(leaf, top) for leaf in dict.fromkeys((*narrowing, *value_leaves,
                                                             *value_holders))] + [
                item for item in ranked if item[0] not in front]
        def continuation_of(leaf_id: str) -> str | None:
            """Where the story of ``leaf_id`` stands now: its latest later memory that tells
            of a change, else its latest later memory; the story followed from memory to
            later memory ("VS Code", then "notes in Obsidian", then "notes out of Obsidian").
            "Miso eats dry food", "switched Miso to wet food", "Miso caught a mouse": the
            switch, not the mouse. A memory reached past the first step ends the story only
            if it holds a word the question matched, or stands out close to the question in
            meaning (``ranking.stands_out``: "PureGym", "joined The Engine Room", "stopped
            bouldering at The Engine Room and switched to Kirkstall CrossFit" for "What gym
            am I going to these days?"): each step shares a name or two rare words with the
            one before, and three steps drift ("Pepa weighs 3.8 kg" ... a city ... "moved the
            app to a hosted database")."""
            story: set[str] = set()
            anchored: set[str] = set()
            asked_for = best[leaf_id].matched if leaf_id in best else frozenset()
            frontier = [leaf_id]
            tickets = _tickets_in(model.text_of(leaf_id))
            for hop in range(ranking.CONTINUATION_HOPS):
                later: set[str] = set()
                for seen in frontier:  # its own conversation going on is no later news
                    replies = self.conversation.turns_after(seen)
                    later |= {doc for doc in self._continuation(seen, admissible)
                              if doc not in story and doc != leaf_id and addable(doc)
                              and doc not in replies and not self._other_ticket(tickets, doc)}
                if not later:
                    break
                story |= later
                anchored |= {doc for doc in later
                             if hop == 0 or not asked_for.isdisjoint(model.index.terms_of(doc))
                             or ranking.stands_out(similar.get(doc, 0.0), crowd)}
                frontier = sorted(later, key=self._when)[-ranking.CONTINUATION_WIDTH:]
            if not anchored:
                return None
            changes = [doc for doc in anchored if self._goes_on(leaf_id, doc)]
            return max(changes or anchored, key=self._told_when(anchored))

        continued: dict[str, str] = {}  # older -> newer: one story, told to the judge as such
        # "Which tent did you recommend for Dartmoor?": the reply is about what its asking turn
        # is about, whether or not its vector read that turn (a note saved between them)
        continued.update(answered)
        if ranked and answer is None and span is None and asks_about_before(text) \
                and tells_a_change(model.text_of(ranked[0][0])):
            # "where did Pepper use to sleep?" and the best match tells the change ("sleeps on
            # our bed now, we gave up on the crate"): the story's state before it leads
            changed = ranked[0][0]
            replies = self.conversation.turns_after(changed)
            earlier = [doc for doc in self._continuation(changed, admissible, later=False)
                       if doc not in replies and addable(doc)]
            if earlier:
                before = max(earlier, key=self._when)
                ranked = ranking.continued_first(ranked, changed, before, answers=True)
                continued[before] = changed
        elif ranked and answer is None and span is None and asks_about_now(text) \
                and not successor.get(ranked[0][0]):
            first = ranked[0][0]
            latest = continuation_of(first)
            if latest is not None:
                # only a change leads: a later memory naming the same thing ("Hans said my
                # German was bad", "Miso caught a mouse") holds the question's words too
                answers = self._goes_on(first, latest)
                ranked = ranking.continued_first(ranked, first, latest, answers=answers)
                if answers:  # else it is no correction: the best match stays a candidate
                    continued[first] = latest
        elif ranked and answer is None and span is None and asks_about_now(text) \
                and currency.get(ranked[0][0]) == "SUPERSEDED" \
                and (after := successor.get(ranked[0][0])) is not None and addable(after):
            # "which language is the user learning now?": the best match is corrected by a
            # memory holding none of the question's words ("gave up on German; Japanese
            # lessons now"): how things stand now is the correction
            ranked = ranking.continued_first(ranked, ranked[0][0], after, answers=True)
        elif ranked and answer is None and span is None and asks_outcome(text) and (
                ended := self._thread_outcome(ranked[0][0], admissible, addable, lambda doc: bool(
                    doc in best and best[doc].matched & set(query.query_terms)
                    or ranking.stands_out(similar.get(doc, 0.0), crowd)))) is not None:
            # "Which wetsuit did I end up buying?": the thread opened by "How much should I
            # spend on a wetsuit?" ended months later in "me compré el neopreno al final"
            continued[ranked[0][0]] = ended
            ranked = ranking.continued_first(ranked, ranked[0][0], ended, answers=True)
        elif ranked and answer is None and past is not None:
            # "which database did billing use in June 2025?": the best match on its topic is
            # dated after it and tells a change (July's move to PostgreSQL): the latest earlier
            # memory of its story dated by the range's end tells how things stood then
            on_topic = [leaf for leaf, _ in ranked[:ranking.ABSTAIN_DEPTH]
                        if leaf in best and best[leaf].matched - best[leaf].near]
            stood = self._state_then(on_topic[0], past, admissible, addable, [
                leaf for leaf, after in successor.items() if after == on_topic[0]]) \
                if on_topic else None
            if stood is not None:
                ranked = ranking.continued_first(ranked, on_topic[0], stood, answers=True)
                continued[stood] = on_topic[0]
        if span is not None and recently is None and not listing \
                and not _asked_since(text, span) and not (ranked and ranked[0][0] in continued):
            # a topic asked in a time: that time's memories before a lead of another time,
            # unless the lead is how its story stood then (``_state_then``: "which database
            # did billing use in June 2025?" is told by the MySQL note of 2024)
            ranked = ranking.time_ahead(ranked, in_range)
        trace = SearchTrace(
            domains_ranked=descent.domains_ranked, branches_opened=descent.branches_opened,
            node_reads=descent.node_reads, leaves_scored=descent.leaves_scored + pooled,
            fallback_used=fallback_reason is not None, fallback_reason=fallback_reason,
            leaves_in_store=len(model.leaves), meaning_compared=asked is not None)

        judged = [leaf for leaf, _ in ranked[:ranking.ABSTAIN_DEPTH]]
        judged += [leaf for leaf, after in successor.items() if after in judged]
        # a memory matched through the question's translation is not judged by its vector:
        # the model is English-centred, and an English question and its Spanish memory
        # ("what does the user's father do?" / "mi padre es carpintero") sit far apart; nor
        # is one matched through a kind's things: the model does not place "drinks" near
        # "matcha", nor "familiares" near "abuela" (``everyday_kinds``); nor one matched through a
        # word naming the same thing: the model does not join "concert" and "gig", which is
        # why ``synonyms`` lists them
        nearest_leaf = max(similar, key=lambda leaf: (similar[leaf], leaf), default=None)
        meant = similar
        judged_crowd = crowd
        # a time asked with more than the time: its topic is measured alone (below)
        time_and_topic = span is not None and bool(topic.strip()) \
            and fold(topic).strip() != fold(text).strip()
        if asked is not None and meaning_text != text and not time_and_topic:
            # compared partly without a name most memories hold to rank them, but
            # judged as asked: whether anything stored is about the question is measured
            # against thresholds set on whole questions (a store of thirty saved sessions,
            # every one naming both speakers, sits under ``STRONG_SIMILARITY`` without them)
            whole = self.vectors.encode_query(text)
            meant = {**similar, **self.vectors.similarity_of(whole, judged)}
            judged_crowd = self._crowd_of(whole, admissible, crowd)
        subject = inference_subject(topic) if asks_an_inference(topic) else topic
        on_its_own = topic if time_and_topic \
            else subject if span is None and subject != topic else None
        if asked is not None and on_its_own is not None:
            # "which concert did the user go to in March?": a memory of March is close to the
            # question by its time alone (the time is matched by the range, not by meaning);
            # whether it is about the question is measured on the rest. Measured: the
            # conversation sets lose two vague questions to "No memory found" ("what health
            # news did the user share in January?", "el calor del verano"), nothing else moves
            # and against the topic's own crowd: the question's, time included, sits higher
            # ("¿Qué le diagnosticaron a Nora en marzo de 2026?": the asthma turn is 0.25
            # from the topic, the whole question's crowd 0.30, the topic's 0.17). So is what
            # "Would Maya be interested in a ceramics workshop?" supposes, against what the
            # person told ("I signed up for a pottery class"): the framing ("would ... be
            # interested in") brings every short turn of a chat closer
            measured_part = self.vectors.encode_query(on_its_own)
            meant = {**similar, **self.vectors.similarity_of(
                measured_part, [leaf for leaf in judged if leaf in similar])}
            judged_crowd = self._crowd_of(measured_part, admissible, crowd)
        asked_terms = frozenset(query.query_terms)
        crowd_topic = ranking.crowd_topic(
            similar, {leaf: (best[leaf].matched - best[leaf].near) & asked_terms
                      for leaf in similar if leaf in best},
            model.index.doc_freq, len(model.leaves))
        # a question about named speakers: how many memories hold a word, strangers' lines
        # left out ("building" in Henrik's canoe turn, among 75 strangers' kayak lines)
        theirs_freq = None if own_line is None else self._freq_apart(others_line)
        evidence_of = {leaf: self._evidence(
            query, best.get(leaf), meant.get(leaf, 0.0), leaf in about_time or leaf in exact,
            compared=leaf in similar and not (leaf in best and translated is not None
                                              and best[leaf].reading is translated)
            and not (leaf in best and kind is not None and best[leaf].reading is kind[0])
            and not (leaf in best and synonym is not None
                     and best[leaf].reading is synonym[0]),
            closest=leaf == nearest_leaf, crowd=judged_crowd,
            topic=crowd_topic, doc_freq=theirs_freq,
            several_lines=self._several_lines(leaf)) for leaf in judged}
        if asked is not None:
            self._judge_beyond_names(on_its_own or text, evidence_of, admissible,
                                     judged_crowd)
        for after, leaf in exchange.items():  # about what the other turn matched too
            if leaf in evidence_of and (after not in evidence_of or evidence_of[
                    leaf].coverage > evidence_of[after].coverage):
                evidence_of[after] = evidence_of[leaf]
            if leaf in best:  # ...and holds, with it, the words the exchange holds
                best[after] = dataclasses.replace(best.get(after, best[leaf]), matched=best[
                    leaf].matched | (best[after].matched if after in best else frozenset()))
        measured = self._closeness(asked, [leaf for leaf, _ in ranked[:12]
                                           if vectors and leaf in self.vectors.position],
                                   similar)
        things, places, owners = ((), (), {}) if exact \
            else self.unmentioned.topic(query, topic, best)
        if places and answer is not None:
            # "How do we run the Cypress tests?" was answered with the project's test runner
            # ('make test-int'): a name the question gives that no memory holds, the answer's
            # own included, makes the value another thing's; the question is about something
            # never stored, as it is with no value at hand
            answer = None
        # "What is the name of Maya's parrot?" in a chat where Maya speaks: a thing of a
        # speaker's that no memory names is never stored, as one of the user's is; a sum or
        # a size asked ("How much would fixing Owen's old car cost?") is told by its number
        theirs = () if exact or not speakers or value_asked(topic) is not None \
            else self.unmentioned.named_unheld(
            query, tuple(pair for pair in owned_by_name(topic) if fold(pair[0]) in speakers),
            best)
        # "Would Tomás enjoy a ski trip in the Alps?": the trip is supposed, as advice's plan
        # is new; what is asked is what the person said of themselves ("Yo no soporto el frío")
        supposed = advice or asks_an_inference(topic)
        if supposed:
            # the trip's destination, "my workouts next week": the plan is new, what the user
            # likes is not (a person never mentioned still is: "my brother's birthday")
            places = ()
            things = tuple(word for word in things if fold(word).lower() in RELATION_WORDS)
            theirs = tuple(pair for pair in theirs if fold(pair[1]).lower() in RELATION_WORDS)
        # "What is the name of Tomás's niece?" when the only niece is Maya's ("Maya: My
        # niece Adaeze was born"): a speaker's thing every memory tells as another's own
        told = () if exact or things or theirs or places or supposed or not speakers \
            else self.told_by_others.told(topic, speakers, best)
        # a kind asked which one of with no thing of it stored ("What instrument...?")
        kinds = () if exact or things or theirs or places or supposed or told \
            else self.unmentioned.kinds_unheld(topic)
        # a thing of such a kind held only as its sibling ("Which guitar does the user play?"
        # when the user plays the ukulele)
        siblings = () if exact or things or theirs or places or supposed or told or kinds \
            else self.unmentioned.siblings_only(topic)
        # "Which marathon did Ana run?" when only "Ana's sister ran the Valencia marathon";
        # "What languages does my boyfriend speak?" when only the user's own classes are told
        others = () if exact or things or theirs or places or supposed or told or kinds \
            or siblings or value_asked(topic) is not None \
            else self.whose_told.told_of_others(
                topic, self.readings.user_names(),
                lambda word: self.readings.names_of(word, msg.as_of, admissible), best,
                [model.text_of(leaf) for leaf, _ in ranked[:ranking.ABSTAIN_DEPTH]])
        # "What car did the user buy in Barcelona?" when the only car told is the one sold
        parted = () if exact or things or theirs or places or supposed or told or kinds \
            or siblings or others else self.parted_with.sold_only(topic, best)
        # a name and the thing asked, each held, never together ("Which book did Teo give
        # the user?": Teo visited, the book was Inés's gift); two things compared are told
        # apart by nature ("the Sheku concert or my student evening?")
        apart = () if exact or things or theirs or places or supposed or told or kinds \
            or siblings or others or parted \
            or compared_things(text) is not None \
            else self.apart.apart(query, topic, best)
        written = as_said(text)  # "my Toyota" is folded "toyota" by ``possessed``
        unknown = (*(f"the user's '{written.get(stem(word), word)}'"
                     + (f" (only {owners[word]}'s)" if word in owners else "")
                     for word in things),
                   *(f"{person}'s '{word}'" for person, word in theirs),
                   *(f"'{name}'" for name in places),
                   *(f"{person}'s '{word}'" + (f" (only {other}'s own)" if other else "")
                     for person, word, other in told),
                   *(f"any '{word}'" for word in kinds),
                   *(f"'{word}'" for word in siblings),
                   *(f"{person}'s '{word}'" + " (told only of someone else)"
                     for person, word in others),
                   *(f"a '{word}' bought (only one sold)" for word in parted),
                   *(apart_said(name, words, query.text) for name, words in apart))
        # the lexicon's gaps: a thing it cannot translate ("sister-in-law") may be named in a
        # memory of the other language, so such a memory is still judged on its own; a name
        # is written alike in both ("Flink": "Trabajo desde Valencia" only translates "job"),
        # and a people's name is held in either language's spelling ("Italian", "italiano"),
        # a make too ("my Toyota": "Mi club de lectura... Los años de arena" holds no car)
        foreign = frozenset(leaf for leaf, match in best.items()
                            if translated is not None and match.reading is translated) \
            if unknown and not apart and not kinds and not siblings and not told and not others \
            and not parted \
            and not any(translatable(word) or make_kind(fold(word).lower()) is not None
                        for word in (*things, *places, *(word for _, word in theirs))) \
            and not set(places) & {*named(topic), *filter(is_demonym, places),
                                   *countries_named(topic)} \
            else frozenset()
        # the turn answering one is judged with its words (``exchange``), so with its
        # language: "Antes de escalar haz círculos de muñeca..." answers "Me duelen los
        # antebrazos", matched through "forearms". Among a large store's turns of the other
        # speaker, each holding the label the question names ("assistant", rare there and
        # weighed high), the turn matched through a translation falls out of the judged
        # head, and its answer was the only memory left in it that could be about the thing
        foreign |= {after for after, leaf in exchange.items() if leaf in foreign}
        if preferred is not None and asks_a_liking(text):
            # a liking asked: the statement of it is about the question, whatever words it
            # shares with it ("Odio las películas de terror" for "¿Qué tipo de cine no
            # soporta?"), and leads the memories about nothing (``ranking.about_first``)
            evidence_of[preferred] = self._evidence(
                query, best.get(preferred), meant.get(preferred, 0.0), True,
                compared=True, closest=preferred == nearest_leaf, crowd=judged_crowd)
        advised = self._advised(fitting, fitting_close, fitting_said, timeline)
        for leaf in advised:  # about the request, whatever words it shares with it
            evidence_of[leaf] = self._evidence(
                query, best.get(leaf), meant.get(leaf, 0.0), True, compared=True,
                closest=leaf == nearest_leaf, crowd=judged_crowd)
        if advised:
            # a recommendation asked: the user's preferences of its domain lead the reply,
            # as far ahead of the best match as they are close to the request in meaning
            top = ranked[0][1] if ranked else 0.0
            ranked = [(leaf, top * (1.0 + max(0.0, fitting_close.get(leaf, 0.0))))
                      for leaf in advised] + [item for item in ranked if item[0] not in advised]
        elif preferred is not None and preferred not in [leaf for leaf, _ in ranked[:3]]:
            # advice or a liking asked: the reply's second place is the user's closest
            # preference
            at = min(1, len(ranked))
            score = ranked[at][1] if at < len(ranked) else 0.0
            ranked = [item for item in ranked if item[0] != preferred]
            ranked.insert(at, (preferred, score))
        result = self._decide(query, msg, ranked, best, evidence_of, boosts, currency,
                              successor, timeline, answer, trace, measured, listing=listing,
                              unheld=unheld, continued=continued, tellers=tellers,
                              in_passing=in_passing,
                              replied={after: leaf for leaf, after in requested.items()},
                              continuation_of=continuation_of, unknown=unknown,
                              foreign=foreign,
                              as_was=as_was,
                              one_ticket=frozenset(exact) if wanted
                              and _only_identifiers(topic, wanted) else frozenset(),
                              empty_range=span.phrase if listing and span and not in_range
                              else "",
                              timely=frozenset(leaf for leaf in in_range if leaf in best
                                               and best[leaf].matched
                                               and span is not None
                                               and self._dated_in(leaf, span))
                              | {leaf for leaf in (preferred,) if leaf is not None}
                              | set(advised), advised=frozenset(advised),
                              dated=frozenset(leaf for leaf in in_range
                                              if self._dated_in(leaf, span))
                              if span is not None else frozenset(), rare=rare,
                              name_forms=name_forms,
                              answers=answering,
                              told_by=told_by, value_leaves=tuple(value_leaves),
                              value_holders=tuple(value_holders))
        unasked = self.unmentioned.topic_unheld(
            query, best, [hit.leaf_id for hit in result.hits]) \
            if result.status in ("FOUND", "AMBIGUOUS") and not listing and answer is None \
            and not value_leaves and not wanted and not supposed and asked is not None \
            and setting_asked(topic) is None else ()  # a setting's gate names it better
        if unasked and not self._meant_beyond_names(
                text, [hit.leaf_id for hit in result.hits], admissible, crowd):
            # "What is Ewan's surname?" served "Her fiancé is called Ewan", "How much did
            # Inés's sofa in Bilbao cost?" her rent in Bilbao: what the question asks beyond
            # its names is in no memory in any form (``asked_topic``), so the name alone
            # made the memory look specific
            result = dataclasses.replace(
                result, status="NONE", confidence=0.0, hits=(), more=(), absent=(),
                nearest=result.hits[:ranking.NEAREST_SHOWN],
                reason="no stored memory mentions " + " or ".join(
                    f"'{word}'" for word in unasked[:notice_words.SHOWN_WORDS]))
        declined = self._turned_down(topic) \
            if result.status in ("FOUND", "AMBIGUOUS") and not listing \
            and not not_taken.asks_the_choice(text) else ()
        if declined:
            # "Which version of MySQL do we use?" when the one memory naming MySQL chose
            # Postgres over it: a thing the question supposes in use that every memory naming
            # it turns down (``not_taken``) is something never stored
            result = dataclasses.replace(
                result, status="NONE", confidence=0.0, hits=(), more=(), absent=(),
                answer=None, nearest=result.hits[:ranking.NEAREST_SHOWN],
                reason="every stored memory naming " + " or ".join(
                    f"'{name}'" for name in declined) + " tells it was not taken")
        if result.status in ("FOUND", "AMBIGUOUS") and not listing and answer is None \
                and not value_leaves:  # the timeline answers: its kind's word is no topic
            absent = self.unmentioned.absent_words(query, best,
                                                   [hit.leaf_id for hit in result.hits])
            if wanted and not exact:
                # "root cause of HB-9999?" served with HB-2291: a code no memory holds
                # verbatim is named, its number being no word of the absent ones
                absent = notice_words.once((*wanted, *absent))
            if result.status == "FOUND" and clue:
                # a clue no memory holds re-ranks nothing: the reply says so ("Madrid")
                absent = notice_words.once((*absent, *self.unmentioned.clue_unheld(clue)))
            if asks_an_inference(topic):  # "Would Tomás enjoy...": no memory says "enjoy"
                absent = tuple(word for word in absent if fold(word) not in INFERENCE_WORDS)
            if result.status == "FOUND":
                result = dataclasses.replace(result, absent=absent)
            elif absent:
                # "What is the name of mum's cardiologist?": no memory mentions what it asks
                # about, so no clue tells its candidates apart; they are served as they
                # are, with the words no memory holds named
                result = dataclasses.replace(result, status="FOUND", reason=None,
                                             absent=absent,
                                             hits=result.hits[:max(1, msg.limit)])
        if result.status == "NONE" and similar:
            if span is not None and asked is not None:
                # "what health news did the user share in January?": the memories of the
                # asked time that are closest in meaning, not the closest of all times
                # (whether each is searchable is asked by ``_nearest`` of the few it shows;
                # only those that may reach ``NEAREST_FLOOR`` are measured, the rest it
                # would pass over)
                dated = list(filter(in_scope, self._dated_between(span)))
                then = self.vectors.similarity_of(asked, dated, at_least=ranking.NEAREST_FLOOR)
                if any(leaf in model.leaves for leaf in dated if leaf in self.vectors.position):
                    similar = then
            result = dataclasses.replace(result, nearest=self._nearest(similar, as_of_dt))
            if result.shared and result.nearest:  # name only what the memories shown hold
                result = dataclasses.replace(result, reason=notice_words.share_only(
                    notice_words.held_by(result.shared, [h.text for h in result.nearest]),
                    as_said(query.text)))
        served: dict[str, str] = {}  # a served turn -> its next turn, served too (folded)
        if result.status in ("FOUND", "AMBIGUOUS"):  # a rival's next turn may tell them apart
            try:
                if result.status == "FOUND" and asked is not None:
                    result, served = self.conversation.served_next_turns(result)
                result = dataclasses.replace(result, hits=self.conversation.with_next_turns(
                    result.hits, admissible, as_of_dt, asked, crowd, served))
                kind_held = self._answers_asked(topic, name_forms, places=False) \
                    if answer is None and not listing and not value_leaves else None
                if result.status == "FOUND" and kind_held is not None:
                    # "How far can Owen's new car go?": "Got the car" holds its words, "about
                    # 150 miles" the kind of words it asks for; a teller's own thing holds
                    # the kind of the one asked only in the teller's ("Dani: Mi perro Rocco")
                    later_change = self._later_change(topic, asked, crowd) \
                        if asks_about_now(topic) else None
                    result = dataclasses.replace(result, hits=_kind_first(
                        result.hits, lambda leaf: leaf not in tellers and kind_held(leaf),
                        later_change or (lambda first, other: False)))
                if result.status == "FOUND" and result.hits:
                    lead = self.conversation.also_said(
                        result.hits, admissible, as_of_dt, asked, crowd,
                        to_assistant=asks_the_assistant(topic), wanted=expected_answer(topic),
                        words=frozenset(stem(t) for t in text_terms(topic)),
                        outcome=asks_outcome(topic))
                    result = dataclasses.replace(result, hits=(lead, *result.hits[1:]))
                if result.status == "FOUND" and asks_start(topic):
                    # "When did Odalys start her new job?": the day is told in her own turn
                    # a few turns after the news, past the next turn shown
                    result = dataclasses.replace(result, hits=with_start_told(
                        self.conversation, result.hits, admissible))
            except (StoreError, OSError) as exc:  # context only: the reply stands without it
                self.log.warning("search.next_turns_unread", error=str(exc))
        wanted_value = value_asked(topic) if result.status == "FOUND" and not listing \
            and answer is None else None
        which_sum = sum_asked(topic, self.readings.user_names(), speakers) \
            if wanted_value else None
        if which_sum is not None:  # "Marta's room" no memory calls so: judged by whose
            which_sum = which_sum.without_unheld_thing(
                lambda term: bool(self.model.index.doc_freq(term)))
        if wanted_value is not None and not self._sum_told(topic, which_sum, result):
            # "How much does Lola charge to feed the cat?" served "Lola will feed her": the
            # question asks for a sum, and no memory served (nor the turns shown beside
            # them) holds one: what it asks was never stored. All the memories served are
            # read (the caller's ``limit``): a reply showing a sum is no "No memory found".
            # Asked of someone by name or for a thing ("¿Cuánto paga Teo de alquiler?", "pay
            # for parking"), the sum must be told as theirs and for it (``sum_asked``): the
            # user's rent shown beside Teo's visit is not
            value_said = wanted_value.removeprefix("a ")
            result = dataclasses.replace(
                result, status="NONE", confidence=0.0, hits=(), more=(), absent=(),
                nearest=result.hits[:ranking.NEAREST_SHOWN],
                reason=f"no memory tells a {value_said} {which_sum.said}" if which_sum
                else f"the memories about it hold no {value_said}")
        setting = setting_asked(topic) if result.status == "FOUND" and not listing \
            and answer is None else None
        if setting is not None and not any(
                setting.held_by(turn.text) for hit in (*result.hits, *result.more)
                for turn in (hit, hit.next_turn, hit.also_said) if turn is not None):
            # "Which Kafka version does Tidewell use?" served "Dana's Orbit moved from Kafka
            # 3.5" and Tidewell's session summaries: no memory shown (served, or listed as
            # also close) gives the value asked of the thing asked (``asked_setting``), so it
            # was never stored
            result = dataclasses.replace(
                result, status="NONE", confidence=0.0, hits=(), more=(), absent=(),
                nearest=result.hits[:ranking.NEAREST_SHOWN],
                reason=f"no memory gives {setting.said}")
        detail = detail_asked(topic) if result.status in ("FOUND", "AMBIGUOUS") \
            and not listing and answer is None and not value_leaves else None
        if detail is not None and detail.giver and self.use_derived:
            # "¿Qué me regaló mi novia?" of "Alba me ha regalado un libro": a giver asked by
            # relation is told by the name the store gives it ("my girlfriend Alba")
            detail = detail.given_by([name for word in detail.giver for name in
                                      self.readings.names_of(word, msg.as_of, admissible)])
        if detail is not None and not self._detail_told(detail, result):
            # "What is my mother's date of birth?" served the mother's job and visit, "What is
            # my wife's name?" the partner: the detail asked has words of its own
            # (``asked_detail``) and no memory shown holds them, so it was never stored
            named_so = next(filter(None, (detail.other_kind_in(hit.text)
                                          for hit in result.hits)), "")
            result = dataclasses.replace(
                result, status="NONE", confidence=0.0, hits=(), more=(), absent=(),
                nearest=result.hits[:ranking.NEAREST_SHOWN],
                reason=detail.said + (f" (a '{named_so}' is told)" if named_so else ""))
        elif detail is not None and (detail.value is not None or detail.by or detail.leads):
            # "When was Bruno born?": the turn that gives the birth with its day ("Valentina
            # tuvo a Bruno el martes 4 de agosto") leads the turns that only name Bruno (a
            # detail with no value of its own, a relative or an operation, is told by many
            # turns about other things: "my mum's 60th" asks the assistant's suggestion); so
            # does the turn telling a gift the giver gave ("Dad got me a pair of binoculars"
            # before "What should I get my dad for Christmas?"); and a blood type's ("0
            # negativo") the IELTS's band and the blood test
            users = self.readings.user_names()
            result = _giving_first(result, lambda text: detail.held_by(text, users))
        theirs_only = None if thing is None or result.status not in ("FOUND", "AMBIGUOUS") \
            else only_theirs([(hit.leaf_id, hit.text) for hit in (*result.hits, *result.more)],
                             thing[0],
                             self.readings.user_names(), holds_thing := self._holds_thing(
                                 thing[1], best), self._sibling_of(thing[1], holds_thing))
        if thing is not None and theirs_only is not None:
            # "What is the name of the user's dog?" and only "Lucas: Hemos adoptado un perro":
            # ranked down as Lucas's own and still first, so nothing of the user's tells it
            result = dataclasses.replace(
                result, status="NONE", confidence=0.0, hits=(), more=(), absent=(),
                nearest=result.hits[:ranking.NEAREST_SHOWN],
                reason=f"no memory tells of {thing[0]}'s '{' '.join(thing[1])}' "
                       f"(only {theirs_only}'s)")
        if result.more:  # a memory shown beside one served is not named again
            shown = {hit.leaf_id for hit in result.hits} | {
                turn for hit in result.hits for around in (hit.next_turn, hit.also_said)
                if around is not None for turn in (around.leaf_id, around.then)}
            result = dataclasses.replace(result, more=tuple(
                hit for hit in result.more if hit.leaf_id not in shown))
        asked_names = names_asked(text) if result.status == "FOUND" else ()
        if asked_names:  # whose turn each one is, now that its next turn is attached (one
            # shown as its next turn for being served itself is no reply to it); the user's
            # own note for a question about a named speaker of the store
            result = dataclasses.replace(result, hits=tuple(
                dataclasses.replace(hit, said_by_other=other_speaker(
                    asked_names, hit.text, text,
                    hit.next_turn.text if hit.next_turn is not None
                    and hit.leaf_id not in served else "")
                    or users_apart(asked_names, speakers_named, hit.text,
                                   self.readings.user_names()))
                for hit in result.hits))
        elif result.status in ("FOUND", "AMBIGUOUS") and names_the_user(text) \
                and not self.readings.user_names():
            # "Where do I live?" (or "the user's cat") and only two friends' turns: whose
            # home each one tells
            result = dataclasses.replace(result, hits=tuple(
                dataclasses.replace(hit, said_by_other=other_than_the_user(hit.text))
                for hit in result.hits))
        if past is not None and span is not None:
            result = dataclasses.replace(result, hits=tuple(
                dataclasses.replace(hit, stood_then=span.phrase)
                if hit.currency == "SUPERSEDED" and hit.successor is not None
                and hit.timestamp[:10] <= past < hit.successor.timestamp[:10] else hit
                for hit in result.hits))
        result = notices_as_asked(result, text, keys + list(history), timeline, self._told_by)
        self.log.info(event, duration_ms=round((time.perf_counter() - started) * 1000, 2),
                      node_reads=trace.node_reads, leaves_scored=trace.leaves_scored,
                      fallback_used=trace.fallback_used, confidence=round(result.confidence, 3),
                      results=len(result.hits), status=result.status,
                      vector_candidates=len(similar), readings=len(readings),
                      leaf_ids=[h.leaf_id for h in result.hits])
        return result

    def _detail_told(self, detail: AskedDetail, result: SearchResult) -> bool:
        """Whether a memory shown (served, its next turn, the "also close" ones) gives
        ``detail`` (and the detail asked with it, ``AskedDetail.also``); for a relative
        ("wife", "Kenji's brother"), also a memory of the store holding one of its words,
        of that person (the wife may be told apart from the memories served: "Laura
        cooked")."""
        if detail.also is not None and not self._detail_told(detail.also, result):
            return False
        users = self.readings.user_names()
        for hit in (*result.hits, *result.more):
            group = [turn for turn in (hit, hit.next_turn, hit.also_said) if turn is not None]
            around = " ".join(turn.text for turn in group) if detail.about else ""
            if any(detail.held_by(turn.text, users, around) for turn in group):
                return True
        index = self.model.index
        return any(detail.held_by(self.model.text_of(leaf), users)
                   for term in sorted({stem(word) for word in detail.kind_words})
                   for leaf in index.ranked_ids((term,), limit=RELATIVES_READ))

    def _weigh_together(self, lexical: dict[str, float], best: Mapping[str, Match]) -> None:
        """The best lexical matches that are long memories, scored by how close together they
        hold the question's words (``proximity``, ``ranking.together``), each word weighted by
        its idf: a name every memory holds weighs nothing."""
        index = self.model.index
        n = max(len(index), 1)
        top = sorted((leaf for leaf in lexical if leaf in best),
                     key=lambda leaf: (-lexical[leaf], leaf))[:ranking.TOGETHER_POOL]
        for leaf in top:
            text = self.model.text_of(leaf)
            if len(text) < PASSAGE_FROM:
                continue
            weights = {term: idf(index.doc_freq(term), n) for term in best[leaf].held_terms}
            lexical[leaf] = ranking.together(lexical[leaf],
                                             proximity.best_passage_share(text, weights))

    def _take(self, best: dict[str, Match], reading: Query,
              pool: Iterable[tuple[str, float, frozenset[str]]],
              back: dict[str, frozenset[str]] | None = None, weight: float = 1.0,
              *, by_neighbour: bool = False) -> None:
        """Keep, per memory, the reading (original, translated, derived) that matches it
        best, its score times the reading's ``weight``; the words it holds are told as the
        question's own words (``back`` maps a reading's term to the words it stands for)."""
        for doc, score, held in pool:
            coverage = self._coverage(reading, doc, held)
            kept = best.get(doc)
            if kept is not None and ranking.coordinated(score * weight, coverage) <= \
                    ranking.coordinated(kept.score, kept.coverage):
                continue  # an earlier reading matched it better: nothing more to build
            held_as: dict[str, set[str]] = {}
            for term in held:
                for own in back.get(term, {term}) if back else (term,):
                    held_as.setdefault(own, set()).add(term)
            best[doc] = Match(score * weight, frozenset(held_as), coverage, reading, weight,
                              {own: frozenset(terms) for own, terms in held_as.items()},
                              by_neighbour)

    def _mentioning(self, span: DateRange, admissible: Callable[[str], bool]) -> list[str]:
        """Memories whose text names a day or month of ``span`` with its year ("In April
        2026 I went to PyCon", saved in December): found through the index by the months'
        names (English and Spanish) and the year, then read to confirm. Spans of up to three
        months; a year is every memory dated in it."""
        months = list(itertools.islice(span.months(), MENTION_MONTHS + 1))
        if not months or len(months) > MENTION_MONTHS:
            return []
        words = {str(year) for year, _ in months}
        words |= {name for name, number in MONTHS.items() if len(name) > 3
                  and any(number == month for _, month in months)}
        words |= {f"{year}-{month:02d}" for year, month in months}
        found = self.model.index.search(parse_query(" ".join(sorted(words))),
                                        limit=IN_RANGE_POOL, allowed=admissible)
        return [leaf for leaf, _, _ in found if self._names_time(leaf, span)]

    def _folded_hit(self, group: tuple[str, ...], currency: dict[str, str],
                    successor: dict[str, str | None], timeline: Timeline, *, score: float,
                    focus: tuple[str, ...]) -> Hit:
        """Memories saying the same words on several days, served as the newest of them with
        the other days' dates."""
        dated = sorted(group, key=lambda leaf: self.model.leaves[leaf].timestamp
                       if leaf in self.model.leaves else "")
        return self._hit(dated[-1], currency, successor, timeline, full_text=True, score=score,
                         same_on=tuple(self.model.leaves[leaf].timestamp[:10]
                                       for leaf in dated[:-1] if leaf in self.model.leaves),
                         focus=focus)

    def _sum_told(self, topic: str, which: SumAsked | None, result: SearchResult) -> bool:
        """Whether a memory served, or a turn shown beside one, holds the sum ``topic`` asks
        (``answer_type.holds_value``), told of whom and for what it asks (``which``, read with
        the turns around it: "I bought a bike" / "How much was it?" / "Nine hundred euros");
        for ``which``, a memory listed as also close, or the turn after it, counts too:
        "How much did Lucía pay for the van?" lists Owen's "Did you get the van in the end?",
        answered by her "Dani's cousin's Berlingo, £4,800" in the next turn, which the reply
        does not show. The sum is then stored, only ranked out of the reply. A memory that
        cannot be read counts as telling it."""
        try:
            for hit in result.hits:
                group = [turn for turn in (hit, hit.next_turn, hit.also_said) if turn is not None]
                for turn in group:
                    if holds_value(topic, turn.text) and (which is None or which.told_by(
                            turn.text, [*(shown.text for shown in group),
                                        *self.conversation.earlier_turns(turn.leaf_id)])):
                        return True
            if which is None:
                return False
            for hit in result.more:
                after = self.conversation.turn_after(hit.leaf_id)
                told = (self.model.text_of(hit.leaf_id),
                        self.model.text_of(after) if after else "")
                if any(holds_value(topic, said) and which.told_by(said, told) for said in told):
                    return True
        except (StoreError, OSError):
            return True
        return False

    def _said(self, leaf_id: str) -> str:
        """What a memory says, without the date it opens with, case and spacing folded: two
        memories saying the same on different days say one thing."""
        return _said_plainly(self.model.text_of(leaf_id))

    def _day_of(self, leaf_id: str) -> dt.date | None:
        """The day a memory is of (its own date, else the day it was saved)."""
        return day_of(self.model.leaves[leaf_id])

    def _held_year(self, span: DateRange, today: dt.date, scope: str) -> DateRange:
        """A month or season asked without its year, in the latest year (``YEARS_BACK`` at
        most) the store holds memories of it: "What did I buy in September?" asked in
        December 2026 of a diary of 2025 means September 2025, not the September just gone
        that no memory is of (the question was read as if no time were named). When no year
        holds one, the latest begun by the scope's newest day (``_newest_day``), as "recently"
        is read: "Where did Rohan live in March?" asked of a chat of January to September
        2025 is about March 2025, between its memories, not March 2026, after all of them."""
        tried = span
        for _ in range(YEARS_BACK + 1):
            if any(self.model.days.holds_month(*month) for month in tried.months()):
                return tried
            tried = tried.year_before()
        newest = self._newest_day(today, scope)
        tried = span
        while newest is not None and tried.start > newest:
            tried = tried.year_before()
        return tried

    def _preferences(self, admissible: Callable[[str], bool]) -> list[str]:
        """The user's own short statements of what they like, avoid or cannot have, found
        through the index by the words such statements use (``PREFERENCE_WORDS``), then
        read to confirm (``states_a_preference``); an assistant's turn is none."""
        found = self.model.index.search(parse_query(PREFERENCE_WORDS), limit=PREFERENCE_POOL,
                                        allowed=admissible)
        out = []
        for leaf, *_ in found:
            told = self.model.text_of(leaf)
            if len(told) < PASSAGE_FROM and not self.conversation.assistant_said(leaf) \
                    and states_a_preference(told):
                out.append(leaf)
        return out

    def _preferences_of(self, domains: frozenset[str], stated: Iterable[str],
                        admissible: Callable[[str], bool]) -> list[str]:
        """The user's own short statements of a preference of ``domains`` (``stated``, and
        those found through the index by the domains' words: "I can't work with lyrics in my
        ears" for music), read sentence by sentence: "Planning a day hike this weekend.
        Important: I'm allergic to peanuts" is of food, not of trips."""
        found = self.model.index.search(parse_query(words_of(domains)), limit=ADVISED_POOL,
                                        allowed=admissible)
        out = []
        for leaf in dict.fromkeys((*stated, *(leaf for leaf, *_ in found))):
            told = self.model.text_of(leaf)
            if len(told) < PASSAGE_FROM and not self.conversation.assistant_said(leaf) \
                    and stated_domains(told, states_own_preference) & domains:
                out.append(leaf)
        return out

    def _stated_close(self, asked: Any, fitting: list[str]
                      ) -> tuple[dict[str, float], dict[str, Any]]:
        """How close to the request each preference is, measured on the sentences stating
        it alone (the closest): a memory's vector reads the sentences around it and the turns
        before it, and "Planning a day hike this weekend. Important: I'm allergic to peanuts"
        sits nearer hikes than snacks. The ``ADVISED_MEASURED`` closest by their vectors; with
        the sentences' vectors, to tell whether two statements are of one thing."""
        import numpy as np

        measured = self.vectors.similarity_of(asked, fitting)
        kept = sorted(fitting, key=lambda leaf: (-measured.get(leaf, 0.0), leaf))[
            :ADVISED_MEASURED]
        sentences = [(leaf, sentence) for leaf in kept for sentence in stating(
            self.model.text_of(leaf), states_own_preference)]
        if not sentences:
            return {}, {}
        encoded = np.asarray(self.vectors.embedder.encode([sentence for _, sentence in sentences]))
        close = encoded @ np.asarray(asked)
        out: dict[str, float] = {}
        said: dict[str, Any] = {}
        for row, ((leaf, _), value) in enumerate(zip(sentences, close.tolist(), strict=True)):
            out[leaf] = max(out.get(leaf, -1.0), float(value))
            said[leaf] = encoded[row:row + 1] if leaf not in said \
                else np.vstack([said[leaf], encoded[row:row + 1]])
        return out, said

    def _advised(self, fitting: list[str], similar: Mapping[str, float],
                 said: Mapping[str, Any], timeline: Timeline) -> list[str]:
        """Of the user's preferences of a recommendation's domain, the ones leading its
        reply: the closest by meaning (``ADVISED_LEADING``), a superseded one only when none
        is current ("I'm vegetarian" below "so I'm pescatarian now"), and a later one
        telling a change of the same thing (``SAME_PREFERENCE``) ahead of the closest
        ("Cambié al descafeinado" after "I drink my coffee dark roast"; not "I'm
        pescatarian now" after "I'm allergic to peanuts")."""
        if not fitting:
            return []
        current = [leaf for leaf in fitting if timeline.leaf_currency(leaf) != "SUPERSEDED"]
        ordered = sorted(current or fitting, key=lambda leaf: (-similar.get(leaf, 0.0), leaf))
        chosen = ordered[:ADVISED_LEADING]
        if not chosen:
            return []
        first = said.get(chosen[0])
        changed = [leaf for leaf in ordered if tells_a_change(self.model.text_of(leaf))
                   and self._when(leaf) > self._when(chosen[0])
                   and first is not None and leaf in said
                   and float((said[leaf] @ first.T).max()) >= SAME_PREFERENCE]
        if changed:
            latest = max(changed, key=self._when)
            chosen = [latest, *(leaf for leaf in chosen if leaf != latest)][:ADVISED_LEADING]
        return chosen

    def _recent_span(self, today: dt.date, phrase: str, scope: str) -> DateRange | None:
        """The days "recently" means ("What changed recently?", "¿Qué ha cambiado
        últimamente?"): the ``RECENT_DAYS`` up to the scope's newest day (``_newest_day``),
        not up to today: a project's notes may stop weeks before it is asked about. None in
        an empty scope."""
        newest = self._newest_day(today, scope)
        if newest is None:
            return None
        return DateRange(newest - dt.timedelta(days=RECENT_DAYS - 1), newest, phrase)

    def _newest_day(self, today: dt.date, scope: str) -> dt.date | None:
        """The newest day by ``today`` that a memory of the scope names as its own
        ("2026-11-28: API version bumped to 3.4.0"): the day the scope's memories reach, by
        which a time asked without its year or days is read. Notes saved in one go with no
        day of their own are only of the day they were saved: with no stated day among the
        ``RECENT_SCANNED`` newest memories, the newest one's day; None in an empty scope."""
        newest: dt.date | None = None
        days = self.model.days
        taken = (leaf for leaf in reversed(days.between(dt.date.min, today))
                 if scope_admits(scope, days.scope(leaf)))
        for leaf in itertools.islice(taken, RECENT_SCANNED):
            meta = self.model.leaves.get(leaf)
            if meta is None:
                continue
            if states_its_day(meta):
                newest = day_of(meta)
                break
            newest = newest or day_of(meta)
        return newest

    def _dated_between(self, span: DateRange) -> list[str]:
        """The memories dated in ``span``, oldest first (``days``: a bisect, not a walk)."""
        return self.model.days.between(span.start, span.end)

    def _newest_dated(self, span: DateRange, admissible: Callable[[str], bool]) -> list[str]:
        """The ``IN_RANGE_SCANNED`` admissible memories dated in ``span``, the newest recorded
        first, ties in the days' order. The record times are the days' own (``MemoryDays``
        keeps each one's ``recorded_ts``), so only the memories taken are asked whether they
        are admissible: reading every memory's metadata for it cost ~0.75 s of CPU for a day
        of 7,500 memories at 10k (a bulk import's day), over 60 s for 50,000; the days order
        only as many as the listing takes (``MemoryDays.newest_first``)."""
        return _first_admissible(self.model.days.newest_first(span.start, span.end),
                                 admissible, IN_RANGE_SCANNED)

    def _carried_into(self, span: DateRange, scores: Mapping[str, float],
                      best: Mapping[str, Match]) -> set[str]:
        """For a value or a schedule asked as it stood in a past time: the latest memory dated
        before the time that holds as many of the question's words as any memory does (in
        their own forms, "what time" aside) and tells a value (a number, a day, a time). The
        value in force in April was set in March ("Lowered KESTREL_TIMEOUT_S from 30 to 12
        seconds"), and the April memories holding one word of the question (a session summary
        naming the service) tell nothing of it: the time's boost goes to the statement carried
        into it too (of those scoring ``CARRIED_SHARE`` of the best of them, the latest)."""
        def held(leaf: str) -> int:
            return len(best[leaf].matched - best[leaf].near - ranking.SCHEDULE_TERMS)

        fullest = max((held(leaf) for leaf in scores if leaf in best), default=0)
        if fullest < CARRIED_WORDS:
            return set()
        before = [leaf for leaf in scores if leaf in best and held(leaf) == fullest
                  and (day := self._day_of(leaf)) is not None and day < span.start
                  and tells_a_value(self.model.text_of(leaf))]
        if not before:
            return set()
        top = max(scores[leaf] for leaf in before)
        return {max((leaf for leaf in before if scores[leaf] >= CARRIED_SHARE * top),
                    key=self._when)}

    def _dated_in(self, leaf_id: str, span: DateRange) -> bool:
        day = self._day_of(leaf_id)
        return day is not None and span.holds(day)

    def _names_time(self, leaf_id: str, span: DateRange) -> bool:
        """The memory's text names a day or month of ``span``; a month without its year as
        of the memory's own day ("booked Japan for April", said in March 2025)."""
        return names_within(_times_named(self.model.text_of(leaf_id)), span,
                            self._day_of(leaf_id))

    @staticmethod
    def _only_time(topic: str, besides: Collection[str] = ()) -> bool:
        """The question asks what happened in a time and nothing else ("last week?", "what
        happened in the user's life in June?", "¿qué pasó en junio?"). One topical word is a
        topic ("What did I buy in October?" listed every October memory, a climbing session
        first): the time's memories are then ranked by it. The terms ``besides`` are set
        aside too (the names of the person asked: "What did Marta do in August?")."""
        content = [t for t in text_terms(topic) if t not in QUESTION_WORDS and not t.isdigit()
                   and t not in besides]
        topical = [t for t in content if t not in EVENT_WORDS]
        # "what happened with my landlord in March?" is about the landlord: once an event
        # word is set aside, nothing else may be left
        return not topical

    def _whose_time(self, text: str, span: DateRange, scores: Mapping[str, float],
                    listing: bool) -> frozenset[str]:
        """Whose time a question about a time and nothing else asks of (folded speaker names,
        or ``THE_USER``), empty when nobody's: "What did Marta do in August?" and "¿Qué hizo
        Kenji en julio?" name a chat speaker of the memories ranked and nothing but the time
        (``listing`` then holds with the name set aside), "What happened to the user in
        February?" or "what did I do in March?" is a listing that asks of the user."""
        remainder = _time_remainder(text, span)
        names = names_asked(remainder)  # "February" is the time's, no one's
        if listing:
            return frozenset({THE_USER}) if names_the_user(text) and not names \
                else frozenset()
        asked = frozenset(fold(name) for name in names)
        if not asked:
            return asked
        leading = heapq.nsmallest(SLIGHT_CHECKED, scores, key=lambda leaf: -scores[leaf])
        if not asked <= self._speakers(leading) or not self._only_time(
                remainder, {t for name in names for t in text_terms(name)}):
            return frozenset()
        return asked

    def _rare_holders(self, query: Query, best: Mapping[str, Match],
                      scores: Mapping[str, float]) -> set[str]:
        """Candidates holding the question's rarest word, when at most ``RARE_HOLDERS``
        memories hold it (by its own form, not a neighbour's) and it is no word of the
        language (``WordNeighbours.knows``: a name, a code, an invented word) or the question
        writes it as a name ("a Chicago Bulls fan", not as its first word)."""
        index = self.model.index
        said = as_said(query.text)
        opening = re.match(r"\W*([^\W_]+)", query.text)
        first = opening.group(1) if opening else ""

        def named(term: str) -> bool:
            word = said.get(term, term)
            if fold(word).lower() in TIME_WORDS | NOW_WORDS:
                return False  # "tonight": when, not what ("We'll swap the blankets tonight")
            return not self.neighbours.knows(word) or (word[:1].isupper() and word != first)

        dfs = {term: index.doc_freq(term) for term in query.query_terms if named(term)}
        rare = [df for df in dfs.values() if 0 < df <= ranking.RARE_HOLDERS]
        if not rare:
            return set()
        words = {term for term, df in dfs.items() if df == min(rare)}
        return {leaf for leaf in scores if leaf in best
                and (best[leaf].matched - best[leaf].near) & words}

    def _told_in_setting(self, rare: Collection[str], best: Mapping[str, Match],
                         admissible: Callable[[str], bool]) -> dict[str, str]:
        """Chat turns told in the setting a rare name gives (turn -> the name's turn): the
        name's holder (``_rare_holders``) lacks a word of the question that a turn its
        conversation went on with holds (``Conversation.turns_after``), and that turn lacks
        the name. "Where did Teo and the user hike in Asturias?": "Me voy diez días a
        Asturias" / "¿Vas a subir a los Lagos de Covadonga?" / "Sí, y quiero hacer la ruta
        del Cares con Teo". The later turn holds what the name's turn lacks and its
        conversation holds the name: it is read with both (``_search_scope`` adds their
        scores). A name several memories hold gives no setting here ("Fallas", told in three
        turns of one chat: tried, and the lift moved other turns too)."""
        told: dict[str, str] = {}
        for holder in sorted(rare):  # on a tie the first holder keeps the turn, whatever the seed
            if holder not in best:
                continue
            own = best[holder].matched - best[holder].near
            for turn in self.conversation.turns_after(holder):
                if turn in best and turn not in rare and admissible(turn):
                    theirs = best[turn].matched - best[turn].near
                    if theirs - own and own - theirs and (
                            turn not in told or best[told[turn]].score < best[holder].score):
                        told[turn] = holder
        return told

    def _said_the_asked(self, readings: list[Reading], leading: list[str],
                        speaker: str | None, topic: str,
                        asked_by: Mapping[str, str] | None = None) -> set[str]:
        """Turns of ``speaker`` (``said_asked.asked_speaker``; of anyone when None) that hold
        what the question asks them to have suggested: the thing it names, in any form the
        index holds and in either language ("Which hiking trail did you suggest?" -> "el
        sendero La Luz"), or,
        asked a length, a count, a distance or a time of day, such words beside a word of the
        question ("5-minute sessions" for "how long should each session be?"). A sum is no sign
        ("How much above their first number did you tell me to counter?" is told by "15%").
        A reply in ``asked_by`` (reply -> the request it answers) holds the thing its request
        names: "Which running watch is good for a beginner?" / "The Garmin Forerunner 55 or
        the Coros Pace 3" is one exchange, and the reply names the watches, not their kind."""
        thing = asked_thing(topic)
        forms: set[str] = set()
        if thing is not None:
            head = stem(thing)
            for reading, back, _ in readings:
                for term in reading.query_terms:
                    if term == head or head in back.get(term, frozenset()):
                        forms |= {term, *self.model.index.derived_forms(term)}
        kind = expected_answer(topic)
        if kind is not None and value_asked(topic) is not None:
            kind = None
        if not forms and kind is None:
            return set()
        asked = {term for reading, _, _ in readings for term in reading.query_terms}
        through = asked_by or {}
        return {leaf for leaf in dict.fromkeys(leading)
                if (speaker is None or self.conversation.said_by(leaf, speaker))
                and (forms and self.model.index.terms_of(leaf) & forms
                     and names_the_thing(self.model.text_of(leaf), frozenset(forms))
                     or forms and leaf in through
                     and bool(self.model.index.terms_of(through[leaf]) & forms)
                     or kind is not None and holds_beside(kind, self.model.text_of(leaf),
                                                          asked))}

    def _name_forms(self, readings: list[Reading]) -> frozenset[str]:
        """The forms of what a name question asks the name of: a word of the question in any
        form the index holds, in either language ("madre" as "mother" as "mum"), and the other
        words of its kind (``same_kind``: "gata" and "kitten" for "cat", "manager" for
        "boss"): "mi gata Luna" names Marta's cat. The words saying "name" are not whose name
        it is."""
        named = {stem(word) for word in NAME_WORDS}
        forms: set[str] = set()
        for reading, back, _ in readings:
            for term in reading.query_terms:
                if term not in named and not back.get(term, frozenset()) & named:
                    for word in (term, *map(stem, same_kind(term))):
                        forms |= {word, *self.model.index.derived_forms(word)}
        return frozenset(forms)

    def _naming(self, forms: frozenset[str], leading: list[str]) -> set[str]:
        """Candidates that give the name a name question asks for: a form of the asked thing
        (``_name_forms``) with a name beside it ("my mum Els", ``answer_type.names_by``)."""
        if not forms:
            return set()

        def said_of(word: str) -> bool:
            return stem(fold(bare(word))) in forms

        return {leaf for leaf in leading if self.model.index.terms_of(leaf) & forms
                and names_by(self.model.text_of(leaf), said_of)}

    def _rest_held(self, query: Query, wanted: tuple[str, ...],
                   best: Mapping[str, Match]) -> bool:
        """A memory holds a word of the question besides its identifiers' pieces and the
        words any question says."""
        pieces = {stem(term) for ident in wanted for term in text_terms(ident)}
        rest = {term for term in query.terms if term not in pieces} - QUESTION_WORDS \
            - _TICKET_TALK
        return any(match.matched & rest for match in best.values())

    def _names_only(self, leaf: str, best: Mapping[str, Match], asked_names: tuple[str, ...],
                    text: str) -> bool:
        """A chat turn that holds nothing of the question but the names it asks ("Tomás:
        Lucía te manda saludos." for "When did Tomás propose to Lucía?", "Maya: Haha stop." for
        "What did Maya do in May 2026?"): a name is in half a chat's turns, its label among
        them, so such a short turn, said on other days too (``_repeated``), is small talk
        (``ranking.SLIGHT_FACTOR``, as a short question). A longer one, or one said once, may
        be the answer to a question asked the turn before ("how big is it?" / "Half a plot,
        about 125 square metres", "'Miga'. Like the soft inside of the bread"), and a turn
        matched by meaning alone is no such turn: it was not found by a name."""
        match = best.get(leaf)
        meta = self.model.leaves.get(leaf)
        if not asked_names or match is None or meta is None \
                or speaker_name(meta.excerpt) is None \
                or len(text_terms(past_label(meta.excerpt))) > NAMES_ONLY_TERMS:
            return False
        names = {stem(term) for name in asked_names for term in text_terms(name)}
        framing = {stem(term) for word in NAME_WORDS for term in text_terms(word)} \
            if asks_name(text) else set()
        return not match.matched - match.near - names - framing

    def _replies_to_asked(self, names: tuple[str, ...], speakers: Collection[str],
                          question: str, leading: Iterable[str],
                          answers: Callable[[str], bool] | None) -> dict[str, str]:
        """reply -> the turn it answers, for each of ``leading`` said by another speaker than
        the one speaker ``question`` asks about (of its ``names``, the one in ``speakers``),
        never naming them, right after a turn of theirs in its conversation, holding no other
        name the question gives ("Para Halloween voy a ir de Dalí" names the thing asked
        itself, whatever came before it) and no answer of the kind asked (``answers``: "2:41?!
        That's fast" tells the time): ``ranking.REPLY_SHARE``."""
        asked = tuple(name for name in names if fold(name) in speakers)
        if len(asked) != 1:
            return {}
        named_too = {stem(term) for name in names if name != asked[0]
                     for term in text_terms(name)}
        out: dict[str, str] = {}
        for leaf in leading:
            meta = self.model.leaves.get(leaf)
            if meta is None or other_speaker(asked, meta.excerpt, question) is None \
                    or named_too & self.model.index.terms_of(leaf) \
                    or (answers is not None and answers(leaf)):
                continue
            before = self.conversation.turn_before(leaf)
            if before is not None and self.conversation.said_by(before, asked[0]) \
                    and self.conversation.goes_on_with(before, leaf):
                out[leaf] = before
        return out

    def _repeated(self, scores: Mapping[str, float]) -> set[str]:
        """The candidates whose words another candidate says too, on another day (their
        excerpts alike, dates aside): "Haha stop.", "Lucía te manda saludos.", the chit-chat
        a chat repeats; an answer is seldom said twice in the same words."""
        said: dict[str, list[str]] = {}
        for leaf in scores:
            meta = self.model.leaves.get(leaf)
            if meta is not None and not meta.excerpt.endswith("…"):
                said.setdefault(_said_plainly(meta.excerpt), []).append(leaf)
        return {leaf for leaves in said.values() if len(leaves) > 1 for leaf in leaves}

    def _thing_forms(self, words: tuple[str, ...]) -> frozenset[str]:
        """The index terms of ``words`` in their own form, translated, and of other words for
        the same thing ("perro", "puppy" for "dog", ``closed_kinds.same_thing``)."""
        own = {stem(term) for word in words for term in text_terms(word)}
        return frozenset(
            own | {term for word in words for term in self.unmentioned.translations(word)}
            | {term for word in words for term in closed_kinds.same_thing(word)})

    def _holds_thing(self, words: tuple[str, ...], best: Mapping[str, Match]
                     ) -> Callable[[str], bool]:
        """Whether a memory holds one of ``words`` in its own form, translated or as another
        word for the same thing (``_thing_forms``), or matched it in another form (``best``):
        the thing a question asks of someone."""
        own = {stem(term) for word in words for term in text_terms(word)}
        forms = self._thing_forms(words)
        return lambda leaf: bool(self.model.index.terms_of(leaf) & forms) \
            or leaf in best and bool(best[leaf].matched & own)

    def _sibling_of(self, words: tuple[str, ...], holds: Callable[[str], bool]
                    ) -> Callable[[str], bool]:
        """Whether a memory names another thing of the closed kind of one of ``words`` and
        not the thing itself (``holds``): "a hamster called Nibbles" for "the user's cat"."""
        kinds = {kind for word in words if (kind := closed_kinds.kind_of_thing(word))}
        return lambda leaf: bool(kinds) and not holds(leaf) and any(
            closed_kinds.kind_of_thing(term) in kinds for term in self.model.index.terms_of(leaf))

    def _others_line(self, question: str, named: frozenset[str]) -> Callable[[str], bool]:
        """Whether a memory is another named speaker's line (``thing_owner.said_apart``) or a
        note for another named person (``note_for_other``), when ``question`` asks about the
        user alone (``asks_the_users_own``); when it asks about ``named`` speakers of the store
        (``_named_speakers``), whether it is a line of someone else's than theirs and their
        conversation's (``named_crowd.apart_from_named``); never, for any other question.
        Each memory's excerpt is read once a search."""
        user_names = self.readings.user_names()
        leaves = self.model.leaves
        if not asks_the_users_own(question, user_names):
            if not named:
                return lambda leaf_id: False
            partners = self._partners(named)

            @functools.cache
            def not_theirs(leaf_id: str) -> bool:
                meta = leaves.get(leaf_id)
                return meta is not None and apart_from_named(meta.excerpt, named, partners,
                                                             user_names)
            return not_theirs

        @functools.cache
        def apart(leaf_id: str) -> bool:
            meta = leaves.get(leaf_id)
            return meta is not None and (
                said_apart(meta.excerpt, THE_USER, user_names) is not None
                or note_for_other(meta.excerpt, user_names) is not None)
        return apart

    def _own_line(self, question: str, named: frozenset[str]) -> Callable[[str], bool] | None:
        """Whether a memory is the ``named`` speakers' own (``named_crowd.named_own``) when
        ``question`` asks about named speakers of the store (``_named_speakers``); None for
        any other question (a question about the user alone reads the user's turns). Each
        memory's excerpt is read once a search, as ``_others_line`` reads it."""
        user_names = self.readings.user_names()
        if asks_the_users_own(question, user_names) or not named:
            return None
        leaves = self.model.leaves

        @functools.cache
        def own(leaf_id: str) -> bool:
            meta = leaves.get(leaf_id)
            return meta is not None and named_own(meta.excerpt, named, user_names)
        return own

    def _named_speakers(self, question: str) -> frozenset[str]:
        """The folded names ``question`` asks about (``names_asked``) that label a chat turn
        of the store ("Odalys: ..."), none of the user's names, for a question not asked in
        the first person: a person whose own words are stored (``_turns_of``)."""
        if asks_about_the_user(question):
            return frozenset()
        given = {fold(name) for name in self.readings.user_names()}
        out = set()
        for name in names_asked(question):
            folded = fold(name)
            if folded not in given and next(self._turns_of(folded), None) is not None:
                out.add(folded)
        return frozenset(out)

    def _turns_of(self, name: str) -> Iterator[str]:
        """The chat turns ``name`` (folded) is the speaker of, among the memories holding its
        first word, up to ``OWN_SCAN`` of those: a name of the store's speakers is on each of
        its turns' labels, and a store of 50,000 may hold thousands. Only those are read
        (``ranked_ids`` with that limit): iterating the postings read every holder's id first
        (~220 ms for a word held by 23,000 memories). Beyond ``OWN_SCAN`` holders, the ones
        scored alike at the cut are taken in the index's order, where the whole listing took
        them by id."""
        leaves = self.model.leaves
        terms = [stem(term) for term in text_terms(name)]
        for leaf_id in self.model.index.ranked_ids((terms[0],), limit=OWN_SCAN) \
                if terms else ():
            if leaf_id in leaves and speaker_name(leaves[leaf_id].excerpt) == name:
                yield leaf_id

    def _partners(self, named: frozenset[str]) -> frozenset[str]:
        """The folded names of the speakers who talk with the ``named`` ones: saved right
        before or after their own turns (``Conversation.turn_before``) at least
        ``PARTNER_TIMES`` times and at least ``PARTNER_SHARE`` as often as the one most often
        so. Agents sharing a store save between the turns of a chat: probe47's store held a
        stranger's line saved next to one of Odalys's in four of her 133 turns, Henrik next
        to most of them."""
        times: collections.Counter[str] = collections.Counter()
        leaves = self.model.leaves
        for leaf_id in (turn for name in named for turn in self._turns_of(name)):
            for around in (self.conversation.turn_before(leaf_id),
                           self.conversation.turn_after(leaf_id)):
                said = speaker_name(leaves[around].excerpt) \
                    if around is not None and around in leaves else None
                if said is not None and said not in named:
                    times[said] += 1
        most = max(times.values(), default=0)
        return frozenset(said for said, count in times.items()
                         if count >= max(PARTNER_TIMES, PARTNER_SHARE * most))

    def _others_lines(self, leading: Sequence[str], scored: Iterable[str],
                      boosts: Mapping[str, float],
                      others_line: Callable[[str], bool]) -> frozenset[str]:
        """The ``scored`` chat turns said by a named speaker other than the user
        (``others_line``, for a question about the user alone), when a ``leading`` memory is
        the user's own (the user's turn, a note with no label for no one else); all of them,
        not only the leading ones: a hundred others' "I sold my car for £..." rank past the
        leading ones and ahead of the user's own, else. "What is my dog's name?" and
        "Dário: For a dog that age, two walks a day is plenty" (probe45: first at 1.00, the
        user's "She's called Biscuit" 2nd), "How much rent do we pay?" and "Efua: my
        take-home is £2224 and rent is £1039". What such a line tells is its speaker's, or
        no one's. Turns already ranked down for being someone else's are left as they are."""
        user_names = self.readings.user_names()
        texts = {leaf: self.model.leaves[leaf].excerpt for leaf in leading
                 if leaf in self.model.leaves}
        if not any(users_line(said, user_names) and not others_line(leaf)
                   for leaf, said in texts.items()):
            return frozenset()
        return frozenset(leaf for leaf in scored if boosts.get(leaf, 1.0) >= 1.0
                         and others_line(leaf))

    def _speakers(self, leading: Iterable[str]) -> set[str]:
        """The folded names of the chat speakers whose turns are among ``leading`` (a
        question naming one of two friends matches that one's turns by their label), or
        who speak in them (a whole conversation saved as one memory, one "Maya: ..." line
        per turn)."""
        out = set()
        for leaf in leading:
            meta = self.model.leaves.get(leaf)
            if meta is None:
                continue
            name = speaker_name(meta.excerpt)
            if name is not None:
                out.add(name)
            elif meta.excerpt.count(": ") > 1:  # maybe labelled lines (its excerpt is flat)
                out |= {label for label in chat_turns(self.model.text_of(leaf))
                        if label not in USER_LABELS | ASSISTANT_LABELS}
        return out

    def _never_named(self, identifier: str) -> bool:
        """No memory can hold ``identifier`` nor one of its family: a word of it is in none
        ("graviton" of GRAVITON-5512; every part of an identifier is indexed for a memory
        holding it). A number alone unheld is no proof ("is TICKET-999 about the login
        page?" may mean TICKET-1234, and is served with "no stored memory mentions"). Only a
        code (a digit, '_', '/' or '.' in it): a name in camel case ("JavaScript",
        "GraphQL") is a word a memory may say otherwise ("the JS bundle")."""
        if not any(c.isdigit() or c in "_/." for c in identifier):
            return False
        index = self.model.index
        return any(not index.doc_freq(stem(term)) for term in text_terms(identifier)
                   if not term.isdigit())

    def _race_named(self, race: str) -> bool:
        """Some memory names the distance race ``race`` ("5K") in any writing
        (``race_names.names_race``), read in the memories holding its number; a number held
        by more than ``RACE_READ`` memories is taken as named (no proof either way)."""
        number = race.removesuffix("K")
        index = self.model.index
        if index.doc_freq(number) > RACE_READ:
            return True
        return any(names_race(self.model.text_of(leaf), race) for leaf in index.holders(number))

    def _turned_down(self, topic: str) -> tuple[str, ...]:
        """The names ``topic`` gives that every memory holding them turns down ("Postgres 16
        over MySQL 8", "decided against Kafka"; ``not_taken``), read from at most
        ``not_taken.HOLDERS_READ`` memories each."""
        index, out, names = self.model.index, [], named(topic)
        for name in names:
            terms = sorted({stem(term) for term in text_terms(name)}, key=index.doc_freq)
            if not terms or not 0 < index.doc_freq(terms[0]) <= not_taken.HOLDERS_READ:
                continue  # held nowhere (``unmentioned`` names it) or a thing in use
            holders = [leaf for leaf in index.postings(terms[0])
                       if set(terms[1:]) <= index.terms_of(leaf) and leaf in self.model.leaves]
            texts = [self.model.text_of(leaf) for leaf in holders]
            # "When is the MongoDB to PostgreSQL cutover planned?": the question names what
            # was taken too, so it asks about the move, which the memory tells
            if texts and all(not_taken.turned_down(told, name) for told in texts) \
                    and not any(not_taken.names_also(told, other) for told in texts
                                for other in names if other != name):
                out.append(name)
        return tuple(out)

    def _exact_holders(self, text: str, scores: dict[str, float]) -> set[str]:
        """Best candidates holding one of the question's identifiers verbatim."""
        wanted = identifiers(text)
        if not wanted:
            return set()
        top = sorted(scores, key=lambda leaf: -scores[leaf])[:EXACT_CHECKED]
        out: set[str] = set()
        for leaf in top:
            meta = self.model.leaves[leaf]
            try:
                body = f"{meta.title}\n{self.model.text_of(leaf)}"
            except OSError:
                continue
            if any(holds_identifier(body, ident) for ident in wanted):
                out.add(leaf)
        return out

    def _meant(self, text: str) -> str:
        """The question without the names most memories hold (``crowd_names``: a chat's
        speakers), compared by meaning beside the question as asked
        (``_partly_without_names``)."""
        return without_crowd_names(text, self.model.index.doc_freq, len(self.model.leaves))

    def _judge_beyond_names(self, question: str, evidence: dict[str, ranking.Evidence],
                            admissible: Callable[[str], bool], crowd: float) -> None:
        """The chat turns among ``evidence`` said on their own that hold none of the
        question's words but the name of the one person it asks about are judged by what
        they share with it beyond the name (``beyond_names``, ``ranking.Evidence.beyond``):
        measured against the question without it, and that question's crowd (``crowd``, the
        question's own, when it cannot be measured)."""
        keys = beyond_names.asked_keys(question)
        rest = beyond_names.without_asked(question, keys) if len(keys) == 1 else None
        if rest is None:  # "¿Qué relación tienen Owen y Hana?": the two names are the topic
            return
        # a turn of an exchange may answer the question put the turn before ("what's it
        # called?" / "Lucía: 'Miga'. Like the soft inside of the bread"): its vector reads
        # that question, and the whole question's judgement holds for it
        # a chat session saved whole holds the name on many lines, and its vector reads them
        # all ("Which bank does Marcos use?" and the session on Marcos's birthday present)
        turns = [leaf for leaf, e in evidence.items()
                 if e.compared and beyond_names.names_only(e.words, keys)
                 and leaf in self.model.leaves
                 and (e.several_lines
                      or speaker_name(self.model.leaves[leaf].excerpt) is not None
                      and not self.conversation.earlier_turns(leaf))]
        if not turns:
            return
        vector = self.vectors.encode_query(rest)
        close = self.vectors.similarity_of(vector, turns)
        rest_crowd = self._crowd_of(vector, admissible, crowd)
        for leaf in turns:
            evidence[leaf] = dataclasses.replace(
                evidence[leaf], beyond=(close.get(leaf, 0.0), rest_crowd))

    def _meant_beyond_names(self, question: str, served: list[str],
                            admissible: Callable[[str], bool], crowd: float) -> bool:
        """Whether a served memory stands out in meaning (``ranking.stands_out``) from the
        question without its names (``asked_topic.without_names``), against that
        question's crowd: "Did the user hike along the coast near the capital?" holds no
        word of "walked the cliffs path outside Lisbon" and means it; "What is surname?"
        means nothing of "Her fiancé is called Ewan, he's a marine biologist"."""
        vector = self.vectors.encode_query(asked_topic.without_names(question))
        rest_crowd = self._crowd_of(vector, admissible, crowd)
        return any(ranking.stands_out(similarity, rest_crowd)
                   for similarity in self.vectors.similarity_of(vector, served).values())

    def _crowd_of(self, topic: Any, admissible: Callable[[str], bool], asked: float
                  ) -> float:
        """The crowd (``ranking.CROWD_RANK``) of a time question's topic, asked without its
        time: the similarities judged are the topic's, and a memory stands out of what any
        memory reaches for the same words, not for the whole question (``asked``, its crowd,
        is kept when the topic's cannot be measured)."""
        return self.vectors.similar_and_crowd(topic, ranking.CROWD_RANK, admissible,
                                              ranking.CROWD_RANK)[1] or asked

    def _named_elsewhere(self, word: str, scores: Collection[str],
                         admissible: Callable[[str], bool], kind: str | None = None) -> bool:
        """Whether a memory among ``scores`` that may be shown holds ``word`` ("the frontend",
        "the checkout tests"), and names a thing of the attribute ``kind`` when given ("use
        pnpm" a package manager): the value told of the project is then no answer for that
        part. A word no memory holds reads none; one held by fewer memories than are scored
        reads only its holders (a word held widely would cost more to list than to read)."""
        model, index = self.model, self.model.index
        held = set(scores)
        for term in {stem(term) for term in text_terms(word)}:
            holding = index.doc_freq(term)
            if not holding:
                return False
            if holding <= len(held):
                held &= index.holders(term)
        return any(word in words(told) and (kind is None or names_of_kind(told, kind))
                   for leaf in sorted(held) if leaf in model.leaves and admissible(leaf)
                   for told in (model.text_of(leaf),))

    def _several_lines(self, leaf: str) -> bool:
        """Whether a memory has ``ranking.SESSION_LINES`` turns or more (a chat session saved
        whole): lines opening with a speaker's label, so a long note or a block of code keeps
        the similarity floor."""
        return _spoken_lines(self.model.text_of(leaf)) >= ranking.SESSION_LINES

    def _evidence(self, query: Query, match: Match | None, similarity: float,
                  about: bool, *, compared: bool = False, closest: bool = False,
                  crowd: float = 0.0, topic: frozenset[str] = frozenset(),
                  doc_freq: Callable[[str], int] | None = None,
                  several_lines: bool = False) -> ranking.Evidence:
        """How much of the question one memory holds (``ranking.Evidence``); ``doc_freq``
        counts the memories holding a word (the index's, by default)."""
        if match is None:
            return ranking.Evidence(coverage=1.0 if about else 0.0, words=frozenset(),
                                    rarest_df=0, asked=len(query.query_terms),
                                    similarity=similarity, compared=compared,
                                    closest=closest, crowd=crowd, topic=topic,
                                    several_lines=several_lines)
        base = set(query.query_terms)
        words = frozenset(base & match.matched)
        near = words & match.near
        freq = doc_freq or self.model.index.doc_freq
        dfs = [max(freq(t) for t in match.held_as.get(word, {word})) for word in words - near]
        return ranking.Evidence(coverage=1.0 if about else match.coverage, words=words,
                                rarest_df=min(dfs, default=0), asked=len(base),
                                similarity=similarity, dfs=tuple(sorted(dfs)), near=near,
                                compared=compared, closest=closest, crowd=crowd,
                                topic=topic, several_lines=several_lines)

    def _told_by(self, leaf_id: str) -> str | None:
        """The named speaker whose chat turn ``leaf_id`` is, for a notice of the value it told
        ("Odalys said ..."); None for the user's turn, a note or the assistant's turn (the
        notice says "you")."""
        meta = self.model.leaves.get(leaf_id)
        said_by = teller(meta.excerpt, self.readings.user_names()) if meta else None
        return None if said_by in (None, THE_USER) else said_by

    def _freq_apart(self, others_line: Callable[[str], bool]) -> Callable[[str], int]:
        """How many memories hold a term, ``others_line`` left out: a word seventy-five
        strangers' lines hold ("I'm building a wooden kayak") is no common word of the named
        speakers' own chat. A term held by more than ``OWN_SCAN`` memories is counted by the
        index (reading each holder's excerpt costs)."""
        index = self.model.index

        @functools.cache
        def freq(term: str) -> int:
            holders = index.postings(term)
            if len(holders) > OWN_SCAN:
                return index.doc_freq(term)
            return sum(1 for leaf_id in holders if not others_line(leaf_id))
        return freq

    def _before_value(self, text: str, questions: list[tuple[str, str]], timeline: Timeline
                      ) -> dt.date | None:
        """The day before the value the question names began ("before Valencia"): the value
        then answers it, and its memory leads, not the named value's. The value may be of
        another of the subject's own attributes ("Where did Maya work before she moved to
        Denver?": the day before her home became Denver); without it the current employer
        answered a question about the one before."""
        m = _BEFORE.search(fold(text))
        if m is None:
            return None
        named = normalise_words(m.group("x"))
        others = [(subject, attribute) for subject, _ in questions
                  for attribute in sorted(PERSONAL_ATTRIBUTES)
                  if (subject, attribute) not in questions]
        for told, keys in ((timeline, questions),
                           (self.model.facts.timeline([fact_key(*k) for k in others]), others)):
            for subject, attribute in keys:
                for fact in told.facts_for(subject, attribute):
                    if fact.status in ("ACTIVE", "HISTORICAL") \
                            and _names_value(named, fact.value):
                        return fact.valid_since - dt.timedelta(days=1)
        return None

    def _instances(self, text: str, speaker: str | None, span: DateRange | None,
                   admissible: Callable[[str], bool], asked: Any,
                   values: Collection[str], leading: str | None,
                   narrowed: Collection[str] = ()) -> list[str]:
        """The memories of ``speaker`` (the user's own turns when None) naming each thing of
        the kind a list question lists, or one of the timeline's ``values`` for it (each by
        its rarest word: "Quorra", not "Labs"), in the asked time, and naming each of the
        ``narrowed`` names (folded: "Which warehouses has Ferrocart used?" was led by "The
        data-science team bills its usage from a Snowflake warehouse"); the ranking's first
        (``leading``) first when it is one (``instances``)."""
        index = self.model.index
        known = {min(words, key=index.doc_freq) for value in values
                 if (words := [stem(term) for term in text_terms(value)])}
        things = instances.things_asked(text, things_of) | known
        opened = open_kinds.open_listed(text)
        if not (things or opened) or not several.asks_for_list(text):
            return []

        def keep(leaf: str) -> bool:
            if leaf not in self.model.leaves or not admissible(leaf) \
                    or not instances.one_turn(self.model.leaves[leaf].excerpt) \
                    or span is not None and not self._dated_in(leaf, span):
                return False
            if narrowed and not instances.names_each(self.model.text_of(leaf), narrowed):
                return False
            return self.conversation.said_by(leaf, speaker) if speaker is not None \
                else not self.conversation.assistant_said(leaf)

        return instances.gathered(
            things, index.doc_freq, index.holders, keep,
            lambda leaves: self._closeness(asked, leaves, {}),
            lambda leaf: instances.told(self.model.leaves[leaf].excerpt,
                                        self.conversation.tells(leaf)), self._when,
            known=known, leading=leading,
            told_apart=self._open_instances(opened, keep, speaker) if opened else None,
            in_sense=self._in_sense(senses.kind_listed(several.listed(text))),
            # "Try Emma or Snoop ... YNAB costs about £90": a speaker asked what they
            # recommended answers with several things in one reply, and that reply is one part
            most_named=None if speaker is not None else instances.THINGS_MAX)

    def _in_sense(self, kind: str | None
                  ) -> Callable[[str, Collection[str]], bool | None] | None:
        """Whether a memory naming ``held`` things says them as things of ``kind`` (a kind
        of ``senses.SAID``), when each is also another kind's: closer in meaning to how the
        kind is said than to how each other is ("Cleaned the fish tank" is no food); None
        when no word of it is another kind's (nothing to judge)."""
        if kind is None:
            return None

        def in_sense(leaf: str, held: Collection[str]) -> bool | None:
            others = senses.rivals({fold(word).lower() for word in re.findall(
                r"\w+", self.model.leaves[leaf].excerpt)}, kind)
            if not others:
                return None
            close = {other: self.vectors.similarity_of(
                self.vectors.encode_query(senses.SAID[other]), [leaf]).get(leaf, 0.0)
                     for other in (kind, *others)}
            return close[kind] >= max(close[other] for other in others)
        return in_sense

    def _open_instances(self, kinds: Collection[str], keep: Callable[[str], bool],
                        speaker: str | None = None) -> dict[str, set[str]]:
        """The memories ``keep`` admits telling an instance of an open kind (``open_kinds``:
        holding one of its cues), each with the instance's names ("Casa Lupe"; the memory's
        own id when it names none: "Bought a wool scarf for my mom"), and the other memories
        naming one of those names ("Went back to Kaito"). Of a ``speaker`` asked what they
        recommended, their reply to a turn holding a cue tells an instance too: "Can you
        recommend a budgeting app?" / "Try Emma or Snoop" is one exchange, and the reply
        names the things without the kind's word. A turn's speaker label is no instance's
        name ("Assistant: Go to ...")."""
        index = self.model.index
        told: dict[str, set[str]] = {}
        for kind in kinds:
            own, doings = open_kinds.cues(kind)
            for cue in sorted(own | doings, key=index.doc_freq):  # the rarest first
                if len(told) >= instances.CANDIDATES_MAX:
                    break
                if not 0 < index.doc_freq(cue) <= open_kinds.CUE_HOLDERS_MAX:
                    continue
                for holder in index.holders(cue):
                    reply = self.conversation.reply_of(holder, speaker) \
                        if speaker is not None and not keep(holder) else None
                    leaf = holder if reply is None else reply
                    if leaf in told or not keep(leaf):
                        continue
                    text = self.model.leaves[leaf].excerpt  # in memory: no file read per holder
                    said = {stem(term) for term in text_terms(text)}
                    named = open_kinds.instance_names(
                        named_terms(past_label(text)) | (tool_names() & said), kind)
                    if named or cue in own:
                        told[leaf] = set(named) or {leaf}
        names = {name for held in told.values() for name in held
                 if 0 < index.doc_freq(name) <= instances.HOLDERS_MAX}
        for name in sorted(names):
            for leaf in index.holders(name):
                if leaf in told:
                    told[leaf].add(name)
                elif keep(leaf):
                    told[leaf] = {name}
        return told

    def _history_told(self, keys: Sequence[tuple[str, str]], timeline: Timeline,
                      admissible: Callable[[str], bool], addable: Callable[[str], bool]
                      ) -> tuple[list[str], list[str]]:
        """For a question asking every value a timeline held ("Which cars have I owned?",
        "¿En qué ciudades he vivido?", ``history_question``): the memory that first told each
        value, oldest value first, and the user's own memories naming a value, oldest first
        (at most ``several.SEVERAL_SHOWN``). An ending ("laid off", "broke up") is no value.
        A value the facts never recorded (a car only mentioned: "my 2014 Honda Fit needs
        brakes") is left to the kind's reading (``everyday_kinds``)."""
        told: dict[str, str] = {}
        for key in keys:
            for fact in sorted(timeline.facts_for(*key), key=lambda f: f.valid_since):
                leaf = fact.source_leaf_id
                if fact.status not in ("HISTORICAL", "ACTIVE") or is_ending(fact.value) \
                        or not leaf or fold(fact.value).lower() in told \
                        or leaf in told.values() or not addable(leaf):
                    continue
                told[fold(fact.value).lower()] = leaf
        holders: dict[tuple[str, float], str] = {}
        for value in told:
            words = {stem(term) for term in text_terms(value)}
            if not words:
                continue
            held = set.intersection(*(self.model.index.holders(word) for word in words))
            if len(held) > HISTORY_HOLDERS_MAX:
                continue  # a word of many memories' ("vegetarian"): no mark of the user's own
            holders.update((self._when(leaf), leaf) for leaf in held
                           if leaf not in told.values() and admissible(leaf)
                           and not self.conversation.assistant_said(leaf) and addable(leaf))
        return list(told.values()), [holders[when] for when in sorted(holders)][
            :several.SEVERAL_SHOWN]

    def _answer(self, question: tuple[str, str], timeline: Timeline, admissible: Any,
                day: dt.date | None = None, as_of: dt.datetime | None = None
                ) -> AttributeAnswer | None:
        """The current value (or, for "where did I live in 2025?", the value then); none
        when the memory that told it was replaced by one that names the value again
        (``_retired``)."""
        subject, attribute = question
        current = timeline.current(subject, attribute)
        told_roles = [fact for fact in timeline.facts_for(subject, attribute)
                      if fact.status == "HISTORICAL"] if attribute == "role" else []
        if current is None and told_roles and day is None:
            # the role ended with a change of employer (``job_ends``): the job now is the
            # new employer ("¿En qué trabaja Lucas ahora?" after "me han ofrecido trabajo en
            # una productora")
            return self._answer((subject, "employer"), timeline, admissible, day, as_of)
        current = current or (told_roles[-1] if told_roles else None)
        if current is None:
            return None
        def shown(fact: Any) -> bool:  # its memory may be served (scope, as_of)
            leaf = fact.source_leaf_id
            return not (leaf and leaf in self.model.leaves and not admissible(leaf))

        facts = timeline.facts_for(subject, attribute)
        then = timeline.state_at(subject, attribute, day) if day else None
        if day and then is None:
            # asked about a time before any value was recorded ("where did I live in 2023?"
            # and the first move is of 2025): no value answers it, least of all today's
            return None
        lead = then or current
        if not shown(lead) or day is None and self._retired(lead, as_of):
            return None
        role = timeline.current(subject, "role") if day is None and is_ending(lead.value) \
            and role_beside((subject, attribute)) is not None else None
        if role is not None and role.valid_since > lead.valid_since and shown(role):
            # "I got laid off", then "I GOT IT. interpretive guide in Banff": a job was taken
            # since the ending, so the ending is no current employer; the role told since
            # answers, its memory first
            return self._answer((subject, "role"), timeline, admissible)
        if then is not None and not shown(current):
            current = then  # a later value of a memory not served (as of a past day)
        told = [f for f in facts if f.status in ("HISTORICAL", "ACTIVE") and shown(f)]
        run = [lead]  # "I move in to Blackrock on 1 August", then "Settled in Blackrock!"
        while run[0].confirms and run[0] in told and told.index(run[0]) > 0:
            run.insert(0, told[told.index(run[0]) - 1])
        began = run[0]  # the value holds since its first telling, not since its repeat
        if began.source_leaf_id and (began.source_leaf_id not in self.model.leaves
                                     or not admissible(began.source_leaf_id)):
            began = lead
        history = tuple((f.value, f.valid_from) for f in told if f not in run)
        pending = tuple(f.value for f in facts if f.status == "PENDING")
        # the memory that told the value as it is shown leads: "Vivimos en Logan Square"
        # for 'Logan Square, Chicago', not the move to Chicago it refines (``towns``)
        teller = next((f for f in run if f.source_leaf_id and normalise_words(f.value)
                       == normalise_words(lead.value) and admissible(f.source_leaf_id)
                       and f.source_leaf_id in self.model.leaves), began)
        return AttributeAnswer(subject=current.subject, attribute=current.attribute,
                               value=lead.value,
                               since=began.valid_from or began.recorded_at[:10],
                               history=history, pending=pending,
                               leaf_id=teller.source_leaf_id or lead.source_leaf_id,
                               valid_on=day.isoformat() if then and day else None,
                               current_value=current.value if then else None)

    def _retired(self, fact: ResolvedFact, as_of: dt.datetime | None) -> bool:
        """Whether the memory that told ``fact`` was superseded by a memory naming its value
        again: "CI moves from Jenkins to GitHub Actions" replaced "CI runs on Jenkins", and
        recorded no value of its own (the wording was not read as a change), so the
        timeline still holds 'Jenkins' as current. The answer would state the old value as
        today's; the memories, ranked with the successor first, answer instead. A successor
        not naming the value (another fact of the same memory changed) leaves it current."""
        leaf = fact.source_leaf_id
        if not leaf:
            return False
        after = self.model.facts.timeline_for_leaves([leaf], as_of=as_of).superseding_leaf(leaf)
        if after is None or after not in self.model.leaves:
            return False
        value = fold(str(fact.value)).strip()
        return bool(value) and re.search(rf"(?<!\w){re.escape(value)}(?!\w)",
                                         fold(self.model.text_of(after))) is not None

    def _coverage(self, query: Query, leaf_id: str, matched: frozenset[str]) -> float:
        """Share of the query's idf weight this memory matches (terms no memory holds weigh
        most). A query term no memory holds still counts as matched when the memory holds
        another form of it ("repo" / "repository", "manager" / "manage"): a paraphrase is
        not a topic never stored."""
        plan = self._weights(query)
        total = got = 0.0
        for term, weight, variants in plan:
            total += weight
            if term in matched or (variants and any(leaf_id in self.model.index.postings(v)
                                                    for v in variants)):
                got += weight
        return got / total if total else 0.0

    def _weights(self, query: Query) -> tuple[tuple[str, float, tuple[str, ...]], ...]:
        """(term, idf, other forms to look for when no memory holds the term), once per query
        reading (every candidate of a search is weighed with it)."""
        cached = self._plans.get(id(query))
        if cached is not None and cached[0] is query:
            return cached[1]
        index = self.model.index
        n = max(len(index), 1)
        plan = []
        for term in query.query_terms:
            df = index.doc_freq(term)
            variants = tuple(index.variants(term)[:VARIANTS_CHECKED]) if df == 0 else ()
            plan.append((term, idf(df, n), variants))
        result = tuple(plan)
        self._plans[id(query)] = (query, result)
        return result

    def _thread_outcome(self, leaf_id: str, admissible: Callable[[str], bool],
                        addable: Callable[[str], bool], asked: Callable[[str], bool]
                        ) -> str | None:
        """For a question asking how a thread ended ("Which wetsuit did I end up buying?",
        ``asks_outcome``) whose best match opened it ("How much should I spend on a
        wetsuit?"): the latest memory of a later day in which the same speaker tells a doing
        of theirs (``doing_told``: "Y me compré el neopreno al final, el Zone3 Aspire") that
        goes on from the best match (a name or two rare words shared, ``_continuation``) and
        holds a word of the question or stands out close to it (``asked``), or goes on from
        the turn answering it by a name that turn offered ("Zone3 Aspire", "the Inov-8
        Mudclaw": what the advice named is what the thread was choosing among). None when the
        thread told no such end: the conversation's own last word is then shown beside it
        (``Conversation.also_said``)."""
        text_of = self.model.text_of
        speaker = opening_speaker(text_of(leaf_id))
        if speaker is not None and speaker.subject is None:
            return None  # the assistant's advice opens no thread of the user's doing
        day = self._when(leaf_id)[0]

        def ends(doc: str) -> bool:
            return addable(doc) and self._when(doc)[0] > day \
                and opening_speaker(text_of(doc)) == speaker and doing_told(text_of(doc)) == 2

        ended = {doc for doc in self._continuation(leaf_id, admissible)
                 if ends(doc) and asked(doc)}
        reply = self.conversation.turn_after(leaf_id)
        if reply is not None and self.conversation.goes_on_with(leaf_id, reply):
            offered = named_terms(text_of(reply)) - self.model.index.terms_of(leaf_id)
            ended |= {doc for doc in self._continuation(reply, admissible)
                      if ends(doc) and (asked(doc) or offered & capitalised_terms(text_of(doc)))}
        return max(ended, key=self._when) if ended else None

    def _when(self, leaf_id: str) -> tuple[str, float]:
        """A memory's own day (a chat log saved later keeps its order), then its saving time."""
        meta = self.model.leaves[leaf_id]
        return (meta.timestamp or meta.recorded_at)[:10], meta.recorded_ts

    def _state_then(self, changed: str, past: str, admissible: Callable[[str], bool],
                    addable: Callable[[str], bool], replaced: list[str]) -> str | None:
        """A question about a past time whose best memory on its topic is dated after it and
        tells a change ("billing migrated from MySQL to PostgreSQL", July; asked about
        June): the latest earlier memory of the same story dated by ``past`` (ISO day), how
        things stood then; None when there is none. The memories the change superseded
        (``replaced``) are of its story whatever words they share ("Marlin per-user rate
        limit: 100 requests per minute", superseded by "Raised Marlin's per-user rate limit
        from 100 to 300": their rare words are numbers, which tie nothing here)."""
        if self._when(changed)[0] <= past or not tells_a_change(self.model.text_of(changed)):
            return None
        told = [*self._continuation(changed, admissible, later=False),
                *(doc for doc in replaced if admissible(doc))]
        earlier = [doc for doc in told if self._when(doc)[0] <= past and addable(doc)]
        return max(earlier, key=self._when) if earlier else None

    def _told_when(self, leaves: Collection[str]) -> Callable[[str], tuple[str, float]]:
        """``_when`` among ``leaves``, but a note told with no day of its own ("ALD-7 (open):
        the export drops a row", "The frontend is built with Vite") is no newer than a note
        of the same ticket, or of the same project, saved after it that names its own day
        ("2026-11-02: ALD-7 fixed", "2026-11-20: The frontend moved from web/ to apps/web/"):
        the undated note's day is only the day it was saved, which says nothing of when it
        held, and whoever saved the dated note later knew more. It is taken to the day
        before that note's (its saving moment kept), so that no rule reads the two as notes
        of one day, told in any order. Only a ticket's notes and a project's (an agent
        files those as its work goes on, ``saved_in_order``): other memories saved in one go
        (a chat imported beside dated notes) tell nothing by the order they were saved in.
        Between dated memories, or undated ones, ``_when`` as ever."""
        metas, text_of = self.model.leaves, self.model.text_of
        # (a dated note's text is read only when an undated note of a ticket asks for it)
        dated = [(self._when(leaf)[0], metas[leaf].recorded_ts, leaf)
                 for leaf in leaves if leaf in metas and states_its_day(metas[leaf])]

        def when(leaf_id: str) -> tuple[str, float]:
            day, saved = self._when(leaf_id)
            meta = metas.get(leaf_id)
            if meta is None or states_its_day(meta) or not dated:
                return day, saved
            tickets = () if saved_in_order(meta) else \
                [ident for ident in identifiers(text_of(leaf_id)) if _ticket(ident)]
            told_after = min((other for other, at, doc in dated
                              if at > saved and other < day
                              and (saved_in_order(meta) and metas[doc].scope == meta.scope
                                   or tickets and any(holds_identifier(text_of(doc), ident)
                                                      for ident in tickets))),
                             default=None)
            if told_after is None:
                return day, saved
            return (dt.date.fromisoformat(told_after) - dt.timedelta(days=1)).isoformat(), saved
        return when

    def _later_change(self, question: str, asked: Any, crowd: float,
                      held: Mapping[str, frozenset[str]] | None = None
                      ) -> Callable[[str, str], bool]:
        """Whether one memory (``first``) tells, on a later day, a change of what another
        told (``other``), for a question about now: the same speaker (a chat turn's label, or
        none on both), a change told (``tells_a_change``: "gave up", "went up to", "ya no",
        "dejé de") and about the question, holding one of its words besides the names asked
        ("the fee went up to 55" for "the climbing gym fee now") or close to it in meaning,
        ``CHANGE_SIMILARITY`` and above its crowd ("Ahora pagamos 52 al mes" for "¿cuánto
        paga ahora de cuota?"); by the words alone when ``asked`` (the question's vector) is
        None, and then also by the words it matched (``held``: through a translation, "I've
        given up coffee" for "¿cuántos cafés toma?")."""
        names = {stem(fold(name)) for name in names_asked(question)}
        words = frozenset(stem(t) for t in text_terms(question)) - names
        text_of, index = self.model.text_of, self.model.index

        def changed(first: str, other: str) -> bool:
            if not self._when(first)[0] > self._when(other)[0] \
                    or not tells_a_change(text_of(first)):
                return False
            if not _same_speaker(opening_speaker(text_of(first)), opening_speaker(text_of(other))):
                return False
            if index.terms_of(first) & words or held is not None and held.get(
                    first, frozenset()) - names:
                return True
            if asked is None:  # by its words alone
                return False
            close = self.vectors.similarity_of(asked, [first])
            return close.get(first, 0.0) >= max(ranking.CHANGE_SIMILARITY, crowd)
        return changed

    def _stops(self, lead: str, told: frozenset[str], doings: frozenset[str],
               names: set[str]) -> Callable[[str], bool]:
        """Whether a memory tells that the doing ``question`` asks about ended, or a thing
        of the question both it and ``lead`` name (``told``: the question's words ``lead``
        matched) (``stories.stops_doing``: "dejé de fumar", "I quit
        smoking", "I've given up coffee" after "four coffees a day"), said by the speaker of
        ``lead`` (a chat turn's label, or none on both): another friend's quitting is not
        hers. ``doings`` and ``names`` (stemmed, folded) are the question's, read by the caller."""
        index = self.model.index
        things = frozenset(term for term in told & index.terms_of(lead)
                           if term not in names and not any(c.isdigit() for c in term))
        speaker = opening_speaker(self.model.text_of(lead))

        def stops(leaf: str) -> bool:
            if not stops_doing(self.model.text_of(leaf), doings,
                               things & index.terms_of(leaf)):
                return False
            return _same_speaker(opening_speaker(self.model.text_of(leaf)), speaker)
        return stops

    def _latest_change(self, leaf_ids: list[str]) -> str | None:
        """The one memory of the latest day among these that tells of a change: after memories
        of earlier days, or beside one other memory of its own day ("plays the violin" and
        "switched from violin to cello this term", both of one day: the switch); else None.
        The day, not the saving time: notes of one day may be saved in any order."""
        known = [leaf for leaf in leaf_ids if leaf in self.model.leaves]
        if len(known) < 2:
            return None
        last_day = max(self._when(leaf)[0] for leaf in known)
        latest = [leaf for leaf in known if self._when(leaf)[0] == last_day]
        changes = [leaf for leaf in latest if tells_a_change(self.model.text_of(leaf))]
        if len(changes) != 1 or (len(latest) == len(known)
                                 and len(latest) - len(changes) != 1):
            return None
        return changes[0]

    def _continuation(self, leaf_id: str, admissible: Callable[[str], bool], *,
                      later: bool = True) -> list[str]:
        """The later memories (or of its day) that share a name or two rare words with
        ``leaf_id``: where its story went next ("we run CI on Jenkins", then "CI runs on
        GitHub Actions now; Jenkins is gone"), when no fact pattern read the change
        (``stories``); the earlier ones (or of its day) when ``later`` is False."""
        index, metas = self.model.index, self.model.leaves
        meta = metas.get(leaf_id)
        if meta is None:
            return []
        most = max(ranking.CONTINUATION_MIN_DF, int(len(index) * ranking.CONTINUATION_DF_SHARE))
        rare = sorted((index.doc_freq(term), term) for term in index.terms_of(leaf_id)
                      if not any(c.isdigit() for c in term))  # dates and numbers tie nothing
        words = [term for df, term in rare if 1 < df <= most][:ranking.CONTINUATION_TERMS]
        text = self.model.text_of(leaf_id)
        # a ticket's id ties its story whatever else is said ("FB-201 opened: the PDF
        # renderer crops..." then "FB-201 is fixed and closed"): its number is a term no
        # rare word above counts, and its tracker's letters are in every ticket
        tickets = [ident for ident in identifiers(text) if _ticket(ident)]
        if not words and not tickets:
            return []
        names = named_terms(text)
        shared: dict[str, int] = {}
        named: dict[str, set[str]] = {}

        def told_on(doc: str) -> bool:
            other = metas.get(doc)
            if doc == leaf_id or other is None or not admissible(doc):
                return False
            # by day: notes of one day may be saved in any order, so the story's other
            # memories of the same day count on either side ("plays the violin" and
            # "switched from violin to cello this term")
            when = self._told_when((leaf_id, doc))
            day, start = when(doc)[0], when(leaf_id)[0]
            if day < start if later else day > start:
                return False
            if other.source and (other.source, other.recorded_at) == (meta.source,
                                                                      meta.recorded_at):
                return False  # another chunk of the same save
            # a tool result never ends (nor starts) what a person said
            return "tool" not in (other.origin, meta.origin) or other.origin == meta.origin

        for term in words:
            for doc in index.postings(term):
                if told_on(doc):
                    shared[doc] = shared.get(doc, 0) + 1
                    if term in names:
                        named.setdefault(doc, set()).add(term)
        for ident in tickets:
            number = min((stem(t) for t in text_terms(ident)), key=index.doc_freq)
            for doc in index.postings(number):
                if told_on(doc) and holds_identifier(self.model.text_of(doc), ident):
                    shared[doc] = shared.get(doc, 0) + ranking.CONTINUATION_SHARED_WORDS
        return [doc for doc, count in shared.items()
                if count >= ranking.CONTINUATION_SHARED_WORDS or (
                    doc in named and named[doc] & capitalised_terms(self.model.text_of(doc)))]

    def _open_work(self, admissible: Callable[[str], bool],
                   addable: Callable[[str], bool]) -> list[str]:
        """For "Which tickets are still open?": the newest note of each piece of work whose
        notes tell it open ("KES-241 (in progress)", "QL-21 (open)") and whose story goes on
        in no note telling it done ("2026-10-15: KES-212 fixed ...; closed"), at most
        ``OPEN_WORK_SHOWN``: the tickets first, then work no ticket's id names ("Session note:
        ... Left a TODO"), each the newest first. An agent writes a TODO in many a session's
        note; a ticket told open is the work someone tracks, and five such notes must not
        push it down the list. A note open by the word "open" alone is work's only beside a
        ticket's id. The notes read are the index's best ``OPEN_WORK_READ`` holders of each
        open word (``work_status.OPEN_WORDS``), never the store's every holder."""
        text_of = self.model.text_of
        holders = dict.fromkeys(
            leaf for word in OPEN_WORDS.split()
            for leaf, *_ in self.model.index.search(parse_query(word), limit=OPEN_WORK_READ,
                                                    allowed=admissible))
        newest: set[str] = set()
        tracked: set[str] = set()
        for leaf in holders:
            text = text_of(leaf)
            tickets = [ident for ident in identifiers(text) if _ticket(ident)]
            if not tells_work_open(text) or not (open_by_work_word(text) or tickets):
                continue
            # a ticket's story goes on in the notes naming it: a later session's note on the
            # same code ("the slow part is validate_iban ... Left a TODO") is other work
            later = [doc for doc in self._continuation(leaf, admissible)
                     if self._goes_on(leaf, doc) and (not tickets or any(
                         holds_identifier(text_of(doc), ident) for ident in tickets))]
            last = max([leaf, *later], key=self._told_when([leaf, *later]))
            if not tells_work_done(text_of(last)) and addable(last):
                newest.add(last)
                if tickets:
                    tracked.add(last)
        by_day = sorted(newest, key=self._told_when(newest), reverse=True)
        return sorted(by_day, key=lambda leaf: leaf not in tracked)[:OPEN_WORK_SHOWN]

    def _other_ticket(self, mine: frozenset[str], later: str) -> bool:
        """``later`` names a ticket and none of ``mine`` (the tickets of the memory whose
        story is followed): another ticket's story ("DP-240 (open): stg_gauges drops ..." and
        "DP-313 closed: parse_gauges now ..." share the code's words, and "closed" is
        DP-313's, not DP-240's)."""
        theirs = _tickets_in(self.model.text_of(later))
        return bool(mine and theirs) and mine.isdisjoint(theirs)

    def _goes_on(self, leaf_id: str, later: str) -> bool:
        """``later``, of the story of ``leaf_id``, tells where it went: a change ("Jenkins is
        gone"), or, naming the same ticket, how the work stands ("ALD-7 (open)", then
        "ALD-7 fixed in src/alder/export.py; closed": no change word, but a status)."""
        text = self.model.text_of(later)
        if tells_a_change(text):
            return True
        return tells_work_status(text) and any(
            _ticket(ident) and holds_identifier(text, ident)
            for ident in identifiers(self.model.text_of(leaf_id)))

    def _restatements(self, ranked: list[tuple[str, float]], successor: dict[str, str | None],
                      matched: dict[str, frozenset[str]], worded: Mapping[str, float],
                      meaning: Mapping[str, float]) -> dict[str, str]:
        """older -> newer for memories that say nearly the same thing (most of their words in
        common) and answer the query equally (same query words, near-tied scores): "the
        deploy window is Thursday" then "... is Friday now" is one memory restated, not two
        rivals, even when no fact pattern saw the change. A memory that matches the query
        better is never demoted for a look-alike. Two memories as close in meaning to the
        question as each other (``meaning``, within ``MEANING_LEAD``) are judged on their
        words' scores (``worded``): which of two near-copies the vectors rank first is noise,
        while a look-alike that means something else is told apart by the vectors."""
        out: dict[str, str] = {}
        metas = self.model.leaves
        fused = dict(ranked)
        leaves = [leaf for leaf, _ in ranked]
        for i, a in enumerate(leaves):
            for b in leaves[i + 1:]:
                if successor.get(a) or successor.get(b) or a not in metas or b not in metas:
                    continue
                if "tool" in (metas[a].origin, metas[b].origin) and metas[a].origin != \
                        metas[b].origin:
                    continue  # a tool result never restates (overrides) what a person said
                scores: Mapping[str, float] = fused
                if a in worded and b in worded and a in meaning and b in meaning \
                        and abs(meaning[a] - meaning[b]) < MEANING_LEAD:
                    scores = worded
                if matched.get(a) != matched.get(b) or \
                        min(scores[a], scores[b]) < (1 - self.settings.ambiguity_margin) \
                        * max(scores[a], scores[b]):
                    continue
                if not self.conversation.restates(a, b):
                    continue
                older, newer = sorted((a, b), key=lambda x: metas[x].recorded_ts)
                out.setdefault(older, newer)
        return out

    def _decide(self, query: Query, msg: Search, ranked: list[tuple[str, float]],
                best: dict[str, Match], evidence: dict[str, ranking.Evidence],
                boosts: dict[str, float],
                currency: dict[str, str], successor: dict[str, str | None], timeline: Timeline,
                answer: AttributeAnswer | None, trace: SearchTrace,
                measured: dict[str, float], *, listing: bool = False,
                unheld: tuple[str, ...] = (),
                continued: Mapping[str, str] | None = None,
                continuation_of: Callable[[str], str | None] | None = None,
                unknown: tuple[str, ...] = (),
                foreign: frozenset[str] = frozenset(),
                one_ticket: frozenset[str] = frozenset(),
                empty_range: str = "", timely: frozenset[str] = frozenset(),
                dated: frozenset[str] = frozenset(),
                rare: frozenset[str] = frozenset(),
                advised: frozenset[str] = frozenset(),
                name_forms: frozenset[str] = frozenset(),
                answers: Callable[[str], bool] | None = None,
                told_by: Callable[[str], str | None] | None = None,
                value_leaves: tuple[str, ...] = (),
                value_holders: tuple[str, ...] = (),
                as_was: frozenset[str] = frozenset(),
                tellers: frozenset[str] = frozenset(),
                in_passing: frozenset[str] = frozenset(),
                replied: Mapping[str, str] | None = None) -> SearchResult:
        """FOUND, AMBIGUOUS or NONE. ``measured`` holds the vector similarity of the memories
        that have a vector (a memory outside the vector pool counts as 0.0: it is less similar
        than every one inside it). ``listing``: the question asks what happened in a time
        range, so the memories of the range are served, never a clue request. ``unheld``: the
        question is only identifiers and no memory holds them verbatim (TICKET-999 is not
        TICKET-12, PAY-42 is not PAY-4228). ``empty_range``: the words of a time asked about
        alone that no memory is dated in or names ("May 2026"): nothing answers it.
        ``unknown``: what the question is about that no memory mentions, as the reply names it
        ("the user's 'shoulder'", "'Boston'"). ``one_ticket``: the question is only
        identifiers, and these memories hold them verbatim: whatever they say, they are about
        the one thing asked ("PAY-1423": the bug and its fix), never rivals for a clue.
        ``timely``: memories dated in the asked time holding a word of the question or one
        close to it (``ranking.about_first``). ``rare``: the memories holding the question's
        rarest word, a name (``_rare_holders``). ``advised``: the user's preferences a
        recommendation asked leads with: they answer it, never rivals for a clue.
        ``name_forms``: what a name question asks the name of (``_name_forms``). ``answers``:
        whether a memory holds the kind of answer the question asks for (``_answers_asked``),
        None when it asks for no kind. ``told_by``: for a question about the user's events,
        the turn an answer of the assistant's answered (``ranking.told_first``).
        ``value_leaves``: a question asking every value of a timeline ("Which cars have I
        owned?"): the memories that told each value, oldest first, leading the reply;
        ``value_holders``: the user's memories naming one of those values, its next parts
        (``_history_told``). ``tellers``: turns telling, as their teller's own, the thing
        the question asks of someone else (``thing_owner``): about it, yet never led by that
        ahead of the one asked's own memory ("user: a beagle called Biscuit" for "the user's
        dog" holds no "dog", "Dani: Mi perro Rocco" does). ``in_passing``: memories writing
        the one thing asked only in the plural (``kind_in_passing``): no later news of a lead
        that tells of the thing itself. ``replied``: for a question asking what a speaker
        suggested, their replies found through the turn each answers (reply -> that turn)."""
        def result(status: str, hits: tuple[Hit, ...], conf: float, reason: str | None,
                   history: tuple[Hit, ...] = ()) -> SearchResult:
            return SearchResult(status=status, query=msg.query, clue=msg.clue, hits=hits,
                                confidence=conf, reason=reason, answer=answer, trace=trace,
                                history=history,
                                as_of=msg.as_of.isoformat() if msg.as_of else None)

        if unheld and answer is None:
            names = ", ".join(f"'{ident}'" for ident in unheld[:3])
            return result("NONE", (), 0.0, f"no memory holds {names} exactly")
        if empty_range and answer is None:  # "May 2026?": no memory is of that time
            return result("NONE", (), 0.0, f"no memory is dated in '{empty_range}' or "
                                           "names it")
        if not ranked:
            return result("NONE", (), 0.0, None)
        # a memory of the time the question names that its words and meaning brought among the
        # first is timely too: "Off to Bergen tomorrow" for "Where was I travelling in early
        # September?" holds no word of it
        ahead = frozenset(leaf for leaf, _ in ranked[:ranking.NEWEST_DEPTH] if leaf in dated)
        in_time_ahead = bool(ahead)
        timely = timely | ahead
        matched = {leaf: best[leaf].matched if leaf in best else frozenset()
                   for leaf, _ in ranked}
        for leaf, after in successor.items():
            # a correction stands in for what its predecessor matched, unless the question
            # asks about the predecessor as it was (``as_was``: "Lavapiés flat")
            if after in matched and leaf not in as_was:
                matched[after] = matched[after] | matched.get(leaf, frozenset())
                if leaf in evidence and after in evidence and \
                        evidence[leaf].coverage > evidence[after].coverage:
                    evidence[after] = evidence[leaf]
        if unknown and answer is None and not listing and not value_leaves:
            # what the question is about is in no memory: only a memory of the other
            # language, matched through a translation, may still be about it
            evidence = {leaf: e for leaf, e in evidence.items() if leaf in foreign}
            if ranking.abstains([evidence[leaf] for leaf, _ in ranked if leaf in evidence],
                                len(self.model.leaves)):
                return result("NONE", (), 0.0,
                              f"no stored memory mentions {' or '.join(unknown)}")
        if answer is None and not value_leaves and ranking.abstains(
                [evidence[leaf] for leaf, _ in ranked if leaf in evidence],
                len(self.model.leaves)):
            shared = tuple(sorted({t for m in matched.values() for t in m}
                                  & set(query.query_terms)))
            # "service", not "servic"; narrowed to the memories shown once they are known
            return dataclasses.replace(result("NONE", (), 0.0, notice_words.share_only(
                shared, as_said(query.text))), shared=shared)
        if answer is None:
            size = len(self.model.leaves)
            judged = dict(evidence)
            for older, newer in (continued or {}).items():  # the story's later memory
                if older in evidence and not (newer in judged and
                                              ranking.about(judged[newer], size)):
                    judged[newer] = evidence[older]
            clued = query.clue_terms
            holding = {leaf for leaf, words in matched.items() if words & clued}
            # a memory holding the clue is about what the caller meant, as a timely one is
            ranked = ranking.about_first(ranked, {leaf: e for leaf, e in judged.items()
                                                  if leaf not in tellers},
                                         size, {*timely, *holding}, self.conversation.slight,
                                         self.conversation.turn_before)
            # a recommendation led by the user's preference: no newer memory sharing the
            # request's words ("what creamy drink could we make?") tells how things stand now
            if asks_how_things_stand(query.text) and not query.has_clue \
                    and not (ranked and ranked[0][0] in advised):
                on_topic = {leaf for leaf, _ in ranked[:ranking.NEWEST_DEPTH]
                            if leaf in judged and ranking.about(judged[leaf], size)
                            and (leaf not in in_passing or ranked[0][0] in in_passing)}
                # the user's habit is changed by the user, not by a colleague who switched
                changed = tells_own_change if asks_of_the_user(query.text) else tells_a_change
                asked_names = {stem(fold(name)) for name in names_asked(query.text)}
                doings = doings_asked(query.text)
                ranked = ranking.newest_leads(ranked, on_topic, self._told_when(on_topic),
                                              matched, asked_names,
                                              now=asks_about_now(query.text),
                                              measure=asks_a_measure(query.text),
                                              changes=lambda leaf: changed(
                                                  self.model.text_of(leaf)),
                                              schedule=(lambda leaf: tells_a_schedule(
                                                  self.model.text_of(leaf)))
                                              if asks_a_schedule(query.text) else None,
                                              doing=doings,
                                              stops=self._stops(ranked[0][0],
                                                                matched[ranked[0][0]],
                                                                doings, asked_names))
        if told_by is not None and answer is None:
            ranked, moved = ranking.told_first(ranked, told_by)
            for before, leaf in moved.items():  # it holds what its answer matched, with it
                matched[before] = matched.get(before, frozenset()) | matched[leaf]
                if leaf in evidence and (before not in evidence or evidence[
                        leaf].coverage > evidence[before].coverage):
                    evidence[before] = evidence[leaf]
        short = query.short
        worded_scores = {leaf: ranking.coordinated(best[leaf].score, best[leaf].coverage)
                         for leaf, _ in ranked[:6] if leaf in best}
        restated = self._restatements(ranked[:6], successor, matched, worded_scores, measured)
        if restated:
            ranked = ranking.newer_first(ranked, restated)
        candidates: list[Candidate] = []
        saves_seen: set[tuple[str, str]] = set()
        stories_seen: set[str] = set()
        told_seen: set[frozenset[str]] = set()
        n = max(len(self.model.index), 1)
        wanted = set(query.terms)
        worded = any(matched[leaf] & wanted for leaf, _ in ranked[:12])
        # rivals told apart: six, or as many as the caller asked to see ("Madrid", limit 20,
        # and eight memories hold it: all eight are listed, not six of them)
        most = max(RIVALS_SHOWN, msg.limit)
        # the names memories give the thing a name question asks about ("mi gata Luna"): a
        # memory writing one of them answers with it (``_told``)
        given = self._names_given([leaf for leaf, _ in ranked[:2 * most]], name_forms) \
            if name_forms else frozenset()
        for leaf, score in ranked[:2 * most]:
            if len(candidates) == most:
                break
            if short and worded and not matched[leaf] & wanted:
                continue  # found by meaning alone: no rival to a memory holding the words
            meta = self.model.leaves.get(leaf)
            if meta is not None and meta.source:
                save = (meta.source, meta.recorded_at)
                if save in saves_seen:
                    continue  # chunks of one saved text are one memory, not rivals
                saves_seen.add(save)
            story = _story_of(leaf, successor, timeline)
            if story in stories_seen:
                continue  # a memory and its corrections (however many) are one story
            stories_seen.add(story)
            told = self._told(leaf, wanted, name_forms, given)
            if told and told in told_seen:
                continue  # "My editor is Neovim", "I use Neovim as my editor": one answer
            told_seen.add(told)
            terms = matched[leaf]
            strength = score
            if short:
                strength = sum(idf(self.model.index.doc_freq(t), n)
                               for t in terms if t in query.terms) or score
                strength *= boosts.get(leaf, 1.0) * (best[leaf].weight if leaf in best else 1.0)
            entry = self.model.entry(leaf)
            if leaf in best:  # a word held through a neighbour is not a sure match of it
                terms = terms - best[leaf].near
            candidates.append(Candidate(id=leaf, score=strength, matched=terms,
                                        branch=entry.get("parent_id") if entry else None,
                                        superseded_by=successor.get(leaf)
                                        or restated.get(leaf)
                                        or (continued or {}).get(leaf),
                                        similarity=measured.get(leaf),
                                        answers=answers(leaf) if answers else None,
                                        coverage=evidence[leaf].coverage
                                        if leaf in evidence else None))
        reviewed = [c for c in candidates if currency.get(c.id) != "PENDING"]
        if reviewed:  # an unreviewed tool value is no rival to what the user said
            candidates = reviewed
        ordered = apply_clue(query, candidates)
        order = {c.id: i for i, c in enumerate(ordered)}
        if query.has_clue:
            ranked = sorted(ranked, key=lambda item: order.get(item[0], len(order)))
        # A memory and its correction are one story: measure the margin without the pair.
        conf = confidence(query, collapse_corrections(ordered))
        # a clue given is the caller's last word: the best memory holding it is served, the
        # others listed, never a second clue request
        # a count or a list is told by several memories: a near tie is its parts, not a doubt
        # advice asked ("Suggest a weekend trip I'd enjoy") draws on whatever the user likes:
        # no one memory is meant, so there is nothing a clue would choose between
        request = None if answer or listing or query.has_clue or value_leaves \
            or several.asks_for_list(query.text) or asks_for_advice(msg.query) \
            else clue_request(
            query, ordered, threshold=self.settings.confidence_threshold,
            margin=self.settings.ambiguity_margin)
        if request is not None and ranked and ranked[0][0] in advised:
            request = None  # "What should I cook?": what the user eats answers it
        if request is not None and one_ticket \
                and all(c.id in one_ticket for c in request.candidates):
            request = None
        if request is not None and timely and all(
                c.id in timely for c in request.candidates
                if c.score >= request.candidates[0].score * (1 - self.settings.ambiguity_margin)):
            request = None  # "what was going on with mum in early March?": each one answers
        if request is not None and in_time_ahead \
                and not any(c.id in dated for c in request.candidates):
            # "Where was I travelling in early September?": the tied memories say "travel" on
            # other days, and a memory of early September ("Off to Bergen tomorrow") ranks
            # among the first: the time the question names already tells them apart
            request = None
        if request is not None and asks_about_now(query.text):
            # "how does the user get to work now?": of two tied memories, the later one telling
            # of a change ("since the office moved I drive") is how things stand now
            latest = self._latest_change([c.id for c in request.candidates])
            if latest is not None:
                request = None
                # ...unless its own story went on later ("started keeping notes in Obsidian",
                # then "moved my notes out of Obsidian")
                later = continuation_of(latest) if continuation_of else None
                if later is not None and tells_a_change(self.model.text_of(later)):
                    latest = later
                ranked = [item for item in ranked if item[0] == latest] + \
                    [item for item in ranked if item[0] != latest]
        if request is not None:
            hits = tuple(self._hit(c.id, currency, successor, timeline, full_text=True,
                                   score=c.score, focus=_focus(best, c.id))
                         for c in request.candidates)
            return result("AMBIGUOUS", hits, conf, request.reason)
        old = [(leaf, s) for leaf, s in ranked if currency.get(leaf) == "SUPERSEDED"]
        size = max(1, msg.limit)
        if answer is None and not listing and (
                value_leaves or several.asks_for_list(query.text)
                and not several.counts_time(query.text)):
            # a list or a count: one memory per session holding its words first (``several``)
            first = ranked[0][0] if ranked else None
            held = {leaf: several.held(
                query.query_terms, self.model.index.terms_of(leaf), things_of,
                best[leaf].matched - best[leaf].near if leaf in best else ())
                for leaf, _ in ranked[:several.PARTS_DEPTH] if leaf not in tellers}
            parts, of_kind = several.parts_of(query.query_terms, held,
                                              lambda term: bool(things_of(term)))
            # a memory naming a value the timeline knows is a part, as one naming a thing of
            # the kind asked is, and goes before those holding only the kind's own word
            # ("a day without a car in Galway" for "Which cars have I owned?")
            kind = {stem(word) for word in several.listed(query.text)}
            index = self.model.index
            # "Any florists near Harrogate?" / "Look at Petal & Thorn and The Wild Stem": a
            # reply to a turn asking for the kind names its things, not its word
            named_on_request = {reply for reply, asking in (replied or {}).items()
                                if reply in held and kind & index.terms_of(asking)
                                and not kind & index.terms_of(reply)}
            parts.update({leaf: len(held.get(leaf, ())) + 1
                          for leaf in (*value_holders, *named_on_request)})
            ahead = frozenset(value_holders) | several.naming_things(kind, held, things_of) \
                | named_on_request
            # a time asked ("Which sports did I do in 2025?"): its parts are the time's
            # (``value_holders`` are of it already: ``_instances`` reads the whole time)
            if in_time := {leaf: n for leaf, n in parts.items() if leaf in dated}:
                parts = in_time | {leaf: n for leaf, n in parts.items() if leaf in value_holders}
            # "What animals did Maya see near Vík?": the best memory holds the name that
            # narrows the kind (the puffins near Vík), and the kind's stored things (her
            # dog, a friend's cat) are no part of that answer: it stays first. The user's own
            # name is whose the list is, not what narrows it ("What hobbies has Iris had?")
            users = {fold(word) for name in self.readings.user_names() for word in name.split()}
            kept = sorted((item for item in ranked if item[0] in value_leaves),
                          key=lambda item: value_leaves.index(item[0])) if value_leaves \
                else ranked[:1] if of_kind and ranked and ranked[0][0] in rare and not users & {
                    fold(word) for word in re.findall(r"\w+", msg.query)} else []
            # after the memories telling each value, those naming one (``_history_told``),
            # wherever the judgement of what is about the question put them
            ranked, sessions = several.spread(
                sorted((item for item in ranked if item not in kept),
                       key=lambda item: value_holders.index(item[0])
                       if item[0] in value_holders else len(value_holders)), parts,
                lambda leaf: self._day_of(leaf) or leaf, promote=of_kind or bool(value_holders),
                ahead=ahead, taken={self._day_of(leaf) or leaf for leaf, _ in kept})
            ranked = kept + ranked
            if first is not None and ranked and ranked[0][0] != first \
                    and asks_about_now(query.text) and asks_a_measure(query.text) \
                    and self._later_change(query.text, None, 1.0, matched)(first, ranked[0][0]):
                # "¿Cuántos cafés al día toma ahora?": an amount as it stands, and the first
                # memory ("ya no tomo café") changed what the one spread ahead told ("tres
                # cafés al día"): it stays first (issue 18). Not a list ("What languages is
                # the user learning?": a language taken up is one of its parts)
                ranked = [item for item in ranked if item[0] == first] + \
                    [item for item in ranked if item[0] != first]
            size = several.places(size, msg.limit_given, sessions + len(value_leaves))
        hits = tuple(self._folded_hit((leaf, *same), currency, successor, timeline, score=s,
                                      focus=_focus(best, leaf))
                     for leaf, s, same in ranking.distinct(ranked, self._said, size + MORE_SHOWN))
        history: tuple[Hit, ...] = ()
        if msg.include_history:
            history = tuple(self._hit(leaf, currency, successor, timeline,
                                      full_text=True, score=s) for leaf, s in old[:5])
        if answer is not None or listing or value_leaves:
            conf = max(conf, 0.9)  # the timeline or the time range answers it
        return dataclasses.replace(result("FOUND", hits[:size], conf, None, history),
                                   more=hits[size:])

    def _closeness(self, asked: Any, leaves: list[str],
                   similar: Mapping[str, float]) -> dict[str, float]:
        """How close in meaning each of ``leaves`` is to the question (``asked``, its vector;
        None: 0.0 past the vector pool): the candidates' own closeness, not 0.0 past the
        pool. In a crowded store the pool's places go to turns shaped like the question
        ("How do I make ...?"), and two memories holding its words, both outside it, were
        told apart by nothing ("I drink my coffee dark roast" and "my cat knocked my coffee
        onto the keyboard" for "How does the user take their coffee these days?": a clue
        request in bbtest40's store of 9,051 turns)."""
        out = {leaf: similar.get(leaf, 0.0) for leaf in leaves}
        if asked is not None:
            out.update(self.vectors.similarity_of(
                asked, [leaf for leaf in leaves if leaf not in similar]))
        return out

    def _names_given(self, leaves: list[str], name_forms: frozenset[str]) -> frozenset[str]:
        """The names ``leaves`` give the thing a name question asks about (``name_forms``),
        and those given it by any memory holding a word ``leaves`` write with a capital:
        "Luna se ha quedado con mis padres" ranks first for "What is Marta's cat called?",
        and "Vivo en Sevilla con mi gata Luna", which holds no word of the question (only a
        form of one of its words' kind), tells that Luna is the cat. A word more than
        ``GIVEN_HOLDERS`` memories hold ("First", "Adopted") is not looked up."""
        index = self.model.index
        sources = set(leaves)
        for leaf in leaves:
            for word in written_names(self.model.text_of(leaf)):
                for term in text_terms(word):
                    if index.doc_freq(term) <= GIVEN_HOLDERS:
                        sources |= {other for other in index.holders(term)
                                    if index.terms_of(other) & name_forms}
        return frozenset().union(*(self._given(leaf, name_forms) for leaf in sources))

    def _given(self, leaf_id: str, name_forms: frozenset[str]) -> frozenset[str]:
        """The names a memory gives the thing a name question asks about (``name_forms``:
        of what), beside it: "My sister Carolina lives in Monterrey" gives "carolina"."""
        return names_given(self.model.text_of(leaf_id),
                           lambda word: stem(fold(bare(word))) in name_forms)

    def _told(self, leaf_id: str, asked: Collection[str],
              name_forms: frozenset[str] = frozenset(),
              given: frozenset[str] = frozenset()) -> frozenset[str]:
        """What a memory answers with, beyond the question's words: the names it writes with a
        capital inside a sentence (not a sentence's first word: "Found a flat in Madrid",
        "Found a gym in Madrid" are two answers) and the numbers it gives. Two memories
        giving the same ones tell one answer ("My editor is Neovim", "I prefer Neovim as my
        editor"), never rivals to ask about; a different name or number is another answer
        ("a Trek for 600", "a Trek for 900"). Asked for a name (``name_forms``: of what), a
        memory naming the thing answers with the names beside it alone: "My sister Carolina
        lives in Monterrey" and "Mi hermana Carolina adoptó un loro, Kiwi" both answer
        "Carolina", whatever else each tells; one naming none beside it answers with the
        names other memories gave it (``given``) it writes: after "mi gata Luna", "Luna se ha
        quedado con mis padres en Sevilla" and "encontré piso en Chamberí; Luna vuelve
        conmigo" answer "Luna" too, one answer told three times."""
        text = self.model.text_of(leaf_id)
        if name_forms:
            named = self._given(leaf_id, name_forms) or written_names(text) & given
            if named:
                return named
        names, numbers = _names_and_numbers_of(text)
        return frozenset(names - set(asked)) | numbers

    def _answers_asked(self, question: str, name_forms: frozenset[str], *,
                       places: bool = True) -> Callable[[str], bool] | None:
        """Whether a memory holds the kind of answer ``question`` asks for: the asked thing
        with a name beside it (a name question), words of the expected kind (a sum, a length,
        a time of day, a count: ``answer_type.expected``), a place's name (asked "Where...?",
        "What neighborhood...?": "lives in Monterrey"; not with ``places`` False, the ranking's
        judge: ``ranking.KIND_DEPTH``); None when it asks for no kind."""
        kind = expected_answer(question)
        if kind is not None:
            return lambda leaf: holds_answer(kind, self.model.text_of(leaf))
        if name_forms:
            return lambda leaf: bool(names_given(
                self.model.text_of(leaf), lambda word: stem(fold(bare(word))) in name_forms,
                first=True))
        if places and asks_place(question):
            return lambda leaf: tells_a_place(self.model.text_of(leaf))
        return None

    def _nearest(self, similar: dict[str, float], as_of: dt.datetime | None) -> tuple[Hit, ...]:
        """The memories closest in meaning to a question answered "No memory found".

        ``similar`` may hold every memory of a busy time (37,000 of a bulk import's month at
        50k): only the closest are asked whether they are searchable and read into a facts
        timeline, ``NEAREST_WINDOW`` first, four times as many while too few of them can be
        shown (a memory's currency is read from its own facts' keys and events, the same in
        any timeline that holds it)."""
        close = ranking.closest(similar)
        window = NEAREST_WINDOW
        while True:
            known = {leaf: similar[leaf] for leaf in close[:window] if leaf in self.model.leaves}
            timeline = self.model.facts.timeline_for_leaves(known, as_of=as_of)
            shown = self._shown_nearest(known, timeline)
            if len(shown) >= ranking.NEAREST_SHOWN or window >= len(close):
                break
            window *= 4
        close = shown
        currency: dict[str, str] = {leaf: timeline.leaf_currency(leaf) for leaf in close}
        successor = {leaf: timeline.superseding_leaf(leaf) for leaf in close}
        return tuple(self._hit(leaf, currency, successor, timeline, full_text=True,
                               score=similar[leaf]) for leaf in close)

    def _shown_nearest(self, known: dict[str, float], timeline: Timeline) -> list[str]:
        """``ranking.nearest`` of ``known``, the retracted ones left out (``timeline``)."""
        return ranking.nearest(
            known, lambda leaf: timeline.leaf_currency(leaf) != "RETRACTED", self._said)

    def _hit(self, leaf_id: str, currency: dict[str, str], successor: dict[str, str | None],
             timeline: Timeline, *, full_text: bool, score: float,
             same_on: tuple[str, ...] = (), focus: tuple[str, ...] = ()) -> Hit:
        meta = self.model.leaves[leaf_id]
        text = self.model.text_of(leaf_id) if full_text else ""
        entry = self.model.entry(leaf_id)
        parent = entry.get("parent_id") if entry else None
        path = self.model.tree_path(parent) + (leaf_id,) if parent else (meta.domain, leaf_id)
        after = successor.get(leaf_id)
        later = self.model.leaves.get(after) if after else None
        return Hit(leaf_id=leaf_id, domain=meta.domain, title=meta.title,
                   timestamp=meta.timestamp, score=round(score, 4), text=text,
                   excerpt=meta.excerpt, source=meta.source, agent=meta.agent, scope=meta.scope,
                   currency=currency.get(leaf_id, "CURRENT"),
                   notices=tuple(timeline.notices_for_leaf(leaf_id, self._told_by)),
                   tree_path=path,
                   superseded_by=after,
                   successor=Turn(after, later.timestamp, later.excerpt)
                   if after and later is not None else None, same_on=same_on, focus=focus)

    # ------------------------------------------------------------------ stats / tree

    def _stats(self) -> dict[str, Any]:
        self.model.refresh()
        counts = self.model.catalog.counts()
        unfiled = sum(1 for members in self.model.top.values() for i in members
                      if i in self.model.leaves)
        facts = self.model.facts
        # Counted on the catalog: the index's document count can run ahead of it for a while
        # after a commit (a leaf both committed and still in this process' tail). Until the
        # background load is in, no memory counts as embedded: none is searched by meaning.
        stored = list(self.model.catalog.leaf_ids())
        embedded = sum(1 for leaf in stored if leaf in self.vectors.position) \
            if self.vectors.ready else 0
        return {"leaves": len(stored), "domains": dict(counts.leaves_by_domain),
                "nodes": counts.nodes, "depth": counts.depth,
                "embedding": {"model": MODEL_ID, "embedded": embedded,
                              "pending": max(len(stored) - embedded, 0)},
                "unconsolidated": unfiled, "fact_events": facts.events,
                "fact_keys": len(facts.keys()), "unreadable": self.model.unreadable_now()}

    def _tree(self, max_depth: int) -> dict[str, Any]:
        self.model.refresh()

        def describe(item_id: str, depth: int) -> dict[str, Any]:
            entry = self.model.entry(item_id) or {}
            out: dict[str, Any] = {"id": item_id, "kind": entry.get("kind", "leaf"),
                                   "title": shorten(str(entry.get("title") or ""), 90),
                                   "leaf_count": entry.get("leaf_count", 1)}
            if entry.get("kind") == "node" and depth < max_depth:
                node = self.model.branch(item_id) or {}
                out["children"] = [describe(str(c), depth + 1)
                                   for c in node.get("child_ids", [])]
            return out

        return {"domains": {domain: [describe(i, 1) for i in members]
                            for domain, members in sorted(self.model.top.items()) if members}}


def notices_as_asked(result: SearchResult, text: str, keys: list[tuple[str, str]],
                     timeline: Timeline, told_by: Teller | None = None) -> SearchResult:
    """The reply's fact notices, each shown only to a question bearing on its change
    (``bearing``): a session that told a job, outdated since by a promotion, answers "Which git
    client would suit me best?" with no line on the role. A long memory (a conversation saved
    whole, at least ``PASSAGE_FROM`` characters) outdated only by changes the question does not
    bear on is shown as the ranking read it, current: the change is one thing it told in
    passing. A short one is its fact ("I live in Madrid, near the Retiro park"), and keeps its
    OUTDATED mark whatever is asked. A notice the timeline does not tell stays."""
    asked, question = frozenset(keys), words(text)

    def as_asked(hit: Hit) -> Hit:
        if not hit.notices or hit.currency == "SUPERSEDED" \
                and len(hit.text or hit.excerpt) < PASSAGE_FROM:
            return hit
        unrelated = {notice for change, notice
                     in timeline.notices_with_changes(hit.leaf_id, told_by)
                     if bearing(question, asked, [change]) is Bearing.UNRELATED}
        kept = tuple(notice for notice in hit.notices if notice not in unrelated)
        if kept == hit.notices:
            return hit
        if not kept and hit.currency == "SUPERSEDED" and timeline.changed_facts(hit.leaf_id):
            return dataclasses.replace(hit, notices=kept, currency="CURRENT",
                                       superseded_by=None, successor=None)
        return dataclasses.replace(hit, notices=kept)

    if not any(hit.notices for hit in (*result.hits, *result.more)):
        return result
    return dataclasses.replace(result, hits=tuple(as_asked(hit) for hit in result.hits),
                               more=tuple(as_asked(hit) for hit in result.more))


def _as_asked(text: str, keys: list[tuple[str, str]], currency: dict[str, str],
              successor: dict[str, str | None], worded: frozenset[str], timeline: Timeline,
              held: Mapping[str, frozenset[str]],
              ) -> tuple[dict[str, str], dict[str, str | None], frozenset[str], frozenset[str]]:
    """Currency, successors and own matches as the ranking reads them for this question, and
    the outdated memories it asks about as they were: an outdated memory the question does
    not bear on ranks as current, and one whose old value (or a detail only it holds:
    ``held``, a memory's matched terms) the question names keeps its place ahead of its
    successor (``bearing``), which then stands in for none of its words."""
    as_ranked, after_ranked, matched = dict(currency), dict(successor), set(worded)
    asked, question = frozenset(keys), words(text)
    about_now = asks_about_now(text)
    past = not about_now and not asks_how_things_stand(text)
    as_was: set[str] = set()
    for leaf, state in currency.items():
        if state != "SUPERSEDED":
            continue
        changes = [(old.key, old.subject, old.attribute, old.value, now.value)
                   for old, now in timeline.changed_facts(leaf)]
        if not changes:
            continue  # superseded as a whole, or no fact says why
        later = successor.get(leaf)
        # a detail of the old memory counts when its successor holds none of the question's
        # words: "billing invoices refunds" still meets "billing uses DynamoDB now" first
        mine = frozenset() if about_now or held.get(later or "") else held.get(leaf, frozenset())
        how = bearing(question, asked, changes,
                      frozenset(word for word in question if stem(word) in mine), past=past)
        if how is Bearing.UNRELATED:
            as_ranked[leaf], after_ranked[leaf] = "CURRENT", None
        elif how is Bearing.OLD_VALUE and later is not None:
            matched.discard(later)
            as_was.add(leaf)
    return as_ranked, after_ranked, frozenset(matched), frozenset(as_was)


def _partly_without_names(asked: Any, meant: Any) -> Any:
    """The unit vector of the question as asked plus ``WITHOUT_NAMES_SHARE`` of the question
    without the names most memories hold (``crowd_names``): the name still counts (a turn said
    by the person asked about, or mentioning them, is nearer), no longer as most of the
    meaning of a short turn. Measured on an outside two-speaker chat (1,102 turns, 125
    answerable questions, vectors alone, evidence first / in the first five / in the pool of
    30): as asked 39 / 68 / 85, without the names 51 / 83 / 104, the two at equal weight 54 /
    81 / 101. End to end, the bench's two-speaker set (conversation-c) lost recall@3 without
    the names (0.522 -> 0.493) and at equal weight (0.493); at half weight it gains (0.537)."""
    import numpy as np

    both = asked + WITHOUT_NAMES_SHARE * meant
    norm = float(np.linalg.norm(both))
    return (both / norm).astype(asked.dtype) if norm else asked
