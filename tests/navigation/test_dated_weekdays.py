"""A date stamp's abbreviated weekday ("2023/08/30 (Wed) 19:00", LongMemEval's session
headers) is indexed as the weekday, not as a word: "Wed" is "wedding"'s stem."""

from __future__ import annotations

from actors.dates import spelled_weekdays
from actors.navigation.bm25 import field_terms


def test_a_date_stamp_s_weekday_is_read_as_the_weekday_not_as_a_word() -> None:
    assert spelled_weekdays("2023/08/30 (Wed) 19:00") == "2023/08/30 (Wednesday) 19:00"
    assert spelled_weekdays("Sat, 4 May") == "Saturday, 4 May"
    assert spelled_weekdays("I sat with the Sun behind me") == "I sat with the Sun behind me"
    stamped = field_terms("2023/08/30 (Wed) 19:00 user: we sat on the terrace")
    assert "wednesday" in stamped and stamped.count("wed") == 0
    assert field_terms("the wedding")[-1] == "wed"  # "wedding" keeps its stem

