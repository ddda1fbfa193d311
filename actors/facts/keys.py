"""Fact keys and value equality: the one place that decides when two facts talk about the same
thing.

Extraction, question detection and timeline resolution must agree on keys, so all of them call
``fact_key``. Conventions (also in the report to the lead):

- Subjects are folded (lower case, no accents), hyphens/underscores become spaces, leading
  articles and possessives are dropped ("the billing-service" -> "billing service").
- First person, singular and plural, is the user: "I", "we", "our", "mi", "nuestro" -> "user".
  A named component keeps its name ("our frontend stack" -> subject "frontend").
- Attributes are folded and white-space collapsed ("preference:indentation", "tool:linting").

Pure functions only; no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

from actors.lazy_re import lazy_regex
from actors.lexicon import ENGLISH_LISTED, SPANISH_TO_ENGLISH
from actors.scopes import GLOBAL_SCOPES
from actors.text import fold

ARTICLES = frozenset("the a an el la los las lo un una unos unas".split())
POSSESSIVES = frozenset(
    "my our mine ours mi mis nuestro nuestra nuestros nuestras".split()
)
FIRST_PERSON = frozenset(
    "i me myself we us ourselves yo nosotros nosotras user usuario usuaria".split()
) | POSSESSIVES

_NON_WORD = lazy_regex(r"[^\w\s.:/+#]")
_EDGE_PUNCT = " \t.,;:!?¡¿\"'`«»()[]{}"


def normalise_words(text: str) -> str:
    """Folded, punctuation-light, single-spaced form of a phrase."""
    flat = fold(text).replace("-", " ").replace("_", " ")
    flat = _NON_WORD.sub(" ", flat)
    return " ".join(flat.split()).strip(_EDGE_PUNCT)


def normalise_subject(subject: str) -> str:
    """The folded subject used in keys (see the module docstring)."""
    words = normalise_words(subject).split()
    if len(words) == 1 and words[0] in FIRST_PERSON:
        return "user"
    while words and (words[0] in ARTICLES or words[0] in POSSESSIVES):
        words.pop(0)
    if not words or (len(words) == 1 and words[0] in FIRST_PERSON):
        return "user"  # "the user", "el usuario": a memory written in the third person
    return " ".join(words)


def normalise_topic(topic: str) -> str:
    """A tool or preference topic: folded, leading articles and possessives dropped."""
    words = normalise_words(topic).split()
    while words and (words[0] in ARTICLES or words[0] in POSSESSIVES):
        words.pop(0)
    return " ".join(words)


def preference_pair(first: str, second: str, *, spanish: bool) -> str:
    """The attribute of a preference between two things: "preference:<a> vs <b>", the two
    sides normalised and sorted. A side said in Spanish is keyed in English when the word
    pairs of ``actors.lexicon`` know each of its words, so "Prefiero el té al café" and "I
    prefer tea to coffee" share one timeline ('coffee vs tea') and a change told in either
    language supersedes the other. The value stays as the user said it; a
    side the pairs do not know whole ("vino tinto", "Vim") is keyed as said, and so is a
    verb's (``spanish`` False: "prefiero correr a nadar" is no 'run vs swimming')."""
    sides = [normalise_topic(first), normalise_topic(second)]
    if spanish:
        sides = [_in_english(side) for side in sides]
    return "preference:" + " vs ".join(sorted(sides))


def _in_english(side: str) -> str:
    words = side.split()
    # a word the lexicon lists in English stays ("error", "version"; "red" would be read)
    readings = [word if word in ENGLISH_LISTED else SPANISH_TO_ENGLISH.get(word)
                for word in words]
    if not words or not all(readings):
        return side
    return " ".join(reading for reading in readings if reading)


def pair_either_way(attribute: str) -> str:
    """A preference pair's attribute with both sides read as Spanish ones (``preference_pair``):
    how a key recorded before the sides were keyed in English ('preference:cafe vs te') and
    the key extracted now ('preference:coffee vs tea') find each other on a rebuild. Only for
    matching: an English side may read wrongly ("red"), the same way on both sides."""
    name = attribute.removeprefix("preference:")
    sides = name.split(" vs ")
    if name == attribute or len(sides) != 2:
        return attribute
    return preference_pair(*sides, spanish=True)


def pairs_joined(attribute: str, value: str, held: Iterable[str]) -> list[str]:
    """The preference pairs among ``held`` (attributes, 'preference:coffee vs tea') that a
    single preference names one side of: "Ahora prefiero el café" ('preference:cafe' = 'el
    café') or "These days I prefer tea" after "Prefiero el té al café" is the pair's newer
    value, so it joins that timeline (and keeps its own). Only a preference keyed by what it
    prefers, whole ('preference:dark mode' = 'dark mode'): a topic's ("I prefer Vim for
    editing", 'preference:editing' = 'Vim') or a longer thing's ('café con leche') joins
    nothing. Sides compare as said and read in English, so either language finds the other."""
    name = " ".join(fold(attribute).split()).removeprefix("preference:")
    if name == attribute or " vs " in name or not name or normalise_topic(value) != name:
        return []
    readings = {name, _in_english(name)}
    joined: list[str] = []
    for other in held:
        if not other.startswith("preference:"):
            continue
        sides = " ".join(fold(other).split()).removeprefix("preference:").split(" vs ")
        if len(sides) == 2 \
                and any(side in readings or _in_english(side) in readings for side in sides):
            joined.append(other)
    return list(dict.fromkeys(joined))


def fact_key(subject: str, attribute: str) -> tuple[str, str]:
    """The matching key of a fact: (folded subject, folded attribute)."""
    return normalise_subject(subject), " ".join(fold(attribute).split())


_WEB_SUFFIX = lazy_regex(r"\.(?:com|net|org|io|ai|app|dev|co|eu|es|nl|de|fr|it|pt|be|uk|us|"
                         r"ie|at|ch|se|dk|no|fi|pl|cz|mx|ar|cl|br|ca|au)(?:\.[a-z]{2})?$")
_LEGAL_FORMS = frozenset(
    "llc inc ltd limited plc corp corporation co company gmbh ag sa sl slu bv nv srl spa sas "
    "group grupo".split())
"""A company's legal form, written after its name with or without dots ("S.A.", "B.V.")."""


def value_name(value: str) -> str:
    """What a value names, whatever its spelling: folded, without a leading article, a
    trailing legal form or a web suffix ("the Kia" -> "kia", "Google LLC" -> "google",
    "Bol.com" -> "bol", "Telefónica, S.A." -> "telefonica")."""
    words = normalise_words(value).split()
    while len(words) > 1 and words[0] in ARTICLES:
        words.pop(0)
    while len(words) > 1 and words[-1].replace(".", "") in _LEGAL_FORMS:
        words.pop()
    if words:
        words[-1] = _WEB_SUFFIX.sub("", words[-1]) or words[-1]
    return " ".join(words)


_ENDED = lazy_regex(r"^(?:none|ninguno|ninguna)\b")
"""An ending's value (``endings.is_ending``): two in a row are one state, none."""
SHORTENED_NAMES = frozenset({"employer"})
"""Attributes whose values are firms, named in full once and by their first word(s) after:
"Northwind Health", then "promoted to tech lead at Northwind". A phone or a role is not:
"iPhone 15" and "iPhone 15 Pro", "tech lead" and "tech lead manager" are two."""


PLACE_ATTRIBUTES = frozenset({"location"})
"""Attributes whose value may name a part of a town before the town ('Logan Square,
Chicago', ``towns.inside_town``): the town alone is the same place, told less precisely."""


def _town_of(value: str) -> str | None:
    """The town after a place's last comma ('Logan Square, Chicago' -> 'chicago'), else None."""
    head, comma, town = value.rpartition(",")
    return value_name(town) if comma and head.strip() and town.strip() else None


def same_value(a: str, b: str, attribute: str = "") -> bool:
    """Two values are the same statement when they name the same thing (``value_name``):
    they differ only in case, accents, spacing, edge punctuation, a leading article, a legal
    form or a web suffix ('Valencia' == 'valencia.', 'Bol' == 'Bol.com'). A shorter
    spelling of the current value is no change (the outside chat run filed "First week at
    Bol done" as a move from Bol.com to Bol and outdated the memory of the new job). For an
    ``attribute`` in ``SHORTENED_NAMES`` a name that is the leading words of the other is the
    same one too ('Northwind' == 'Northwind Health': the outside run told the user their
    employer changed to the firm they were promoted in). For a place (``PLACE_ATTRIBUTES``) a
    town is the same as a home inside it ('Chicago' == 'Logan Square, Chicago'); two homes
    in one town are two ('Logan Square, Chicago' != 'Wicker Park, Chicago')."""
    first, second = value_name(a), value_name(b)
    if first == second:
        return True
    if _ENDED.match(first) and _ENDED.match(second):
        return True  # "none (sold or given away)", then "ninguno": still none
    if " ".join(fold(attribute).split()) in PLACE_ATTRIBUTES \
            and (_town_of(a) == second or _town_of(b) == first):
        return True  # 'Logan Square, Chicago' after 'Chicago': a home inside the town
    if " ".join(fold(attribute).split()) not in SHORTENED_NAMES:
        return False
    short, long = sorted((first.split(), second.split()), key=len)
    return bool(short) and long[: len(short)] == short




def role_beside(key: tuple[str, str]) -> tuple[str, str] | None:
    """The role key read beside an employer key: a job taken after the employer ended ("laid
    off", then "I got it: interpretive guide in Banff") is told by its role alone."""
    subject, attribute = key
    return (subject, "role") if " ".join(fold(attribute).split()) == "employer" else None


PERSONAL_ATTRIBUTES = frozenset({"location", "employer", "role", "diet", "car", "phone", "partner",
                                 "name", "age"})
"""What a person has, wherever it is told: where they live and work, what they eat and drive.
"Marta works at Accenture" noted in a project and "Marta: I just started at KPMG" in a chat
are one timeline."""


def personal(attribute: str) -> bool:
    """A person's home, work, diet, car or partner (``PERSONAL_ATTRIBUTES``): theirs in every
    scope."""
    return " ".join(fold(attribute).split()) in PERSONAL_ATTRIBUTES


def scoped_subject(subject: str, scope: str, attribute: str = "") -> str:
    """The subject a fact of a scoped memory is recorded under: 'repo @project:a'.

    Two projects may each have a default branch; their timelines must not supersede each other.
    A ``personal`` attribute is recorded under the subject alone.
    """
    if scope in GLOBAL_SCOPES or personal(attribute):
        return subject
    if scope.startswith("project:") and normalise_subject(subject) \
            == normalise_subject(scope.removeprefix("project:")):
        # "harbor uses Poetry" saved in project:harbor is the project's, as "we use Poetry"
        # is (``project_changes``): one timeline, whichever way it is named
        subject = "project"
    return f"{subject} @{scope}"

