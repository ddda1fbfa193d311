"""What kind of words answer a question: an amount of money, a number, a time, a length.

"How much did the vet charge when Biscuit ate the sock?" is answered by the turn that says
"£180", two turns after the one holding the question's words; "How long should my speech be?"
by "Aim for 5-7 minutes". The question says what its answer looks like, and a memory holding
such words is more likely the answer than one that only repeats the question's topic. English
and Spanish; a question of any other kind expects nothing in particular (None).
"""

from __future__ import annotations

import re

from actors.dates import LEADING_ISO_DATE
from actors.text import fold

_NUMBER = r"\d+(?:[.,]\d+)?"
_MONEY = re.compile(
    rf"[£$€¥]\s?{_NUMBER}|{_NUMBER}\s?(?:[£$€¥]|k\b|eur\b|euros?\b|pounds?\b|libras?\b|"
    rf"dollars?\b|dolares\b|bucks\b|quid\b|grand\b|pesos?\b)", re.IGNORECASE)
_DURATION = re.compile(
    rf"\b(?:{_NUMBER}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|half|un|una|dos|"
    r"tres|cuatro|cinco|seis|siete|ocho|nueve|diez|media)(?:\s*(?:-|to|a|or|o)\s*\d+)?\s*"
    r"(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|segundos?|"
    r"minutos?|horas?|dias?|semanas?|meses|mes|anos?)\b", re.IGNORECASE)
_DISTANCE = re.compile(rf"\b{_NUMBER}\s*(?:km|kilometres?|kilometers?|kilometros?|miles?|"
                       r"millas?|m|metres?|meters?|metros?)\b", re.IGNORECASE)
_CLOCK = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:am|pm|h)\b|\b\d{1,2}:\d{2}\b", re.IGNORECASE)
_COUNT = re.compile(rf"\b(?:{_NUMBER}|two|three|four|five|six|seven|eight|nine|ten|eleven|"
                    r"twelve|dozen|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|"
                    r"doce)\b", re.IGNORECASE)

_ASKS = (
    (re.compile(r"\bhow\s+much\b.*\b(?:cost|costs|pay|paid|charge|charged|spend|spent|price|"
                r"get|got|sell|sold|receive|received|offer|offered|raise|save|saved|"
                r"worth|rent|fee|fees|earn|make|salary|budget)\b|\bwhat\s+(?:did|does|do|was|"
                r"is)\b.*\b(?:cost|price|charge|fee)\b|\bhow\s+much\s+(?:money|did\s+\w+\s+"
                r"(?:cost|pay))\b|\bcuanto\s+(?:dinero\s+)?(?:cost|pag|cobr|gast|vale|val|"
                r"cuesta|gan)"), _MONEY),
    (re.compile(r"\bhow\s+long\b|\bcuanto\s+(?:tiempo|duro|dura|tard)|\bcuantos?\s+"
                r"(?:minutos|horas|dias|semanas|meses|anos)\b"), _DURATION),
    (re.compile(r"\bhow\s+far\b|\bwhat\s+distance\b|\bcuantos\s+(?:kilometros|km|metros)\b|"
                r"\bque\s+distancia\b|\ba\s+que\s+distancia\b"), _DISTANCE),
    (re.compile(r"\bwhat\s+time\b|\bat\s+what\s+time\b|\ba\s+que\s+hora\b|\bque\s+hora\b"),
     _CLOCK),
    (re.compile(r"\bhow\s+many\b|\bcuantos\b|\bcuantas\b"), _COUNT),
)
"""A question's wording -> the words that answer it, the first wording that matches deciding."""


def expected(question: str) -> re.Pattern[str] | None:
    """The pattern of the words that answer ``question``, or None when it expects nothing in
    particular (who, what, where, why questions)."""
    folded = fold(question)
    for asks, answer in _ASKS:
        if asks.search(folded):
            return answer
    return None


def holds(answer: re.Pattern[str], text: str) -> bool:
    """Whether ``text`` (past its leading date) holds words of the expected kind."""
    return bool(answer.search(fold(LEADING_ISO_DATE.sub("", text))))
