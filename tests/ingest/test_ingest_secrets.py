"""Secrets are found and redacted; ordinary prose is left alone; redaction is idempotent."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from actors.secrets import Redaction, find_secrets, redact

GITHUB = "ghp_" + "Zq8fK2mNp4Rt6Vw9Yb1Cd3Ef5Gh7Jk0LmNoPq"
AWS_ID = "AKIA" + "QX7RZ2M4K9T3B6W1"
AWS_SECRET = "r8Tq/2nVbXc4Lm9Zp+Kd7Hs3Wf6Gj1Ya5Ne0Ru8X"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." "eyJzdWIiOiI0MiIsIm5hbWUiOiJBbmEifQ."
       "Qm9ndXNTaWduYXR1cmVGb3JUZXN0aW5nT25seQ")
PEM_BODY = "MIIEpAIBAAKCAQEAv3Xq9\nc2VjcmV0LWtleS1ib2R5LWZvci10ZXN0cw==\n"

CASES = [
    ("aws_access_key", f"export AWS_ACCESS_KEY_ID={AWS_ID}\n", AWS_ID),
    ("aws_secret_key", f"aws_secret_access_key = {AWS_SECRET}\n", AWS_SECRET),
    ("private_key", f"-----BEGIN RSA PRIVATE KEY-----\n{PEM_BODY}-----END RSA PRIVATE KEY-----\n",
     "c2VjcmV0LWtleS1ib2R5LWZvci10ZXN0cw=="),
    ("github_token", f"git clone with token {GITHUB} please\n", GITHUB),
    ("gitlab_token", "CI uses glpat-Xy7Kq2Wm9Rt4Vb6Nc8Lp\n", "glpat-Xy7Kq2Wm9Rt4Vb6Nc8Lp"),
    ("slack_token", "bot: xoxb-2048-1234567890-Wq8ErTy5UiOp\n",
     "xoxb-2048-1234567890-Wq8ErTy5UiOp"),
    ("stripe_key", "STRIPE=sk_live_51Hq8ZxLmN4oPq7RsTuV\n", "sk_live_51Hq8ZxLmN4oPq7RsTuV"),
    ("openai_key", "client = OpenAI(api_key='sk-proj-Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op')\n",
     "sk-proj-Ab3Cd5Ef7Gh9Ij1Kl3Mn5Op"),
    ("jwt", f"Authorization: Bearer {JWT}\n", JWT),
    ("password_assignment", "db_password=Tr0ub4dor&3\n", "Tr0ub4dor&3"),
    ("password_assignment", "contraseña: GatoNegro42\n", "GatoNegro42"),
    ("password_assignment", '{"user": "ana", "passwd": "p4ss w0rd"}', "p4ss w0rd"),
    ("url_password", "DATABASE_URL=postgres://app:Zx9Qw2Er@db.internal:5432/shop\n", "Zx9Qw2Er"),
]


@pytest.mark.parametrize(("kind", "text", "secret"), CASES, ids=[c[0] for c in CASES])
def test_each_kind_is_found_and_redacted(kind: str, text: str, secret: str) -> None:
    assert any(k == kind for k, _, _ in find_secrets(text))
    redacted, report = redact(text)
    assert secret not in redacted
    assert f"[REDACTED:{kind}]" in redacted
    assert Redaction(kind, 1) in report
    assert redact(redacted) == (redacted, [])


def test_assignments_keep_their_key_and_urls_their_user_and_host() -> None:
    assert redact("password=hunter2\n")[0] == "password=[REDACTED:password_assignment]\n"
    url, _ = redact("see https://bob:s3cret@example.com/x")
    assert url == "see https://bob:[REDACTED:url_password]@example.com/x"


def test_all_kinds_in_one_document() -> None:
    document = "\n".join(text for _, text, _ in CASES)
    redacted, report = redact(document)
    for _, _, secret in CASES:
        assert secret not in redacted
    kinds = {r.kind for r in report}
    assert kinds == {kind for kind, _, _ in CASES}
    assert sum(r.count for r in report) == len(CASES)
    assert redact(redacted) == (redacted, [])


@pytest.mark.parametrize(
    "text",
    [
        "The password policy requires 12 characters and a symbol.",
        "La contraseña debe tener al menos doce caracteres.",
        "Password: use a long one, never reuse it.",
        "password=",
        "token: \n",
        "Reset your password at the login page; the secret is patience.",
        "password = new_password",
        "token = request.headers['X-Token']",
        "def check(password: str) -> bool:",
        "api_key = os.environ['API_KEY']",
        "max_tokens = 3000 and token_estimate = 12",
        "The sk-style keys and eyJ headers are explained in chapter 2.",
    ],
)
def test_prose_and_code_that_reads_secrets_is_untouched(text: str) -> None:
    assert redact(text) == (text, [])


@given(st.text(max_size=300))
def test_redaction_is_idempotent_on_any_text(text: str) -> None:
    once, _ = redact(text)
    assert redact(once) == (once, [])


def test_aws_secret_next_to_an_access_key_without_a_key_name() -> None:
    text = f"creds:\n  id {AWS_ID}\n  {AWS_SECRET}\n"
    redacted, report = redact(text)
    assert AWS_ID not in redacted and AWS_SECRET not in redacted
    assert {r.kind for r in report} == {"aws_access_key", "aws_secret_key"}
    plain_40 = "Ab3" * 13 + "x"  # a 40-character word with no AWS key id nearby stays
    assert redact(f"hash {plain_40}\n") == (f"hash {plain_40}\n", [])


@pytest.mark.parametrize("text", [
    "2023-06-12: Closed AUTH-3719: schedule_price_v2() in services/pricing/schedule.py",
    "session_key: refreshTokenHandler2 is the class that renews it",
    "auth_flow: verify_session_cookie_v3 now runs before the handler",
])
def test_a_name_written_in_words_is_no_secret(text: str) -> None:
    # an outside scale probe: every "high entropy secret" of 50,000 memories was a function
    # named after a ticket label, and the function was no longer searchable
    assert redact(text) == (text, [])


@pytest.mark.parametrize("text", [
    "SENTRY_AUTH=a8Kd93jdL20xQpz7", "auth: Ab3dEf6hIj9kLm2nOp",
    "x-session-key: 4eC39HqLyjWDarjtT1zdp7dc",
])
def test_a_random_value_after_a_credential_label_is_still_one(text: str) -> None:
    assert "[REDACTED:" in redact(text)[0]
