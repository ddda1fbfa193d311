"""A chat turn said by someone the question does not name is served with whose it is."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import actor as navigation
from actors.navigation.asked_person import (
    names_asked,
    other_speaker,
    others_own,
    speaks_of_self,
    tells_of_self,
    tells_the_asked,
)
from ihmt_async import render
from ihmt_async.runtime import Runtime
from tests.navigation.test_conjugated_reading import CHAT
from tests.navigation.test_retrieval_rules import embedded, replies, save, search


@pytest.mark.parametrize(("question", "names"), [
    ("When did Marta see The Velvet Hours?", ("Marta", "Velvet")),
    ("¿Qué ticket arregló la integración con PayPal?", ()),
    ("Which FedEx integration do we have?", ()),
    ("What did Dr. Bakker prescribe?", ("Bakker",)),
    ("¿Qué dijo María José del piso?", ("María", "José")),
    ("What do we use for Testing and Status pages?", ()),
    ("Marta's dog?", ("Marta",)),
    ("¿Cuándo vio Marta la película?", ("Marta",)),
    ("Where does the user live?", ()),
    ("What did Declan buy at St Nicholas Market?", ("Declan",)),
    ("¿Cuándo empieza Marisol en el colegio Santa Clara de Triana?", ("Marisol",)),
    ("Where did Ravi Shah swim at Lake Bled?", ("Ravi", "Shah")),
])
def test_the_names_a_question_asks_about(question: str, names: tuple[str, ...]) -> None:
    assert names_asked(question) == names


def test_a_turn_is_another_speaker_s_only_when_it_never_mentions_the_one_asked() -> None:
    asked = names_asked("When did Marta see The Velvet Hours?")
    assert other_speaker(asked, "[2025-04-19] Joel: I saw The Velvet Hours live!") == \
        ("Joel", "Marta")
    assert other_speaker(asked, "[2025-04-19] Marta: I saw The Velvet Hours live!") is None
    assert other_speaker(asked, "[2025-04-19] Joel: Marta, did you see The Velvet Hours?") \
        is None
    assert other_speaker(asked, "2025-04-19 user: I saw The Velvet Hours live!") is None
    assert other_speaker(asked, "I saw The Velvet Hours live!") is None


@pytest.mark.parametrize("note", [
    "Ojo: la migración 0042_añadir_iban.py rompe en SQLite; los tests deben usar Postgres.",
    "Testing: unit tests with the standard library, integration tests with testcontainers-go.",
])
def test_a_note_under_a_heading_is_said_by_no_one(note: str) -> None:
    """"Said by Ojo, and it does not mention Pay": a heading is no speaker, and "PayPal"
    names no one."""
    assert other_speaker(names_asked("¿Qué integración tenemos con Marta?"), note) is None
    assert names_asked("¿Qué ticket arregló la integración con PayPal?") == ()


@pytest.mark.anyio
async def test_the_reply_says_whose_turn_it_serves(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        joel = await save(rt, "[2025-04-19] Joel: Guess who I saw live on Thursday? The "
                              "Velvet Hours, at the Apollo.")
        # Marta's line holding the band: the question may be hers to answer
        await save(rt, "[2025-04-19] Marta: I'm painting a mural for the library, The "
                       "Velvet Hours on repeat.")
        await embedded(rt)
        found = await search(rt, "When did Joel see The Velvet Hours?")
        assert found.hits[0].leaf_id == joel and found.hits[0].said_by_other is None
        # Joel's "I saw" tells of Joel: shown below Marta's own turn, saying whose it is
        found = await search(rt, "When did Marta see The Velvet Hours?")
        assert found.hits[0].leaf_id != joel
        assert [hit.said_by_other for hit in found.hits if hit.leaf_id == joel] == \
            [("Joel", "Marta")]
        assert "Said by Joel, and it does not mention Marta" in render.render_search(found)


@pytest.mark.anyio
async def test_a_turn_in_no_one_s_voice_is_served_saying_whose_it_is(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        told = await save(rt, "[2025-04-20] Joel: The Velvet Hours played the Apollo on "
                              "Thursday, what a night.")
        await save(rt, "[2025-04-19] Marta: I'm painting a mural for the library.")
        await embedded(rt)
        found = await search(rt, "When did Marta see The Velvet Hours?")
        assert found.status == "FOUND" and found.hits[0].leaf_id == told
        assert "Said by Joel, and it does not mention Marta" in render.render_search(found)


@pytest.mark.parametrize("text", [
    "[2025-05-24] Joel: Marta, I have a new roommate. I adopted a dog last Saturday!",
    "[2025-05-24] Joel: Hey Marta, I adopted a dog!",
    "[2025-05-24] Joel: I adopted a dog. Thanks, Marta!",
    "[2025-05-24] Joel: Hey Marta, she adopted a dog!",
    "[2025-05-24] Joel: Marta, I adopted a dog and he's called Rocco.",
])
def test_a_name_addressed_is_no_mention(text: str) -> None:
    asked = names_asked("What is the name of Marta's dog?")
    assert other_speaker(asked, text) == ("Joel", "Marta")
    assert other_speaker(asked, text.replace("Marta", "Ana")) == ("Joel", "Marta")
    assert other_speaker(asked, "[2025-05-24] Joel: I saw Marta, she adopted a dog") is None


@pytest.mark.parametrize("text", [
    "[2025-03-06] Nora: Tomasz, he's a big fan of Catan, wants a rematch on Sunday.",
    "[2025-03-06] Nora: Tomasz, she says, is a big fan of Catan.",
    "[2025-03-06] Nora: Tomasz, his sister says he's a big fan of Catan.",
    "[2025-03-06] Nora: Tomasz, él es muy fan del Catan.",
])
def test_a_name_opening_the_turn_then_referred_to_is_talked_about(text: str) -> None:
    """A name before a comma, then "he"/"she"/"his"... of the third person: the one the turn
    tells of (fix-words), not only the one spoken to."""
    assert other_speaker(names_asked("What board game is Tomasz a fan of?"), text) is None


def test_a_speaker_the_question_names_is_asked_about_even_as_a_word() -> None:
    # "tom" is in the dictionary, so "Tom" is no name asked; the question still names him
    question = "Did Tom catch anything with Rosa at the lake?"
    turn = "[2023-07-02] Tom: Two rainbow trout and a tiny perch."
    assert other_speaker(names_asked(question), turn, question) is None
    assert other_speaker(names_asked(question), turn.replace("Tom:", "Bea:"), question) == \
        ("Bea", "Rosa")
    # "Lake Tahoe" is a place: no person the turn fails to mention
    assert names_asked("Did Tom catch anything at Lake Tahoe?") == ()


def test_a_turn_answered_by_the_one_asked_about_is_theirs() -> None:
    # "Tom: did you like it?" shown with Bea's answer after it answers "Did Bea like it?"
    question = "Did Bea like Oppenheimer?"
    asking = "[2023-07-02] Tom: did you like it?"
    assert other_speaker(names_asked(question), asking, question) == ("Tom", "Bea")
    answered = "[2023-07-02] Bea: loved it, three hours flew by"
    assert other_speaker(names_asked(question), asking, question, answered) is None
    assert other_speaker(names_asked(question), asking, question,
                         answered.replace("Bea:", "Kai:")) == ("Tom", "Bea")


@pytest.mark.anyio
async def test_a_question_about_the_user_says_whose_turn_it_serves(tmp_path: Path) -> None:
    # "Where do I live?" and a chat between two friends, the user's name unknown: each
    # turn served says who said it (an outside probe got their homes as a plain clue request)
    async with Runtime(tmp_path) as rt:
        kenji = await save(rt, "[2026-03-01] Kenji: I live in Salford, near the stadium.")
        await save(rt, "[2026-03-01] Maya: I work at the BBC in MediaCity.")
        await save(rt, "[2026-03-02] user: The boiler needs a service before winter.")
        await embedded(rt)
        found = await search(rt, "Where do I live?")
        served = {hit.leaf_id: hit.said_by_other for hit in found.hits}
        assert served[kenji] == ("Kenji", "the user")
        assert "Said by Kenji, and it does not mention the user" in render.render_search(found)
        other = await search(rt, "When does the boiler need a service?")  # no first person
        assert all(hit.said_by_other is None for hit in other.hits)


@pytest.mark.anyio
@pytest.mark.parametrize("question", ["What is the name of the user's cat?",
                                      "¿Cómo se llama la gata del usuario?"])
async def test_a_question_of_the_user_said_so_says_whose_turn_it_serves(
        tmp_path: Path, question: str) -> None:
    # An outside probe asked "the user's cat" of a chat where only Marta has one: her turn was
    # served at confidence 1.00 as the user's, while "my cat" said whose it was; since the
    # thirty-second pass it is "No memory found" naming whose it is (``thing_owner``)
    async with Runtime(tmp_path) as rt:
        marta = await save(rt, "[2026-01-07] Marta: Vivo en Sevilla con mi gata Luna.")
        await save(rt, "[2026-01-06] user: I live in Bristol with my dog Pepper.")
        await embedded(rt)
        found = await search(rt, question)
        assert found.status == "NONE" and found.reason is not None
        assert "(only Marta's)" in found.reason
        assert marta in {hit.leaf_id for hit in found.nearest}


@pytest.mark.parametrize(("text", "own"), [
    ("2026-01-04 Tomás: Mole is going to be jealous, my grey cat Mole hates dogs.", True),
    ("2026-08-12 Tomás: Lucía y yo adoptamos un gato más.", True),
    ("2026-03-03 Maya: I bought a used Subaru two weeks ago.", True),
    ("2026-09-27 Tomás: Lucía te manda saludos.", False),
    ("2026-03-03 Tomás: ¡Qué buena compra! ¿Cuánto te costó?", False),
    ("2026-03-03 Maya: Did you buy the car?", False),
    ("2026-03-03 Maya: The weather is awful.", False),
])
def test_a_turn_in_the_first_person_tells_of_its_speaker(text: str, own: bool) -> None:
    assert speaks_of_self(text) is own


def test_another_speaker_s_own_turn_is_no_answer_about_a_speaker() -> None:
    speakers = {"maya", "tomas"}
    cat = "2026-01-04 Tomás: Mole is going to be jealous, my grey cat Mole hates dogs."
    assert others_own(names_asked("What is the name of Maya's cat?"), speakers, cat) == \
        ("Tomás", "Maya")
    assert others_own(names_asked("¿Cómo se llama el gato de Maya?"), speakers, cat) == \
        ("Tomás", "Maya")
    assert others_own(names_asked("What is the name of Tomás's cat?"), speakers, cat) is None
    # a name that is no speaker's (a dog's) is told by whoever speaks of it
    shelter = "2026-01-04 Maya: Big news: I adopted a dog yesterday from the shelter."
    assert others_own(names_asked("What shelter did Biscuit come from?"), speakers,
                      shelter) is None
    # a question about both speakers asks about each one's own
    assert others_own(names_asked("What pets do Maya and Tomás have?"), speakers, cat) is None


@pytest.mark.anyio
async def test_a_speaker_s_thing_no_memory_names_is_never_stored(tmp_path: Path) -> None:
    """"What is the name of Maya's parrot?" in a chat where no one names a parrot: "No memory
    found", not Maya's small talk."""
    async with Runtime(tmp_path) as rt:
        for line in ("Maya: Miss our chats, we should call this weekend.",
                     "Tomás: My grey cat Mole hates the neighbour's dog.",
                     "Maya: I adopted a dog yesterday, a beagle mix from the shelter.",
                     "Maya: His name is Biscuit, he snores like an old man.",
                     "Tomás: ¿Ya viste la serie nueva?",
                     "Maya: Haha stop."):
            await save(rt, f"[2026-01-04] {line}")
        await embedded(rt)
        found = await search(rt, "What is the name of Maya's parrot?")
        assert found.status == "NONE", render.render_search(found)
        assert "Maya's 'parrot'" in render.render_search(found)
        found = await search(rt, "¿De qué color es la bicicleta de Maya?")
        assert found.status == "NONE", render.render_search(found)
        found = await search(rt, "What is the name of Maya's dog?")
        assert found.status == "FOUND" and "Maya:" in found.hits[0].text


@pytest.mark.anyio
async def test_a_turn_sharing_only_the_names_asked_does_not_lead(tmp_path: Path) -> None:
    """"When did Tomás propose to Lucía?" led by "Tomás: Lucía te manda saludos." ("Lucía says
    hi"): it holds the names, nothing else asked."""
    async with Runtime(tmp_path) as rt:
        for day, line in (("2026-09-12", "Tomás: Lucía te manda saludos."),
                          ("2026-09-27", "Tomás: Lucía te manda saludos."),
                          ("2026-09-28", "Tomás: I proposed last Saturday at Montrose Beach, "
                                         "she said yes!"),
                          ("2026-09-28", "Maya: No way, congratulations!")):
            await save(rt, f"[{day}] {line}")
        await embedded(rt)
        found = await search(rt, "When did Tomás propose to Lucía?")
        assert found.hits and "proposed" in found.hits[0].text, render.render_search(found)


def test_another_speaker_s_question_or_reaction_to_the_one_asked_is_no_answer() -> None:
    speakers = {"ana", "rafa"}
    asked = names_asked("Where did Rafa grow up?")
    assert tells_the_asked(asked, speakers, "2026-02-08 Ana: Is Monterrey where you grew up?") \
        == ("Ana", "Rafa")
    assert tells_the_asked(asked, speakers, "2026-07-08 Ana: Of course you found a choir.") \
        == ("Ana", "Rafa")
    # the asked one's own turn, the other's own statement (``others_own``), a turn naming
    # the one asked, and a question about the other speaker are not it
    assert tells_the_asked(asked, speakers, "2026-02-08 Rafa: Crecí en Monterrey.") is None
    assert tells_the_asked(asked, speakers, "2026-02-08 Ana: I grew up in Tacoma.") is None
    assert tells_the_asked(asked, speakers, "2026-02-08 Ana: Did Rafa grow up there?") is None
    assert tells_the_asked(names_asked("Where did Ana grow up?"), speakers,
                           "2026-02-08 Ana: Is Monterrey where you grew up?") is None


@pytest.mark.anyio
async def test_the_asked_one_s_statement_leads_the_other_s_reaction_to_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"Which choir does Rafa sing in now?" led by Ana's "Of course you found a choir to sing
    in" (the question's words, in its language), not Rafa's "Me uní a un coro en Chicago"."""
    chat = tuple(f"[2026-07-08] {line}" for line in (
        "Rafa: Me uní a un coro comunitario en Chicago, el Northside Singers, ensayan los "
        "martes.", "Ana: Of course you found a choir to sing in, in two weeks.")) + CHAT
    question = ("Which choir does Rafa sing in now?",)
    (found,) = await replies(tmp_path / "on", chat, question)
    assert "Northside" in found.hits[0].text, render.render_search(found)
    monkeypatch.setattr(navigation, "tells_the_asked", lambda *args: None)
    # Ana's turn is also a reply right after Rafa's (``ranking.REPLY_SHARE``): off too, so
    # this arm pins the reading of the other's reaction alone
    monkeypatch.setattr(navigation.NavigationActor, "_replies_to_asked",
                        lambda *args: {})
    (lost,) = await replies(tmp_path / "off", chat, question)
    assert "Northside" not in lost.hits[0].text, render.render_search(lost)


@pytest.mark.parametrize(("turn", "own"), [
    ("[2026-05-02] Tomás: Empecé clases de vela en el lago Michigan", True),
    ("[2026-05-09] Tomás: Ayer en la clase de vela volcamos el barco", True),
    ("[2026-11-14] Tomás: Le pedí matrimonio a Lucía el sábado", True),
    ("[2026-11-14] Tomás: Ya no voy a las clases de vela", True),
    ("[2026-08-24] Maya: Made it to Denver on Monday!", True),
    ("[2026-08-24] Maya: Just finished the book, that ending!", True),
    ("[2026-04-02] Tomás: ¿Te vas a recuperar para Islandia?", False),
    ("[2026-04-02] Tomás: Los primos de André llegaron el martes", False),
    ("[2026-04-02] Maya: Loved the photos of the lake", False),
    ("[2026-04-02] Maya: The café on Main Street closed", False),
    ("[2026-04-02] Tomás: Aquí hace un frío terrible", False),
])
def test_a_verb_s_form_alone_says_the_speaker_tells_of_themselves(turn: str, own: bool) -> None:
    """"Empecé", "volcamos", "pedí", "Made it to...": the first person without its pronoun;
    "café", "aquí", "André", "primos" end as such verbs do and are none."""
    assert tells_of_self(turn) is own
