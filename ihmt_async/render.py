"""Tool replies as text, in IHMT's shapes (an agent set up for IHMT reads them unchanged).

Pure functions from the actors' structured answers to strings. The compact search form keeps
dates and OUTDATED notices (they change what an answer means) and drops ids and paths; the
full form adds ids, sources, tree paths and what was searched.
"""

from __future__ import annotations

import bisect
import calendar
import datetime as dt
import functools
import math
from collections import Counter
from collections.abc import Sequence

from actors.consolidation.summarizer import excerpt_for
from actors.facts.endings import ended_reason
from actors.facts.messages import FactReport, FactView, RetractResult
from actors.facts.speakers import speaker_of
from actors.ingest.messages import SaveResult
from actors.navigation.messages import Hit, SearchResult, Turn
from actors.navigation.query import asks_the_assistant
from actors.navigation.stem import stem
from actors.navigation.text_memo import TextMemo
from actors.text import sentences, terms
from actors.time_ranges import DateRange, told_days

FULL_TEXT_LIMIT = 6000
"""Characters of the first memory the full form (``detail="full"``) shows."""
FIRST_LIMIT = 1500
"""Characters (about 375 tokens) of the first memory a compact reply shows: a longer one is
windowed on its lines matching the question, as the others are. A saved chat session (0.9-2.4k
characters) was printed whole three times over, 7.2k characters a reply (an outside probe's
session store, bbtest39), while the one line that answers was all the agent needed."""
OTHER_LIMIT = 600
"""Characters each other memory a compact reply serves shows at most (its matching lines)."""
EXCERPT_LIMIT = 400
ANSWER_VALUES = 5
"""Values named on the attribute-answer line; older ones are counted ("… and N earlier")."""
REPLY_BUDGET = 8000
"""Characters (about 2,000 tokens) of memory text a compact reply shows in all: the first
memory takes what it needs up to ``FIRST_LIMIT``, the others share the rest (``OTHER_LIMIT``
each at most)."""
OTHER_MIN = 300
"""Characters every other memory shown gets at least (its matching part, windowed), however
many the caller asked for."""
SUCCESSOR_OPENING = 160
"""Characters of the superseding memory quoted on an OUTDATED line (its date and opening tell
the reader what stands now; its id alone told nothing)."""
NEAREST_LIMIT = 300
"""Characters of each memory offered beside a "No memory found": enough for a chat turn."""
CANDIDATE_LIMIT = 300
"""Characters of each competing memory of an AMBIGUOUS reply: its part matching the query."""
MORE_LIMIT = 200
"""Characters of each memory a FOUND reply names after those it serves (``SearchResult.more``):
its part matching the query."""
TRUNCATED = "\n[... truncated; narrow the query for the rest]"


def _entries(n: int) -> str:
    return f"entr{'y' if n == 1 else 'ies'}"


def _fact_line(fact: FactView) -> str:
    when = fact.valid_from or "undated"
    return f"{fact.subject} {fact.attribute} = '{fact.value}' ({when})"


def render_save(result: SaveResult, *, scope: str = "", project: str = "",
                asked: str = "") -> str:
    """The save's reply; with a project open or a scope asked, it says where the memory was
    filed (``scope_line``)."""
    n = len(result.leaf_ids)
    head = (f"Saved {n} memory {_entries(n)} (~{result.tokens} tokens) as {result.data_type} "
            f"in domain '{result.domain}'")
    head += "." if result.type_given else f" (detection confidence {result.confidence:.2f})."
    t = result.totals
    lines = [head,
             f"Memory now holds {t.leaves} {_entries(t.leaves)} across {t.domains} "
             f"domain{'s' if t.domains != 1 else ''} "
             f"({t.nodes} summary nodes, depth {t.depth}).",
             "Memory id" + ("s" if n > 1 else "") + ": " + ", ".join(result.leaf_ids)]
    filed = scope_line(scope, project=project, asked=asked)
    if filed:
        lines.append(filed)
    if result.repeated:
        k = len(result.repeated)
        lines.append(("This text was" if k == n else f"{k} of these {n} entries were")
                     + " already stored; refreshed, not duplicated.")
    if result.forgotten_before:
        lines.append("This text had been forgotten before ("
                     + ", ".join(result.forgotten_before)
                     + "); it is saved again as a new memory, and the forgotten one stays "
                     "retracted in the history.")
    if result.redactions:
        kinds = ", ".join(f"{r.kind} ({r.count})" for r in result.redactions)
        lines.append(f"Redacted before saving (only the redacted text was written): {kinds}.")
    if result.codes_removed:
        k = result.codes_removed
        lines.append(f"Removed {k} character{'s' if k != 1 else ''} of terminal escape codes "
                     "and control characters, which do not show; the visible text was saved.")
    lines.extend(_fact_report_lines(result.facts))
    return "\n".join(lines)


def scope_line(scope: str, *, project: str, asked: str) -> str:
    """Where a save was filed, when there was a choice: a project open, or a scope asked. No
    line for a client with no project that asked for none (IHMT's reply, unchanged)."""
    if not project and not asked:
        return ""
    if scope in ("", "user"):
        why = "" if asked else " (it reads as about the user, or about every project)"
        return f"Filed globally: every project sees it{why}."
    if scope == project and not asked:
        return (f"Filed under {scope}: only that project sees it (scope=\"user\" files what "
                "every project should see).")
    return f"Filed under {scope}: only searches in that project (or scope=\"*\") see it."


def _fact_report_lines(report: FactReport) -> list[str]:
    lines: list[str] = []
    applied = [f for f in report.new_facts if f.status in ("ACTIVE", "HISTORICAL")]
    if applied:
        lines.append(f"Extracted {len(applied)} fact(s) into the timeline: "
                     + "; ".join(_fact_line(f) for f in applied) + ".")
    if report.superseded_leaf:
        lines.append(f"Marked memory {report.superseded_leaf} as superseded by this one.")
    if report.also_superseded:
        # said, not done silently: an unrelated note given the wrong id outdated the
        # correction that was current without a word (an outside probe)
        later = ", ".join(report.also_superseded)
        lines.append(f"{report.superseded_leaf} had already been corrected by {later}: "
                     f"{'that memory is' if len(report.also_superseded) == 1 else 'those are'} "
                     "now superseded by this one too (only the newest correction is "
                     "current).")
    if report.pending_supersession:
        lines.append(f"Not yet applied: marking memory {report.pending_superseded_leaf} as "
                     "superseded waits for review (copied from a tool result, this text may not "
                     "overturn what the user said) [review "
                     f"{report.pending_supersession}]. Ask the user, or run "
                     f"`ihmt-async review approve {report.pending_supersession}`.")
    if report.notices:
        lines.append("")
        lines.append("This updates something remembered earlier — tell the user:")
        for notice in report.notices:
            lines.append(f"  {notice}")
        lines.append("  (the earlier value is kept as history, retrievable for questions about "
                     "that period)")
    if report.pending:
        lines.append("")
        lines.append("Waiting for review (copied from a tool result, it may not overturn what "
                     "the user said): " + "; ".join(
                         f"{_fact_line(f)} [fact {f.fact_id}]" for f in report.pending)
                     + ". Ask the user, or run `ihmt-async review`.")
    if report.blocked:
        lines.append("Not applied (this value was retracted earlier): "
                     + "; ".join(_fact_line(f) for f in report.blocked) + ".")
    return lines


def _date(hit: Hit) -> str:
    return hit.timestamp[:10] or "undated"


def _body(hit: Hit, query: str = "", limit: int = FULL_TEXT_LIMIT) -> str:
    """The memory's text (its excerpt when the text was not read), windowed (``_window``) on
    the question's words and those the search matched it with."""
    return _window(hit.text or hit.excerpt, query, limit, hit.focus)


def _window(text: str, query: str = "", limit: int = FULL_TEXT_LIMIT,
            focus: Sequence[str] = ()) -> str:
    """``text``, up to ``limit`` characters; when it is longer, the window around the passage
    that matches the query best (``_best_passage``): a long post-mortem's key sentence, or the
    one turn of a saved chat session that answers, may sit deep."""
    body = text.rstrip()
    if len(body) <= limit:
        return body
    if limit >= LINES_FROM_LIMIT:
        matching = _matching_lines(body, query, focus, limit)
        if matching is not None:
            return matching
    start = _best_passage(body, query, focus)
    if start is None or start + min(PASSAGE_CHARS, limit // 2) <= limit:
        return body[:limit] + TRUNCATED  # the passage fits whole from the opening
    begin = max(0, start - limit // 4)
    line_start = body.find("\n", begin, start) + 1
    if line_start:
        begin = line_start  # the window opens on a whole line (a turn, with its speaker)
    window = body[begin: begin + limit]
    lines = [f"[... {begin:,} characters before; the part matching the query follows]", window]
    if begin + limit < len(body):
        lines.append(TRUNCATED.strip())
    return "\n".join(lines)


PASSAGE_CHARS = 400
"""A line longer than this is weighed sentence by sentence when choosing the window."""


PASSAGE_MEMO_CHARS = 300_000
"""Characters of memory texts whose passages' stems are kept between replies (only texts
longer than a line of the reply are analysed: a few hundred of them)."""


ASSISTANT_PASSAGE_SHARE = 0.5
"""What a passage of the assistant's turn weighs in choosing the window, against the same
words said by anyone else, unless the question asks what the assistant said: "What breed is
my dog?" is told by the user's "we adopted a beagle puppy", not by the assistant's five
paragraphs on crate-training a dog (an outside client's saved sessions, five results: the
window of the answering session fell on the advice)."""


def _passages(text: str) -> list[tuple[int, str, bool]]:
    """The text's lines (a chat turn each, in a saved session), long ones cut at sentence
    ends: (offset, passage, whether the assistant says it: its turn's label, or the label of
    the turn its lines continue)."""
    out: list[tuple[int, str, bool]] = []
    offset = 0
    speaker = None
    for line in text.split("\n"):
        speaker = speaker_of(line) or speaker
        assistant = speaker is not None and speaker.subject is None
        if len(line) <= PASSAGE_CHARS:
            out.append((offset, line, assistant))
        else:
            at = 0
            for sentence in sentences(line):
                found = line.find(sentence, at)
                out.append((offset + found, sentence, assistant))
                at = found + len(sentence)
        offset += len(line) + 1
    return out


def _stems_of_passages(text: str) -> tuple[tuple[int, frozenset[str], bool], ...]:
    """``_passages`` with each passage's stems: what ``_best_passage`` weighs, the same for
    every question about the text."""
    return tuple((offset, frozenset(stem(word) for word in terms(passage)), assistant)
                 for offset, passage, assistant in _passages(text))


_passage_stems = TextMemo(_stems_of_passages, max_chars=PASSAGE_MEMO_CHARS)
"""Kept by text: a reply re-read every line of each long memory it shows (and "Also close"
shows six more), the same memories reply after reply (0.8-2 ms a reply at 50k)."""


@functools.lru_cache(maxsize=64)
def _asked_in(query: str) -> tuple[frozenset[str], bool]:
    """The query's stems (words of 3 letters or more) and whether it asks what the assistant
    said: the same for every memory of a reply (up to 20 served and six "Also close")."""
    return (frozenset(stem(word) for word in terms(query) if len(word) >= 3),
            asks_the_assistant(query))


def _best_passage(text: str, query: str, focus: Sequence[str] = ()) -> int | None:
    """Where the passage holding most of the query's words (and of ``focus``, the stems the
    search matched) starts (``_weighed_passages``). None when no passage holds any."""
    weighed = _weighed_passages(text, query, focus)
    if not weighed:
        return None
    return max(weighed, key=lambda item: (item[1], -item[0]))[0]


def _weighed_passages(text: str, query: str,
                      focus: Sequence[str] = ()) -> list[tuple[int, float]]:
    """(offset, weight) of each passage holding the query's words (and ``focus``), each word
    weighted by how few passages of this text hold it (a word every turn repeats decides
    nothing), the assistant's passages by ``ASSISTANT_PASSAGE_SHARE``; words are compared by
    stem ("sister" / "sisters")."""
    asked, to_the_assistant = _asked_in(query)
    wanted = asked | set(focus)
    if not wanted:
        return []
    discount = 1.0 if to_the_assistant else ASSISTANT_PASSAGE_SHARE
    held: list[tuple[int, frozenset[str], float]] = []
    for offset, own, assistant in _passage_stems(text):
        stems = own & wanted
        if stems:
            held.append((offset, stems, discount if assistant else 1.0))
    holders = Counter(word for _, stems, _ in held for word in stems)
    weight = {word: math.log(1 + len(held) / count) for word, count in holders.items()}
    return [(offset, share * sum(weight[word] for word in stems))
            for offset, stems, share in held]


LINES_FROM_LIMIT = 400
"""A memory shown in at least this many characters is windowed by its lines (``_matching_lines``);
a shorter share (an "Also close" line, a candidate, a memory beside "No memory found", each
under a heading with its date) gets the one passage that matches best, without the opening."""
HEADER_CHARS = 200
"""The opening line of a long memory is kept above its window when at most this long: a saved
session's date and who spoke ("2026-03-14 — conversation between Maya and Tomás"), without
which a turn's "yesterday" has no day."""
LINE_KEEP_SHARE = 0.5
"""A line of a long memory is shown when it weighs at least this share of its best line: the
other parts of an answer told over several turns, not every line naming a speaker."""
MIN_LINES = 4
"""Lines a memory needs to be windowed by its lines; fewer are windowed by characters."""


def _matching_lines(body: str, query: str, focus: Sequence[str],
                    limit: int) -> str | None:
    """``body`` (longer than ``limit``) as its opening line, then its lines holding the question's
    words best (``_line_weights``), each with the line after it (a question's answer) and the one
    before it (what it answers) while ``limit`` lasts, in text order, the lines left out told
    by "[... N lines]". None when the text is not lines, or none of its lines matches: the
    caller windows it by characters."""
    lines = body.split("\n")
    if len(lines) < MIN_LINES:
        return None
    weights = _line_weights(body, query, focus)
    if not weights:
        return None
    best = max(weights.values())
    ranked = sorted((index for index, weight in weights.items()
                     if weight >= LINE_KEEP_SHARE * best),
                    key=lambda index: (-weights[index], index))
    picked: set[int] = set()
    used = 0
    if len(lines[0]) <= HEADER_CHARS:
        picked.add(0)
        used = len(lines[0]) + 1
    if used + len(lines[ranked[0]]) + 1 > limit:
        return None  # the best line alone overflows: its sentences are windowed instead
    for index in ranked:
        for near in (index, index + 1, index - 1):
            if 0 <= near < len(lines) and near not in picked \
                    and used + len(lines[near]) + 1 <= limit:
                picked.add(near)
                used += len(lines[near]) + 1
            elif near == index and near not in picked:
                break  # no room for the line: nor for its neighbours
    used = _widened(lines, ranked, picked, used, limit)
    for index in sorted(picked):  # a line between two shown costs less shown than told
        if index + 2 in picked and index + 1 not in picked \
                and used + len(lines[index + 1]) + 1 <= limit:
            picked.add(index + 1)
            used += len(lines[index + 1]) + 1
    out: list[str] = []
    last = -1
    for index in sorted(picked):
        if index > last + 1:
            out.append(_skipped(index - last - 1))
        out.append(lines[index])
        last = index
    if last < len(lines) - 1:
        out.append(_skipped(len(lines) - 1 - last))
    return "\n".join(out)


def _widened(lines: list[str], ranked: list[int], picked: set[int], used: int,
             limit: int) -> int:
    """The room ``limit`` leaves spent on the lines around the matching ones, nearest first
    (after before: an answer follows its question), until a line does not fit: "How much did
    she pay for her car?" is answered two turns after "I bought a used Subaru", by a turn
    holding none of its words ("Twenty-one thousand dollars")."""
    for distance in range(2, len(lines)):
        for index in ranked:
            for near in (index + distance, index - distance):
                if not 0 <= near < len(lines) or near in picked:
                    continue
                if used + len(lines[near]) + 1 > limit:
                    return used
                picked.add(near)
                used += len(lines[near]) + 1
    return used


def _skipped(count: int) -> str:
    return f"[... {count} line{'s' if count != 1 else ''}]"


def _line_weights(text: str, query: str, focus: Sequence[str] = ()) -> dict[int, float]:
    """Each line of ``text`` holding the question's words (or ``focus``), with what its best
    passage weighs (``_weighed_passages``: a long line is cut in sentences)."""
    starts = _line_starts(text)
    out: dict[int, float] = {}
    for offset, weight in _weighed_passages(text, query, focus):
        line = bisect.bisect_right(starts, offset) - 1
        out[line] = max(out.get(line, 0.0), weight)
    return out


def _line_starts(text: str) -> list[int]:
    starts = [0]
    at = text.find("\n")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n", at + 1)
    return starts


def _marks(hit: Hit) -> list[str]:
    # a memory still current told something else as well that changed since ("I live in
    # Salford and work at Siemens", then a move): the work is not outdated
    label = "UNREVIEWED" if hit.currency == "PENDING" else \
        "PARTLY OUTDATED" if hit.currency == "CURRENT" else "OUTDATED"
    lines = [f"{label}: {notice}" for notice in hit.notices]
    if hit.said_by_other:
        speaker, asked = hit.said_by_other
        lines.append(f"Said by {speaker}, and it does not mention {asked}: check that it is "
                     f"about {asked}.")
    if hit.currency == "SUPERSEDED" and not hit.notices:
        later = f" by {hit.superseded_by}" if hit.superseded_by else ""
        if hit.successor is not None:
            day = hit.successor.timestamp[:10]
            later += (f"{f' ({day})' if day else ''}, which says "
                      f"\"{excerpt_for(hit.successor.text, SUCCESSOR_OPENING)}\"")
        if hit.stood_then:  # "which database did billing use in June 2025?"
            lines.append(f"OUTDATED now: superseded{later} after {hit.stood_then}; it tells "
                         f"how things stood in {hit.stood_then}.")
        else:
            lines.append(f"OUTDATED: this memory was superseded{later}; prefer the newer one.")
    if hit.currency == "PENDING" and not hit.notices:
        lines.append("UNREVIEWED: this value came from a tool result and waits for review; "
                     "do not treat it as what the user said.")
    if hit.same_on:
        lines.append(f"Also said on {', '.join(hit.same_on[:12])}"
                     f"{' ...' if len(hit.same_on) > 12 else ''} (the same words).")
    return lines


def _answer_line(result: SearchResult) -> list[str]:
    """One line that leads the reply to an attribute question: the value and its history."""
    answer = result.answer
    if answer is None:
        return []
    what = f"{answer.subject} {answer.attribute}"
    since = f" (since {answer.since})" if answer.since else ""
    ended = ended_reason(answer.value, answer.attribute)
    if ended is not None:  # an ending is no value: say the fact ended, and why
        why = f" ({ended})" if ended else ""
        day = f" on {answer.since}" if answer.since else ""
        line = (f"On {answer.valid_on}: {what} had ended{day}{why}; no value then. "
                f"Current value: {_shown(answer.current_value or '', answer.attribute)}."
                if answer.valid_on else f"Current value: none: {what} ended{day}{why}.")
    elif answer.valid_on:
        line = (f"On {answer.valid_on}: {what} = '{answer.value}'{since}. "
                f"Current value: {_shown(answer.current_value or '', answer.attribute)}.")
    else:
        line = f"Current value: {what} = '{answer.value}'{since}."
    earlier: list[tuple[str, str | None]] = []
    for value, valid_from in answer.history:
        if _same(value, answer.value) or (earlier and _same(earlier[-1][0], value)) or \
                (answer.current_value and _same(value, answer.current_value)):
            continue  # a confirmation of a value is not a change of it
        earlier.append((value, valid_from))
    if earlier:
        label = " Other values: " if answer.valid_on else " Earlier: "
        shown = earlier[-ANSWER_VALUES:]  # the latest ones: a value changed daily stays one line
        line += label + ", ".join(
            _shown(v, answer.attribute) + (f" (from {d})" if d else " (undated)")
            for v, d in shown)
        line += _and_more(len(earlier) - len(shown)) + "."
    if answer.pending:
        line += " Unreviewed: " + ", ".join(f"'{v}'" for v in answer.pending[-ANSWER_VALUES:])
        line += _and_more(len(answer.pending) - ANSWER_VALUES) + "."
    return [line]


def _shown(value: str, attribute: str) -> str:
    """A value quoted, or an ending (``endings.ended_reason``) told as one: "ended (sold or
    given away)", never "'ninguno (vendido o regalado)'" as if it were a car."""
    ended = ended_reason(value, attribute)
    if ended is None:
        return f"'{value}'"
    return "ended" + (f" ({ended})" if ended else "")


def _and_more(hidden: int) -> str:
    if hidden <= 0:
        return ""
    return f" … and {hidden} earlier value{'s' if hidden != 1 else ''}"


def _normal(text: str) -> str:
    """Case and runs of white space set aside, to compare what a reader would see as equal."""
    return " ".join(text.casefold().split())


def _same(a: str, b: str) -> bool:
    return _normal(a) == _normal(b)


def _tag(hit: Hit) -> str:
    """What follows a memory's date or title when it is not current: outdated, unreviewed."""
    return {"SUPERSEDED": " (outdated)", "PENDING": " (unreviewed)"}.get(hit.currency, "")


def _other(hit: Hit, body: str) -> str:
    return f"[{hit.domain}] {_date(hit)}{_titled(hit, body)}{_tag(hit)}"


def _titled(hit: Hit, body: str) -> str:
    """" · <title>", or nothing when the text shown under it begins with the title (a short
    memory's title is its text: printed twice, it costs the agent tokens and says nothing)."""
    title = _normal(hit.title.removesuffix("…"))
    if title and _normal(body).startswith(title):
        return ""
    return f" · {hit.title}"


def render_search(result: SearchResult, *, detail: str = "compact") -> str:
    if result.status == "NONE":
        text = render_none(result)
    elif result.status == "AMBIGUOUS":
        text = render_ambiguous(result)
    else:
        text = render_full(result) if detail == "full" else render_compact(result)
    return text + unreadable_note(result.unreadable)


def unreadable_note(count: int) -> str:
    """The line that says stored memories could not be read: a reply that searched "all N
    stored memories" while some files were deleted or damaged must not read as complete."""
    if not count:
        return ""
    memories = "memory" if count == 1 else "memories"
    return (f"\n\nNote: the files of {count} stored {memories} could not be read (missing or "
            "damaged), so this reply may lack them, or show them only as the search index "
            "holds them; tell the user to run `ihmt-async doctor`.")


def render_none(result: SearchResult) -> str:
    """The "No memory found" sentence, then any memories close in meaning, set apart: an agent
    can tell a paraphrase's answer from a near miss; the scores cannot."""
    lines = [_none_sentence(result)]
    if result.elsewhere:
        places = ", ".join(f'"{scope}"' for scope in result.elsewhere)
        lines.append(f"Memories of another scope ({places}) match it: search again with "
                     f'scope="{result.elsewhere[0]}" or scope="*" (every project) to see them.')
    if result.nearest:
        lines.append("")
        lines.append("Closest in meaning, not a confident match (check whether one answers it):")
        for hit in result.nearest:
            lines.append(f"- [{hit.domain}] {_date(hit)}{_tag(hit)} · "
                         + _body(hit, result.query, NEAREST_LIMIT).replace("\n", " "))
    return "\n".join(lines)


def _none_sentence(result: SearchResult) -> str:
    clue = f' (with clue "{result.clue}")' if result.clue else ""
    if result.as_of:  # the memories saved by that time and those dated by it
        clue += f" as the memory stood at {result.as_of}"
    n = result.trace.leaves_in_store
    memories = "memory" if n == 1 else "memories"
    searched = (f"Searched all {n} stored {memories} (tree descent and the full-text index)."
                if n else "The memory is empty.")
    if result.elsewhere:
        searched = (f"Searched the memories of this scope and the global ones ({n} stored in "
                    "every scope).")
    if result.reason:
        return (f'No memory found for "{result.query}"{clue} that is about this: '
                f"{result.reason}, and nothing matches the rest of the question. {searched} "
                "Try the words used when it was saved.")
    if result.nearest:
        return (f'No memory found for "{result.query}"{clue}: nothing stored clearly matches '
                f"it. {searched}")
    if n and not result.trace.meaning_compared:
        return (f'No memory found for "{result.query}"{clue}: no stored memory matches its '
                "words; they were not compared by meaning (the model is still loading): ask "
                f"again in a few seconds. {searched}")
    return (f'No memory found for "{result.query}"{clue}: no stored memory matches its words '
            f"or its meaning. If the user tells you, consider save_memory. {searched}")


def render_compact(result: SearchResult) -> str:
    """Every memory served, with its text: the first up to ``FIRST_LIMIT``, the others up to
    ``OTHER_LIMIT``, a longer one windowed on the part matching the query, within
    ``REPLY_BUDGET`` in all (each next turn of a conversation adds at most one more share)."""
    best = result.hits[0]
    lines = _answer_line(result)  # an attribute question leads with the current value
    lines.append(f"[{best.domain}] {_date(best)} (confidence {result.confidence:.2f})")
    lines += _absent_line(result)
    lines += _marks(best)
    first = _body(best, result.query, FIRST_LIMIT)
    lines.append(first)
    lines += _told_days_line(best.timestamp, first)
    others = result.hits[1:]
    share = min(OTHER_LIMIT,
                max(OTHER_MIN, (REPLY_BUDGET - len(first)) // max(len(others), 1)))
    lines += _conversation_lines(best, result.query, share)
    for rank, hit in enumerate(others, start=2):
        body = _body(hit, result.query, share)
        lines.append("")
        lines.append(f"--- {rank}. {_other(hit, body)}")
        lines += _marks(hit)
        lines.append(body)
        lines += _told_days_line(hit.timestamp, body)
        lines += _conversation_lines(hit, result.query, share)
    lines += _more_lines(result)
    lines += _history_lines(result.history)
    return "\n".join(lines)


def _more_lines(result: SearchResult, *, ids: bool = False) -> list[str]:
    """The memories ranked right after those served, a line each (``MORE_LIMIT``), with the
    notices a served memory carries (an outdated one says what replaced it)."""
    if not result.more:
        return []
    lines = ["", f"Also close (search again with limit={len(result.hits) + len(result.more)} "
                 "to read them in full):"]
    for hit in result.more:
        said = _body(hit, result.query, MORE_LIMIT).replace("\n", " ")
        lines.append(f"- [{hit.domain}] {_date(hit)}{_tag(hit)}"
                     + (f" · {hit.leaf_id}" if ids else "") + f" · {said}")
        lines += [f"  {mark}" for mark in _marks(hit)]  # its OUTDATED notice, as served ones
    return lines


def _conversation_lines(hit: Hit, query: str, limit: int, *, ids: bool = False) -> list[str]:
    """What the conversation went on with right after the memory's own text, then the turn of
    it that answers, a few turns away."""
    return (_turn_lines(hit.next_turn, _heading(hit.next_turn, "Next in that conversation",
                                                "Saved right after it"), query, limit, ids)
            + _turn_lines(hit.also_said, _heading(hit.also_said, "Also in that conversation",
                                                  "Also saved that day"), query, limit, ids))


def _heading(turn: Turn | None, conversation: str, notes: str) -> str:
    """A chat turn is part of a conversation; a note saved beside another is not (a coding
    agent's separate notes of one session read as one conversation misled)."""
    return notes if turn is not None and turn.note else conversation


def _turn_lines(turn: Turn | None, heading: str, query: str, limit: int,
                ids: bool) -> list[str]:
    if turn is None:
        return []
    marks = [turn.leaf_id, *([turn.then] if turn.then else [])] if ids else []
    if turn.outdated:
        marks.append("outdated: a later memory corrected it")
    label = f"{heading} ({'; '.join(marks)}):" if marks else f"{heading}:"
    shown = _window(turn.text, query, limit)
    return [label, shown, *_told_days_line(turn.timestamp, shown)]


def _absent_line(result: SearchResult) -> list[str]:
    """The question's words no memory holds: the memories served may be about something
    else ("brother" asked, only a sister's wedding stored)."""
    if not result.absent:
        return []
    words = ", ".join(f"'{word}'" for word in result.absent[:6])
    return [f"No stored memory mentions {words}: check that this answers the question."]


def _history_lines(history: Sequence[Hit]) -> list[str]:
    if not history:
        return []
    lines = ["", "History (superseded memories):"]
    for hit in history:
        lines.append(f"  [{hit.domain}] {_date(hit)} · {hit.title}")
        lines += [f"    {m}" for m in _marks(hit)]
        if hit.text:
            lines.append("    " + _body(hit).replace("\n", "\n    "))
    return lines


def render_full(result: SearchResult) -> str:
    t = result.trace
    lines = _answer_line(result)
    lines += [f'{len(result.hits)} memory match(es) for "{result.query}" (confidence '
             f"{result.confidence:.2f}; {t.node_reads} branch files read).",
             f"Searched: {t.leaves_in_store} memories; domains ranked: "
             f"{', '.join(t.domains_ranked) or 'none'}; {t.branches_opened} branches opened; "
             f"{t.leaves_scored} leaves scored; full-text fallback: "
             + (f"used ({t.fallback_reason})" if t.fallback_used else "not needed") + "."]
    lines += _absent_line(result)
    for rank, hit in enumerate(result.hits, start=1):
        lines.append("")
        lines.append(f"--- {rank}. [{hit.domain}] {_date(hit)} · {hit.leaf_id}")
        lines.append(f"    title:  {hit.title}")
        lines.append(f"    source: {hit.source}" + (f" (agent {hit.agent})" if hit.agent else ""))
        if hit.scope:
            lines.append(f"    scope:  {hit.scope}")
        lines.append(f"    status: {hit.currency}")
        lines.append(f"    path:   {' > '.join(hit.tree_path)}")
        lines += [f"    {m}" for m in _marks(hit)]
        if rank == 1:
            lines.append("")
            body = _body(hit, result.query)
            lines.append(body)
            lines += _told_days_line(hit.timestamp, body)
        else:
            lines.append(f"    excerpt: {hit.excerpt[:EXCERPT_LIMIT]}")
            lines += [f"    {line}" for line in _told_days_line(
                hit.timestamp, hit.excerpt[:EXCERPT_LIMIT])]
        lines += _conversation_lines(hit, result.query, OTHER_MIN, ids=True)
    if len(result.hits) > 1:
        lines.append("")
        lines.append("(Full text shown for the top match only. Refine the query to promote "
                     "another.)")
    lines += _more_lines(result, ids=True)
    lines += _history_lines(result.history)
    return "\n".join(lines)


def render_ambiguous(result: SearchResult) -> str:
    reason = result.reason or "several memories match"
    if not reason.startswith("low confidence"):
        reason += f" (confidence {result.confidence:.2f})"
    lines = [f'AMBIGUOUS: "{result.query}" — {reason}.',
             "Do not pick one at random. Either ask the user which they mean, or call",
             "search_memory again with `clue` set to a distinguishing detail (a place,",
             "a date, a project, a person).",
             "",
             "Competing memories:"]
    for index, hit in enumerate(result.hits, start=1):
        excerpt = _body(hit, result.query, CANDIDATE_LIMIT).replace("\n", " ")
        lines.append(f"  {index}. [{hit.domain}] {_date(hit)}{_titled(hit, excerpt)}")
        lines.append(f"     {excerpt}")
        if hit.next_turn is not None:
            said = _window(hit.next_turn.text, result.query, CANDIDATE_LIMIT).replace("\n", " ")
            heading = _heading(hit.next_turn, "Next in that conversation", "Saved right after it")
            lines.append(f"     {heading}: {said}")
    return "\n".join(lines)


def render_retract(result: RetractResult, reason: str) -> str:
    if result.already:
        return (f"{result.description[:1].upper()}{result.description[1:]} was already "
                "forgotten; nothing changed. It stays in the history as retracted.")
    lines = [f"Forgot {result.description} (reason: {reason}).",
             "It stays on disk and in the history and audit log as retracted, but it will not "
             "be served as a memory or a current value again."]
    if result.kind == "leaf" and result.facts:
        lines.append("Facts retracted with it: "
                     + "; ".join(_fact_line(f) for f in result.facts) + ".")
    return "\n".join(lines)


def render_history(facts: Sequence[FactView], subject: str, attribute: str) -> str:
    what = f"{subject} {attribute}".strip()
    if not facts:
        return (f"No facts recorded for {what}. Facts come from statements such as "
                "'I live in ...', 'I work at ...', 'our stack is ...'.")
    lines = [f"Timeline for {what} ({len(facts)} fact(s), oldest first):"]
    for f in facts:
        valid = f"valid {f.valid_from or 'undated'}" + (f" → {f.valid_to}" if f.valid_to else "")
        record = f"recorded {f.recorded_at[:19].replace('T', ' ')}"
        if f.superseded_at:
            record += f", superseded {f.superseded_at[:19].replace('T', ' ')}"
        who = f"by {f.agent or 'unknown'}" + (f" ({f.origin})" if f.origin else "")
        line = (f"  [{f.status}] {f.subject} {f.attribute} = '{f.value}' · {valid} · {record} · "
                f"{who} · {f.fact_id}")
        if f.retraction_reason:
            line += f" · retracted: {f.retraction_reason}"
        lines.append(line)
    return "\n".join(lines)


def _told_days_line(timestamp: str, shown: str) -> list[str]:
    """The days the shown text's relative phrases name, as of the memory's own day
    (``told_days``; ``timestamp`` is the memory's): "When did Maya adopt Juniper?" is
    answered by a turn of 2026-10-20 saying "I adopted her yesterday", and the reader should
    not have to count back (nor, in the next turn, "the shelter called last Friday")."""
    try:
        said_on = dt.date.fromisoformat(timestamp[:10])
    except ValueError:
        return []
    told = told_days(shown, said_on)
    if not told:
        return []
    parts = [f'"{day.phrase}" {"~" if day.approximate else "="} {_days_named(day.span)}'
             for day in told]
    return [f"(Said on {said_on:%a} {said_on.isoformat()}: {'; '.join(parts)}.)"]


def _days_named(span: DateRange) -> str:
    """A day as "Fri 2026-03-13", a whole month as "April 2026", a whole year as "2025"."""
    if span.start == span.end:
        return f"{span.start:%a} {span.start.isoformat()}"
    if span.start == dt.date(span.start.year, 1, 1) and span.end == dt.date(
            span.start.year, 12, 31):
        return str(span.start.year)
    if span.start.day == 1 and span.end == span.start.replace(
            day=calendar.monthrange(span.start.year, span.start.month)[1]):
        return f"{span.start:%B %Y}"
    return f"{span.start:%a} {span.start.isoformat()} to {span.end:%a} {span.end.isoformat()}"
