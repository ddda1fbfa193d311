"""Who says "I" on a line of a saved conversation.

A memory saved from a chat often carries its speaker: "2026-03-12 user: I moved to Seville",
"assistant: I'd go for the Octavia", "[2025-06-14] Marta: I was promoted to senior UX
designer". A first-person fact is the user's only when the user says it: the assistant's "I"
is no one the memory is about, and a named speaker's "I" is that person (a conversation
between two friends filed both friends' jobs as the user's, and one promotion marked the
other's OUTDATED).

A label is a speaker when it is a user's or an assistant's label (any case) or a name: one to
three capitalised words (after a title: "Dr. Bakker"), none of them a word that heads a note
("Update:", "Note:", "Root cause:", "Lunes:"), and not all common words of the language
("Ojo:", "Testing:", "Next steps:"; ``common_words``): a heading is a common word, a name is
not. A name that is a word too ("Will:", "Grace:") is still a speaker where the text has a
chat's shape: the turn is dated ("[2025-06-14] Will: ...") or its label heads several lines.
Lines without a label keep the memory's default subject.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from actors.dates import OPENING_DATE
from actors.facts.common_words import is_common_word
from actors.facts.keys import FIRST_PERSON
from actors.facts.names import NOT_NAMES
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS, fold

USER_LABELS = frozenset("user usuario usuaria human humano me yo you tu".split())
"""Labels of the person the memory belongs to ("you" / "tú" as an assistant's transcript
calls its user)."""
ASSISTANT_LABELS = frozenset(
    "assistant asistente ai ia bot chatbot model modelo system sistema agent agente claude "
    "chatgpt gpt gemini copilot codex llm".split())
"""Labels of the model in a transcript: its "I" states no fact about anyone."""
HEADINGS = frozenset("""
    note notes nota notas update updates actualizacion summary resumen recap decision decisions
    decisiones context contexto problem problema issue issues fix bug error errors
    warning aviso reminder recordatorio idea ideas question pregunta answer respuesta status
    estado result results resultado outcome action actions accion next plan plans goal goals
    objetivo tip tips consejo important importante info fyi re subject asunto title titulo log
    changelog feature docs test tests commit lesson lessons learned takeaway todo task tarea
    pending pendiente done hecho agenda meeting reunion minutes acta diary diario journal entry
    morning evening night afternoon manana tarde noche today hoy yesterday ayer weekend
    correction correccion corrected edit fixup erratum clarification aclaracion amendment
    news noticia noticias big good bad great quick fun fact facts random side personal work
    trabajo home casa health salud family familia travel viaje money dinero finance finanzas
    weekly daily monthly semanal diario
    breakfast lunch dinner desayuno comida cena ps nb cause causa root fixed resolved solution
    solucion step steps paso pasos example ejemplo quote cita source fuente location ubicacion
    address direccion phone telefono email date fecha time hora price precio cost coste total
    january february march april may june july august september october november december
    enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre
    lunes martes miercoles jueves viernes sabado domingo
    ojo cuidado atencion riesgo riesgos risk risks siguientes proximo pruebas
    gotcha gotchas caveat caveats pitfall pitfalls beware careful hint hints trick tricks
    convention conventions convencion convenciones advertencia truco trucos trampa trampas
    prueba hechos duda dudas conclusion conclusiones nuevo nueva ahora antes despues
    vacation vacations holiday holidays vacaciones pto ooo leave festivo festivos
    postmortem postmortems retro retrospective runbook rfc adr handoff standup perf howto
    tldr wip debrief writeup incidente incidencia
""".split()) | NOT_NAMES
"""Words that open a heading, not a speaker's name (days and months head diary lines; time off
heads the user's own: "2026-08-01 Vacation: off from ..." is no person named Vacation; an
agent titles its notes "Postmortem:", "Runbook:", "ADR:")."""

_SPEAKER = lazy_regex(
    r"^\s*(?P<date>" + OPENING_DATE + r"\s*[:,\-–—]?\s*)?"
    r"(?P<label>[^\W\d_][\w'’.-]*(?:[ \t][^\W\d_][\w'’.-]*){0,2})[ \t]*:[ \t]+(?=\S)")
"""An optional leading date, then a label of one to three words and a colon."""


def _labelled(line: str) -> re.Match[str] | None:
    """``_SPEAKER.match(line)``, for a line that holds a colon (the label's): a line without
    one, most lines of a note, cost a try of every opening date's form (~30-150 µs), and a
    save asks it of each of its lines several times (the facts, the turns, the changes)."""
    return _SPEAKER.match(line) if ":" in line else None

_NAME_WORD = lazy_regex(r"[A-ZÁÉÍÓÚÑ][a-záéíóúñüàèìòùç]+(?:['’-][A-Za-záéíóúñüàèìòùç]+)*")
"""A word of a person's name: a capital, then lower-case letters ("Marta", "O'Brien",
"Mary-Jane"); no digits, no word in capitals (a ticket, an acronym)."""

TITLES = frozenset("dr dra mr mrs ms miss sr sra srta prof profa".split())
"""Titles before a name ("Dr. Bakker:", "Sra. Gómez:"): not a word of the name."""

USER = "user"

_SPEAKING = FIRST_PERSON | frozenset(
    "you your yours yourself yourselves tu tus te ti contigo usted ustedes vosotros".split())
"""Words only a person speaking says (``_speaks``)."""

NAMES_THAT_ARE_WORDS = frozenset("will may mark bill sue pat rob grace hope".split())
"""First names that are also short words of the language ("Will", "May"): a speaker's label
where the text is a chat between people, a word elsewhere."""


@dataclass(frozen=True)
class Speaker:
    """Whose "I" a line's first-person facts are: ``USER``, a name, or nobody (the
    assistant)."""

    subject: str | None


def speaker_of(line: str, *, turns: frozenset[str] = frozenset()) -> Speaker | None:
    """The line's speaker, or None when it opens with no speaker's label. ``turns``: the
    labels (folded) that head several lines of the text the line is from (``turns``)."""
    m = _labelled(line)
    if m is None:
        return None
    label = m.group("label")
    words = [fold(word) for word in label.split()]
    if len(words) == 1 and words[0] in USER_LABELS:
        return Speaker(USER)
    if len(words) == 1 and words[0] in ASSISTANT_LABELS:
        return Speaker(None)
    written = label.split()
    if len(written) > 1 and fold(written[0]).rstrip(".") in TITLES:
        written, words = written[1:], words[1:]  # "Dr. Bakker": the name is "Bakker"
    if not all(_NAME_WORD.fullmatch(word) for word in written):
        return None  # "root cause:", "TODO:", "PAY-1423:", "note to self:"
    if any(word in HEADINGS or len(word) < 2 for word in words):
        return None
    if len(words) > 1 and _a_verb_opening(words[0]):
        return None  # "Dropped Vercel: ...", "Dejamos Vercel: ...": a note's verb and object
    if any(word in STOPWORDS and (word not in NAMES_THAT_ARE_WORDS
                                  or " ".join(words) not in turns) for word in words):
        return None  # "Then:" never speaks; "Will:" only where the text is a chat
    if " ".join(words) not in turns and (
            m.group("date") is None and all(map(_a_word, words))
            or all(map(_a_topic_word, words)) and not _speaks(line[m.end():])):
        # "Testing: unit tests with...": a common word heads a note; dated, only a word
        # shaped as a topic does ("[2026-08-11] Testing: ...", "Deployment: ..."): a dated
        # line's "Pau:", "Grace:", "Ray:" are people whose lines often hold no pronoun ("Nos
        # mudamos a Badajoz", "Just got back from Lisbon"), and were read as the user's
        return None
    return Speaker(label)


def _a_verb_opening(word: str) -> bool:
    """A verb a note opens with before what it acted on: an English past of a common word
    ("dropped", "moved", "switched") or a Spanish "we" form ("dejamos", "cambiamos",
    "movimos"); a given name is neither ("Jared", "Ramos" is too short)."""
    return len(word) > 4 and word.endswith("ed") and is_common_word(word) \
        or len(word) > 5 and word.endswith(("amos", "emos", "imos"))


def _a_word(word: str) -> bool:
    """A common word, or the -ing form of one ("packaging", "debugging", "deploying"):
    a name is neither ("Irving", "Sterling")."""
    return is_common_word(word) or _an_ing_form(word)


def _an_ing_form(word: str) -> bool:
    stem = word[:-3] if word.endswith("ing") and len(word) > 5 else ""
    return bool(stem) and any(
        is_common_word(form) for form in (stem, stem + "e", stem[:-1]) if len(form) > 2)


_TOPIC_ENDINGS = ("ment", "tion", "sion", "ance", "ence", "ity", "ness", "ism", "ogy", "ics",
                  "ure", "cion", "miento", "dad")
"""Endings of the nouns a note is titled with ("Deployment", "Security", "Architecture",
"Configuración", "Despliegue" aside): seldom a given name's."""


def _a_topic_word(word: str) -> bool:
    return _an_ing_form(word) or len(word) > 5 and word.endswith(_TOPIC_ENDINGS) \
        and is_common_word(word)


def _speaks(said: str) -> bool:
    """Whether what follows a label speaks as a person does, in the first or second person
    ("[2026-05-02] Rose: I got the job!", "Grace: are you coming?"). A dated label of common
    words alone is a note's title when nobody speaks: "[2026-08-11] Testing: ledgerkit uses
    Vitest", "[2026-09-14] Postmortem: nightly load outage", "Decision: ..." (agents title
    their notes so)."""
    return not _SPEAKING.isdisjoint(re.findall(r"[^\W\d_]+", fold(said).lower()))


def past_label(line: str) -> str:
    """``line`` past its date and speaker label ("[2026-10-12] Kenji: My legs are dead" ->
    "My legs are dead"): what the speaker said, which no name of the label is part of. The
    line as it is when it opens with no speaker's label (``speaker_of``)."""
    m = _labelled(line)
    return line[m.end():] if m is not None and speaker_of(line) is not None else line


def turns(text: str) -> frozenset[str]:
    """The labels (folded) that open two lines or more of ``text``: a chat's speakers ("Will:
    ...", then "Will: ..." again), where a heading opens one line; or every label, when
    another one is a name no dictionary holds ("Will: I live in Boston now." / "Xena:
    Cool."): a chat between the two."""
    seen: set[str] = set()
    again: set[str] = set()
    for line in text.splitlines():
        m = _labelled(line)
        if m is not None:
            key = fold(m.group("label"))
            (again if key in seen else seen).add(key)
    named = [key for key in seen if key not in HEADINGS and not all(
        is_common_word(word) for word in key.split())]
    if len(seen) >= 2 and named:
        return frozenset(key for key in seen if key not in HEADINGS)
    return frozenset(again)


@functools.lru_cache(maxsize=4096)
def opening_speaker(text: str) -> Speaker | None:
    """The speaker of a memory's first line: the one whose turn it is. Kept for the texts
    asked last: a search asks it of each candidate several times (who said it, is it the
    user's), and reading every line's label is the cost."""
    return speaker_of(text.lstrip().split("\n", 1)[0], turns=turns(text))


def assistant_said(text: str) -> bool:
    """Whether ``text`` opens with the assistant's label ("2026-03-05 assistant: Ice or
    heat?"): a turn of the model, not of anyone the memory is about."""
    speaker = opening_speaker(text)
    return speaker is not None and speaker.subject is None
