"""A technical value asked of a named thing, and whether a memory gives it.

"Which Kafka version does Tidewell use?", "What port does Orbit's metrics endpoint use?",
"How many retries does Ferrocart's vendor download do?", "What is Priya Raman's phone
number?": each asks for a value with a form of its own (a version, a port, a count...), of
a thing the question names. A developer's store holds many memories about the thing (a
session summary "added retries to the vendor download step", "Orbit's API listens on port
7070") and many values of other things ("Dana's Orbit moved from Kafka 3.5", "Tidewell runs
Python 3.12"): neither answers. The question is answered only by a memory that holds every
name the question gives its owner ("Tidewell", "Priya Raman") and a value of the asked form
told of the asked thing: for a version, right after the product ("Kafka 3.5", "Postgres 16",
"PG 16", "Kubernetes cluster from 1.29 to 1.31"); for the other kinds, in a sentence holding a
word of what the question says the value is of ("metrics endpoint", "vendor download",
"session cleanup job"). English and Spanish ("¿Qué versión de Kafka...?", "¿En qué puerto
corre...?", "¿Cuántos reintentos...?").

Only questions asking for the value itself count: "Why did Tidewell's local port change?" and
"Which environment variable controls the timeout?" ask something else. Pure functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from actors.dates import LEADING_DATE, MONTHS, WEEKDAYS
from actors.facts.common_words import is_common_word
from actors.lazy_re import Regex, lazy_regex
from actors.navigation.query import QUESTION_WORDS
from actors.navigation.stem import stem
from actors.text import STOPWORDS, fold

_COUNTED = (r"retries|retry\s+attempts|reintentos|replicas|partitions|particiones|shards|"
            r"threads|hilos|pods")
"""Things of a system a count is asked of that a note gives as a number ("WEBHOOK_MAX_RETRIES=5",
"three replicas"). Counts of a person's things ("how many kids", "how many attempts at the
driving test") are often told by listing them, so they are not here."""


@dataclass(frozen=True)
class _Kind:
    """One kind of value a question may ask for."""

    label: str
    """How a reply names it: "version", "port"."""
    asked: str
    """The folded words of a question naming it (a regex alternative)."""
    value: Regex
    """The value's own form, matched against a memory's (original-case) text."""
    cue: frozenset[str] = frozenset()
    """If set, the question must hold one of these folded words (or an acronym) to ask this
    kind: "What port did the cruise stop at?" asks for a harbour, not a network port."""


_NUM_WORDS = (r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|once|"
              r"twice|uno|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|veinte")

_VERSION = _Kind("version", r"versions?|versiones", lazy_regex(
    r"(?<![\w.-])[vV]?\d+(?:\.(?:\d+|x))*(?![\w-])"))
_PORT = _Kind("port", r"ports?|puertos?", lazy_regex(r"(?<![\w.-])\d{2,5}(?![\w%]|[.,]\d)"),
              cue=frozenset("""server servers service services servidor servicio endpoint api
              database db listen listens listening escucha bind binds local locally dev
              staging production prod docker compose container contenedor gateway proxy http
              https tcp udp grpc ssh sftp ftp smtp webserver metrics run runs use uses usa
              usan expose exposes corre
              backend frontend postgres redis mysql kafka preview""".split()))
_PHONE = _Kind("phone number", r"(?:tele)?phone\s+numbers?|mobile\s+numbers?|cell\s+numbers?|"
               r"numeros?\s+de\s+(?:telefono|movil|celular)",
               lazy_regex(r"\+?\(?\d[\d\s().-]{5,}\d"))
_HOST = _Kind("address", r"host\s*names?|urls?|connection\s+strings?|dsn|cadenas?\s+de\s+"
              r"conexion|ip\s+address(?:es)?|direccion(?:es)?\s+ip", lazy_regex(
                  r"\b[a-z][a-z0-9+.-]*://\S+|\b\d{1,3}(?:\.\d{1,3}){3}\b|"
                  r"\b[a-z0-9-]+(?:\.[a-z0-9-]+){2,}\b|"
                  r"\b[a-z][a-z0-9]*(?:-[a-z0-9]+)*-\d[a-z0-9-]*\b|"
                  r"\b[a-z0-9-]+\.(?:com|net|org|io|dev|internal|local|lan|cloud)\b",
                  re.IGNORECASE))
_CRON = _Kind("schedule", r"cron(?:\s+(?:schedules?|expressions?|entr(?:y|ies)|lines?|"
              r"timings?))?|crontab|expresion(?:es)?\s+cron|horarios?\s+(?:de\s+)?cron",
              lazy_regex(r"(?:^|[\s`'\"(])(?:[\d*/,-]+\s+){4}[\d*/,-]+|@(?:hourly|daily|"
                         r"weekly|monthly|yearly|annually|midnight|reboot)\b|"
                         r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm|h)\b|\b\d{1,2}:\d{2}\b|"
                         r"\bevery\s+\d+\s*(?:min|mins|minutes?|h|hours?)\b|"
                         r"\bcada\s+\d+\s*(?:min|minutos?|horas?)\b", re.IGNORECASE))
_INTERVAL = _Kind("interval", r"intervals?|timeouts?|time-outs?|ttl|keep-?alive(?:\s+"
                  r"intervals?)?|intervalos?|tiempos?\s+de\s+espera", lazy_regex(
                      rf"(?<![\w.])(?:\d+(?:[.,]\d+)?|{_NUM_WORDS})\s*(?:ms|s|m|h|secs?|"
                      r"seconds?|mins?|minutes?|hours?|hrs?|days?|milliseconds?|segundos?|"
                      r"minutos?|horas?|dias?|milisegundos?)\b", re.IGNORECASE))
_COUNT = _Kind("count", rf"{_COUNTED}", lazy_regex(
    rf"(?<![\w.:-])\d+(?![\w%:]|[.,]\d)|\b(?:{_NUM_WORDS})\b", re.IGNORECASE))

_KINDS = (_VERSION, _PORT, _PHONE, _HOST, _CRON, _INTERVAL)

_WH = r"(?:what|which|que|cual|cuales)"
_BETWEEN = r"((?:[\w.+#'’-]+\s+){0,3}?)"
_NOT_BETWEEN = frozenset("""the a an el la los las un una does do did is was are were has have
    had will can should that who whose es era fue son tiene""".split())
"""Words that, between "which" and the kind's word, make the kind's word something else's
("Which file sets the port", "Which version does..." is read apart)."""
_NOT_OF = frozenset("""that which who does do did controls control sets set defines define
    holds hold stores store keeps keep file files variable variables var vars flag flags
    command script setting settings env environment fichero archivo variable que quien
    changed change cambio why""".split())
"""Words that, between "What is" and the kind's word, ask something else about the value ("What
is the env var that sets the port?")."""

_GENERIC = frozenset("""run runs running ran use uses used using set pinned pin pins now
    currently current value values do does number numero configured configure configurado
    corre usa usan tiene lleva have has had build builds built is on en we our nuestro
    nuestra default today hoy change changed changes move moved cambio cambiamos cambiaron
    cambiado year years ano anos month months mes meses week weeks semana""".split())
"""Question words that tell nothing of what the value is of ("What port does X run on now")."""

PRODUCT_ALIASES = (frozenset({"postgres", "postgresql", "pg", "psql", "aurora"}),
            frozenset({"kubernetes", "k8s", "eks", "gke", "aks"}),
            frozenset({"node", "nodejs"}), frozenset({"go", "golang"}),
            frozenset({"mongo", "mongodb"}), frozenset({"python", "cpython", "py"}),
            frozenset({"javascript", "js"}), frozenset({"typescript", "ts"}),
            frozenset({"terraform", "tf"}), frozenset({"elasticsearch", "elastic"}))
"""Short names a developer writes for a product ("PG 16", "k8s 1.31", "golang 1.23")."""

_SETTINGS = (frozenset("local locally localhost dev development desarrollo".split()),
             frozenset("staging preprod preproduccion".split()),
             frozenset("production prod produccion".split()))
"""Environments a value is set for: a memory telling the value of another environment only
("cluster ledgerline-cache-prod") does not give the staging one, nor does one naming none
(fix-never7: the value told with no environment is most often the one everybody uses, and a
reply giving it for staging is a silent substitution)."""

_EVERY_SETTING = lazy_regex(r"\beverywhere\b|\b(?:all|every|both|each)\s+(?:the\s+|our\s+)?"
                            r"(?:envs?|environments?)\b|\btodos\s+los\s+entornos\b|"
                            r"\ben\s+todas\s+partes\b|\bcada\s+entorno\b")
"""A value told of every environment ("We run Redis 7.2 everywhere"): it is staging's too."""

_WORD = lazy_regex(r"\d+(?:\.(?:\d+|x))*|[^\W_]+(?:\.js)?")
"""A word of a memory, a dotted number kept whole ("1.29") and "Node.js" one word."""
_NAME = lazy_regex(r"[A-ZÁÉÍÓÚÑ][\wáéíóúñü.+#-]*(?:['’]s)?")
_BESIDE = 6
"""Words back from a version to its product ("the production Kubernetes cluster from 1.29 to
1.31"); a name between ("Python, Airflow 2.7") ends the search."""


@dataclass(frozen=True)
class AskedSetting:
    """What a question asks: a value of ``kind`` of the thing it names."""

    kind: _Kind
    owners: tuple[tuple[str, ...], ...]
    """The names the question gives (folded words, one tuple per name: "Priya Raman")."""
    product: frozenset[str]
    """For a version, the forms of the product's words ("kafka"; "postgres", "pg"...)."""
    about: frozenset[str]
    """Stems of the words saying what the value is of ("metric", "endpoint")."""
    counted: frozenset[str]
    """For a count, the stems of what is counted ("retry"): the value's sentence names it."""
    said: str
    """The thing asked, as the question says it ("Tidewell's Kafka version")."""
    settings: tuple[frozenset[str], ...] = ()
    """The environments the question names (``_SETTINGS``: "in staging", "locally")."""

    def held_by(self, text: str) -> bool:
        """Whether ``text`` (one memory) gives the value asked: every owner named in it, and
        the value's form beside the product (a version) or in a sentence about the asked
        thing."""
        body = _HEADERS.sub(" ", LEADING_DATE.sub("", text))
        words = {fold(word) for word in _WORD.findall(body)}
        if not all(any(part in words or f"{part}s" in words for part in name)
                   for name in self.owners) and self._names_another(body):
            return False  # "Dana's Orbit moved from Kafka 3.5" for Tidewell's Kafka; a
            # memory naming nothing ("Cut WEBHOOK_MAX_RETRIES from 5 to 3") may be the owner's
        if self.settings and not any(words & group for group in self.settings) \
                and not _EVERY_SETTING.search(fold(body)):
            return False  # "Redis 7.2 on ElastiCache, cluster ledgerline-cache-prod" for
            # the Redis version of staging; "Norbank's SFTP server listens on port 2222"
            # names no environment, so it gives no staging port either
        if self.kind is _PHONE:
            return any(sum(c.isdigit() for c in m.group()) >= 7
                       for m in self.kind.value.finditer(body))
        for sentence in _SENTENCE_END.split(body):
            if self.kind is _VERSION:
                if self._versioned(sentence):
                    return True
                continue
            if not self._about(sentence) or self.counted and not any(
                    _alike(fold(word), self.counted) for word in _WORD.findall(sentence)):
                continue
            if self.kind.value.search(sentence):
                return True
            if self.kind is _INTERVAL and re.search(r"\d", sentence) and re.search(
                    rf"(?:{self.kind.asked})", fold(sentence).replace("_", " ")):
                return True  # "KESTREL_TIMEOUT_S from 30 to 12", "TTL=300"
        return False

    def _names_another(self, body: str) -> bool:
        """Whether ``body`` names someone or something by a name (the product asked aside):
        a capitalised word inside a sentence, or one opening it that is no common word
        ("Tidewell local dev server: ..."; "Cut WEBHOOK_MAX_RETRIES from 5 to 3" names
        nothing)."""
        for sentence in _SENTENCE_END.split(body):
            for at, word in enumerate(_WORD.findall(sentence)):
                if len(word) < 2 or not word[0].isupper() or word.isupper() \
                        or fold(word) in self.product or fold(word) in MONTHS \
                        or fold(word) in WEEKDAYS:
                    continue
                if at > 0 or not is_common_word(word):
                    return True
        return False

    def _about(self, sentence: str) -> bool:
        if not self.about:
            return True
        return any(_alike(fold(word), self.about) for word in _WORD.findall(sentence))

    def _versioned(self, sentence: str) -> bool:
        """A version in ``sentence`` told of the product: the product among the words before
        it, no other name between ("Kafka 3.5", "Kubernetes cluster from 1.29 to 1.31"), or
        right after it ("16 de Postgres")."""
        spans = list(_WORD.finditer(sentence))
        words = [found.group() for found in spans]
        for at, word in enumerate(words):
            if not self.kind.value.fullmatch(word) or not any(c.isdigit() for c in word) \
                    or at + 1 < len(words) and fold(words[at + 1]) in _UNITS \
                    or sentence[spans[at].end():].lstrip()[:1] in ("%", "$", "€", "£"):
                continue  # "cached in Redis for 26 hours", "Redis at 50%": no version
            for back in range(at - 1, max(-1, at - 1 - _BESIDE), -1):
                said = words[back]
                if fold(said) in self.product:
                    return True
                if said[:1].isupper() and back > 0:
                    break  # "(Python, Airflow 2.7)": 2.7 is Airflow's
            after = [fold(w) for w in words[at + 1:at + 3]]
            if len(after) == 2 and after[0] in ("of", "de", "del") and after[1] in self.product:
                return True
        return False


_UNITS = frozenset("""s ms sec secs second seconds min mins minute minutes h hr hrs hour hours
    day days week weeks month months year years gb mb kb tb gib mib percent pct x rps qps
    requests rows items users times attempts retries connections pods replicas workers threads
    segundos minutos horas dias semanas meses anos veces reintentos intentos filas""".split())
"""Words after a number that make it an amount, not a version ("26 hours", "5 retries")."""

_SENTENCE_END = lazy_regex(r"(?<=[.!?])\s+|\n+")
"""Where a sentence ends ("DB pool was exhausted; set MaxOpenConns to 40" is one)."""

_HEADERS = lazy_regex(r"\[[^\]\n]*\d[^\]\n]*\]|\b\d{4}-\d{2}-\d{2}\b")
"""A turn's day and time ("[2025-12-10]", "2025-09-14"): no value a question asks for."""


def _alike(word: str, stems: frozenset[str]) -> bool:
    """``word`` is a form of one of ``stems`` ("locally" of "local", "metrics" of "metric")."""
    own = stem(word)
    return own in stems or any(
        len(short) >= 4 and long.startswith(short)
        for other in stems for short, long in ((own, other), (other, own)))


def setting_asked(question: str) -> AskedSetting | None:
    """The value ``question`` asks for, when it asks for a technical value of a form of its
    own of a thing it names; None for any other question."""
    folded = fold(question).replace("’", "'")
    opening = re.sub(r"^[\W_]+", "", folded)
    for kind in _KINDS:
        found = _asks(opening, kind.asked)
        if found is None:
            continue
        if re.search(r"(?:s|es)$", found.group(0)) and kind is not _PHONE \
                and not re.search(r"(?:keepalive|ttl)$", found.group(0)):
            continue  # "Which cron schedules did we change?", "Which Quillstack versions...":
            # every value of a kind, not one thing's: the memories listing them answer
        if kind.cue and not (set(re.findall(r"[^\W_]+", folded)) & kind.cue
                             or re.search(r"\b[A-Z]{2,}\b", question)):
            continue
        return _setting(question, kind, found)
    found = _counted(opening)
    return _setting(question, _COUNT, found) if found is not None else None


def _asks(opening: str, asked: str) -> re.Match[str] | None:
    """The kind's word where the question asks for it: "Which [Kafka] version", "What port",
    "¿En qué puerto", "What is [the gRPC keepalive] interval", "¿Cuál es el teléfono de..."."""
    head = re.match(rf"(?:(?:en|a|de|con|on|at|in)\s+)?{_WH}\s+{_BETWEEN}(?:{asked})\b",
                    opening)
    if head is not None and not set(head.group(1).split()) & _NOT_BETWEEN:
        return head
    named = re.match(rf"{_WH}\s*(?:is|was|are|were|'s|es|era|fue|son|eran)\s+"
                     rf"((?:[\w.+#'-]+\s+){{0,7}}?)(?:{asked})\b", opening)
    if named is not None and not set(named.group(1).replace("'s", " ").split()) & _NOT_OF:
        return named
    return None


def _counted(opening: str) -> re.Match[str] | None:
    """A count of a system's things asked: "How many retries...", "¿Cuántos reintentos...",
    "What is the retry count / max retries / number of replicas..."."""
    return re.match(rf"(?:how\s+many|cuant[oa]s)\s+((?:[\w.+#'-]+\s+){{0,2}}?)"
                    rf"(?:{_COUNTED})\b", opening) or re.match(
        rf"{_WH}\s*(?:is|was|'s|es|era)\s+((?:[\w.+#'-]+\s+){{0,5}}?)(?:retry\s+count|"
        rf"max(?:imum)?\s+retries|(?:number|numero)\s+(?:of|de)\s+(?:{_COUNTED})|"
        rf"{_SIZED})\b", opening)


_SIZED = (r"(?:(?:connection\s+)?pool|batch|page|queue|buffer)\s+size|max(?:imum)?\s+"
          r"(?:pool\s+size|connections|batch\s+size)|tamano\s+(?:maximo\s+)?(?:del?\s+)?"
          r"(?:pool|lote|batch|pagina|cola)")
"""A size a system is set to, asked by its name ("What is the connection pool size?", "¿Cuál es
el tamaño máximo del pool de conexiones?"): a number in a sentence naming the thing sized."""
_SIZE_WORDS = frozenset("size max maximum tamano maximo del de".split())


def _named_product(word: str) -> bool:
    """``word`` (as the question writes it) names a piece of software: written as a name
    ("Kafka", "AWS", "Node.js") or a short name developers write in lower case ("postgres")."""
    return word[:1].isupper() or any(c.isdigit() or c == "." for c in word) \
        or any(fold(word) in forms for forms in PRODUCT_ALIASES)


def _setting(question: str, kind: _Kind, found: re.Match[str]) -> AskedSetting | None:
    """The owners, the product and the words of what the value is of, read from
    ``question`` (``found``: where it asks the kind)."""
    folded_kind = set(re.findall(r"[^\W_]+", found.group(0)[found.end(1) - found.start(0):]))
    product_words = [w for w in _WORD.findall(found.group(1)) if fold(w) not in STOPWORDS] \
        if kind is _VERSION else []
    if kind is _VERSION and not product_words:
        after = re.search(rf"(?:{kind.asked})\s+(?:of|de|del)\s+(?:(?:the|el|la)\s+)?"
                          r"([\w.+#-]+)", fold(question))
        product_words = [after.group(1)] if after else []
    shown = {fold(token): token for token in re.findall(r"[\w.+#-]+", question)}
    product_words = [shown.get(w, w) for w in product_words]
    if kind is _VERSION and not any(_named_product(w) for w in product_words):
        return None  # "Which version of the report did Ana send?": no software named
    product = {fold(w) for w in product_words if len(w) > 1} | {
        part for w in product_words for part in re.findall(r"[^\W_]+", fold(w)) if len(part) > 2}
    for forms in PRODUCT_ALIASES:
        if product & forms:
            product |= forms
    words = question.split()
    owners: list[list[str]] = []
    said_owners: list[str] = []
    last = -2
    for at, raw in enumerate(words):
        token = raw.strip("¿?¡!,.;:()\"'")
        bare = re.sub(r"['’]s$", "", token)
        if at == 0 or not _NAME.fullmatch(token) or bare.isupper() or len(bare) < 2 \
                or fold(bare) in MONTHS or fold(bare) in WEEKDAYS \
                or (kind is _VERSION and fold(bare) in product):
            continue
        parts = [fold(p) for p in re.findall(r"[^\W_]+", bare)]
        if at == last + 1 and owners:
            owners[-1].extend(parts)
            said_owners[-1] += f" {bare}"
        else:
            owners.append(parts)
            said_owners.append(bare)
        last = at
    owned = {part for name in owners for part in name}
    about_words = [w for w in re.findall(r"[^\W_]+", fold(question))
                   if w not in STOPWORDS and w not in _GENERIC and w not in owned
                   and w not in folded_kind and w not in product
                   and len(w) > 1 and not w.isdigit() and w not in MONTHS
                   and w not in QUESTION_WORDS
                   and w not in ("what", "which", "how", "many", "que", "cual", "cuantos",
                                 "cuantas", "version", "versiones")]
    sized = [w for w in folded_kind if w not in _SIZE_WORDS] \
        if kind is _COUNT and re.search(_SIZED, found.group(0)) else []
    about = frozenset(stem(w) for w in [*about_words, *sized])
    whose = " and ".join(said_owners)
    counted_said = [w for w in re.findall(r"[^\W_]+", found.group(0))
                    if re.fullmatch(_COUNTED, w)]
    thing = " ".join([*product_words, kind.label]) if kind is _VERSION \
        else f"number of {' '.join(counted_said)}" if kind is _COUNT and counted_said \
        else " ".join(sorted(folded_kind, key=found.group(0).find)) if sized \
        else kind.label

    said = f"{whose}'s {thing}" if whose else f"the {thing}"
    if kind is not _VERSION and about_words:
        said += f" ({' '.join(dict.fromkeys(about_words))})"
    counted = frozenset(stem(w) for w in re.findall(r"[^\W_]+", fold(found.group(0)))
                        if re.fullmatch(_COUNTED, w)) if kind is _COUNT else frozenset()
    return AskedSetting(kind=kind, owners=tuple(tuple(name) for name in owners),
                        product=frozenset(product),
                        about=about if kind is not _VERSION else frozenset(), said=said,
                        counted=counted,
                        settings=tuple(group for group in _SETTINGS
                                       if group & set(re.findall(r"[^\W_]+", fold(question)))))
