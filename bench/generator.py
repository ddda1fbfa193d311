"""A seeded generator of realistic coding-agent memories for the benchmarks.

What it makes (English and Spanish, roughly 70/30):
- ordinary memories: decisions, setups, bugs, preferences, personal notes, and code snippets in
  Python, Java and TypeScript; each carries a ``probe`` query built from its own distinctive
  words, so a search for it must not come back NONE (a false absence);
- needles: a long note about a project with one unique fact (an invented code word) buried in
  the middle of the body, plus the question that only that fact answers (recall@1);
- knowledge updates: pairs of dated memories about a named person whose city or employer
  changed, plus the question and the current value it must lead with.

Everything is a pure function of the seed: the same seed gives the same memories byte for byte
(``tests/bench_smoke`` checks it). It must never touch the store, the clock or the network.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterator
from dataclasses import dataclass

# ---------------------------------------------------------------------------- vocabulary

PROJECT_A = ("billing", "inventory", "checkout", "search", "payments", "auth", "reporting",
             "shipping", "catalog", "notifications", "analytics", "onboarding", "ledger",
             "scheduler", "gateway", "pricing", "invoicing", "telemetry", "booking", "crm")
PROJECT_B = ("service", "api", "worker", "frontend", "backend", "pipeline", "dashboard", "app")
TOOLS = ("PostgreSQL", "Redis", "Kafka", "RabbitMQ", "Celery", "FastAPI", "Django", "Flask",
         "Spring Boot", "Quarkus", "Next.js", "React", "Vue", "Svelte", "Terraform", "Ansible",
         "Docker Compose", "Kubernetes", "Helm", "GitHub Actions", "GitLab CI", "pytest", "JUnit",
         "Vitest", "Playwright", "ruff", "mypy", "ESLint", "Prettier", "Gradle", "Maven", "Poetry",
         "uv", "pnpm", "Sentry", "Prometheus", "Grafana", "OpenTelemetry", "Elasticsearch",
         "SQLite", "MongoDB", "DuckDB", "Alembic", "Flyway", "Liquibase", "nginx", "Caddy")
TOPICS = ("migrations", "caching", "background jobs", "feature flags", "logging", "tracing",
          "rate limiting", "retries", "pagination", "authentication", "file uploads",
          "search indexing", "deployments", "secrets rotation", "load testing", "code review",
          "dependency updates", "database backups", "error reporting", "schema validation")
TOPICS_ES = ("migraciones", "caché", "tareas en segundo plano", "feature flags", "logs",
             "trazas", "limitación de peticiones", "reintentos", "paginación", "autenticación",
             "subida de ficheros", "indexado de búsqueda", "despliegues", "rotación de secretos",
             "pruebas de carga", "revisión de código", "actualización de dependencias",
             "copias de seguridad", "reporte de errores", "validación de esquemas")
REASONS = ("it keeps the deploy simple", "the team already knows it", "it halved the p95 latency",
           "the old setup kept timing out under load", "it is cheaper to run on one node",
           "the license of the alternative changed", "it has first-class async support",
           "we need exactly-once delivery for invoices", "the on-call rota asked for it")
REASONS_ES = ("simplifica el despliegue", "el equipo ya lo conoce", "redujo a la mitad la latencia",
              "la configuración anterior fallaba con carga", "es más barato en un solo nodo",
              "cambió la licencia de la alternativa", "tiene soporte asíncrono de verdad")
SYMPTOMS = ("requests hang for 30 seconds", "the worker leaks memory", "timestamps are off by one "
            "hour", "the login page loops forever", "CSV exports drop the last row",
            "the cache returns stale prices", "tests fail only on CI", "Unicode names are mangled",
            "the queue grows without bound", "pagination skips records")
SYMPTOMS_ES = ("las peticiones se cuelgan 30 segundos", "el worker pierde memoria",
               "las fechas salen con una hora de desfase", "el login entra en bucle",
               "las exportaciones CSV pierden la última fila", "la caché devuelve precios viejos",
               "los tests fallan solo en CI", "los nombres con tildes se rompen")
CAUSES = ("a missing index on the foreign key", "a connection pool of size one",
          "naive datetimes compared with aware ones", "a retry loop without backoff",
          "an off-by-one in the cursor", "the TTL was set in milliseconds, not seconds",
          "the locale of the CI runner", "an unclosed file handle per request")
CAUSES_ES = ("faltaba un índice en la clave foránea", "un pool de conexiones de tamaño uno",
             "fechas sin zona horaria comparadas con fechas con zona",
             "un bucle de reintentos sin espera", "un error de uno en el cursor",
             "el TTL estaba en milisegundos y no en segundos", "el locale del runner de CI")
FIRST_NAMES = ("Ana", "Luis", "Marta", "Javier", "Lucía", "Carlos", "Elena", "Pablo", "Sofía",
               "Diego", "Laura", "Miguel", "Paula", "Andrés", "Irene", "Tom", "Sarah", "James",
               "Emily", "Oliver", "Priya", "Chen", "Fatima", "Noah", "Hannah")
CITIES = ("Madrid", "Barcelona", "Valencia", "Sevilla", "Bilbao", "Zaragoza", "Málaga", "Granada",
          "Lisbon", "Porto", "Berlin", "Munich", "Amsterdam", "Dublin", "London", "Paris", "Lyon",
          "Milan", "Vienna", "Prague", "Warsaw", "Copenhagen", "Stockholm", "Toronto", "Austin")
COMPANIES = ("Acme Robotics", "Northwind", "Globex", "Initech", "Umbrella Labs", "Hooli",
             "Stark Logistics", "Wayne Analytics", "Soylent Foods", "Tyrell Systems", "Cyberdyne",
             "Vandelay Industries", "Pied Piper", "Aperture Science", "Monarch Solutions")
SYLLABLES = ("ka", "zo", "ri", "ven", "tul", "mar", "qui", "lo", "bex", "dra", "nor", "pi",
             "sta", "vek", "yun", "fal", "gor", "hex", "jin", "wro", "xan", "ply", "tor", "zef")
PERSONAL = ("My sister {name} has her birthday on {day} {month}.",
            "{name} from the {project} team prefers pairing sessions in the morning.",
            "I am allergic to penicillin; keep that in mind for travel plans.",
            "My dentist appointment is on {day} {month} at 10:00.",
            "{name} lent me the book about distributed systems; give it back in {month}.")
PERSONAL_ES = ("Mi hermana {name} cumple años el {day} de {month_es}.",
               "{name}, del equipo de {project}, prefiere programar en pareja por la mañana.",
               "Tengo cita con el dentista el {day} de {month_es} a las 10:00.",
               "{name} me prestó el libro de sistemas distribuidos; devolverlo en {month_es}.")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
MONTHS_ES = ("enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
             "septiembre", "octubre", "noviembre", "diciembre")

KINDS = ("decision", "setup", "bug", "preference", "personal", "code")
KIND_WEIGHTS = (22, 18, 18, 10, 12, 20)


# ---------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Memory:
    """One generated memory and a query that must find it (not NONE)."""

    key: str
    """Stable id within one generated set (e.g. 'm-000123'), never stored."""
    kind: str
    lang: str
    text: str
    probe: str


@dataclass(frozen=True)
class Needle:
    key: str
    text: str
    query: str
    answer: str
    """The invented code word that only this memory holds."""


@dataclass(frozen=True)
class Update:
    """Two dated memories about one key; the search must lead with ``current``."""

    key: str
    subject: str
    attribute: str
    first: str
    second: str
    query: str
    earlier: str
    current: str


# ---------------------------------------------------------------------------- generator


def _date(rng: random.Random, start_year: int = 2022, end_year: int = 2025) -> dt.date:
    start = dt.date(start_year, 1, 1).toordinal()
    end = dt.date(end_year, 12, 28).toordinal()
    return dt.date.fromordinal(rng.randint(start, end))


class Generator:
    """Deterministic memories from one seed; ``memories`` streams, the rest are small lists."""

    def __init__(self, seed: int = 20260401) -> None:
        self.seed = seed
        self._words: set[str] = set()
        self._word_rng = random.Random(seed * 7 + 3)

    def invented_word(self) -> str:
        """A made-up word used nowhere else in this generated set."""
        while True:
            word = "".join(self._word_rng.choice(SYLLABLES)
                           for _ in range(self._word_rng.randint(3, 4)))
            if word not in self._words:
                self._words.add(word)
                return word

    # ------------------------------------------------------------------ ordinary memories

    def memories(self, count: int, *, start: int = 0) -> Iterator[Memory]:
        """Memories ``start`` .. ``start + count - 1``; each index is its own seeded stream."""
        for index in range(start, start + count):
            rng = random.Random(f"{self.seed}:m:{index}")
            kind = rng.choices(KINDS, KIND_WEIGHTS)[0]
            lang = "es" if rng.random() < 0.3 and kind != "code" else "en"
            text, probe = getattr(self, f"_{kind}")(rng, lang, index)
            yield Memory(key=f"m-{index:06d}", kind=kind, lang=lang, text=text, probe=probe)

    @staticmethod
    def _project(rng: random.Random, index: int) -> str:
        return f"{rng.choice(PROJECT_A)}-{rng.choice(PROJECT_B)}-{index % 97}"

    def _decision(self, rng: random.Random, lang: str, index: int) -> tuple[str, str]:
        project, tool, other = self._project(rng, index), rng.choice(TOOLS), rng.choice(TOOLS)
        day = _date(rng).isoformat()
        if lang == "es":
            topic = rng.choice(TOPICS_ES)
            text = (f"{day}: Decidimos usar {tool} para {topic} en {project} en lugar de {other} "
                    f"porque {rng.choice(REASONS_ES)}. Lo revisaremos en la próxima "
                    f"retrospectiva; la decisión la tomó el equipo de {project.split('-')[0]}.")
        else:
            topic = rng.choice(TOPICS)
            text = (f"{day}: Decided to use {tool} for {topic} in {project} instead of {other} "
                    f"because {rng.choice(REASONS)}. We will revisit this after the next "
                    f"quarterly review; the {project.split('-')[0]} team owns the decision.")
        return text, f"{tool} {topic} {project}"

    def _setup(self, rng: random.Random, lang: str, index: int) -> tuple[str, str]:
        project = self._project(rng, index)
        port = rng.randint(3000, 9999)
        tool = rng.choice(TOOLS)
        cmd = rng.choice(("make dev", "docker compose up -d db", "uv sync", "pnpm install",
                          "./gradlew bootRun", "poetry install", "npm run dev"))
        if lang == "es":
            text = (f"Configuración de {project}: ejecuta `{cmd}` y luego arranca {tool}; la base "
                    f"de datos local escucha en el puerto {port}. Las variables están en "
                    f".env.local (nunca en el repositorio). Para los tests hace falta Docker.")
            probe = f"configuración {project} puerto {port}"
        else:
            text = (f"Setup for {project}: run `{cmd}`, then start {tool}; the local database "
                    f"listens on port {port}. Environment variables live in .env.local (never "
                    f"committed). The integration tests need Docker running.")
            probe = f"setup {project} port {port}"
        return text, probe

    def _bug(self, rng: random.Random, lang: str, index: int) -> tuple[str, str]:
        project = self._project(rng, index)
        ticket = f"{project.split('-')[0].upper()[:4]}-{rng.randint(100, 9999)}"
        if lang == "es":
            symptom, cause = rng.choice(SYMPTOMS_ES), rng.choice(CAUSES_ES)
            text = (f"Bug {ticket} en {project}: {symptom}. Causa raíz: {cause}. Lo arreglamos "
                    f"con un test de regresión y un parche pequeño; si vuelve a pasar, mirar "
                    f"primero los logs del worker.")
        else:
            symptom, cause = rng.choice(SYMPTOMS), rng.choice(CAUSES)
            text = (f"Bug {ticket} in {project}: {symptom}. Root cause: {cause}. Fixed with a "
                    f"regression test and a small patch; if it comes back, check the worker "
                    f"logs first.")
        return text, f"bug {ticket} {project}"

    def _preference(self, rng: random.Random, lang: str, index: int) -> tuple[str, str]:
        a, b = rng.sample(TOOLS, 2)
        project = self._project(rng, index)
        if lang == "es":
            topic = rng.choice(TOPICS_ES)
            text = (f"En {project} el equipo prefiere {a} antes que {b} para {topic}; "
                    f"las revisiones de código piden seguir esa convención.")
            return text, f"{a} {b} {topic} {project}"
        topic = rng.choice(TOPICS)
        text = (f"For {project} the team prefers {a} over {b} for {topic}; code reviews ask "
                f"new contributors to follow that convention.")
        return text, f"{a} {b} {topic} {project}"

    def _personal(self, rng: random.Random, lang: str, index: int) -> tuple[str, str]:
        name = f"{rng.choice(FIRST_NAMES)} {self._surname(rng)}"
        month = rng.randrange(12)
        slots = {"name": name, "day": rng.randint(1, 28), "month": MONTHS[month],
                 "month_es": MONTHS_ES[month], "project": self._project(rng, index)}
        template = rng.choice(PERSONAL_ES if lang == "es" else PERSONAL)
        text = template.format(**slots)
        words = [w for w in text.replace(";", " ").replace(",", " ").replace(".", " ").split()
                 if len(w) > 4][:4]
        return text, " ".join(words)

    @staticmethod
    def _surname(rng: random.Random) -> str:
        return "".join(rng.choice(SYLLABLES) for _ in range(3)).capitalize()

    def _code(self, rng: random.Random, lang: str, index: int) -> tuple[str, str]:
        entity = rng.choice(("Invoice", "Order", "Customer", "Shipment", "Payment", "Ticket",
                             "Report", "Session", "Coupon", "Refund"))
        verb = rng.choice(("validate", "compute", "load", "persist", "render", "retry",
                           "normalize", "schedule"))
        n = index % 1000
        language = rng.choice(("python", "java", "typescript"))
        field_name = rng.choice(("amount", "total", "quantity", "discount", "weight"))
        if language == "python":
            name = f"{verb}_{entity.lower()}_{n}"
            text = (f"# {entity} helper used by the {entity.lower()} worker\n"
                    f"from decimal import Decimal\n\n\n"
                    f"def {name}(record: dict, limit: int = {rng.randint(2, 50)}) -> Decimal:\n"
                    f'    """{verb.capitalize()} one {entity.lower()} record."""\n'
                    f"    value = Decimal(str(record.get('{field_name}', 0)))\n"
                    f"    if value < 0:\n"
                    f"        raise ValueError('negative {field_name}')\n"
                    f"    return min(value, Decimal(limit))\n")
            probe = f"{name} {field_name}"
        elif language == "java":
            cls = f"{entity}{verb.capitalize()}er{n}"
            text = (f"package com.example.{entity.lower()};\n\n"
                    f"import java.math.BigDecimal;\n\n"
                    f"public class {cls} {{\n"
                    f"    private final int limit = {rng.randint(2, 50)};\n\n"
                    f"    public BigDecimal {verb}(BigDecimal {field_name}) {{\n"
                    f"        if ({field_name}.signum() < 0) {{\n"
                    f"            throw new IllegalArgumentException(\"negative {field_name}\");\n"
                    f"        }}\n"
                    f"        return {field_name}.min(BigDecimal.valueOf(limit));\n"
                    f"    }}\n}}\n")
            probe = f"{cls} {verb} {field_name}"
        else:
            fn = f"{verb}{entity}{n}"
            text = (f"// {entity} utilities for the web client\n"
                    f"export interface {entity}Input {{ {field_name}: number; id: string }}\n\n"
                    f"export function {fn}(input: {entity}Input, limit = "
                    f"{rng.randint(2, 50)}): number {{\n"
                    f"  if (input.{field_name} < 0) {{\n"
                    f"    throw new Error(`negative {field_name} for ${{input.id}}`);\n"
                    f"  }}\n"
                    f"  return Math.min(input.{field_name}, limit);\n}}\n")
            probe = f"{fn} {field_name}"
        return text, probe

    # ------------------------------------------------------------------ needles

    def needles(self, count: int) -> list[Needle]:
        """Long notes with one unique fact deep in the body."""
        out: list[Needle] = []
        rng = random.Random(f"{self.seed}:needles")
        for index in range(count):
            word = self.invented_word()
            host = f"{self.invented_word()}-{rng.randint(10, 99)}"
            filler = [m.text.split("\n")[0] for m in self.memories(
                12, start=10_000_000 + index * 12) if m.kind not in ("code",)]
            middle = len(filler) // 2 + 1
            if rng.random() < 0.3:
                fact = (f"El flag de despliegue {word} solo se activa en el servidor {host} "
                        f"durante la ventana de mantenimiento.")
                query = f"¿en qué servidor se activa el flag {word}?"
            else:
                fact = (f"The rollout flag {word} is only enabled on the host {host} during the "
                        f"maintenance window.")
                query = f"which host enables the rollout flag {word}?"
            body = filler[:middle] + [fact] + filler[middle:]
            title = f"Notes from the weekly sync, part {index + 1}"
            out.append(Needle(key=f"n-{index:04d}", text=title + "\n\n" + " ".join(body),
                              query=query, answer=host))
        return out

    # ------------------------------------------------------------------ knowledge updates

    def updates(self, count: int) -> list[Update]:
        """Dated pairs where a named person's city or employer changed; the later one wins."""
        out: list[Update] = []
        rng = random.Random(f"{self.seed}:updates")
        for index in range(count):
            name = f"{rng.choice(FIRST_NAMES)} {self.invented_word().capitalize()}"
            first_day = _date(rng, 2021, 2023)
            second_day = first_day + dt.timedelta(days=rng.randint(60, 700))
            spanish = rng.random() < 0.3
            if index % 2 == 0:
                old, new = rng.sample(CITIES, 2)
                if spanish:
                    first = f"{first_day.isoformat()}: {name} vive en {old}, cerca del centro."
                    second = f"{second_day.isoformat()}: {name} se mudó a {new} por trabajo."
                    query = f"¿dónde vive {name}?"
                else:
                    first = f"{first_day.isoformat()}: {name} lives in {old}, near the old town."
                    second = f"{second_day.isoformat()}: {name} moved to {new} for a new job."
                    query = f"where does {name} live?"
                attribute = "location"
            else:
                old, new = rng.sample(COMPANIES, 2)
                if spanish:
                    first = f"{first_day.isoformat()}: {name} trabaja en {old} como backend."
                    second = (f"{second_day.isoformat()}: {name} empezó a trabajar en {new} "
                              f"este mes.")
                    query = f"¿dónde trabaja {name}?"
                else:
                    first = f"{first_day.isoformat()}: {name} works at {old} as a backend dev."
                    second = f"{second_day.isoformat()}: {name} joined {new} this month."
                    query = f"where does {name} work?"
                attribute = "employer"
            out.append(Update(key=f"u-{index:04d}", subject=name, attribute=attribute,
                              first=first, second=second, query=query, earlier=old,
                              current=new))
        return out


def absent_queries(count: int, seed: int = 20260401) -> list[str]:
    """Questions about things the generator never writes (a NONE is the right answer)."""
    rng = random.Random(f"{seed}:absent")
    subjects = ("quantum chromodynamics lecture", "sourdough starter hydration",
                "medieval falconry license", "tide tables for Reykjavik harbour",
                "origami crane folding steps", "saxophone reed strength",
                "volcanic soil vineyard yields", "glacier crevasse rescue knots")
    return [f"{rng.choice(subjects)} {rng.choice(('notes', 'schedule', 'details'))}"
            for _ in range(count)]
