"""A question about "the user" as the user would ask it: in the first person.

Memories are what a person said ("I moved to Valencia"); agents ask about them in the third
person ("where does the user live?"). The sentence model reads the person as part of the
meaning: on our conversation sets the memory that answers is, on average, 0.03 closer to the
question in the first person, and first more often (``VectorIndex.encode_query``). Only the
vector reading of a question is rewritten; its words are searched as asked.

English only. Spanish puts the person in the verb ("¿dónde vive el usuario?" / "vivo"): with
"el usuario" left out or said as "yo", Spanish questions drifted toward English memories
(measured with the rest, see ``VectorIndex.encode_query``).
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex

_AUX = {"does": "do", "did": "did", "is": "am", "was": "was", "has": "have", "have": "have",
        "will": "will", "would": "would", "can": "can", "could": "could", "should": "should",
        "might": "might", "must": "must", "doesn't": "don't", "didn't": "didn't",
        "isn't": "aren't", "wasn't": "wasn't", "hasn't": "haven't", "won't": "won't",
        "can't": "can't", "wouldn't": "wouldn't", "shouldn't": "shouldn't"}
"""An auxiliary before "the user" (a question's inversion) and its first-person form."""
_AFTER = {"is": "am", "was": "was", "has": "have", "does": "do", "doesn't": "don't",
          "isn't": "am not", "wasn't": "wasn't", "hasn't": "haven't"}
"""A verb after "the user" (its subject) whose first-person form is another word."""
_SUBJECT_BEFORE = frozenset(
    "what where when why how who whom which whose that and or but if whether because so while "
    "since until unless although though".split())
"""Words after which "the user" is a subject ("I"); after any other word, an object ("me")."""

_COMPOUNDS = (r"interface|agent|table|tables|service|services|id|ids|name|names|model|story|"
              r"stories|experience|base|account|accounts|data|input|preferences|settings|guide|"
              r"manual|session|sessions|group|groups|role|roles|profile|profiles|research|flow|"
              r"flows|journey|testing|acceptance|record|records|object|class|endpoint|api|"
              r"interviews|feedback|permissions|management|directory|list|facing")
"""Words after "user" that make it a thing of software, not the person ("the user table")."""
_THE_PERSON = rf"(?![-_])(?!\s+(?:{_COMPOUNDS})\b)"
"""After "user": not "user-agent", not "user table"."""
_USER = rf"(?:the\s+)?user{_THE_PERSON}"
_POSSESSIVE = lazy_regex(rf"\b{_USER}(?:'s|’s)", re.IGNORECASE)
_INVERTED = lazy_regex(rf"\b({'|'.join(re.escape(a) for a in _AUX)})\s+{_USER}\b",
                       re.IGNORECASE)
_SUBJECT = lazy_regex(rf"\b{_USER}\s+({'|'.join(re.escape(verb) for verb in _AFTER)})(?!\w)",
                      re.IGNORECASE)
_REST = lazy_regex(rf"(\b\w+\W+|^\W*)the\s+user\b{_THE_PERSON}", re.IGNORECASE)


def _capital(found: re.Match[str], text: str) -> str:
    """``text`` capitalised when the words it replaces began with a capital."""
    return text[0].upper() + text[1:] if found.group(0)[:1].isupper() else text


def _subject_or_object(found: re.Match[str]) -> str:
    before = found.group(1)
    word = before.strip(" \t\n\"'¿¡?!,.;:()").lower()
    return f"{before}I" if not word or word in _SUBJECT_BEFORE else f"{before}me"


def first_person(question: str) -> str:
    """``question`` with "the user" said as "I", "me" or "my": "What car does the user drive
    now?" -> "What car do I drive now?", "Which book did Vera recommend to the user?" ->
    "... to me?". Text without "user" comes back as it was."""
    if re.search(r"\buser", question, re.IGNORECASE) is None:
        return question
    text = _POSSESSIVE.sub(lambda m: _capital(m, "my"), question)
    text = _INVERTED.sub(lambda m: _capital(m, f"{_AUX[m.group(1).lower()]} I"), text)
    text = _SUBJECT.sub(lambda m: _capital(m, f"I {_AFTER[m.group(1).lower()]}"), text)
    return _REST.sub(_subject_or_object, text)
