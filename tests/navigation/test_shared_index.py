"""The shared full-text index across real processes: read-your-writes before any commit,
opened (not rebuilt) on a warm store, a SIGKILL inside an index commit, and ``rebuild``."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import anyio
import pytest

from actors.consolidation.messages import Flush
from actors.ingest.messages import Save
from actors.navigation import actor as navigation_actor
from actors.navigation import read_model
from actors.navigation.messages import Search
from actors.navigation.query import parse_query
from actors.navigation.read_model import ReadModel, rebuild_fulltext
from ihmt_async.runtime import Runtime
from store.catalog import CatalogReader
from store.fulltext import LOCK_NAME, FulltextIndex
from store.locks import LockManager
from store.paths import StoreLayout
from tests.worker_process import WorkerProcess

WORKER = Path(__file__).with_name("fulltext_worker.py")
NOTES = [
    "The quokka named Bartholomew sleeps under the jacaranda in Perth",
    "Mi perro Pimienta come sardinas los domingos en Cádiz",
    "The deploy key for the Zanzibar cluster rotates every ninety days",
    "Grandmother's flan recipe needs seven eggs and burnt caramel",
    "The PostgresReplicaLag alarm pages the on-call after 45 seconds",
]


@pytest.fixture
def spawn() -> Iterator[Callable[..., WorkerProcess]]:
    started: list[WorkerProcess] = []

    def start(*args: str) -> WorkerProcess:
        child = WorkerProcess(WORKER, *args)
        started.append(child)
        return child

    yield start
    for child in started:
        child.close()


async def consolidate(home: Path) -> None:
    async with Runtime(home, background_consolidation=False) as rt:
        assert (await rt.consolidation.ask(Flush(force=True))).branches_written > 0


def ready(child: WorkerProcess) -> dict[str, object]:
    data: dict[str, object] = json.loads(child.expect("ready ", 90).split(" ", 1)[1])
    return data


def ask(child: WorkerProcess, line: str, answer: str) -> list[str]:
    child.send(line)
    found: list[str] = json.loads(child.expect(answer + " ", 60).split(" ", 1)[1])
    return found


def saved_by_a_process(spawn: Callable[..., WorkerProcess], home: Path,
                       notes: list[str]) -> list[str]:
    """Each note saved by one worker process, which then stops (committing what the shared
    index lacks); the leaf ids, in order."""
    child = spawn(str(home))
    ready(child)
    saved = [ask(child, f"save {note}", "saved")[0] for note in notes]
    child.send("quit")
    child.finish()
    return saved


def committed_ids(home: Path) -> set[str]:
    """Ids of every leaf file that the committed index holds (the tail aside)."""
    layout = StoreLayout.at_home(home)
    index = FulltextIndex(layout)
    on_disk = [p.stem for p in layout.leaves_dir.rglob("*.txt")]
    assert on_disk, "no leaf file found: the check below would prove nothing"
    return {doc for doc in on_disk if index.get(doc) is not None}


def test_a_save_is_found_in_another_process_before_any_commit(
        store_home: Path, spawn: Callable[..., WorkerProcess]) -> None:
    reader = spawn(str(store_home))
    ready(reader)
    writer = spawn(str(store_home))
    ready(writer)
    locks = LockManager(StoreLayout.at_home(store_home).locks_dir)
    with locks.hold_sync(LOCK_NAME, actor="test"):  # no process can commit meanwhile
        saved = [ask(writer, f"save {note}", "saved")[0] for note in NOTES]
        assert not committed_ids(store_home) & set(saved)
        for note, leaf in zip(NOTES, saved, strict=True):
            words = " ".join(note.split()[1:4])
            assert leaf in ask(reader, f"search {words}", "found"), note
        assert not committed_ids(store_home) & set(saved), "found through the tail, not a commit"
    writer.send("quit")
    writer.finish()
    reader.send("quit")
    reader.finish()
    assert committed_ids(store_home) >= set(saved), "stopping commits what is pending"


def test_a_warm_store_opens_the_index_without_indexing_anything(
        store_home: Path, spawn: Callable[..., WorkerProcess]) -> None:
    first = spawn(str(store_home))
    assert ready(first)["rebuilt"] is True
    saved = [ask(first, f"save {note}", "saved")[0] for note in NOTES]
    first.send("quit")
    first.finish()
    second = spawn(str(store_home))
    state = ready(second)
    assert state == {"analysed": 0, "rebuilt": False, "leaves": len(NOTES)}
    assert saved[1] in ask(second, "search perro Pimienta", "found")
    second.send("quit")
    second.finish()


def test_sigkill_inside_an_index_commit_loses_no_acknowledged_save(
        store_home: Path, spawn: Callable[..., WorkerProcess]) -> None:
    early = saved_by_a_process(spawn, store_home, NOTES[:2])
    assert committed_ids(store_home) >= set(early)

    victim = spawn(str(store_home), "block-commit")
    ready(victim)
    late = [ask(victim, f"save {note}", "saved")[0] for note in NOTES[2:]]
    victim.send("commit")
    victim.expect("committing", 60)  # documents added, tantivy's commit not yet done
    assert victim.kill() != 0

    layout = StoreLayout.at_home(store_home)
    model = ReadModel(layout)  # opens the index as the killed process left it
    assert not model.index.disk.rebuilt
    model.refresh()
    for doc in early + late:
        assert doc in model.leaves, doc
    locks = LockManager(layout.locks_dir)
    with locks.hold_sync(LOCK_NAME, actor="test", timeout_s=30):
        assert model.commit_pending() == len(late)  # tantivy's writer lock died with it
    assert committed_ids(store_home) >= set(early + late)


def test_rebuild_recreates_the_index_from_the_leaves(
        store_home: Path, spawn: Callable[..., WorkerProcess],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read_model, "COMMIT_CHUNK", 2)  # a backlog commits in chunks
    saved = saved_by_a_process(spawn, store_home, NOTES)
    layout = StoreLayout.at_home(store_home)
    shutil.rmtree(layout.state_dir / "fulltext")
    assert rebuild_fulltext(layout, LockManager(layout.locks_dir)) == len(NOTES)
    assert committed_ids(store_home) == set(saved)
    catalog = CatalogReader(layout)
    assert FulltextIndex(layout).watermark.seq == catalog.last_seq()
    catalog.close()
    second = spawn(str(store_home))
    assert ready(second)["analysed"] == 0
    assert saved[4] in ask(second, "search PostgresReplicaLag alarm", "found")
    second.send("quit")
    second.finish()


def test_leaf_metadata_is_looked_up_not_folded(store_home: Path,
                                               spawn: Callable[..., WorkerProcess]) -> None:
    saved = saved_by_a_process(spawn, store_home, NOTES)
    model = ReadModel(StoreLayout.at_home(store_home))
    model.refresh()
    assert sorted(model.leaves) == sorted(saved)  # iteration reads ids from the catalog
    meta = model.leaves[saved[2]]
    assert "Zanzibar" in meta.excerpt and meta.path.endswith(f"{saved[2]}.txt")
    assert model.leaves.get("L-nope-0000-0000000000") is None
    assert "Zanzibar" in model.text_of(saved[2])


def test_an_index_ahead_of_a_rederived_catalog_is_rebuilt(
        store_home: Path, spawn: Callable[..., WorkerProcess]) -> None:
    saved = saved_by_a_process(spawn, store_home, NOTES)
    anyio.run(consolidate, store_home)  # files the leaves: their rows change again (new seqs)
    layout = StoreLayout.at_home(store_home)
    assert ReadModel(layout).index.disk.watermark.seq > len(NOTES)
    database = layout.database
    database.unlink()  # the next start re-derives it from the files: its seqs restart
    for extra in database.parent.glob(database.name + "-*"):
        extra.unlink()
    second = spawn(str(store_home))
    state = ready(second)
    assert state["leaves"] == len(NOTES) and state["analysed"] == len(NOTES)
    assert saved[3] in ask(second, "search flan recipe eggs caramel", "found")
    second.send("quit")
    second.finish()
    model = ReadModel(layout)
    assert not model.index_ahead_of_catalog()


LATER_NOTES = [
    "The okapi sanctuary near Kisangani opens at dawn",
    "Mi tía Remedios borda manteles de lino en Zamora",
    "The Bellwether pipeline retries webhooks with jitter",
    "Our sourdough starter Hubert lives in the pantry",
    "The GrafanaTempoDrift alert fires after three misses",
]


def test_an_index_behind_a_rederived_catalog_misses_no_leaf(
        store_home: Path, spawn: Callable[..., WorkerProcess]) -> None:
    """The database is lost while the shared index is behind (saves it had not taken in yet):
    the re-derived catalog numbers every leaf from 1 again, in file order, so some of the
    leaves the index never held fall under its old watermark and were never indexed nor
    searchable. A rebuild of the catalog empties the index: everything is indexed again."""
    early = saved_by_a_process(spawn, store_home, NOTES)
    layout = StoreLayout.at_home(store_home)
    index = layout.state_dir / "fulltext"
    shutil.copytree(index, store_home / "index-before")
    later = saved_by_a_process(spawn, store_home, LATER_NOTES)
    shutil.rmtree(index)  # as if the later saves' index commit never happened
    shutil.copytree(store_home / "index-before", index)
    database = layout.database
    database.unlink()
    for extra in database.parent.glob(database.name + "-*"):
        extra.unlink()
    third = spawn(str(store_home))
    assert ready(third)["leaves"] == len(NOTES) + len(LATER_NOTES)
    for leaf, note in zip(early + later, NOTES + LATER_NOTES, strict=True):
        words = " ".join(note.split()[1:5])
        assert leaf in ask(third, f"search {words}", "found"), note
    third.send("quit")
    third.finish()


@pytest.mark.anyio
async def test_an_idle_refresh_defers_the_analysis_until_a_read_needs_it(
        store_home: Path) -> None:
    """Another process's idle turn notes arrived leaves without analysing them (each save
    used to be analysed once per process); a read still finds them, and their text is
    served for embedding meanwhile."""
    async with Runtime(store_home, background_consolidation=False) as rt:
        await rt.ingest.ask(Save(content=NOTES[0], origin="user"))
        layout = StoreLayout.at_home(store_home)
        other = ReadModel(layout)
        other.refresh()
        base = other.analysed
        locks = LockManager(layout.locks_dir)
        with locks.hold_sync(LOCK_NAME, actor="test"):  # no commit moves the watermark
            saved = (await rt.ingest.ask(Save(content=NOTES[2], origin="user"))).leaf_ids[0]
            assert other.refresh(analyse=False) == 0
            assert other.analysed == base and saved in other.take_arrived()
            assert "Zanzibar" in other.text_of(saved)  # the embedder can read it already
            assert other.refresh() == 1  # a read analyses it now
            found = other.index.search(parse_query("Zanzibar deploy key"), limit=5)
            assert saved in [doc for doc, _score, _terms in found]


@pytest.mark.anyio
async def test_a_processs_own_commit_empties_its_tail(store_home: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # the process that commits must let go of the leaves it committed: they were counted
    # twice ("Searched all 8 stored memories" with 4 stored), their words' document
    # frequencies doubled, and the tail every search scans grew for as long as it ran
    monkeypatch.setattr(navigation_actor, "COMMIT_MAX_AGE_S", 0.2)
    async with Runtime(store_home, background_consolidation=False) as rt:
        for note in NOTES[:4]:
            await rt.ingest.ask(Save(content=note))
        await rt.navigation.ask(Search(query="quokka"))  # the leaves are in the tail now
        model = rt.navigation.model
        with anyio.fail_after(30):
            while model.index.disk.num_docs < 4:  # the actor's own idle commit
                await anyio.sleep(0.1)
            while model.index.tail:
                await anyio.sleep(0.1)
        assert len(model.index) == 4
        assert model.index.doc_freq("quokka") == 1


@pytest.mark.anyio
async def test_the_tail_scores_a_memory_as_the_commit_will(store_home: Path) -> None:
    # a word held by nearly every memory: its idf in the tail counts the documents tantivy
    # counts (its watermark among them), or the score drops to a third until the commit and
    # a reply asked within a second of the save differs from the same one asked after it
    async with Runtime(store_home, background_consolidation=False) as rt:
        saved = [await rt.ingest.ask(Save(content=f"Should a friend buy a lamp number {n}?"))
                 for n in range(20)]
        await rt.navigation.ask(Search(query="buy"))  # the leaves are in the tail now
        index = rt.navigation.model.index
        query = parse_query("what did I buy", None)
        ids = [result.leaf_ids[0] for result in saved[:3]]
        in_tail = {doc: score for doc, score, _ in index.score_docs(query, ids)}
        assert set(in_tail) == set(ids) and all(doc in index.tail for doc in ids)
        with anyio.fail_after(30):
            while index.tail:
                await anyio.sleep(0.1)
        committed = {doc: score for doc, score, _ in index.score_docs(query, ids)}
    for doc in ids:  # tantivy rounds a document's length: close, not equal
        assert in_tail[doc] == pytest.approx(committed[doc], rel=0.1)
