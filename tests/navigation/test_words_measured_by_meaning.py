"""The memories a question's words rank best are ranked by their meaning too, wherever they
stand among all memories by meaning (``NavigationActor._search``, ``EMBED_CANDIDATES``): long
explanations sharing a few of the question's words fill the vector pool, and the short note
holding every one of them must not lose to them for lacking a place in it. Real actors and
files; the pool is made small so a handful of explanations fill it."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest
from nav_corpus import write_memories

import actors.navigation.actor as navigation_actor
from actors.navigation.messages import Search, Stats
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio

NOTE = ("Set the Vexor Pay client timeout in Ledgerly to 30 s "
        "(ledgerly/providers/vexor.py, env VEXOR_TIMEOUT_S).")
ADVICE = [
    "Client timeouts should be shorter than the server's, or the client gives up too late.",
    "A deadline propagated through the context beats independent timeouts at every layer.",
    "Connect timeouts and read timeouts are different knobs; connect takes a few seconds.",
    "Measure the p99 latency of the dependency before picking a timeout value for the client.",
    "For payment flows, a timeout should end in a state the user can safely retry.",
    "Statement timeouts on the database side are a useful second line of defence.",
    "It helps to log the elapsed time whenever a request hits its timeout.",
    "Payment provider clients read their timeout from an environment variable, never a constant.",
    "An environment variable that controls a client timeout should say its unit in its name.",
    "When a provider is slow only for some requests, a single global timeout is a compromise.",
]
VEXOR = ["Vexor Pay sent the March settlement report to finance.",
         "Vexor Pay's dashboard was down for an hour on Friday.",
         "Asked Vexor Pay support about the payout delay of the Berlin merchants.",
         "Vexor Pay raised its per-transaction fee for cards issued abroad."]
TOPICS = ["checkout", "refunds", "payouts", "webhooks", "invoices", "ledger"]


def explanation(i: int) -> str:
    said = " ".join(ADVICE[(i + k) % len(ADVICE)] for k in range(5))
    return (f"Explanation given while working on the {TOPICS[i % len(TOPICS)]}: the "
            f"question was about client timeouts. In general terms, without changing anything "
            f"in the repo: {said} We left the current settings as they are.")


async def test_the_note_holding_every_word_gains_its_meaning_outside_the_vector_pool(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(navigation_actor, "VECTOR_POOL", 3)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        note, *_ = await write_memories(rt.layout, rt.store.locks,
                                        [NOTE, *VEXOR, *(explanation(i) for i in range(12))])
        with anyio.fail_after(120):  # every memory embedded: the store is settled
            while (stats := await rt.navigation.ask(Stats()))["embedding"]["pending"] \
                    or stats["embedding"]["embedded"] < 17:
                await anyio.sleep(0.1)
        result = await rt.navigation.ask(Search(
            query="Which environment variable sets the Vexor Pay client timeout?"))
        assert note not in rt.navigation.vectors.similar_and_crowd(
            rt.navigation.vectors.encode_query("Which environment variable sets the Vexor Pay "
                                               "client timeout?"),
            3, lambda _leaf: True, 1)[0]  # outside the pool by meaning
        # shown (it was not: three explanations closer in meaning took the reply)
        assert note in [hit.leaf_id for hit in result.hits]
