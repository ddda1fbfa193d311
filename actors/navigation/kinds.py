"""The well-known things of a kind a coding agent's question names by the kind.

"Which database does billing use?" and "harbor billing stores invoices in MySQL 8.0" share no
word, and the sentence model does not place "database" near "MySQL": a memory names the thing,
a question its kind. Navigation searches the question once more with the kind read as the
things of it the store holds (``Readings.kind``). The list is closed and short
on purpose, like ``actors.facts.makes``: the tools people name in everyday work, by kind. Pure
data and one lookup.
"""

from __future__ import annotations

import functools

from actors.navigation.everyday_kinds import everyday_things_of
from actors.navigation.stem import stem
from actors.text import fold
from actors.text import terms as text_terms

_KINDS: dict[str, tuple[str, ...]] = {
    "database": (
        "mysql", "postgresql", "postgres", "sqlite", "mariadb", "mongodb", "mongo", "redis",
        "dynamodb", "cassandra", "oracle", "mssql", "cockroachdb", "clickhouse", "couchdb",
        "firestore", "supabase", "neo4j", "elasticsearch", "db",
    ),
    "queue": (
        "rabbitmq", "kafka", "nats", "sqs", "pubsub", "activemq", "zeromq", "celery", "sidekiq",
        "redpanda", "kinesis", "jetstream",
    ),
    "broker": ("rabbitmq", "kafka", "nats", "activemq", "redpanda", "mosquitto", "jetstream"),
    "warehouse": ("snowflake", "bigquery", "redshift", "databricks", "synapse", "clickhouse"),
    "editor": (
        "vim", "neovim", "nvim", "emacs", "vscode", "vscodium", "sublime", "intellij",
        "pycharm", "webstorm", "goland", "zed", "helix", "nano", "cursor",
    ),
    "ide": ("vscode", "intellij", "pycharm", "webstorm", "goland", "xcode", "eclipse", "zed"),
    "cloud": ("aws", "gcp", "azure", "hetzner", "digitalocean", "heroku", "vercel", "netlify",
              "fly", "cloudflare", "ovh", "linode"),
    "ci": ("jenkins", "circleci", "travis", "gitlab", "buildkite", "drone", "teamcity",
           "actions"),
    "orm": ("sqlalchemy", "prisma", "hibernate", "typeorm", "sequelize", "gorm", "diesel",
            "ecto", "activerecord"),
    "cache": ("redis", "memcached", "varnish", "valkey"),
    "terminal": ("iterm", "iterm2", "wezterm", "alacritty", "kitty", "ghostty", "warp",
                 "konsole", "tmux"),
    "shell": ("bash", "zsh", "fish", "nushell", "powershell"),
    "linter": ("ruff", "flake8", "pylint", "eslint", "golangci", "clippy", "rubocop",
               "shellcheck", "mypy", "biome", "stylelint"),
    "formatter": ("black", "prettier", "gofmt", "rustfmt", "ruff", "biome", "isort"),
}
"""A kind (as the question says it) -> the things of it, folded, one word each."""
_SPANISH = {"datos": "database", "cola": "queue", "colas": "queue", "almacen": "warehouse",
            "editor": "editor", "nube": "cloud", "cache": "cache", "terminal": "terminal"}
"""The kind in Spanish ("base de datos", "cola de mensajes", "almacén de datos")."""

_BY_TERM: dict[str, tuple[str, ...]] = {}
for _kind, _things in {**_KINDS, **{es: _KINDS[en] for es, en in _SPANISH.items()}}.items():
    _BY_TERM[stem(_kind)] = tuple(dict.fromkeys(stem(t) for thing in _things
                                               for t in text_terms(thing)[:1]))


def things_of(term: str) -> tuple[str, ...]:
    """The index terms of the things of the kind ``term`` (a query term, stemmed) names;
    none when it names no kind of ``_KINDS`` nor an everyday one (``everyday_kinds``)."""
    key = fold(term).lower()
    return _BY_TERM.get(key) or _BY_TERM.get(stem(key)) or everyday_things_of(key)


@functools.cache
def tool_names() -> frozenset[str]:
    """The index terms of every tool of ``_KINDS`` ("ruff", "terraform" is none): a tool
    named in lower case ("Adopted ruff for linting") is still a name."""
    return frozenset(thing for things in _BY_TERM.values() for thing in things)
