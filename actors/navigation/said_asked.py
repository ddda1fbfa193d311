"""Who a question asks to have said something, and what it asks them for.

"What kind of index did you suggest for the slow orders dashboard?", "Which crystal or circuit
kit did the assistant suggest?", "¿Qué restaurante me recomendaste?", "What did Maya suggest to
Tomás?": the answer is a turn of the other speaker (the assistant, or the one named), not the
asker's own turn that described the problem, which holds more of the question's words. The
question also says what the answer holds: the thing it names ("which tram" -> a turn saying
"tram"), or a kind of words (``answer_type.expected``: "how long" -> a length of time).

Pure functions of the question's text; the navigation actor applies them to the turns it ranks
(``ranking.ASKING_FACTOR``, ``ranking.SAID_KIND_BOOST``). "What did I tell you about...",
"Can you remind me what I said" ask the asker's own words: no other speaker is asked.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from actors.lazy_re import lazy_regex
from actors.navigation.stem import stem
from actors.text import STOPWORDS, fold

ASSISTANT = "assistant"
"""The asked speaker when the question asks what "you" / "the assistant" said."""

_EN_VERB = (r"(?i:suggest|suggests|suggested|recommend|recommends|recommended|tell|tells|told|"
            r"say|says|said|advise|advises|advised|propose|proposes|proposed|mention|mentions|"
            r"mentioned|give|gives|gave|offer|offered|pick|picked|point|pointed|name|named)")
_ES_VERB_2ND = (r"(?:recomendaste|sugeriste|dijiste|aconsejaste|propusiste|mencionaste|"
                r"diste|contaste|explicaste|indicaste|pasaste)")
_ES_VERB_3RD = (r"(?i:recomendo|sugirio|dijo|aconsejo|propuso|menciono|dio|conto|explico|"
                r"indico|paso)")
SUGGESTING_VERBS = frozenset("""suggest suggests suggested recommend recommends recommended
    advise advises advised propose proposes proposed recomendaste sugeriste aconsejaste
    propusiste recomendo sugirio aconsejo propuso""".split())
"""The verbs of suggesting a question asking what the assistant suggested is framed by
("What exercises did you recommend for my back?", "¿Qué relojes me sugeriste?"), folded: the
answer is the assistant's reply, which never says it, and every turn asking it for a
recommendation holds them ("Any cookbooks you'd recommend?"), so they say nothing of which
one is asked about (``query.framing``). Asked of someone by name they stay words of the
search: a note may tell the act itself ("Mi cuñado Marta me recomendó leer ...")."""
_WHO = r"(?P<who>(?i:you|the\s+assistant|the\s+ai|the\s+bot)|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)"
_ES_WHO = r"(?P<who>(?i:el\s+asistente|la\s+ia|el\s+bot)|[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)?)"

_ASKED = (
    # "did you suggest", "did the assistant recommend", "would Maya say", "did you say I
    # should", "have you ever told me"
    lazy_regex(r"\b(?i:did|do|does|would|will|have|has|had)\s+" + _WHO +
               r"\s+(?:\w+\s+)?" + _EN_VERB + r"\b"),
    # "the hotel you recommended", "what the assistant suggested", "what Maya told Tomás"
    lazy_regex(r"\b(?i:that|which|what|the\s+\w+)\s+" + _WHO + r"\s+(?:\w+\s+)?" + _EN_VERB
               + r"\b"),
    # "your recommendation", "your advice"
    lazy_regex(r"\b(?P<who>your)\s+(?:\w+\s+)?(?:suggestions?|recommendations?|advice|tips?|"
               r"picks?|ideas?)\b", re.IGNORECASE),
    # "¿Qué me recomendaste?", "¿qué restaurante nos sugeriste?"
    lazy_regex(r"\b(?P<who>)" + _ES_VERB_2ND + r"\b", re.IGNORECASE),
    # "¿Qué le recomendó Maya a Tomás?", "¿qué me dijo el asistente?"
    lazy_regex(r"\b(?i:me|le|nos|les|te)\s+" + _ES_VERB_3RD + r"\s+" + _ES_WHO + r"\b"),
    # "¿Qué restaurante el asistente me recomendó?", "lo que Maya le sugirió"
    lazy_regex(r"\b(?i:que|cual|cuales|lo\s+que)\s+(?:\w+\s+){0,3}?" + _ES_WHO
               + r"\s+(?i:me|le|nos|les|te)\s+" + _ES_VERB_3RD + r"\b"),
)
"""The other speaker as the subject of a verb of suggesting or saying."""

_NOT_NAMES = frozenset("""i we what which who where when how why whom whose did do does the a an
    my our your his her their its it this that these those user usuario usuaria que qué
    cual cuál""".split())
"""Capitalised words the name slot may catch that name nobody ("Which", "I", "What")."""

_YOU = frozenset(("you", "your", "the assistant", "the ai", "the bot", "el asistente", "la ia",
                  "el bot"))


def _accentless(text: str) -> str:
    """``text`` without accents, its case kept (a name's capital tells it is a name)."""
    if text.isascii():
        return text
    return "".join(ch for ch in unicodedata.normalize("NFKD", text)
                   if not unicodedata.combining(ch))


@functools.lru_cache(maxsize=256)
def asked_speaker(question: str) -> str | None:
    """Whom ``question`` asks to have said or suggested something: ``ASSISTANT`` for "you",
    "the assistant", "el asistente" (and a Spanish verb of the second person, "¿qué me
    dijiste?"), a name as written ("Maya") for "What did Maya suggest to Tomás?", else None
    ("What did I tell you about my sister?" asks the asker's own words)."""
    said = _accentless(question)
    for pattern in _ASKED:
        for found in pattern.finditer(said):
            who = " ".join(found.group("who").split())
            folded = fold(who)
            if folded in ("", "you", "your") or folded in _YOU:
                return ASSISTANT
            first = folded.split()[0]
            if first in _NOT_NAMES or first in STOPWORDS:
                continue
            return who
    return None


_KIND_OF = lazy_regex(r"^(?:(?:kind|type|sort|kinds|types|sorts)\s+of|(?:tipo|clase)\s+de)\s+")
_CUT = frozenset("""near for in at from to with on about by of during after before when while
    that who which cerca para en de del desde con sobre durante tras antes despues
    que""".split())
_HEADED = lazy_regex(
    r"\b(?:which|what|que|cual|cuales)\s+(?P<head>(?:[\w'’-]+\s+){0,5}?)"
    r"(?:did|do|does|would|will|have|has|had|me|le|nos|les|te|you|el\s+asistente)\b")
""""Which tram did you tell me...", "What kind of index did you suggest...", "¿Qué
restaurante me recomendaste?": the words naming what was suggested."""


@functools.lru_cache(maxsize=256)
def asked_thing(question: str) -> str | None:
    """The noun naming what ``question`` asks the other speaker to have suggested ("Which
    tram did you tell me to ride?" -> "tram"; "What hiking trail near Albuquerque did you
    suggest?" -> "trail"; "What kind of index..." -> "index"; "¿Qué restaurante me
    recomendaste?" -> "restaurante"), or None ("What did you suggest for my file?")."""
    found = _HEADED.search(fold(question))
    if found is None:
        return None
    words = _KIND_OF.sub("", found.group("head").strip()).split()
    head: list[str] = []
    for word in words:
        if word in _CUT:
            break
        head.append(word)
    if not head or head[-1] in STOPWORDS:
        return None
    return head[-1]


_DETERMINERS = frozenset("""a an the this that these those one two three four five six my your
    his her our their some any another each every el la los las un una unos unas este esta
    estos estas ese esa esos esas tu tus su sus mi mis otro otra dos tres""".split())
_WORD = lazy_regex(r"[^\W_][\w'’-]*")
_SENTENCE = lazy_regex(r"[.!?;:,()\n]+\s|\n")
"""Where a sentence or a list item ends: "3. Book timed-entry tickets" opens one."""


def names_the_thing(text: str, forms: frozenset[str]) -> bool:
    """Whether ``text`` says a word of ``forms`` (stems of the thing asked) as a thing: after
    a determiner, one word between at most ("a partial index", "a 'place' command", "el
    sendero La Luz"), or before a number or a name ("tram 28", "Hotel Le Germain"); not the
    same letters as a verb or inside another thing ("book months ahead" for "which book",
    "trail mixes are the usual trap" for "which trail")."""
    for sentence in _SENTENCE.split(text):
        words = _WORD.findall(sentence)
        for at, word in enumerate(words):
            if stem(fold(word)) not in forms:
                continue
            before = [fold(w) for w in words[max(0, at - 2):at]]
            if before and (before[-1] in _DETERMINERS
                           or len(before) == 2 and before[0] in _DETERMINERS):
                return True
            after = words[at + 1] if at + 1 < len(words) else ""
            if after[:1].isdigit() or after[:1].isupper():
                return True
    return False
