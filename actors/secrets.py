"""Secret detection and redaction: keys, tokens and passwords must not reach the memory store.

``find_secrets`` lists (kind, start, end) spans; ``redact`` replaces each span by
``[REDACTED:<kind>]``. Assignments (``password=...``, ``contraseña: ...``) and URLs
(``scheme://user:pass@host``) lose only their value; the key name and the rest stay. Prose that
merely mentions a password is left alone, and redacting twice changes nothing more. Pure: never
logs, stores or returns a secret's value anywhere else.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass

from actors.lazy_re import Regex, lazy_regex
from actors.secret_patterns import GLUED_PREFIXES, KEY_WORDS, LABEL_WORDS, TOKEN_PATTERNS

PLACEHOLDER = "[REDACTED:{kind}]"


@dataclass(frozen=True)
class Redaction:
    """How many secrets of one kind were redacted."""

    kind: str
    count: int


_TOKEN_PATTERNS = TOKEN_PATTERNS
_AWS_KEY = next(p for kind, p, _, _, _ in _TOKEN_PATTERNS if kind == "aws_access_key")
_AWS_NEAR = lazy_regex(r"(?<![A-Za-z0-9/+=])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")

_KEY_WORDS = KEY_WORDS
_ASSIGNMENT = lazy_regex(
    r"(?<![\w.-])(?:--?)?(?P<key>(?:[A-Za-z0-9]{1,40}[_.-]){0,6}" + GLUED_PREFIXES + r"(?:"
    + _KEY_WORDS + r"))(?![\w-])"
    r"[\"']?[ \t]*(?P<op>:=|=>|=|:)[ \t]*"
    r"(?:(?P<q>[\"'`])(?P<qv>[^\"'`\n]+)(?P=q)|(?P<v>[^\s\"'`,;)}\]]+))",
    re.IGNORECASE,
)
_URL_PASSWORD = lazy_regex(r"(?<![a-zA-Z0-9+.-])[a-zA-Z][a-zA-Z0-9+.-]{0,30}://[^:/@\s]+:(?P<pw>[^@/\s]+)@[\w.-]")
_SCHEME_END = lazy_regex(r"://")
_SCHEME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+.-")
_NOT_A_VALUE = lazy_regex(
    r"(?i:none|null|nil|true|false|undefined|required|optional|string|str|bytes|int|"
    r"\*+|x+|\.+|<[^>]*>|\$\{?\w+\}?|%\(?\w+\)?s?|\{\{.*\}\}|\[REDACTED:\w+\]|"
    r"os\.environ.*|process\.env.*|getenv.*|env\(.*)"
)
_LABELLED = lazy_regex(
    r"(?<![\w.-])(?P<label>[A-Za-z_][A-Za-z0-9_.-]{1,60})[\"']?[ \t]*(?::=|=>|=|:)[ \t]*"
    r"(?P<q>[\"'`]?)(?P<v>[A-Za-z0-9+/=_.~-]{16,512})(?P=q)(?![A-Za-z0-9+/=_.~-])"
)
_KEY_HIT = lazy_regex(r"(?:" + _KEY_WORDS + r"|api key|access key)")
"""Key words in lower-cased text: where an assignment or a prose statement may be anchored."""
_OP_HIT = lazy_regex(r"(?::=|=>|=|:)[ \t]*[\"'`]?[A-Za-z0-9+/=_.~-]{16}")
"""An operator followed by a long value: where a labelled value may be anchored."""
HINT_BACK = 160
"""How far before its hint a provider match may start (``-----BEGIN ... PRIVATE KEY``,
a Telegram bot id, 32 hex digits before Mailchimp's ``-us``)."""
HINT_AHEAD = 64 * 1024
"""How far after its hint a provider match may end (a PEM key is a few KiB)."""
_KEY_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
ENTROPY_BITS = 3.5
"""Bits per character above which a labelled value counts as random (hex keys reach ~3.8,
base62/64 keys 4.5+; words, paths and identifiers stay lower)."""
_ATTRIBUTE = lazy_regex(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+")
_PROSE = lazy_regex(
    r"(?<![\w-])(?:" + _KEY_WORDS + r"|api key|access key)(?![\w-])[^.\n:=]{0,40}?"
    r"(?<![\w-])(?:is|was|are|es|era|sera|será)[ \t]+[\"'`]?(?P<v>[^\s\"'`]{4,})",
    re.IGNORECASE,
)


_TICKET = lazy_regex(r"[A-Z][A-Z0-9]*-\d+")
"""A ticket id ("AUTH-3719: fixed the refresh"): it names work, not a credential."""
_NAME_PART = lazy_regex(r"[A-Za-z]{2,}\d{0,3}|v?\d{1,3}")
"""A part of a name written in words: a word, a short number or a version ("v2")."""


def _named_in_words(value: str) -> bool:
    """An identifier made of words ("schedule_price_v2", "refreshTokenHandler2"): a name
    someone wrote, not a random string, however many distinct characters it has. A key's
    parts are not words ("sk_live_4eC39HqLyjWDarjtT1zdp7dc")."""
    parts = [part for part in re.split(r"[_.\-]+|(?<=[a-z])(?=[A-Z])", value) if part]
    return len(parts) >= 2 and all(_NAME_PART.fullmatch(part) for part in parts)


def shannon_entropy(value: str) -> float:
    """Bits per character of ``value`` (0 for an empty string)."""
    if not value:
        return 0.0
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values())


def _entropy_spans(text: str) -> list[tuple[str, int, int, int]]:
    """A random-looking value after a label that names a credential (``x-api-key: …``,
    ``SENTRY_AUTH=…``): letters and digits mixed, entropy over ``ENTROPY_BITS``."""
    out: list[tuple[str, int, int, int]] = []
    for m in _anchored(_LABELLED, text, _label_starts(text)):
        if not LABEL_WORDS.search(m.group("label")) or _TICKET.fullmatch(m.group("label")):
            continue
        value, start = m.group("v"), m.start("v")
        if (not any(c.isdigit() for c in value) or not any(c.isalpha() for c in value)
                or _ATTRIBUTE.fullmatch(value) or value.startswith(("/", "./", "../"))
                or _named_in_words(value) or shannon_entropy(value) < ENTROPY_BITS):
            continue
        out.append(("high_entropy_secret", start, start + len(value), 4))
    return out


def _walk_back(text: str, pos: int, chars: frozenset[str] = _KEY_CHARS) -> int:
    """Where the identifier-like run (letters, digits, '_', '.', '-') ending at ``pos``
    starts: the only place a key or label pattern can begin (they start after no such
    character)."""
    while pos > 0 and text[pos - 1] in chars:
        pos -= 1
    return pos


def _key_hits(text: str) -> list[int]:
    """Start positions of key words ("password", "token", "contraseña" ...). Scanning the
    lower-cased text with a plain pattern is ten times faster than a case-blind scan; when
    lower-casing changes the length (rare scripts), every position is a candidate."""
    lowered = text.lower()
    if len(lowered) != len(text):
        return list(range(len(text)))
    return [m.start() for m in _KEY_HIT.finditer(lowered)]


def _label_starts(text: str) -> list[int]:
    starts: list[int] = []
    for m in _OP_HIT.finditer(text):
        pos = m.start()
        while pos > 0 and text[pos - 1] in " \t\"'":
            pos -= 1
        starts.append(_walk_back(text, pos))
    return starts


def _anchored(pattern: Regex, text: str, starts: list[int]) -> list[re.Match[str]]:
    """``pattern`` matched only at the candidate ``starts`` (in order, never overlapping):
    the same matches as ``finditer`` when every match must begin at one of them, at a
    fraction of the cost on long texts."""
    out: list[re.Match[str]] = []
    end = -1
    for start in sorted(set(starts)):
        if start < end:
            continue
        m = pattern.match(text, start)
        if m is not None and m.end() > m.start():
            out.append(m)
            end = m.end()
    return out


def _credential_shaped(value: str) -> bool:
    """Letters mixed with digits, symbols or cases, or six digits and more."""
    kinds = (any(c.isdigit() for c in value) + any(c.isupper() for c in value[1:])
             + any(not c.isalnum() for c in value) + any(c.islower() for c in value))
    return (kinds >= 2 and not value.isdigit()) or (value.isdigit() and len(value) >= 6)


def _prose_spans(text: str) -> list[tuple[str, int, int, int]]:
    """'the staging password is hunter2-S3cret!': a value that looks like a credential (it
    mixes letters with digits or symbols, or cases) after 'password ... is'. Plain words
    ('the password is stored in Vault') are prose and stay."""
    out: list[tuple[str, int, int, int]] = []
    for m in _anchored(_PROSE, text, _key_hits(text)):
        value = m.group("v").rstrip(".,;:)]}")
        start = m.start("v")
        if len(value) < 4 or text.startswith("[REDACTED:", start) or _NOT_A_VALUE.fullmatch(value):
            continue
        if _credential_shaped(value):
            out.append(("password_assignment", start, start + len(value), 3))
    return out


_SPOKEN_KEY = r"(?:password|passwd|passphrase|pwd|contrase(?:ñ|n)a|clave)"
_SPOKEN_WORD = lazy_regex(
    r"(?<![\w-])" + _SPOKEN_KEY + r"(?![\w-])[ \t]+(?:(?P<verb>is|was|es|era)[ \t]+)?[\"'`]?"
    r"(?P<v>[^\s\"'`]{6,})(?P<end>[\"'`]?[.,;!?)]*(?:\s*$|[ \t]*\n|\.\s))",
    re.IGNORECASE,
)
"""'my password is correcthorsebatterystaple': one word, the last of its sentence, after a
password key word, told with 'is' or nothing at all ('ssh ... with password Summer2026!')."""
def _words_joined(value: str) -> bool:
    """Whether ``value`` is an identifier of letters only, two words or more joined by "_",
    "-", "." or a change of case ("Ds_Order", "user_pass", "webhooks_recibidos",
    "authToken"). Right after "clave" / "password" with no "is" / "es" / ":" / "=", it names a
    field or a key ("la clave Ds_Order", "the password field user_pass"), not its value: a
    secret said so mixes in digits or symbols ("with password Summer2026!"). Stricter than
    ``_named_in_words``, which lets digits in ("CasaAzul77" is a wifi key)."""
    return (value.isascii() and _named_in_words(value)
            and all(c.isalpha() or c in "_.-" for c in value))


_PROSE_WORDS = frozenset("""
weak strong long short wrong right correct incorrect invalid valid required optional new old
same different secure safe unsafe insecure empty blank missing unknown temporary secret private
public hidden encrypted hashed reset changed stored saved rotated shared protected mandatory
larga corta debil débil fuerte segura seguro nueva nuevo vieja viejo antigua antiguo correcta
incorrecta temporal caducada caducado obligatoria secreta privada cifrada compartida distinta
""".split())
"""Words that end a sentence about a password without being one ('my password is weak')."""
_SPOKEN_VALUE = lazy_regex(
    r"(?<![\w-])" + _SPOKEN_KEY + r"(?![\w-])[ \t]+(?P<v>[^\s\"'`]{6,})", re.IGNORECASE)
"""'with password Summer2026!': a credential-shaped value right after the key word."""
_PASSPHRASE = lazy_regex(
    r"(?<![\w-])(?:passphrase|frase de (?:contrase(?:ñ|n)a|paso)|frase secreta)(?![\w-])"
    r"[ \t]*(?:(?::|=|is|was|es|era)[ \t]*)[\"'`]?(?P<v>[^\n.;\"'`]{3,80})",
    re.IGNORECASE,
)
"""A passphrase is several words: they all go, up to the end of the sentence."""
_PIN = lazy_regex(
    r"(?<![\w-])(?:pin|pin code|c(?:ó|o)digo pin)(?:[ \t]+(?:number|code|n(?:ú|u)mero))?"
    r"(?:[ \t]*(?::|=|is|was|es|era))?[ \t]*(?P<v>\d{4,8})(?![\w-])",
    re.IGNORECASE,
)
"""'My PIN is 4321', 'PIN: 0420', 'mi PIN es 1234': four to eight digits after a PIN."""
_SPOKEN_HIT = lazy_regex(r"(?<![\w-])(?:pass|pwd|contrase|clave|frase|c(?:ó|o)digo pin|pin)")
"""Where one of the spoken rules may start (in lower-cased text)."""
_TRAILING = ".,;:!?)]}"


def _spoken_spans(text: str) -> list[tuple[str, int, int, int]]:
    """Credentials told the way people say them, past the prose rule: one plain word that
    ends the sentence, a value right after the key word, a passphrase of several words, a
    PIN. Matched only where the lower-cased text holds one of their key words."""
    lowered = text.lower()
    if len(lowered) != len(text):
        starts = list(range(len(text)))
    else:
        starts = [m.start() for m in _SPOKEN_HIT.finditer(lowered)]
    if not starts:
        return []
    out: list[tuple[str, int, int, int]] = []
    for m in _anchored(_SPOKEN_WORD, text, starts):
        value = m.group("v").rstrip(_TRAILING)
        word = value.lower()
        if (word in _PROSE_WORDS or word.endswith(("ed", "ing", "ly")) or len(word) < 6
                or value.startswith("[REDACTED:") or _NOT_A_VALUE.fullmatch(value)):
            continue
        if m.group("verb") is None and _words_joined(value):
            continue  # "idempotencia con la clave Ds_Order.": "clave" is a key, not a password
        out.append(("password_assignment", m.start("v"), m.start("v") + len(value), 3))
    for m in _anchored(_SPOKEN_VALUE, text, starts):
        value = m.group("v").rstrip(_TRAILING)
        if _credential_shaped(value) and not value.startswith("[REDACTED:") \
                and not _NOT_A_VALUE.fullmatch(value) and not _words_joined(value):
            out.append(("password_assignment", m.start("v"), m.start("v") + len(value), 3))
    for m in _anchored(_PASSPHRASE, text, starts):
        value = m.group("v").rstrip(" \t,")
        if not value.startswith("[REDACTED:"):
            out.append(("passphrase", m.start("v"), m.start("v") + len(value), 3))
    for m in _anchored(_PIN, text, starts):
        out.append(("pin", m.start("v"), m.end("v"), 3))
    return out


def _assignment_spans(text: str) -> list[tuple[str, int, int, int]]:
    """Values of ``key = value`` / ``key: value`` pairs whose key names a credential."""
    out: list[tuple[str, int, int, int]] = []
    for m in _anchored(_ASSIGNMENT, text, [_walk_back(text, hit) for hit in _key_hits(text)]):
        group = "qv" if m.group("qv") is not None else "v"
        value, start = m.group(group), m.start(group)
        if not value or text.startswith("[REDACTED:", start) or _NOT_A_VALUE.fullmatch(value):
            continue
        if m.group("key").lower().endswith("pass") and value.isdigit() and len(value) < 6:
            continue  # "tests pass: 45" is a count, not a password
        if group == "v":
            if "(" in value or "[" in value or _ATTRIBUTE.fullmatch(value):
                continue  # a call, an index or an attribute: code that reads a secret
            spaced = text[m.start("op") - 1 : m.start("op")] in " \t"
            if m.group("op") != ":" and spaced and value.isidentifier() and not any(
                c.isdigit() for c in value
            ):
                continue  # `password = new_password`: a variable, not a value
            if m.group("op") == ":" and (value.isalpha() or value.isdigit()):
                line_end = text.find("\n", m.end())
                rest = text[m.end() : len(text) if line_end < 0 else line_end]
                if len(rest.split()) >= 2:
                    continue  # "Password: use a long one" is prose, not a credential
        out.append(("password_assignment", start, m.end(group), 3))
    return out


def _hint_windows(lowered: str, hints: tuple[str, ...]) -> list[tuple[int, int]]:
    """The stretches of text around each occurrence of a hint, merged: a provider pattern
    only needs scanning there (its match holds the hint, at most ``HINT_BACK`` characters in
    and at most ``HINT_AHEAD`` long)."""
    spans: list[tuple[int, int]] = []
    for hint in hints:
        at = lowered.find(hint)
        while at >= 0:
            spans.append((max(0, at - HINT_BACK), min(len(lowered), at + HINT_AHEAD)))
            at = lowered.find(hint, at + 1)
    spans.sort()
    merged: list[tuple[int, int]] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


def find_secrets(text: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of each secret in ``text``, in order, without overlaps."""
    found: list[tuple[str, int, int, int]] = []
    lowered = text.lower()
    same_length = len(lowered) == len(text)
    for kind, pattern, group, priority, hints in _TOKEN_PATTERNS:
        if hints and not any(hint in lowered for hint in hints):
            continue  # the pattern cannot match: skip its scan
        windows = _hint_windows(lowered, hints) if hints and same_length else [(0, len(text))]
        for m in (m for lo, hi in windows for m in pattern.finditer(text, lo, hi)):
            value = m.group(group)
            if value and not value.startswith("[REDACTED:"):
                found.append((kind, m.start(group), m.end(group), priority))
    for m in _AWS_KEY.finditer(text):  # a 40-char secret close to an AWS key id
        window_start, window_end = max(0, m.start() - 300), min(len(text), m.end() + 300)
        for near in _AWS_NEAR.finditer(text, window_start, window_end):
            candidate = near.group(0)
            if (any(c.isdigit() for c in candidate) + any(c.islower() for c in candidate)
                    + any(c.isupper() for c in candidate)) >= 2:
                found.append(("aws_secret_key", near.start(), near.end(), 1))
    found.extend(_assignment_spans(text))
    found.extend(_prose_spans(text))
    found.extend(_spoken_spans(text))
    found.extend(_entropy_spans(text))
    url_starts = [_walk_back(text, m.start(), _SCHEME_CHARS)
                  for m in _SCHEME_END.finditer(text)]
    for m in _anchored(_URL_PASSWORD, text, url_starts):
        if not _NOT_A_VALUE.fullmatch(m.group("pw")):
            found.append(("url_password", m.start("pw"), m.end("pw"), 2))

    kept: list[tuple[str, int, int]] = []
    for kind, start, end, _ in sorted(found, key=lambda f: (f[3], -(f[2] - f[1]), f[1])):
        if all(end <= s or start >= e for _, s, e in kept):
            kept.append((kind, start, end))
    return sorted(kept, key=lambda f: f[1])


def redact(text: str, *, keep_lines: bool = False) -> tuple[str, list[Redaction]]:
    """``text`` with every secret replaced by ``[REDACTED:<kind>]``, and counts per kind.

    ``keep_lines`` keeps the line breaks of a multi-line secret (a PEM key) after its
    placeholder, so line numbers of a redacted copy still match the original file."""
    spans = find_secrets(text) if text else []  # (the empty fields of most saves: no scan)
    if not spans:
        return text, []
    parts: list[str] = []
    counts: dict[str, int] = {}
    pos = 0
    for kind, start, end in spans:
        parts.append(text[pos:start])
        parts.append(PLACEHOLDER.format(kind=kind))
        if keep_lines:
            parts.append("\n" * text.count("\n", start, end))
        counts[kind] = counts.get(kind, 0) + 1
        pos = end
    parts.append(text[pos:])
    return "".join(parts), [Redaction(kind, n) for kind, n in counts.items()]


def redact_text(text: str, *, keep_lines: bool = False) -> str:
    """Just the redacted text, for fields whose counts nobody reports (tags, reasons)."""
    return redact(text, keep_lines=keep_lines)[0]
