"""Search behaviour through the real actors and files: abstention, clues, corrections, filters.

Every test opens a fresh store with ``Runtime(tmp_path)``, saves through the ingest actor and
searches through the navigation actor, exactly as the MCP tools do.
"""

from __future__ import annotations

import datetime as dt
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from nav_corpus import memory_text, write_memories

from actors.consolidation.messages import Flush
from actors.facts.messages import Retract
from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult
from actors.provenance import Provenance
from ihmt_async import render
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio
ROOT = Path(__file__).resolve().parents[2]


async def save(rt: Runtime, content: str, scope: str = "", agent: str = "claude-code") -> str:
    result = await rt.ingest.ask(Save(content=content, scope=scope,
                                      provenance=Provenance(agent=agent, session="s1")))
    assert result.leaf_ids
    return result.leaf_ids[0]


async def search(rt: Runtime, query: str, **kw: object) -> SearchResult:
    return await rt.navigation.ask(Search(query=query, **kw))  # type: ignore[arg-type]


def ids(result: SearchResult) -> list[str]:
    return [h.leaf_id for h in result.hits]


# ------------------------------------------------------------------ abstention


async def test_a_base_form_question_finds_an_irregular_past(tmp_path: Path) -> None:
    """"What did the user buy?" is about "I bought a used Subaru": do-support puts the question's
    verb in its base form, the memory holds the irregular past."""
    async with Runtime(tmp_path) as rt:
        bought = await save(rt, "I bought a used Subaru Outback with 60,000 miles on it.")
        await save(rt, "We use Poetry to manage dependencies in the billing repository.")
        await save(rt, "Marta owns the nightly invoice export job.")
        result = await search(rt, "What car did the user buy?")
        assert result.status == "FOUND"
        assert ids(result)[0] == bought
        went = await save(rt, "Last spring I went to Kyoto with my cousin Irene.")
        result = await search(rt, "Where did the user go with Irene?")
        assert ids(result)[0] == went

STORED = [
    ("We use Poetry to manage dependencies in the billing repository.",
     "which dependency manager does the billing repo use"),
    ("The staging Kubernetes cluster runs in eu-west-1 and is recreated every Sunday.",
     "when is the staging kubernetes cluster recreated"),
    ("Marta owns the nightly invoice export job and gets paged when it fails.",
     "who owns the invoice export"),
    ("Prefer structured JSON logging with structlog in every Python service.",
     "what logging library do we prefer in python"),
    ("El equipo de pagos revisa las alertas de latencia cada mañana a las nueve.",
     "¿quién revisa las alertas de latencia?"),
    ("The search service indexes products with Elasticsearch 8 and a custom analyzer.",
     "search indexing products elasticsearch"),
    ("Rotate the webhook signing secret every ninety days; the runbook lives in Confluence.",
     "how often do we rotate the webhook signing secret"),
    ("Our frontend uses Vite, React 18 and Tailwind; tests run with Vitest.",
     "frontend build tooling vite react"),
    ("La migración a PostgreSQL 16 se hizo en marzo sin tiempo de inactividad.",
     "migraciones postgresql marzo"),
    ("GraphQL schema changes must be reviewed by the API guild before merging.",
     "who reviews graphql schema changes"),
]
NEVER = [
    "sourdough starter hydration ratio",
    "my dentist appointment next tuesday",
    "tango lessons in buenos aires",
    "receta de paella valenciana con conejo",
    "quantum chromodynamics lattice simulation",
    "wedding anniversary gift ideas",
    "which vaccine did the cat get",
    "horario del gimnasio municipal",
    "snowboard wax for icy slopes",
    "knitting pattern for a wool scarf",
]


async def test_abstention_with_positive_controls(tmp_path: Path) -> None:
    rng = random.Random(11)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        await write_memories(rt.layout, rt.store.locks, [memory_text(rng) for _ in range(300)])
        stored = [await save(rt, text) for text, _ in STORED]
        await rt.consolidation.ask(Flush(force=True))
        for leaf_id, (_text, query) in zip(stored, STORED, strict=True):
            result = await search(rt, query)
            assert result.status != "NONE", query
            assert leaf_id in ids(result), (query, result.status, ids(result))
            if result.status == "FOUND":
                assert ids(result)[0] == leaf_id, query
        for query in NEVER:
            result = await search(rt, query)
            assert result.status == "NONE", (query, [h.title for h in result.hits])
            assert result.hits == ()


async def test_empty_store_answers_none_and_says_what_was_searched(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        result = await search(rt, "anything at all")
        assert result.status == "NONE" and result.trace.leaves_in_store == 0


# ------------------------------------------------------------------ clue requests

LUIS = [
    "Luis Ortega is my brother; he lives in Madrid and works as a nurse.",
    "Luis Fernández from the platform team maintains the InventoryService deploy scripts.",
    "Luis, our landlord in Lavapiés, wants the rent paid by the fifth of each month.",
]


async def test_three_luis_memories_ask_for_a_clue_and_the_clue_narrows(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        leaves = [await save(rt, text) for text in LUIS]
        for text in ("The payments gateway retries declined cards once.",
                     "Marta reviews database migrations on Thursdays."):
            await save(rt, text)
        for query in ("Luis", "tell me about Luis", "¿Qué sabes de Luis?"):
            result = await search(rt, query)
            assert result.status == "AMBIGUOUS", query
            assert set(ids(result)) == set(leaves), query
        for leaf, clue in zip(leaves, ("my brother the nurse", "InventoryService deploys",
                                       "landlord rent"), strict=True):
            narrowed = await search(rt, "Luis", clue=clue)
            assert narrowed.status == "FOUND", clue
            assert ids(narrowed)[0] == leaf, clue
        # The same after consolidation (rivals now sit in branches).
        await rt.consolidation.ask(Flush(force=True))
        assert (await search(rt, "luis")).status == "AMBIGUOUS"
        assert ids(await search(rt, "Luis", clue="Lavapies landlord"))[0] == leaves[2]


async def test_a_clue_given_is_the_last_word(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        both = [await save(rt, text) for text in (
            "Luis moved to Madrid last spring with his dog.",
            "Luis works in Madrid at the Gregorio Marañón hospital.")]
        await save(rt, "Luis, our landlord in Lavapiés, wants the rent by the fifth.")
        await save(rt, "The payments gateway retries declined cards once.")
        # both hold the clue: the best is served and the other listed, no second request
        narrowed = await search(rt, "Luis", clue="Madrid")
        assert narrowed.status == "FOUND" and set(ids(narrowed)[:2]) == set(both)
        assert narrowed.absent == ()
        # a clue no memory holds re-ranks nothing, and the reply says so
        unheld = await search(rt, "Luis", clue="Valladolid")
        assert unheld.status == "FOUND" and unheld.absent == ("Valladolid",)


# ------------------------------------------------------------------ knowledge updates

async def _assert_current_first(rt: Runtime, query: str, current: str, old: list[str],
                                value: str) -> None:
    result = await search(rt, query)
    assert result.status == "FOUND", (query, result.status, result.reason)
    assert ids(result)[0] == current, query
    assert result.answer is not None and value.lower() in result.answer.value.lower()
    assert result.answer.since
    positions = ids(result)
    for leaf in old:
        assert leaf not in positions or positions.index(leaf) > 0
    assert result.hits[0].currency == "CURRENT"


async def test_knowledge_updates_lead_with_the_current_value(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        rng = random.Random(5)
        await write_memories(rt.layout, rt.store.locks, [memory_text(rng) for _ in range(100)])
        lisbon = await save(rt, "I live in Lisbon, near the river, since 2019.")
        await save(rt, "The gateway timeout was raised to 30 seconds after the outage.")
        berlin = await save(rt, "I moved to Berlin last month for the new job.")
        await _assert_current_first(rt, "where do I live?", berlin, [lisbon], "Berlin")

        acme = await save(rt, "I work at Acme Corp as a backend engineer.")
        globex = await save(rt, "I started working at Globex in January.")
        await _assert_current_first(rt, "where do I work?", globex, [acme], "Globex")

        pg = await save(rt, "The billing service uses PostgreSQL for invoices and refunds.")
        ddb = await save(rt, "The billing service uses DynamoDB now, after the migration.")
        await _assert_current_first(rt, "which database does the billing service use?",
                                    ddb, [pg], "DynamoDB")
        # A keyword search naming the old value: the correction still ranks above it, and
        # the pair is not a clue request.
        result = await search(rt, "billing invoices refunds")
        assert result.status == "FOUND", result.reason
        assert ids(result)[0] == ddb

        await rt.consolidation.ask(Flush(force=True))
        await _assert_current_first(rt, "where do I live now", berlin, [lisbon], "Berlin")
        result = await search(rt, "where do I live?", include_history=True)
        assert lisbon in [h.leaf_id for h in result.history + result.hits[1:]]
        assert result.answer is not None
        assert any("Lisbon" in value for value, _ in result.answer.history)


async def test_spanish_location_update(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        valencia = await save(rt, "Vivo en Valencia desde hace tres años.")
        await save(rt, "El servidor de integración continua se reinicia los lunes.")
        sevilla = await save(rt, "Me he mudado a Sevilla este verano.")
        await _assert_current_first(rt, "¿Dónde vivo?", sevilla, [valencia], "Sevilla")
        await _assert_current_first(rt, "donde vivo ahora", sevilla, [valencia], "Sevilla")


async def test_revert_lisbon_porto_lisbon(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        first = await save(rt, "I live in Lisbon.")
        porto = await save(rt, "I moved to Porto.")
        back = await save(rt, "Now I live in Lisbon again, in Alfama.")
        result = await search(rt, "where do I live")
        assert result.status == "FOUND"
        assert result.answer is not None and "lisbon" in result.answer.value.lower()
        assert ids(result)[0] == back
        assert porto not in ids(result)[:1] and first not in ids(result)[:1]
        assert result.hits[0].notices == ()


# ------------------------------------------------------------------ filters

async def test_scope_is_enforced(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        secret = await save(rt, "The zephyrine migration toggles the Vortigern cache.",
                            scope="project:a")
        other = await save(rt, "Project B deploys on Fridays with the Vortigern cache off.",
                           scope="project:b")
        shared = await save(rt, "I prefer tabs over spaces in Makefiles.")
        for _ in range(2):
            b = await search(rt, "zephyrine migration Vortigern cache", scope="project:b")
            assert other in ids(b)  # the checks below look at a real result, not an empty one
            assert secret not in ids(b)
            assert all(h.scope in ("project:b", "", "user") for h in b.hits)
            # The word is stored: only the scope keeps project A's memory out of B's search.
            assert secret in ids(await search(rt, "zephyrine", scope="project:a"))
            assert (await search(rt, "zephyrine", scope="project:b")).status == "NONE"
            a = await search(rt, "zephyrine migration", scope="project:a")
            assert ids(a)[0] == secret and other not in ids(a)
            assert ids(await search(rt, "tabs Makefiles", scope="project:b"))[0] == shared
            await rt.consolidation.ask(Flush(force=True))


async def test_as_of_reads_the_days_memories_tell_as_well(tmp_path: Path) -> None:
    # a history saved today, each memory dated: as of May it is what was told by May (a
    # client passing the question's date as ``as_of`` found nothing in a history saved later)
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        leith = await save(rt, "2026-02-10: We live in Leith now, in a one-bedroom flat.")
        glasgow = await save(rt, "2026-09-01: We live in Glasgow's West End since today.")
        may = await search(rt, "where do I live", as_of=dt.datetime(2026, 5, 1, tzinfo=dt.UTC))
        assert ids(may)[:1] == [leith] and glasgow not in ids(may)
        # the value valid that day, from facts learnt later; no later value is named
        assert may.answer is not None and may.answer.value == "Leith"
        assert may.answer.valid_on == "2026-05-01" and not may.answer.history
        before = await search(rt, "where do I live", as_of=dt.datetime(2026, 1, 1, tzinfo=dt.UTC))
        assert before.status == "NONE"
        assert "as the memory stood at 2026-01-01" in render.render_search(before)


async def test_as_of_history_and_retraction(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        lisbon = await save(rt, "I live in Lisbon.")
        between = dt.datetime.now(dt.UTC)
        # Record times have one-second resolution in headers; make the next save later.
        while dt.datetime.now(dt.UTC).replace(microsecond=0) <= between:
            await rt.navigation.ask(Search(query="tick"))
        madrid = await save(rt, "I moved to Madrid.")
        now = await search(rt, "where do I live")
        assert ids(now)[0] == madrid and now.answer and now.answer.value == "Madrid"
        past = await search(rt, "where do I live", as_of=between)
        assert madrid not in ids(past) and ids(past)[0] == lisbon
        assert past.answer is not None and past.answer.value == "Lisbon"

        history = await search(rt, "where do I live", include_history=True)
        assert lisbon in [h.leaf_id for h in history.hits + history.history]
        plain = await search(rt, "where do I live")
        assert plain.history == ()

        note = await save(rt, "The kraken deploy key is kept in the team vault.")
        assert ids(await search(rt, "kraken deploy key"))[0] == note
        await rt.facts.ask(Retract(target=note, reason="x"))
        gone = await search(rt, "kraken deploy key")
        assert note not in ids(gone) and note not in [h.leaf_id for h in gone.history]
        await rt.facts.ask(Retract(target=madrid, reason="wrong"))
        after = await search(rt, "where do I live", include_history=True)
        assert madrid not in [h.leaf_id for h in after.hits + after.history]
        assert after.answer is not None and after.answer.value == "Lisbon"


# ------------------------------------------------------------------ freshness

CHILD = textwrap.dedent("""
    import sys, anyio
    sys.path.insert(0, {root!r})
    import structlog
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(sys.stderr),
                        wrapper_class=structlog.make_filtering_bound_logger(40))
    from ihmt_async.runtime import Runtime
    from actors.ingest.messages import Save
    from actors.provenance import Provenance

    async def main():
        async with Runtime({home!r}, background_consolidation=False) as rt:
            r = await rt.ingest.ask(Save(content={text!r}, provenance=Provenance(agent="codex")))
            print(r.leaf_ids[0])
    anyio.run(main)
""")


async def test_read_your_writes_and_other_processes(tmp_path: Path) -> None:
    async with Runtime(tmp_path, background_consolidation=False) as rt:
        assert (await search(rt, "okapi telemetry")).status == "NONE"
        mine = await save(rt, "The okapi telemetry exporter batches spans every 5 seconds.")
        assert ids(await search(rt, "okapi telemetry"))[0] == mine
        text = "The quokka feature flag gates the new onboarding wizard."
        code = CHILD.format(root=str(ROOT), home=str(tmp_path), text=text)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                             timeout=60, check=True)
        theirs = out.stdout.strip().splitlines()[-1]
        result = await search(rt, "quokka feature flag")
        assert result.status == "FOUND" and ids(result)[0] == theirs
        assert result.hits[0].agent == "codex"
