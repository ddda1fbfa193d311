"""The secret catalogue, unit by unit: every sample format is found and named, Anthropic keys
by their own name, ordinary code and prose near key words stay untouched, line numbers survive
redaction when asked, and the scope rule is the documented one."""

from __future__ import annotations

import pytest

from actors.scopes import scope_admits
from actors.secrets import find_secrets, redact, shannon_entropy
from tests.hardening.secret_samples import SAMPLES


@pytest.mark.parametrize(("name", "text", "value"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_each_format_is_redacted(name: str, text: str, value: str) -> None:
    clean, report = redact(text)
    assert value not in clean and "[REDACTED:" in clean
    assert sum(r.count for r in report) >= 1
    assert redact(clean) == (clean, [])


def test_kinds_name_the_provider() -> None:
    by_name = {name: {kind for kind, _, _ in find_secrets(text)} for name, text, _ in SAMPLES}
    assert by_name["anthropic"] == {"anthropic_key"}
    assert by_name["openai project"] == {"openai_key"}
    assert by_name["slack webhook"] == {"slack_webhook"}
    assert by_name["google api key"] == {"google_api_key"}
    assert by_name["sendgrid"] == {"sendgrid_key"}
    assert by_name["hugging face"] == {"huggingface_token"}


@pytest.mark.parametrize("text", [
    "bypass: true",
    "compass: north",
    "Tests pass: 45",
    "cache_key = 'user_profile_v2'",
    "session_timeout_seconds = 3600",
    "api_version: 2023-10-01",
    "token_url: https://oauth2.googleapis.com/token",
    "commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a39 fixed the bug",
    "private_key_path = /home/ana/.ssh/id_ed25519",
    "The Authorization header carries a bearer token.",
    "mysql -u root -p shop  # prompts for the password",
])
def test_code_and_prose_near_key_words_stay(text: str) -> None:
    assert redact(text) == (text, [])


def test_keep_lines_keeps_line_numbers() -> None:
    text = ("line 1\n-----BEGIN PRIVATE KEY-----\nQUJD\nREVG\n-----END PRIVATE KEY-----\n"
            "line 6\n")
    clean, _ = redact(text, keep_lines=True)
    assert clean.count("\n") == text.count("\n")
    assert clean.splitlines()[5] == "line 6"
    assert "QUJD" not in clean


def test_entropy_measure() -> None:
    assert shannon_entropy("") == 0.0
    assert shannon_entropy("aaaa") == 0.0
    assert shannon_entropy("abcd") == 2.0


@pytest.mark.parametrize(("asked", "leaf", "admitted"), [
    ("", "", True), ("", "user", True), ("", "project:a", False),
    ("user", "project:a", False), ("*", "project:a", True), ("*", "", True),
    ("project:a", "project:a", True), ("project:a", "", True), ("project:a", "user", True),
    ("project:a", "project:b", False), (" project:a ", "project:a", True),
    # a bare name is a project's: saved or asked bare, it meets its 'project:' spelling
    ("project:billing", "billing", True), ("billing", "project:billing", True),
    ("billing", "project:auth", False), ("", "billing", False),
])
def test_scope_admits(asked: str, leaf: str, admitted: bool) -> None:
    assert scope_admits(asked, leaf) is admitted
