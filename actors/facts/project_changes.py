"""A project's tools and versions, and their changes: facts of the project, never of the user.

An agent writing notes about the repositories it works in tells what a project uses ("harbor
dependencies are managed with Poetry", "orca (the ingestion pipeline) is written in Go 1.22",
"lumen requires Node 20 LTS") and, later, the change ("harbor no longer uses Poetry, we
switched to uv", "We moved the harbor event bus from RabbitMQ to NATS JetStream", "orca
upgraded to Go 1.24", "Hemos pasado de MySQL a PostgreSQL 16", "bumped the TTL from 5 to 15
minutes"). Before this module none of the first kind was a fact, and "we switched to uv" was
read by the stack rule as the *user's* stack: the session-start brief of every project then
told "stack: uv" about the user, and the note went to the global scope.

Each fact here is keyed by what kind of thing the value is, so the earlier setting and its
change share one timeline:

  tool:package manager   Poetry, uv, pip, npm, pnpm, yarn ...
  tool:message queue     RabbitMQ, NATS, Kafka, SQS ...
  tool:warehouse         Snowflake, BigQuery, Redshift ...
  tool:ci                Jenkins, GitHub Actions, GitLab CI ...
  database               PostgreSQL, MySQL, MongoDB ... (the attribute ``patterns`` uses)
  version:<runtime>      'Go 1.24', 'Node 22', 'Python 3.12' (a runtime with its version)
  value                  a setting measured in numbers ("the TTL" from 5 to 15 minutes)

The value must be a known name of the kind (a change: both names, of one kind), or a runtime
written with its version ("Go" alone is a verb), or, for a setting, numbers: "we moved from
Leeds to Python", "switched from tea to coffee", "we moved to Berlin" tell nothing here.

The owner is the project or thing the sentence names: the words before the verb ("harbor",
"orca"), or the object of the move ("the harbor event bus" -> "harbor"), without the kind's
own nouns; "we" (or no subject) is "project". ``keys.scoped_subject`` files a fact named by
its own project's name under "project" too, so "harbor uses Poetry" and "we switched to uv",
saved in project:harbor, are one timeline. "I" is never the owner here: "I switched to uv",
"he pasado de Python 2 a Python 3" tell nothing (the user's editor and language are
``tools``').

Names that are also words ("we use poetry in therapy") count alone only written capitalised or
in backticks; a move to a tool that is also a firm by someone named ("Sarah moved to
Databricks") is a job, not a tool (``_lower_owner``, with ``common_words``' dictionary). The
questions that ask for these keys are ``project_questions``'. Pure functions (the dictionary
is read once, on first use); no other I/O.
"""

from __future__ import annotations

import re

from actors.facts.common_words import is_common_word
from actors.facts.values import Folded
from actors.facts.version_changes import version_facts
from actors.lazy_re import lazy_regex
from actors.text import STOPWORDS, fold

Found = tuple[int, str, str, str]

_TOOLS: dict[str, tuple[str, ...]] = {
    "tool:package manager": (
        "poetry", "uv", "pip", "pipenv", "pdm", "hatch", "conda", "mamba", "npm", "pnpm",
        "yarn", "bun", "bundler", "composer"),
    "tool:message queue": (
        "rabbitmq", "nats jetstream", "nats", "apache kafka", "kafka", "redpanda", "amazon sqs",
        "aws sqs", "sqs", "google pub/sub", "pub/sub", "activemq", "amazon mq", "apache pulsar",
        "pulsar", "kinesis", "redis streams", "zeromq"),
    "tool:warehouse": (
        "snowflake", "bigquery", "amazon redshift", "redshift", "databricks", "azure synapse",
        "synapse", "firebolt"),
    "tool:ci": (
        "jenkins", "github actions", "gitlab ci/cd", "gitlab ci", "circleci", "circle ci",
        "travis ci", "travis", "buildkite", "teamcity", "azure pipelines", "bitbucket pipelines"),
    "database": (
        "postgresql", "postgres", "mysql", "mariadb", "sqlite", "mongodb", "mongo", "dynamodb",
        "cassandra", "sql server", "mssql", "cockroachdb", "couchdb", "neo4j", "clickhouse",
        "timescaledb", "scylladb", "cloud spanner", "spanner", "oracle", "firestore",
        "planetscale", "yugabytedb"),
}  # fmt: skip
"""Known names of each kind, folded and lower case."""
_FIRMS = frozenset((
    "oracle snowflake databricks redpanda planetscale firebolt cockroachdb mongodb clickhouse "
    "neo4j circleci buildkite teamcity yugabytedb timescaledb scylladb couchdb").split())
"""Tools that are also firms one goes to work at ("Sarah moved to Databricks")."""
_KIND_OF = {name: kind for kind, names in _TOOLS.items() for name in names}
_SHOWN = {"postgres": "PostgreSQL", "mongo": "MongoDB", "circle ci": "CircleCI",
          "travis": "Travis CI", "aws sqs": "Amazon SQS", "sqs": "Amazon SQS",
          "apache kafka": "Kafka", "apache pulsar": "Pulsar", "gitlab ci/cd": "GitLab CI",
          "mssql": "SQL Server", "cloud spanner": "Spanner", "amazon redshift": "Redshift",
          "azure synapse": "Synapse"}
"""Other spellings of one name: shown, and compared, as the usual one."""
RUNTIMES = {"node": "Node", "node.js": "Node", "nodejs": "Node", "go": "Go", "golang": "Go",
             "python": "Python", "java": "Java", "ruby": "Ruby", "php": "PHP", "rust": "Rust",
             ".net": ".NET", "dotnet": ".NET", "elixir": "Elixir", "kotlin": "Kotlin",
             "scala": "Scala", "deno": "Deno", "typescript": "TypeScript", "erlang": "Erlang",
             "swift": "Swift"}
"""Runtimes and languages read with their version only ("Go 1.24", "Node 22")."""

_KIND_NOUNS = {
    "tool:package manager": (r"package\s+manager|dependency\s+manager|dependencies|deps|"
                             r"packaging|package\s+management|dependency\s+management|"
                             r"gestor\s+de\s+(?:paquetes|dependencias)|dependencias|"
                             r"gestion\s+de\s+(?:paquetes|dependencias)"),
    "tool:message queue": (r"message\s+(?:queue|broker|bus)|queue|broker|event\s+bus|bus|"
                           r"messaging|cola(?:\s+de\s+mensajes)?|bus\s+de\s+eventos"),
    "tool:warehouse": r"(?:data\s+)?warehouse|almacen(?:\s+de\s+datos)?",
    "tool:ci": (r"ci(?:/cd)?(?:\s+(?:provider|pipeline|system))?|integracion\s+continua|"
                r"builds?|build\s+system"),
    "database": r"database|db|datastore|base\s+de\s+datos",
}
"""The nouns a kind is named by ("the harbor event bus" is harbor's message queue)."""
_ANY_KIND_NOUN = lazy_regex(r"(?:^|\s)(?:" + "|".join(_KIND_NOUNS.values()) + r")$")

_VERSION = r"v?\d+(?:\.\d+){0,2}"
_NAME_RE = (r"(?:(?:the|an?|el|la|un|una)\s+)?`?(?:(?P<{p}rt>"
            + "|".join(re.escape(r) for r in sorted(RUNTIMES, key=len, reverse=True))
            + r")\s+(?P<{p}ver>" + _VERSION + r")(?:\s+lts)?|(?P<{p}tool>"
            + "|".join(re.escape(t) for t in sorted(_KIND_OF, key=len, reverse=True))
            + r")(?:\s+" + _VERSION + r")?)(?![\w+/-]|\.\w)")
"""A known name: a runtime with its version, or a tool (its version, if written, dropped)."""


def _name(prefix: str) -> str:
    return _NAME_RE.replace("{p}", prefix)


NUMBER = r"\d+(?:[.,]\d+)?"
UNIT = (r"(?:milliseconds?|ms|seconds?|secs?|s|minutes?|mins?|min|hours?|hrs?|h|days?|d|"
         r"weeks?|kb|mb|gb|tb|%|percent|segundos?|minutos?|horas?|dias?|semanas?|"
         r"requests?|req|connections?|workers?|replicas?|retries|threads?)")
PER = (r"(?:\s*(?:/|per|por|a\s+la|al)\s*(?:second|sec|s|minute|min|hour|h|day|segundo|minuto|"
        r"hora|dia))?")
"""A rate's second unit ("200 requests per minute")."""
SETTING_NOUNS = lazy_regex(
    r"(?:^|\s)(?:ttl|timeout|time-out|limit|retention(?:\s+period)?|interval|expiry|"
    r"expiration|threshold|quota|concurrency|parallelism|replicas|retries|pool\s+size|"
    r"batch\s+size|window|tiempo\s+de\s+espera|limite|retencion|intervalo|umbral|"
    r"connections|workers|threads|lote|conexiones|hilos|(?:limite|retencion)\s+de\s+\w+|"
    r"tamano\s+(?:del?|de\s+la)\s+\w+)$")
"""What a number sets ("the cache TTL", "the retry limit", "el límite")."""
_FOR_A_WHILE = lazy_regex(r"\b(?:temporarily|briefly|for\s+(?:the|a)\s+(?:test|load\s+test|"
                          r"benchmark|experiment|day|night)|(?:then|and)\s+(?:\w+\s+)?back\s+to|"
                          r"temporalmente|provisionalmente|para\s+la\s+prueba|"
                          r"(?:y\s+)?luego\s+(?:otra\s+vez\s+)?(?:volvimos|de\s+nuevo)\s+a)\b")
"""A change undone in the same breath ("temporarily bumped the pool size to 40 during the
incident, then back to 20"): no value to keep."""
COUNTED = lazy_regex(
    r"(?:^|\s)(?:pool\s+size|batch\s+size|replicas|retries|workers|connections|threads|"
    r"concurrency|parallelism|limit|lote|conexiones|hilos|limite(?:\s+de\s+\w+)?|"
    r"tamano\s+(?:del?|de\s+la)\s+\w+)$")
"""Settings that count things: their number needs no unit ("bumped the pool size to 40",
"subimos el tamaño de lote a 1000"); a time or a size does ("the timeout from 30 to 60")."""

_PASSIVE = frozenset("was were is are got has have been had fue fueron ha han sido se".split())
"""The auxiliary between a setting and the verb that changed it, in the passive."""
_AUX = frozenset(("have has had 've just finally now already recently also then so "
                  "ha han hemos he ya ahora tambien entonces").split())
_WE = frozenset("we nosotros nosotras".split())
_I = frozenset("i yo".split())
GENERIC_OWNERS = frozenset(("team project repo repository codebase app application equipo "
                             "proyecto repositorio").split())
"""An owner that is the project itself ("the team migrated ...", "the repo uses ...")."""
_NO_OWNERS = frozenset("everything all stuff things todo everything else".split())
"""What was moved names no owner ("we moved everything to uv")."""
_AND = frozenset("and then y e luego".split())
_OTHERS = frozenset("other another their otro otra otros otras".split())
"""Before the owner: someone else's project ("the other team", "their repo")."""
_DAY = lazy_regex(r"\d{4}-\d{2}(?:-\d{2})?|\d{1,2}/\d{1,2}(?:/\d{2,4})?")
"""A date written as a note's lead: no owner."""
_NEGATED = lazy_regex(r"(?:\bno\s+longer|\bnot|n't|\bnever|\bya\s+no|\bno|\bnunca)\s+$")

_VERB_FROM_TO = lazy_regex(
    r"\b(?:switched|moved|migrated|changed|went|gone|upgraded|downgraded|bumped|ported|"
    r"transitioned|pasado|pasamos|paso|migrado|migramos|migro|migraron|cambiado|cambiamos|"
    r"cambio|movido|movimos|actualizado|actualizamos)\s+(?P<thing>(?:[\w.'’/-]+\s+){0,5}?)"
    r"(?:from|off|de|del)\s+" + _name("o") + r"\s+(?:to|onto|over\s+to|a|al)\s+" + _name("n"))
_VERB_TO = lazy_regex(
    r"\b(?:switched|moved|migrated|upgraded|changed|gone|went\s+back|pasado|pasamos|paso|migrado|"
    r"migramos|migro|cambiado|cambiamos|actualizado|actualizamos|volvimos|regresamos)\s+(?P<thing>(?:(?:the|our|its|their|my|el|"
    r"la|nuestro|nuestra|su)\s+)?(?:(?!(?:from|de|del)\s)[\w.'’/-]+\s+){0,3}?)?(?:over\s+|"
    r"all\s+|back\s+)?(?:to|onto|a|al)\s+"
    + _name("n"))
_REPLACED = lazy_regex(
    r"\b(?:replaced|swapped|exchanged|sustituimos|sustituido|reemplazamos|reemplazado|"
    r"cambiamos|cambiado)\s+" + _name("o") + r"\s+(?:with|for|by|por)\s+" + _name("n"))
"""A name replaced by another of its kind: "We replaced RabbitMQ with NATS", "sustituimos
Jenkins por GitLab CI"."""
_NO_LONGER = lazy_regex(
    r"\b(?:no\s+longer|ya\s+no)\s+(?:uses?|runs?\s+on|is\s+on|are\s+on|usa|usamos|utiliza|"
    r"utilizamos|corre\s+(?:en|sobre))\s+" + _name("o"))
_NOW = lazy_regex(
    r"\b(?:now|ahora)\s+(?:(?:it|we|they)\s+)?(?:uses?|use|is\s+on|are\s+on|runs?\s+on|usa|"
    r"usamos|utiliza|utilizamos|corre\s+(?:en|sobre)|esta\s+en|estamos\s+en)?\s*" + _name("n")
    + r"|\b(?:we(?:'ve|\s+have)?|hemos|han|it|they)\s+(?:switched|moved|migrated|gone|"
    r"pasado|migrado|cambiado)\s+(?:over\s+)?(?:to|a|al)\s+" + _name("m")
    + r"|\b(?:everything|all|todo)\s+(?:now\s+|ahora\s+)?(?:is|esta|lives|vive|runs|corre|"
    r"builds|deploys|se\s+despliega)\s+(?:on|in|en|through|via|con)\s+" + _name("k"))
"""What is used now, after "no longer uses A": "now (uses) B", "we switched to B", "everything
is on B" ("ya no usamos MongoDB; todo está en PostgreSQL")."""
_BUILT_ON = lazy_regex(
    r"\b(?:builds?|deploys?|ships?|releases?|desplegamos|"
    r"despliega|despliegan|compilamos|compila|publicamos)\s+(?:now\s+|ahora\s+|all\s+|todo\s+)?"
    r"(?:on|through|via|with|from|con|en|desde|a\s+traves\s+de|mediante)\s+" + _name("n"))
"""What a project builds or deploys on, when it is a CI ("everything builds on GitHub
Actions", "now deploys through GitLab CI", "desplegamos con GitHub Actions"); in the present
only: "Before the migration, everything deployed through Jenkins" tells the past."""
_CLAUSE_NEGATED = lazy_regex(r"\b(?:not|no|never|nunca|n't|todavia\s+no|aun\s+no)\b|n't\b")
_USES = lazy_regex(
    r"\b(?:uses|is\s+using|are\s+using|relies\s+on|rely\s+on|runs\s+on|run\s+on|is\s+on|"
    r"are\s+on|is\s+written\s+in|is\s+built\s+(?:on|with)|requires|needs|"
    r"(?:is|are)\s+(?:managed|installed|built)\s+(?:with|by)|usa|utiliza|emplea|"
    r"corre\s+(?:sobre|en)|esta\s+(?:escrito|hecho)\s+en|requiere|necesita)\s+" + _name("n"))
_WE_USE = lazy_regex(
    r"\b(?:we(?:'re|\s+are)\s+(?:now\s+)?(?:using|on)|we\s+(?:now\s+)?(?:use|rely\s+on)|"
    r"(?:ahora\s+)?(?:usamos|utilizamos|estamos\s+en))\s+" + _name("n"))
_OBJECT = r"(?:\([^()]{0,80}\)|[^,;.()]){1,80}?"
"""What is sent or loaded, a parenthesis in it included ("payment events (payment.captured,
payment.refunded)")."""
_SENT_TO = lazy_regex(
    r"\b(?:publishes|publish|published|sends|send|emits|emit|pushes|push|produces|publica|"
    r"publicamos|envia|enviamos)\s+" + _OBJECT + r"\s+(?:to|into|on|a|en)\s+" + _name("n"))
_LOADED_INTO = lazy_regex(
    r"\b(?:loads|load|loaded|writes|write|exports|export|lands|land|carga|cargamos|"
    r"escribe|escribimos)\s+" + _OBJECT + r"\s+(?:into|to|en|a)\s+" + _name("n"))
RUNTIME_NAME = "|".join(re.escape(r) for r in sorted(RUNTIMES, key=len, reverse=True))
_VERSION_FROM_TO = lazy_regex(
    r"\b(?:upgraded|updated|bumped|moved|migrated|switched|downgraded|actualizado|actualizamos|"
    r"subido|subimos|pasado|pasamos)\s+(?:(?:the|our|el|la|nuestro|nuestra)\s+)?"
    r"(?:(?P<thing>[\w.-]+)(?:'s|’s)?\s+)?(?P<rt>" + RUNTIME_NAME + r")(?:\s+(?:version|runtime))?"
    r"\s+(?:from|de)\s+(?P<old>" + _VERSION + r")\s+(?:to|a)\s+(?P<new>" + _VERSION
    + r")(?!\w|\.\d)")
"""A runtime's version changed, its numbers alone: "upgraded Node from 20 to 22"."""
_VERSION_CHANGED = lazy_regex(
    r"(?<![\w.-])(?P<rt>" + RUNTIME_NAME + r")(?:\s+(?:version|runtime))?\s+(?:(?:was|is|got|"
    r"has\s+been|fue|ha\s+sido|se\s+ha)\s+)?(?:upgraded|updated|bumped|moved|migrated|"
    r"switched|downgraded|actualizado|subido|pasado|migrado)\s+(?:from|de)\s+(?P<old>"
    + _VERSION + r")\s+(?:to|a)\s+(?P<new>" + _VERSION + r")(?!\w|\.\d)")
"""The same told runtime first: "Python upgraded from 3.11 to 3.12 in the Docker base image",
"Postgres was upgraded from 15 to 16"."""
_SETTING_CHANGE = lazy_regex(
    r"\b(?:bumped|raised|lowered|increased|reduced|decreased|cut|changed|dropped|moved|"
    r"subimos|bajamos|aumentamos|reducimos|cambiamos|subido|bajado|aumentado|reducido|"
    r"cambiado)\s+(?P<thing>(?!(?:from|de)\s)(?:(?:the|our|its|el|la|los|las|nuestro|nuestra|"
    r"su)\s+)?[\w./' -]{1,40}?\s+)?(?:(?:from|de)\s+(?P<old>" + NUMBER + r")(?:[\s-]*"
    r"(?P<ounit>" + UNIT + r"))?\s+)?(?:to|a)\s+(?P<new>" + NUMBER + r")(?:[\s-]*(?P<unit>"
    + UNIT + PER + r"))?(?!\w|\.\d)")
"""A setting's number changed: "bumped the TTL from 5 to 15 minutes", "bumped the pool size
to 40", "subimos el tamaño de lote a 1000" (the old number may go unsaid)."""


_COMMON_WORDS = frozenset((
    "poetry pip yarn bun hatch composer bundler mamba snowflake pulsar oracle spanner synapse "
    "kinesis travis jenkins cassandra redshift").split())
"""Tool names that are also words or names ("we use poetry in therapy", "Travis"): read alone
only when written capitalised or in backticks; in a change beside another name of their kind
("from Poetry to uv") they are the tool anyway."""


def _named(m: re.Match[str], span: Folded, p: str, *, paired: bool = False
           ) -> tuple[str, str] | None:
    """(attribute, value) of the known name in the groups prefixed ``p``; a common word
    (``_COMMON_WORDS``) needs its capital or backticks unless ``paired``."""
    runtime = m.group(p + "rt")
    if runtime:
        version = m.group(p + "ver").lstrip("v")
        return f"version:{RUNTIMES[runtime].lower()}", f"{RUNTIMES[runtime]} {version}"
    tool = m.group(p + "tool")
    if not tool:
        return None
    kind = _KIND_OF[tool]
    written = span.original(m.start(p + "tool"), m.end(p + "tool"))
    if tool in _COMMON_WORDS and not paired and written.islower() \
            and not span.original(max(0, m.start(p + "tool") - 1), m.start(p + "tool")) == "`":
        return None
    return kind, _SHOWN.get(tool) or written


_A_NAME = lazy_regex(_name("n") + r"\W*$")


def names_of_kind(text: str, attribute: str) -> bool:
    """Whether ``text`` names a thing of the attribute's kind: a tool of a ``tool:`` kind or
    the database ("use pnpm" for "tool:package manager"), the runtime of a ``version:`` one
    ("Node" for "version:node"). "The frontend is SvelteKit under web/" names no Node: no
    memory of the frontend's own Node version."""
    if attribute.startswith("version:"):
        names = [name for name, shown in RUNTIMES.items()
                 if f"version:{shown.lower()}" == attribute]
    else:
        names = list(_TOOLS.get(attribute, ()))
    folded = fold(text)
    return any(re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", folded)
               for name in names)


def is_tool_name(value: str) -> bool:
    """Whether ``value`` is a known tool or a runtime with its version, and nothing else
    ("Postgres 17", "Node 22 LTS"): no town a move went to ("Billing moved to Postgres 17")."""
    return _A_NAME.match(value.lower().strip()) is not None


def _owner_words(words: list[str]) -> str | None:
    """The owner a phrase names, without articles, possessives and the kind's own nouns
    ("the harbor event bus" -> "harbor"); "" for none left (a bare "the queue")."""
    while words and words[0] in {"the", "our", "my", "el", "la", "los", "las", "nuestro",
                                 "nuestra", "mi", "a", "an", "un", "una", "all"}:
        words = words[1:]
    if len(words) > 1 and words[0] in GENERIC_OWNERS:
        words = words[1:]  # "el repo pasarela-pagos", "the project atlas"
    phrase = " ".join(words)
    while True:
        cut = _ANY_KIND_NOUN.search(phrase)
        if cut is None:
            break
        phrase = phrase[:cut.start()].strip()
    phrase = re.sub(r"(?:'s|’s)$", "", phrase).strip()
    if phrase in GENERIC_OWNERS or phrase in _NO_OWNERS or phrase in STOPWORDS:
        return ""
    return phrase


def _owner_before(span: Folded, at: int) -> str | None:
    """The owner named before the verb at ``at``: "project" for "we" or no subject, None for
    "I" (the user's) or a subject that names no project ("my sister")."""
    clause = re.split(r"[,;:()]|\s[-–—]\s", re.sub(r"\([^)]*\)|\[[^\]]*\]", " ",
                                                    span.folded[:at]))[-1]
    # a note's date ("[2026-06-09] Switched ...", "2026-06-09: ...") is no subject
    words = [w for w in re.findall(r"[\w.'’/+#-]+", clause) if not _DAY.fullmatch(w)]
    while words and words[-1] in _AUX:
        if words[-1] == "he" or words[-2:] == ["me", "he"]:
            return None  # "he pasado de ... a ...": the speaker's (I have)
        words.pop()
    if not words:
        return "project"
    if words[-1] in _AND:  # "we dropped Jenkins and moved CI to ...": the clause's subject
        first = words[0].replace("’", "'")
        return "project" if first in _WE or first in ("we've", "we'd") else None
    last = words[-1].replace("’", "'")
    if last in _WE or last in ("we've", "we'd"):
        return "project"
    if last in _I or last.startswith("i'"):
        return None
    picked: list[str] = []
    for word in reversed(words):
        if word in STOPWORDS or len(picked) == 3:
            break
        picked.insert(0, word)
    if not picked or len(words) > len(picked) and words[-len(picked) - 1] in _OTHERS:
        return None  # "the other team moved ...", "otro equipo migró ...": not this project
    owner = _owner_words(picked)
    return "project" if owner == "" else owner


def _owner(span: Folded, m: re.Match[str], at: int) -> str | None:
    """The owner of a change: the object moved when it names one ("the harbor event bus"),
    else the subject before the verb."""
    thing = (m.groupdict().get("thing") or "").split()
    if thing and thing[0] not in {"its", "their", "su", "sus"}:
        owner = _owner_words(thing)
        if owner:
            return owner
    return _owner_before(span, at)


def _lower_owner(span: Folded, m: re.Match[str], owner: str) -> bool:
    """A move to a name without "from" is a project's, unless it is a move to a firm (one of
    ``_FIRMS``, no version written) by someone named: "Sarah moved to Databricks", "Ana moved
    to Oracle" are jobs, not tools. The owner is then a project when it is "we", the thing
    moved, or words that are no person's name: lower case as repositories are, or common words
    (``common_words``)."""
    if owner == "project" or (m.groupdict().get("thing") or "").strip():
        return True
    tool = m.group("ntool")
    if tool is None or tool not in _FIRMS or m.end() > m.end("ntool"):
        return True  # a runtime or a version written ("Billing moved to Postgres 17"): no job
    written = span.original(0, m.start()).split()[-len(owner.split()):]
    return not any(w[:1].isupper() and not is_common_word(w) for w in written)


def _said(span: Folded, at: int) -> bool:
    """Not negated right before ("harbor does not use X", "no longer uses X")."""
    return _NEGATED.search(span.folded[max(0, at - 14):at]) is None


def project_facts(span: Folded) -> list[Found]:
    """(start, owner, attribute, value) for each tool, version or setting a sentence says a
    project uses or changed to (see the module docstring)."""
    folded = span.folded
    out: list[Found] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, owner: str | None, named: tuple[str, str] | None) -> None:
        if owner and named is not None and not any(a <= start < b for a, b in taken):
            out.append((start, owner, *named))
            taken.append((start, end))

    for m in _VERB_FROM_TO.finditer(folded):
        old, new = _named(m, span, "o", paired=True), _named(m, span, "n", paired=True)
        if old is not None and new is not None and old[0] == new[0] and old[1] != new[1]:
            add(m.start(), m.end(), _owner(span, m, m.start()), new)
    for m in _REPLACED.finditer(folded):
        old, new = _named(m, span, "o", paired=True), _named(m, span, "n", paired=True)
        if old is not None and new is not None and old[0] == new[0] and old[1] != new[1]:
            add(m.start(), m.end(), _owner_before(span, m.start()), new)
    for m in _VERSION_CHANGED.finditer(folded):
        runtime = RUNTIMES[m.group("rt")]
        if m.group("old").lstrip("v") != m.group("new").lstrip("v") and _said(span, m.start()):
            add(m.start(), m.end(), _owner_before(span, m.start()),
                (f"version:{runtime.lower()}", f"{runtime} {m.group('new').lstrip('v')}"))
    for m in _VERSION_FROM_TO.finditer(folded):
        runtime = RUNTIMES[m.group("rt")]
        if m.group("old").lstrip("v") != m.group("new").lstrip("v"):
            thing = m.group("thing")
            owner = (_owner_words([thing]) or "project") if thing and thing not in STOPWORDS \
                else _owner_before(span, m.start())
            add(m.start(), m.end(), owner,
                (f"version:{runtime.lower()}", f"{runtime} {m.group('new').lstrip('v')}"))
    for m in _NO_LONGER.finditer(folded):
        old = _named(m, span, "o")
        now = _NOW.search(folded, m.end())
        if old is None or now is None:
            continue
        new = _named(now, span, "n", paired=True) or _named(now, span, "m", paired=True) \
            or _named(now, span, "k", paired=True)
        if new is not None and new[0] == old[0] and new[1] != old[1]:
            add(now.start(), now.end(), _owner_before(span, m.start()), new)
    for m in _VERB_TO.finditer(folded):
        owner = _owner(span, m, m.start())
        if _said(span, m.start()) and owner is not None and _lower_owner(span, m, owner):
            add(m.start(), m.end(), owner, _named(m, span, "n"))
    for pattern in (_USES, _WE_USE):
        for m in pattern.finditer(folded):
            if _said(span, m.start()):
                owner = "project" if pattern is _WE_USE else _owner_before(span, m.start())
                add(m.start(), m.end(), owner, _named(m, span, "n"))
    for pattern, kind in ((_SENT_TO, "tool:message queue"), (_LOADED_INTO, "tool:warehouse")):
        for m in pattern.finditer(folded):
            named = _named(m, span, "n")
            if named is not None and named[0] == kind and _said(span, m.start()):
                add(m.start(), m.end(), _owner_before(span, m.start()), named)
    for m in _BUILT_ON.finditer(folded):
        named = _named(m, span, "n")
        if named is not None and named[0] == "tool:ci" and not _clause_negated(span, m.start()):
            add(m.start(), m.end(), _owner_before(span, m.start()), named)
    out.extend(version_facts(span, taken, RUNTIMES, usual_name, _owner, _owner_before))
    out.extend(_setting_changes(span, taken))
    return out


def usual_name(word: str) -> str | None:
    """A known runtime's or tool's name as shown ("postgres" -> "PostgreSQL", "golang" ->
    "Go"), the word itself for a known tool with one spelling, None for any other word."""
    return RUNTIMES.get(word) or _SHOWN.get(word) or (word if word in _KIND_OF else None)


def _clause_negated(span: Folded, at: int) -> bool:
    """A negation anywhere in the clause before ``at`` ("Not everything deploys through GitLab
    CI yet"): ``_said`` looks only right before the verb."""
    clause = re.split(r"[,;:]|\s[-–—]\s", span.folded[:at])[-1]
    return _CLAUSE_NEGATED.search(clause) is not None



_DETERMINERS = frozenset("the our its el la los las nuestro nuestra su".split())
_CONFIG_KEY = lazy_regex(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")
"""A config key or environment variable, folded ("webhook_max_retries")."""


def setting_name(thing: str) -> str:
    """A setting's name as its key: folded, without a leading day, determiner or a trailing
    auxiliary ("the pool size was raised from 20 to 40"), and without a possessive, so
    "Ferrocart's loader batch size" and "Ferrocart loader batch size" are one setting."""
    words = re.sub(r"(?<=\w)['’]s\b", "", thing.lower()).split()
    while words and (words[0] in _DETERMINERS or re.fullmatch(r"[\d-]+:?", words[0])):
        words = words[1:]
    while words and words[-1] in _PASSIVE:
        words = words[:-1]
    return " ".join(words)


def _setting_changes(span: Folded, taken: list[tuple[int, int]]) -> list[Found]:
    """"bumped the TTL from 5 to 15 minutes", "harbor FX rate cache TTL lowered from 15
    minutes to 60 seconds", "subimos el timeout de 30 a 60 segundos": the setting named
    before "from" (its noun one of ``SETTING_NOUNS``) is the new number with its unit."""
    out: list[Found] = []
    for m in _SETTING_CHANGE.finditer(span.folded):
        if any(a <= m.start() < b for a, b in taken):
            continue
        thing = (m.group("thing") or "").strip()
        if not thing:  # "the cache TTL lowered from ...": the setting before the verb
            clause = re.split(r"[,;:()]|\s[-–—]\s", span.folded[:m.start()])[-1]
            thing = " ".join(clause.split()[-5:])
        thing = setting_name(thing)
        named = re.sub(r"[_.]+", " ", thing)  # a config key: "payout_batch_size", "pool.size"
        unit = m.group("unit") or m.group("ounit")
        # an upper-case config key is a setting whatever its words ("KESTREL_TIMEOUT_S",
        # "WEBHOOK_MAX_RETRIES"): its number needs no setting noun and no unit
        key = _CONFIG_KEY.fullmatch(thing) is not None and span.original(
            m.start("thing"), m.end("thing")).strip().isupper() if m.group("thing") else False
        if not thing or not (key or SETTING_NOUNS.search(named)) or not _said(span, m.start()) \
                or not (key or unit or COUNTED.search(named)) or _FOR_A_WHILE.search(span.folded):
            continue
        value = span.original(m.start("new"), m.end("unit") if m.group("unit") else m.end("new"))
        if not m.group("unit") and m.group("ounit"):
            value = f"{value} {span.original(m.start('ounit'), m.end('ounit'))}"
        out.append((m.start(), thing, "value", value.strip()))
    return out


def own_clause(span: Folded, start: int) -> str:
    """The sentence up to the end of the clause a fact starts in (the next ";"): a date told
    after it is another thing's ("migrated its warehouse from Snowflake to BigQuery;
    Snowflake account closes in March 2026" is no move dated March)."""
    end = span.folded.find(";", start)
    return span.text if end < 0 else span.original(0, end)
