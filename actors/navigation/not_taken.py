"""A name held only as the option not taken: what a question supposes in use was turned down.

A coding agent's notes name the tools a team rejected as often as the ones it uses: "Decided:
Postgres 16 over MySQL 8 for billing", "Decided against Kafka for billing events", "plain REST
with JSON, not GraphQL", "Moved CI from Jenkins to GitHub Actions", "Dejamos Vercel". A
question that supposes the thing is in use ("Which version of MySQL do we use?", "Which Kafka
topic do billing events go to?", "Where is the GraphQL schema file?") asks about something
never stored; it was answered with the Postgres upgrade, the SNS topic, a logging note. A
question about the choice itself ("Why Postgres rather than MySQL?", "What did we decide about
Kafka?", "Do we use MySQL anywhere?", "Which CI did we use before?") is answered by the
decision, so it is never judged here.

Pure functions on texts the navigation actor reads for them; this module never reads the
store, and never decides the reply: the actor does.
"""

from __future__ import annotations

import re

from actors.lazy_re import lazy_regex
from actors.navigation.asked_setting import PRODUCT_ALIASES
from actors.text import fold

HOLDERS_READ = 8
"""Memories holding a name read at most: a name held in more is a thing in use, not one
turned down once (and a 50,000-memory store reads no more for it)."""

_CLAUSE_END = lazy_regex(r"[.;!?\n]")
_ARTICLE = r"(?:the\s+|el\s+|la\s+|los\s+|las\s+|our\s+|nuestro\s+|nuestra\s+|a\s+|an\s+)?"
_LEFT = lazy_regex(
    r"(?:\b(?:instead\s+of|rather\s+than|in\s+place\s+of|not|against|en\s+vez\s+de|"
    r"en\s+lugar\s+de|nada\s+de|descartamos|descartado|descartada|contra)"
    r"(?:\s+(?:using|usar))?"
    r"|\b(?:no\s+longer|never|not|don'?t|doesn'?t|stopped|dejamos\s+de|ya\s+no)\s+"
    r"(?:\w+\s+){0,2}?(?:use|uses|using|used|need|run|runs|usar|usamos|usa|usan)"
    r"|\b(?:dropped|dropping|ditched|ditching|abandoned|removed|retired|replaced|replacing|"
    r"rejected|dejamos|abandonamos|quitamos|sustituimos|reemplazamos)"
    r"|\b(?:chose|chosen|choose|picked|pick|went\s+with|decided|decision|prefer|preferred|"
    r"opted|selected|elegimos|elegido|decidimos)\b[^.;!?]{0,60}\bover)"
    rf"\s+{_ARTICLE}$")
"""What a clause says before a name it turns down ("chose X over", "instead of", "not",
"decided against", "no longer uses", "en vez de", "dejamos")."""
_LEFT_FROM = lazy_regex(
    r"\b(?:moved|move|moving|switched|switch|switching|migrated|migrate|migrating|went|"
    r"pasamos|migramos|cambiamos|movimos)\b[^.;!?]{0,40}\b(?:(?:away\s+)?from|de)"
    rf"\s+{_ARTICLE}$")
"""A move away from a name ("moved CI from Jenkins to ...", "pasamos de Vercel a ...")."""
_VERSION_BUMP = lazy_regex(r"^(?:\s+v?\d[\w.]*)?\s+(?:to|a)\s+v?\d")
"""After a name moved from: another version of the same thing ("from Postgres 16 to 17")."""
_RIGHT = lazy_regex(
    r"^(?:\s+v?\d[\w.]*)?\s*,?\s*(?:(?:is|was|were|are|has\s+been|have\s+been|got)\s+(?:now\s+)?"
    r"(?:rejected|dropped|removed|retired|gone|replaced|deprecated|abandoned|no\s+longer)\b"
    r"|(?:ya\s+no|queda\s+descartad|fue\s+descartad|se\s+descart|esta\s+descartad))")
"""What a clause says after a name it turns down ("MySQL was rejected", "Jenkins ya no")."""
_CHOICE_ASKED = lazy_regex(
    r"\b(?:why|decid\w*|decision\w*|chose|choose|chosen|choosing|pick\w*|select\w*|opt|"
    r"opted|prefer\w*|rather|instead|over|versus|vs|compar\w*|reject\w*|against|"
    r"consider\w*|evaluat\w*|alternativ\w*|option\w*|before|previous\w*|earlier|formerly|"
    r"former|old|used\s+to|switch\w*|mov\w*|migrat\w*|replac\w*|drop\w*|ditch\w*|"
    r"abandon\w*|stop\w*|still|anymore|longer|ever|history|chang\w*|por\s+que|porque|"
    r"decidi\w*|eleg\w*|eligi\w*|escog\w*|escogi\w*|vez|lugar|descart\w*|antes|anterior\w*|"
    r"cambi\w*|migr\w*|reemplaz\w*|sustitu\w*|dej\w*|todavia|aun|ya|"
    r"after\w*|next|since|successor|then|place|rid|gone|remov\w*|retir\w*|deprecat\w*|"
    r"sunset\w*|phas\w*|kill\w*|did|was|were|had|been|went|came|took|got|became|left|"
    r"despues|luego|tras|desde|sucesor\w*|quit\w*|elimin\w*|fue|fueron|era|eran|vino|"
    r"vinieron|hubo|habia\w*|\w+aba|\w+aban|\w+abamos|\w{2,}(?:aron|ieron)|"
    r"(?:ha|han|hemos)\s+\w+(?:ado|ido))\b")
"""A question about the choice, the change or the past ("What came after Jenkins?", "When
did we get rid of it?", "¿Qué vino después de Jenkins?"), which the decision answers: only a
question in the present, about the thing as if in use, is judged."""
_PAST_SPANISH = lazy_regex(r"\w[^\W\d_]ó\b")
"""A Spanish preterite in the question as written ("pasó", "sustituyó"): a fold drops its
accent."""
_YES_NO = lazy_regex(
    r"^\W*(?:do|does|did|is|are|was|were|have|has|had|can|could|should|would|will|am)\b")


def asks_the_choice(question: str) -> bool:
    """Whether ``question`` asks about a choice or a change ("why X over Y?", "what did we
    decide about Kafka?", "which CI did we use before?") or asks yes or no ("Do we use
    MySQL?"): the decision answers it, so a name turned down in it is no sign of something
    never stored."""
    folded = fold(question)
    return _CHOICE_ASKED.search(folded) is not None or _YES_NO.search(folded) is not None \
        or _PAST_SPANISH.search(question.lower()) is not None


_FORM_ENDING = 2
"""Letters a written form of a name may add to another ("Postgres" / "PostgreSQL", "Mongo" /
"MongoDB"): more make another word ("Redis" / "redirect", "React" / "reactive")."""
_FORM_FROM = 5
"""Letters the shorter form holds at least: "Go" is no form of "Gorilla"."""


def _forms(word: str, other: str) -> bool:
    short, long_ = sorted((word, other), key=len)
    return short == long_ or len(short) >= _FORM_FROM and long_.startswith(short) \
        and len(long_) - len(short) <= _FORM_ENDING


def names_also(text: str, name: str) -> bool:
    """Whether ``text`` names ``name`` as written (case and accents aside), by a form of it
    ("Mongo to Postgres" names "PostgreSQL") or by a short name developers write for it
    ("pg", "k8s"; ``asked_setting.PRODUCT_ALIASES``); "posted" does not name "Postgres", nor
    "redirect" "Redis"."""
    wanted, folded = fold(name).lower(), fold(text).lower()
    if " " in wanted.strip():
        return re.search(rf"(?<!\w){re.escape(wanted.strip())}(?!\w)", folded) is not None
    aliases = {alias for forms in PRODUCT_ALIASES if any(_forms(wanted, form) for form in forms)
               for alias in forms}
    return any(_forms(word, wanted) or word in aliases for word in re.findall(r"\w+", folded))


def turned_down(text: str, name: str) -> bool:
    """Whether every place ``text`` names ``name`` is in a clause that turns it down (chosen
    over, decided against, no longer used, moved away from). A text that does not spell the
    name as written holds it otherwise, so it is not turned down there."""
    folded, wanted = fold(text), fold(name)
    at = [match.start() for match in re.finditer(
        rf"(?<!\w){re.escape(wanted)}(?!\w)", folded)]
    if not at:
        return False
    for start in at:
        before = folded[:start]
        clause = before[max((m.end() for m in _CLAUSE_END.finditer(before)), default=0):]
        after = folded[start + len(wanted):]
        after = after[:m.start()] if (m := _CLAUSE_END.search(after)) else after
        if _LEFT.search(clause) is None and _RIGHT.search(after) is None \
                and (_LEFT_FROM.search(clause) is None or _VERSION_BUMP.search(after)):
            return False
    return True
