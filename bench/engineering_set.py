"""A coding agent's memories, as a team set for the retrieval bench (``--set engineering``).

Our other hand-written sets are personal chats; the product is a memory for coding agents. This
set is what such an agent saves while it works for a year (January to November 2026) on an
invented company's billing stack: three repositories, ``ledgerline`` (the billing API, Python),
``tidepool`` (the customer dashboard, Next.js) and ``quarry`` (a nightly export pipeline, Go),
and the people who own their parts. Each memory is one note, dated first as an agent writes it
("[2026-03-04] Decided: ..."): decisions and why, conventions and commands (in backticks), bug
causes and fixes, paths, function names, ticket ids, versions, owners, ports and environment
variables, and corrections told in other words ("moved CI from Jenkins to GitHub Actions").
About a quarter are in Spanish. Many notes share the common words (test, deploy, service,
database, queue), so they are one another's hard negatives.

Categories of questions, in the agent's voice ("how do we ...", "what do I ...") and in the
third person ("what does the team ..."):
- ``shared``: a distinctive word of the answer is in the question.
- ``paraphrase``: the answer asked in other words.
- ``identifier``: the question is, or names, an identifier the note holds: a ticket id, a
  function, a class, a path.
- ``cross``: question and note in different languages.
- ``update``: a value changed; the newest note answers, ``outdated`` names the older ones.
- ``temporal``: a month is asked about.
``NEVER`` are near misses: the rejected option ("which MySQL version?"), a service, a tool or a
ticket that does not exist; each names the stored note it resembles most.

Halves: the bench reports the tuning half (``QUESTIONS[0::2]``, ``NEVER[0::2]``) and the
held-out half. The questions were written from the notes alone, before the ranking was looked
at, and are not tuned to pass. Written for this project by hand (no public dataset was used or
consulted; the company, the repositories and the people are invented, the tools are real).
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.conversation_set import Never, Question, Turn

__all__ = ["CATEGORIES", "HALVED", "NEVER", "QUESTIONS", "TURNS"]

HALVED = True
"""The bench reports this set's figures on each half of its questions too."""
CATEGORIES = ("shared", "paraphrase", "identifier", "cross", "update", "temporal")


@dataclass(frozen=True)
class Note(Turn):
    """One note a coding agent saved while working."""

    @property
    def content(self) -> str:
        """What the bench saves: the day in brackets, then the note ("[2026-03-04] ...")."""
        return f"[{self.date}] {self.text}"


def _n(key: str, date: str, text: str, lang: str = "en", distractor: bool = False) -> Note:
    return Note(key=key, date=date, lang=lang, text=text, distractor=distractor)


def _es(key: str, date: str, text: str, distractor: bool = False) -> Note:
    return _n(key, date, text, "es", distractor)


TURNS: tuple[Note, ...] = (
    # January: arriving on the stack, the first decisions and conventions.
    _n("onboarding", "2026-01-05",
       "Started on acme's billing stack. Three repos: ledgerline (billing API, Python, FastAPI), "
       "tidepool (customer dashboard, Next.js) and quarry (nightly export pipeline, Go).",
       distractor=True),
    _n("tidepool-stack", "2026-01-05",
       "tidepool is the customer dashboard: Next.js 14 with TypeScript, it talks to ledgerline "
       "over REST."),
    _n("tidepool-dev", "2026-01-06",
       "Run tidepool locally with `pnpm dev` (port 3000); it needs "
       "NEXT_PUBLIC_API_URL=http://localhost:8000 in .env.local."),
    _n("node-version", "2026-01-06",
       "tidepool needs Node 20 (pinned in .nvmrc); Node 18 breaks the build because of the fetch "
       "duplex option."),
    _n("python-version", "2026-01-08",
       "ledgerline targets Python 3.11; the Docker image is python:3.11-slim."),
    _n("code-review", "2026-01-09",
       "Every PR needs one approval; two approvals for anything touching payments or auth."),
    _n("branch-names", "2026-01-09",
       "Branch names: type/TICKET-short-description, e.g. fix/PAY-1423-webhook-retries."),
    _n("commits", "2026-01-09",
       "Commit messages follow Conventional Commits (feat:, fix:, chore:); the changelog is "
       "generated from them at release."),
    _n("ci-jenkins", "2026-01-10",
       "CI for ledgerline runs on the Jenkins server at ci.internal:8080; the pipeline is defined "
       "in the Jenkinsfile at the repo root."),
    _n("db-choice", "2026-01-12",
       "Decided: Postgres 16 over MySQL 8 for the billing database, because we need exclusion "
       "constraints for overlapping subscription periods and row-level security per tenant."),
    _es("es-orm", "2026-01-14",
        "En ledgerline usamos SQLAlchemy 2.0 con el estilo nuevo (select()), nada de "
        "session.query."),
    _n("int-tests", "2026-01-15",
       "ledgerline integration tests run with `make test-int`; start the database first with "
       "`docker compose up -d db`, otherwise every test fails with connection refused."),
    _n("unit-tests", "2026-01-15",
       "ledgerline unit tests: `pytest -q tests/unit`. No database needed, they use the in-memory "
       "fake repository in tests/fakes.py."),
    _n("db-port", "2026-01-16",
       "The local Postgres of ledgerline listens on port 5433, not 5432, so it doesn't clash with "
       "a system Postgres; DATABASE_URL in .env.example already points there."),
    _es("es-api-port", "2026-01-16",
        "La API de ledgerline corre en local en el puerto 8000 (uvicorn con --reload)."),
    _n("local-seed", "2026-01-17",
       "Seed local data with `make seed`: it creates the tenant acme-demo with 50 invoices.",
       distractor=True),
    _n("state-lib", "2026-01-18",
       "Decided: Zustand for client state in tidepool instead of Redux; less boilerplate and the "
       "state is small."),
    _n("css", "2026-01-19",
       "Styling in tidepool is Tailwind CSS; design tokens are in tailwind.config.ts, never "
       "hardcode colours.", distractor=True),
    _n("queue-redis", "2026-01-20",
       "The billing worker takes invoice jobs from a Redis list with RQ, queue name invoices."),
    _n("auth-owner", "2026-01-22",
       "Marta owns the auth service; any change under services/auth needs her review."),
    _n("auth-lang", "2026-01-22",
       "The auth service (services/auth) is written in Go, unlike the rest of ledgerline, which "
       "is Python.", distractor=True),
    _n("tidepool-owner", "2026-01-22",
       "Priya owns the tidepool frontend; ask her before adding a dependency to package.json."),
    _n("migrations", "2026-01-25",
       "Database migrations use Alembic: `alembic revision --autogenerate -m \"msg\"`, then "
       "`alembic upgrade head`. Never edit a migration that has been applied."),
    _es("es-linter", "2026-01-27",
        "ledgerline usa ruff para el lint y mypy en modo estricto; `make lint` ejecuta los dos."),
    _es("es-format", "2026-01-27",
        "El formato del código se hace con ruff format; black ya no se usa.", distractor=True),
    _n("pre-commit", "2026-01-27",
       "Run `pre-commit install` after cloning; the hooks run ruff, mypy and a secret scan.",
       distractor=True),
    _n("k8s", "2026-01-30",
       "Staging and production run on EKS in eu-west-1, namespaces billing-staging and "
       "billing-prod."),
    # February: bugs, tickets, the third repository.
    _n("secrets", "2026-02-01",
       "Production secrets come from AWS Secrets Manager through external-secrets; never commit "
       ".env files.", distractor=True),
    _n("routes", "2026-02-02",
       "All HTTP routes of ledgerline are registered in src/api/routes.py; add new endpoints "
       "there, not in main.py."),
    _es("es-staging-url", "2026-02-03",
        "El entorno de staging de ledgerline está en https://api.staging.acme-billing.dev; las "
        "credenciales de prueba están en 1Password."),
    _n("tenant-id", "2026-02-04",
       "Every table has a tenant_id column; queries go through TenantScopedSession, which adds "
       "the tenant filter. Never query around it."),
    _n("money", "2026-02-05",
       "Amounts are stored as integer cents (bigint) in ledgerline, never as floats; see the "
       "Money class in src/domain/money.py."),
    _n("mac-docker", "2026-02-08",
       "On Apple Silicon the Taxly mock image needs platform: linux/amd64 in "
       "docker-compose.override.yml.", distractor=True),
    _n("flaky-login", "2026-02-09",
       "Flaky test_login in tidepool's API tests: a race in the session cache, two requests wrote "
       "the same session key. Fixed by taking a per-user lock in SessionCache.put (PR #412)."),
    _n("rate-limiter", "2026-02-11",
       "The rate limiter of the public API lives in src/api/middleware/ratelimit.py; the limits "
       "come from config/limits.yaml (default 120 requests per minute per API key)."),
    _n("auth-jwt", "2026-02-12",
       "The auth service issues JWTs signed with RS256; keys rotate every 90 days and the public "
       "keys are served at /.well-known/jwks.json.", distractor=True),
    _n("auth-token-ttl", "2026-02-12",
       "Access tokens last 15 minutes, refresh tokens 30 days."),
    _n("tidepool-e2e", "2026-02-14",
       "tidepool end-to-end tests use Playwright: `pnpm test:e2e`. They need the API running: "
       "`make api` in ledgerline."),
    _es("es-vitest", "2026-02-14",
        "Los tests unitarios de tidepool usan Vitest; se lanzan con `pnpm test`.",
        distractor=True),
    _es("es-test-card", "2026-02-16",
        "Para probar pagos en local usamos la tarjeta de prueba de Stripe 4242 4242 4242 4242 con "
        "cualquier fecha de caducidad futura."),
    _n("pay-1423", "2026-02-18",
       "PAY-1423: duplicate charges when Stripe retried a webhook. Cause: no idempotency check in "
       "handle_payment_succeeded. Fixed by recording event ids in the processed_events table."),
    _n("env-stripe", "2026-02-18",
       "Stripe keys are read from STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; the test-mode keys "
       "are in the 1Password vault ledgerline-dev."),
    _es("es-webhook-local", "2026-02-19",
        "Para probar los webhooks de Stripe en local: `stripe listen --forward-to "
        "localhost:8000/webhooks/stripe`."),
    _n("deploy-ledger", "2026-02-20",
       "Deploying ledgerline: merge to main, then `make deploy ENV=staging`; production deploys go "
       "out with the release train on Thursdays."),
    _es("es-deploy-tidepool", "2026-02-21",
        "tidepool se despliega en Vercel: cada PR tiene su preview y main pasa a producción "
        "automáticamente."),
    _n("healthcheck", "2026-02-22",
       "Health endpoints: /healthz (liveness, no database) and /readyz (checks Postgres and "
       "Redis).", distractor=True),
    _n("quarry-what", "2026-02-25",
       "quarry is the nightly export pipeline, written in Go: it reads the billing Postgres "
       "replica and writes Parquet files to the S3 bucket acme-exports."),
    _n("quarry-go", "2026-02-25",
       "quarry builds with Go 1.22; `make build` produces bin/quarry."),
    _n("quarry-owner", "2026-02-26",
       "Diego owns quarry. He is in Buenos Aires, so his reviews land in our afternoon."),
    _n("coverage", "2026-02-28",
       "The coverage gate in ledgerline's CI is 85%; the report is uploaded to Codecov.",
       distractor=True),
    # March: the outage, the API's shape.
    _n("quarry-schedule", "2026-03-01",
       "quarry runs every night at 02:30 UTC as a Kubernetes CronJob (deploy/cronjob.yaml)."),
    _n("quarry-test", "2026-03-02",
       "quarry tests: `go test ./...`; golden files are under testdata/golden, regenerate them "
       "with `go test ./... -update`."),
    _n("parse-header", "2026-03-03",
       "parse_header in src/api/headers.py rejected tokens sent with a lowercase 'bearer'; the "
       "scheme is now matched case-insensitively (PAY-1501)."),
    _n("oncall", "2026-03-05",
       "The on-call rotation is in PagerDuty; the weekly handover is Monday at 10:00.",
       distractor=True),
    _n("billing-run", "2026-03-06",
       "The weekly billing run generates invoices every Wednesday at 06:00 UTC."),
    _es("es-payments-review", "2026-03-09",
        "Los cambios en src/payments necesitan la revisión de Jonas además de la aprobación "
        "normal."),
    _n("logging", "2026-03-10",
       "ledgerline logs JSON with structlog; the request_id is bound in the middleware, so every "
       "log line of a request carries it.", distractor=True),
    _n("sentry", "2026-03-12",
       "Errors go to the Sentry project ledgerline-api; the DSN is in SENTRY_DSN."),
    _n("api-keys", "2026-03-14",
       "API keys look like lk_live_... or lk_test_...; only their SHA-256 hash is stored "
       "(api_keys.key_hash)."),
    _es("es-utc", "2026-03-15",
        "Todas las fechas se guardan en UTC en la base de datos; la conversión a la zona horaria "
        "del cliente se hace en tidepool."),
    _n("feature-flags", "2026-03-18",
       "Feature flags come from Unleash; the SDK is wrapped in src/lib/flags.ts in tidepool and "
       "flag names are kebab-case."),
    _es("es-backups", "2026-03-20",
        "Las copias de seguridad de la base de datos de facturación son snapshots diarios de RDS "
        "que se guardan 14 días."),
    _n("api-versioning", "2026-03-22",
       "The public API is versioned in the path (/v1/...); breaking changes go to /v2 and /v1 "
       "stays up for 12 months.", distractor=True),
    _n("pagination", "2026-03-23",
       "List endpoints use cursor pagination (cursor and limit, at most 100); offset pagination "
       "was removed."),
    _n("rest-decision", "2026-03-25",
       "Decided: plain REST with JSON between tidepool and ledgerline, not GraphQL. The team knows "
       "REST and HTTP caching stays simple."),
    _n("invoice-outage", "2026-03-27",
       "Invoice outage today: a migration locked the invoices table for 11 minutes. From now on "
       "large migrations run with lock_timeout = 5s and outside the billing run."),
    _n("email-postmark", "2026-03-30",
       "Invoice emails are sent through Postmark; the templates live in Postmark, not in the "
       "repo; token in POSTMARK_TOKEN."),
    _n("mailpit", "2026-03-31",
       "Locally, emails are caught by Mailpit at http://localhost:8025.", distractor=True),
    # April and May: rules after the outage, tickets, infrastructure.
    _n("deploy-friday", "2026-04-02",
       "Team rule after the invoice outage: no production deploys on Fridays after 14:00."),
    _n("renovate", "2026-04-05",
       "Renovate opens dependency PRs on Mondays; patch updates auto-merge when CI passes.",
       distractor=True),
    _es("es-i18n", "2026-04-08",
        "Las traducciones de tidepool están en locales/en.json y locales/es.json; las claves van "
        "con puntos, p. ej. billing.invoice.title."),
    _n("grafana", "2026-04-12",
       "Dashboards are in Grafana (grafana.internal); the billing one is 'Ledgerline / Payments'."),
    _n("taxly", "2026-04-15",
       "Tax calculation is delegated to the Taxly API; the client is src/integrations/taxly.py "
       "and the key is in TAXLY_API_KEY."),
    _n("staging-reset", "2026-04-18",
       "The staging database is reset every Sunday from an anonymised production snapshot; don't "
       "keep test data there."),
    _n("quarry-oom", "2026-04-20",
       "quarry was OOM-killed on big tenants because it loaded the whole invoices table; fixed by "
       "streaming rows with a server-side cursor (QRY-88)."),
    _es("es-pdf", "2026-04-22",
        "Las facturas en PDF se generan con WeasyPrint en el worker de facturación; las "
        "plantillas están en templates/invoice/."),
    _es("es-docs", "2026-04-28",
        "La documentación de la API se genera del OpenAPI de FastAPI y se publica con Redoc en "
        "docs.acme-billing.dev."),
    _n("pay-1588", "2026-04-30",
       "PAY-1588: proration was off by one day for plans changed at midnight. Fixed in "
       "compute_proration (src/billing/proration.py) by treating the period end as exclusive."),
    _es("es-infra-owner", "2026-05-02",
        "Andrés lleva la infraestructura (Terraform en el repo infra-live); los cambios de red "
        "pasan por él."),
    _es("es-terraform", "2026-05-02",
        "El estado de Terraform está en S3 con bloqueo en DynamoDB; nunca lanzar `terraform "
        "apply` desde el portátil, solo desde el pipeline."),
    _n("flaky-e2e", "2026-05-06",
       "Flaky Playwright test checkout.spec.ts: it clicked Pay before the Stripe iframe had "
       "loaded. Fixed by waiting for the iframe's ready message."),
    _n("ci-actions", "2026-05-14",
       "Moved CI from Jenkins to GitHub Actions: the workflow is .github/workflows/ci.yml and the "
       "Jenkinsfile is gone."),
    _es("es-pdf-accents", "2026-05-19",
        "Bug PAY-1610: los PDF salían sin tildes. La causa era la fuente: faltaba DejaVu Sans en "
        "la imagen Docker. Arreglado instalando fonts-dejavu."),
    _n("kafka-decision", "2026-05-21",
       "Decided against Kafka for billing events: the volume is tiny (a few thousand a day), "
       "SNS with SQS is enough."),
    _n("billing-events", "2026-05-22",
       "Billing events are published to the SNS topic billing-events; the consumers are quarry "
       "and the notifications service."),
    _n("notifications-owner", "2026-05-22",
       "The notifications service belongs to the growth team (owner Sofía); we only publish "
       "events to it."),
    _n("db-pool", "2026-05-25",
       "SQLAlchemy pool: pool_size 10, max_overflow 5. Raising it made the replica run out of "
       "connections."),
    _n("currencies", "2026-05-28",
       "Supported currencies: EUR, GBP and USD; exchange rates are fetched daily from the ECB "
       "at 16:00 CET."),
    # June to August: the queue moves, upgrades, incidents.
    _n("queue-sqs", "2026-06-03",
       "The billing worker no longer uses Redis as its queue: it reads from SQS now (queue "
       "ledgerline-invoices-prod), since RQ lost jobs when Redis failed over."),
    _es("es-zstd", "2026-06-08",
        "quarry escribe ahora el Parquet con compresión zstd en vez de snappy: los ficheros "
        "ocupan un 30 % menos."),
    _n("redis-cache", "2026-06-10",
       "Redis is still the cache for tenant settings in ledgerline (TTL 300 s); only the job "
       "queue moved to SQS."),
    _es("es-retries", "2026-06-15",
        "El worker de facturación reintenta cada trabajo tres veces con espera exponencial (1 s, "
        "4 s, 16 s) y después lo manda a la cola de errores ledgerline-invoices-dlq."),
    _n("bundle-size", "2026-06-22",
       "tidepool's bundle grew to 410 kB after adding chart.js; switched the charts to uPlot and "
       "it is back to 260 kB."),
    _n("slow-query", "2026-06-28",
       "Slow invoice list for big tenants: a missing index on invoices(tenant_id, created_at); "
       "added in migration 0042."),
    _n("rls", "2026-06-30",
       "Turned on Postgres row-level security for tenant isolation as a second line of defence "
       "(policy tenant_isolation)."),
    _es("es-holidays", "2026-07-01",
        "Diego está de vacaciones del 1 al 20 de julio; mientras tanto Tomás revisa los cambios "
        "de quarry."),
    _n("sqs-incident", "2026-07-03",
       "Incident: the SQS visibility timeout (30 s) was shorter than PDF generation for large "
       "invoices, so some jobs ran twice. Raised it to 300 s."),
    _es("es-webhook-signature", "2026-07-08",
        "Verificamos la firma de los webhooks con stripe.Webhook.construct_event; si falla "
        "devolvemos 400 y Stripe no debe reintentar."),
    _n("perf-budget", "2026-07-15",
       "p95 of POST /v1/invoices must stay under 250 ms; load tests are k6 scripts in "
       "loadtests/invoices.js."),
    _n("python-312", "2026-07-20",
       "Upgraded ledgerline to Python 3.12 (image python:3.12-slim); had to replace every "
       "datetime.utcnow call."),
    _n("sso", "2026-07-27",
       "Added SAML single sign-on to the auth service for enterprise tenants, with the "
       "crewjam/saml library."),
    _es("es-shards", "2026-08-03",
        "La suite de integración tardaba 14 minutos; en CI la partimos en 4 shards con "
        "pytest-xdist y ahora tarda 4."),
    _n("node-22", "2026-08-11",
       "tidepool moved to Node 22: .nvmrc bumped, and the CI image too."),
    _n("refresh-7d", "2026-08-19",
       "Shortened refresh tokens from 30 days to 7 after the security review (SEC-42); access "
       "tokens unchanged."),
    _n("money-add", "2026-08-25",
       "mypy complained about Decimal plus int in Money.__add__; fixed with typing overloads.",
       distractor=True),
    # September to November: owners change, more moves.
    _n("auth-jonas", "2026-09-01",
       "Marta moved to the platform team. Jonas is the auth service's owner now and reviews "
       "everything under services/auth."),
    _es("es-monorepo", "2026-09-14",
        "Decidimos no juntar ledgerline y tidepool en un monorepo: los ciclos de despliegue son "
        "distintos y CI sería más lento."),
    _es("es-due-date", "2026-09-22",
        "test_invoice_due_date fallaba a fin de mes; la causa era usar la hora local del runner "
        "en vez de UTC. Arreglado con freezegun y tz=UTC."),
    _n("email-ses", "2026-09-28",
       "Switched invoice emails from Postmark to Amazon SES to cut costs; the templates now live "
       "in templates/email/ in ledgerline."),
    _n("quarry-0400", "2026-10-05",
       "quarry's nightly run now starts at 04:00 UTC: the RDS backup window at 02:00 slowed it "
       "down."),
    _es("es-limit-enterprise", "2026-10-12",
        "Subimos el límite de la API a 300 peticiones por minuto por clave para los clientes "
        "enterprise; el resto sigue en 120."),
    _n("pg-17", "2026-10-20",
       "Upgraded the billing database from Postgres 16 to 17 on RDS; no code changes were "
       "needed."),
    _n("release-tuesday", "2026-10-26",
       "The release train moved from Thursdays to Tuesdays, so fixes are out before the "
       "Wednesday billing run."),
    _es("es-tidepool-eks", "2026-11-02",
        "Dejamos Vercel: tidepool se despliega ahora como contenedor en EKS detrás de CloudFront, "
        "por coste."),
    _n("api-timeout", "2026-11-09",
       "Set a 10 s client timeout on every Taxly call; before, a hung Taxly request blocked the "
       "worker forever."),
)


def _q(text: str, keys: str, category: str, lang: str = "en", outdated: str = "") -> Question:
    return Question(text=text, keys=tuple(keys.split()), category=category, lang=lang,
                    outdated=tuple(outdated.split()))


QUESTIONS: tuple[Question, ...] = (
    _q("How do we run the integration tests?", "int-tests", "shared"),
    _q("Which queue does the billing worker use now?", "queue-sqs", "update",
       outdated="queue-redis"),
    _q("What fixed the flaky login test?", "flaky-login", "shared"),
    _q("¿Qué versión de Postgres usamos?", "pg-17", "update", "es", outdated="db-choice"),
    _q("Who should review auth changes?", "auth-jonas", "update", outdated="auth-owner"),
    _q("Where is the rate limiter configured?", "rate-limiter", "shared"),
    _q("PAY-1423", "pay-1423", "identifier"),
    _q("parse_header", "parse-header", "identifier"),
    _q("src/api/routes.py", "routes", "identifier"),
    _q("What do I have to start before the integration suite will pass?", "int-tests",
       "paraphrase"),
    _q("Why did the team pick Postgres rather than MySQL?", "db-choice", "shared"),
    _q("Which CI system do we use?", "ci-actions", "update", outdated="ci-jenkins"),
    _q("What Python version does ledgerline run on?", "python-312", "update",
       outdated="python-version"),
    _q("What port does the local database listen on?", "db-port", "shared"),
    _q("How should money amounts be stored?", "money", "shared"),
    _q("What caused customers to be charged twice when a webhook was retried?", "pay-1423",
       "paraphrase"),
    _q("Where are the Stripe test keys kept?", "env-stripe", "shared"),
    _q("Which Node version does the dashboard need?", "node-22", "update",
       outdated="node-version"),
    _q("Why Zustand and not Redux?", "state-lib", "shared"),
    _q("How did we fix the checkout end-to-end test that failed now and then?", "flaky-e2e",
       "paraphrase"),
    _q("Who is responsible for the export pipeline?", "quarry-owner", "paraphrase"),
    _q("At what time does the nightly export run?", "quarry-0400", "update",
       outdated="quarry-schedule"),
    _q("Why was the exporter running out of memory on large customers?", "quarry-oom",
       "paraphrase"),
    _q("How do I regenerate the golden files?", "quarry-test", "shared"),
    _q("Can I ship to production on a Friday afternoon?", "deploy-friday", "paraphrase"),
    _q("What happened during the invoice outage in March 2026?", "invoice-outage", "temporal"),
    _q("What did the team decide about Kafka?", "kafka-decision", "shared"),
    _q("¿Con qué se generan los PDF de las facturas?", "es-pdf", "shared", "es"),
    _q("Why were the accents missing from the invoice PDFs?", "es-pdf-accents", "cross"),
    _q("How many times does the billing worker retry a job?", "es-retries", "cross"),
    _q("¿Dónde se despliega tidepool ahora?", "es-tidepool-eks", "update", "es",
       outdated="es-deploy-tidepool"),
    _q("¿Quién revisa los cambios de quarry mientras Diego está de vacaciones?", "es-holidays",
       "shared", "es"),
    _q("How long are the database backups kept?", "es-backups", "cross"),
    _q("Which provider sends the invoice emails now?", "email-ses", "update",
       outdated="email-postmark"),
    _q("How long does a refresh token last?", "refresh-7d", "update", outdated="auth-token-ttl"),
    _q("¿Cuánto dura un token de acceso?", "auth-token-ttl refresh-7d", "cross", "es"),
    _q("On which day does the release train go out?", "release-tuesday", "update",
       outdated="deploy-ledger"),
    _q("What is the API rate limit for enterprise customers?", "es-limit-enterprise", "cross"),
    _q("Which index fixed the slow invoice list?", "slow-query", "shared"),
    _q("¿Cómo pruebo los webhooks de Stripe en local?", "es-webhook-local", "shared", "es"),
    _q("How do I run the linters on ledgerline?", "es-linter", "cross"),
    _q("Why did some invoice jobs run twice in July?", "sqs-incident", "temporal"),
    _q("TenantScopedSession", "tenant-id", "identifier"),
    _q("What was QRY-88 about?", "quarry-oom", "identifier"),
    _q("Which card number do we use to test payments locally?", "es-test-card", "cross"),
    _q("compute_proration", "pay-1588", "identifier"),
    _q("What does tidepool use for feature flags?", "feature-flags", "shared"),
    _q("Who takes care of the Terraform infrastructure?", "es-infra-owner", "cross"),
    _q("Which charting library does the dashboard use?", "bundle-size", "paraphrase"),
    _q("Why did test_invoice_due_date fail?", "es-due-date", "identifier"),
    _q("Is Redis still used anywhere in ledgerline?", "redis-cache", "shared"),
    _q("¿Por qué no usamos un monorepo?", "es-monorepo", "shared", "es"),
    _q("Which compression do the exported Parquet files use?", "es-zstd", "cross"),
    _q("What did we change in tidepool's build in August 2026?", "node-22", "temporal"),
    _q("What was decided in March 2026 about the API between the dashboard and billing?",
       "rest-decision", "temporal"),
    _q("¿Qué bug de los PDF arreglamos en mayo de 2026?", "es-pdf-accents", "temporal", "es"),
    _q("src/api/middleware/ratelimit.py", "rate-limiter", "identifier"),
    _q("Where does the agent add a new API endpoint?", "routes", "paraphrase"),
)

NEVER: tuple[Never, ...] = (
    Never("Which version of MySQL do we use?", "en", "db-choice"),
    Never("What port does the search service use?", "en", "es-api-port"),
    Never("How do we run the Cypress tests?", "en", "tidepool-e2e"),
    Never("Who owns the mobile app?", "en", "tidepool-owner"),
    Never("Which Kafka topic do billing events go to?", "en", "kafka-decision"),
    Never("Where is the GraphQL schema file?", "en", "rest-decision"),
    Never("¿En qué puerto corre Elasticsearch?", "es", "es-api-port"),
    Never("What fixed the flaky signup test?", "en", "flaky-login"),
    Never("What was the cause of PAY-1999?", "en", "pay-1423"),
    Never("Where is the parse_cookie function?", "en", "parse-header"),
    Never("Which Java version does quarry use?", "en", "quarry-go"),
    Never("¿Qué versión de Redis usamos en producción?", "es", "redis-cache"),
    Never("When do we deploy the Android app?", "en", "deploy-ledger"),
    Never("What is the staging URL of quarry?", "en", "es-staging-url"),
    Never("¿Cuánto tiempo se guardan los eventos en Sentry?", "es", "sentry"),
    Never("What is the MongoDB connection string?", "en", "db-port"),
)
