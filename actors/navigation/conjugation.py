"""The forms a Spanish verb takes in a chat, from its infinitive, for the bilingual lexicon.

A memory says what happened in the first or third person ("crecí en Guadalajara", "toco el
violonchelo", "se mudó"), never in the infinitive the lexicon lists; the full-text analysis
does not stem Spanish verbs back to it ("crecí" is ``creci``, "crecer" ``crecer``). So the
English question "Where did Tomás grow up?" read in Spanish must hold the forms themselves.
These are the regular forms of the present, the preterite, the imperfect, the participle and
the gerund, folded (no accents) as the index holds them, with the spelling changes of the
preterite's first person ("toqué", "pagué", "empecé"). Irregular forms are listed beside the
infinitive in the lexicon. Pure functions; no I/O.
"""

from __future__ import annotations

_ENDINGS = {
    "ar": ("o", "a", "as", "amos", "an", "e", "o", "aste", "aron", "ado", "ada", "aba",
           "abamos", "ando"),
    "er": ("o", "e", "es", "emos", "en", "i", "io", "iste", "imos", "ieron", "ido", "ida",
           "ia", "iamos", "iendo"),
    "ir": ("o", "e", "es", "imos", "en", "i", "io", "iste", "ieron", "ido", "ida", "ia",
           "iamos", "iendo"),
}
"""Each conjugation's endings, folded: present (yo, él, tú, nosotros, ellos), preterite (yo,
él, tú, nosotros, ellos), participle (both genders), imperfect, gerund."""

_BEFORE_E = (("c", "qu"), ("g", "gu"), ("z", "c"))
"""An -ar verb's stem before the preterite's "-é": "tocar" -> "toqué", "pagar" -> "pagué",
"empezar" -> "empecé"."""

MIN_STEM = 2
"""Shorter stems ("ir", "ser", "ver") are irregular and listed whole in the lexicon."""


def forms(infinitive: str) -> tuple[str, ...]:
    """The regular forms of ``infinitive`` (folded), the infinitive first; () when it is not
    a Spanish infinitive ("-ar", "-er", "-ir") with a stem of ``MIN_STEM`` letters or more."""
    ending = infinitive[-2:]
    stem = infinitive[:-2]
    if ending not in _ENDINGS or len(stem) < MIN_STEM or not stem.isalpha():
        return ()
    out = [infinitive]
    for suffix in _ENDINGS[ending]:
        form = stem + suffix
        if ending == "ar" and suffix == "e":  # the preterite's first person
            form = next((stem[:-len(last)] + changed + suffix for last, changed in _BEFORE_E
                         if stem.endswith(last)), form)
        if form not in out:
            out.append(form)
    return tuple(out)
