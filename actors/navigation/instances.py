"""The memories naming each thing of a kind a list question asks for, wherever they rank.

"Which countries did I travel to?", "What hobbies has the user taken up?", "How many doctors
did I visit this year?", "¿En qué ciudades he vivido?": the answer is several memories of
several sessions, each naming one instance of the kind ("going to Oaxaca for Día de Muertos",
"Empecé clases de bandoneón", "the dermatologist on Friday"), and usually none of them holds
the question's words. The ranking reaches them only by meaning, and in a chat of thousands of
turns the places within ``several.PARTS_DEPTH`` go to turns shaped like the question ("What
should I pack for Quebec City?", "Which restaurants are good in Lisbon?"): on an outside probe
the multi-session questions were the weakest kind (shown 60 %).

So the store's holders of every thing of the kind (``kinds.things_of`` and the few kinds
below) are read directly from the index, kept when they are the asked speaker's (the user's
own turns; the assistant's for "did you recommend"; the named speaker's) and within the asked
time, and the closest in meaning to the question that names a thing not yet named is taken,
one per thing, up to ``several.SEVERAL_SHOWN``; the reply shows them oldest first. A thing
many memories hold ("coffee", "Python" in a store about code) marks no one memory as a part:
it is skipped (``HOLDERS_MAX``). Pure functions over ids; the navigation actor supplies the
index, the speaker test and the closeness.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping

from actors.lazy_re import lazy_regex
from actors.navigation import open_kinds, several
from actors.navigation.stem import stem
from actors.text import fold
from actors.text import terms as text_terms

_MORE_KINDS: dict[str, str] = {
    "doctor": """doctor dentist dermatologist orthodontist ophthalmologist optometrist
        optician orthopaedist cardiologist pediatrician paediatrician physiotherapist physio
        gynecologist gynaecologist psychologist psychiatrist therapist allergist neurologist
        urologist podiatrist chiropractor surgeon orthopedist nutritionist dietitian
        otolaryngologist endocrinologist gastroenterologist oncologist radiologist
        medico dentista dermatologo dermatologa ortodoncista oftalmologo oftalmologa optometrista
        cardiologo cardiologa pediatra fisioterapeuta fisio ginecologo ginecologa psicologo
        psicologa psiquiatra terapeuta alergologo neurologo urologo podologo quiropractico
        cirujano traumatologo nutricionista endocrino""",
}
"""Kinds whose things are everyday words no other list holds: the doctors one visits, told by
their speciality ("my dermatologist", "la dentista")."""
_MORE_WORDS = {"doctor": "doctor", "doctors": "doctor", "medico": "doctor",
               "medicos": "doctor", "medica": "doctor", "medicas": "doctor",
               "specialists": "doctor", "especialistas": "doctor"}

HOLDERS_MAX = 50
"""Memories holding one thing beyond which the thing is no mark of a part (a word of many
memories: the store's topic, not one instance of the kind)."""
CLOSE_SHARE = 0.5
"""Share of the first part's closeness to the question another part has at least, unless it
names a value the timeline recorded: for "How many pets do I have now?" a dog's adoption told
is 0.15 close, "swap the chicken in that meal-prep plan" 0.05: another sense of the thing's
word. (A sense not that far still passes: "I started eating fish again", 0.12.)"""
THINGS_MAX = 3
"""Things of the kind one memory names at most to be told as one part: more is a list ("In
Seoul buy a day pass... in Bruges...") or a whole conversation saved as one memory, left to
the ranking."""
CANDIDATES_MAX = 2000
"""Holders measured for closeness at most (the things held by the fewest first)."""


def _more_things(word: str) -> tuple[str, ...]:
    kind = _MORE_WORDS.get(word)
    if kind is None:
        return ()
    return tuple(dict.fromkeys(stem(term) for thing in _MORE_KINDS[kind].split()
                               for term in text_terms(thing)[:1]))


_LABEL = lazy_regex(r"^\s*(?:\d{4}-\d{2}-\d{2}\s+)?[^:\n]{1,40}:\s+")
_SENTENCE = lazy_regex(r"[^.!?\n]+[.!?]*")
STATED_WORDS = 4
"""Words a sentence not ending in "?" holds to state something ("Back from Lisbon." does not:
a memory's other sentence may)."""


def told(text: str, doings: int) -> int:
    """How much a memory tells, for the order in which a list's parts are taken: 2 for a doing
    of its speaker's own (``doings``: ``conversation.doing_told``), 1 for a sentence stating
    anything ("Tidepool is sending me to a data conference in Montréal. Hotel ideas?"), 0 for
    a memory that only asks ("Planning local markets in Budapest, any tips?")."""
    if doings > 0:
        return 2
    body = _LABEL.sub("", text, count=1)
    return int(any(not found.group().rstrip().endswith("?")
                   and len(found.group().split()) >= STATED_WORDS
                   for found in _SENTENCE.finditer(body)))


_TURN_LABEL = lazy_regex(r"(?:^|(?<=[.!?…)]\s))(?:\[?\d{4}-\d{2}-\d{2}\]?\s+)?"
                         r"[^\W\d_][\w'-]{0,20}:\s")
"""A speaker's label opening a turn ("2026-05-22 Maya: ", "user: "), at the start of the text
or after a sentence's end (an excerpt's lines are joined by a space)."""
TURNS_MAX = 2
"""Speakers' turns one memory holds at most to be one part (a turn and the line it answers):
a whole conversation saved as one memory names the things of many days and people ("Maya:
... Iceland", "Tomás: ... Japón"), and is left to the ranking."""


def one_turn(text: str) -> bool:
    """The memory is a note or a turn or two of a chat, not a conversation saved whole."""
    return len(_TURN_LABEL.findall(text)) <= TURNS_MAX


def names_each(text: str, names: Collection[str]) -> bool:
    """Whether ``text`` names each of ``names`` (folded) as a whole word: a part of a list
    the question narrows by a name ("Which warehouses has Ferrocart used?") names it; "The
    data-science team's warehouse is Snowflake" is no part of Ferrocart's."""
    said = fold(text)
    return all(re.search(rf"(?<!\w){re.escape(name)}(?!\w)", said) for name in names)


def things_asked(text: str, things_of: Callable[[str], Collection[str]]) -> frozenset[str]:
    """The things (stems) of the kinds a list question lists ("Which countries ...?" -> every
    place name; "How many doctors ...?" -> the specialities), none when it lists no kind with
    things."""
    found: set[str] = set()
    for word in several.listed(text):
        found.update(things_of(stem(word)))
        found.update(_more_things(word))
        found.update(open_kinds.closed_things(word))
    return frozenset(found)


def gathered(things: Collection[str], doc_freq: Callable[[str], int],
             holders: Callable[[str], Collection[str]], keep: Callable[[str], bool],
             closeness: Callable[[list[str]], Mapping[str, float]],
             telling: Callable[[str], int], when: Callable[[str], tuple[str, float]], *,
             known: Collection[str] = frozenset(), leading: str | None = None,
             told_apart: Mapping[str, Collection[str]] | None = None,
             in_sense: Callable[[str, Collection[str]], bool | None] | None = None,
             most: int = several.SEVERAL_SHOWN, most_named: int | None = THINGS_MAX
             ) -> list[str]:
    """The memories, the closest to the question first and the others oldest first (the
    ranking's best part leads, the rest read as a story), each naming a thing of ``things`` no
    memory taken before it named. Of the holders ``keep`` admits (the asked speaker's, in the
    asked time), those telling more first (``telling``, read by ``told``: a doing of the
    speaker's own, then a statement, then a question: "I'm going to Oaxaca for Día de
    Muertos" before "What should I pack for Quebec City?"; a question is taken only when
    nothing telling is), then the closest to the question, at most ``most``; of a thing's
    memories telling as much and about as close, its first telling (where it came in:
    "Hemos adoptado una tortuga", not "La tortuga ni se entera"). Those naming a thing
    ``known`` to be the speaker's (a value the timeline recorded: "Braga", "Coimbra" for "How
    many cities have I lived in this year?") go before the others, and so does the ranking's
    first (``leading``) when it is a part telling something: the ranking weighed more than the
    closeness of one memory. ``told_apart`` adds memories and the instances each tells of an
    open kind (``open_kinds``: "Casa Lupe" for "Had dinner at Casa Lupe"), read by the
    caller. ``in_sense`` judges a memory naming a word of two kinds' lists (``senses``): one
    saying it in another kind's sense is dropped ("I started eating fish again" for pets), one
    saying it in the asked kind's is a part however far from the question ("Cleaned the fish
    tank": the closeness cut below stands for the sense check where none was made). A memory
    naming more than ``most_named`` things is a list, no part (None: no limit)."""
    counted = sorted((count, thing) for thing in things
                     if 0 < (count := doc_freq(thing)) <= HOLDERS_MAX or thing in known
                     and count)
    naming: dict[str, set[str]] = {}
    for _, thing in counted:
        if len(naming) >= CANDIDATES_MAX:
            break
        for leaf in holders(thing):
            if leaf in naming:
                naming[leaf].add(thing)
            elif keep(leaf):
                naming[leaf] = {thing}
    for leaf, told in (told_apart or {}).items():
        naming.setdefault(leaf, set()).update(told)
    if most_named is not None:
        naming = {leaf: held for leaf, held in naming.items() if len(held) <= most_named}
    sensed = {leaf: in_sense(leaf, held) for leaf, held in naming.items()} if in_sense else {}
    naming = {leaf: held for leaf, held in naming.items() if sensed.get(leaf) is not False}
    if not naming:
        return []
    close = closeness(list(naming))
    taken: list[str] = []
    named: set[str] = set()
    tier = {leaf: telling(leaf) for leaf in naming}
    mine = {leaf for leaf, held in naming.items() if held & set(known)}
    instanced = {leaf for leaf, told in (told_apart or {}).items() if leaf not in told} \
        | {leaf for leaf, judged in sensed.items() if judged}
    for leaf in sorted(naming, key=lambda leaf: (
            leaf not in mine, leaf != leading or tier[leaf] < 1, -tier[leaf],
            -close.get(leaf, 0.0))):
        if taken and leaf not in mine | instanced and close.get(leaf, 0.0) < CLOSE_SHARE * max(
                close.get(taken[0], 0.0), 0.0):
            continue  # far from the question: another sense of the word ("fish" eaten)
        if taken and leaf not in mine and tier[leaf] < min(1, tier[taken[0]]):
            break  # questions only after none telling anything ("any tips for Budapest?")
        new = naming[leaf] - named
        if not new:
            continue
        if leaf != leading:  # the thing's first telling (itself when none is as close: a
            # closeness below zero is below its own share, and a 50k store met one)
            leaf = min((other for other in naming if naming[other] & new
                        and tier[other] >= tier[leaf] and other not in taken
                        and close.get(other, 0.0) >= CLOSE_SHARE * close.get(leaf, 0.0)),
                       key=when, default=leaf)
        taken.append(leaf)
        named |= naming[leaf]
        if len(taken) >= most:
            break
    return taken[:1] + sorted(taken[1:], key=when)
