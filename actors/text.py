"""Pure text functions shared by every actor: folding, tokenising, keywords, entities.

Search terms, leaf keywords and branch descriptors must agree on what a "term" is, so they all
come from here. No I/O, no state: everything is a plain function of its arguments.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable

from actors.lazy_re import lazy_regex

_IDENT = lazy_regex(r"[^\W\d]\w*|\d+", re.UNICODE)

STOPWORDS_EN = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing down during each few for from
    further had has have having he her here hers herself him himself his how i if in into is it
    its itself just me more most my myself no nor not now of off on once only or other our ours
    ourselves out over own same she should so some such than that the their theirs them
    themselves then there these they this those through to too under until up very was we were
    what when where which while who whom why will with would you your yours yourself yourselves
    also may might must shall s t don doesn didn isn wasn aren weren won ll re ve d m o y
    let lets get got us via per use uses used using
    around currently onto across along among upon within toward towards still yet ever already
    really quite much many lot lots often sometimes usually""".split()
)

STOPWORDS_ES = frozenset(
    """a al algo algunas algunos ante antes como con contra cual cuando de del desde donde
    durante e el ella ellas ellos en entre eran es esa esas ese eso esos esta estaba estado
    estan estar este esto estos fue fueron ha habia han has hasta la las le les lo los mas me
    mi mis mucho muy nada ni no nos nosotros o os otra otro para pero poco por porque que quien
    se ser si sido sobre su sus tambien te tener tiene tu tus un una uno unos y ya yo
    soy estoy eres esta estas somos sois hemos habeis he hace hacer cada asi aqui alli
    alrededor ahora actualmente todavia aun hacia segun casi mucha muchos muchas vez
    veces cuanto cuanta cuantos cuantas""".split()
)

STOPWORDS = STOPWORDS_EN | STOPWORDS_ES
"""Spanish function words that are English nouns are left out of the Spanish list, since the
store holds both languages: "son", "sea", "sin", "era", "hay" ("how old is the user's son?"
found nothing while "son" was a stop word)."""

INVALID_TEXT_MARK = "\U0010fffe"
"""Stands in for an unpaired surrogate that arrived as a JSON escape (see ihmt_async.stdio)."""


_VISIBLE = lazy_regex(r"[^\s\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b-\u200f"
                      r"\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]")
"""A character that shows: not whitespace, not a zero-width or direction mark, not a
variation selector or a filler."""


def is_blank(text: str) -> bool:
    """True when nothing of ``text`` would show: whitespace and invisible marks only (a
    zero-width space or a byte-order mark saved as a memory is an empty memory)."""
    return _VISIBLE.search(text) is None


_TERMINAL_CODES = lazy_regex(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # colour and cursor sequences (CSI): "\x1b[31m"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # window titles, links (OSC)
    r"|\x1b[@-_]?"  # any other escape
    r"|[\x01-\x08\x0b\x0c\x0e-\x1f\x7f\x80-\x9f]"  # control characters but tab and newlines
)


def without_control_codes(text: str) -> str:
    """``text`` without terminal escape sequences and control characters (tab, newline and
    carriage return stay): a pasted terminal log keeps its words, not the codes that
    colour them, which no reader of the memory can see and every search would index."""
    return _TERMINAL_CODES.sub("", text)


_CONTROLS = lazy_regex(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""Control characters but tab and newline."""


def has_control(text: str) -> bool:
    """True when ``text`` holds a control character other than tab or newline: in a name (a
    subject, a tag) it is a mistake or a trick, and an echo of it could drive the reader's
    terminal."""
    return _CONTROLS.search(text) is not None


def visible_controls(text: str) -> str:
    """``text`` with every control character but tab and newline written as its escape
    (``\\x00``): what a reply quotes of an argument is never a raw NUL, carriage return or
    terminal escape."""
    if _CONTROLS.search(text) is None:
        return text
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def invalid_unicode(text: str) -> bool:
    """True when text holds an unpaired surrogate (or the mark the transport left for one)."""
    if INVALID_TEXT_MARK in text:
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def fold(text: str) -> str:
    """Lower-case and strip accents, so 'Lavapiés' and 'lavapies' are one term."""
    if text.isascii():
        return text.lower()  # the same result for ASCII (no marks, casefold == lower), 20x faster
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return stripped.casefold()


def split_identifier(token: str) -> list[str]:
    """Split CamelCase and snake_case into parts: 'InventoryService' -> ['Inventory', 'Service'].

    Boundaries: underscores, lower-to-upper ('camelCase'), the last capital of an acronym
    ('HTTPServer' -> 'HTTP', 'Server') and letter/digit changes. Unicode letters count as
    letters, so 'Lavapiés' stays whole.
    """
    if token.isalpha() and (token.islower() or token.isupper() or token[1:].islower()):
        # No boundary can occur in 'word', 'WORD' or 'Word' (the usual token): one part.
        return [token]
    parts: list[str] = []
    for piece in token.split("_"):
        if not piece:
            continue
        start = 0
        for i in range(1, len(piece)):
            prev, cur = piece[i - 1], piece[i]
            nxt = piece[i + 1] if i + 1 < len(piece) else ""
            after = piece[i + 2] if i + 2 < len(piece) else ""
            boundary = (
                (prev.islower() and cur.isupper())
                # the last capital of an acronym starts a word ('HTTPServer'), but a plural
                # 's' does not make one ('APIs' stays whole)
                or (prev.isupper() and cur.isupper() and nxt.islower() and after.islower())
                or (prev.isdigit() != cur.isdigit())
            )
            if boundary:
                parts.append(piece[start:i])
                start = i
        parts.append(piece[start:])
    return [p for p in parts if p]


def tokens(text: str) -> list[str]:
    """Raw word tokens, original case, in order (``findall``: the pattern has no group, so
    each item is the whole match, without a match object per token)."""
    found: list[str] = _IDENT.findall(text)
    return found


_ACRONYM_PLURAL = lazy_regex(r"[A-Z]{2,}s")
"""An acronym's plural ("PRs", "IDs", "VMs", "APIs"): its capitals are the word."""


def terms(text: str, *, keep_stopwords: bool = False) -> list[str]:
    """Index/search terms: folded words plus the parts of compound identifiers.

    'InventoryService' yields 'inventoryservice', 'inventory', 'service', so a search for either
    the whole identifier or one of its parts matches. An acronym's plural is its singular
    ('PRs' -> 'pr', as 'tickets' is stemmed to 'ticket'): the stemmer leaves a three-letter
    term alone ("gas", "bus", "his"), so 'prs' met neither "PR" nor "pull request". Terms
    shorter than 2 characters and stop words are dropped unless ``keep_stopwords``.
    """
    out: list[str] = []
    for raw in tokens(text):
        if _ACRONYM_PLURAL.fullmatch(raw):
            raw = raw[:-1]
        whole = fold(raw)
        parts = split_identifier(raw)
        candidates = [whole]
        if len(parts) > 1:
            candidates.extend(fold(p) for p in parts)
        for term in candidates:
            if len(term) < 2 and not term.isdigit():
                continue
            if not keep_stopwords and term in STOPWORDS:
                continue
            out.append(term)
    return out


def keywords(text: str, limit: int = 14) -> list[str]:
    """The most frequent content terms, ties broken by first appearance (deterministic)."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for index, term in enumerate(terms(text)):
        if term.isdigit() or len(term) < 3:
            continue
        counts[term] += 1
        first.setdefault(term, index)
    ranked = sorted(counts, key=lambda t: (-counts[t], first[t]))
    return ranked[:limit]




def entities(text: str, limit: int = 12) -> list[str]:
    """Capitalised words and identifiers that are not sentence-initial stop words.

    Cheap and language-neutral: a word counts when it starts with a capital letter (or is a
    CamelCase identifier) and its folded form is not a stop word.
    """
    seen: dict[str, int] = {}
    for m in _IDENT.finditer(text):
        word = m.group(0)
        if not word[:1].isupper() or len(word) < 2:
            continue
        if fold(word) in STOPWORDS:
            continue
        seen[word] = seen.get(word, 0) + 1
    ranked = sorted(seen, key=lambda w: (-seen[w], w))
    return ranked[:limit]


def estimate_tokens(text: str) -> int:
    """IHMT's token estimate: about four characters per token, at least one for non-empty text."""
    if not text:
        return 0
    return max(1, (len(text) + 3) // 4)


PROSE_SENTENCE_CHARS = 1500
"""Longest sentence read for facts and changes: a "sentence" longer than this is a log, a
dump or code with no full stop (prose is far shorter), and reading one through every fact
rule cost seconds per MB."""


_TITLES = ("Dr", "Dra", "Mr", "Mrs", "Ms", "Mx", "Prof", "St", "Sr", "Sra", "Srta", "Jr")
_SENTENCE_END = lazy_regex(r"(?<=[.!?…])" + "".join(rf"(?<!\b{title}\.)" for title in _TITLES)
                           + r"\s+")
"""A sentence ends at ., ! or ? before white space, but not after a title ("My doctor is Dr.
Ana Ruiz" is one sentence: its value is "Ana Ruiz", not "Dr")."""


CLAUSE_END = lazy_regex(r"(?<=[.!?;])\s+|\n+")
"""Where a sentence (or a clause after ";") of a note or a chat turn ends, for reading its
parts one by one: a stop before a space ("Python 3.12" goes on), or a line."""


def sentences(text: str) -> list[str]:
    """Split prose into sentences at ., ! and ? followed by white space."""
    parts = _SENTENCE_END.split(text.strip())
    return [p.strip() for p in parts if p.strip()]


def first_sentence(text: str, limit: int = 160) -> str:
    """The leading sentence, cut at ``limit`` characters with an ellipsis."""
    for s in sentences(text):
        return shorten(s, limit)
    return ""


def shorten(text: str, limit: int) -> str:
    """Collapse white space and cut at ``limit`` characters with an ellipsis."""
    flat = " ".join(text.split())
    if len(flat) <= limit:
        return flat
    return flat[: max(0, limit - 1)].rstrip() + "…"


def excerpt(text: str, limit: int = 200) -> str:
    """``text`` as a reply may quote an argument: whole when it fits in ``limit`` characters,
    else its start (white space collapsed) and its length. A reply that quotes an argument
    must not grow with it: a pasted paragraph given as an id comes back as one short line."""
    if len(text) <= limit:
        return text
    return f"{shorten(text, limit // 2)} [{len(text):,} characters]"


def unique(items: Iterable[str]) -> list[str]:
    """Order-preserving de-duplication."""
    seen: set[str] = set()
    out: list[str] = []
    for item in items:
        if item not in seen:
            seen.add(item)
            out.append(item)
    return out


def parse_instant(value: object) -> dt.datetime | None:
    """An ISO-8601 stamp as an aware UTC datetime (naive stamps are UTC); None if unusable.

    Record times are compared as instants, never as strings: "...:22Z" and "...:22.7Z" sort
    the wrong way round as text.
    """
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        moment = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)

