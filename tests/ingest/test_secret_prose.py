"""The prose rule of secret redaction: "the password is <value>", in English and Spanish.

A credential told in a sentence (no ``=`` or ``:``) is redacted when the value looks like one
(letters mixed with digits, symbols or cases; or six digits and more), when it is the one word
ending the sentence, and so is a passphrase's words and a PIN's digits; a sentence that only
talks about a password keeps every word.
"""

from __future__ import annotations

import pytest

from actors.secrets import redact

TOLD = [
    ("The staging password is hunter2-S3cret! so keep it safe.", "hunter2-S3cret!"),
    ("our deploy password was Tr0ub4dor&3 until March.", "Tr0ub4dor&3"),
    ("Our api key is AbCdEf123456 for now.", "AbCdEf123456"),
    ("the root password was 84736291.", "84736291"),
    ("The VPN secret is 'q7Lp-22xV' (rotate monthly).", "q7Lp-22xV"),
    ("La contraseña del servidor es Xk9#mPq2 desde ayer.", "Xk9#mPq2"),
    ("La contrasena de la base de datos era Pg2024segura.", "Pg2024segura"),
    ("El token era ghX7kP2mQ9zL, ya caducado.", "ghX7kP2mQ9zL"),
    ("la clave del wifi es CasaAzul77", "CasaAzul77"),
    # Told the way people say them (an outside evaluator found these stored verbatim):
    # one plain word ending the sentence, a value right after the key word, a passphrase of
    # several words, a PIN.
    ("my password is correcthorsebatterystaple", "correcthorsebatterystaple"),
    ("mi contraseña es gatitos.", "gatitos"),
    ("ssh root@10.0.0.5 with password Summer2026!", "Summer2026!"),
    ("passphrase: purple monkey dishwasher", "purple monkey dishwasher"),
    ("My backup passphrase is correct horse battery. Keep it offline.",
     "correct horse battery"),
    ("My PIN is 4321", "4321"),
    ("Mi PIN es 0420 y no lo cambio.", "0420"),
]

TALKED_ABOUT = [
    "the password is stored in Vault",
    "The password policy says the password is longer than twelve characters.",
    "The secret is patience.",
    "La contraseña es larga y segura.",
    "La clave es 123",
    "El token es temporal y se renueva cada hora.",
    "My password is weak.",
    "The password was changed yesterday.",
    "Reset the password every 90 days.",
    "password reset link expired",
    "GPIO pin 4 drives the LED.",
    "The PIN is four digits long.",
]


@pytest.mark.parametrize(("text", "secret"), TOLD)
def test_a_password_told_in_prose_is_redacted(text: str, secret: str) -> None:
    redacted, counts = redact(text)
    assert secret not in redacted
    assert "[REDACTED:" in redacted and sum(c.count for c in counts) == 1
    # Only the value goes: the sentence around it stays as it was.
    before, _, after = text.partition(secret)
    assert redacted.startswith(before) and redacted.endswith(after)
    assert redact(redacted)[0] == redacted  # redacting twice changes nothing more


@pytest.mark.parametrize("text", TALKED_ABOUT)
def test_a_sentence_about_passwords_is_kept(text: str) -> None:
    assert redact(text) == (text, [])


NAMED = [
    "PAGOS-240: se añadió idempotencia con la clave Ds_Order en la tabla webhooks_recibidos.",
    "Deduplicamos por la clave Ds_Order.",
    "We deduplicate on the key Ds_Order.",
    "The form posts the password field user_pass.",
    "The login reads the token column auth_token.",
    "El formulario envía la contraseña authToken",
]


@pytest.mark.parametrize("text", NAMED)
def test_a_key_named_after_the_key_word_is_no_password(text: str) -> None:
    """"clave" is also "key": after it, an identifier made of words ("Ds_Order") with no "es",
    ":" or "=" names a field; told with one, it is still a value ("la clave es Ds_Order")."""
    assert redact(text) == (text, [])
    told = text.replace(" la clave ", " la clave es ").replace(" la contraseña ",
                                                               " la contraseña es ")
    if told != text:
        assert "[REDACTED:password_assignment]" in redact(told)[0]
