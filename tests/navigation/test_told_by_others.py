"""A chat speaker's thing that every memory naming it tells as another speaker's own is never
stored of the one asked ("What is the name of Rubén's niece?" when only Iris says "my niece"),
in a chat saved one turn per memory and one session per memory alike. Held by the one asked
too, or asked as a word common enough to be told in other words, it stays to the ranking.
Fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import told_by_others
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
    monkeypatch.setattr(ToldByOthers, "things", lambda *_: ())
    for reply in await replies(tmp_path / "off", saved, NEVER):
        assert reply.status != "NONE", render.render_search(reply)


async def test_a_thing_the_one_asked_speaks_of_too_is_left_to_the_ranking(
        tmp_path: Path) -> None:
    """Rubén's own line holding "sobrina" (his niece, or a question to Iris about hers) says
    the niece may be his: nothing proves it never stored."""
    for line in ("[2026-02-24] Rubén: Mi sobrina también nació en febrero, hace dos años.",
                 "[2026-02-24] Rubén: ¿Y tu sobrina ya duerme por las noches?"):
        reply, = await replies(tmp_path / str(len(line)), (*TURNS, line), NEVER[:1])
        assert "only Iris's own" not in (reply.reason or ""), render.render_search(reply)


def test_a_common_word_is_not_judged() -> None:
    """"Tomás's favorite place", "his eye surgery": told of their owner in other words as
    often ("Lo que más me gustó fue Kioto", "me operé con LASIK")."""
    assert not told_by_others._a_thing_one_has("place")
    assert not told_by_others._a_thing_one_has("eye")
    assert told_by_others._a_thing_one_has("niece")
    assert told_by_others._a_thing_one_has("brother")  # a relation, however common
    assert told_by_others._a_thing_one_has("cat")  # a thing of an everyday kind
    assert told_by_others._a_thing_one_has("whippet")  # rare enough to name one thing
