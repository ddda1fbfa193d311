"""A question asking a value of its own kind (the mark someone got in an exam or a course, a
blood type), and what tells one.

"¿Qué nota sacó el usuario en el examen de valenciano?" was answered by the Valencian classes:
a mark has words of its own (a mark's word, passing or failing, a share or a number got), and
no memory shown telling one, it was never stored (``asked_detail``). The words that ask for a
mark ("nota", "grade", "sacó") are the question's frame, like "name" in a name question: no
memory holding them is no sign the mark was never told ("Me pusieron un 9,2"), so the notice
of words no memory holds leaves them out (``unmentioned``, ``apart``). A blood type the same:
"O negative", "A+", never "grupo sanguíneo". English and Spanish; pure functions and data.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex
from actors.navigation.bilingual import MARK_VERBS
from actors.navigation.query import QUESTION_WORDS
from actors.text import STOPWORDS, fold

_GRADE_WORD = r"(?:grades?|marks?|scores?|nota|notas|calificacion(?:es)?|puntuacion(?:es)?)"
_MARK_VERB = "|".join(sorted(MARK_VERBS, key=len, reverse=True))
_GOT_VERB = "|".join(sorted((verb for verb in MARK_VERBS if verb.startswith(("sac", "obt"))),
                            key=len, reverse=True))
"""Getting a mark in Spanish (``bilingual.MARK_VERBS``); in "¿Qué sacó en el examen?" only
"sacar" and "obtener", for "¿Qué tuvo en el examen?" may ask what went on."""
_MARK_ASKED = lazy_regex(
    rf"^(?:what|which|que|cual)\s+{_GRADE_WORD}\s+(?:[\w']+\s+){{0,3}}?(?:get|got|receive|"
    rf"received|achieve|achieved|earn|earned|{_MARK_VERB})\b"
    rf"|^(?:what|which|que|cual)\s+(?:was|were|is|fue|es|era)\s+(?:[\w']+\s+){{0,3}}?"
    rf"{_GRADE_WORD}\s+(?:in|on|for|at|en|de|del)\b"
    rf"|^(?:what|que|cuanto)\s+(?:did\s+(?:[\w']+\s+){{1,3}}?get|(?:[\w']+\s+)?(?:{_GOT_VERB})"
    r"(?:\s+[\w']+){0,2}?)\s+(?:in|on|for|en)\s+(?:(?:the|his|her|their|my|el|la|"
    r"los|las|su|sus|mi)\s+)?(?:[\w']+\s+){0,2}?(?:exams?|tests?|examen(?:es)?|pruebas?|"
    r"quiz(?:zes)?|finals|selectividad|oposiciones)\b")
"""A question asking the mark someone got in an exam, a course, a test: "¿Qué nota sacó Nora
en el examen de conducir?", "What grade did Owen get on the oral?", "What was the user's
score in the quiz?"), or what someone got in an exam ("What did Owen get in the oral
test?", "¿Qué sacó Nora en el examen?", "¿Cuánto sacaste en selectividad?"); not "What grade
is the user stuck on?" (a level, not a mark got), nor "What did the user get in the post?"."""
MARK_TOLD = lazy_regex(
    r"(?<![\w-])(?:grades?|graded|marks?|scor\w*|points?|pass|passed|fail|failed|"
    r"distinction|merit|percent|nota|notas|notaza|notable|sobresaliente|aprobad\w*|aprob[eo]|"
    r"aprobe|suspens\w*|suspend\w*|matricula|calificaci\w*|puntuaci\w*|puntos?|"
    r"por\s+ciento)(?![\w-])"
    r"|\d+(?:[.,]\d+)?\s*(?:%|/\s*\d+|(?:sobre|out\s+of)\s+\d+)"
    r"|(?<![\w-])(?:un|una|an?|got|get|gets|scored|saque|saco|sacaste|sacamos|obtuve|obtuvo|"
    r"con)\s+(?:un\s+)?\d+(?:[.,]\d+)?(?![\w.,]*\s*(?:euros?|pounds?|libras?|dollars?|"
    r"km|kilos?|years?|anos|days?|dias|hours?|horas|minutes?|minutos|weeks?|semanas|"
    r"months?|meses))"
    r"|(?<![\w-])(?:band|level|nivel|overall|final|media|average|total)\s+(?:of\s+|de\s+)?"
    r"\d+(?:[.,]\d+)?"
    r"|(?<![\w-])(?:apto|apta|2:1|2:2|cum\s+laude|(?:got|get|gets|with|achieved)\s+a\s+"
    r"first)(?![\w-])"
    r"|(?<![\w.,:£$€-])\d{1,2}[.,]\d{1,2}(?![\d.,:])(?!\s*(?:[£$€%]|euros?|pounds?|libras?|"
    r"dollars?|km|kilos?|kg|m\b|metres?|metros?|miles?|millas?|hours?|horas|h\b|litres?|"
    r"litros?))")
"""A sentence telling a mark: a word of marks or of passing and failing ("final mark 78%",
"aprobé a la segunda", "sacó un sobresaliente"), a share or a score out of a whole ("85%",
"8/10", "7 sobre 10"), a number got ("saqué un 8,5", "got 92") or said as a band, a level or
an average ("overall band 7.5", "media de 8"), a mark with decimals ("9,2"), a class or "apto"
("a first", "2:1", "me dieron apto"); not a sum, a time or a length."""
LETTER_TOLD = lazy_regex(
    r"(?<![\w-])(?:[Aa]n?|[Gg]ot|[Gg]ets?|[Ss]cored|[Ww]ith|[Gg]rade|[Cc]on|[Uu]na?)\s+"
    r"(?:an?\s+|una?\s+)?['‘\"]?[A-F][+*-]?(?![\w'’])")
"""A letter got, as written ("got an A", "with a B+", "Grade C"): folded, "a" is any
article."""

MARK_FRAME = frozenset("""grade grades mark marks score scores nota notas calificacion
    calificaciones puntuacion puntuaciones get got receive received achieve achieved earn
    earned""".split()) | MARK_VERBS
"""The words, folded, of a question asking a mark that say it asks one: what a memory giving
the mark need not hold ("Me pusieron un 9,2")."""


def asks_mark(question: str) -> bool:
    """Whether ``question`` asks the mark someone got (``_MARK_ASKED``)."""
    return bool(_MARK_ASKED.search(re.sub(r"^[\W_]+", "", fold(question).replace("’", "'"))))


_MARKED_IN = lazy_regex(r"\s(?:in|on|for|at|en|de|del|para)\s+(.*)")
GENERIC_TESTS = frozenset("""exam exams examen examenes test tests prueba pruebas course courses
    curso cursos class classes clase clases lesson lessons module modules asignatura""".split())
"""Words of any exam or course: what it was in is told by the others ("el curso de cocina"
is the cooking course; a first-aid course's mark tells nothing of it)."""


_MARK_PHRASE_END = frozenset({"did", "do", "does", "was", "were", "is", "are", "has", "have",
                              "had", "will", "would"})
"""Words that end the phrase of what a mark was got in, as a mark's verb does ("What grade
in French did Nora get?")."""


def marked_span(question: str) -> tuple[int, int] | None:
    """Where in ``question`` the phrase of what a mark was got in stands ("en el curso de
    cocina", "de inglés" in "¿Qué nota de inglés sacó Nora?"): from its "in", "de", "for" to
    a mark's verb, an auxiliary or the end; None when the question has none."""
    found = _MARKED_IN.search(question)
    if found is None:
        return None
    end = len(question)
    for word in re.finditer(r"[^\W\d_]+", question[found.start(1):]):
        if fold(word.group()).lower() in MARK_FRAME | _MARK_PHRASE_END:
            end = found.start(1) + word.start()
            break
    return found.start(1), end


def marked_in(question: str) -> tuple[str, ...]:
    """The words of what ``question`` asks a mark got in ("¿Qué nota sacó en el curso de
    cocina?" -> "cocina", "¿Qué nota de inglés sacó Nora?" -> "ingles"), the generic ones
    only when nothing else names it ("the exam"); () when no words name it. A memory holding
    a generic word of the question counts too (``asked_detail``): "Aprobé el examen
    práctico de manejo" tells the mark of "el examen de conducir", whose "manejo" no reading
    holds."""
    span = marked_span(question)
    if span is None:
        return ()
    words = [fold(word).lower() for word in re.findall(r"[^\W\d_]+", question[slice(*span)])]
    words = [word for word in words if word not in STOPWORDS and word not in QUESTION_WORDS
             and word not in {"user", "usuario", "usuaria", "her", "his", "their", "su"}]
    return tuple(word for word in words if word not in GENERIC_TESTS) or tuple(words)


_BLOOD_ASKED = lazy_regex(r"\bblood\s+(?:type|group)\b|\bgrupo\s+sanguineo\b|"
                          r"\btipo\s+de\s+sangre\b")
"""A question asking someone's blood type ("What is the user's blood type?", "¿Cuál es el
grupo sanguíneo de Marta?")."""
_SIGNED = r"(?:positive|negative|positivo|negativo|pos|neg)"
BLOOD_TOLD = lazy_regex(
    r"(?<![\w+-])(?:ab|a|b|o|0)(?:\s?\+|[-−]|\s?rh\s?[+-])(?![\w\d])"
    rf"|(?<![\w-])(?:ab|o|0)\s+{_SIGNED}\b"
    rf"|(?<![\w-])(?:a|b)\s+{_SIGNED}\s*(?:[.,;:!?)]|$)"
    rf"|\brh\s?(?:[+-]|{_SIGNED}\b)"
    r"|\bblood\s+(?:type|group)\b|\bgrupo\s+sanguineo\b|\btipo\s+de\s+sangre\b"
    r"|\b(?:grupo|type|group)\s+(?:ab|0)\b|\brhesus\b")
"""A sentence telling a blood type, folded: the type itself with its sign ("A+", "0 positivo",
"O negative", "B negative." at a clause's end) or the words naming one ("my blood group",
"grupo sanguíneo", "Rh negativo"); not a letter that may be an article or a group of a
tournament ("Type a command", "a positive review", "el grupo A del torneo", "RH" as human
resources)."""
BLOOD_CASED = lazy_regex(rf"(?<![\w-])(?:AB|A|B)\s+(?i:{_SIGNED})\b")
"""A blood type with its word, as written: "A positive and proud of it", where a folded "a"
is any article."""
BLOOD_FRAME = frozenset("""blood type types group groups grupo grupos sanguineo sanguinea tipo
    sangre""".split())
"""The words, folded, of a question asking a blood type that say it asks one."""


def asks_blood(question: str) -> bool:
    """Whether ``question`` asks someone's blood type (``_BLOOD_ASKED``)."""
    return bool(_BLOOD_ASKED.search(fold(question).lower()))


def detail_frame(question: str) -> frozenset[str]:
    """The words of ``question``, folded, that ask for a value of its own kind (a mark, a
    blood type): no sign, held by no memory, that the value was never told."""
    if asks_mark(question):
        return MARK_FRAME
    if asks_blood(question):
        return BLOOD_FRAME
    return frozenset()
