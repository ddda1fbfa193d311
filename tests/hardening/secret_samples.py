"""Forty credential formats, each as an agent might paste it, with the value that must never
reach disk. Every value is fake (made of a fixed pseudo-random alphabet walk), but each has
the provider's documented shape."""

from __future__ import annotations

import random

_RNG = random.Random(1405)
_ALNUM = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789"
_HEX = "0123456789abcdef"


def _rand(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_RNG.choice(alphabet) for _ in range(n))


AWS_ID = "AKIA" + _rand(16, "ABCDEFGHJKLMNPQRSTUVWXYZ234567")
AWS_SECRET = _rand(20) + "/" + _rand(19)
PEM = _rand(64)
JWT = "eyJhbGciOiJIUzI1NiJ9." + "eyJ" + _rand(30) + "." + _rand(43)

# (format name, text to save, the secret value inside it)
SAMPLES: list[tuple[str, str, str]] = []


def _add(name: str, template: str, value: str) -> None:
    SAMPLES.append((name, template.format(v=value), value))


_add("aws access key id", "export AWS_ACCESS_KEY_ID={v}", AWS_ID)
_add("aws secret key", "aws_secret_access_key = {v}", AWS_SECRET)
_add("pem private key", "-----BEGIN RSA PRIVATE KEY-----\n{v}\n-----END RSA PRIVATE KEY-----",
     PEM)
_add("jwt", "the session cookie was {v} yesterday", JWT)
_add("github classic", "push with {v}", "ghp_" + _rand(36))
_add("github fine-grained", "fine-grained token for CI: {v}",
     "github_pat_" + _rand(22) + "_" + _rand(59))
_add("gitlab", "CI_JOB uses {v}", "glpat-" + _rand(20))
_add("slack bot token", "bot: {v}", "xoxb-" + _rand(11, "0123456789") + "-" + _rand(24))
_add("slack webhook", "alerts go to {v}",
     "https://hooks.slack.com/services/T" + _rand(8, "ABCDEFGHJK0123456789") + "/B"
     + _rand(8, "ABCDEFGHJK0123456789") + "/" + _rand(24))
_add("stripe live", "STRIPE={v}", "sk_live_" + _rand(24))
_add("stripe webhook", "webhook signing secret {v}", "whsec_" + _rand(32))
_add("openai project", "client = OpenAI(api_key='{v}')", "sk-proj-" + _rand(40))
_add("anthropic", "ANTHROPIC key {v} for the bot", "sk-ant-api03-" + _rand(80) + "-" + _rand(6))
_add("google api key", "maps key {v}", "AIza" + _rand(35))
_add("google oauth secret", "client secret {v}", "GOCSPX-" + _rand(28))
_add("azure storage", "DefaultEndpointsProtocol=https;AccountName=acme;AccountKey={v};"
     "EndpointSuffix=core.windows.net", _rand(86) + "==")
_add("npm token", "publish with {v}", "npm_" + _rand(36))
_add("npmrc auth", "//registry.npmjs.org/:_authToken={v}", _rand(8, _HEX) + "-" + _rand(4, _HEX))
_add("twilio api key", "twilio SID/secret {v}", "SK" + _rand(32, _HEX))
_add("sendgrid", "mail via {v}", "SG." + _rand(22) + "." + _rand(43))
_add("authorization bearer", "curl -H 'Authorization: Bearer {v}' https://api.x.io", _rand(32))
_add("authorization basic", "Authorization: Basic {v}", _rand(28) + "==")
_add("docker hub", "docker login -p {v}", "dckr_pat_" + _rand(27))
_add("vault", "VAULT_TOKEN is {v}", "hvs." + _rand(24))
_add("db pass env", "DB_PASS={v}", "Kx9" + _rand(9))
_add("pgpassword", "PGPASSWORD={v} psql -h db", "Pg7" + _rand(10))
_add("hugging face", "hf login {v}", "hf_" + _rand(34, _ALNUM.translate({ord(d): None
                                                                         for d in "23456789"})))
_add("mysql -p", "mysql -u root -p{v} shop", "My5ql" + _rand(8))
_add("url password", "DATABASE_URL=postgres://app:{v}@db.internal:5432/shop", "Zx9" + _rand(9))
_add("password assignment", "db_password=\"{v}\"", "Tr0ub" + _rand(8) + "&3")
_add("spanish contraseña", "la contraseña: {v}", "GatoNegro" + _rand(4, "0123456789"))
_add("pypi", "twine upload -p {v}", "pypi-AgEIcHlwaS5vcmc" + _rand(60))
_add("telegram bot", "bot token {v}", _rand(9, "123456789") + ":AA" + _rand(33))
_add("mailchimp", "mailchimp {v}", _rand(32, _HEX) + "-us12")
_add("square", "square {v}", "sq0csp-" + _rand(43))
_add("shopify", "shop admin {v}", "shpat_" + _rand(32, _HEX))
_add("digitalocean", "doctl auth {v}", "dop_v1_" + _rand(64, _HEX))
_add("databricks", "databricks {v}", "dapi" + _rand(32, _HEX))
_add("curl -u", "curl -u deploy:{v} https://ci.example.com", "Cu7" + _rand(12))
_add("labelled high entropy", "x-api-key: {v}", _rand(40, _HEX))
_add("labelled entropy json", '{{"clientKey": "{v}"}}', _rand(30))
