"""A question asking how a thread ended ("Which wetsuit did I end up buying?") whose opening
turn ("How much should I spend on a wetsuit?") is the best match, and whose end is told in a
later session, in other words or the other language ("Y me compré el neopreno al final, el
Zone3 Aspire": an outside probe, probe46): the later doing of the same speaker leads. A time's
listing keeps a memory corrected later: it still tells what was done then."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.navigation.conversation import doing_told
from tests.navigation.test_retrieval_rules import replies

pytestmark = pytest.mark.anyio

_OTHER = (
    "[2025-04-02] User: Can you explain how ISA allowances work for this tax year?",
    "[2025-04-02] Assistant: You can put up to £20,000 a year across all your ISAs.",
    "[2025-04-19] User: Mi sobrino cumple diez años y no sé qué regalarle.",
)
_ASKED = "[2025-03-08] User: I want a decent tent for wild camping, what should I look at?"
_REPLY = ("[2025-03-08] Assistant: For one person, the Vango F10 Helium UL 1 or the Alpkit "
          "Soloist are light and stand up to wind; check the pack size.")


@pytest.mark.parametrize(("ended", "question"), [
    ("[2025-05-11] User: Al final me compré la Alpkit Soloist, 189 libras.",
     "Which tent did I end up buying?"),
    ("[2025-05-11] User: Went with the Vango F10 in the end, got it on sale.",
     "What tent did I finally get?"),
])
async def test_the_thread_s_later_doing_leads(tmp_path: Path, ended: str, question: str
                                              ) -> None:
    [result] = await replies(tmp_path, (_ASKED, _REPLY, *_OTHER, ended), (question,))
    assert result.status == "FOUND"
    assert result.hits[0].text == ended


async def test_another_speaker_s_doing_ends_no_thread_of_the_user_s(tmp_path: Path) -> None:
    kenji = "[2025-05-11] Kenji: I went with the Alpkit Soloist, love it."
    [result] = await replies(tmp_path, (_ASKED, _REPLY, *_OTHER, kenji),
                             ("Which tent did I end up buying?",))
    assert result.hits[0].text != kenji


def test_a_sentence_opening_on_a_past_verb_is_a_doing() -> None:
    assert doing_told("[2025-05-11] User: Went with the Vango F10 in the end.") == 2
    assert doing_told("[2025-05-11] User: Bought the tent.") == 2
    assert doing_told("[2025-05-11] User: What tent should I buy?") == 0


async def test_a_time_s_listing_keeps_a_memory_corrected_later(tmp_path: Path) -> None:
    race = "[2025-06-22] User: Finished the Windermere swim in 1:12:40, freezing but happy."
    june = ("[2025-06-03] User: Back from Porto, the food was amazing.",
            "[2025-06-14] User: Bought a second-hand kayak from a guy in Keswick.", race,
            "[2025-06-28] User: Painted the spare room a pale green.")
    fixed = "[2025-07-20] User: The official result was 1:11:58, not 1:12:40."
    [result] = await replies(tmp_path, (*june, fixed), ("What did I do in June?",))
    scores = {hit.text: hit.score for hit in result.hits}
    assert race in scores and fixed not in scores
    # the race is no less what was done in June than the other doings shown with it
    assert scores[race] >= min(score for text, score in scores.items() if text != race) - 1e-6
