"""Clinical facts: diagnosis, treatment and medication, with the patient as subject.

Header lines ("Diagnóstico:", "Plan:") count only in a clinical context (data type CLINICAL or
clear clinical wording, decided by ``patterns``); inline wording ("diagnosed with", "se pauta")
is clinical on its own. The subject is the patient's name when the note gives one ("Paciente:
Marta Ruiz"), else "patient", or "user" for first-person wording. Pure functions; no I/O.
"""

from __future__ import annotations

import re

from actors.facts.values import EDGE, Folded, clean_value
from actors.lazy_re import lazy_regex

PATIENT = lazy_regex(r"^\W*(?:patient|paciente|nombre|name|pt)\s*:\s*(?P<v>.+)$", re.M)
CLINICAL_WORDING = lazy_regex(
    r"\b(?:diagnosed\s+with|diagnosticad[oa]\s+(?:de|con)|prescribed|se\s+(?:le\s+)?pauta|"
    r"historia\s+clinica|clinical\s+note)\b|^\W*(?:patient|paciente)\s*:",
    re.M,
)
_CLINICAL_HEADERS = (
    ("diagnosis", lazy_regex(
        r"^\W*(?:diagnosis|diagnoses|diagnostico|diagnosticos|dx|impresion\s+diagnostica|"
        r"juicio\s+clinico)\s*:\s*")),
    ("treatment", lazy_regex(r"^\W*(?:treatment|tratamiento|tto|plan(?:\s+terapeutico)?)\s*:\s*")),
    ("medication", lazy_regex(
        r"^\W*(?:medication|medications|medicacion|medicamentos|meds|farmacos)\s*:\s*")),
)
_CLINICAL_INLINE = (
    ("diagnosis", lazy_regex(r"\b(?:diagnosed\s+with|diagnosticad[oa]\s+(?:de|con))\s+")),
    ("medication", lazy_regex(r"\b(?:prescribed|se\s+(?:le\s+)?(?:pauta|prescribe))\s+")),
)
_SELF = lazy_regex(r"\b(?:i\s+(?:was|am|have\s+been|'ve\s+been|got)|i'm|me\s+(?:han|ha))\b")


def patient_name(text: str) -> str | None:
    """The name on a "Patient:" / "Paciente:" / "Nombre:" line, without age or extras."""
    span = Folded(text)
    m = PATIENT.search(span.folded)
    if m is None:
        return None
    name = clean_value(span, m.start("v"), m.end("v"), cut_with=True)
    name = re.split(r"\s+\d", name)[0].strip(EDGE)
    return name or None


def clinical_facts(
    span: Folded, subject: str, headers: bool
) -> list[tuple[int, str, str, str]]:
    """(start, subject, attribute, value) of the clinical facts in one sentence."""
    folded = span.folded
    out: list[tuple[int, str, str, str]] = []
    if headers:
        for attribute, pattern in _CLINICAL_HEADERS:
            m = pattern.match(folded)
            if m:
                value = clean_value(span, m.end(), len(folded), cut_with=False, cut_commas=False)
                return [(0, subject, attribute, value)] if value else []
    for attribute, pattern in _CLINICAL_INLINE:
        for m in pattern.finditer(folded):
            who = "user" if _SELF.search(folded[: m.start()]) else subject
            value = clean_value(span, m.end(), len(folded), cut_with=False, cut_commas=False)
            if value:
                out.append((m.start(), who, attribute, value))
    return out
