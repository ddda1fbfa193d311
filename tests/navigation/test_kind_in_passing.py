"""The wrong turn leading a two-friends chat (probe44, fix-turns): a later turn naming only the
asked thing's kind in the plural is no newer news of the one thing (``kind_in_passing``), and a
friend's reply holding only the topic ranks behind the asked one's turn it answers
(``ranking.REPLY_SHARE``). The stores are in other words than the repros the rules were
written on."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.kind_in_passing import only_not_had, only_plural
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

BRAMBLE = ("[2025-05-10] Nadia: We brought home a rescue dog from the Battersea shelter, a "
           "scruffy lurcher called Bramble.")
CLINIC = ("[2025-10-02] Nadia: Work is mad, the Brixton clinic sees mostly dogs and rabbits "
          "these days.")


async def test_a_later_turn_naming_the_kind_in_the_plural_does_not_lead(
        tmp_path: Path) -> None:
    english, spanish = await replies(tmp_path, (BRAMBLE, CLINIC), (
        "What is the name of Nadia's dog?", "¿Cómo se llama el perro de Nadia?"))
    assert english.status == "FOUND" and "Bramble" in english.hits[0].text
    assert spanish.status == "FOUND" and "Bramble" in spanish.hits[0].text


async def test_a_friend_s_reply_holding_only_the_topic_ranks_behind_the_turn_it_answers(
        tmp_path: Path) -> None:
    told = ("[2025-06-08] Tomás: Hice el Triatlón de Gijón el sábado, terminé en 2 horas 14 "
            "minutos.")
    reply = "[2025-06-08] Carys: A triathlon in that heat, well done."
    corrected = ("[2025-06-08] Tomás: Corrijo lo de Gijón: la clasificación oficial dice 2 "
                 "horas 11.")
    result, = await replies(tmp_path, (told, reply, corrected),
                            ("What was Tomás's time in the Gijón triathlon?",))
    assert result.status == "FOUND"
    assert [hit.text.split(": ")[0][-5:] for hit in result.hits[:2]] == ["Tomás", "Tomás"]


@pytest.mark.parametrize(("text", "asked", "passing"), [
    ("Mostly dogs and rabbits these days.", ("dog",), True),
    ("Había muchísimos coches en la autopista.", ("coche",), True),
    ("Our dog Bramble hates other dogs.", ("dog",), False),  # the one thing, as asked
    ("Bramble chewed the sofa.", ("dog",), False),  # no word of it at all
    ("Both cats slept all day.", ("cats",), False),  # asked in the plural
])
def test_a_thing_written_only_in_the_plural_is_its_kind(text: str, asked: tuple[str, ...],
                                                         passing: bool) -> None:
    assert only_plural(text, asked) is passing


@pytest.mark.parametrize(("text", "forms", "not_had"), [
    ("Ignacio and I are thinking of getting a second dog.", {"dog"}, True),
    ("We might adopt a cat next spring.", {"cat"}, True),
    ("Estamos pensando en adoptar otro perro.", {"perro"}, True),
    ("Henrik: I stopped bouldering, there's no gym here.", {"gym"}, True),
    ("No tengo coche.", {"coch"}, True),
    ("I adopted a dog! His name is Rufo.", {"dog"}, False),  # one had, told indefinite
    ("I can't believe my dog Kira ate a sock.", {"dog"}, False),  # a denial, not of the dog
    ("My dog is great. We want a second dog.", {"dog"}, False),  # one had, one wanted
    ("Bramble chewed the sofa.", {"dog"}, False),  # no word of it at all
    ("En agosto vamos a ver a mi abuela Remedios.", {"abuela"}, False),  # "a": "to"
])
def test_a_thing_written_only_as_one_not_had(text: str, forms: set[str], not_had: bool) -> None:
    assert only_not_had(text, forms) is not_had


WANTED = ("[2025-02-02] Mateo: We're thinking of adopting a cat, maybe in spring.",
          "[2024-11-10] Mateo: Our old girl Pimienta slept all day on the radiator, a tabby "
          "kitten no more.",
          "[2025-01-05] I'd love to get a dog someday, a big one.",
          "[2024-12-01] My mutt Bolt destroyed another shoe.",
          "[2025-03-03] Carla: Queremos adoptar otro perro este verano.",
          "[2024-09-09] Carla: Mi chucho Lenteja se comió un calcetín.",
          "[2025-03-04] Ines: I adopted a dog! His name is Rufo.")
WANTED_ASKED = (("What is the name of Mateo's cat?", "Pimienta"),
                ("What is my dog's name?", "Bolt"),
                ("¿Cómo se llama el perro de Carla?", "Lenteja"),
                ("What is the name of Ines's dog?", "Rufo"))


async def test_a_thing_only_wanted_does_not_lead_the_one_had(tmp_path: Path) -> None:
    """probe47: "Ignacio and I are thinking of getting a second dog." led "What is the name of
    Odalys's dog?" over "He's a mutt I adopted ..." (``ranking.NOT_HAD_FACTOR``); a dog
    adopted and named ("I adopted a dog! His name is Rufo.") still leads."""
    found = await replies(tmp_path, WANTED, tuple(q for q, _ in WANTED_ASKED))
    for result, (question, name) in zip(found, WANTED_ASKED, strict=True):
        assert result.status == "FOUND" and name in result.hits[0].text, question
