"""An ending is told as an ending (fix-facts11, the outside bbtest34 run): "Current value: user
partner = 'ninguna (rompió con Javier)'" answered an English question with a Spanish
placeholder as if it were a partner's name. The timeline keeps an ending as one more value
(``endings``); what a reader sees says the fact ended and why, in English."""

from __future__ import annotations

import pytest
from facts_events import fact, stamp

from actors.facts.endings import ended_reason
from actors.facts.notices import update_notice
from actors.facts.timeline import resolve


@pytest.mark.parametrize(("value", "attribute", "reason"), [
    ("ninguna (rompió con Javier)", "partner", "broke up with Javier"),
    ("ninguno (dejó yoga)", "activity:yoga", "gave up yoga"),
    ("ninguno (dejó Telefónica)", "employer", "left Telefónica"),
    ("ninguna (ya no vegetariana)", "diet", "no longer vegetarian"),
    ("ninguno (vendido o regalado)", "car", "sold or given away"),
    ("none (sold or given away)", "car", "sold or given away"),
    ("ninguno", "car", ""),
    # no ending
    ("Javier", "partner", None),
    ("none of your business", "value", None),
])
def test_an_ending_s_reason_is_told_in_english(value: str, attribute: str,
                                               reason: str | None) -> None:
    assert ended_reason(value, attribute) == reason


def test_a_notice_says_a_fact_ended_and_never_quotes_the_ending_as_a_value() -> None:
    javier = fact("Javier", stamp("2023-02-14"), valid_from="2023-02-14", attribute="partner")
    ended = fact("ninguna (rompió con Javier)", stamp("2024-02-26"), valid_from="2024-02-26",
                 attribute="partner")
    mateo = fact("Mateo", stamp("2024-09-30"), valid_from="2024-09-30", attribute="partner")
    timeline = resolve([javier, ended])
    old, end = timeline.facts_for("user", "partner")
    assert update_notice(old, end) == ("In 2023 you said user partner = 'Javier', but in 2024 "
                                       "you said it ended (broke up with Javier).")
    after = resolve([javier, ended, mateo]).facts_for("user", "partner")
    assert update_notice(after[1], after[2]) == (
        "On 2024-02-26 you said user partner had ended (broke up with Javier), but on "
        "2024-09-30 you updated to 'Mateo'.")
