"""Current values two friends tell each other in passing (fix-current): a partner seen or left
in chat words, a Spanish role held or kept, a move in with someone in a town, a town one is in
living with someone. One test per rule, each with the sentences it must leave alone."""

from __future__ import annotations

import datetime as dt
import functools

import pytest
from facts_runtime import facts_told

_DAY = dt.date(2026, 5, 20)
_facts = functools.partial(facts_told, day=_DAY)


def _of(attribute: str, text: str) -> list[tuple[str, str]]:
    turn = f"[2026-05-20] Ciarán: {text}"
    return [(f[0], f[2]) for f in _facts(turn) if f[1] == attribute]


@pytest.mark.parametrize(("text", "value"), [
    ("Been seeing someone, Dev. We met at a climbing wall.", "Dev"),
    ("Seeing someone new, Dev, since May.", "Dev"),
    ("Dev and I are done. Long distance wasn't for us.", "none (broke up with Dev)"),
    ("Dev and I are finished, for good.", "none (broke up with Dev)"),
    ("Hana and I called it quits last month.", "none (broke up with Hana)"),
    ("Hana and I are no longer together.", "none (broke up with Hana)"),
    ("It's over with Dev.", "none (broke up with Dev)"),
    ("Yeah, we split up in May.", "none (broke up)"),
    ("Lo dejé con Marcos, no había manera.", "ninguna (rompió con Marcos)"),
    ("Marcos y yo ya no estamos juntos.", "ninguna (rompió con Marcos)"),
    ("Ya no salgo con Marcos.", "ninguna (rompió con Marcos)"),
])
def test_a_partner_seen_or_left_in_chat_words_is_the_partner(text: str, value: str) -> None:
    assert _of("partner", text) == [("Ciarán", value)]


@pytest.mark.parametrize("text", [
    "Jo and I are done with the kitchen.", "Sam and I are finished painting.",
    "I'm no longer with Acme, I went freelance.", "Ya no estoy con Movistar.",
    "I'm seeing someone, Dr Lee, about my back.", "Seeing someone at the bank tomorrow.",
    "It's over with the renovation at last.",
])
def test_a_task_done_a_firm_left_or_a_doctor_seen_is_no_partner(text: str) -> None:
    assert _of("partner", text) == []


@pytest.mark.parametrize(("text", "role", "employer"), [
    ("Primer día en la clínica. Ahora trabajo de fisioterapeuta, de día.",
     "fisioterapeuta", None),
    ("Pues yo sigo de enfermera en el Hospital La Fe, turnos de noche.", "enfermera",
     "el Hospital La Fe"),
    ("Sigo trabajando de periodista en El Norte.", "periodista", "El Norte"),
    ("Ahora soy maestra.", "maestra", None),
    ("Me han contratado como traductora.", "traductora", None),
])
def test_a_spanish_role_held_or_kept_is_the_role(text: str, role: str,
                                                 employer: str | None) -> None:
    assert _of("role", text) == [("Ciarán", role)]
    assert _of("employer", text) == ([("Ciarán", employer)] if employer else [])


@pytest.mark.parametrize("text", [
    "Sigo de vacaciones en Cádiz.", "Sigo como siempre, jaja.", "Sigo de mal humor.",
    "Sigo de baja en casa.",
])
def test_a_state_kept_is_no_role(text: str) -> None:
    assert _of("role", text) == []


@pytest.mark.parametrize(("text", "place"), [
    ("Moved in with my sister Ailsa in Bath last month, the commute is shorter.", "Bath"),
    ("moved in with Jess in Golden on Saturday", "Golden"),
    ("Sí, ya estoy en Valencia, vivo con mi prima Ana en un piso en Ruzafa.", "Valencia"),
])
def test_a_move_in_with_someone_or_a_town_lived_in_with_them_is_the_location(
        text: str, place: str) -> None:
    assert _of("location", text) == [("Ciarán", place)]


@pytest.mark.parametrize("text", [
    "Moved in with Jess.", "Ya estoy en Madrid de visita, vivo con mi tía estos días.",
    "Ya estoy en Sevilla para unos días; en casa vivo con mi madre.",
])
def test_a_home_with_no_town_or_a_visit_is_no_location(text: str) -> None:
    assert _of("location", text) == []


@pytest.mark.parametrize(("text", "place"), [
    ("Living in Leeds now, loving it.", "Leeds"),
    ("We've been in the new house in Otley for a month now.", "Otley"),
    ("Me vine a vivir a Gijón en marzo.", "Gijón"),
    ("Nos fuimos a vivir a Oviedo con Sofía.", "Oviedo"),
])
def test_a_home_told_without_its_subject_or_as_a_stay_going_on_is_the_location(
        text: str, place: str) -> None:
    assert _of("location", text) == [("Ciarán", place)]


@pytest.mark.parametrize("text", [
    "Living in Leeds is expensive.", "Living in a tent for the festival.",
    "We've been in the hotel in Porto for a week.",
    "I've been in a flat in Porto for the weekend.",
])
def test_a_place_talked_of_or_a_stay_is_no_location(text: str) -> None:
    assert _of("location", text) == []


@pytest.mark.parametrize(("text", "role"), [
    ("I've been working as a line cook at Dill since January.", "line cook"),
    ("Now working at Tesco as a shift manager.", "shift manager"),
    ("I'm currently working as a data analyst.", "data analyst"),
])
def test_working_as_a_role_said_on_is_the_role(text: str, role: str) -> None:
    assert _of("role", text) == [("Ciarán", role)]


@pytest.mark.parametrize("text", [
    "Working as a team is hard.", "I'm working as a volunteer at the shelter.",
])
def test_working_together_or_as_a_volunteer_is_no_role(text: str) -> None:
    assert _of("role", text) == []


def test_a_car_driven_is_read_past_how_it_looks() -> None:
    assert _of("car", "I drive a little Fiat 500 now.") == [("Ciarán", "Fiat 500")]
    assert _of("car", "I drive a little slower these days.") == []
