"""A question about now whose newest answer is told in other words (issue 18), end to end
through the real stdio server: a chat saved one turn per memory, a friend's earlier turn
holding the question's words and the kind of answer asked ("four cups a day", "40 euros al
mes"), and the same friend's later turn telling the change without them ("I've given up
coffee completely", "the fee went up to 55", "la cuota subió a 52", "ya no tomo café"). The
later turn leads, asked in English and in Spanish; the earlier one is how it stood before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session

pytestmark = pytest.mark.anyio

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August",
           "September", "October", "November", "December")


def _turn(day: str, speaker: str, text: str) -> str:
    """A turn as a chat importer saves it: the session's date and time, then the speaker."""
    year, month, dom = day.split("-")
    return f"[6:30 pm on {int(dom)} {_MONTHS[int(month) - 1]}, {year}] {speaker}: {text}"


NADIA_AND_BRAM = (
    _turn("2025-04-03", "Nadia", "Morning! I'm on my third coffee already, I drink like four "
                                 "cups a day at the office"),
    _turn("2025-04-03", "Bram", "four?? that's a lot of coffee"),
    _turn("2025-04-03", "Nadia", "My climbing gym membership is 42 euros a month, not bad for "
                                 "Utrecht"),
    _turn("2025-04-03", "Bram", "I still live in a tiny flat in Deventer above a bakery"),
    _turn("2025-05-10", "Bram", "Went to the dentist, all fine"),
    _turn("2025-05-10", "Nadia", "We watched the new Dune film, loved it"),
    _turn("2025-06-18", "Nadia", "Honestly I've given up coffee completely, only herbal tea "
                                 "since May. Sleeping so much better"),
    _turn("2025-06-18", "Nadia", "Bad news from the wall: the fee went up to 55 this month"),
    _turn("2025-06-18", "Bram", "Lucky you, the weather is awful here"),
)
IKER_AND_LOLA = (
    _turn("2025-02-11", "Iker", "Mi cuota del gimnasio de escalada es de 40 euros al mes"),
    _turn("2025-02-11", "Lola", "Me tomo tres cafés al día, si no, no funciono"),
    _turn("2025-02-11", "Iker", "Oye, ¿vienes el sábado a la cena de Ane?"),
    _turn("2025-03-20", "Lola", "Hoy he hecho una tarta de queso riquísima"),
    _turn("2025-07-02", "Iker", "Qué rabia, la cuota subió a 52 euros sin avisar"),
    _turn("2025-07-02", "Lola", "Pues yo ya no tomo café, me pasé al té verde y duermo mucho "
                                "mejor"),
    _turn("2025-07-02", "Iker", "Mañana me voy a la playa"),
)


async def _firsts(home: Path, turns: tuple[str, ...], questions: tuple[str, ...]
                  ) -> dict[str, str]:
    """Each question's first block (the first memory served, with the turns beside it)."""
    async with server_session(home) as s:
        for turn in turns:
            await s.ok("save_memory", {"content": turn})
        return {question: (await s.ok("search_memory", {"query": question})
                           ).partition("\n--- 2. ")[0] for question in questions}


def _leads(first: str, now: str, before: str) -> bool:
    """The later turn is the first memory served (its own line, before any turn beside it),
    the earlier one not."""
    served = first.split("\nNext in that conversation")[0].split("\nAlso in that")[0]
    return now in served and before not in served


async def test_a_change_told_in_other_words_leads(tmp_path: Path) -> None:
    firsts = await _firsts(tmp_path, NADIA_AND_BRAM, (
        "How many coffees a day does Nadia drink now?", "¿Cuántos cafés toma Nadia ahora?",
        "How much is Nadia's climbing gym fee now?"))
    coffee, cafe, fee = firsts.values()
    assert _leads(coffee, "given up coffee", "four cups"), coffee
    assert _leads(cafe, "given up coffee", "four cups"), cafe
    assert _leads(fee, "went up to 55", "42 euros"), fee


async def test_un_cambio_contado_con_otras_palabras_va_primero(tmp_path: Path) -> None:
    firsts = await _firsts(tmp_path, IKER_AND_LOLA, (
        "¿Cuánto paga Iker ahora de cuota del gimnasio?", "How much is Iker's gym fee now?",
        "How many coffees a day does Lola drink now?", "¿Cuántos cafés al día toma Lola ahora?"))
    cuota, fee, coffee, cafe = firsts.values()
    assert _leads(cuota, "subió a 52", "40 euros"), cuota
    assert _leads(fee, "subió a 52", "40 euros"), fee
    assert _leads(coffee, "ya no tomo café", "tres cafés"), coffee
    # a count asked as it stands: the count's spreading of one memory per day keeps the
    # change first
    assert _leads(cafe, "ya no tomo café", "tres cafés"), cafe


MARTA_AND_JOEL = (
    _turn("2025-01-15", "Marta", "Vuelvo a fumar diez cigarrillos al día, lo sé, fatal"),
    _turn("2025-01-15", "Joel", "I drink five espressos a day at the studio, at least"),
    _turn("2025-01-15", "Joel", "you'll manage to cut down, I believe in you"),
    _turn("2025-03-02", "Joel", "Down to three espressos a day, my hands stopped shaking"),
    _turn("2025-03-02", "Marta", "Did you see the new bakery on the corner?"),
    _turn("2025-05-20", "Joel", "I quit the choir, too many rehearsals"),
    _turn("2025-05-20", "Marta", "Y por fin dejé de fumar, ya van tres semanas"),
    _turn("2025-06-08", "Joel", "Honestly I've given up espresso completely, only tea now"),
    _turn("2025-06-08", "Marta", "Me apunté a natación los martes"),
)


async def test_a_habit_ended_leads_in_none_of_its_words(tmp_path: Path) -> None:
    """The doing asked ended ("dejé de fumar" for "¿Cuántos cigarrillos fuma Marta ahora?",
    Spanish verb forms read from the question's), or the thing asked ("given up espresso"
    after two counts): the ending leads, low as it scores; another friend's quitting ("I
    quit the choir") does not."""
    firsts = await _firsts(tmp_path, MARTA_AND_JOEL, (
        "¿Cuántos cigarrillos fuma Marta ahora?", "How many espressos a day does Joel drink now?"))
    cigarrillos, espressos = firsts.values()
    assert _leads(cigarrillos, "dejé de fumar", "diez cigarrillos"), cigarrillos
    assert _leads(espressos, "given up espresso", "espressos a day"), espressos
