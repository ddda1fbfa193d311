"""A person's doing or thing that every memory holding it tells of someone else close to them.

"Which marathon did Ana run?" when the only marathon is her sister's ("Ana's sister ran the
Valencia marathon last year") and the user's own ("Me estoy preparando para el medio maratón");
"¿Qué idiomas habla el novio de Iris?" when Iris (the user) told of her own German classes and
never of a boyfriend's languages. The question's rare word is held, and the memory holding it
names the person asked too (as the owner of a relative, or as the user themselves), so no rule
of things never mentioned fires and the judgement by meaning finds it close: served, it answers
about the wrong person. The one asked is a chain: a named person ("Ana"), or a relative of
someone ("Ana's sister", "la hermana de Ana", "my girlfriend", "el novio de Iris"). Every line
holding the rare word (in any form, ``ToldByOthers.lines_holding``) tells of someone else when
it names neither the one asked nor, for a relative, any word or name of the relation, and
speaks of nobody else the one asked could be ("she", "we", "Ana y yo"): "Ana's sister" is not
Ana, the user's "I" is not their boyfriend. A chat speaker's own lines are ``told_by_others``'s.
Pure reading of the memories holding the word; the navigation actor decides. It never ranks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from actors.facts.speakers import opening_speaker, past_label
from actors.lazy_re import lazy_regex
from actors.navigation.asked_person import names_asked, names_the_user
from actors.navigation.query import RELATION_WORDS, asked, kin, owned_by_names, possessed
from actors.navigation.question_verb import question_verbs
from actors.navigation.readings import Match
from actors.navigation.relation_names import forms_of
from actors.navigation.stem import stem
from actors.navigation.told_by_others import ToldByOthers, distinctive, specific
from actors.navigation.unmentioned import place_stems
from actors.text import fold
from actors.text import terms as text_terms

ALIKE_HOLDERS = 8
"""A word of a relative's line held by more memories than this is no detail of one event
("year", "last"): its holders are not read for the one asked's own telling."""

_OTHER_PERSON = lazy_regex(
    r"\b(?:she|he(?!\s+[a-z]+(?:ado|ido|to|cho)\b)|her|him|his|they|them|their|we|us|our|"
    r"ours|ella|ellos|ellas|le|les|nosotros|nosotras|nuestro|nuestra|nuestros|nuestras|su|"
    r"sus)\b")
"""A line that may tell of the one asked without naming them: a third person ("She ran it in
3:50", "ella corre"), or the user with someone ("we ran", "nosotros"), read folded; "he"
before a participle is the Spanish "I have" ("he corrido"), the user alone."""
_WE_VERB = lazy_regex(r"\b[^\W\d_]+(?:amos|emos|imos)\b")
"""A Spanish verb of "we" ("fuimos", "hemos corrido", "corrimos"), as written."""


def _we_did(said: str) -> bool:
    """Whether ``said`` holds a Spanish verb of "we" (``_WE_VERB``): one capitalised inside
    a sentence is a name ("Carlos Ramos ran it"), not "Fuimos a correr"."""
    for found in _WE_VERB.finditer(said):
        before = said[:found.start()].rstrip()
        if not found.group()[0].isupper() or not before or before[-1] in ".!?¡¿:;\"'(":
            return True
    return False


def one_asked(topic: str, user_names: Sequence[str]) -> tuple[str, str | None] | None:
    """(whose, the relation) the question asks of: ("Ana", None) for "Which marathon did Ana
    run?", ("Ana", "sister") for "Ana's sister", ("", "novia") for the user's ("my girlfriend",
    "la novia del usuario", "el novio de Iris" when Iris is the user); None for a question of
    the user alone, of two people, or of nobody named."""
    mine = {fold(name).lower() for given in user_names for name in given.split()}
    chains: set[tuple[str, str | None]] = set()
    for word in possessed(topic):
        if fold(word).lower() in RELATION_WORDS:
            chains.add(("", fold(word).lower()))
    owners = set()
    for name, words in owned_by_names(topic).items():
        owners.add(fold(name).lower())
        for word in words:
            if fold(word).lower() in RELATION_WORDS:
                chains.add(("" if fold(name).lower() in mine else name, fold(word).lower()))
    if not chains and not names_the_user(topic):  # "the user's ... at Boulder Lab"
        things = {fold(word).lower() for word in asked(topic)}  # "Which Ironman...?"
        chains = {(name, None) for name in names_asked(topic)
                  if fold(name).lower() not in mine | owners | things}
    return next(iter(chains)) if len(chains) == 1 else None


def _names(line: str) -> set[str]:
    """The capitalised names of ``line`` past its first word, folded."""
    return {fold(name).lower() for name in names_asked(line)}


def _named(folded: str, name: str) -> tuple[bool, bool]:
    """(named plainly, named as a relative's owner) for ``name`` in a folded line: "Ana and
    I" is plain, "Ana's sister" and "la hermana de Ana" are owned."""
    key = re.escape(fold(name).lower())
    relations = "|".join(sorted(RELATION_WORDS))
    owned = rf"{key}['’]s\s+(?:\w+\s+)?(?:{relations})\b|" \
        rf"\b(?:{relations})\s+(?:\w+\s+)?(?:de|del)\s+{key}(?!\w)"
    plain = re.sub(owned, " ", folded)
    return re.search(rf"(?<!\w){key}(?!\w)", plain) is not None, plain != folded


def names_relative(line: str, relation: str, relatives: Sequence[str]) -> bool:
    """Whether ``line`` holds a word of ``relation`` ("novia", "girlfriend", "partner") or one
    of its names in this store (``relatives``: "Alba")."""
    words = set(re.findall(r"\w+", fold(line).lower()))
    return bool(words & (forms_of(relation) | kin(relation))
                or words & {fold(name).lower() for name in relatives})


def tells_of(line: str, whose: str, relation: str | None, relatives: Sequence[str]) -> bool:
    """Whether ``line`` may tell of the one asked (``one_asked``): said by them, names them
    (a name asked not as a relative's owner: "Ana and I", not "Ana's sister"), holds a word
    of the relation or one of its names (``names_relative``), names another person beside
    the relative's owner ("Ana and Pablo went": Pablo may be her brother), or speaks of a
    third person or of "we" (``_OTHER_PERSON``)."""
    said = past_label(line)
    folded = fold(said).lower()
    speaker = opening_speaker(line)
    if speaker is not None and speaker.subject is not None \
            and fold(speaker.subject).lower() in {fold(name).lower()
                                                  for name in (whose, *relatives)}:
        return True  # their own line: "Owen: I took the Miners' Track"
    if _OTHER_PERSON.search(folded) or _we_did(said):
        return True
    if relation is None:
        return _named(folded, whose)[0]
    if names_relative(said, relation, relatives):
        return True
    return bool(_names(said) - {fold(whose).lower()}) if whose else False


class WhoseTold:
    """Built by the navigation actor beside ``ToldByOthers`` (whose line reading it uses)."""

    def __init__(self, told_by_others: ToldByOthers) -> None:
        self.told_by_others = told_by_others

    def told_of_others(self, topic: str, user_names: Sequence[str],
                       names_of: Callable[[str], Sequence[str]],
                       best: Mapping[str, Match], served: Sequence[str]
                       ) -> tuple[tuple[str, str], ...]:
        """(the one asked as written, a word) for each rare word of the question every line
        holding it tells of someone else (``tells_of``), when every rare word held is so;
        empty otherwise. What shows it is someone else's: for a named person, a line naming
        them as a relative's owner ("Ana's sister ran the Valencia marathon"); for a
        relative, no memory of the first ranked (``served``, their texts) naming them at all,
        since one may tell the thing in other words ("me lo regaló Inés" for "What book did
        the user's sister give her?", when "book" is held only by the user's "leer 20
        libros"). ``names_of`` gives a relation's names in this store ("novia" -> "Alba");
        a word no memory holds is other rules' to judge."""
        chain = one_asked(topic, user_names)
        if chain is None:
            return ()
        whose, relation = chain
        relatives = tuple(names_of(relation)) if relation and not whose else ()
        person = {fold(whose).lower(), *(() if relation is None else forms_of(relation))}
        verbs = question_verbs(topic)  # "aprobó", "habla": the doing, not the thing
        words = [word for word in distinctive(topic, {fold(n).lower() for n in user_names})
                 if fold(word).lower() not in person | RELATION_WORDS | verbs
                 and (specific(word) or word in asked(topic))]
        if relation is not None and any(
                names_relative(text, relation, relatives) for text in served):
            return ()
        out = []
        owned = relation is not None
        for word in words:
            lines = self.told_by_others.lines_holding(word, best)
            if lines is None:
                return ()  # too many holders to read, or held where no line is read
            if not lines:
                continue
            if any(tells_of(line, whose, relation, relatives) for line in lines):
                return ()
            near = [line for line in lines if _named(fold(past_label(line)).lower(), whose)[1]]
            owned = owned or bool(near)
            if self._told_alike(near, topic, whose):
                return ()
            out.append(word)
        if not owned:
            return ()  # nothing shows whose it is: "Ana" may be told without her name
        said = (f"{whose}'s {relation}" if whose else f"the user's {relation}") \
            if relation else whose
        return tuple((said, word) for word in out)

    def _told_alike(self, near: Sequence[str], topic: str, whose: str) -> bool:
        """Whether a memory naming ``whose`` plainly holds a rare word of a line telling of
        their relative (``near``) that the question does not say: "Marta finished Lanzarote
        in 11h20" beside "Marta's brother finished the Ironman in Lanzarote" may be the
        answer told without "Ironman"; "Ana started a running club" shares nothing of "Ana's
        sister ran the Valencia marathon" but the question's own "run"."""
        index = self.told_by_others.model.index
        places = place_stems()
        own = {stem(fold(whose).lower())}
        asked_terms = {stem(term) for term in text_terms(topic)} - own
        skipped = asked_terms | own | RELATION_WORDS
        for line in near:
            for term in {stem(term) for term in text_terms(past_label(line))} - skipped:
                if any(map(str.isdigit, term)) or not 0 < index.doc_freq(term) <= ALIKE_HOLDERS:
                    continue  # a date's or a number's piece ("05" of the day) ties nothing
                for leaf in sorted(index.holders(term)):
                    text = fold(past_label(self.told_by_others.model.text_of(leaf))).lower()
                    # a place is shared by unrelated days ("Ana y yo nos vamos a vivir a
                    # Valencia"): it ties the two only beside a word of the question
                    if _named(text, whose)[0] and (term not in places or bool(
                            index.terms_of(leaf) & asked_terms)):
                        return True
        return False
