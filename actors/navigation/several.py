"""The reply's places for a question whose answer is told by several memories.

"Which sports has the user done?", "How many trips abroad did I take this year?", "List all the
cars I have owned", "¿Qué idiomas está aprendiendo?": each part of the answer is one memory, of
its own session, often months from the others. Ranked as any question is, the second and third
places went to the neighbours of the first (its session's other turns, close in meaning and in
words), and the parts of other sessions were left to the one-line "Also close" list or dropped:
on an outside chat probe, replies to such questions showed every part for 43% of them, against
85-95% for a question one memory answers.

So, for such a question (``asks_for_list``), a memory of a session (the day a memory is of)
already represented in the reply waits until each other session had its place; when the
question names a kind ("sports", "idiomas": ``everyday_kinds``), the memories holding one of
its things come first, one per session (their rank lacks the evidence: the sentence model does
not place "sports" near "bouldering"). A question naming no kind keeps its ranking otherwise
("Which Madrid neighbourhoods have I lived in?": memories saying "Madrid" and "lived" must not
pass the one telling the move). And the reply serves up to ``SEVERAL_SHOWN`` memories, as many
as there are sessions holding a part, when the caller gave no ``limit`` (a limit given stands).
Pure functions over ids.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping, Sequence

from actors.lazy_re import lazy_regex
from actors.navigation.query import asks_for_several
from actors.text import fold

_PLURAL_ASKED = lazy_regex(
    r"(?:^|[¿¡\s])(?:which|what|que|cuales)\s+(?P<first>[a-z]+)(?:\s+(?P<second>[a-z]+))?")
"""A question asking which things of a kind, in the plural ("Which sports...?", "What
languages is...?", "Which family members...?", "¿Qué idiomas...?", "¿Qué mascotas...?"):
several answers are expected."""
_NOT_PLURAL = frozenset(
    """was does has this its his hers yours ours theirs always perhaps news series species
    physics mathematics means lens bus gas plus whereas yes unless less
    happens makes causes seems goes comes says matters remains needs uses works runs stands
    looks sounds takes gets lets leads helps counts depends keeps happened
    sabes tienes haces quieres piensas crees opinas recuerdas dices puedes necesitas
    prefieres sueles vas estas eres has hay pasa paso es""".split())
"""Words ending like a plural that are none, or ask for one thing ("what news..."), and the
verbs a question puts right after its question word ("What happens if...?", "¿Qué sabes de
Luis?", "¿Qué tienes pensado?")."""


def asks_for_list(text: str) -> bool:
    """The question asks for a list, a count or a total told by several memories
    (``query.asks_for_several``: "How many...", "List...", "¿Cuántos...?"), or which things of
    a kind, in the plural ("Which sports has the user done?", "¿Qué idiomas habla?")."""
    if asks_for_several(text):
        return True
    folded, names = fold(text).lower(), _names_in(text)
    return any(_plural(word) and word not in names for found in _PLURAL_ASKED.finditer(folded)
               for word in found.group("first", "second")[:1 if _plural(found["first"]) else 2]
               if word)


_TIME_COUNTED = lazy_regex(
    r"\bhow\s+many\s+(?:seconds|minutes|hours|days|nights|weeks|months|years)\b|"
    r"\bcuant[oa]s\s+(?:segundos|minutos|horas|dias|noches|semanas|meses|anos)\b")


def counts_time(text: str) -> bool:
    """The question counts a length of time in its units ("How many weeks passed between
    buying my bike and the race?", "¿Cuántos días duró el viaje?"): no list of things, so no
    memory holding the unit ("Ten weeks is enough to prepare...") is a part of its answer."""
    return _TIME_COUNTED.search(fold(text)) is not None


_COUNTED = lazy_regex(
    r"\b(?:how\s+many|cuant[oa]s|all\s+(?:of\s+)?(?:the|my|our|his|her|their)|every|"
    r"tod[oa]s\s+(?:l[oa]s|mis|sus|nuestr[oa]s))\s+(?P<first>[a-z]+)(?:\s+(?P<second>[a-z]+))?")
"""The things a count or "all the..." names: "How many cars...", "all my old cars"."""


def listed(text: str) -> set[str]:
    """The plural words naming what a list question lists ("Which cars have I owned?" ->
    cars, "¿Cuántos idiomas hablo?" -> idiomas), not a word that narrows it ("Which shoes did
    I buy for the race?": shoes, not race)."""
    folded, names = fold(text).lower(), _names_in(text)
    return {word for found in (*_PLURAL_ASKED.finditer(folded), *_COUNTED.finditer(folded))
            for word in found.group("first", "second")[:1 if _plural(found["first"]) else 2]
            if _plural(word) and word not in names}


_NAME = lazy_regex(r"(?<![.?!¿¡\s])(\s+)([^\W\d_][\w-]*)")
"""A word after a space that no sentence's end or question mark comes right before: a capital
there writes a name."""


def _names_in(text: str) -> frozenset[str]:
    """The words ``text`` writes with a capital inside a sentence, folded: a name is no plural
    asked, whatever it ends with ("What was Inés's time in the Moncayo race?", "What does
    James do?": one person's one thing, not a list of "ines" or "james")."""
    return frozenset(fold(found[2]).lower() for found in _NAME.finditer(text)
                     if found[2][0].isupper())


def _plural(word: str | None) -> bool:
    return word is not None and len(word) > 3 and word.endswith("s") \
        and not word.endswith(("ss", "us", "is")) and word not in _NOT_PLURAL


SEVERAL_SHOWN = 6
"""Memories a list or count question is served at most when the caller gave no limit: the
default three and up to three more parts of other sessions (within the reply's budget the
renderer shares among them: about 1,400 characters each)."""
PARTS_DEPTH = 30
"""Ranked memories looked through for the parts of a list (the vector pool's size)."""


PART_SHARE = 0.5
"""Share of the question's words a memory holds to be a part of its answer, when it holds no
thing of a kind the question names ("a gravel bike" for "How many bikes do I own?": 1 of 2)."""


def held(terms: Collection[str], indexed: Collection[str],
         things_of: Callable[[str], Collection[str]], matched: Collection[str]) -> set[str]:
    """What of the question a memory names: its own ``matched`` terms (by any reading), each
    term that its ``indexed`` terms hold or hold a thing of (the kind "car" by "skoda": the
    reading that scored a memory best, a translation, may not be the kind's), and those
    things ("skoda", "octavia")."""
    own = set(indexed)
    things = {term: own.intersection(things_of(term)) for term in terms}
    return set(matched) | {term for term in terms if term in own or things[term]} \
        | set().union(*things.values())


def parts_of(terms: Collection[str], held: Mapping[str, Collection[str]],
             is_kind: Callable[[str], bool]) -> tuple[dict[str, int], bool]:
    """The memories of ``held`` (memory -> what of the question it names, ``held``) that are
    parts of the answer, each with how much of it they name, and whether they hold a kind the
    question names (``kinds.things_of``: then only its holders are parts); when it names none,
    those holding ``PART_SHARE`` of its terms."""
    kinds = {term for term in terms if is_kind(term)}
    if kinds:
        return {leaf: len(words) for leaf, words in held.items() if kinds & set(words)}, True
    return {leaf: len(words) for leaf, words in held.items()
            if words and len(set(words) & set(terms)) >= PART_SHARE * len(terms)}, False


def naming_things(terms: Collection[str], held: Mapping[str, Collection[str]],
                  things_of: Callable[[str], Collection[str]]) -> set[str]:
    """The memories of ``held`` naming a thing of a kind listed (``terms``: the stems of
    ``listed``), "Honda", "bouldering", not only the kind's own word ("a day without a car in
    Galway", "the sports news with my dad"): the parts a list of the kind is made of."""
    things = set().union(*(things_of(term) for term in terms))
    return {leaf for leaf, words in held.items() if things.intersection(words)}


def spread(ranked: Sequence[tuple[str, float]], parts: Mapping[str, int],
           session_of: Callable[[str], Hashable], *, promote: bool,
           ahead: Collection[str] = frozenset(), taken: Collection[Hashable] = ()
           ) -> tuple[list[tuple[str, float]], int]:
    """``ranked`` with, within its first ``PARTS_DEPTH``, a memory of a session already
    represented (or ``taken``: served before these) moved after the others (a session's other
    turns no longer fill the places the other sessions' parts need); with ``promote`` (the
    parts hold a kind the question names, evidence its ranking lacks: the sentence model does
    not place "sports" near "bouldering"), one part per session first, the one naming most of
    the question, in the order of each session's first-ranked part, the sessions whose part
    is ``ahead`` (names a thing of the kind, not only its word) before the others. Also: how
    many sessions hold a part."""
    head = list(ranked[:PARTS_DEPTH])
    by_session: dict[Hashable, list[tuple[str, float]]] = {}
    for item in head:
        if item[0] in parts and session_of(item[0]) not in taken:
            by_session.setdefault(session_of(item[0]), []).append(item)
    first = sorted((max(items, key=lambda item: (item[0] in ahead, parts[item[0]]))
                    for items in by_session.values()), key=lambda item: item[0] not in ahead) \
        if promote else []
    seen = {session_of(leaf) for leaf, _ in first} | set(taken)
    chosen = {leaf for leaf, _ in first}
    later: list[tuple[str, float]] = []
    for item in head:
        if item[0] in chosen:
            continue
        session = session_of(item[0])
        (later if session in seen else first).append(item)
        seen.add(session)
    return first + later + list(ranked[PARTS_DEPTH:]), len(by_session)


def places(limit: int, limit_given: bool, parts_in_sessions: int) -> int:
    """How many memories to serve: the caller's ``limit`` when given; else up to
    ``SEVERAL_SHOWN``, one per session holding a part, never fewer than ``limit``."""
    if limit_given:
        return limit
    return max(limit, min(SEVERAL_SHOWN, parts_in_sessions))
