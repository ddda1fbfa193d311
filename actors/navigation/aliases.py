"""What "the payments API" is in this store: the names a question's descriptive phrase stands for.

A coding agent's memories define a project's name once ("Tidewell is the payments API",
"Marlin (the Go mobile backend)", "Ferrocart es nuestro pipeline de ETL") and then use only
the name ("Marlin tests: go test ./... -race"). A question asks by the description ("What
command runs the Go backend's test suite?") and shares no word with the memory that answers.
Navigation searches the question once more with the phrase read as the name it defines
(``Readings.alias``), as it reads "my sister" as the names memories give beside "sister".

A phrase stands for a name only through its specific words: a definition's head ("API",
"backend", "repo") and at least one more of its words ("payments", "Go", "mobile") must be in
the question's phrase, so "the API" or "the backend" alone is read as itself.

Pure functions (two kept by text: ``TextMemo``); no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from actors.lazy_re import lazy_regex
from actors.navigation.query import QUESTION_WORDS
from actors.navigation.stem import stem
from actors.navigation.text_memo import TextMemo
from actors.text import CLAUSE_END, fold, unique
from actors.text import terms as text_terms

_NAME = r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü'’-]*(?:\s+[A-ZÁÉÍÓÚÑ][\wáéíóúñü'’-]*){0,2}"
"""A name: one to three capitalised words ("Tidewell", "Kestrel Pay")."""
_PROPER = r"[A-ZÁÉÍÓÚÑ][a-záéíóúñü][\wáéíóúñü'’-]*(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñü][\wáéíóúñü'’-]*)?"
"""A name said after its description ("our payments API Tidewell"): capitalised, not an
acronym, so the description's own "API" is not read as it."""
_DESC = r"[\w/+.#'’-]+(?:[ \t]+[\w/+.#'’-]+){0,5}"
_LOWER_WORD = r"(?:[a-z0-9][\w/+.#-]*|[A-Z0-9]{2,}\w*)"
_LOWER_DESC = rf"{_LOWER_WORD}(?:[ \t]+{_LOWER_WORD}){{0,4}}"
"""A description before its name ("our payments API Tidewell"): no capitalised word in it, so
the name is the first one."""
_THE = r"(?:[Tt]he|[Oo]ur|[Mm]y)"
_EL = r"(?:[Ee]l|[Ll]a|[Nn]uestr[oa]|[Mm]i)"
_DEFINITIONS = (
    lazy_regex(rf"\b(?P<name>{_NAME})\s+(?:is|was|are)\s+{_THE}\s+(?P<desc>{_DESC})"),
    lazy_regex(rf"\b(?P<name>{_NAME})\s*\(\s*{_THE}\s+(?P<desc>{_DESC})\s*\)"),
    lazy_regex(rf"\b(?P<name>{_NAME}),\s+{_THE}\s+(?P<desc>{_DESC})"),
    lazy_regex(rf"\b{_THE}\s+(?P<desc>{_DESC})\s+(?:called|named)\s+(?P<name>{_NAME})"),
    lazy_regex(rf"\b(?:[Oo]ur|[Mm]y)\s+(?P<desc>{_LOWER_DESC})\s+(?P<name>{_PROPER})\b"),
    lazy_regex(rf"\b(?P<name>{_NAME})\s+(?:es|era)\s+{_EL}\s+(?P<desc>{_DESC})"),
    lazy_regex(rf"\b(?P<name>{_NAME})\s*\(\s*{_EL}\s+(?P<desc>{_DESC})\s*\)"),
    lazy_regex(rf"\b(?P<name>{_NAME}),\s+{_EL}\s+(?P<desc>{_DESC})"),
    lazy_regex(rf"\b{_EL}\s+(?P<desc>{_DESC})\s+(?:llamad[oa])\s+(?P<name>{_NAME})"),
)
"""Definitions: "X is the/our Y", "X (the Y)", "X, the Y", "the Y called X", "our Y X", and
Spanish "X es el/la/nuestro Y", "X (nuestro Y)", "X, la Y", "el Y llamado X"."""
_LOWER_NAME = r"(?:^|(?<=[.!?;\]]\s))(?P<name>[a-z][a-z0-9_-]{2,})"
_LOWER_DEFINITIONS = (
    lazy_regex(rf"{_LOWER_NAME}\s+(?:is|was)\s+{_THE}\s+(?P<desc>{_DESC})"),
    lazy_regex(rf"{_LOWER_NAME}\s+(?:es|era)\s+{_EL}\s+(?P<desc>{_DESC})"),
)
"""A repository named in lower case, as many are, opening its sentence ("[2026-02-25] quarry
is the nightly export pipeline", "tidepool es nuestro panel"): read only when the
description's head is a word for software (``SOFTWARE_HEADS``), so "coffee is the best part"
defines nothing."""

ENDS = frozenset(
    "for that which who whose with and or on in at to from since but when where because "
    "while so now currently today is was are has have had will would should can could "
    "serves runs uses holds lives "
    "que quien con y o en para desde pero cuando donde porque ahora hoy es está usa "
    "sirve".split())
"""Words that end a description ("the required reviewer | for Tidewell PRs", "la API de
pagos | desde enero"): what follows says something of the name, not what it is."""
OF_WORDS = frozenset({"of", "de", "del"})
"""Words after a description's head ("API de pagos", "head of payments"): its head comes first."""
NOT_NAMES = frozenset(
    "I It This That There These Those He She We They You The A An And But So Then Also "
    "Today Yesterday Tomorrow Now Here Yo Ella Él Nosotros Esto Eso Hoy Ayer Ahora Aquí "
    "Which What Who Why How Where When Qué Quién Cuál Dónde Cuándo Cómo".split())
"""Capitalised words that start a clause, never a name being defined."""
_BREAKS = lazy_regex(r"[^\w\s/+.#'’-]|['’]s\b|\s-\s")
"""What ends a question's phrase: punctuation and a possessive ("the Go backend's tests")."""




@dataclass(frozen=True)
class Definition:
    """One name and the description a memory gives it ("Tidewell", "payments API")."""

    name: str
    terms: frozenset[str]
    """The description's analysed terms (stop words out): {"payment", "api"}."""
    head: str
    """The term the description is of ("api" in "payments API", "api" in "API de pagos")."""


def _terms(words: str) -> tuple[str, ...]:
    """The words' analysed terms as the index holds them, stop words out."""
    return tuple(unique(stem(term) for term in text_terms(words)))


name_terms = _terms
"""A name's terms as the index holds them ("Kestrel Pay" -> "kestrel", "pay")."""

SOFTWARE_HEADS = frozenset(_terms(
    "api service backend frontend app application repo repository project pipeline server "
    "tool library system platform gateway site website bot cli monorepo "
    "servicio aplicacion repositorio proyecto herramienta libreria sistema plataforma "
    "servidor pasarela"))
"""Words for a piece of software: one in a description's head may be asked as another ("the
payments service" for "Tidewell is the payments API"), only beside a word of its own."""


def _description(desc: str) -> tuple[frozenset[str], str] | None:
    """The terms and head of a description cut at the first word that ends it, or None
    when fewer than two specific terms stay (a bare "the API" defines nothing)."""
    words: list[str] = []
    for word in desc.split():
        if fold(word).lower().strip(".'’") in ENDS:
            break
        words.append(word.rstrip("."))
        if word.endswith("."):
            break  # the sentence ends ("the payments API. Then we moved")
    of = next((i for i, word in enumerate(words) if word.lower() in OF_WORDS), None)
    terms = _terms(" ".join(words))
    if len(set(terms)) < 2:
        return None
    head_words = words[:of] if of else words
    head = _terms(head_words[-1]) if head_words else ()
    if not head or head[-1] not in terms:
        return None
    return frozenset(terms), head[-1]


def _without_verb(name: str) -> str:
    """The name without the verb a note opens with ("Deployed Lanternfish, our infra repo"):
    a capitalised first word in -ed or -ing before another capitalised word."""
    first, _, rest = name.partition(" ")
    return rest if rest and first.lower().endswith(("ed", "ing")) else name


def definitions(text: str) -> list[Definition]:
    """The names ``text`` defines by what they are, in order."""
    found: list[Definition] = []
    for pattern in (*_DEFINITIONS, *_LOWER_DEFINITIONS):
        lower = pattern in _LOWER_DEFINITIONS
        for m in pattern.finditer(text):
            name = _without_verb(m.group("name").strip())
            if name.split()[0] in NOT_NAMES or lower and (
                    not _terms(name) or fold(name) in QUESTION_WORDS):
                continue  # "it is the API": a stop word names nothing
            described = _description(m.group("desc"))
            if described is None:
                continue
            terms, head = described
            if lower and head not in SOFTWARE_HEADS:
                continue
            if set(_terms(name)) & terms:
                continue  # "the Go 1.22 toolchain" is no name for "Go"
            found.append(Definition(name, terms, head))
    return found


def _sentences(text: str) -> tuple[tuple[str, str], ...]:
    """Each sentence of ``text`` as a definition is read in (ended by a stop), and lowered
    (where a phrase's terms are looked for)."""
    return tuple((s if s.rstrip().endswith((".", "!", "?", ";")) else s + ".", s.lower())
                 for s in CLAUSE_END.split(text))


_sentences_of = TextMemo(_sentences)
"""``_sentences`` by text: every alias reading splits the few memories its phrase finds,
the same memories question after question."""
_defined = TextMemo(lambda text: tuple(definitions(text)))
"""``definitions`` by the sentences read (a short memory's one sentence is read whole by
every phrase that finds it): nine patterns per text."""


def _sentences_saying(text: str, phrase: tuple[str, ...]) -> list[str]:
    """The sentences of ``text`` holding a word that starts with one of ``phrase``'s terms
    (a stem: "mobil" in "mobile"): where a definition of it may be. A long explanation is
    not read whole for every question."""
    return [ended for ended, lowered in _sentences_of(text)
            if any(term in lowered for term in phrase)]


def phrases(topic: str) -> list[tuple[str, ...]]:
    """The runs of two or more content words in a question, as analysed terms ("the Go
    backend's test suite" -> ("go", "backend"), ("test", "suit")): where a description may
    stand. Question words and stop words end a run, but for "of" / "de" inside it."""
    runs: list[tuple[str, ...]] = []
    for segment in _BREAKS.split(topic):
        run: list[str] = []
        for word in [*segment.split(), ""]:
            terms = _terms(word) if word else ()
            folded = fold(word).lower()
            if terms and folded not in QUESTION_WORDS:
                run.extend(terms)
                continue
            if run and folded in OF_WORDS:
                continue  # "la API de pagos" is one phrase
            if len(set(run)) >= 2:
                runs.append(tuple(dict.fromkeys(run)))
            run = []
    return runs


def stands_for(phrase: Iterable[str], definition: Definition) -> frozenset[str]:
    """The phrase's terms that say ``definition``'s description: its head and at least one
    more of its words ("go backend" for "Go mobile backend"), or another word for a piece of
    software in the head's place ("payments service" for "payments API"), else nothing."""
    words = frozenset(phrase)
    said = words & definition.terms
    if definition.head in said and len(said) >= 2:
        return said
    heads = words & SOFTWARE_HEADS
    if definition.head in SOFTWARE_HEADS and heads and said - SOFTWARE_HEADS:
        return said | heads
    return frozenset()


def names_for(phrase: tuple[str, ...], texts: Iterable[str], limit: int
              ) -> list[tuple[str, frozenset[str]]]:
    """The names ``texts`` define with a description ``phrase`` says, with the phrase's terms
    each stands for, the ones saying most of it first (then the most often defined), at
    most ``limit``."""
    said: dict[str, frozenset[str]] = {}
    counts: dict[str, int] = {}
    for text in texts:
        for definition in _defined(" ".join(_sentences_saying(text, phrase))):
            terms = stands_for(phrase, definition)
            if not terms or set(_terms(definition.name)) & set(phrase):
                continue
            said[definition.name] = max(said.get(definition.name, frozenset()), terms, key=len)
            counts[definition.name] = counts.get(definition.name, 0) + 1
    best = max(map(len, said.values()), default=0)
    kept = [name for name in said if len(said[name]) == best]
    return [(name, said[name]) for name in sorted(kept, key=lambda n: -counts[n])[:limit]]
