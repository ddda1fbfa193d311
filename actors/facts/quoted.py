"""Words quoted from someone else: no fact of the speaker's.

'The docs say "we switched to uv" but the repo still uses Poetry', 'Leo said "I work at Google
now" as a joke', 'Mi jefe dijo "me mudé a Málaga"': the quoted "we" and "I" are the docs', Leo's
and the boss's, and the sentence says nothing changed for the speaker (a first-person rule read
"we switched to uv" as the user's stack). Words quoted after the speaker's own "I said" / "le
dije" stay the speaker's, and a quote with no verb of saying before it (a name, a title) is
read as written. Pure functions; no I/O.
"""

from __future__ import annotations

from actors.lazy_re import lazy_regex

_QUOTE = lazy_regex(r"\"[^\"]{1,300}\"|“[^”]{1,300}”|«[^»]{1,300}»")
_SAID = lazy_regex(
    r"(?P<who>[\w'’]+)\s+(?:\w+\s+)?(?:say|says|said|saying|told\s+\w+|tells\s+\w+|wrote|writes|"
    r"claims?|claimed|asked|posted|tweeted|dijo|dice|dicen|decia|escribio|escribe|pregunto|"
    r"puso|me\s+dijo|nos\s+dijo|le\s+dijo)\s*(?:,|:|that|que)?\s*$")
_SPEAKER_OWN = frozenset("i we yo nosotros nosotras le les user usuario usuaria".split())
"""Subjects of the verb of saying that keep the quote the speaker's: "I said", "le dije" (the
speaker told someone), "User said:" (an agent's note quoting its user)."""


def quoted_by_another(folded: str, at: int) -> bool:
    """Whether position ``at`` of the folded sentence lies in words quoted after someone
    else's verb of saying."""
    for quote in _QUOTE.finditer(folded):
        if quote.start() < at < quote.end():
            said = _SAID.search(folded[:quote.start()])
            return said is not None and said.group("who") not in _SPEAKER_OWN
    return False
