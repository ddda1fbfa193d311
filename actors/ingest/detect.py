"""Detection: what kind of text is this (code, journal, clinical note, recipe, story ...)?

Each data type collects evidence points from English and Spanish cue lexicons (accent-folded) and
from the text's shape; the best score wins, or GENERIC when nothing is convincing. A caller-given
content_type or domain always wins. Pure scoring: no I/O, no model, deterministic.
"""

from __future__ import annotations

import re
from collections import Counter

from actors.dates import parse_date
from actors.ingest.languages import detect_language
from actors.ingest.types import CONTENT_TYPES as CONTENT_TYPES
from actors.ingest.types import DataType, Detection
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS_EN, STOPWORDS_ES, fold
from store.errors import UnknownContentType

_WORD = lazy_regex(r"[a-z]+")
_ONLY_ES = STOPWORDS_ES - STOPWORDS_EN
_ONLY_EN = STOPWORDS_EN - STOPWORDS_ES


def _lex(words: str) -> frozenset[str]:
    return frozenset(words.split())


TOPICS: dict[str, frozenset[str]] = {
    "cooking": _lex(
        "recipe receta ingredients ingredientes oven horno flour harina sugar azucar eggs egg "
        "huevos huevo butter mantequilla salt sal pepper pimienta onion cebolla garlic ajo oil "
        "aceite tomato tomate bake hornear boil hervir fry freir cook cocinar cocer pan sarten "
        "cup cups taza tazas tablespoon teaspoon cucharada cucharadas cucharadita grams gramos "
        "milk leche rice arroz dough masa sauce salsa minutes minutos simmer stir remover"
    ),
    "medicine": _lex(
        "patient paciente doctor medico hospital symptoms sintomas medication medicamento "
        "diagnosis diagnostico fever fiebre pain dolor treatment tratamiento dose dosis mg "
        "blood sangre pressure tension clinic clinica nurse enfermera prescription receta"
    ),
    "education": _lex(
        "student students alumno alumnos teacher profesor profesora school escuela colegio "
        "exam examen course curso lesson leccion homework deberes university universidad "
        "grade nota notas semester semestre classroom aula subject asignatura learning"
    ),
    "literature": _lex(
        "novel novela chapter capitulo poem poema poetry poesia author autor book libro "
        "character personaje story cuento historia plot trama reader lector writer escritor"
    ),
    "finance": _lex(
        "money dinero budget presupuesto bank banco invoice factura tax taxes impuestos "
        "investment inversion salary sueldo salario euros dollars dolares loan prestamo "
        "mortgage hipoteca savings ahorro ahorros expenses gastos income ingresos account cuenta"
    ),
    "travel": _lex(
        "trip viaje flight vuelo hotel airport aeropuerto passport pasaporte luggage maleta "
        "train tren beach playa tourist turista museum museo visa itinerary itinerario "
        "vacation vacaciones hostel booking reserva"
    ),
    "software": _lex(
        "code codigo server servidor deploy despliegue database api bug git python java "
        "docker kubernetes function funcion endpoint repository repositorio backend frontend "
        "compile compilar library libreria framework service servicio services microservice "
        "postgresql postgres mysql sqlite redis kafka mongodb elasticsearch sql query queries "
        "migration migrations migracion schema cache queue cluster staging production prod "
        "release build ci pipeline pytest jest junit gradle maven npm pip cargo rust golang "
        "typescript javascript kotlin linter lint refactor commit merge branch rebase "
        "dependency dependencies package module config configuration env variable variables "
        "auth login token session cookie crash exception stacktrace traceback test tests "
        "testing repo monorepo terraform aws gcp azure nginx http https json yaml graphql "
        "websocket cli sdk orm alembic django flask fastapi react vue angular node "
        # the front end's own words: "We moved state management from Redux Toolkit to
        # Zustand" read as a personal move and was filed outside its project (probe-agent)
        "ui css html component components redux zustand webpack vite svelte tailwind "
        "storybook eslint prettier pnpm yarn jsx tsx"
    ),
}

CLINICAL = _lex(
    "patient paciente diagnosis diagnostico symptoms sintomas treatment tratamiento mg "
    "prescribed pautado pautada history antecedentes exploracion auscultacion anamnesis fever "
    "fiebre pain dolor dose dosis ecg allergy allergies alergia alergias hypertension "
    "hipertension diabetes bp tension arterial mmhg bpm saturation saturacion analitica "
    "labs clinical clinico clinica medication medicacion vitals examination prognosis "
    "cefalea nauseas vomitos abdominal cardiac cardiaco pulmonary respiratory chest torax"
)
SECTIONS = lazy_regex(
    r"^[ \t]*(?:#+\s*|\*\*)?(?:motivo de consulta|antecedentes|anamnesis|exploracion(?: fisica)?|"
    r"juicio clinico|diagnostico|plan|tratamiento|evolucion|medicacion|chief complaint|hpi|"
    r"history of present illness|subjective|objective|assessment|diagnosis|medications?|"
    r"allergies|alergias|vitals|vital signs|physical exam(?:ination)?|impression)\s*(?:\*\*)?:",
    re.MULTILINE,
)
PERSONAL = _lex(
    "diary diario journal felt feel sentia senti siento happy feliz sad triste tired cansado "
    "cansada mom mama dad papa family familia friends amigos amigas friend amigo amiga "
    "birthday cumpleanos girlfriend boyfriend novia novio wife husband esposa marido hoy today "
    "yesterday ayer tonight manana weekend finde live lives living lived moved move mudado "
    "mudamos mude vivo vive vivimos vivia neighbour neighbor vecino vecina sister brother "
    "hermana hermano cousin primo prima son daughter hijo hija kids ninos partner pareja "
    "wedding boda dog cat perro gato flat apartment piso house casa home hogar trip vacation "
    "vacaciones holiday novia doctor medico"
)
FIRST_PERSON = _lex("i me my mine we our yo mi mis me conmigo nosotros nuestra nuestro")
IMPERATIVES = _lex(
    "add mix stir preheat bake cut chop pour heat serve install run open click select press "
    "remove place combine whisk boil fry season configure download copy insert wait "
    "anade anadir agrega agregar mezcla mezclar corta cortar hornea hornear calienta calentar "
    "pon poner sirve servir remueve bate batir precalienta vierte verter instala instalar "
    "ejecuta ejecutar abre abrir pulsa pulsar selecciona copia deja dejar retira retirar "
    "cuece cocer sofrie pela pelar"
)
PROCESS_HEADERS = lazy_regex(
    r"^[ \t]*(?:#+\s*)?(?:ingredients|ingredientes|steps|pasos|instructions|instrucciones|method|"
    r"metodo|preparation|preparacion|elaboracion|materials|materiales|procedure|"
    r"procedimiento|directions|requirements|requisitos|how to|como hacer)\b",
    re.MULTILINE,
)
STEP = lazy_regex(r"^[ \t]*(?:\d{1,2}[.)]\s+|(?:step|paso)\s+\d+)", re.MULTILINE)
BULLET = lazy_regex(r"^[ \t]*[-*•]\s+\S", re.MULTILINE)
QUANTITY = lazy_regex(r"\b\d+(?:[.,]\d+)?\s*(?:g|kg|ml|l|cl|gr|gramos|grams|cups?|tazas?|"
                      r"cucharadas?|cucharaditas?|tbsp|tsp|oz|lb|minutos|minutes|min)\b")
NARRATIVE_MARKER = lazy_regex(
    r"^[ \t]*(?:#+\s*)?(?:chapter|capitulo|part|parte|scene|escena|prologue|prologo|epilogue|"
    r"epilogo)\b[ \t]*(?:[ivxlcdm]+|\d+|[a-z]+)?[ \t]*[.:]?[ \t]*$",
    re.MULTILINE,
)
SPEECH = _lex(
    "said asked replied whispered shouted murmured answered cried dijo pregunto respondio "
    "susurro grito murmuro contesto exclamo"
)
THIRD = _lex("he she his her him they el ella ellos ellas su sus le")
PAST = _lex("was were had did went looked turned era estaba habia fue miro volvio sintio")


def parse_content_type(value: str) -> DataType | None:
    """A caller's content_type as a DataType; None for "auto"; UnknownContentType otherwise."""
    key = fold(value).strip() if isinstance(value, str) else ""
    if key == "auto":
        return None
    if key in CONTENT_TYPES:
        return DataType(key.upper())
    raise UnknownContentType(value, CONTENT_TYPES)


def _hits(counts: Counter[str], lexicon: frozenset[str]) -> int:
    """How many of the counted words are in ``lexicon``: walks the smaller side (a short
    note's words rather than a lexicon of hundreds; the same sum either way)."""
    if len(counts) < len(lexicon):
        return sum(n for word, n in counts.items() if word in lexicon)
    return sum(counts[word] for word in lexicon)


STORY_WORDS = 40
"""Words a text's pronouns and past tense are measured over, at least: in a one-line chat turn
("Mum had a fall in her flat, nothing broken.") two such words made it literature
(``literature.narrative`` for a holiday turn, an outside tester noticed)."""


def _cap(value: float, limit: float) -> float:
    return min(value, limit)


def _scores(text: str, folded: str, words: list[str], language_score: float,
            code_ratio: float) -> dict[DataType, float]:
    n = max(1, len(words))
    counts = Counter(words)
    lines = [ln for ln in text.split("\n") if ln.strip()]
    scores: dict[DataType, float] = {}

    scores[DataType.CODE] = (
        code_ratio * 10 + _cap(language_score, 10) * 0.5 if code_ratio >= 0.25 or
        language_score >= 4 else code_ratio * 4
    )

    dated = sum(1 for ln in lines[:400] if parse_date(ln) is not None)
    personal = _cap(dated * 3.0, 9.0)
    personal += _cap(_hits(counts, PERSONAL) * 0.8, 4.0)
    # First person alone does not make a note personal ("our service uses X" is a work
    # note): it stays under the generic threshold unless a date or a personal word joins it.
    personal += _cap(_hits(counts, FIRST_PERSON) / n * 40, 2.5)
    personal -= _cap(_hits(counts, TOPICS["software"]) * 0.7, 3.0)
    scores[DataType.PERSONAL] = max(personal, 0.0)

    clinical = _cap(_hits(counts, CLINICAL) * 0.8, 10.0)
    clinical += _cap(len(SECTIONS.findall(folded)) * 2.5, 10.0)
    scores[DataType.CLINICAL] = clinical if clinical >= 4 else clinical / 2

    process = _cap(len(STEP.findall(folded)) * 1.5, 9.0)
    process += _cap(len(PROCESS_HEADERS.findall(folded)) * 2.5, 7.0)
    process += _cap(len(BULLET.findall(folded)) * 0.3, 2.0)
    starts = [_WORD.findall(ln)[:1] for ln in fold("\n".join(lines)).split("\n")]
    process += _cap(sum(1 for s in starts if s and s[0] in IMPERATIVES) * 1.0, 6.0)
    process += _cap(len(QUANTITY.findall(folded)) * 0.5, 3.0)
    scores[DataType.PROCESS] = process

    narrative = _cap(len(NARRATIVE_MARKER.findall(folded)) * 4.0, 8.0)
    narrative += _cap(sum(1 for ln in lines if ln.lstrip()[:1] in "—–\"“«") * 0.7, 5.0)
    narrative += _cap(_hits(counts, SPEECH) * 0.8, 5.0)
    story = max(n, STORY_WORDS)
    narrative += _cap(_hits(counts, THIRD) / story * 30, 3.0)
    narrative += _cap(_hits(counts, PAST) / story * 30, 3.0)
    paragraphs = [p for p in re.split(r"\n\s*\n", text) if p.strip()]
    if paragraphs and sum(len(p) for p in paragraphs) / len(paragraphs) > 300:
        narrative += 1.5
    scores[DataType.NARRATIVE] = narrative if narrative >= 5 else narrative / 2
    return scores


def topic(words: list[str]) -> str | None:
    """The dominant subject area, or None when no lexicon has at least two hits."""
    counts = Counter(words)
    best, best_hits = None, 1
    for name, lexicon in TOPICS.items():
        hits = _hits(counts, lexicon)
        if hits > best_hits:
            best, best_hits = name, hits
    return best


def natural_language(words: list[str]) -> str:
    """'es' when Spanish-only stop words outnumber English-only ones, else 'en'."""
    es = sum(1 for w in words if w in _ONLY_ES)
    en = sum(1 for w in words if w in _ONLY_EN)
    return "es" if es > en else "en"


def _domain_for(data_type: DataType, language: str | None, words: list[str]) -> str:
    subject = topic(words)
    if data_type is DataType.CODE:
        return f"software.{language}" if language else "software"
    if data_type is DataType.CLINICAL:
        return "medicine.clinical"
    if data_type is DataType.NARRATIVE:
        return "literature.narrative"
    if data_type is DataType.PROCESS:
        return f"process.{subject}" if subject and subject != "software" else "process"
    if data_type is DataType.PERSONAL:
        return f"personal.{subject}" if subject else "personal"
    return subject or "general"


_DOMAIN_TYPES = (
    ("software", DataType.CODE),
    ("medicine.clinical", DataType.CLINICAL),
    ("clinical", DataType.CLINICAL),
    ("personal", DataType.PERSONAL),
    ("process", DataType.PROCESS),
    ("literature.narrative", DataType.NARRATIVE),
    ("narrative", DataType.NARRATIVE),
)


def _type_from_domain(domain: str) -> DataType | None:
    for prefix, data_type in _DOMAIN_TYPES:
        if domain == prefix or domain.startswith(prefix + "."):
            return data_type
    return None


def detect(
    text: str,
    *,
    content_type: str | None = None,
    domain: str | None = None,
    filename: str | None = None,
) -> Detection:
    """Detect data type, domain, programming language and natural language of ``text``."""
    folded = fold(text)
    words = _WORD.findall(folded)
    lang = natural_language(words)
    language, language_score, code_ratio = detect_language(text, filename)
    given_type = parse_content_type(content_type) if content_type else None
    given_domain = domain.strip().lower() if domain and domain.strip() else None

    if given_type is None and given_domain is not None:
        given_type = _type_from_domain(given_domain)
        if given_type is DataType.CODE:
            suffix = given_domain.split(".", 1)[1] if "." in given_domain else ""
            language = suffix.split(".")[0] or language
    if given_type is not None or given_domain is not None:
        data_type = given_type
        if data_type is None:
            data_type, _ = _best(_scores(text, folded, words, language_score, code_ratio))
        if data_type is not DataType.CODE:
            language = None
        return Detection(
            data_type=data_type,
            domain=given_domain or _domain_for(data_type, language, words),
            confidence=1.0,
            language=language,
            lang=lang,
        )

    data_type, confidence = _best(_scores(text, folded, words, language_score, code_ratio))
    if filename and language and language_score >= 100:  # a code file extension
        data_type, confidence = DataType.CODE, max(confidence, 0.95)
    return Detection(
        data_type=data_type,
        domain=_domain_for(data_type, language if data_type is DataType.CODE else None, words),
        confidence=confidence,
        language=language if data_type is DataType.CODE else None,
        lang=lang,
    )


GENERIC_THRESHOLD = 3.0


def _best(scores: dict[DataType, float]) -> tuple[DataType, float]:
    ranked = sorted(scores.items(), key=lambda kv: -kv[1])
    (top, top_score), second = ranked[0], ranked[1][1]
    if top_score < GENERIC_THRESHOLD:
        return DataType.GENERIC, round(0.5 + (GENERIC_THRESHOLD - top_score) / 12, 3)
    confidence = 0.5 + 0.5 * (top_score - second) / (top_score + 1.0)
    return top, round(max(0.0, min(1.0, confidence)), 3)
