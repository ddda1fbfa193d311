"""A question read in the other language holds the forms a chat says a verb in ("Where did
Rafa grow up?" and "Crecí en Monterrey"): the lexicon lists infinitives, the index does not
stem Spanish verbs back to them, and a chat's answer is never an infinitive."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import bilingual
from actors.navigation.bilingual import other_reading
from actors.navigation.conjugation import forms
from tests.navigation.test_retrieval_rules import replies


def test_a_regular_verb_s_forms_with_the_preterite_s_spelling() -> None:
    assert {"toco", "toca", "toque", "tocamos", "tocado"} <= set(forms("tocar"))
    assert {"creci", "crecio", "crece", "crecimos", "crecido"} <= set(forms("crecer"))
    assert {"empece", "pague", "vivi", "vivio"} <= set(forms("empezar") + forms("pagar")
                                                       + forms("vivir"))
    assert forms("mar") == forms("casa") == forms("ser") == ()


def _reading(question: str, word: str) -> tuple[str, ...]:
    return dict(other_reading(question) or []).get(word, ())


def test_a_question_s_verb_is_read_in_the_other_language_s_forms() -> None:
    assert "creci" in _reading("Where did Rafa grow up?", "grow")
    assert "toco" in _reading("Which instrument has Rafa played since school?", "played")
    assert {"pedi", "matrimonio"} <= set(_reading("When did Rafa propose to Inés?", "propose"))
    assert _reading("¿Dónde creció Ana?", "creció") == ("grow",)
    assert _reading("¿Qué instrumento toca Rafa?", "toca") == ("play",)
    # a light verb is read as itself ("take pottery classes" is no "tomo" nor "llevo"), and
    # a generated form that is a function word is no verb ("¿Cómo...?" is not "comer")
    assert _reading("Where does Rafa take pottery classes?", "take") == ("take",)
    assert _reading("¿Cómo se llama el gato?", "Cómo") == ("Cómo",)
    # a name is never a verb form ("Tomás" is not "tomar"'s "tomas"), and a listed word
    # keeps its listed reading ("casa" is a house, not "casar")
    assert _reading("What does Tomás play?", "Tomás") == ("Tomás",)
    assert _reading("¿Dónde está la casa de Ana?", "casa") == ("house", "home")


CHAT = (
    "2026-02-01 Rafa: ¡Hola! ¿Qué tal tu semana?",
    "2026-02-01 Ana: Busy, the clinic was packed all week.",
    "2026-02-01 Rafa: Qué risa.",
    "2026-02-01 Ana: Have you been to the new bakery on Elm Street?",
    "2026-02-01 Rafa: Todavía no, ¿está buena?",
    "2026-02-08 Rafa: Sí, crecí en Monterrey y me vine a Denver para la maestría.",
    "2026-02-08 Ana: That explains the salsa.",
    "2026-02-08 Rafa: ¿Cómo te fue hoy?",
    "2026-02-08 Ana: I'm so tired, the week felt like a month.",
    "2026-02-08 Rafa: Hey! Long time, how are you?",
    "2026-02-15 Rafa: Ayer vi un atardecer increíble desde la ventana.",
    "2026-02-15 Ana: I grew three kinds of basil on the balcony this summer.",
    "2026-02-15 Rafa: Jajaja no puede ser.",
    "2026-02-15 Ana: My brother is visiting next weekend.",
    "2026-02-15 Rafa: Same here honestly.",
    "2026-02-22 Rafa: Mañana tengo reunión con todo el equipo.",
    "2026-02-22 Ana: Coffee count today: four. Don't judge.",
    "2026-02-22 Rafa: Lol, that's so you.",
    "2026-02-22 Ana: The grocery store was out of oat milk again.",
    "2026-02-22 Rafa: ¿Ya viste la serie nueva? Está buenísima.",
    "2026-03-01 Rafa: Tengo un sueño horrible hoy.",
    "2026-03-01 Ana: It's been freezing at night here.",
)


@pytest.mark.anyio
async def test_an_answer_said_in_the_other_language_s_past_leads(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("Where did Rafa grow up?",)
    (found,) = await replies(tmp_path / "on", CHAT, asked)
    assert found.status == "FOUND" and "Monterrey" in found.hits[0].text
    # without the verb's forms the question's "grow" reads only "crecer", which no turn
    # says: Rafa's small talk (close in meaning to anything asked about Rafa) leads
    monkeypatch.setattr(bilingual, "_CONJUGATED", {})
    monkeypatch.setattr(bilingual, "_EN_STEMS", {})
    monkeypatch.setattr(bilingual, "EN_ES", {**bilingual.EN_ES, "grow": ("crecer",)})
    (lost,) = await replies(tmp_path / "off", CHAT, asked)
    assert "Monterrey" not in lost.hits[0].text
