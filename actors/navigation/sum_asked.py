"""Whose sum a question asks and what for, and whether a memory tells a sum of theirs for it.

"¿Cuánto paga Teo de alquiler?" served the user's "The rent is 1,050 a month" beside Teo's
visit; "How much does Lola charge to feed the cat?" the price of the cat's food; "How much
did Lucía pay for her Nissan Leaf?" Owen's "Looking at used Nissan Leafs, there are loads
around 8 grand"; "How much does the user pay for parking?" the rent. The navigation actor's
sum gate (``answer_type.value_asked``) took any sum shown as the answer, whoever paid it and
for whatever. Two parts of the question say which sum:

- *who pays* (charges, earns), named ("does Teo pay", "¿Cuánto cobra Lola?"): a sum is
  theirs only in a turn that names them or is said by them (a sum the user tells the turn
  after one naming them is the user's: "Iker started at the bakery" / "I earn 1,900 a
  month"). The user, and someone asked together with another ("Nora y Marcos"), are not
  read: the user's "we" tells a sum of both;
- *what for* ("pay for parking", "pagó por el coche"): a sum is for it only when its turn,
  or the turns around it, hold the thing in a form of either language ("coche", "car"), or
  its sentence names a thing (a make, a name that no place is: "Sold the old Toyota Yaris
  for £3,900"). The turns around count only for a sum whose own sentence names nothing
  else bought: "una bicicleta ... por 1.250 euros" beside a talk of Rohan's car is the
  bike's, and "Correction on the Skoda: it was £6,400" beside his kayak is the Skoda's;
- *whose thing* ("How much did Rohan's kayak cost?", "¿Cuánto costó el sofá de Inés?"): the
  owner named is read as who pays, the thing as what for.

English and Spanish; pure functions. It never judges a question naming neither: that one is
the sum gate's alone (any sum shown answers it).
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass

from actors.facts.makes import kind_of, makes_of
from actors.facts.speakers import past_label
from actors.lazy_re import lazy_regex
from actors.navigation.answer_type import holds_value, things_by_name
from actors.navigation.bilingual import reads_spanish, translatable
from actors.navigation.query import (
    NOT_PLACES,
    QUALIFIERS,
    RELATION_WORDS,
    owned_by_names,
    paid_for_names,
)
from actors.navigation.relation_names import any_name_of
from actors.navigation.stem import stem
from actors.text import fold, sentences
from actors.text import terms as text_terms

_NAME = r"([A-ZÁÉÍÓÚÑ][\wáéíóúñü'’-]*)"
_PAYER = (
    lazy_regex(r"(?i:\bhow\s+much\b(?:\s+[\w'’-]+){0,3}?\s+(?:does|did|do|will|would|should|"
               r"can|could|is|was)\s+)" + _NAME + r"(?i:\s+(?:pay|charge|earn|spend|make|"
               r"get|receive|save|owe|ask|want|paying|charging|earning|spending|making|"
               r"asking)\b)"),
    lazy_regex(r"(?i:\bcu[aá]nto\s+(?:dinero\s+)?(?:(?:le|les|se|me|te|nos)\s+)?"
               r"(?:paga|pag[oó]|pagar[aá]|pagaba|pagaria|cobra|cobr[oó]|cobrar[aá]|cobraba|"
               r"cobraria|gana|gan[oó]|ganar[aá]|ganaba|gasta|gast[oó]|gastar[aá]|gastaba|"
               r"ahorra|ahorr[oó]|pide|pidi[oó])\s+)" + _NAME),
)
"""A question naming who pays, charges or earns the sum it asks: "How much does Teo pay
...?", "How much rent did Owen pay?", "¿Cuánto le cobra Lola...?", "¿Cuánto gana Inés?"."""

_NOT_PAYERS = frozenset("""i you we they he she it the user usuario usuaria yo tu el ella
    nosotros ellos ellas""".split())
"""Capitalised words where a payer's name stands that name nobody or the user."""


@dataclass(frozen=True)
class SumAsked:
    """Who a question asks a sum of, and what it was paid for, as a memory would say them."""

    question: str
    """The question asked (what a sum is, as ``answer_type`` reads it)."""
    payer: str = ""
    """The name of whoever pays, charges or earns it ("Teo"), or ""."""
    thing: str = ""
    """The word of what it was paid for ("parking"), folded, or ""."""
    forms: frozenset[str] = frozenset()
    """The index terms of ``thing`` in either language, its kin's too ("coche": car, auto): a
    turn holding one tells of the thing; else a name in the sentence of the sum or the one
    before it does ("Sold the old Toyota Yaris for £3,900", "Dani's cousin's Berlingo. 2016,
    white, £4,800"; not "Year 8" beside a sum three sentences away), unless the name is a
    make of another kind than the thing's (``kinds``: "Nissan Leafs ... 8 grand" is no
    plot's rent)."""
    kinds: frozenset[str] = frozenset()
    """The kinds of ``facts.makes`` the thing is ("car" for "coche"), if any."""
    owned: bool = False
    """The thing was read as the payer's, not as paid for ("Rohan's kayak"): asked in other
    words than any memory's ("Marta's room" for "compartiendo piso ... Pago 650 euros"), a
    thing no memory holds is no thing to judge by (``without_unheld_thing``)."""
    relation: str = ""
    """The word of the relative whose thing it is, as asked, folded ("abuela"), or ""."""
    relative: frozenset[str] = frozenset()
    """The index terms of the relative whose thing it is ("el coche de la abuela", "my
    sister's wedding": abuela, grandma, grandmother...), either language: a sum is theirs
    only in a memory, or a turn shown around it, naming them."""
    untranslated: bool = False
    """The thing is a common word the EN/ES lexicon lacks ("cabaña", "helmet"): a memory in
    the other language may name it in words no form here holds, so one holding a sum counts."""

    @property
    def said(self) -> str:
        """How the reply names the sum no memory tells ("of Teo", "for parking")."""
        return " ".join(part for part in (f"of {self.payer}" if self.payer else "",
                                          f"of the {self.relation}" if self.relation else "",
                                          f"for {self.thing}" if self.thing else "") if part)

    def told_by(self, text: str, around: Sequence[str] = ()) -> bool:
        """Whether ``text`` (a memory holding a sum) tells it of the payer (naming them or
        said by them) and for the thing asked. ``around``: the turns shown with it, which
        may name the thing the sum answers for ("I bought a bike" / "How much was it?" /
        "Nine hundred euros")."""
        if self.payer and not _names(self.payer, text):
            return False
        if self.relative and not any(
                stem(term) in self.relative for told in (text, *around)
                for term in text_terms(past_label(told.lstrip()))):
            return False  # the user's own car's price is no price of the grandmother's car
        said = past_label(text.lstrip())
        # "cabaña" asked, "We rented a cabin": no reading holds the other's, so no word of
        # what it says was bought tells another thing either
        across = self.untranslated and reads_spanish(said) != reads_spanish(self.question)
        another = bool(self.thing) and self._for_another(said, bought=not across)
        if not self.thing or any(self._holds_thing(told)
                                 for told in (text, *(() if another else around))):
            return True
        if another:
            return False
        if across:
            return True
        parts = sentences(said)
        return any(  # "Correction on the Kia: the dealer charged 9,200": a sum with no unit
            holds_value(self.question, sentence) and any(
                _make_kind(name) in (None, *self.kinds)
                for name in things_by_name(" ".join(parts[max(0, at - 1):at + 1])))
            for at, sentence in enumerate(parts))

    def without_unheld_thing(self, held: Callable[[str], bool]) -> SumAsked | None:
        """This sum, its owned thing dropped when ``held`` (an index term -> whether a memory
        holds it) holds none of its forms; None when nothing is then left to judge by."""
        if not self.owned or any(map(held, self.forms)):
            return self
        return dataclasses.replace(self, thing="", forms=frozenset(), kinds=frozenset(),
                                   owned=False) if self.payer or self.relative else None

    def _holds_thing(self, text: str) -> bool:
        """Whether ``text`` (a turn, its label left out) holds the thing in a form of
        ``forms``."""
        return any(_same_word(stem(term), form)
                   for term in text_terms(past_label(text.lstrip())) for form in self.forms)

    def _for_another(self, said: str, *, bought: bool = True) -> bool:
        """Whether a sentence of ``said`` holding a sum names something else it was paid for:
        a make of another kind than the thing's in it or the sentence before ("Correction on
        the Skoda: ... it was £6,400" for a kayak), or a thing bought for it that is no form
        of the thing nor a make of its kind (``_bought``: "una bicicleta eléctrica ... por
        1.250 euros" for a car, "se ha comprado un piso, le costó 210.000 euros" for a
        passport; not "bought a Pixel 8 for 550" for a phone), when ``bought``."""
        parts = sentences(said)
        for at, sentence in enumerate(parts):
            if not holds_value(self.question, sentence):  # "charged 9,200": no unit
                continue
            near = " ".join(parts[max(0, at - 1):at + 1])
            if any(_make_kind(name) not in (None, *self.kinds)
                   for name in things_by_name(near)) \
                    or bought and any(not any(
                        self._holds_thing(word) or _make_kind(fold(word).lower()) in self.kinds
                        for word in words) for words in _bought(sentence)):
                return True
        return False


_BOUGHT_FOR = lazy_regex(
    r"\b(?:a|an|the|my|our|un|una|unos|unas|el|la|los|las|mi|mis|nuestr[oa]s?)\s+"
    r"([^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,4}?)\s*,?\s+(?:(?:for|por)\s+)?"
    r"(?:about\s+|around\s+|unos\s+|unas\s+)?[£$€]?\s?\d", re.IGNORECASE)
"""A thing named right before the sum it cost: "a drysuit, £380", "una bicicleta eléctrica de
segunda mano por 1.250 euros", "the tickets for 90 euros"."""
_BOUGHT = lazy_regex(
    r"\b(?:bought|buys?|buying|purchased?|compr[aeéoó]\w*)\s+(?:(?:myself|me|se|nos|le)\s+)?"
    r"(?:a|an|the|some|my|un|una|unos|unas|el|la|los|las|mi|mis)\s+"
    r"([^\W\d_][\w-]*(?:\s+[^\W\d_][\w-]*){0,3})", re.IGNORECASE)
"""A thing the sentence says was bought: "bought a road bike", "se ha comprado un piso en
Valencia"."""
_PAST_THING = frozenset("""for in at from with to on and that which en de del para por con y
    que""".split())
"""Words that end the name of a thing bought ("un piso en Valencia", "a tent for the trip")."""
STATING = frozenset("""is are was were be been cost costs paid pays pay charged charges charge
    came comes asked asks es son era eran fue fueron cuesta cuestan costo costaron pago
    cobro cobraron""".split())
"""Verbs a sentence states a sum with ("the dealer charged 9,200", "the rent was 1,150"):
the words before them name who or what it is of, not a thing bought beside it."""
_ENDS_THING = _PAST_THING | STATING | frozenset("do does did will would should can could".split())
"""Words past the name of a thing asked ("Mochi's special food cost", "Inés's sofa in
Bilbao")."""


def _bought(sentence: str) -> tuple[tuple[str, ...], ...]:
    """The words naming each thing ``sentence`` says was bought or a sum paid for
    (``_BOUGHT_FOR``, ``_BOUGHT``), up to a word ending the name ("una bicicleta eléctrica de
    segunda mano" -> "bicicleta", "eléctrica"), qualifiers left out ("un nuevo portátil")."""
    found = []
    for pattern in (_BOUGHT_FOR, _BOUGHT):
        for match in pattern.finditer(sentence):
            if pattern is _BOUGHT_FOR and STATING.intersection(
                    fold(word).lower() for word in match.group(1).split()):
                continue  # "the dealer charged 9,200": a sum stated, no thing named with it
            run = itertools.takewhile(lambda word: fold(word).lower() not in _PAST_THING,
                                      match.group(1).split())
            words = tuple(word for word in run if fold(word).lower() not in QUALIFIERS)
            if words:
                found.append(words)
    return tuple(found)


def sum_asked(question: str, user_names: Collection[str] = (),
              speakers: Collection[str] = ()) -> SumAsked | None:
    """Who ``question`` asks a sum of and what for, or None when it names neither (or names
    only the user, ``user_names``, or someone together with another: "Nora y Marcos"). A
    thing asked as someone's ("Rohan's kayak", "el sofá de Inés") is for it, and theirs when
    they are one of the chat's ``speakers`` (folded): a speaker's sum is told in their own
    turns, a pet's or a child's by whoever pays it ("How much does Mochi's food cost?")."""
    users = {fold(name) for name in user_names}
    payer = payer_named(question, users)
    name = next(iter(paid_for_names(question)), ())
    thing = name[-1] if name else ""
    owned = not payer and not thing
    relative = ""
    if owned:
        owner, thing = _owner_and_thing(question, users)
        payer = owner if fold(owner) in speakers else ""
        if not thing:
            relative, thing = _relative_and_thing(question)
    if not payer and not thing:
        return None
    # "the climbing gym": a turn naming either word tells of it ("rocódromo", "climbing")
    words = {form for word in (*name[:-1], thing) if word for form in any_name_of(word)}
    forms = frozenset(stem(term) for word in words for term in text_terms(word))
    kinds = frozenset(kind for word in words for kind in (word, kind_of(word)) if kind
                      and makes_of(kind))
    # a name passes unchanged between the languages ("her Nissan Leaf"); a common word may not
    # (read of the compound's first word, as it was before the last named the thing: "the
    # swimming goggles" are no "cabaña" a Spanish memory may name in words of its own, the
    # lexicon knowing "swimming")
    said = name[0] if name else thing
    untranslated = bool(said) and not translatable(said) and not any(
        word[0].isupper() and fold(word) == said for word in re.findall(r"[^\W\d_]+", question))
    relatives = any_name_of(relative) if relative else set()
    return SumAsked(question=question, payer=payer, thing=thing, forms=forms, kinds=kinds,
                    owned=owned and bool(thing), untranslated=untranslated, relation=relative,
                    relative=frozenset(stem(term) for word in relatives
                                       for term in text_terms(word)))


_RELATIVES_THING = (
    lazy_regex(r"(?i:\b(?:my|our|the\s+user['’]s|her|his|their)\s+([^\W\d_]+)['’]s?\s+"
               r"((?:[^\W\d_]+\s+){0,3}))"),
    lazy_regex(r"(?i:\b(?:el|la|los|las)\s+([^\W\d_]+)(?:\s+[^\W\d_]+)?\s+de\s+"
               r"(?:la|el|los|las|mi|mis|su|sus|tu|tus|nuestr[oa]s?)\s+([^\W\d_]+))"),
)
"""A relative's thing asked: "my grandma's car cost", "the user's sister's wedding"; "el coche
de la abuela", "el piso nuevo de mi hermana"."""


def _relative_and_thing(question: str) -> tuple[str, str]:
    """The relative (``query.RELATION_WORDS``) whose thing ``question`` asks a sum of, and
    the thing's word, folded: the last word of its name in English, the first in Spanish;
    ("", "") when none is asked so."""
    english = _RELATIVES_THING[0].search(question)
    if english is not None and fold(english.group(1)).lower() in RELATION_WORDS:
        run = itertools.takewhile(lambda word: fold(word).lower() not in _ENDS_THING,
                                  english.group(2).split())
        words = [fold(word).lower() for word in run
                 if fold(word).lower() not in QUALIFIERS]
        if words:
            return fold(english.group(1)).lower(), words[-1]
    spanish = _RELATIVES_THING[1].search(question)
    if spanish is not None and fold(spanish.group(2)).lower() in RELATION_WORDS \
            and fold(spanish.group(1)).lower() not in QUALIFIERS:
        return fold(spanish.group(2)).lower(), fold(spanish.group(1)).lower()
    return "", ""


def payer_named(question: str, users: Collection[str] = ()) -> str:
    """The name ``_PAYER`` reads in ``question``, or "" (a pronoun, the user, two people;
    ``users``: the user's names, folded)."""
    for pattern in _PAYER:
        found = pattern.search(question)
        if found is None:
            continue
        name = found.group(1)
        if fold(name) in _NOT_PAYERS or fold(name) in users \
                or re.match(r"\s+(?:and|y|e|&)\s", question[found.end():], re.IGNORECASE):
            return ""
        return name
    return ""


def _owner_and_thing(question: str, users: Collection[str]) -> tuple[str, str]:
    """The one name ``question`` says owns a thing, and the thing's word, folded past its
    qualifiers: the last word of its name in English ("How much did Mochi's special food
    cost?" -> "Mochi", "food"), the first in Spanish ("el sofá de Inés" -> "sofa"); ("", "")
    when no one, the user or more than one is named so. A time's name or one written
    otherwise in the other language owns nothing ("los vuelos de Navidad" are the Christmas
    flights)."""
    owned = {name: words for name, words in owned_by_names(question).items()
             if fold(name) not in {*_NOT_PAYERS, *users, *NOT_PLACES} and not translatable(name)}
    if len(owned) != 1:
        return "", ""
    name, words = next(iter(owned.items()))
    english = re.search(rf"{re.escape(name)}['’]s\s+([^\W\d_][\w\s-]*)", question)
    if english is not None:
        run = itertools.takewhile(lambda word: fold(word).lower() not in _ENDS_THING,
                                  english.group(1).split()[:4])
        words = tuple(word for word in run if fold(word).lower() not in QUALIFIERS)[-1:]
    thing = next((fold(word).lower() for word in words
                  if fold(word).lower() not in QUALIFIERS), "")
    return (name, thing) if thing else ("", "")


def _names(payer: str, text: str) -> bool:
    """Whether ``text`` (a memory, its label included) names ``payer`` or is said by them."""
    return re.search(rf"(?<!\w){re.escape(fold(payer))}(?!\w)", fold(text)) is not None


def _make_kind(name: str) -> str | None:
    """The kind of ``facts.makes`` a name (folded) is a make of, said in the plural too
    ("Nissan Leafs")."""
    return kind_of(name) or (kind_of(name[:-1]) if name.endswith("s") else None)


_SHORTEST_STEM = 4
"""Fewest letters a word shortened from another keeps ("bici" of "bicicleta"; "car" is no
shortened "card")."""


def _same_word(term: str, form: str) -> bool:
    """Whether ``term`` (a memory's, stemmed) is ``form`` or one shortened from the other
    ("bici" / "bicicleta", "plots" / "plot")."""
    short, long = sorted((term, form), key=len)
    return term == form or len(short) >= _SHORTEST_STEM and long.startswith(short)
