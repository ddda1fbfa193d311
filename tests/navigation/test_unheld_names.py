"""A name the question writes with a capital that no memory holds in any form is something
never stored, as a place is ("which GraphQL library does the billing service use?" was served
the FastAPI decision). The test fails when the rule is removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation import unmentioned
from actors.navigation.query import named
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

TEXTS = ("2025-02-01: The billing service uses FastAPI with a REST API for invoices.",
         "2025-03-02: Dr. Okafor, my doctor, moved her practice to Ruzafa.",
         "2025-04-03: The frontend build uses Vite and ships a smaller bundle.",
         "2025-05-04: Our billing library rounds amounts to the cent.",
         "Trabajo desde Valencia, zona horaria Europe/Madrid.",
         "We ship the JS bundle with Vite; Redux was removed last year.")



def test_names_are_read_inside_the_sentence_and_short_acronyms_are_no_names() -> None:
    assert named("which GraphQL library does the billing service use?") == ("GraphQL",)
    assert named("Is Dr. Okafor my GP?") == ("Dr. Okafor",)
    assert named("What did we do in May?") == ()  # a time, no name
    assert named("Which JS bundle did we ship?") == ()
    assert named("What was wrong with Hamish's SUV?") == ("Hamish",)


async def test_a_name_no_memory_holds_is_never_stored(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = ("which GraphQL library does the billing service use?",
             "Which library does the billing service use with FastAPI?",
             "Where is Dr. Okafor's practice now?",
             # a name is held whole ("RxJS" is not "JS"), and is written alike in both
             # languages: a Spanish memory matched through "job" -> "trabajo" is no match
             "why did we drop Redux Saga in favour of RxJS?",
             "what is the Flink job parallelism?")
    graphql, fastapi, okafor, rxjs, flink = await replies(tmp_path / "on", TEXTS, asked)
    assert graphql.status == "NONE" and "GraphQL" in (graphql.reason or "")
    assert fastapi.status == "FOUND" and okafor.status == "FOUND"
    assert rxjs.status == "NONE" and flink.status == "NONE"
    monkeypatch.setattr(unmentioned, "named", lambda text: ())
    graphql, *_ = await replies(tmp_path / "off", TEXTS, asked)
    assert graphql.status != "NONE"
