"""Derived forms of a search term: "allergy" / "allergic", "adopt" / "adoption", "photography"
/ "photographer", "graduat(ed)" / "graduation".

The stemmer only strips inflections (``stem`` says why: a full stemmer makes identifiers fuzzy
and conflates unrelated words). A question and its memory often hold different forms of one
word, though: "what food allergy does the user have?" / "I'm allergic to shellfish". Two terms
are forms of one word here when they share a start of at least ``MIN_STEM`` characters and each
goes on from it with one of ``SUFFIXES`` (English and Spanish derivational endings, after the
stemmer's analysis). "cancel" / "cancer" or "general" / "generate" are not: "l", "r", "te" are
no such endings. The navigation actor searches these forms as one more reading of the question,
worth less than its own words. Pure functions, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

from actors.navigation.stem import stem
from actors.text import unique

MIN_STEM = 5
"""Shortest shared start: "dance" / "dancer" (stemmed "danc") and "art" / "artist" stay
apart, as do all the short words whose endings make other words ("plan" / "planet")."""
SUFFIXES = frozenset({
    "", "e", "y", "ic", "ical", "ics", "ion", "ation", "er", "or", "ist", "ism", "ian",
    "al", "ment", "ity", "ive", "ous",
    # Spanish (folded): alergia / alérgico, adoptar / adopción, fotografía / fotógrafo
    "a", "o", "ia", "ico", "ica", "cion", "acion", "ista", "dor", "dora", "ar", "ir",
    # Spanish verb forms, as the stemmer leaves them (a final -s and -e gone): apunté /
    # apuntado / apuntarme, compró / comprar / compramos, cambiaste / cambiado
    "ado", "ada", "ido", "ida", "ando", "iendo", "amo", "emo", "imo", "aba", "aban",
    "ast", "aron", "ieron", "arm", "ars", "ers", "irs", "arlo", "arla",
})
"""Endings that make another form of the same word."""
MAX_CUT = max(len(s) for s in SUFFIXES)


def stems(term: str) -> list[str]:
    """The starts of ``term`` that a derived form may share: "allergy" -> "allergy", "allerg";
    a start ending in "d" also with "s", and the reverse (``swapped``)."""
    if not term.isalpha():
        return []  # numbers, versions and identifiers are never derived
    out = []
    for cut in range(0, min(MAX_CUT, len(term) - MIN_STEM) + 1):
        start = term[:len(term) - cut]
        if term[len(start):] in SUFFIXES:
            out.append(start)
    return out + [other for start in out if (other := swapped(start)) and other not in out]


_SWAPS = {"d": "s", "s": "d"}


def swapped(start: str) -> str | None:
    """The start of the other form of a word whose noun and verb differ in their last
    consonant: decid(e) / decis(ion), respond / respons(e), includ(e) / inclus(ion),
    extend / extens(ion), expand / expans(ion); None for a start shorter than ``MIN_STEM``
    or ending otherwise."""
    if len(start) < MIN_STEM or start[-1] not in _SWAPS:
        return None
    return start[:-1] + _SWAPS[start[-1]]


OWN_MEANING = {"classic": "classic", "classical": "classic", "organic": "organic",
               "physical": "physical"}
"""Words built like a form of another that took a meaning of their own (stemmed), each with its
family: "classic" (typical, lasting) is no form of "class" (a course), so "What class does
Maya take?" is not matched by "Haha, classic Maya" (an outside probe, bbtest39: a chat session
holding it led); "organic" farming is not of an "organ", "physical" therapy not "physics".
Two terms are forms of one word only within one family (a word outside them has none)."""


def forms(term: str, candidates: Iterable[str]) -> list[str]:
    """The candidates that are another form of ``term`` (candidates start with one of its
    ``stems``; the caller looks them up in its term dictionary), never across the families of
    ``OWN_MEANING``."""
    starts = stems(term)
    family = OWN_MEANING.get(term)
    out: list[str] = []
    for other in candidates:
        if other == term or other in out or not other.isalpha() \
                or OWN_MEANING.get(other) != family:
            continue
        if any(other.startswith(s) and other[len(s):] in SUFFIXES for s in starts):
            out.append(other)
    return out


SPELLED_APART = {"mum": "mom", "mom": "mum", "mam": "mom", "grey": "gray", "gray": "grey",
                 "programm": "program", "program": "programm", "cheque": "check",
                 "tyre": "tire", "pyjama": "pajama", "pajama": "pyjama"}
"""Words British and American English spell apart with no rule to say so (stemmed)."""
SAME_THING = tuple(tuple(group.split()) for group in (
    "mother mum mom mam mummy mommy",
    "father dad daddy",
    "grandmother grandma granny nan nana",
    "grandfather grandpa grandad granddad",
    "children kids",
    "boss manager supervisor",
    "holiday vacation",
    "flat apartment",
    "film movie",
    "sofa couch",
    "bicycle bike",
    "fridge refrigerator",
    "chemist pharmacy pharmacist",
    "physician doctor gp",
    "lawyer attorney solicitor",
    "television tv",
    "trainers sneakers",
    "birthday bday",  # chat shorthand: "when's her bday again?"
    "boyfriend bf",
    "girlfriend gf",
    "brother bro",
    "sister sis",
    "photo photograph pic picture",
    "favourite fave fav",
    "congratulations congrats",
    "veterinarian vet",
    "information info",
    "people ppl",
    "madre mama",
    "padre papa",
    "abuela yaya",
    "abuelo yayo",
    "jefe jefa supervisor supervisora encargado encargada",
    "pelicula peli",
    "jubilarse jubilado jubilada jubilacion retirarse retirado retirada",
))
"""Words for one thing in everyday English or Spanish (as the stemmer leaves them), the way
two people say it: "my mother's chemist" asks about "mum's pharmacy". Not words of one kind
("brother" / "sister"), nor a word that is also another word's form; each is read as the
others the index holds, worth less than the question's own words (``DERIVED_SHARE``)."""
_SPELLING_RULES = (("our", "or"), ("or", "our"), ("is", "iz"), ("iz", "is"), ("ll", "l"),
                   ("re", "er"), ("tr", "ter"), ("ter", "tr"), ("ogu", "og"), ("og$", "ogu"))
"""British <-> American endings of a stemmed term, tried where they end the term or stand
before its last letters ("$": only at the end): colour/color, organis(e)/organiz(e),
travell(ing)/travel(ing), centr(e)/center, theatr(e)/theater, catalogu(e)/catalog."""


_SAME_STEMS = tuple(tuple(unique(stem(word) for word in group)) for group in SAME_THING)


def spellings(term: str) -> list[str]:
    """The other spellings of ``term`` (stemmed) in British or American English ("mum" ->
    "mom", "favourit" -> "favorit", "organis" -> "organiz", "centr" -> "center"): the
    caller keeps those its index holds. Only letters; a short term has no variant."""
    if not term.isalpha() or len(term) < 2:
        return []
    out = [SPELLED_APART[term]] if term in SPELLED_APART else []
    for group in _SAME_STEMS:
        if term in group:
            out.extend(other for other in group if other != term and other not in out)
    if len(term) < 3:
        return out
    for old, new in _SPELLING_RULES:
        at_end = old.endswith("$")
        old = old.rstrip("$")
        at = term.rfind(old)
        if at > 1 and len(term) - (at + len(old)) <= (0 if at_end else 3):
            other = term[:at] + new + term[at + len(old):]
            if other != term and other not in out:
                out.append(other)
    return out

