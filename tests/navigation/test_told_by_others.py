"""A chat speaker's thing that every memory naming it tells as another speaker's own is never
stored of the one asked ("What is the name of Rubén's niece?" when only Iris says "my niece"),
in a chat saved one turn per memory and one session per memory alike. Held by the one asked
too, or asked as a word common enough to be told in other words, it stays to the ranking.
Fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import asked_detail, told_by_others
from actors.navigation.told_by_others import ToldByOthers
from ihmt_async import render
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

LINES = (
    ("2026-02-03", "Iris: My niece Wren was born on Sunday, three kilos and loud already!"),
    ("2026-02-03", "Rubén: ¡Qué bonito! Manda fotos cuando puedas."),
    ("2026-02-03", "Iris: Also I'm fostering a whippet called Pepper, I think she stays."),
    ("2026-02-10", "Rubén: Mi hermano Álvaro abrió su propio taller de bicis en Zaragoza."),
    ("2026-02-10", "Iris: That's brilliant, tell him congratulations from me."),
    ("2026-02-10", "Rubén: Ayer llovió todo el día, no salí de casa."),
    ("2026-02-17", "Iris: Work was chaos today but we survived."),
    ("2026-02-17", "Rubén: Yo sigo con el violonchelo, ensayamos los jueves en el centro."),
)
TURNS = tuple(f"[{day}] {line}" for day, line in LINES)
SESSIONS = tuple(
    f"{day} — conversation between Iris and Rubén\n" + "\n".join(
        line for said, line in LINES if said == day)
    for day in dict.fromkeys(day for day, _ in LINES))
NEVER = ("What is the name of Rubén's niece?", "What is the name of Iris's brother?",
         "What did Rubén name his whippet?")
TOLD = ("What is the name of Iris's niece?", "What does Rubén's brother do?")


@pytest.mark.parametrize("saved", [TURNS, SESSIONS], ids=["turns", "sessions"])
async def test_a_speaker_s_thing_told_only_as_another_s_own_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: tuple[str, ...]) -> None:
    found = await replies(tmp_path / "on", saved, (*NEVER, *TOLD))
    for reply, (person, thing, other) in zip(found, (("Rubén", "niece", "Iris"),
                                                     ("Iris", "brother", "Rubén"),
                                                     ("Rubén", "whippet", "Iris")), strict=False):
        shown = render.render_search(reply)
        assert reply.status == "NONE", shown
        assert f"{person}'s '{thing}' (only {other}'s own)" in (reply.reason or ""), shown
        assert other in shown  # the other's statement is listed as the closest
    niece, brother = found[len(NEVER):]
    assert niece.status == "FOUND" and "Wren" in render.render_search(niece)
    assert brother.status == "FOUND" and "Álvaro" in render.render_search(brother)
    monkeypatch.setattr(ToldByOthers, "told", lambda *_: ())
    # the relation gate (fix-never10) says the niece and the brother never stored too
    monkeypatch.setattr(asked_detail, "_relation", lambda question: None)
    for reply in await replies(tmp_path / "off", saved, NEVER):
        assert reply.status != "NONE", render.render_search(reply)


async def test_a_thing_the_one_asked_speaks_of_too_is_left_to_the_ranking(
        tmp_path: Path) -> None:
    """Rubén's own line holding "sobrina", or Iris's question to him about his, says the
    niece may be his: nothing proves it never stored. Rubén's question to Iris about hers
    ("¿Y tu sobrina...?") tells of Iris's niece, not of one of his."""
    for line in ("[2026-02-24] Rubén: Mi sobrina también nació en febrero, hace dos años.",
                 "[2026-02-24] Iris: Does your niece sleep through the night yet?"):
        reply, = await replies(tmp_path / str(len(line)), (*TURNS, line), NEVER[:1])
        assert "only Iris's own" not in (reply.reason or ""), render.render_search(reply)
    reply, = await replies(tmp_path / "asked", (
        *TURNS, "[2026-02-24] Rubén: ¿Y tu sobrina ya duerme por las noches?"), NEVER[:1])
    assert reply.status == "NONE" and "only Iris's own" in (reply.reason or ""), \
        render.render_search(reply)


DOINGS = (
    ("2026-03-02", "Iris: I ran the Leeds half marathon on Sunday, 2:04 and no blisters!"),
    ("2026-03-02", "Rubén: ¡Qué máquina! Yo me canso subiendo escaleras."),
    ("2026-03-09", "Rubén: Empecé clases de vela en el embalse, los sábados por la mañana."),
    ("2026-03-09", "Iris: That sounds so peaceful."),
    ("2026-03-16", "Iris: Got back from Iceland last night, puffins everywhere."),
    ("2026-03-16", "Rubén: ¿Te gustó Islandia? Manda fotos."),
    ("2026-03-23", "Rubén: Ayer en la clase de vela volcamos el barco, el agua estaba helada."),
    ("2026-03-23", "Iris: Work was chaos today but we survived."),
)
DOING_TURNS = tuple(f"[{day}] {line}" for day, line in DOINGS)
DOING_SESSIONS = tuple(
    f"{day} — conversation between Iris and Rubén\n" + "\n".join(
        line for said, line in DOINGS if said == day)
    for day in dict.fromkeys(day for day, _ in DOINGS))
NEVER_DONE = (("When did Rubén run a half marathon?", "marathon", "Iris"),
              ("When did Iris take sailing lessons?", "sailing", "Rubén"),
              ("When did Rubén go to Iceland?", "Iceland", "Iris"))
DONE = (("When did Iris run the half marathon?", "Leeds"),
        ("When did Rubén start sailing lessons?", "embalse"),
        ("When did Iris get back from Iceland?", "puffins"))


@pytest.mark.parametrize("saved", [DOING_TURNS, DOING_SESSIONS], ids=["turns", "sessions"])
async def test_a_speaker_s_doing_told_only_as_another_s_own_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, saved: tuple[str, ...]) -> None:
    """Iris's own "I ran...", Rubén's "Empecé clases de vela" (the verb's form alone says
    whose) and his question to Iris about her trip: none tells of the other doing it."""
    found = await replies(tmp_path / "on", saved, (*(q for q, _, _ in NEVER_DONE),
                                                    *(q for q, _ in DONE)))
    for reply, (_, word, other) in zip(found, NEVER_DONE, strict=False):
        shown = render.render_search(reply)
        assert reply.status == "NONE", shown
        assert f"'{word}' (only {other}'s own)" in (reply.reason or ""), shown
    for reply, (_, said) in zip(found[len(NEVER_DONE):], DONE, strict=True):
        assert reply.status == "FOUND" and said in render.render_search(reply), \
            render.render_search(reply)
    monkeypatch.setattr(ToldByOthers, "doings", lambda *_: ())
    for reply in await replies(tmp_path / "off", saved, tuple(q for q, _, _ in NEVER_DONE)):
        assert reply.status != "NONE", render.render_search(reply)


async def test_a_doing_the_one_asked_tells_too_is_left_to_the_ranking(tmp_path: Path) -> None:
    """Rubén's own half marathon, said once, makes the question his to answer."""
    reply, = await replies(tmp_path, (
        *DOING_TURNS, "[2026-03-30] Rubén: Yo también corrí un medio maratón en Sevilla."),
        ("When did Rubén run a half marathon?",))
    assert reply.status == "FOUND" and "Sevilla" in render.render_search(reply), \
        render.render_search(reply)


async def test_a_thing_no_memory_names_is_never_stored_of_a_speaker(tmp_path: Path) -> None:
    """"What tattoo did Rubén get?": nobody's line holds a tattoo in either language; his
    "me hice un tatuaje" holds one. A word the lexicon cannot translate ("triatlón") may be
    held in the other language's spelling ("triathlon"): its absence proves nothing."""
    tattoo, triathlon = await replies(tmp_path / "none", (
        *DOING_TURNS, "[2026-03-30] Rubén: My first triathlon was in Valencia, brutal swim."),
        ("What tattoo did Rubén get?", "¿Dónde fue el primer triatlón de Rubén?"))
    assert tattoo.status == "NONE" and "Rubén's 'tattoo'" in (tattoo.reason or ""), \
        render.render_search(tattoo)
    assert triathlon.status == "FOUND" and "Valencia" in render.render_search(triathlon), \
        render.render_search(triathlon)
    held, = await replies(tmp_path / "held", (
        *DOING_TURNS, "[2026-03-30] Rubén: Por fin me hice un tatuaje, una ola en el brazo."),
        ("What tattoo did Rubén get?",))
    assert held.status == "FOUND" and "ola" in render.render_search(held), \
        render.render_search(held)


def test_a_common_word_is_not_judged() -> None:
    """"Tomás's favorite place", "his eye surgery": told of their owner in other words as
    often ("Lo que más me gustó fue Kioto", "me operé con LASIK")."""
    assert not told_by_others._a_thing_one_has("place")
    assert not told_by_others._a_thing_one_has("eye")
    assert told_by_others._a_thing_one_has("niece")
    assert told_by_others._a_thing_one_has("brother")  # a relation, however common
    assert told_by_others._a_thing_one_has("cat")  # a thing of an everyday kind
    assert told_by_others._a_thing_one_has("whippet")  # rare enough to name one thing
