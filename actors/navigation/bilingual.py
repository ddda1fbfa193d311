"""An English <-> Spanish reading of a question, word by word, for memories saved in the other
language.

A Spanish question shares no word with an English memory (and the full-text index compares
words), nor the reverse; the sentence model compares meaning across the two, but a reading in
the memory's own words still finds what it misses. A small general
lexicon of the words people use about their lives and their work (family, places, work, health,
home, leisure, time, software) gives the question a second reading in the other language;
names, numbers and identifiers pass through unchanged, except countries ("España" / "Spain",
``regions.translated``). It is a lexicon of common words, never of any memory's wording. Pure
data and functions; no I/O but the country names' first read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from actors import regions
from actors.lazy_re import lazy_regex
from actors.lexicon import LISTED, pairs_of
from actors.navigation import closed_kinds, conjugation
from actors.navigation.stem import stem
from actors.navigation.verb_slot import verb_slot
from actors.text import STOPWORDS, fold

_VERBS = """
grow crecer crezco|join unirse unir|adopt adoptar|meet conocer conozco|visit visitar|arrive llegar
return volver vuelvo vuelve regresar|marry casarse casar
propose proponer propuse propuso pedir pido pide pidio matrimonio|win ganar|break romper
hurt lastimar doler duele|climb escalar subir|hike caminar senderismo|sail navegar|paint pintar
sing cantar|bake hornear|drive manejar conducir|fly volar vuelo vuela|listen escuchar
enjoy disfrutar|miss extranar|decide decidir|wake despertar|fix arreglar|clean limpiar|wash lavar
borrow pedir|lend prestar|sign firmar|hire contratar|apply aplicar solicitar
retire jubilarse jubilar|die morir murio muerto|operate operar|injure lastimar|sprain torcer
recover recuperar|heal sanar curar|rehearse ensayar|record grabar|compose componer|draw dibujar
foster acoger cuidar|rescue rescatar|feed alimentar|invite invitar|cancel cancelar|play tocar
"""
"""English verbs and their Spanish infinitives (each conjugated by ``conjugation.forms``:
"grow" reads "crecí", "creció"), with the irregular forms a chat uses beside them. Verbs of
what happens in a life, not the light ones ("take", "get", "make", "stay": "take pottery
classes" read as every "tomo" and "llevo" made the question a rival of anything), and "play"
as an instrument is played ("tocar": "jugar" would read every "juego", so "Which board games
does the user play?" found the user's games of pádel). Not "eat" either: "comer" reads
"comida", "comí", and a Spanish meal outranked "What did the user eat too much of on the
Portugal trip?" (conversation-d)."""


MIN_GENDERED = 4
"""A word of more letters ending in "-a" may be the feminine of the "-o" word the lexicon
lists ("vecina", "perra", "abuela"); a shorter one is most often a word of its own ("pata"
is a leg, no duck; "pasa" no step, "pisa" no flat, "baja" no bass), unless it is an
animal's (``closed_kinds.FEMININE``): "gata" is a cat ("¿Cómo se llamaban mis gatas?"
shared no word with "My cat Pimienta")."""


def _build() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]],
                      dict[str, tuple[str, ...]]]:
    en_es: dict[str, list[str]] = {}
    es_en: dict[str, list[str]] = {}
    generated: list[tuple[str, str]] = []  # (spanish form, english): never over a listed word
    for block, verbs in ((LISTED, False), (_VERBS, True)):
        for english, spanish in pairs_of(block):
            if verbs and english in en_es:  # a listed word keeps its reading
                continue
            for word in spanish:
                for form in (conjugation.forms(word) if verbs else ()) or (word,):
                    if form != word and form in STOPWORDS:
                        continue  # "como" (comer) is "how" / "as", "para" (parar) "for"
                    if form not in en_es.setdefault(english, []):
                        en_es[english].append(form)
                    if form != word:
                        generated.append((form, english))
                    elif english not in es_en.setdefault(word, []):
                        es_en[word].append(english)
    conjugated: dict[str, list[str]] = {}
    for form, english in generated:  # "casa" stays "house", never "married" (casar)
        if form not in es_en and english not in conjugated.setdefault(form, []):
            conjugated[form].append(english)
    return ({k: tuple(v) for k, v in en_es.items()}, {k: tuple(v) for k, v in es_en.items()},
            {k: tuple(v) for k, v in conjugated.items()})


EN_ES, ES_EN, _CONJUGATED = _build()
"""English -> Spanish, Spanish -> English as listed, and the Spanish verb forms the lexicon
generates (read only after every listed form failed: "empezó" stays "started")."""
_INFINITIVES: dict[str, tuple[str, ...]] = {
    spanish: (english,) for english, forms in EN_ES.items() for spanish in forms
    if conjugation.forms(spanish)[:1] == (spanish,) and spanish not in ES_EN}
_INFINITIVES.update((spanish, english) for spanish, english in ES_EN.items()
                    if conjugation.forms(spanish))
"""Each Spanish infinitive the lexicon knows -> its English ("beber" -> "drink", "casar" ->
"marry"), for a question's verb read apart from a noun it folds into."""
_EN_STEMS = {stem(english): spanish for english, spanish in sorted(EN_ES.items(), reverse=True)}
"""The English words by their stem ("grew", "played", "proposing" are looked up as "grow",
"play", "propose"), the shortest word of a stem winning."""
_WORD = lazy_regex(r"[^\W_]+(?:['’.-][^\W_]+)*")
"""A word of a question: letters and digits, with inner apostrophes, dots and hyphens."""


def words_of(text: str) -> list[str]:
    """The words of ``text`` (``_WORD``) as written, as ``other_reading`` reads them."""
    return _WORD.findall(text)


def other_reading(text: str) -> list[tuple[str, tuple[str, ...]]] | None:
    """Each word of the question with its reading in the other language (unknown words, such
    as names, numbers and identifiers, read as themselves), or None when no word of it is in
    the lexicon."""
    out: list[tuple[str, tuple[str, ...]]] = []
    translated = 0
    spanish = reads_spanish(text)
    words = words_of(text)
    for index, word in enumerate(words):
        key = fold(word)  # "grandmother's" is looked up as "grandmother"
        key = key[:-2] if key.endswith(("'s", "’s")) else key
        # "¿Qué bebe el usuario?" drinks (beber), never "bebé"; "se casa" marries
        verb = _verb_read(key) if spanish and verb_slot(words, index) else None
        found = verb or _lookup(key, EN_ES, ES_EN) or (
            regions.translated(word) if word[:1].isupper()  # "Tomás" is a name, not "tomar"
            else _CONJUGATED.get(key) or _EN_STEMS.get(stem(key))
            or (_lookup_present(key, ES_EN) if spanish else None))
        if found and spanish and key in _SAID_WITH:
            found = _said_with(key, words, found)
        if found:
            translated += 1
        out.append((word, found or (word,)))
    return out if translated else None


MARK_VERBS = frozenset("""saco saca sacan saque sacaste sacamos sacaron sacado sacar sacara sacaba
    obtuvo obtuve obtuviste obtuvieron obtenido obtener tuvo tuve tuviste tuvieron""".split())
"""Forms of getting a mark ("sacar una nota", "obtener", "tuvo"), folded; not "tiene" nor
"puso" ("¿Qué notas tiene sobre Luis?", "la nota que puso en la nevera" are notes)."""
_SAID_WITH: dict[str, tuple[frozenset[str], tuple[str, ...]]] = {
    "nota": (MARK_VERBS, ("grade", "mark", "score")),
    "notas": (MARK_VERBS, ("grades", "marks", "scores")),
}
"""A Spanish word of two senses read in one of them beside the verbs it is said with: "nota"
is a note and a grade, and "¿Qué nota sacó en el examen?" asks the grade, never a note (read
as both, the user's notes in Obsidian answered it)."""


def _said_with(key: str, words: Sequence[str], found: tuple[str, ...]) -> tuple[str, ...]:
    """``found`` (the readings of ``key``), narrowed to the sense ``_SAID_WITH`` gives it when
    a word of the question is one of the verbs it is said with in that sense."""
    verbs, sense = _SAID_WITH[key]
    return sense if any(fold(word) in verbs for word in words) else found


def _lookup(key: str, *tables: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The other language's words for ``key`` in the first of ``tables`` that knows it, or for
    its singular masculine form or infinitive when the lexicon lists only that one ("gatos",
    "alérgica", "drinks", "desplegamos")."""
    for form in _spanish_forms(key):
        for table in tables:
            found = table.get(form)
            if found:
                return found
    return None


def english_of(word: str) -> str:
    """The English for a Spanish word the lexicon lists (its first reading: "hermana" ->
    "sister", "compañero" -> "colleague", "vecina" -> "neighbour"), else ``word`` as written
    (an English word, or one the lexicon does not know)."""
    found = _lookup(fold(word).lower(), ES_EN)
    return found[0] if found else word


def translatable(word: str) -> bool:
    """Whether the lexicon knows ``word`` (either language): when it does not, a memory of
    the other language may name the thing in words no reading of the question holds."""
    key = fold(word)
    return key in EN_ES or key in ES_EN or key in _CONJUGATED


_VERB_ENDINGS = (("amos", "ar"), ("emos", "er"), ("imos", "ir"), ("ando", "ar"),
                 ("iendo", "er"), ("iendo", "ir"), ("yendo", "er"), ("yendo", "ir"),
                 ("ado", "ar"), ("ido", "er"), ("ido", "ir"))
"""Spanish verb endings read back to the infinitive the lexicon lists ("desplegamos" ->
"desplegar", "guardado" -> "guardar"): the forms a question about what we do uses. A stem
ending in a vowel takes "-yendo" ("leyendo" -> "leer", "construyendo" -> "construir"), and
such stems are short, so any of ``conjugation.MIN_STEM`` letters is read."""


def _spanish_forms(key: str) -> tuple[str, ...]:
    """The word and its singular masculine forms ("gatos" -> "gato", "alergica" ->
    "alergico"), and the infinitive of a verb form ("desplegamos" -> "desplegar"): the
    lexicon lists one form of most words."""
    forms = [key]
    if key.endswith("es") and len(key) > 4:
        forms.append(key[:-2])
    if key.endswith("s") and len(key) > 3:
        forms.append(key[:-1])
    forms.extend(form[:-1] + "o" for form in list(forms) if form.endswith("a")
                 and (len(form) > MIN_GENDERED or form[:-1] + "o" in closed_kinds.FEMININE))
    forms.extend(key[:-len(ending)] + infinitive for ending, infinitive in _VERB_ENDINGS
                 if key.endswith(ending) and len(key) >= len(ending) + conjugation.MIN_STEM)
    # "compró", "vendió": a third person's past, asked about a user in the third person, as
    # the first person's the lexicon lists ("compré", "vendí")
    for ending, first in _THIRD_PERSON_PAST:
        if key.endswith(ending) and len(key) >= len(ending) + 3:
            forms.append(key[:-len(ending)] + first)
            break
    return tuple(forms)


_PRESENT_ENDINGS = (("an", "ar"), ("en", "er"), ("en", "ir"), ("a", "ar"), ("e", "er"),
                    ("e", "ir"))
"""A Spanish verb's present, third person (the user asked about: "¿cuánto paga?", "¿con quién
sale?", "¿qué vende?") -> the infinitive the lexicon lists beside a noun ("pay pagar", "dating
salir", "sell vender"): verbs listed there are not conjugated (``_VERBS`` are), and a question
in the present shared no word with the memory of the other language."""
_SPANISH_MARK = lazy_regex(r"¿|\b(?:el|la|los|las|del|que|qué|con|por|para|una|cómo|cuándo|"
                           r"dónde|cuánto|cuánta|cuántos|cuántas|quién)\b", re.IGNORECASE)
"""A question in Spanish: an English one's "sale" or "base" is no verb of the lexicon's."""


def reads_spanish(text: str) -> bool:
    """Whether ``text`` is written in Spanish, by its small words (``_SPANISH_MARK``)."""
    return bool(_SPANISH_MARK.search(text))


def _lookup_present(key: str, table: dict[str, tuple[str, ...]]) -> tuple[str, ...] | None:
    """The other language's words for a Spanish present form read as its infinitive, when
    the table knows that infinitive; None otherwise."""
    return next((found for verb in _present_infinitives(key) if (found := table.get(verb))),
                None)


def _verb_read(key: str) -> tuple[str, ...] | None:
    """The English of a Spanish present form read as its verb, the reflexive one's too ("se
    casa": "casar", "casarse"); None when the lexicon knows neither."""
    return next((tuple(dict.fromkeys(found)) for verb in _present_infinitives(key)
                 if (found := (*_INFINITIVES.get(verb, ()), *ES_EN.get(verb + "se", ())))),
                None)


def _present_infinitives(key: str) -> Iterator[str]:
    """The infinitives a Spanish present form may be of ("casa" -> "casar"), by its ending."""
    for ending, infinitive in _PRESENT_ENDINGS:
        if key.endswith(ending) and len(key) > len(ending) + 2:
            yield key[:-len(ending)] + infinitive


_THIRD_PERSON_PAST = (("zo", "ce"), ("go", "gue"), ("co", "que"), ("io", "i"), ("o", "e"))
"""A Spanish verb's third person singular past (folded, its accent gone) -> its first person
(the form the lexicon lists): "empezó" -> "empecé", "pagó" -> "pagué", "vendió" -> "vendí",
"compró" -> "compré". Tried only for a word the lexicon does not know as written."""
