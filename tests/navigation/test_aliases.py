"""A thing asked by what it is ("the Go backend") is read as the name a memory defines with
it ("Marlin (the Go mobile backend)"): later memories of it say only the name. The end-to-end
test fails when the reading is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import ranking
from actors.navigation.aliases import Definition, definitions, names_for, phrases, stands_for
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio


def defined(text: str) -> list[tuple[str, frozenset[str], str]]:
    return [(d.name, d.terms, d.head) for d in definitions(text)]


def test_the_kinds_of_definition_in_both_languages() -> None:
    assert defined("Tidewell is the payments API (FastAPI, Python 3.12).") == [
        ("Tidewell", frozenset({"payment", "api"}), "api")]
    assert defined("Marlin (the Go mobile backend) serves gRPC on 9090.") == [
        ("Marlin", frozenset({"go", "mobil", "backend"}), "backend")]
    assert defined("Deployed Lanternfish, our infra repo, at noon.")[0][:2] == (
        "Lanternfish", frozenset({"infra", "repo"}))
    assert defined("We moved the docs generator called Quillstack to CI.")[0][0] == "Quillstack"
    assert defined("Shipped our payments API Tidewell on Friday.")[0][0] == "Tidewell"
    # Spanish: the head comes first ("API de pagos")
    assert defined("Tidewell es nuestra API de pagos desde enero.") == [
        ("Tidewell", frozenset({"api", "pago"}), "api")]
    assert defined("Ferrocart (nuestro pipeline de ETL) corre de noche.")[0][0] == "Ferrocart"
    # a description ends where what is said of the name begins, and with its sentence
    assert defined("Tidewell is the payments API. Then we moved on.") == [
        ("Tidewell", frozenset({"payment", "api"}), "api")]
    assert defined("Priya Raman is the required reviewer for Tidewell PRs.") == [
        ("Priya Raman", frozenset({"requir", "reviewer"}), "reviewer")]


def test_a_bare_word_or_a_clause_defines_nothing() -> None:
    assert defined("Tidewell is the API.") == []  # one word: "the API" is any API
    assert defined("This is the best option for us.") == []
    assert defined("It is the main reason we moved.") == []
    assert defined("Go is the language we use.") == []


def test_a_question_s_phrases_end_at_stop_words_and_possessives() -> None:
    assert ("go", "backend") in phrases("What command runs the Go backend's test suite?")
    assert ("payment", "api") in phrases("Who is the primary on-call for the payments API?")
    assert ("api", "pago") in phrases("¿Qué puerto usa la API de pagos?")


def test_a_phrase_stands_for_a_definition_through_its_head_and_another_word() -> None:
    marlin = Definition("Marlin", frozenset({"go", "mobil", "backend"}), "backend")
    assert stands_for(("go", "backend"), marlin) == {"go", "backend"}
    assert stands_for(("mobil", "backend"), marlin) == {"mobil", "backend"}
    assert stands_for(("backend", "test"), marlin) == frozenset()  # only the head
    assert stands_for(("go", "mobil", "app"), marlin) == {"go", "mobil", "app"}  # software
    assert stands_for(("go", "mobil", "phone"), marlin) == frozenset()  # no head
    assert stands_for(("backend", "servic"), marlin) == frozenset()  # no word of its own


def test_the_names_saying_most_of_the_phrase_win() -> None:
    texts = ("Marlin (the Go mobile backend) serves gRPC.", "Heron (the Python backend) is old.",
             "Orca is our Go batch backend for reports.")
    assert [name for name, _ in names_for(("go", "mobil", "backend"), texts, 2)] == ["Marlin"]
    assert sorted(name for name, _ in names_for(("go", "backend"), texts, 2)) == [
        "Marlin", "Orca"]
    assert names_for(("python", "backend"), texts, 2)[0][0] == "Heron"


TURNS = (
    "2026-01-22 Marlin (the Go mobile backend) serves gRPC on port 9090.",
    "2026-02-25 Marlin per-user rate limit: 300 requests per minute.",
    "2026-02-10 Tidewell is the payments API; FastAPI on Python 3.12.",
    "2026-03-11 Tidewell per-user rate limit: 50 requests per minute.",
    "2026-02-14 Explanation: a mobile backend should answer 429 when a client goes over its limit.",
    "2026-06-08 Bought a new kettle; the old one leaked.",
)


async def test_a_project_asked_by_what_it_is_is_found_by_its_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("What is the per-user rate limit of the mobile backend?",)
    (found,) = await replies(tmp_path / "on", TURNS, asked)
    assert found.status == "FOUND" and "300 requests" in found.hits[0].text
    # the reading off: a generic explanation holding "mobile backend" leads
    monkeypatch.setattr(ranking, "ALIAS_SHARE", 0.0)
    (again,) = await replies(tmp_path / "off", TURNS, asked)
    assert again.status != "FOUND" or "300 requests" not in again.hits[0].text
