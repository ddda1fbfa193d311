"""A memory telling a change supersedes the earlier memory stating the old value: the change
read from the text (``replacements``) and the memory found by the navigation actor, through
the real save path and files."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save, SaveResult
from actors.navigation.messages import Search
from actors.navigation.replacements import replacements
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize(("text", "old", "new"), [
    ("Migrated all Python repos from Poetry to uv. Use `uv sync`.", "Poetry", "uv"),
    ("Decided with Priya to replace Celery with Dramatiq in billing-api (ADR-0014).",
     "Celery", "Dramatiq"),
    ("Upgraded billing-api's RDS from Postgres 15 to 16.2 in the maintenance window.",
     "Postgres 15", "16.2"),
    ("Replaced black + isort with `ruff format` and ruff's import rules.", "black + isort",
     "ruff format"),
    ("Moving tax calculation from TaxJar to Stripe Tax (PAY-1541).", "TaxJar", "Stripe Tax"),
    ("atlas-web is moving from Auth0 to Keycloak.", "Auth0", "Keycloak"),
    ("Sofía uninstalled Docker Desktop and now uses OrbStack.", "Docker Desktop", None),
    ("Celery is completely gone from billing-api.", "Celery", None),
    ("We dropped support for Python 3.9.", "Python 3.9", None),
    ("Hemos migrado la base de datos de MySQL a PostgreSQL.", "datos de MySQL", "PostgreSQL"),
    ("Sustituimos Jenkins por GitHub Actions en todos los repos.", "Jenkins", "GitHub Actions"),
    ("Ya no usamos Jenkins, ahora todo va en GitHub Actions.", "Jenkins", None),
    # an outside scale probe: "Metabase was retired" left "built with Metabase" current
    ("The dashboards are now built with Apache Superset; Metabase was retired.", "Metabase",
     None),
    ("Jenkins has been decommissioned.", "Jenkins", None),
    ("I cancelled Basic-Fit and joined the Vivagym near the office.", "Basic-Fit", None),
    ("Big change in routine: I quit Altafit and joined Sputnik Climbing.", "Altafit", None),
])
def test_a_change_names_what_it_replaced(text: str, old: str, new: str | None) -> None:
    found = replacements(text)
    assert found and (found[0].old, found[0].new) == (old, new), found


@pytest.mark.parametrize("text", [
    "Should we move off Jenkins?",  # asked
    "I quit smoking last year and cancelled the gym.",  # no name ended
    "We could move off Jenkins next quarter.",  # planned, not done
    "Sure, three options: replace the battery for about 90 euros, or buy a Pixel 9.",
    "Here's the short version on switching from Android to iPhone: back up first.",  # a topic
    "Removed the filter on metadata.source in the refund handler.",  # a common noun ended
    "The account switcher dropdown lost focus while typing.",  # "drop" inside a word
    "/v1 is deprecated but supported until 2026-12.",  # a function word, a date
    "I moved to Valencia.",  # no old value named
    # the assistant's turn advises: its words change nothing of the user's (an outside
    # chat run marked "We have Ziggo now" superseded by the assistant's "Cancel Ziggo")
    "[2026-05-27] assistant: Great, so you cancelled Ziggo and went with Odido.",
    "2026-05-27: Asistente: Perfecto, entonces eliminamos Ziggo de la lista.",
    "Cancel Ziggo with your moving date so you don't pay twice.",  # an instruction
    # a pointer at a record describes it ("ADR-007 is the one about dropping GraphQL")
    "See ADR-007, which dropped GraphQL for REST.",
    "El ADR-007 es el que habla de que eliminamos GraphQL.",
    "Notes on dropping GraphQL are in the wiki.",  # a topic, not a change under way
    # the speaker's label is no part of what ended: "Kenji: My legs" names no Kenji that
    # is dead (an outside two-speaker chat superseded Kenji's earlier turn with this one)
    "[2026-10-12] Kenji: My legs are completely dead today, I walked down the stairs.",
])
def test_no_change_is_read_where_none_happened(text: str) -> None:
    assert [r for r in replacements(text) if r.old not in {"v1"}] == [], replacements(text)


@pytest.mark.parametrize(("text", "old", "new", "thing"), [
    # an outside probe (bbtest38): a number lowered, raised, cut or increased, a cron moved
    # and an arrow were read as no change, and the note stating the old value stayed current
    ("Cut WEBHOOK_MAX_RETRIES from 5 to 3 and added an idempotency key.", "5", "3",
     "WEBHOOK_MAX_RETRIES"),
    ("Raised the rate limit from 100 to 300 requests per minute.", "100",
     "300 requests per minute", "rate limit"),
    ("Lowered KESTREL_TIMEOUT_S from 30 to 12 seconds so workers free up.", "30",
     "12 seconds", "KESTREL_TIMEOUT_S"),
    ("Increased the loader batch size from 5,000 to 20,000 rows per insert.", "5,000",
     "20,000 rows per insert", "loader batch size"),
    ("Moved the nightly docs build cron from `0 3 * * *` to `30 1 * * *` because it "
     "overlapped the backups.", "0 3 * * *", "30 1 * * *", "nightly docs build cron"),
    ("Cut retries 5 -> 3 after the duplicate refunds.", "5", "3", "retries"),
    ("Postgres 15 → 16 en staging.", "15", "16", "Postgres"),
    ("Bajamos el límite de 500 a 200 peticiones por minuto.", "500", "200 peticiones por minuto",
     "límite"),
])
def test_a_number_changed_names_its_old_value_and_thing(text: str, old: str, new: str,
                                                        thing: str) -> None:
    found = replacements(text)
    assert found and (found[0].old, found[0].new, found[0].thing) == (old, new, thing), found


@pytest.mark.parametrize("text", [
    "Cut the cable from the wall to the desk.",  # an amount's verb, no amount
    "We raised the kids from toddlers to teens in Leeds.",
    "The request goes request -> handler -> db.",  # a flow, not a change
])
def test_an_amount_verb_or_an_arrow_without_a_value_is_no_change(text: str) -> None:
    assert replacements(text) == (), replacements(text)


def test_a_bare_version_keeps_the_thing_it_versions() -> None:
    change = replacements("Bumped the default Node from 20 to 22 LTS across atlas-web.")[0]
    assert (change.old, change.thing) == ("20", "default Node")


async def _save(rt: Runtime, text: str, scope: str = "") -> SaveResult:
    result: SaveResult = await rt.ingest.ask(Save(
        content=text, scope=scope, provenance=Provenance(agent="claude-code", session="s1")))
    return result


async def test_a_change_supersedes_the_memory_stating_the_old_value(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        celery = await _save(rt, "2026-01-14: billing-api background jobs run on Celery 5.3 "
                                 "with Redis as the broker.")
        other = await _save(rt, "2026-01-20: tidepool's consumers retry Celery-like tasks "
                                "through Kafka, not Redis.")
        await _save(rt, "2026-01-22: billing-api's invoices are numbered per legal entity.")
        change = await _save(rt, "2026-04-08: Decided with Priya to replace Celery with "
                                 "Dramatiq in billing-api (ADR-0014).")
        assert change.facts.superseded_leaf == celery.leaf_ids[0]
        found = await rt.navigation.ask(Search(
            query="What does billing-api use for background jobs now?"))
        assert [h.leaf_id for h in found.hits][:1] == list(change.leaf_ids)
        old = next(h for h in found.hits if h.leaf_id == celery.leaf_ids[0])
        assert old.currency == "SUPERSEDED"
        assert other.leaf_ids[0] != change.facts.superseded_leaf
        # a file read from disk states no change of the user's
        from_file: SaveResult = await rt.ingest.ask(Save(
            content="2026-04-09: replace Dramatiq with Huey in billing-api.",
            source="docs/ideas.md", provenance=Provenance(agent="claude-code", session="s1")))
        assert from_file.facts.superseded_leaf is None


async def test_no_memory_is_superseded_outside_the_change(tmp_path: Path) -> None:
    async with Runtime(tmp_path) as rt:
        # another project's memory, a later day's, and an overview naming many things stay
        billing = await _save(rt, "2026-01-14: Deploys go through Vercel previews.",
                              scope="project:billing")
        later = await _save(rt, "2026-05-01: atlas-web previews on Vercel are slow today.")
        overview = await _save(rt, "2026-01-02: atlas-web: React 18 + TypeScript + Vite 5, "
                                   "TanStack Query, Zustand, Tailwind 3, hosted on Vercel.")
        change = await _save(rt, "2026-03-13: Moved atlas-web hosting from Vercel to "
                                 "Cloudflare Pages: previews per PR.", scope="project:atlas")
        assert change.facts.superseded_leaf is None  # one save supersedes at most one
        assert {billing.leaf_ids[0], later.leaf_ids[0], overview.leaf_ids[0]}.isdisjoint(
            {change.facts.superseded_leaf})
        # the same change, in the same project and before the later day, finds its memory
        atlas = await _save(rt, "2026-02-01: atlas-web previews deploy on Vercel per PR.",
                            scope="project:atlas")
        again = await _save(rt, "2026-03-14: Moved atlas-web hosting from Vercel to "
                                "Cloudflare Pages for good.", scope="project:atlas")
        assert again.facts.superseded_leaf == atlas.leaf_ids[0]


async def test_replaced_max_names_and_common_words(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    # REPLACED_MAX_NAMES: the same overview with fewer names is a memory of the old value;
    # REPLACED_COMMON_SHARE: a context word most memories hold ties nothing
    from actors.navigation import replaced as navigation
    async with Runtime(tmp_path) as rt:
        overview = await _save(rt, "2026-01-02: atlas-web: React 18 + TypeScript + Vite 5, "
                                   "TanStack Query, Zustand, Tailwind 3, hosted on Vercel.")
        with monkeypatch.context() as patched:
            patched.setattr(navigation, "REPLACED_MAX_NAMES", 20)
            change = await _save(rt, "2026-03-13: Moved atlas-web hosting from Vercel to "
                                     "Cloudflare Pages.")
            assert change.facts.superseded_leaf == overview.leaf_ids[0]
    async with Runtime(tmp_path / "common") as rt:
        for n in range(30):
            await _save(rt, f"2026-01-{n % 28 + 1:02d}: note {n}: the team uses a board.")
        trello = await _save(rt, "2026-01-14: the team uses Trello for the roadmap board.")
        change = await _save(rt, "2026-03-01: The team switched the board from Trello to "
                                 "Linear.")
        assert change.facts.superseded_leaf is None  # "team", "board": in every memory
        monkeypatch.setattr(navigation, "REPLACED_COMMON_SHARE", 1.0)
        change = await _save(rt, "2026-03-02: The team switched the board from Trello to "
                                 "Linear today.")
        assert change.facts.superseded_leaf == trello.leaf_ids[0]


async def test_a_setting_said_again_or_a_retired_tool_puts_the_newer_first(
        tmp_path: Path) -> None:
    from tests.navigation.test_retrieval_rules import embedded, ids, save, search
    async with Runtime(tmp_path) as rt:
        old = await save(rt, "2023-01-12: The database of the heron-crm project is MySQL 5.7.")
        new = await save(rt, "2023-01-19: The database of the heron-crm project is now "
                             "PostgreSQL 16; we migrated off MySQL.")
        built = await save(rt, "2023-02-24: The lemur-analytics dashboards are built with "
                               "Metabase.")
        now = await save(rt, "2023-04-20: The lemur-analytics dashboards are now built with "
                             "Apache Superset; Metabase was retired.")
        await embedded(rt)
        found = await search(rt, "What database does heron-crm use?")
        assert ids(found)[:2] == [new, old] and found.hits[1].currency == "SUPERSEDED"
        found = await search(rt, "What do we use for lemur-analytics dashboards?")
        assert ids(found)[:2] == [now, built] and found.hits[1].currency == "SUPERSEDED"


async def test_a_number_or_a_cron_changed_supersedes_the_note_stating_it(
        tmp_path: Path) -> None:
    # an outside probe (bbtest38): each note below stayed current after its change, and
    # led the answer to "what is the batch size?" with the old number
    async with Runtime(tmp_path) as rt:
        batch = await _save(rt, "2026-03-13: Ferrocart loader batch size: 5,000 rows per insert.")
        other = await _save(rt, "2026-03-20: Heron's export writes 5,000 rows per file.")
        retries = await _save(rt, "2026-02-03: Tidewell webhook delivery: exponential backoff "
                                  "starting at 2 s, WEBHOOK_MAX_RETRIES=5.")
        cron = await _save(rt, "2026-02-20: The nightly Quillstack docs build runs from cron "
                               "at `0 3 * * *`.")
        ingest = await _save(rt, "2026-02-21: The nightly ingestion runs from cron at "
                                 "`0 3 * * *` too.")
        raised = await _save(rt, "2026-11-19: Increased Ferrocart's loader batch size from "
                                 "5,000 to 20,000 rows per insert.")
        assert raised.facts.superseded_leaf == batch.leaf_ids[0] != other.leaf_ids[0]
        cut = await _save(rt, "2026-07-19: Cut WEBHOOK_MAX_RETRIES from 5 to 3.")
        assert cut.facts.superseded_leaf == retries.leaf_ids[0]
        moved = await _save(rt, "2026-10-02: Moved the nightly docs build cron from "
                                "`0 3 * * *` to `30 1 * * *`.")
        assert moved.facts.superseded_leaf == cron.leaf_ids[0] != ingest.leaf_ids[0]


async def test_a_memory_stating_the_old_value_as_a_fact_needs_no_shared_word(
        tmp_path: Path) -> None:
    # an outside scale probe: "My bank is ING." shares only "ING" with "I moved my accounts
    # from ING to Openbank"; its fact (bank = ING) says it states the old value
    from tests.navigation.test_retrieval_rules import embedded, ids, save, search
    async with Runtime(tmp_path) as rt:
        bank = await save(rt, "2024-10-27: My bank is ING.")
        card = await save(rt, "2024-11-02: ING sent me a new debit card.")
        moved = await save(rt, "2025-04-02: I moved my accounts from ING to Openbank.")
        await embedded(rt)
        found = await search(rt, "Which bank do I use?", limit=5)
        state = {hit.leaf_id: hit.currency for hit in found.hits}
        assert state.get(bank) == "SUPERSEDED" and state.get(card, "CURRENT") == "CURRENT"
        assert moved in ids(found)  # served with it (the OUTDATED line names it)


@pytest.mark.parametrize(("text", "old", "new", "thing"), [
    ("[2026-10-04] Kenji: Correction: it was 221 cups, not 212.", "212", "221", "cups"),
    ("Marta: Perdón, me equivoqué: fueron 1 hora 58 minutos, no 2:04.", "2:04",
     "1 hora 58 minutos", ""),
    ("Sorry, I meant the Tuesday standup, so Tuesday, not Monday.", "Monday", "Tuesday", ""),
    ("En realidad fueron 35 euros, no 30.", "30", "35", "euros"),
    # a value said over another after a verb of being corrects it, no word saying so needed
    ("It was 221 cups, not 212.", "212", "221", "cups"),
])
def test_a_slip_corrected_names_what_it_corrects(text: str, old: str, new: str,
                                                 thing: str) -> None:
    found = replacements(text)
    assert found and (found[0].old, found[0].new, found[0].thing) == (old, new, thing), found


@pytest.mark.parametrize("text", [
    "Sorry, 300 cups, not bad at all.",
    "Sorry, Marta, not now.",
    "Priya: I'm not leaving Barclays, no way.",
    "Actually I might go Tuesday, not Monday.",  # a plan
])
def test_a_number_or_name_beside_not_is_no_correction_by_itself(text: str) -> None:
    assert replacements(text) == (), replacements(text)


async def test_a_slip_corrected_supersedes_the_memory_stating_it(tmp_path: Path) -> None:
    # an outside probe (probe42): "Correction: it was 221 cups, not 212" was not even shown
    # beside "Sold 212 cups", which led "how many cups did the café sell on its first day?"
    from tests.navigation.test_retrieval_rules import embedded, ids, search
    async with Runtime(tmp_path) as rt:
        sold = await _save(rt, "[2026-10-04] Kenji: First day of Slow Drip done! Sold 212 "
                               "cups and my feet are destroyed.")
        other = await _save(rt, "[2026-10-04] Kenji: The grinder I bought cost 212 euros.")
        fixed = await _save(rt, "[2026-10-05] Kenji: Correction: it was 221 cups, not 212. "
                                "I miscounted the oat ones.")
        assert fixed.facts.superseded_leaf == sold.leaf_ids[0] != other.leaf_ids[0]
        await embedded(rt)
        found = await search(rt, "How many cups did Kenji sell on the first day of Slow Drip?")
        assert fixed.leaf_ids[0] in ids(found)[:2]
        state = {hit.leaf_id: hit.currency for hit in found.hits}
        assert state[sold.leaf_ids[0]] == "SUPERSEDED"
