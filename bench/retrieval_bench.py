"""Retrieval bench: quality on the team's own corpus, search latency via MCP, embedding speed.

Run from the checkout: ``python -m bench.retrieval_bench [--sizes 1000,10000,50000]
[--set templated|conversation|conversation-b|conversation-c|conversation-d|conversation-e|
conversation-f|conversation-g|conversation-h]
[--out FILE]``
(the JSON report goes to stdout).

Quality: every memory of ``bench.retrieval_corpus`` is saved through the real Save path
(in-process Runtime), the background embedder is left to finish, then every question is asked
three ways: the full path (lexical + vectors + the EN/ES reading), without vectors, and without
vectors nor the EN/ES reading (the lexical-only path); the full path also on each half of the
questions (alternate ones: a tuning half and a held-out half; a second ``--seed`` is a corpus
no rule was tuned on). Reported per way: recall@1/@3/@5 among
the memories shown, the share of replies that are AMBIGUOUS, false "No memory found" for stored
answers, never-stored questions answered NONE, and recall@5 on cross-language questions.

``--set conversation`` measures the same figures on ``bench.conversation_set`` instead: one
invented person's dated chat turns, written by hand and held out from ranking work (a store of
its own, cached under ``bench/results/tmp/`` by a digest of the turns), with figures per kind
of question (shared word, paraphrase, cross-language, update, temporal) and one line per
question whose answer is not first: that list shows what the templated corpus cannot.
``--set conversation-b`` runs the same code on ``bench.conversation_set_b``, another invented
person written by hand later: rules tuned looking at the first set are validated on it.
``--set conversation-c`` runs it on ``bench.conversation_set_c``: what the first two are not, a
chat between two invented friends saved one turn per memory, each led by its date and speaker
("[7:12 pm on 14 May, 2025] Owen: ..."), with answers given as replies to the turn before.
``--set conversation-d`` runs it on ``bench.conversation_set_d``, made to measure "No memory
found": a user's chat with an assistant and never-stored questions that are near neighbours of
stored turns with one detail changed; its figures are also given per half (tuning, held out).
``--set conversation-e`` runs it on ``bench.conversation_set_e``: lists, counts and comparisons
whose answer is in several memories, asked with no ``limit`` (an MCP client's default call);
it also reports ``all_parts`` (every part of the answer among the memories served and the turns
shown beside them) and ``all_parts_in_reply`` (the "Also close" lines too), per half as well.
``--set conversation-f`` asks new questions of conversation-d's chat
(``bench.conversation_set_f``), written after two of the twenty-third pass's rules and held out
from every rule since.
The conversation sets also report ``shown_in_reply``: the answer among the memories served or
shown beside one (the turn its conversation went on with, the turn that answers, a line after
them naming the next memories), which is what a reader of the reply sees, and
``first_block``: the answer in the reply's first block (the first memory or a turn shown under
it), what a reader who stops at the first memory sees.
``--whole-sessions`` saves a chat set's sessions one per memory instead (``bench.whole_sessions``:
the stamp line, then a "speaker: text" line per turn) and reports ``first`` (the answer's session
first), ``shown`` (the answer turn's text in the rendered reply), false NONE, never-stored NONE
and the reply's length in characters.

``--mix N`` asks a set in a large store: its turns (or the templated corpus) are saved through
the real Save path into a copy of a store first filled with ``N`` of the generator's memories
(the latency stores' corpus, saved one by one through the same path, every vector computed and
the tree built; cached under ``bench/results/tmp/`` like the other stores), and the same
figures are reported. ``--mix-store DIR`` copies an existing store in use instead (e.g. one
of 50,000 memories, its vectors and tree already there); the original is only read.

Latency: stores of each size are grown with ``bulk_build`` (the ingest bench's bulk path) from
the generator's memories plus this corpus and kept under ``bench/results/tmp/`` for the next
run; their vectors are computed with the same code the background embedder runs (the
throughput reported), then a real ``ihmt-async serve`` answers ``search_memory`` calls over
stdio, one at a time (p50/p95). A tool, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import shutil
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import anyio

from actors.consolidation.messages import Flush
from actors.dates import LEADING_DATE
from actors.ingest.messages import Save
from actors.navigation.messages import Search, SearchResult, Stats
from actors.navigation.read_model import ReadModel
from actors.provenance import Provenance
from bench import (
    conversation_set,
    conversation_set_b,
    conversation_set_c,
    conversation_set_d,
    conversation_set_e,
    conversation_set_f,
    conversation_set_g,
    conversation_set_h,
    engineering_set,
    whole_sessions,
)
from bench.retrieval_corpus import NEVER, Item, corpus
from ihmt_async.logs import configure_logging
from ihmt_async.runtime import Runtime

ROOT = Path(__file__).resolve().parent
CACHE = ROOT / "results" / "tmp"
# The hand-written sets by name: modules with TURNS, QUESTIONS, NEVER and CATEGORIES.
CONVERSATION_SETS: dict[str, ModuleType] = {"conversation": conversation_set,
                                            "conversation-b": conversation_set_b,
                                            "conversation-c": conversation_set_c,
                                            "conversation-d": conversation_set_d,
                                            "conversation-e": conversation_set_e,
                                            "conversation-f": conversation_set_f,
                                            "conversation-g": conversation_set_g,
                                            "conversation-h": conversation_set_h,
                                            "engineering": engineering_set}
WAYS = (("full", True, True, True), ("no word neighbours", True, True, False),
        ("no vectors", False, True, False), ("lexical only", False, False, False))


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def _rank(result: SearchResult, leaf_ids: set[str]) -> int | None:
    for i, hit in enumerate(result.hits):
        if hit.leaf_id in leaf_ids:
            return i
    return None


def _beside(result: SearchResult, leaf_ids: set[str]) -> bool:
    """One of ``leaf_ids`` is shown beside a memory served: the turn its conversation went on
    with (and the one after it), the turn of its conversation that answers (a chat saved one
    turn per memory), or a line naming a memory ranked right after them ("Also close")."""
    return any(turn in leaf_ids for hit in result.hits
               for around in (hit.next_turn, hit.also_said) if around is not None
               for turn in (around.leaf_id, around.then)) \
        or any(hit.leaf_id in leaf_ids for hit in result.more)


def _parts_shown(result: SearchResult, parts: list[set[str]], *, more: bool) -> bool:
    """Every part of an answer told by several memories (each a set of leaf ids) is among the
    memories served or the turns shown beside them (with ``more``, the "Also close" lines
    too)."""
    shown = {hit.leaf_id for hit in result.hits} | {
        turn for hit in result.hits for around in (hit.next_turn, hit.also_said)
        if around is not None for turn in (around.leaf_id, around.then)}
    if more:
        shown |= {hit.leaf_id for hit in result.more}
    return all(part & shown for part in parts)


def _first_block(result: SearchResult, leaf_ids: set[str]) -> bool:
    """One of ``leaf_ids`` is in the reply's first block: the first memory served, or the turns
    shown under it (an agent reading the reply top down has the answer before the second)."""
    if not result.hits:
        return False
    first = result.hits[0]
    return first.leaf_id in leaf_ids or any(
        turn in leaf_ids for around in (first.next_turn, first.also_said) if around is not None
        for turn in (around.leaf_id, around.then))


async def _saved(rt: Runtime, home: Path, texts: list[tuple[str, str]]) -> dict[str, set[str]]:
    """Each (key, text) saved once through the real Save path, every vector computed; the leaf
    ids of each key (kept beside the store, so a cached store is asked without saving again)."""
    marker = home / "leaf_ids.json"
    if not marker.exists():
        saved_ids: dict[str, list[str]] = {}
        for key, text in texts:
            saved = await rt.ingest.ask(Save(content=text, provenance=Provenance(
                agent="bench", session="retrieval")))
            saved_ids[key] = list(saved.leaf_ids)
        marker.write_text(json.dumps(saved_ids))
    await _wait_embedded(rt, 600)
    return {key: set(value) for key, value in json.loads(marker.read_text()).items()}


async def _quality(seed: int, rows: list[str] | None = None,
                   filler: Path | None = None) -> dict[str, Any]:
    items = corpus(seed)
    home = _home(f"retrieval-quality-{seed}", filler)
    async with Runtime(home) as rt:
        ids = await _saved(rt, home, [(item.key, item.text) for item in items])
        out: dict[str, Any] = {}
        asked = [i for i in items if i.question]
        for way, vectors, bilingual, neighbours in WAYS:
            rt.navigation.use_vectors = vectors
            rt.navigation.use_bilingual = bilingual
            rt.navigation.use_neighbours = neighbours
            out[way] = await _ask_all(rt, asked, ids, rows if way == "full" else None)
            if way == "full":
                # Halves of the same corpus (alternate questions): rules were tuned looking at
                # the first; the second shows how much of a gain is fitted to what was seen.
                out["full, tuning half"] = await _ask_all(rt, asked[0::2], ids)
                out["full, held-out half"] = await _ask_all(rt, asked[1::2], ids)
        return out


async def _ask_all(rt: Runtime, items: list[Item], ids: dict[str, set[str]],
                   rows: list[str] | None = None) -> dict[str, Any]:
    asked = [i for i in items if i.question]
    at = {1: 0, 3: 0, 5: 0}
    ambiguous = absent = nearby = cross = cross_hit = 0
    shown = 0
    for item in asked:
        result = await rt.navigation.ask(Search(query=item.question, limit=5))
        rank = _rank(result, ids[item.key])
        if rows is not None:  # one line per question: two runs are compared with diff
            rows.append(f"{result.status:<9} {'-' if rank is None else rank}  {item.question}")
        if result.status == "NONE":
            absent += 1
            nearby += any(hit.leaf_id in ids[item.key] for hit in result.nearest)
        if result.status == "AMBIGUOUS":
            ambiguous += 1
        if rank is not None:
            shown += 1
            if result.status == "FOUND":
                for k in at:
                    at[k] += rank < k
        question_es = any(c in item.question for c in "¿áéíóúñ")
        if question_es != (item.language == "es"):
            cross += 1
            cross_hit += rank is not None and rank < 5 and result.status == "FOUND"
    never = 0
    for question in NEVER:
        status = (await rt.navigation.ask(Search(query=question))).status
        never += status == "NONE"
        if rows is not None:
            rows.append(f"{status:<9} never  {question}")
    n = len(asked)
    return {"questions": n, **{f"recall@{k}": round(v / n, 3) for k, v in at.items()},
            "shown_any_status": round(shown / n, 3), "ambiguous": round(ambiguous / n, 3),
            "false_absence": round(absent / n, 3),
            "false_absence_answer_offered_nearby": f"{nearby}/{absent}",
            "never_stored_none": f"{never}/{len(NEVER)}",
            "cross_language_recall@5": f"{cross_hit}/{cross}"}


async def _conversation(name: str, rows: list[str] | None = None,
                        filler: Path | None = None) -> dict[str, Any]:
    """A hand-written set, asked every way; figures per kind of question, and the misses."""
    cset = CONVERSATION_SETS[name]
    turns: tuple[conversation_set.Turn, ...] = cset.TURNS
    digest = hashlib.sha256("\n".join(t.key + "\t" + t.content for t in turns).encode())
    home = _home(f"retrieval-{name}-{digest.hexdigest()[:12]}", filler)
    texts = [(turn.key, turn.content) for turn in turns]
    async with Runtime(home) as rt:
        await _saved(rt, home, texts)
        # The tree over the memories, as a store in use has it.
        await rt.consolidation.ask(Flush(force=True), timeout_s=600)
    # Asked from a reopened store, so a fresh build and a cached one give the same figures (the
    # process that has just saved broke one word tie the other way: an engine matter, not the
    # bench's, and the reopened order is the one every later run sees).
    async with Runtime(home) as rt:
        ids = await _saved(rt, home, texts)
        stats = await rt.navigation.ask(Stats())
        out: dict[str, Any] = {"turns": len(turns), "embedded": stats["embedding"]["embedded"],
                               "model": stats["embedding"]["model"],
                               "unconsolidated": stats["unconsolidated"],
                               "memories": stats.get("leaves")}
        for way, vectors, bilingual, neighbours in WAYS:
            rt.navigation.use_vectors = vectors
            rt.navigation.use_bilingual = bilingual
            rt.navigation.use_neighbours = neighbours
            out[way] = await _ask_conversation(rt, ids, cset, rows if way == "full" else None)
            if way == "full" and getattr(cset, "HALVED", False):
                # rules are worked on the first half and checked on the second
                for label, part in (("tuning half", slice(0, None, 2)),
                                    ("held-out half", slice(1, None, 2))):
                    out[f"full, {label}"] = await _ask_conversation(rt, ids, _half(cset, part))
        return out


def _home(name: str, filler: Path | None) -> Path:
    """Where a set's store lives: its own, or (``--mix``) a copy of the filled store made once
    (the set's own memories are then saved into the copy, beside the filler). The copy is named
    by the filler's whole path, so two stores of one base name are not taken for each other;
    it is a plain file copy, so the filler must have no server running on it."""
    if filler is None:
        return CACHE / name
    where = hashlib.sha256(str(filler.resolve()).encode()).hexdigest()[:8]
    home = CACHE / f"{name}-in-{filler.name}-{where}"
    if not (home / "copied.json").exists():
        shutil.rmtree(home, ignore_errors=True)
        shutil.copytree(filler, home, symlinks=True)
        (home / "leaf_ids.json").unlink(missing_ok=True)
        (home / "copied.json").write_text(json.dumps({"from": str(filler)}))
    return home


async def _wait_embedded(rt: Runtime, timeout_s: float) -> None:
    with anyio.fail_after(timeout_s):
        while True:
            if not (await rt.navigation.ask(Stats()))["embedding"]["pending"]:
                break
            await anyio.sleep(0.5)  # the embedder runs while the inbox is idle


async def _filled(size: int, seed: int) -> Path:
    """A store first filled with other memories (``--mix``, cached): ``size`` of the
    generator's, saved one by one through the real Save path, every vector computed and the
    tree built, as a store in use has them. Returns its home."""
    from bench.generator import Generator

    home = CACHE / f"mix-{size}-{seed}"
    done = home / "filled.json"
    if done.exists():
        return home
    shutil.rmtree(home, ignore_errors=True)
    async with Runtime(home) as rt:
        for memory in Generator(seed).memories(size):
            await rt.ingest.ask(Save(content=memory.text, provenance=Provenance(
                agent="bench", session="filler")))
        await _wait_embedded(rt, 7200)
        await rt.consolidation.ask(Flush(force=True), timeout_s=7200)
    done.write_text(json.dumps({"size": size, "seed": seed}))
    return home


async def _whole_sessions(name: str, rows: list[str] | None = None) -> dict[str, Any]:
    """A chat set saved one session per memory (``bench.whole_sessions``), asked the full
    way and judged on the rendered reply."""
    cset = CONVERSATION_SETS[name]
    try:
        saved = whole_sessions.sessions(cset.TURNS)
    except ValueError as exc:
        raise SystemExit("--whole-sessions needs a chat set ('[stamp] speaker: text'): "
                         f"{exc}") from None
    digest = hashlib.sha256("\n\n".join(s.text for s in saved).encode())
    home = CACHE / f"retrieval-{name}-whole-{digest.hexdigest()[:12]}"
    texts = [(s.key, s.text) for s in saved]
    async with Runtime(home) as rt:
        await _saved(rt, home, texts)
        await rt.consolidation.ask(Flush(force=True), timeout_s=600)
    async with Runtime(home) as rt:  # asked reopened, as _conversation does
        ids = await _saved(rt, home, texts)
        lengths = sorted(len(s.text) for s in saved)
        return {"sessions": len(saved), "session_chars_p50": lengths[len(lengths) // 2],
                "session_chars_max": lengths[-1],
                "full": await whole_sessions.judge(rt.navigation.ask, cset, ids, rows)}


def _half(cset: ModuleType, part: slice) -> ModuleType:
    """The set with one half of its questions and of its never-stored ones."""
    half = ModuleType(f"{cset.__name__}[{part.start}::{part.step}]")
    half.TURNS, half.CATEGORIES = cset.TURNS, cset.CATEGORIES
    half.QUESTIONS, half.NEVER = cset.QUESTIONS[part], cset.NEVER[part]
    for name in ("LIMIT", "ALL_PARTS"):
        if hasattr(cset, name):
            setattr(half, name, getattr(cset, name))
    return half


def _asked(text: str, limit: int | None) -> Search:
    """The search a set asks: with its ``limit``, or none (an MCP client's default call)."""
    return Search(query=text) if limit is None else Search(query=text, limit=limit,
                                                           limit_given=True)


def _first(result: SearchResult, key_of: dict[str, str]) -> str:
    """The reply's first memory as one short line: its key and the start of its turn."""
    hits = result.hits or result.nearest
    if not hits:
        return "(nothing shown)"
    hit = hits[0]
    text = " ".join((hit.text or hit.excerpt or hit.title).split())  # a clue request: no text
    text = LEADING_DATE.sub("", text)  # the date every turn starts with tells nothing here
    mark = "" if result.hits else "nearest "
    return f"{mark}[{key_of.get(hit.leaf_id, '?')}] {text[:60]}"


def _share(part: int, whole: int) -> float:
    return round(part / whole, 3) if whole else 0.0


async def _ask_conversation(rt: Runtime, ids: dict[str, set[str]], cset: ModuleType,
                            rows: list[str] | None = None) -> dict[str, Any]:
    """The retrieval figures on the hand-written set, overall and per category.

    An update is right at @1 when its first memory is one of its current turns (the outdated
    one first is a miss, counted apart); temporal questions accept any turn of the month that
    answers them. Cross-language is read from the languages (question vs answer turn), so it
    also covers update questions asked in the other language.
    """
    key_of = {leaf: key for key, leaves in ids.items() for leaf in leaves}
    turns: tuple[conversation_set.Turn, ...] = cset.TURNS
    lang = {turn.key: turn.lang for turn in turns}
    questions: tuple[conversation_set.Question, ...] = cset.QUESTIONS
    nevers: tuple[conversation_set.Never, ...] = cset.NEVER
    categories: tuple[str, ...] = cset.CATEGORIES
    at = {1: 0, 3: 0, 5: 0}
    limit: int | None = getattr(cset, "LIMIT", 5)
    all_parts = getattr(cset, "ALL_PARTS", False)
    parts_served = parts_in_reply = 0
    ambiguous = absent = nearby = shown = in_reply = block = cross = cross_hit = 0
    per: dict[str, dict[str, int]] = {c: {"n": 0, "at1": 0, "at5": 0, "shown": 0, "none": 0,
                                          "in_reply": 0, "block": 0, "outdated_first": 0,
                                          "parts": 0}
                                      for c in categories}
    misses: list[str] = []
    for question in questions:
        answer = set().union(*(ids[key] for key in question.keys))
        result = await rt.navigation.ask(_asked(question.text, limit))
        rank = _rank(result, answer)
        served = False
        if all_parts:
            parts = [ids[key] for key in question.keys]
            served = _parts_shown(result, parts, more=False)
            parts_served += served
            per[question.category]["parts"] += served
            parts_in_reply += _parts_shown(result, parts, more=True)
        found = result.status == "FOUND"
        row = per[question.category]
        row["n"] += 1
        if result.status == "NONE":
            absent += 1
            row["none"] += 1
            nearby += any(hit.leaf_id in answer for hit in result.nearest)
        ambiguous += result.status == "AMBIGUOUS"
        beside = rank is not None or _beside(result, answer)
        in_reply += beside
        row["in_reply"] += beside
        first_block = _first_block(result, answer)
        block += first_block
        row["block"] += first_block
        if rank is not None:
            shown += 1
            row["shown"] += 1
            if found:
                for k in at:
                    at[k] += rank < k
                row["at1"] += rank == 0
                row["at5"] += rank < 5
        outdated = set().union(set(), *(ids[key] for key in question.outdated))
        row["outdated_first"] += bool(result.hits) and result.hits[0].leaf_id in outdated
        if question.lang not in {lang[key] for key in question.keys}:
            cross += 1
            cross_hit += rank is not None and rank < 5 and found
        if rows is not None:  # one line per question: two runs are compared with diff
            parts_mark = ("*" if served else " ") if all_parts else ""
            rows.append(f"{result.status:<9} {'-' if rank is None else rank}"
                        f"{'+' if first_block else ' '}{parts_mark} {question.text}")
        if not (found and rank == 0):
            misses.append(f"{question.category:<10} {result.status:<9} {question.text} -> "
                          f"{_first(result, key_of)}")
    never = 0
    for item in nevers:
        result = await rt.navigation.ask(_asked(item.text, limit))
        never += result.status == "NONE"
        if rows is not None:
            rows.append(f"{result.status:<9} never  {item.text}")
        if result.status != "NONE":
            misses.append(f"{'never':<10} {result.status:<9} {item.text} -> "
                          f"{_first(result, key_of)}")
    n = len(questions)
    return {"questions": n, **{f"recall@{k}": _share(v, n) for k, v in at.items()},
            "shown_any_status": _share(shown, n), "shown_in_reply": _share(in_reply, n),
            "first_block": _share(block, n),
            "ambiguous": _share(ambiguous, n), "false_absence": _share(absent, n),
            "false_absence_answer_offered_nearby": f"{nearby}/{absent}",
            "never_stored_none": f"{never}/{len(nevers)}",
            "cross_language_recall@5": f"{cross_hit}/{cross}",
            **({"all_parts": _share(parts_served, n),
                "all_parts_in_reply": _share(parts_in_reply, n)} if all_parts else {}),
            "per_category": {
                category: {"questions": row["n"], "recall@1": _share(row["at1"], row["n"]),
                           "recall@5": _share(row["at5"], row["n"]),
                           "shown_any_status": _share(row["shown"], row["n"]),
                           "shown_in_reply": _share(row["in_reply"], row["n"]),
                           "first_block": _share(row["block"], row["n"]),
                           "none": row["none"],
                           **({"all_parts": _share(row["parts"], row["n"])}
                              if all_parts else {}),
                           **({"outdated_first": row["outdated_first"]}
                              if category == "update" else {})}
                for category, row in per.items()},
            "misses": misses}


def _build(size: int, seed: int) -> Path:
    """A store of ``size`` memories (cached), with every vector computed; returns its home."""
    from bench.generator import Generator, Memory
    from bench.ingest_bench import bulk_build
    from store.locks import LockManager
    from store.paths import StoreLayout

    home = CACHE / f"retrieval-{size}"
    marker = home / "built.json"
    if not marker.exists():
        home.mkdir(parents=True, exist_ok=True)
        layout = StoreLayout.at_home(home)
        own = corpus(seed)
        generated = Generator(seed).memories(max(0, size - len(own)))
        memories = [Memory(key=i.key, kind="note", lang=i.language, text=i.text,
                           probe=i.question) for i in own] + list(generated)
        bulk_build(layout, LockManager(layout.locks_dir), memories[:size])
        marker.write_text(json.dumps({"size": size, "seed": seed}))
    return home


async def _consolidate(home: Path) -> None:
    """As an agent's store would be: the tree built over its memories (once per cached store)."""
    done = home / "consolidated.json"
    if done.exists():
        return
    async with Runtime(home, background_consolidation=False) as rt:
        await rt.consolidation.ask(Flush(force=True), timeout_s=3600)
    done.write_text("{}")


def _embed(home: Path) -> dict[str, Any]:
    """Vectors for every memory, with the background embedder's code; its throughput."""
    from actors.embedding.index import VectorIndex
    from store.paths import StoreLayout

    model = ReadModel(StoreLayout.at_home(home))
    model.refresh()
    index = VectorIndex(model.layout)
    index.load()
    before = len(index)
    started = time.perf_counter()
    index.plan(model.leaves)
    while index.backfill(model.text_of):
        pass
    seconds = time.perf_counter() - started
    done = len(index) - before
    return {"memories": len(model.leaves), "embedded_now": done,
            "per_s": round(done / seconds, 1) if done and seconds else None}


async def _latency(home: Path, questions: list[str]) -> dict[str, Any]:
    from bench.mcp_bench import server_session

    times: list[float] = []
    async with server_session(home) as session:
        await session.call("search_memory", {"query": questions[0]})
        for question in questions:
            t0 = time.perf_counter()
            await session.call("search_memory", {"query": question})
            times.append((time.perf_counter() - t0) * 1000)
    return {"searches": len(times), "p50_ms": round(statistics.median(times), 2),
            "p95_ms": round(_pct(times, 0.95), 2)}


async def main_async(args: argparse.Namespace, rows: list[str] | None = None
                     ) -> dict[str, Any]:
    report: dict[str, Any] = {"date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds")}
    filler = None
    if args.whole_sessions and (args.mix or args.mix_store):
        raise SystemExit("--whole-sessions builds its own store of the set's sessions: it does "
                         "not take --mix or --mix-store")
    if args.mix or args.mix_store:
        filler = Path(args.mix_store) if args.mix_store else await _filled(args.mix, args.seed)
        report["mixed_into"] = {"store": str(filler), "size": args.mix or None}
    if args.set in CONVERSATION_SETS:
        report["set"] = args.set
        if args.whole_sessions:
            report["whole_sessions"] = await _whole_sessions(args.set, rows)
        elif not args.skip_quality:
            report["quality"] = await _conversation(args.set, rows, filler)
        # Latency stores hold the generated memories either way: only the query text changes.
        asked: tuple[conversation_set.Question, ...] = CONVERSATION_SETS[args.set].QUESTIONS
        questions = [q.text for q in asked][:args.searches]
    else:
        if not args.skip_quality:
            report["quality"] = await _quality(args.seed, rows, filler)
        questions = [i.question for i in corpus(args.seed) if i.question][:args.searches]
    report["sizes"] = {}
    for size in args.sizes:
        home = _build(size, args.seed)
        await _consolidate(home)
        embedding = _embed(home)
        report["sizes"][size] = {"embedding": embedding,
                                 "mcp_search": await _latency(home, questions)}
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000",
                        type=lambda s: [int(x) for x in s.split(",") if x])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--searches", type=int, default=100)
    parser.add_argument("--skip-quality", action="store_true")
    parser.add_argument("--set", choices=("templated", *CONVERSATION_SETS), default="templated",
                        help="templated: bench.retrieval_corpus (seeded); conversation: the "
                             "hand-written bench.conversation_set, held out from tuning; "
                             "conversation-b: bench.conversation_set_b, a second one to "
                             "validate on text the first set's tuning never saw; "
                             "conversation-c: bench.conversation_set_c, two friends' chat "
                             "saved one dated turn per memory, LoCoMo's way; "
                             "conversation-d: bench.conversation_set_d, a chat with an "
                             "assistant and near-neighbour never-stored questions; "
                             "conversation-e: bench.conversation_set_e, lists, counts and "
                             "comparisons told by several memories, asked with no limit; "
                             "conversation-f: new questions on conversation-d's chat, held "
                             "out from the abstention rules; "
                             "conversation-g: bench.conversation_set_g, what the assistant "
                             "said, preferences, counts, order and values changed twice; "
                             "conversation-h: new questions on conversation-g's chat, asked "
                             "by the user in the first and second person; "
                             "engineering: bench.engineering_set, a coding agent's notes on "
                             "three repositories (decisions, commands, bugs, owners)")
    parser.add_argument("--mix", type=int, default=0,
                        help="ask the set in a store first filled with this many generated "
                             "memories (saved through the real path; the filled store cached)")
    parser.add_argument("--mix-store", default="",
                        help="ask the set in a copy of this store (only read; stop its servers "
                             "first) instead")
    parser.add_argument("--whole-sessions", action="store_true",
                        help="save a chat set (conversation-c, -d, -f, -g, -h) one session "
                             "per memory and judge whether the reply shows the answer turn's "
                             "text (bench.whole_sessions)")
    parser.add_argument("--out", default="", help="also write the JSON report to this file")
    parser.add_argument("--rows", default="",
                        help="write one line per question of the full path (status, rank "
                             "of the answer, question) to this file, to diff two runs")
    args = parser.parse_args()
    configure_logging(level="warning", to_stderr=True)
    rows: list[str] | None = [] if args.rows else None
    report = anyio.run(main_async, args, rows)
    if rows is not None:
        Path(args.rows).write_text("\n".join(rows) + "\n", encoding="utf-8")
    text = json.dumps(report, indent=2, ensure_ascii=False) + "\n"
    sys.stdout.write(text)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
