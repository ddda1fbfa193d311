"""A technical value asked of a named thing (a version, a port, a phone number, an address, a
cron schedule, an interval, a count) is answered only by a memory that gives a value of that
form for that thing: "Kafka 3.5" in Orbit's memory does not answer "Which Kafka version does
Tidewell use?", and Tidewell's memories without a Kafka version do not either. Such a
question is "No memory found", saying what is missing; the same questions of values that are
stored, in any of the forms a developer writes them, stay answered."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.asked_setting import setting_asked
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("question", "said"), [
    ("Which Kafka version does Tidewell use?", "Tidewell's Kafka version"),
    ("¿Qué versión de Kafka usa Tidewell?", "Tidewell's Kafka version"),
    ("What version of Postgres does Tidewell run?", "Tidewell's Postgres version"),
    ("What port does Orbit's metrics endpoint use?", "Orbit's port (metrics endpoint)"),
    ("¿En qué puerto corre Tidewell en local?", "Tidewell's port (local)"),
    ("What is Priya Raman's phone number?", "Priya Raman's phone number"),
    ("What is the hostname of Marlin's production database?",
     "Marlin's address (production database)"),
    ("What cron schedule does Marlin's session cleanup job use?",
     "Marlin's schedule (session cleanup job)"),
    ("What is the gRPC keepalive interval in Marlin?", "Marlin's interval (grpc)"),
    ("How many retries does Ferrocart's vendor download do?",
     "Ferrocart's number of retries (vendor download)"),
    ("¿Cuántos reintentos hace la descarga de Ferrocart?",
     "Ferrocart's number of reintentos (descarga)"),
    ("What is the connection pool size in Marlin?", "Marlin's connection pool size"),
])
def test_a_technical_value_asked_is_read_in_both_languages(question: str, said: str) -> None:
    asked = setting_asked(question)
    assert asked is not None and asked.said == said


@pytest.mark.parametrize("question", [
    "Why did Tidewell's local port change?",  # asks why, not the port
    "When did Tidewell change its port?",
    "Which environment variable controls the Kestrel Pay client timeout?",
    "What is the env var that sets the port?",
    "What port did the cruise stop at?",  # a harbour, not a network port
    "What phone did Sam buy?",
    "¿Qué teléfono tiene ahora la usuaria?",  # a device
    "How many attempts did it take me to pass the driving test?",  # told by a story
    "Which version of the report did Ana send?",  # no software named
    "Which cron schedules did we change this year?",  # a list of values, not one
    "Which Quillstack versions have been released?",
])
def test_questions_about_a_value_that_do_not_ask_for_it(question: str) -> None:
    assert setting_asked(question) is None


@pytest.mark.parametrize(("question", "memory", "held"), [
    # the product named right before the value, in the forms a developer writes
    ("Which Postgres version does Tidewell use?", "Tidewell moved to PG 16 in May.", True),
    ("Which Postgres version does Tidewell use?", "Tidewell runs Postgres 16.", True),
    ("Which Kubernetes version does Tidewell run?",
     "Upgraded the Tidewell Kubernetes cluster from 1.29 to 1.31.", True),
    ("Which Node.js version does Marlin use?", "Marlin's web admin builds with Node 20.", True),
    ("Which Python version does Ferrocart run on?",
     "Ferrocart is our ETL pipeline (Python, Airflow 2.7).", False),  # 2.7 is Airflow's
    ("Which Python version does Ferrocart run on?",
     "Tidewell is the payments API (FastAPI, Python 3.12).", False),  # another project's
    ("Which Kafka version does Tidewell use?", "Dana's Orbit moved from Kafka 3.5.", False),
    ("Which Kafka version does Tidewell use?", "Tidewell's consumers log to Kafka.", False),
    ("Which Redis version does Tidewell use?", "Tidewell caches FX rates in Redis for 26 "
     "hours.", False),  # an amount, no version
    # a port written as it is said, the current one in a correction
    ("What port does Tidewell run on locally?",
     "Moved Tidewell's local port from 8081 to 8443.", True),
    ("What port does Tidewell's Postgres use under docker compose?",
     "El Postgres local de Tidewell en docker compose escucha en el puerto 55432.", True),
    ("What port does Tidewell's Postgres use?", "Tidewell's Postgres is on localhost:5433.",
     True),
    ("What port does Orbit's metrics endpoint use?",
     "Dana Okafor's Orbit service: its API listens on port 7070.", False),
    # a count in words; the thing counted in the value's sentence
    ("How many retries does Ferrocart's vendor download do?",
     "Ferrocart's vendor download now retries three times.", True),
    ("How many retries does Ferrocart's vendor download do?",
     "Ferrocart: added retries to the vendor download step.", False),
    ("How many webhook retries does Tidewell do?",
     "Cut WEBHOOK_MAX_RETRIES from 5 to 3 for the refund webhook.", True),  # names no other
    ("How many webhook retries does Tidewell do?",
     "Marek's Heron sends webhooks with a retry count of 8.", False),
    ("What is the gRPC keepalive interval in Marlin?",
     "Marlin serves gRPC on port 9090.", False),
    ("What is the gRPC keepalive interval in Marlin?",
     "Marlin's gRPC keepalive is 30s.", True),
    ("What is the Kestrel Pay timeout?", "Lowered KESTREL_TIMEOUT_S from 30 to 12.", True),
    ("What is Priya Raman's phone number?", "Priya Raman: +34 612 345 678.", True),
    ("What is Priya Raman's phone number?", "Priya Raman reviews the ledger PRs.", False),
    ("What is the hostname of Marlin's production database?",
     "Marlin's production database is at marlin-prod.c9x.eu-west-1.rds.amazonaws.com.", True),
    ("What cron schedule does Marlin's session cleanup job use?",
     "Marlin's session cleanup job runs at `15 3 * * *`.", True),
    ("What cron schedule does Marlin's session cleanup job use?",
     "Marlin: a nightly job should be idempotent.", False),
    # a size, the number ending the sentence, the thing sized named in it
    ("What is the connection pool size in Marlin?",
     "Marlin's DB pool was exhausted; set MaxOpenConns to 40.", True),
    ("¿Cuál es el tamaño máximo del pool de conexiones en Tidewell?",
     "Tidewell (checkout): connection pools that are too small queue requests.", False),
    # a value of another environment does not give the one asked; one of every environment does
    ("What Redis version does staging use?",
     "Redis is Redis 7.2 on ElastiCache, cluster ledgerline-cache-prod.", False),
    ("What Redis version does staging use?", "We run Redis 7.2 everywhere.", True),
])
def test_a_memory_gives_the_value_of_the_thing_asked(question: str, memory: str,
                                                      held: bool) -> None:
    asked = setting_asked(question)
    assert asked is not None
    assert asked.held_by(f"2026-05-01 {memory}") is held


NOTES = (
    "2026-01-06 Tidewell is the payments API (FastAPI, Python 3.12); repo at ~/code/tidewell.",
    "2026-02-12 Dana Okafor's Orbit service runs Redis 6.2 and Kafka 3.5; its API listens on "
    "port 7070.",
    "2026-03-02 Session summary (Tidewell): wired the payout events consumer to Kafka; added "
    "retries to the webhook sender.",
    "2026-04-22 Moved Tidewell's local port from 8081 to 8443: the Ferrocart Airflow webserver "
    "also binds 8081.",
    "2026-05-20 Tidewell moved its database to Postgres 16 last night.",
    "2026-06-01 Priya Raman is the required reviewer for Tidewell PRs touching the ledger.",
)


async def test_a_value_no_memory_gives_of_the_thing_asked_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("Which Kafka version does Tidewell use?",
             "How many retries does Tidewell's webhook sender do?",
             "What port does Tidewell run on locally?",
             "Which Postgres version does Tidewell use?",
             "Which Kafka version does Orbit use?")
    kafka, retries, port, postgres, orbit = await replies(tmp_path / "on", NOTES, asked)
    assert kafka.status == "NONE" and "Tidewell's Kafka version" in (kafka.reason or "")
    assert kafka.nearest  # the closest memories are still listed
    assert retries.status == "NONE" and "number of retries" in (retries.reason or "")
    assert port.status == "FOUND" and "8443" in port.hits[0].text
    assert postgres.status == "FOUND" and "Postgres 16" in postgres.hits[0].text
    assert orbit.status == "FOUND" and "Kafka 3.5" in orbit.hits[0].text
    monkeypatch.setattr(navigation, "setting_asked", lambda text: None)
    # "version" is held by no memory either: nothing asked beyond the names is held
    monkeypatch.setattr(navigation.Unmentioned, "topic_unheld",
                        lambda self, query, best, served: ())
    kafka, retries = await replies(tmp_path / "off", NOTES, asked[:2])
    assert kafka.status != "NONE" and retries.status != "NONE"
