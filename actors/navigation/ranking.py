"""The ranking policy: every rule that orders memories once they have scores, in one place.

Each tunable is named here with a one-line why, and each has a test in
tests/navigation/test_ranking_policy.py that fails when it is changed or removed. The navigation
actor gathers the numbers (lexical scores, vector similarities, the fact timeline, record
times); this module only decides with them. Pure functions: no I/O, no store, no text analysis.
It must never read a file or know how a score was computed.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Collection, Container, Mapping, Sequence
from dataclasses import dataclass, field

COVERAGE_FLOOR = 0.5
"""A lexical score keeps this share whatever it covers, the rest scales with the share of the
question's idf weight it holds: BM25 alone lets a long memory repeating common words beat the
one holding the question's rare word."""
ANSWER_BOOST = 1.5
"""The memory a fact answer comes from leads, above the best lexical match by this factor (the
timeline knows the current value; word overlap does not)."""
SUPERSEDED_FACTOR = 0.35
"""A memory whose correction also matched the question keeps only this share of its score, so
it ranks after current memories that match nearly as well, not only after its correction."""
REPLY_SHARE = 0.9
"""A chat turn replying to the turn of the one person a question asks about, said by someone
else and never naming them ("Inés: Yo corrí el Trail del Moncayo ..." / "Rohan: That's a proper
mountain race, well done."), is about the asked one's thing only through the turn it answers:
it keeps at most this share of that turn's score, right behind it, whatever topic word it holds
that the asked one's turn lacks ("race", "triathlon" for "triatlón", a rare word boosted)."""
PENDING_FACTOR = 0.35
"""An unreviewed tool value never leads what a person said about the same thing."""
UNMATCHED_SUCCESSOR_SHARE = 0.9
"""A correction that holds none of the question's words is shown right after the memory it
corrects (the reply names the current value) but never ahead of it: "Lisbon" leads with the
Lisbon memory, marked OUTDATED."""
IN_RANGE_BOOST = 2.0
"""A memory dated inside the time range a question names ("in March 2025", "last week") ranks
ahead of equally good matches dated outside it."""
TIME_AHEAD_SHARE = 0.25
"""A memory of the time a topical question names goes ahead of a lead dated outside it when
scoring this share of the lead's (``time_ahead``), ``IN_RANGE_BOOST`` included. Chosen, not
tuned: the two conversation-b answers it moved scored 0.39 and 0.50 of their leads; a
memory of that time far below the lead is taken as no answer."""
EXACT_ID_BOOST = 3.0
"""A memory holding an identifier of the question verbatim (SEARCH-42, a path, a version)
ranks ahead of fuzzy matches on its pieces (PAYMENTS-4228)."""
CLUE_HOLDER_BOOST = 3.0
"""A memory holding the word of a ``clue`` (the detail the caller gave after a clue request:
"Stockport") ranks ahead of the memories that matched the question alone: the tied pair the
clue was meant to tell apart may both lack it (an outside two-speaker chat got the same clue
request back for "Where does Kenji live now?" with the clue "Stockport")."""
RARE_WORD_BOOST = 3.0
"""A memory holding the question's rarest word, when at most ``RARE_HOLDERS`` memories hold
it, ranks ahead of memories close in meaning that lack it (fifty "certificate bundle" notes,
one holding the asked bundle's name). Only a name, a code or an invented word counts: a word
of the language one memory happens to hold ("life" in "a nice second life for it") names no
one thing (the navigation actor asks the word table; measured on an outside client's 600-turn
set: first 0.321 -> 0.330; conversation-b recall@1 0.467 -> 0.493; the others unchanged)."""
NAME_BOOST = 2.0
"""A memory naming what a name question asks about ("What is my mother's first name?": "My
mum Els had a fall") ranks ahead of memories that only mention it ("mum started the day
programme")."""
OTHERS_FACTOR = 0.5
"""A memory naming what the question says is the user's ("What's my dog called?") only as
someone else's ("Our neighbour's dog is a Labrador called Toffee") keeps this share of its
score: the user's own ("She's a Border Collie called Nube") leads when it matches at all."""
OWN_SHARE = 0.5
"""An other speaker's line ranks below the user's turn holding this share of the idf weight
of the question's words it holds (``below_own``): the user's "Terminé la Media Maratón"
holds "marathon" only through its Spanish, not "half", and the user's "llevo un equipo de
cuatro personas" holds "team" of "people on my team"."""
TELLERS_FACTOR = 0.25
"""A chat turn telling in the first person its teller's thing ("Lucas: Hemos adoptado un perro
... Turrón") when the question asks that thing of someone else ("What is the name of the
user's dog?", ``thing_owner``) keeps this share of its score: a label and the first person
say whose it is more surely than a possessive does (``OTHERS_FACTOR``), and the asked one's
own ("user: We adopted a retired greyhound called Pickle", a breed for "dog", no name boost)
leads even when the teller's turn named the thing and was boosted for it (probe43)."""
NOT_HAD_FACTOR = 0.25
"""A memory writing the one thing a question asks of someone only as one not had ("Ignacio and
I are thinking of getting a second dog", "there's no gym here", ``kind_in_passing``) keeps
this share of its score, as a teller's own thing does (``TELLERS_FACTOR``): it holds the
thing's word and names no such thing, and the memory telling the one had ("He's a mutt I
adopted ...", holding only the owner's name) scored a third of it (probe47: 20.2 against
7.2); at 0.5 it still led."""
PREFERENCE_BOOST = 1.5
"""A question asking for advice ("Recommend me a novel for my next trip", "Where should Diego
and I go out for dinner?") is answered best by what the user said they like or cannot have
("I love Latin American fiction", "He loves spicy food like me"): a memory saying so (a turn
or a note, not a long session, which always says so somewhere) ranks ahead of the memories
that only share the topic (the user's own earlier requests, the assistant's suggestions)."""
RARE_HOLDERS = 1
"""Measured: 2 -> conversation set recall@1 0.600 -> 0.585 (a word two of its 120 memories hold
is no name of one thing); 1 -> no bench figure moves, and the needle test (50 needles among
2,000 notes of one template) goes from 21/50 first to 50/50."""
SLIGHT_FACTOR = 0.5
"""A memory that is only a short question ("Any last tips?", "¿Tú qué harías en mi lugar?"):
a chat turn asking something tells nothing that happened, and its few words match any
question about its day; it keeps this share of its score, and a listing of a time shows it
after the memories that say something. Measured on an outside client's chat set (722 turns,
107 answerable questions): 1.0 -> answer shown 0.664, first 0.477, AMBIGUOUS 0.075; 0.7 ->
0.682, 0.486, 0.084; 0.5 -> 0.682, 0.486, 0.112 (ties between what is left). The bench sets,
which hold no such turns, do not move. Since a question turn comes with its next turn (its
answer), re-measured (the same set, then the LongMemEval-style and two-speaker outside chats,
turn mode): 0.7 -> first 0.542, shown 0.738, AMBIGUOUS 0.056, false "No memory found" 0.009;
0.5 -> 0.551, 0.748, 0.065, 0; 0.35 -> 0.542, 0.720; the outside chats 0.7 -> 0.5: shown 68 ->
70 % and 73 -> 75 %. 0.5 since."""
ANSWER_ASKED_BOOST = 1.5
"""The turn answering what a chat asked right after a leading turn, when the question asks
that kind of answer too ("What is the name of Maya's dog?": "I adopted a dog!" / "¿Cómo se
llama?" / "His name is Biscuit"), ranks at that turn's score times this: ahead of it and
of the turns only mentioning the thing, as a memory naming the thing asked does
(``NAME_BOOST``), yet below a turn that holds the question's words and a better score."""
ASKING_FACTOR = 0.5
"""A question asking what the assistant said ("Which robot vacuum did you recommend?") is not
answered by the user's turn asking for it ("Which robot vacuum should I buy?"), which holds
the same words: that turn keeps this share of its score when the assistant's answer right
after it is a candidate too, and the answer leads (else the turn stays: it brings its answer
as the next turn of its conversation)."""
SAID_KIND_BOOST = 1.5
"""A question asking what another speaker suggested or said ("Which tram did you tell me to
ride early in the morning?", "What command did you suggest I teach Bruno first?"): that
speaker's turns that hold the thing it names ("Ride tram 28 early...", "Start with a 'place'
command") or the kind of words it asks ("how long": "5-minute sessions") rank at this times
their score, ahead of the same speaker's turns on the topic that do not (generic travel
advice sharing "early" and "ride"; the first turn about the dog), as ``ANSWER_ASKED_BOOST``."""
KIND_DEPTH = 3
"""A question asking a kind of words ("How far can Owen's new car go on a single charge?": a
distance; "How long was the downtime?": a length of time; a sum, a count, a time of day, a
number, a name asked for) and a first memory served that holds none (``kind_first``): the
first of the next ``KIND_DEPTH - 1`` served that holds such words leads instead ("I've got
news as well. Got the car" / "about 150 miles in summer"), as far as a default reply serves
(``messages.DEFAULT_LIMIT``). A place asked ("Where...?") is not weighed so: a named place
after "in" or "from" is often not the answer ("My friend Teo is visiting from Bilbao" for
"Where did the user's sister meet her husband?", answered "at a climbing gym"); weighed, it
turned five first memories of the conversation sets, two right and three wrong. Measured on
the conversation sets (the memories served): recall@1 conversation .738 -> .754, -c .373 ->
.388, -e .853 -> .882, the others unchanged; depth 2 moves the same ones right (and two
fewer wrong ones to other wrong ones), 5 no more than 3."""
KIND_SHARE = 0.5
"""...when its score is at least this share of the first's: far behind, it is another story
that happens to hold a number. Measured: 0.4 also moves "How much does Lucía earn after her
raise?" to Owen's pay ("I earn £2k less", 0.45 of the first's); 0.6 keeps the migration's
start ahead of "only three minutes in read-only" for "How long was the downtime during the
database switch?"."""

CHANGE_SIMILARITY = 0.25
"""A later memory telling a change, asked about now, holding no word of the question besides
the names asked, is about it when at least this close to it in meaning (and above its crowd):
then it stays ahead of the earlier memory holding the kind of words asked (``kind_first``,
issue 18). ``conversation.CONTEXT_SIMILARITY``'s value: as close as a turn shown beside the
first is asked to be."""
SLIGHT_TERMS = 4
ANOTHER_MEMORY_SHARE = 0.5
"""A thing compared whose best memory is the other thing's ("my first 10K" and the session
planning the half marathon after it) gets its next best only while that scores this share of
the best at least: in a chat saved one turn per memory the next best of a short thing is
often a turn sharing one word with it ("four dates is a good sign" for "I sign up for the
race", 0.38 of the sign-up turn), and it took a place of the reply."""
ASSISTANT_FACTOR = 0.4
"""A turn the assistant said ("assistant: Beagles are notorious for that..."), when the question
does not ask what the assistant said: it keeps this share of its score. Its words echo the
user's question of that day, and it answered many questions about the user ahead of the
user's own turn (an outside client's 281-turn chat: the first memory for "Which city do I live
in now?" was the assistant's "Seville's cost of living is generally lower"). Measured on an
outside client's 722-turn chat (half of it the assistant's, 107 answerable questions, 23 of them
asking what the assistant said): 1.0 -> first 0.505, answer shown 0.710, AMBIGUOUS 0.075; 0.6 ->
0.542, 0.720, 0.056; 0.4 -> 0.542, 0.738, 0.056; 0.3 -> 0.542, 0.748 (kept at 0.4: a turn the
user's words also match must still come second, not vanish). The other sets hold no labelled
assistant turns and do not move."""
"""...a question of at most this many words that are not stop words."""
TRANSLATED_SHARE = 0.75
"""A memory matched through the question's reading in the other language keeps this share of
its score: the question's own words are better evidence than a lexicon's translation of them."""
DERIVED_SHARE = 0.75
"""A memory matched through another form of the question's words ("allergic" for "allergy",
``derivation``) keeps this share of its score: the question's own forms are better evidence."""
SYNONYM_SHARE = 0.75
"""A memory matched through a word of the question's language naming the same thing ("gig"
for "concert", ``synonyms``) keeps this share of its score, as another form of the word
does: a listed word for the thing, surer than a neighbour in the model's table."""
NEIGHBOUR_SHARE = 0.5
"""A memory matched through a word close in meaning to the question's ("car" for "vehicle",
``actors.embedding.neighbours``) keeps this share of its score: a neighbour is weaker evidence
than another form of the same word."""

KIND_SHARE = 0.5
"""A memory matched through the things of a kind the question names ("MySQL" for "which
database", ``kinds``) keeps this share of its score, as one matched through a word close in
meaning does: a memory naming a database is on the topic of "how do I create a database
migration?" but need not answer it. Measured on an outside coding client's 147 questions:
0.75 -> two answers lost to a memory naming MySQL ("Alembic" for migrations); 0.5 -> none
lost, three gained ("which database did billing use in June 2025?", "what linters run on the
pipeline?", "¿a qué almacén de datos cargamos ahora?")."""
RELATION_NAME_SHARE = 1.0
"""A question's relation read as the names it has in the store ("my girlfriend" as "Mei"):
the same person, so a memory holding the name counts as fully as one holding the word."""
RELATION_NAMES = 3
"""Names a relation is read as, at most (two sisters, the partner and the one before)."""
RELATION_POOL = 40
"""Memories holding the relation word read for names said beside it ("my sister Laura")."""
ALIAS_SHARE = 1.0
"""A question's description read as the name a memory defines with it ("the Go backend" as
"Marlin", ``aliases``): the same thing, so a memory holding the name counts as fully as one
holding the description's words."""
ALIAS_PHRASES = 3
"""A question's phrases looked up as descriptions, at most: one index search each."""
ALIAS_POOL = 20
"""Memories holding a phrase's words read for a definition ("Marlin (the Go mobile backend)"):
a definition is short and holds them all, so it ranks among the first."""
ALIAS_NAMES = 2
"""Names one phrase is read as, at most (two projects both "the payments API")."""

RRF_K = 20
"""Reciprocal-rank fusion constant: small, so the first few ranks of each list dominate."""
VECTOR_WEIGHT = 3.0
"""The vector list's weight in the fusion: the most similar memory gains the best lexical score
times this times its similarity, so meaning can lift a memory past a keyword match. Measured with
the sentence model (templated seed 11 / conversation / conversation-b, MIN_SIMILARITY 0.2,
STRONG_SIMILARITY 0.27): 2.0 -> recall@1 0.761 / 0.631 / 0.427, recall@5 0.896 / 0.708 / 0.587;
3.0 -> 0.761 / 0.615 / 0.453, 0.911 / 0.708 / 0.613; 5.0 -> 0.718 / 0.631 / 0.493, 0.925 /
0.708 / 0.627 (the templated set's first answers lost to meaning-only look-alikes)."""
MIN_SIMILARITY = 0.2
"""A memory found only by its vector must be at least this similar (cosine) to count. The
sentence model's cosines are low (the memory that answers a paraphrase: 0.15-0.35, median 0.24);
measured (templated seed 11, VECTOR_WEIGHT 1.0): 0.5 -> recall@1 0.532, answer shown 0.889;
0.3 -> 0.689 / 0.968; 0.2 -> 0.679 / 0.957, and on the conversation sets 0.2 shows 0.646 /
0.573 against 0.615 / 0.520 at 0.3; 0.1 adds nothing."""
STRONG_SIMILARITY = 0.2
"""A memory this close in meaning is about the question even with no word in common ("how
heavy is the user's pet?" / "Kiwi ya pesa 24 kilos": 0.29); the floor of the vector candidates
(``MIN_SIMILARITY``): a memory close enough to be a candidate is close enough to be about the
question. Never-stored questions near a stored topic score as high as answers (the similarity
alone tells them apart no better than chance), so a paraphrase's answer (0.2-0.28) was "No
memory found" for the sake of near-topic questions never stored; what tells those apart is a
thing or a place the question names that no memory mentions (``Unmentioned.topic``). Measured
with that rule (templated seeds 11 / 7, conversation / conversation-b, two outside clients'
chat sets of 600 and 722 turns; false "No memory found"; never-stored questions answered
so): 0.28 -> 0 / 0 / 0.169 / 0.240 / 0.113 / 0, 10/10 / 10/10 / 6/15 / 5/20 / 3/15 / 3/10;
0.24 -> 0 / 0 / 0.138 / 0.200 / 0.066 / 0, 9/10 / 9/10 / 4/15 / 4/20 / 3/15 / 3/10; 0.2 -> 0
/ 0 / 0.092 / 0.120 / 0.019 / 0, 9/10 / 9/10 / 4/15 / 3/20 / 3/15 / 3/10, the answer shown
0.982 -> 0.993 (templated 11), 0.708 -> 0.754, 0.613 -> 0.693 (conversation sets); 0.18 ->
no fewer never-stored, 0.077 / 0.133 false. The never-stored question lost on the templated
sets asks about "el hámster", a thing no memory names but without a possessive."""
STANDOUT = 0.04
"""...and this much closer than the question's crowd (``Evidence.crowd``): a short question is
close to everything, and only a memory that stands out of what any memory reaches is about
it."""
SESSION_STANDOUT = 0.06
"""A memory of ``SESSION_LINES`` lines or more (a chat session saved whole) this much closer
than the question's crowd is about it, however low its similarity: its vector reads every turn
of the session, and the one turn a question is about weighs a tenth of it ("¿Qué enfermedad
tiene Mochi?" and a session of ten turns, one of them "the vet found early kidney disease":
0.19 against a crowd of 0.07, under ``STRONG_SIMILARITY``; the turn saved alone stands out).
Measured on conversation-d saved one session per memory (``retrieval_bench
--whole-sessions``): 0.04, 0.05 and 0.06 each took false "No memory found" 5.9 -> 3.4 %, never-
stored 45/60 kept; 0.08 and 0.10 4.2 %."""
SESSION_LINES = 4
"""Lines from which a memory's similarity is judged against its crowd alone
(``SESSION_STANDOUT``): a chat session of two exchanges; a one-line turn or note keeps the
floor."""
CROWD_RANK = 10
"""The crowd of a question is the similarity of its ``CROWD_RANK``-th closest memory (a chat turn
read within its conversation counts as a part of one: ``VectorIndex.similar_and_crowd``)."""
NEIGHBOUR_AND_MEANING = 0.15
"""The memory closest in meaning to the question, holding one of its words through a word close
in meaning ("the pet" / "dogs are only allowed"), is about it at this similarity or more: the
two signals agree, and a paraphrase names the thing with another word, while a near-topic
never-stored question shares the memory's own common word ("run", "book": those stay out).
The floor is ``NEAREST_FLOOR``'s: the memory that would have been offered first beside "No
memory found". Measured (conversation set / templated seeds 11, 7): 0.15 and 0.2 -> false "No
memory found" 0.323 -> 0.246 / 0.021 -> 0.014, 0.011, never-stored unchanged; 0.3 -> 0.308 /
unchanged. The same with any held word (not only a neighbour's): never-stored 10/10 -> 8/10
and 9/10 on the templated seeds (0.2), 9/10 even at 0.35."""
MIN_COVERAGE = 0.5
"""Below this idf-weighted share of the question matched, nothing stored is really about it..."""
MIN_WORD_SHARE = 2 / 3
"""...unless a memory matches at least this share of the question's words (and two or more)."""
MIN_HELD_WORDS = 3
"""...or at least this many of them (a long paraphrased question shares few words, but three
in one memory are not chance)..."""
SPECIFIC_SHARE = 0.01
"""A word held by at most this share of the memories (or by one or two) is specific..."""
SPECIFIC_WORD_SHARE = 1 / 3
"""...and a memory holding a specific word and this share of the question's words is about it."""
SPECIFIC_MEANING = 0.2
"""...unless the memory, compared by meaning, is further from the question than this: "what
is the user's cat called?" and "a gestor called Paloma" share a word held by one memory of
five, and mean nothing alike (0.1)."""
TOPIC_HOLDERS = 0.8
"""...held by this share of the question's crowd at least: the crowd is about the word with
a note of another kind among them or not (240 notes of eight kinds: one holding no word of
"What happened at the meeting?" was ninth closest to it among the meeting notes)."""
TOPIC_MISSING = 1
"""...and a memory holding such a word is about the question when it lacks at most this many
of the question's words: the one saying what kind of answer is asked ("far", "happened"),
or one detail. "What was the root cause of the parking garage flood?" among 10,000 notes, a
tenth of them bugs with a root cause: the bugs' crowd holds "root" and "cause", and no
memory holds the rest."""
TOPIC_SHARE = 0.25
"""A word a quarter of the store holds or more is no topic of a crowd (``crowd_topic``): a
chat speaker's label is in half the turns, and tells what none of them is about (as
``crowd_names.NAME_SHARE``)."""
CHANCE_PAIR = 0.5
"""...or holds two of the question's words that would meet in fewer than this many memories
by chance (df_a x df_b / store size): two rare words of one question together in one memory
are about it, whatever the wording around them (a paraphrase keeps its names and nouns)."""
NEAREST_SHOWN = 3
"""Memories offered beside a "No memory found" as closest in meaning. Measured on the realistic
probe (20 chat turns in a 1k store): every answerable paraphrase answered NONE had its memory
first by meaning (similarity 0.15-0.34, under every threshold that keeps never-stored questions
out). On the hand-written conversation set (``bench.conversation_set``) the answer of a false
"No memory found" is among the first 2 / 3 / 5 by meaning for 7 / 9 / 9 of 21: three, within
the reply's budget."""
NEAREST_FLOOR = 0.1
"""...if at least this similar: a memory further away shares next to nothing with the question,
and would only pad the reply. Measured with the sentence model (conversation / conversation-b:
false "No memory found" replies offering their answer): 0.15 -> 7/13, 11/21; 0.1 -> 9/13,
16/21; 0.05 -> the same as 0.1."""
SCHEDULE_TERMS = frozenset({"day", "weekday", "night", "morn", "even", "tim", "hour", "dia",
                            "noch", "hora"})
"""The index terms of the words a schedule question asks with ("which days", "what time",
"qué días"): what the answer tells in its own way (Tuesday, 7 pm), not the story's words."""
NEWEST_DEPTH = 3
"""How far down the reply a newer memory about a present-tense question may come from to lead."""
NEWEST_SHARE = 0.6
"""...if it scores at least this share of the lead's score."""
NEWEST_SHARED_WORDS = 2
"""...and the lead holds this many of the question's words besides names ("mum" alone is no
sign two memories tell the same thing)."""
NOW_SHARE = 0.3
"""A question about now: a later day's memory holding every word the lead holds leads when it
scores at least this share of the lead's, not ``NEWEST_SHARE``: a long memory telling the
change in passing scores low ("my Duolingo streak just hit 300 days" in a session about a
trip, 0.35 of the 120-day one). Measured on the ranking lab (bbtest30, bbtest29, bb27me, both
modes): bbtest30 A per session knowledge updates 9 -> 10 of 12, nothing else moved."""
NOW_MISSING = 1
"""A question about now ("How many cups of coffee do I drink a day now?"): a later day's memory
holding all but this many of the lead's words, and more than ``NEWEST_SHARED_WORDS`` of them,
leads too ("down to one cup a day now" lacks "drink" of "I'm drinking four cups of coffee a
day"); one holding fewer tells something else ("Hans said my German was bad" for "Is the user
still learning German?"). Measured: bbtest30 B knowledge updates 8 -> 9 of 12 per session, 7 ->
8 per turn; nothing else moved on bbtest30 A, bbtest29, bb27me, bb24me, bbtest20 or the bench
sets."""
ABSTAIN_DEPTH = 10
"""How many of the best memories the abstention judgement looks at."""
RESTATED_SHARE = 0.6
"""Two memories sharing this share of their words (Jaccard) restate one thing."""
CONTINUATION_DF_SHARE = 0.002
"""A word a later memory shares with the best match counts toward tying the two into one story
("learning German on Duolingo", then "gave up on German, taking Japanese lessons now") only
when at most this share of the store holds it (100 memories at 50k): a rare word, not a
topic."""
CONTINUATION_MIN_DF = 3
"""...or at most this many memories, whatever the store's size (a small store's every word is
rare by share)."""
CONTINUATION_SHARED_WORDS = 2
"""Rare words two memories must share to be one story when none of them is a name (one shared
verb is not a story: "moved the blog", "my sister moved")."""
CONTINUATION_HOPS = 3
"""Later memories followed from the best match, each continuing the one before: a story told
over several sessions ends where its last memory says."""
CONTINUATION_WIDTH = 4
"""Memories of a story followed further at each step (the latest): a name many later
memories mention is not searched from each of them."""
CONTINUATION_TERMS = 5
"""The rarest words of the best match looked up for a continuation (each costs a search)."""


TOGETHER_FLOOR = 0.5
"""A long memory's lexical score keeps this share however scattered the question's words are in
it, the rest scales with the share its best passage holds together
(``proximity.best_passage_share``): a chat session holding "class" in one turn and "night"
twenty turns down led the session whose one turn says "a pottery class on Tuesday nights"."""
TOGETHER_POOL = 50
"""The best lexical matches read for it (a text each, cached between searches)."""


def together(score: float, share: float) -> float:
    """``score`` of a long memory whose best passage holds ``share`` of the question's weight
    it holds anywhere (``TOGETHER_FLOOR``)."""
    return score * (TOGETHER_FLOOR + (1.0 - TOGETHER_FLOOR) * share)


def coordinated(score: float, coverage: float) -> float:
    """A lexical score weighed by the share of the question it covers."""
    return score * (COVERAGE_FLOOR + (1.0 - COVERAGE_FLOOR) * coverage)


def boost_answer(scores: dict[str, float], leaf_id: str) -> None:
    """The fact answer's memory leads: above the best score by ``ANSWER_BOOST``."""
    top = max(scores.values(), default=1.0)
    scores[leaf_id] = top * ANSWER_BOOST + 1.0


def boost_matching(scores: dict[str, float], chosen: Collection[str], factor: float,
                   boosts: dict[str, float]) -> None:
    """Multiply the scores of ``chosen`` memories (in a time range, holding an exact id or the
    question's rarest word), and record the factor in ``boosts``: they weigh in ties too. A
    factor of 1 changes nothing (a tunable set to 1 turns its rule off)."""
    if factor == 1.0:
        return
    for leaf in chosen:
        if leaf in scores:
            scores[leaf] *= factor
        boosts[leaf] = boosts.get(leaf, 1.0) * factor


def below_own(scores: dict[str, float], others: Collection[str], own: Collection[str],
              holds: Mapping[str, frozenset[str]], weight: Callable[[str], float],
              boosts: dict[str, float], named: frozenset[str] = frozenset()
              ) -> frozenset[str]:
    """Each of ``others`` (other people's lines and notes, for a question about the user
    alone) keeps at most ``OTHERS_FACTOR`` of the best score of an ``own`` memory (the
    user's turns) holding at least ``OWN_SHARE`` of the weight (``weight``: a word's idf) of
    the question's words it holds (``holds``): the user told of the same thing, and the
    other's line tells nothing of the user. A factor alone left fifty "Amparo: my take-home
    is £2224 and rent is £1039" at half their score, still ahead of the user's long "we've
    rented a flat in Kelham Island ... £920 a month" (probe45). For a question about named
    speakers, their names' terms (``named``) are words of the question the other's line
    lacks, and count as the own memory's: "Odalys: empecé clases de tamboril" holds "play"
    and her name, a stranger's "The drum group meets on Thursdays, I play the snare" "play"
    and "drum". The share kept is recorded in ``boosts``, as ``boost_matching`` does.
    Returns the lines so held below a turn of the user's."""
    owners = [(holds[leaf], scores[leaf]) for leaf in own if leaf in scores and holds.get(leaf)]
    below: set[str] = set()
    for leaf in others:
        words = holds.get(leaf)
        if not words or leaf not in scores or not scores[leaf]:
            continue
        words = words | named
        whole = sum(map(weight, words))
        cap = max((score for held, score in owners
                   if sum(map(weight, words & held)) >= OWN_SHARE * whole), default=None)
        if cap is None:
            continue
        below.add(leaf)
        if scores[leaf] > cap * OTHERS_FACTOR:
            boosts[leaf] = boosts.get(leaf, 1.0) * cap * OTHERS_FACTOR / scores[leaf]
            scores[leaf] = cap * OTHERS_FACTOR
    return frozenset(below)


def behind_replied(scores: dict[str, float], replies: Mapping[str, str]) -> None:
    """Each reply of ``replies`` (reply -> the asked one's turn it answers) keeps at most
    ``REPLY_SHARE`` of that turn's score, when both are candidates (``REPLY_SHARE``)."""
    for reply, told in replies.items():
        if reply in scores and told in scores:
            scores[reply] = min(scores[reply], scores[told] * REPLY_SHARE)


def meaning_orders_equals(scores: dict[str, float], holds: Mapping[str, frozenset[str]],
                          similarity: Mapping[str, float]) -> None:
    """Among memories holding the same words of the question, the closer in meaning takes the
    better score (the scores stay, their holders swap). BM25 tells such memories apart only by
    their lengths and how often they repeat the words: "where is the user's sister's wedding?"
    ranked two birthdays of sisters (short) above "my sister Ana is getting married in Seville
    next June" (long), and asked which of the birthdays was meant. A memory outside the vector
    pool counts as similarity 0: it is less similar than every one inside it."""
    groups: dict[frozenset[str], list[str]] = {}
    for leaf, words in holds.items():
        if words and leaf in scores:
            groups.setdefault(words, []).append(leaf)
    for members in groups.values():
        if len(members) < 2:
            continue
        slots = sorted((scores[leaf] for leaf in members), reverse=True)
        closest = sorted(members, key=lambda leaf: (-similarity.get(leaf, 0.0), -scores[leaf],
                                                    leaf))
        for leaf, score in zip(closest, slots, strict=True):
            scores[leaf] = score


@dataclass(frozen=True)
class Timeline:
    """What the timeline says of the ranked memories (filled by the caller)."""

    currency: Mapping[str, str]
    """CURRENT, SUPERSEDED or PENDING per memory."""
    successor: Mapping[str, str | None]
    """The memory that corrects this one, if any."""
    own_match: frozenset[str]
    """Memories that hold the question's words themselves (not only through a predecessor,
    nor only by a similar meaning)."""
    closeness: Mapping[str, float] = field(default_factory=dict)
    """Vector similarity per memory: equal scores go to the closer in meaning first."""
    history: bool = False
    """The question asks what has been ("Which neighbourhoods have I lived in?"): a corrected
    memory keeps its score (the value it told is part of the answer), its correction still
    ranks with it."""
    ended_by: Mapping[str, str] = field(default_factory=dict)
    """A partly outdated memory -> the memory that ended the fact of it the question bears on
    (``partly_outdated``): added right after it, as an unmatched correction is, the memory
    keeping its own score (its other facts hold)."""


def order(scores: Mapping[str, float], timeline: Timeline,
          addable: Callable[[str], bool]) -> list[tuple[str, float]]:
    """Scores adjusted by the timeline, best first (ties by meaning, then by id, so the
    order is stable).

    A correction that matched the question ranks at least where its predecessor would have and
    the predecessor keeps ``SUPERSEDED_FACTOR`` of its score, so it is always below its
    correction (no separate cap is needed); a correction that did not match is added right after its
    predecessor (``addable`` says whether it may be served). Unreviewed values sink.
    """
    adjusted = dict(scores)
    for leaf, score in scores.items():
        if timeline.currency.get(leaf) != "SUPERSEDED":
            continue
        after = timeline.successor.get(leaf)
        if after is None:
            continue
        if after in timeline.own_match and (after in adjusted or addable(after)):
            adjusted[after] = max(adjusted.get(after, 0.0), score)
            adjusted[leaf] = score if timeline.history else score * SUPERSEDED_FACTOR
        elif timeline.history and (after in adjusted or addable(after)):
            adjusted[after] = max(adjusted.get(after, 0.0), score)
        elif after in adjusted or addable(after):
            adjusted[after] = max(adjusted.get(after, 0.0), score * UNMATCHED_SUCCESSOR_SHARE)
    for leaf, after in timeline.ended_by.items():
        if leaf in scores and (after in adjusted or addable(after)):
            adjusted[after] = max(adjusted.get(after, 0.0),
                                  scores[leaf] * UNMATCHED_SUCCESSOR_SHARE)
    for leaf, state in timeline.currency.items():
        if state == "PENDING" and leaf in adjusted:
            adjusted[leaf] *= PENDING_FACTOR
    close = timeline.closeness
    return sorted(adjusted.items(), key=lambda item: (-item[1], -close.get(item[0], 0.0),
                                                      item[0]))


def fuse(lexical: Mapping[str, float], similar: Mapping[str, float]) -> dict[str, float]:
    """One score per memory from the lexical scores and the vector similarities.

    Lexical scores keep their scale (the timeline and the abstention judge them); the vector
    list adds a reciprocal-rank bonus scaled to the best lexical score (times the similarity),
    so a memory found only by meaning enters well below the best lexical match.
    """
    kept = {leaf: sim for leaf, sim in similar.items() if sim >= MIN_SIMILARITY}
    if not kept:
        return dict(lexical)
    top = max(lexical.values(), default=0.0) or 1.0
    by_sim = sorted(kept, key=lambda leaf: (-kept[leaf], leaf))
    out = dict(lexical)
    for rank, leaf in enumerate(by_sim):
        bonus = top * VECTOR_WEIGHT * (RRF_K + 1) / (RRF_K + 1 + rank)
        out[leaf] = out.get(leaf, 0.0) + bonus * kept[leaf]
    return out


@dataclass(frozen=True)
class Evidence:
    """How much of the question one candidate memory holds (for the abstention judgement)."""

    coverage: float
    """Share of the question's idf weight held."""
    words: frozenset[str]
    """The question's own words it holds."""
    rarest_df: int
    """Fewest memories holding any of those words (0 when it holds none)."""
    asked: int
    """How many words the question (in the reading that matched this memory) has."""
    similarity: float = 0.0
    """Cosine similarity of its vector to the question's (0.0 when not compared)."""
    dfs: tuple[int, ...] = ()
    """How many memories hold each of those words, fewest first (empty when unknown); words
    held only through a word close in meaning are not counted here."""
    compared: bool = False
    """Its vector was compared with the question's (it is among the closest in meaning), so
    ``similarity`` is measured, not a default."""
    near: frozenset[str] = frozenset()
    """Those of ``words`` held only through a word close in meaning ("car" for "vehicle"):
    they count as held words, never as specific ones ("solar" held as "sun" in a memory
    about a novel is no sign the question is about it)."""
    closest: bool = False
    """It is the memory closest in meaning to the question (the first of the vector pool)."""
    crowd: float = 0.0
    """The similarity of the ``CROWD_RANK``-th closest memory to the question: what any
    memory of this store reaches for it (a short question is close to everything)."""
    topic: frozenset[str] = frozenset()
    """The question's words the crowd is about (``crowd_topic``): held by most of the
    memories closest to the question in meaning."""
    several_lines: bool = False
    """It has ``SESSION_LINES`` lines or more (a chat session saved whole): its similarity is
    judged against the crowd alone (``SESSION_STANDOUT``)."""
    beyond: tuple[float, float] | None = None
    """For a chat turn said on its own (no turn before it in its conversation) holding none of
    the question's words but the name of the one person it asks about (``beyond_names``): its
    similarity to the question without the name, and that question's crowd. Its closeness to
    the whole question is mostly the name its label shares ("Nadia: Sleep is a distant
    memory." for "What is Nadia studying?"): only what it shares beyond the name makes it
    about the question."""


def about(evidence: Evidence, store_size: int) -> bool:
    """Whether one memory is about the question (the opposite of "nothing stored is")."""
    question_words = evidence.asked
    if question_words == 0:
        return True
    if evidence.coverage >= MIN_COVERAGE:
        return True
    held = len(evidence.words)
    if held >= 2 and held >= MIN_WORD_SHARE * question_words:
        return True
    if held >= MIN_HELD_WORDS:
        return True
    specific_df = max(2, int(SPECIFIC_SHARE * store_size))
    own = held - len(evidence.near)
    unrelated = evidence.compared and evidence.similarity < SPECIFIC_MEANING \
        and not _meaning_agrees(evidence)
    topical = bool((evidence.words - evidence.near) & evidence.topic) \
        and held >= question_words - TOPIC_MISSING
    if own and (evidence.rarest_df <= specific_df or topical) and not unrelated \
            and held >= SPECIFIC_WORD_SHARE * question_words:
        return True
    if len(evidence.dfs) >= 2 and \
            evidence.dfs[0] * evidence.dfs[1] < CHANCE_PAIR * max(store_size, 1):
        return True
    if evidence.closest and evidence.near and evidence.similarity >= NEIGHBOUR_AND_MEANING:
        return True
    if evidence.beyond is not None:  # a turn holding only the person: its meaning beyond
        similarity, crowd = evidence.beyond
        return similarity - crowd >= STANDOUT
    if evidence.several_lines and evidence.compared \
            and evidence.similarity - evidence.crowd >= SESSION_STANDOUT:
        return True
    return stands_out(evidence.similarity, evidence.crowd)


def crowd_topic(similar: Mapping[str, float], own: Mapping[str, frozenset[str]],
                holders: Callable[[str], int], store_size: int) -> frozenset[str]:
    """The question's words that ``TOPIC_HOLDERS`` of the ``CROWD_RANK`` memories closest to
    it in meaning hold as their own (``own``: a memory's question words, not held through a
    word close in meaning), when each of those is at least ``STRONG_SIMILARITY`` close and
    fewer than ``TOPIC_SHARE`` of the store hold the word (``holders``).

    Such a word is common because many memories are about it, not because it says little:
    162 "Walked 7 km along the river in Ghent." among 1,598 memories make "walk" no specific
    word by its count, and the walks fill the crowd, so none stands out of it by meaning;
    "How far did I walk?" was "No memory found ... share only the common word 'walk'",
    though a store of six memories, two of them walks, is answered by a walk. A word spread
    over unrelated memories ("today", "new") does not fill the question's crowd."""
    closest = sorted(similar, key=lambda leaf: -similar[leaf])[:CROWD_RANK]
    if len(closest) < CROWD_RANK or similar[closest[-1]] < STRONG_SIMILARITY:
        return frozenset()
    held = Counter(word for leaf in closest for word in own.get(leaf, frozenset()))
    return frozenset(word for word, count in held.items()
                     if count >= TOPIC_HOLDERS * CROWD_RANK
                     and holders(word) < TOPIC_SHARE * store_size)


def _meaning_agrees(evidence: Evidence) -> bool:
    """The memory closest in meaning to the question, standing out of its crowd at
    ``NEIGHBOUR_AND_MEANING`` or more: a specific word it holds is no chance, the two signals
    agree ("Is anything blocked right now?" / "FB-233 is blocked until the payments team
    ships...": 0.19, the crowd 0.06), while "what is the user's cat called?" and "a gestor
    called Paloma" (0.1) stay apart."""
    return evidence.closest and evidence.similarity >= NEIGHBOUR_AND_MEANING \
        and evidence.similarity - evidence.crowd >= STANDOUT


def stands_out(similarity: float, crowd: float) -> bool:
    """A memory this close in meaning to the question is about it whatever words it holds:
    at least ``STRONG_SIMILARITY`` and ``STANDOUT`` closer than the question's crowd."""
    return similarity >= STRONG_SIMILARITY and similarity - crowd >= STANDOUT


def abstains(evidence: Sequence[Evidence], store_size: int) -> bool:
    """No memory among the first ``ABSTAIN_DEPTH`` is about the question."""
    return not any(about(e, store_size) for e in evidence[:ABSTAIN_DEPTH])


def about_first(ranked: Sequence[tuple[str, float]], evidence: Mapping[str, Evidence],
                store_size: int, timely: Container[str] = frozenset(),
                slight: Callable[[str], bool] = lambda leaf: False,
                before: Callable[[str], str | None] = lambda leaf: None
                ) -> list[tuple[str, float]]:
    """The first ``ABSTAIN_DEPTH`` memories with those about the question ahead of the others
    (each group in its order): when the judgement answers because of one memory, that memory
    leads the reply, not a better-scored one it found about nothing ("Is the user considering
    getting another pet?" led with a wedding holding "getting"). A ``timely`` memory, dated
    in the time the question names and holding a word of it or a word close to one, keeps
    its place among them: "What big purchase did I make in July?" and "I bought the Kia"
    (July) share no word, yet it answers, and a March memory holding "big" and "purchase"
    must not pass it. A ``slight`` memory, only a short question (``SLIGHT_FACTOR``), that
    opens its conversation (no turn ``before`` it) is not moved: "how was the last week of
    term?" is close in meaning to any question about its speaker and asks about nothing said;
    one asking about the turn before it ("¿de qué colores?" after "I finished the quilt") is
    judged with it, as before."""
    head = list(ranked[:ABSTAIN_DEPTH])
    yes = [item for item in head if item[0] in timely or (
        item[0] in evidence and about(evidence[item[0]], store_size)
        and not (slight(item[0]) and before(item[0]) is None))]
    kept = {leaf for leaf, _ in yes}
    return yes + [item for item in head if item[0] not in kept] + list(ranked[ABSTAIN_DEPTH:])


def told_first(ranked: Sequence[tuple[str, float]], told_by: Callable[[str], str | None],
               ) -> tuple[list[tuple[str, float]], dict[str, str]]:
    """The turns the leading answers answered, ahead of them: each memory at the head of
    ``ranked`` for which ``told_by`` names the turn it answered (the assistant's, ahead of
    every other speaker's turn) gives that turn its place and score, and keeps
    ``ASSISTANT_FACTOR`` of its own right behind it. "When did I sign up for the race?": the
    answer "Ten weeks is enough to prepare for a 100 km gravel race" holds the question's
    words and tells only advice; the user's "I signed up for the Jemez Gravel 100K on
    September 12" tells the event, on its day. Returns the ranking and, for each turn
    brought forward, the answer whose place it took."""
    moved: dict[str, str] = {}
    for leaf, _ in ranked:
        before = told_by(leaf)
        if before is None:
            break  # the first turn that is no such answer ends the head
        moved.setdefault(before, leaf)
    if not moved:
        return list(ranked), moved
    score = dict(ranked)
    answers = set(moved.values())
    head = [(before, score[leaf]) for before, leaf in moved.items()]
    rest = [(leaf, s * ASSISTANT_FACTOR if leaf in answers else s) for leaf, s in ranked
            if leaf not in moved]
    return head + rest, moved


def closest(similar: Mapping[str, float]) -> list[str]:
    """The memories ``nearest`` may offer, in the order it considers them: at least
    ``NEAREST_FLOOR`` close in meaning, the closest first (ties in ``similar``'s order)."""
    return sorted((leaf for leaf, sim in similar.items() if sim >= NEAREST_FLOOR),
                  key=lambda leaf: -similar[leaf])


def nearest(similar: Mapping[str, float], servable: Callable[[str], bool],
            said: Callable[[str], str]) -> list[str]:
    """The memories to offer beside a "No memory found": the closest by meaning, best first,
    each thing said once (``said``: a memory's words without its date): "Wait really?", said
    on three days, filled the three places of a reply whose pottery class was not offered."""
    out: list[str] = []
    seen: set[str] = set()
    for leaf in closest(similar):
        if len(out) >= NEAREST_SHOWN:
            break
        if not servable(leaf):
            continue
        words = said(leaf)
        if words and words in seen:
            continue
        seen.add(words)
        out.append(leaf)
    return out


def distinct(ranked: list[tuple[str, float]], said: Callable[[str], str], limit: int
             ) -> list[tuple[str, float, tuple[str, ...]]]:
    """The first ``limit`` memories that say different things, each with the memories met on
    the way that say the same words on other days ("went for tapas after work with
    colleagues", four times): one answer in the place of the best ranked, so they do not fill
    the reply's few places (and the reply can still tell how often it was said)."""
    kept: dict[str, tuple[str, float, list[str]]] = {}
    for leaf, score in ranked:
        words = said(leaf)
        if words and words in kept:
            kept[words][2].append(leaf)
            continue
        if len(kept) >= limit:
            break
        kept[words or leaf] = (leaf, score, [])
    return [(leaf, score, tuple(same)) for leaf, score, same in kept.values()]


def range_first(ranked: list[tuple[str, float]], in_range: set[str],
                slight: frozenset[str] = frozenset(),
                tells: Callable[[str], int] = lambda leaf: 1,
                own: Callable[[str], bool] = lambda leaf: False,
                planned: Container[str] = frozenset(),
                newest: Callable[[str], tuple[str, float]] | None = None
                ) -> list[tuple[str, float]]:
    """A question about a time and nothing else ("what did I do in April 2026?") is answered
    by the memories of that time, dated in it or naming it, in their order; one outside it
    is no answer, however well its words or meaning match ("abril 2026" and a memory of
    "marzo de 2026" are close in meaning), so it follows them all. Within the time, the
    memories that tell most of their speaker's own doing (``Conversation.tells``) come
    first: "¿Qué hice en octubre del año pasado?" led with small talk of that month, a
    question the user asked the assistant and its advice, not "Adoptamos un perro ayer". A
    ``slight`` memory (``SLIGHT_FACTOR``) follows the ones that say something. A question
    of one person's time ("What did Marta do in August?", "What happened to the user in
    February?") is answered by that person's ``own`` memories of it first: Kenji's
    "bouldering three times a week" of that February told the user's nothing. Of each one's,
    a memory ``planned`` before the time and naming it ("booked the flights for the
    conference in May", said in March) tells what was to be, and follows those of the time
    ("the conference was great, I gave a talk"). A time asked as "recently" is asked from
    its end: given ``newest`` (a memory's day and saving time), the newest come first, not
    those telling most ("What changed recently?": the API bumped last week before the
    error tracker switched a month ago)."""
    timely = [item for item in ranked if item[0] in in_range and item[0] not in slight]
    if newest is not None:
        timely.sort(key=lambda item: newest(item[0]), reverse=True)
    told = {leaf: (not own(leaf), leaf in planned,
                   0 if newest is not None else -tells(leaf)) for leaf, _ in timely}
    said = sorted(timely, key=lambda item: told[item[0]])  # stable: their order within
    asked = [item for item in ranked if item[0] in in_range and item[0] in slight]
    return said + asked + [item for item in ranked if item[0] not in in_range]


def time_ahead(ranked: list[tuple[str, float]], in_range: Container[str]
               ) -> list[tuple[str, float]]:
    """A question of a topic in a stated time ("What happened to the cat in March 2026?",
    "¿Qué aprendió la usuaria de su salud en enero?") led by a memory dated outside it and
    not naming it: the memories of that time scoring ``TIME_AHEAD_SHARE`` of the lead's or
    more come first, in their order. The lead holds the topic's words ("Adopté una gata" in
    October) and tells another time; ``IN_RANGE_BOOST`` alone left it ahead of "Pepa vomitó
    tres veces esta semana" of that March."""
    if not ranked or ranked[0][0] in in_range:
        return ranked
    floor = ranked[0][1] * TIME_AHEAD_SHARE
    ahead = [item for item in ranked if item[0] in in_range and item[1] >= floor]
    if not ahead:
        return ranked
    moved = {leaf for leaf, _ in ahead}
    return ahead + [item for item in ranked if item[0] not in moved]


def restated(jaccard_share: float) -> bool:
    """Two memories whose words overlap this much say one thing twice."""
    return jaccard_share >= RESTATED_SHARE


def continued_first(ranked: list[tuple[str, float]], older: str, newer: str, *,
                    answers: bool) -> list[tuple[str, float]]:
    """A question about now, and a later memory continuing the best match's story: the later
    one leads when it tells of a change (``answers``), else it is shown right after it (the
    story's end is part of the answer, but a later mention of the same name, "Miso caught a
    mouse", must not take the lead of "what does Miso eat now?")."""
    scores = dict(ranked)
    rest = [(leaf, score) for leaf, score in ranked if leaf != newer]
    at = next(i for i, (leaf, _) in enumerate(rest) if leaf == older)
    lead = scores[older]
    score = max(scores.get(newer, 0.0), lead if answers else lead * UNMATCHED_SUCCESSOR_SHARE)
    rest.insert(at if answers else at + 1, (newer, score))
    return rest


def newest_leads(ranked: list[tuple[str, float]], about_ids: Container[str],
                 when: Callable[[str], tuple[str, float]],
                 holds: Mapping[str, frozenset[str]], names: Collection[str] = (),
                 *, now: bool = False, measure: bool = False,
                 changes: Callable[[str], bool] = lambda leaf: False,
                 schedule: Callable[[str], bool] | None = None,
                 doing: frozenset[str] = frozenset(),
                 stops: Callable[[str], bool] = lambda leaf: False
                 ) -> list[tuple[str, float]]:
    """A question about how something stands: the newest of the first ``NEWEST_DEPTH``
    memories that is about the question, holds every word of it the lead holds (product
    images kept in the shipping cache are not the booking cache's), at least
    ``NEWEST_SHARED_WORDS`` of them besides the ``names`` asked about (two turns of Kenji's
    holding "teacher" are not one story), and scores at least ``NEWEST_SHARE`` of the lead's
    ("Sanne chose Skimming Stone for the living room" in June, "we want to repaint the living
    room ... the colour Warm Sand" in October: "What colour are the living-room walls going
    to be?"). A question that says ``now`` ("these days", "at the moment", ``asks_about_now``)
    asks for the latest of a story, which may be told in other words each time: a memory of
    a later day leads when it holds the lead's words, however few ("How many houseplants do
    I have at the moment?": "up to eleven now" after "I have six houseplants"; it needs only
    ``NOW_SHARE`` of the lead's score), or all but ``NOW_MISSING`` of them ("down to one cup
    a day now" after "drinking four cups of coffee a day"), or none of the question's, close
    to it by meaning alone ("What gym am I going to these days?": "switched to Kirkstall
    CrossFit" after "joined The Engine Room, a bouldering gym"). One holding fewer of the
    lead's words tells something else ("Is the user still learning German?": "Hans said my
    German pronunciation was always bad"), and one of the same day is no later news
    ("switched from violin to cello" / "plays the violin"). Without "now", a later day's
    memory that ``changes`` something (the speaker's own change, for a question about the
    user) and holds every word the lead holds, one besides the names, leads when it scores
    ``NOW_SHARE`` of the lead's: "I don't run anymore because of my knee" after "I run 5k
    three times a week" for "How often do I run?", "I moved to Valencia" (standing in for
    its predecessor's "flat") for "where is my flat?". With "now", a later day's memory
    that ``changes`` something leads holding one of the lead's words besides the names and
    the schedule's words, and every other but the question's verb (``doing``), scoring
    ``NOW_SHARE`` of the lead's: a story changed twice is told shorter each time ("I'm
    drinking four coffees a day", then "I've given up coffee completely, only rooibos now"
    for "What does the user drink now instead of coffee?"); one lacking a thing the lead
    holds is another story ("a chess course in Kraków" is not the climbing course). A
    question asking for a number
    as it stands (``measure``: "How many retry attempts do SFTP uploads get?") is answered by
    a later memory that ``changes`` it, told in its own words ("max attempts 5 -> 4 for SFTP",
    lacking "uploads"), as a question about now is: holding all but ``NOW_MISSING`` of the
    lead's words, and scoring ``NOW_SHARE`` of the lead's when it holds them all. A
    question asking when something recurs (``schedule`` given: whether a memory tells a day or
    a time) is answered by a later memory that tells both a change and a day or time, as the
    lead does, holding all but ``NOW_MISSING`` of the lead's words and one of them besides
    the names, and scoring ``NOW_SHARE`` of the lead's ("now I train on Tuesday and Saturday
    mornings instead" after "I go to the gym on Monday and Thursday evenings ... on those
    days": "Which days do I go to the gym?"). With "now", a later day's memory that ``stops``
    the doing asked (its speaker's: "dejé de fumar" for "¿Cuántos cigarrillos fuma Lola
    ahora?") leads at any score among the first: it tells how the habit stands in none of
    the lead's words but the verb (issue 18)."""
    if not ranked or ranked[0][0] not in about_ids:
        return ranked
    lead, top = ranked[0]
    told = holds.get(lead, frozenset())
    by_words = len(told - set(names)) >= NEWEST_SHARED_WORDS
    changes, stops = functools.cache(changes), functools.cache(stops)  # each read per rule

    def told_shorter(leaf: str) -> bool:
        """With "now", a change holding one of the lead's words besides the names and the
        schedule's, and every other but the question's verb: a story told shorter each time."""
        held = holds.get(leaf, frozenset())
        return now and changes(leaf) and bool(told & held - set(names) - SCHEDULE_TERMS) \
            and told - held <= doing

    def newer(leaf: str) -> bool:
        held = holds.get(leaf, frozenset())
        if now and stops(leaf) and when(leaf)[0] > when(lead)[0]:
            return True  # the doing asked has ended ("dejé de fumar")
        if by_words and told <= held and when(leaf) > when(lead):
            return True
        if changes(leaf) and when(leaf)[0] > when(lead)[0] and told <= held \
                and told - set(names):
            return True  # a change of the lead's habit or state ("I don't run anymore")
        if measure and changes(leaf) and when(leaf)[0] > when(lead)[0] and (
                len(told - held) <= NOW_MISSING
                and len(told & held - set(names)) >= NEWEST_SHARED_WORDS + 1):
            return True
        if schedule is not None and changes(leaf) and schedule(leaf) and schedule(lead) \
                and when(leaf)[0] > when(lead)[0] \
                and len(told - held - SCHEDULE_TERMS) <= NOW_MISSING and told & held - set(names):
            return True
        if told_shorter(leaf) and when(leaf)[0] > when(lead)[0]:
            return True  # the last step of a story told shorter each time ("given up coffee")
        # "now": a later day's memory holding the lead's words, or found by meaning alone
        return now and (told <= held or not held or (
            len(told - held) <= NOW_MISSING and len(told & held) >= NEWEST_SHARED_WORDS + 1)
        ) and when(leaf)[0] > when(lead)[0]

    def close_enough(leaf: str, score: float) -> bool:
        if score >= NEWEST_SHARE * top or now and stops(leaf):
            return True
        # "now", and a later memory holding every word of the lead's: a long memory telling
        # the change in passing scores low on its own ("my Duolingo streak just hit 300
        # days" in a session about a trip)
        if schedule is not None and changes(leaf) and schedule(leaf):
            return score >= NOW_SHARE * top  # told in its own words, as ``newer`` reads it
        if told_shorter(leaf):
            return score >= NOW_SHARE * top  # a change told in few words, as ``newer`` reads it
        return (now or changes(leaf) and (measure or when(leaf)[0] > when(lead)[0])) \
            and score >= NOW_SHARE * top and bool(told) and told <= holds.get(leaf, frozenset())

    rivals = [(leaf, score) for leaf, score in ranked[1:NEWEST_DEPTH]
              if leaf in about_ids and close_enough(leaf, score) and newer(leaf)]
    if not rivals:
        return ranked
    newest = max(rivals, key=lambda item: when(item[0]))
    return [newest] + [item for item in ranked if item[0] != newest[0]]


def newer_first(ranked: list[tuple[str, float]], restatements: Mapping[str, str]
                ) -> list[tuple[str, float]]:
    """Each restated (older) memory swaps places with its newer restatement when ahead of it."""
    ids = [leaf for leaf, _ in ranked]
    for older, newer in restatements.items():
        if older in ids and newer in ids and ids.index(older) < ids.index(newer):
            i, j = ids.index(older), ids.index(newer)
            ids[i], ids[j] = ids[j], ids[i]
    scores = dict(ranked)
    return [(leaf, scores[leaf]) for leaf in ids]


def kind_first(ranked: list[tuple[str, float]], holds: Callable[[str], bool],
               changed: Callable[[str, str], bool] = lambda first, other: False
               ) -> list[tuple[str, float]]:
    """The first memory holds none of the kind of words the question asks for (``holds``): the
    first of the next ``KIND_DEPTH - 1`` that holds them, with ``KIND_SHARE`` of its score or
    more, takes the lead, keeping its own score (the clue request weighs scores, and a memory
    answering alone is no tie there either). "How far can Owen's new car go on a single
    charge?": "I've got news as well. Got the car" holds the question's words, "about 150
    miles in summer" its answer. Not past the first when it ``changed`` what that one told
    (a later change of the same story, asked about now): "I've given up coffee completely"
    answers "How many coffees a day now?" in its own words, and "four cups a day", holding
    the number, is how it stood before (issue 18)."""
    if len(ranked) < 2 or holds(ranked[0][0]):
        return ranked
    floor = ranked[0][1] * KIND_SHARE
    for at in range(1, min(KIND_DEPTH, len(ranked))):
        leaf, score = ranked[at]
        if score >= floor and holds(leaf):
            if changed(ranked[0][0], leaf):
                return ranked
            return [ranked[at], *ranked[:at], *ranked[at + 1:]]
    return ranked
