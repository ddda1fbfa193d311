"""A light, conservative stemmer for English and Spanish search terms.

"lives", "living" and "lived" should find "I live in ..."; "databases" should find "database";
"ciudades" should find "ciudad". A full stemmer (Porter, Snowball) conflates far more and makes
exact identifiers fuzzy, so this one only strips inflections: plurals (-s, -es, -ies), -ing,
-ed/-ied, a doubled final consonant left behind by them, and a final -e (so "live" and "liv-ing"
meet). English irregular past forms are read as their verb ("bought" -> "buy", "went" -> "go"):
a question asks "what did the user buy?" about "I bought a car", and do-support puts every
such question in the base form while the memory holds the past. Forms that are also common
nouns or other words ("left", "saw", "fed", "led", "shot") are left alone. Navigation applies it
to every term it indexes and every query term, in ``bm25`` and ``query``, so both sides always
agree. It never touches short terms, numbers or terms holding digits (versions, ids). Pure
function, no I/O.
"""

from __future__ import annotations

from functools import lru_cache

_IRREGULAR_PAST = {
    "arose": "arise", "arisen": "arise", "ate": "eat", "eaten": "eat", "awoke": "awake",
    "became": "become", "began": "begin", "begun": "begin", "bent": "bend", "bought": "buy",
    "brought": "bring", "broke": "break", "broken": "break", "built": "build", "caught": "catch",
    "chose": "choose", "chosen": "choose", "came": "come", "dealt": "deal", "drew": "draw",
    "drawn": "draw", "drank": "drink", "drove": "drive", "driven": "drive", "dug": "dig",
    "fallen": "fall", "felt": "feel", "fought": "fight", "found": "find", "flew": "fly",
    "flown": "fly", "forgot": "forget", "forgotten": "forget", "forgave": "forgive",
    "forgiven": "forgive", "froze": "freeze", "frozen": "freeze", "gave": "give", "given": "give",
    "went": "go", "gone": "go", "going": "go", "grew": "grow", "grown": "grow", "hung": "hang",
    "heard": "hear",
    "hid": "hide", "hidden": "hide", "held": "hold", "kept": "keep", "knew": "know",
    "known": "know", "lost": "lose", "made": "make", "meant": "mean", "met": "meet",
    "paid": "pay", "ran": "run", "rode": "ride", "ridden": "ride", "rang": "ring", "rung": "ring",
    "sold": "sell", "sent": "send", "seen": "see", "shook": "shake", "shaken": "shake",
    "sang": "sing", "sung": "sing", "sank": "sink", "sat": "sit", "slept": "sleep",
    "spoke": "speak", "spoken": "speak", "spent": "spend", "stood": "stand", "stole": "steal",
    "stolen": "steal", "swam": "swim", "swum": "swim", "took": "take", "taken": "take",
    "taught": "teach", "tore": "tear", "torn": "tear", "told": "tell", "thought": "think",
    "threw": "throw", "thrown": "throw", "understood": "understand", "woke": "wake",
    "woken": "wake", "wore": "wear", "worn": "wear", "won": "win", "wrote": "write",
    "written": "write",
}
"""English irregular past tenses and participles -> the verb (then stemmed like any word)."""
_KEEP_S = ("ss", "us", "is")
_UNDOUBLE_KEEP = frozenset("lsz")
_MIN_STEM = 3


@lru_cache(maxsize=1 << 17)
def stem(term: str) -> str:
    """The stem of one folded term (as ``actors.text.terms`` produces it)."""
    term = _IRREGULAR_PAST.get(term, term)
    if len(term) <= _MIN_STEM or not term.isalpha():
        return term
    word = term
    if word.endswith("ies") and len(word) > 4:
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif word.endswith("s") and not word.endswith(_KEEP_S):
        word = word[:-1]
    stripped = False
    if word.endswith("ied") and len(word) > 4:
        word = word[:-3] + "y"
    else:
        for suffix in ("ing", "ed"):
            if word.endswith(suffix):
                rest = len(word) - len(suffix)
                if rest >= _MIN_STEM:
                    word = word[:-len(suffix)]
                    stripped = True
                elif rest == 2:  # "using", "used" -> "use"
                    word = word[:-len(suffix)] + "e"
                break
    if stripped and len(word) > _MIN_STEM and word[-1] == word[-2] \
            and word[-1] not in _UNDOUBLE_KEEP and word[-1] not in "aeiou":
        word = word[:-1]
    if word.endswith("e") and len(word) > _MIN_STEM:
        word = word[:-1]
    return word
