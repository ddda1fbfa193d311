"""The conversation around a memory: a chat saved one turn per memory.

A client that saves a chat turn by turn leaves each turn a memory of its own, and a question's
words are often in one turn and its answer in the next ("my sister asked what I want for my
birthday" / "I told her a Kindle"). This module reads, from the catalog's order of saves and
the turns' own texts, which memories are turns of one conversation, which turn follows which,
and which turn of the conversation to show beside a served memory. It ranks nothing: the
navigation actor decides what is served, and this says what is shown with it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Mapping
from typing import Any

from actors.dates import LEADING_DATE
from actors.embedding.index import EARLIER_TURNS, VectorIndex
from actors.facts.speakers import assistant_said, opening_speaker
from actors.lazy_re import Regex, lazy_regex
from actors.navigation import ranking
from actors.navigation.answer_type import answers_alike, asks_alike, last_asked
from actors.navigation.answer_type import holds as holds_answer
from actors.navigation.days import day_of, posix_seconds
from actors.navigation.messages import Hit, SearchResult, Turn
from actors.navigation.read_model import ReadModel
from actors.navigation.said_asked import ASSISTANT
from actors.navigation.text_memo import TextMemo
from actors.navigation.turn_order import TurnOrder
from actors.text import fold
from actors.text import terms as text_terms
from actors.time_ranges import told_days
from actors.verb_tense import IRREGULAR_PAST

CONVERSATION_GAP_S = 3600.0
"""Two memories one agent saved on the same day at most this far apart are turns of one
conversation (a client saving a chat one turn per memory saves them seconds apart)."""
NEXT_TURN_SIMILARITY = 0.2
"""...and no less similar than this to the question, nor than the question's crowd (the
``ranking.CROWD_RANK``-th closest memory of the store: in a store of one register, code notes,
every note is that close to a question about code)..."""
NEXT_TURN_CONTINUES = 0.3
"""...unless it is this close to the turn it follows: the turn that answers a question is often
far from the question's words ("what does my sister want?" / "I told her a Kindle") and close to
the turn before it. A turn not yet embedded, or a question asked before the model loaded, shows
no next turn. Measured on two outside clients' chat sets (600 and 722 turns), the conversation
sets, and a coding agent's 287 notes saved in a burst (replies with a next turn, of 104):
question floor 0.05 alone (the first rule) -> answers shown 0.679 / 0.710 / 0.738 / 0.667, 58
notes' replies; the crowd floor alone -> 0.632 on the 600-turn set (its answers in the next
turn are far from the question); crowd + 0.3 -> every chat figure kept, 28; floor 0.2, crowd
and 0.3 -> the same, 28 (a floor of 0.2 keeps "I prefer tabs over spaces" from following
"Stripe webhooks retries", 0.199, in a store too small for a crowd); 0.25 -> 0.689 on the
600-turn set but 49 notes' replies; 0.4 -> 0.632."""
NEXT_TURN_CONTINUES_ASKED = 0.05
"""...and then no further from the question than this: two short notes of one day read alike
by their shared date ("October 2024: My bank is ING." / "October 2024: Running make test in
billing-api takes 117 s") without being one conversation."""
SAVED_BETWEEN = 16
"""Memories other agents (or another chat) may save between two turns of one conversation in a
store shared by several, passed over to its next turn (``Conversation.turn_after``): probe45
saved 1,000 other memories among a 150-turn chat, 6.6 between two of its turns on average, 14
at most (5 would have missed 94 of its 151 gaps)."""
FOLLOW_UP_TERMS = 8
"""A chat partner's follow-up (``Conversation.follows_up``) holds at most this many words: a
short reaction and a short question ("The Alhambra is worth every cent. Where did you stay?"
holds five); a longer turn tells something of its own."""
CONTEXT_TURNS = 6
"""Turns on each side of the first memory served read as its conversation (``also_said``)."""
CONTEXT_BESIDE = 2
"""...a turn this close to it (turns between) holding the expected kind of answer needs no
shared word ("How much did I get for my old Ford?": "That's a fair price for an older Focus"
follows "Sold the Focus today. £3,200")..."""
CONTEXT_SIMILARITY = 0.25
"""...and the one shown beside it is at least this similar to the question (and than the
question's crowd)."""
_OUTCOME = lazy_regex(
    r"\bend(?:ed|s)?\s+up\b|\bin\s+the\s+end\b|\beventually\b|\bultimately\b|"
    r"\bfinally\b|\bat\s+last\b|\bsettled?\s+on\b|\bdecided?\s+on\b|\bwent\s+with\b|"
    r"\bal\s+final\b|\bfinalmente\b|\bpor\s+fin\b|\bacab(?:o|e|aste|amos|aron)\s+"
    r"(?:por|con|eligiendo|comprando|yendo|pidiendo)\b|\bme\s+quede\s+con\b")
"""A question asking how a thread ended ("Which e-reader did the user end up buying?", "what
salary did I end up with?", "¿con qué se quedó al final?"): the answer is the conversation's
last word on it, not the turn that opened it nor the closest one."""
_ENDS_ASKING = lazy_regex(r"\?[^\w]*$")
"""A turn whose last sentence is a question (closing quotes, brackets or an emoji after it)."""
_ASKS_WITHIN = lazy_regex(r"\b(?:what|where|when|who|why|which|how|qué|cómo|dónde|cuándo|quién|"
                          r"cuánt[oa]s?)\?", re.IGNORECASE)
"""An interrogative word asked on its own inside a turn ("When? where?? tell me everything")."""
_ASKS_UNMARKED = lazy_regex(
    r"(?:^|[.!?¿¡]\s*)(?:(?:and|so|but|oh|ok|jaja\w*|haha\w*|lol|y|pero|bueno|vale)\W+)*"
    r"(?:(?:where|when|why)(?=['’](?:s|re)\b|\s+(?:is|was|are|were|did|do|does|can|could|"
    r"will|would|should|have|has|had)\b)|(?:what|who)(?!\s+(?:an?|i|we|you|he|she|they|it|my|"
    r"your|his|her|our|their|the|this|that|these|those)\b)|"
    r"how(?=['’]s\b|\s+(?:is|was|are|were|did|do|does|about|come|much|many|long|far|old|big|"
    r"often)\b)|"
    r"qué(?!\s+(?:bonit|guap|mon|buen|mal|fuert|pena|asco|rabia|ilusi|bien|horror|suerte))|"
    r"cómo|dónde|cuándo|quién|quiénes|por\s+qué|cuánt[oa]s?)\b[^.!?]*$", re.IGNORECASE)
"""A turn whose last sentence asks with no question mark, as chats are typed ("oh no. are you
ok?? what happened", "jajaja how is living together", "y cuándo empiezas"): an interrogative
word opening it, after an interjection at most, and asking ("where are", "what happened",
"what sold best"); not an exclamation ("what a day", "how lovely", "qué bonito") nor a
clause that tells ("when school ends", "where I grew up", "what I said": Spanish marks its
asking words with an accent, "cuando" tells)."""
_DOING = lazy_regex(
    r"\b(?:I|[Ww]e)\s+(?:just\s+|finally\s+|also\s+|already\s+)?(?:[a-z]+[^\We]ed|"
    + IRREGULAR_PAST + r")\b|(?:^|[.!?]\s+)(?:Just\s+|Finally\s+)?(?:[A-Z][a-z]+[^\We]ed|"
    r"(?!Got\s+(?:it|that|you|ya)\b)(?i:" + IRREGULAR_PAST + r"))\b|"
    r"\b(?:I've|I\s+have|[Ww]e've|[Ww]e\s+have)\s+(?:just\s+)?[a-z]{2,}(?:ed|en|ne|un|ught)\b")
"""A doing told in the first person, English: "I adopted", "we drove", "Adopted a second
cat", "Went with the Mudclaw in the end" (not "Got it.", an answer), "I've just finished"."""
_DOING_ES = lazy_regex(
    r"\b(?!(?:qu|porqu|caf|beb|jos|pur|clich)é\b)[a-záíóúñ]{2,}é\b|"
    r"\b(?:fui|fuimos|hice|hicimos|tuve|tuvimos|estuve|estuvimos|vi|vimos|di|dimos|pude|"
    r"vine|vinimos|puse|supe|dije|traje|conduje)\b|"
    r"\b(?:he|hemos)\s+[a-z]{2,}(?:ado|ido|cho|sto|to)\b", re.IGNORECASE)
"""A doing told in the first person, Spanish: the preterite's "-é" ("compré", "empecé"),
its common irregular forms, "he/hemos" and a participle."""
_STATEMENT_END = lazy_regex(r"(?<=[.!])\s+")
"""Where one sentence of a turn ends and the next begins (a question's "?" ends its own)."""
_SPEAKER = lazy_regex(r"^\s*(?:user|assistant|usuario|asistente|me|[A-Z][\w-]*)\s*:\s*")
"""A chat turn's speaker, after its date (``LEADING_DATE``): "2026-03-10 user: "."""


def asks_outcome(question: str) -> bool:
    """Whether ``question`` asks how a thread ended (``_OUTCOME``)."""
    return _OUTCOME.search(fold(question)) is not None


def said_by_a_speaker(text: str) -> bool:
    """The text is a chat turn, led by a speaker's label after any date ("Bea: ...", "[1:56 pm
    on 8 May, 2023] Bea: ...", "user: ..."), not a note ("Decision: ...", "TODO: ...": the
    facts' reading of a label, ``opening_speaker``)."""
    return _SPEAKER.match(LEADING_DATE.sub("", text)) is not None \
        and opening_speaker(text) is not None


def doing_told(text: str, day: dt.date | None = None) -> int:
    """How much a memory tells of its speaker's own doing, as "what did I do in August?"
    wants: 2 a doing (a past verb in the first person, "compré", "we drove", a sentence
    opening on one, "Adopted a second cat", or a day gone by as of ``day``, the memory's,
    "Adoptamos un perro ayer"); 1 anything else stated, or a note; 0 a turn only asking
    ("¿cómo elijo una de animación?") or the assistant's advice."""
    turn = said_by_a_speaker(text)
    if turn and assistant_said(text):
        return 0
    body = _SPEAKER.sub("", LEADING_DATE.sub("", text)).strip().rstrip("…")
    if _DOING.search(body) or _DOING_ES.search(body) or day is not None and any(
            told.span.end < day for told in told_days(body, day)):
        return 2
    stated = not turn or any(sentence.strip() and not _ENDS_ASKING.search(sentence)
                             for sentence in _STATEMENT_END.split(body))
    return 1 if stated else 0


_assistant_opens = TextMemo(assistant_said, max_chars=200_000)
"""Kept by excerpt: a search asks it of its ~40 leading memories (~15 us each), the same
memories search after search."""


class Conversation:
    """The turns around memories of one read model, their vectors compared by ``vectors``.
    Built by the navigation actor each time it (re)opens its read model."""

    def __init__(self, model: ReadModel, vectors: VectorIndex, turn_order: TurnOrder) -> None:
        self.model = model
        self.vectors = vectors
        self.turn_order = turn_order
        """The catalog's next turns and turns around a memory, kept per catalog state (the
        actor's: it outlives a reopened read model, and notices the change)."""

    def is_turn(self, leaf_id: str) -> bool:
        """The memory is a chat turn, its text led by a speaker's label ("Bea: ...", "user:
        ..."), not a note: a note saved after a turn of the same day is no part of its
        conversation."""
        meta = self.model.leaves.get(leaf_id)
        return meta is not None and said_by_a_speaker(meta.excerpt)

    def assistant_said(self, leaf_id: str) -> bool:
        """The memory is a turn the assistant said (its label opens the excerpt)."""
        meta = self.model.leaves.get(leaf_id)
        return meta is not None and _assistant_opens(meta.excerpt)

    def asking(self, leaf_id: str) -> bool:
        """The memory is a chat turn of someone other than the assistant that asks something
        (judged on its excerpt): what the assistant answered to it is elsewhere."""
        meta = self.model.leaves.get(leaf_id)
        if meta is None or self.assistant_said(leaf_id) or opening_speaker(meta.excerpt) is None:
            return False
        return "?" in meta.excerpt

    def tells(self, leaf_id: str) -> int:
        """How much the memory tells of its speaker's own doing (``doing_told``), judged on
        its excerpt."""
        meta = self.model.leaves.get(leaf_id)
        return 0 if meta is None else doing_told(meta.excerpt, day_of(meta))

    def slight(self, leaf_id: str, *, asking: bool = True) -> bool:
        """The memory is only a short question ("Any last tips?"): ``ranking.SLIGHT_FACTOR``;
        with ``asking`` False, any short turn ("I KNEW IT"). Judged on its excerpt, which a
        short memory's whole text is (reading each candidate's file cost a search 6.7 ms at
        50k memories)."""
        meta = self.model.leaves.get(leaf_id)
        if meta is None or meta.excerpt.endswith("…"):
            return False  # longer than an excerpt: no short question
        body = _SPEAKER.sub("", LEADING_DATE.sub("", meta.excerpt)).strip()
        return (not asking or _ENDS_ASKING.search(body) is not None
                or _ASKS_UNMARKED.search(body) is not None
                or _ASKS_WITHIN.search(body) is not None) and \
            len(text_terms(body)) <= ranking.SLIGHT_TERMS  # "and?!" asks too

    def follows_up(self, leaf_id: str) -> bool:
        """The turn is a short reaction, then a short question ending it: "The Alhambra is
        worth every cent. Where did you stay?", "¡Qué envidia! ¿Dónde dormisteis?". A chat
        partner's follow-up is seldom a bare question (``slight``), yet its reply answers it
        as well: the last sentence holds at most ``SLIGHT_TERMS`` words, the whole turn at
        most ``FOLLOW_UP_TERMS``."""
        meta = self.model.leaves.get(leaf_id)
        if meta is None or meta.excerpt.endswith("…"):
            return False
        body = _SPEAKER.sub("", LEADING_DATE.sub("", meta.excerpt)).strip()
        if _ENDS_ASKING.search(body) is None:
            return False
        asked = (last_asked(body) or [""])[-1]
        return len(text_terms(asked)) <= ranking.SLIGHT_TERMS \
            and len(text_terms(body)) <= FOLLOW_UP_TERMS

    def turn_after(self, leaf_id: str) -> str | None:
        """The memory saved right after this one by the same agent from the same source, of
        the same day (the next turn of a conversation saved one turn per memory), if any.
        After a chat turn, the memories saved between it and its conversation's next turn
        (``_next_of``) are passed over."""
        return self._next_of(leaf_id, later=True)

    def turn_before(self, leaf_id: str) -> str | None:
        """``turn_after`` the other way: the memory saved right before this one, of the same
        day; before a chat turn, its conversation's turn before it."""
        return self._next_of(leaf_id, later=False)

    def _next_of(self, leaf_id: str, *, later: bool) -> str | None:
        """The memory of the same day saved next to ``leaf_id`` (after it or before it) by the
        same agent from the same source. Agents sharing one store save between the turns of
        a chat ("User: Road or hybrid?", "Efua bought a hybrid bike ...", "Assistant: a
        hybrid with flat bars ..."): after a chat turn, a note (no speaker's label) and a
        turn dated another day are another conversation's, passed over (at most
        ``SAVED_BETWEEN`` of them; ``goes_on_with`` still asks the two turns to be said
        within ``CONVERSATION_GAP_S``). After a note, the next memory whatever it is."""
        entry = self.model.entry(leaf_id)
        meta = self.model.leaves.get(leaf_id)
        if entry is None or meta is None:
            return None
        at = str(entry.get("recorded_at") or "")
        rows = [row for row in self.turn_order.around(self.model, entry, SAVED_BETWEEN + 1)
                if (str(row.get("recorded_at") or "") > at) == later]
        turn = said_by_a_speaker(meta.excerpt)
        for row in rows:
            then = self.model.leaves.get(str(row["id"]))
            if then is not None and then.timestamp[:10] == meta.timestamp[:10] \
                    and (not turn or said_by_a_speaker(then.excerpt)):
                return then.leaf_id
            if not turn or then is None:
                return None
        return None

    def answered_by(self, leaf_id: str) -> str | None:
        """The turn the assistant said right after this one, in its conversation, if any."""
        after = self.turn_after(leaf_id)
        return after if after is not None and self.assistant_said(after) else None

    def said_by(self, leaf_id: str, speaker: str) -> bool:
        """The memory is a turn of ``speaker``: the assistant's (``said_asked.ASSISTANT``) or
        the one of that name ("Maya", however accented), judged on its excerpt's label."""
        if speaker == ASSISTANT:
            return self.assistant_said(leaf_id)
        meta = self.model.leaves.get(leaf_id)
        said = opening_speaker(meta.excerpt) if meta is not None else None
        return said is not None and said.subject is not None \
            and fold(said.subject) == fold(speaker)

    def reply_of(self, leaf_id: str, speaker: str) -> str | None:
        """The turn ``speaker`` said right after this turn of someone else, in its
        conversation, if any: "The orders dashboard is slow, it filters ..." / "create a
        partial index ..." is one exchange, and a question asking what ``speaker`` suggested
        is answered by the reply, not by the turn describing the problem."""
        if not self.is_turn(leaf_id) or self.said_by(leaf_id, speaker):
            return None
        after = self.turn_after(leaf_id)
        if after is None or not self.said_by(after, speaker) \
                or not self.goes_on_with(leaf_id, after):
            return None
        return after

    def answered(self, leaf_id: str) -> str | None:
        """The turn a turn the assistant said answers: the one saved right before it by the
        same agent from the same source, of the same day, in its conversation
        (``goes_on_with``), said by someone else and not only a short question
        ("Can I do it every day?" tells no event). Else None."""
        if not self.assistant_said(leaf_id):
            return None
        before = self.turn_before(leaf_id)
        if before is None or self.assistant_said(before) or self.slight(before) \
                or not self.goes_on_with(before, leaf_id):
            return None
        return before

    def goes_on_with(self, leaf_id: str, after: str) -> bool:
        """Whether ``after``, the memory saved right after ``leaf_id`` (``turn_after``), is the
        next turn of its conversation: said within ``CONVERSATION_GAP_S``, both chat turns, and
        not a tool's result beside what a person said."""
        meta, then = self.model.leaves[leaf_id], self.model.leaves[after]
        if then.recorded_ts - meta.recorded_ts > CONVERSATION_GAP_S:
            return False
        if "tool" in (meta.origin, then.origin) and meta.origin != then.origin:
            return False  # a tool's result is no turn of what a person said (nor the reverse)
        # "Bea: I moved to Denver", then "8 May 2023 - Carlos ran ...": a note
        return self.is_turn(leaf_id) == self.is_turn(after)

    def turns_after(self, leaf_id: str) -> set[str]:
        """The turns its conversation went on with (at most ``CONTEXT_TURNS``): of its own day,
        yet said after it, so never how things were before it. None for a note: notes of one
        day may be saved in any order."""
        out: set[str] = set()
        if not self.is_turn(leaf_id):
            return out
        turn = leaf_id
        for _ in range(CONTEXT_TURNS):
            after = self.turn_after(turn)
            if after is None or after in out or not self.goes_on_with(turn, after):
                break
            out.add(after)
            turn = after
        return out

    def reply_to(self, leaf_id: str, shown: set[str], admissible: Callable[[str], bool]
                  ) -> str | None:
        """The turn after ``leaf_id`` when it says next to nothing, a short question or an
        exclamation ("Leilani: did you catch anything?" after "I went ice fishing with my
        brother", "Dev: I KNEW IT" after "Jess and I went on a date"), in its conversation
        and not served itself; else None."""
        if not self.slight(leaf_id, asking=False):
            return None
        reply = self.turn_after(leaf_id)
        if reply is None or reply in shown or not admissible(reply):
            return None
        asked, then = self.model.leaves[leaf_id], self.model.leaves[reply]
        if then.recorded_ts - asked.recorded_ts > CONVERSATION_GAP_S or then.origin != asked.origin:
            return None
        return reply

    def answer_asked(self, leaf_id: str, question: str,
                     admissible: Callable[[str], bool]) -> str | None:
        """The turn answering what the chat itself asked right after ``leaf_id``, when that is
        what ``question`` asks: "I adopted a dog yesterday!" / "¿Cómo se llama?" / "His name
        is Biscuit" for "What is the name of Maya's dog?", "I bought a used Subaru" / "How
        much was it?" / "Twenty-one thousand dollars" for "How much did Maya pay for her
        car?". The short question is another speaker's and asks the same kind of answer
        (``answer_type.asks_alike``); the answer is the first speaker's, said next, and holds
        that kind of words. Else None."""
        asking = self.turn_after(leaf_id)
        if asking is None or not self.goes_on_with(leaf_id, asking) \
                or not (self.slight(asking) or self.follows_up(asking)):
            return None
        answer = self.turn_after(asking)
        if answer is None or not self.goes_on_with(asking, answer) or not admissible(answer):
            return None
        told, asked, said = (self.model.leaves[leaf].excerpt for leaf in (leaf_id, asking, answer))
        speaker = opening_speaker(told)
        if speaker is None or opening_speaker(said) != speaker \
                or opening_speaker(asked) in (None, speaker):
            return None
        return answer if asks_alike(question, asked) and answers_alike(question, said) else None

    def restates(self, a: str, b: str) -> bool:
        """Whether two memories say nearly the same words (a note saved again with another
        number is the same note, not what came next)."""
        ta, tb = self.model.index.terms_of(a), self.model.index.terms_of(b)
        return bool(ta and tb) and ranking.restated(len(ta & tb) / len(ta | tb))

    def earlier_turns(self, leaf_id: str) -> tuple[str, ...]:
        """The ``EARLIER_TURNS`` turns said right before a chat turn in its conversation,
        oldest first (its vector reads them: ``VectorIndex.backfill``): saved by the same agent
        from the same source, the same day and origin, each within ``CONVERSATION_GAP_S`` of
        the next, every one a speaker's turn. Read from the catalog and the leaf files, so a
        memory that arrived from another process and is not analysed here yet has its own."""
        entry = self.model.entry(leaf_id)
        text = self.model.text_of(leaf_id)
        if entry is None or not said_by_a_speaker(text):
            return ()
        earlier: list[str] = []
        later = entry
        for row in self.model.catalog.told_before(entry, EARLIER_TURNS):
            said = self.model.text_of(str(row["id"]))
            if str(row.get("timestamp") or "")[:10] != str(entry.get("timestamp") or "")[:10] \
                    or row.get("origin") != entry.get("origin") or not said_by_a_speaker(said) \
                    or posix_seconds(str(later.get("recorded_at") or "")) - posix_seconds(
                        str(row.get("recorded_at") or "")) > CONVERSATION_GAP_S:
                break
            earlier.append(said)
            later = row
        return tuple(reversed(earlier))

    def served_next_turns(self, result: SearchResult) -> tuple[SearchResult, dict[str, str]]:
        """A served turn's next turn, served too after it, is shown as its next turn instead
        and its place goes to the next memory (``more``): the user's "Any single book you'd
        start with?" and the assistant's answer are one exchange, and shown as two memories
        they took two of the ``limit`` places. Returns the result and which turn each served
        turn is to be shown with."""
        hits, more = list(result.hits), list(result.more)
        served: dict[str, str] = {}
        changed = True
        while changed:
            changed = False
            ids = [hit.leaf_id for hit in hits]
            for at, leaf in enumerate(ids):
                after = self.turn_after(leaf)
                if leaf in served or after is None or after in served \
                        or not self.is_turn(leaf) or not self.goes_on_with(leaf, after):
                    continue  # notes saved in a row are no exchange: each keeps its place
                folded = after
                if after not in ids[at + 1:]:
                    # "I bought a used road bike" / "nice, what kind" / "a 2017 Trek, 600
                    # bucks": the reply to a turn saying next to nothing is shown with it
                    then = self.turn_after(after)
                    if after in ids or then is None or then not in ids[at + 1:] \
                            or not self.slight(after, asking=False) \
                            or not self.goes_on_with(after, then):
                        continue
                    folded = then
                served[leaf] = after
                hits = [hit for hit in hits if hit.leaf_id != folded]
                more = [hit for hit in more if hit.leaf_id not in (after, folded)]
                if more:
                    hits.append(more.pop(0))
                changed = True
                break
        if not served:
            return result, served
        return dataclasses.replace(result, hits=tuple(hits), more=tuple(more)), served

    def with_next_turns(self, hits: tuple[Hit, ...], admissible: Callable[[str], bool],
                         as_of: dt.datetime | None, asked: Any, crowd: float,
                         served: Mapping[str, str]) -> tuple[Hit, ...]:
        """Each memory served with the turn its conversation went on with, when the
        conversation was saved one turn per memory (the same agent and source, the same day,
        within ``CONVERSATION_GAP_S``), that turn is not itself served and it is not about
        something else (``NEXT_TURN_SIMILARITY``), unless the served turn ends asking (the next
        one answers it: "How was Lucía's wedding?" / "Lovely, in Cádiz in June"): the
        question's words are often in one turn and the answer in the next ("my sister asked
        what I want for my birthday" / "I told her a Kindle"). Measured on an outside client's
        set (600 chat turns, 106 answerable questions): the answer shown 0.575 -> 0.670, for
        the 15 answers told in the turn after the question's words 2 -> 11; 737 characters a
        reply on average (483 without), 646 with the similarity floor."""
        if asked is None:  # the model is not loaded yet: nothing says a turn is about it
            return hits
        shown = {hit.leaf_id for hit in hits} | set(served.values())
        following: dict[str, str] = dict(served)
        for hit in hits:
            if hit.leaf_id in following:
                continue
            after = self.turn_after(hit.leaf_id)
            if after is None or after in shown or not admissible(after) \
                    or self.restates(after, hit.leaf_id) \
                    or not self.goes_on_with(hit.leaf_id, after):
                continue
            following[hit.leaf_id] = after
        # "I KNEW IT" or "did you catch anything?" tells nothing: the turn after it does, and
        # is judged in its place
        replies = {after: reply for after in following.values()
                   if (reply := self.reply_to(after, shown, admissible)) is not None}
        # a turn about something else is no continuation of the answer (and a turn not yet
        # embedded, or a question asked before the model loaded, says nothing either way)
        judged = {leaf: replies.get(after, after) for leaf, after in following.items()}
        close = self.vectors.similarity_of(asked, judged.values()) if judged else {}
        floor = max(NEXT_TURN_SIMILARITY, crowd)

        def continues(leaf: str, after: str) -> bool:
            if leaf in served:
                return True  # served on its own merits
            if close.get(after, -1.0) >= floor or _ENDS_ASKING.search(self.model.text_of(leaf)):
                return True  # close to the question, or the answer to a question asked
            between = self.vectors.similarity_between(leaf, after) if after in close else None
            return between is not None and between >= NEXT_TURN_CONTINUES \
                and close[after] >= NEXT_TURN_CONTINUES_ASKED

        following = {leaf: after for leaf, after in following.items()
                     if continues(leaf, judged[leaf])}
        if not following:
            return hits
        timeline = self.model.facts.timeline_for_leaves(following.values(), as_of=as_of)
        out = []
        for hit in hits:
            after_id = following.get(hit.leaf_id)
            said = self.model.text_of(after_id) if after_id is not None else ""
            state = timeline.leaf_currency(after_id) if after_id is not None else "RETRACTED"
            if after_id is not None and said and state not in ("RETRACTED", "PENDING"):
                replied = replies.get(after_id)
                if replied is not None:
                    said = f"{said}\n{self.model.text_of(replied)}"
                turn = Turn(leaf_id=after_id, timestamp=self.model.leaves[after_id].timestamp,
                            text=said, outdated=state == "SUPERSEDED", then=replied,
                            note=not self.is_turn(after_id))
                hit = dataclasses.replace(hit, next_turn=turn)
            out.append(hit)
        return tuple(out)

    def also_said(self, hits: tuple[Hit, ...], admissible: Callable[[str], bool],
                   as_of: dt.datetime | None, asked: Any, crowd: float, *,
                   to_assistant: bool, wanted: Regex | None,
                   words: frozenset[str], outcome: bool = False) -> Hit:
        """The first memory served, with the turn of its conversation (``CONTEXT_TURNS`` on
        each side, the same day, saved by the same agent from the same source) that answers
        the question best, when neither served nor its next turn: one holding the kind of
        words the question expects (``answer_type``: "how much" -> "£180") and a word of the
        question, ``NEXT_TURN_SIMILARITY`` of its meaning or a place ``CONTEXT_BESIDE`` the
        first, else the closest in meaning when ``CONTEXT_SIMILARITY`` close or more and above
        the question's crowd. The assistant's turns only when the question asks what the
        assistant said (``ranking.ASSISTANT_FACTOR``). A question asking how the thread
        ended (``outcome``) gets its latest turn after the first that is that close: "Ordered
        the Kobo Libra Colour" four turns after "I need a new e-reader"."""
        first = hits[0]
        entry = self.model.entry(first.leaf_id)
        meta = self.model.leaves.get(first.leaf_id)
        if asked is None or entry is None or meta is None:
            return first
        taken = {hit.leaf_id for hit in hits} | {
            turn for hit in hits if hit.next_turn is not None
            for turn in (hit.next_turn.leaf_id, hit.next_turn.then) if turn is not None}
        around = [row["id"] for row in self.turn_order.around(self.model, entry, CONTEXT_TURNS)]
        day = meta.timestamp[:10]
        turns = [leaf for leaf in around if leaf not in taken and admissible(leaf)
                 and leaf in self.model.leaves and self.model.leaves[leaf].timestamp[:10] == day
                 and abs(self.model.leaves[leaf].recorded_ts - meta.recorded_ts)
                 <= CONTEXT_TURNS * CONVERSATION_GAP_S
                 and "tool" not in (self.model.leaves[leaf].origin, meta.origin)
                 and (to_assistant or not self.assistant_said(leaf))]
        close = self.vectors.similarity_of(asked, turns) if turns else {}
        by_time = sorted([*turns, first.leaf_id],
                         key=lambda leaf: self.model.leaves[leaf].recorded_ts)
        at = by_time.index(first.leaf_id)
        beside = set(by_time[max(0, at - CONTEXT_BESIDE):at + CONTEXT_BESIDE + 1])
        typed = [leaf for leaf in close if wanted is not None
                 and holds_answer(wanted, self.model.text_of(leaf))
                 and (close[leaf] >= NEXT_TURN_SIMILARITY
                      or leaf in beside and close[leaf] >= NEXT_TURN_CONTINUES_ASKED
                      or self.model.index.terms_of(leaf) & words)]
        floor = max(CONTEXT_SIMILARITY, crowd)
        ranked = sorted(typed or [leaf for leaf, sim in close.items() if sim >= floor],
                        key=lambda leaf: -close[leaf])
        if outcome:
            later = [leaf for leaf in by_time[at + 1:]
                     if close.get(leaf, 0.0) >= max(NEXT_TURN_SIMILARITY, crowd)]
            ranked = later[-1:] + ranked
        for leaf in ranked[:1]:
            timeline = self.model.facts.timeline_for_leaves([leaf], as_of=as_of)
            state = timeline.leaf_currency(leaf)
            said = self.model.text_of(leaf)
            if said and state not in ("RETRACTED", "PENDING") \
                    and not self.restates(leaf, first.leaf_id):
                return dataclasses.replace(first, also_said=Turn(
                    leaf_id=leaf, timestamp=self.model.leaves[leaf].timestamp, text=said,
                    outdated=state == "SUPERSEDED", note=not self.is_turn(leaf)))
        return first
