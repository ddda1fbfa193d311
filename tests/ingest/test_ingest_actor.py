"""The ingest actor with real files: leaves, catalog, audit, secrets, repeats, refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from actors.ingest.messages import Save
from actors.provenance import Provenance
from ihmt_async.runtime import Runtime
from store import errors
from store.audit import read_audit
from store.catalog import CatalogReader
from store.leaf_format import read_leaf
from store.paths import StoreLayout

pytestmark = pytest.mark.anyio

PROV = Provenance(agent="pytest-agent", client_version="9.9", session="s-1")

# Ten kinds of secret, built at run time so this file itself holds no credential-shaped string.
SECRETS = {
    "aws_access_key": "AKIA" + "Q7X3ZJ5K2M9P4R6T",
    "aws_secret_key": "aws_secret_access_key = " + "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK9qL3mN2p",
    "github_token": "ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8",
    "gitlab_token": "glpat-" + "Xy12Ab34Cd56Ef78Gh90",
    "slack_token": "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    "stripe_key": "sk_live_" + "51HqLz2Kx9Yw8Vt7Us6Rr5Qq4Pp3Oo2Nn",
    "openai_key": "sk-proj-" + "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0FeDcBa98765",
    "jwt": ("eyJhbGciOiJIUzI1NiJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIn0"
            + ".dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
    "password_assignment": "password=" + "Tr0ub4dor&3xyzzy",
    "url_password": "postgres://admin:" + "S3cr3tPassw0rd" + "@db.internal:5432/app",
}
RAW = {
    "aws_access_key": SECRETS["aws_access_key"],
    "aws_secret_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzK9qL3mN2p",
    "github_token": SECRETS["github_token"],
    "gitlab_token": SECRETS["gitlab_token"],
    "slack_token": SECRETS["slack_token"],
    "stripe_key": SECRETS["stripe_key"],
    "openai_key": SECRETS["openai_key"],
    "jwt": SECRETS["jwt"],
    "password_assignment": "Tr0ub4dor&3xyzzy",
    "url_password": "S3cr3tPassw0rd",
}
PRIVATE_KEY = ("-----BEGIN RSA PRIVATE KEY-----\n" + "MIIEowIBAAKCAQEA7bq9" * 3
               + "\n-----END RSA PRIVATE KEY-----")


def every_byte_under(root: Path) -> bytes:
    return b"\n".join(p.read_bytes() for p in root.rglob("*") if p.is_file())


async def test_ten_kinds_of_secret_never_reach_disk(tmp_path: Path) -> None:
    async with Runtime(tmp_path, provenance=PROV) as rt:
        for kind, secret in SECRETS.items():
            result = await rt.ingest.ask(Save(
                content=f"Setup note for the {kind} case: {secret} — keep the deploy working.",
                provenance=PROV))
            assert result.redactions, kind
        result = await rt.ingest.ask(Save(content=f"Deploy key:\n{PRIVATE_KEY}\nend.",
                                          provenance=PROV))
        assert [r.kind for r in result.redactions] == ["private_key"]
    disk = every_byte_under(tmp_path)
    for kind, raw in RAW.items():
        assert raw.encode() not in disk, kind
    assert b"MIIEowIBAAKCAQEA7bq9" not in disk
    assert b"[REDACTED:" in disk


async def test_refuse_mode_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    monkeypatch.setenv("IHMT_SECRETS_MODE", "refuse")
    async with Runtime(tmp_path, provenance=PROV) as rt:
        with pytest.raises(errors.SecretRefused, match="github_token"):
            await rt.ingest.ask(Save(content=f"token {SECRETS['github_token']}",
                                     provenance=PROV))
    assert not list((tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))


async def test_leaf_header_provenance_and_catalog(tmp_path: Path) -> None:
    async with Runtime(tmp_path, provenance=PROV) as rt:
        result = await rt.ingest.ask(Save(
            content="We chose Redis streams over Kafka for the notification fan-out because "
                    "the volume is small.", tags=("decision",), scope="project:notify",
            origin="user", provenance=PROV))
    (leaf_id,) = result.leaf_ids
    entry = CatalogReader(rt.layout).get(leaf_id)
    assert entry is not None
    leaf = read_leaf(rt.layout.root / entry["path"])
    h = leaf.header
    assert h["agent"] == "pytest-agent" and h["client_version"] == "9.9"
    assert h["session"] == "s-1" and h["source"] == "mcp://pytest-agent"
    assert h["scope"] == "project:notify" and h["origin"] == "user"
    assert "decision" in h["tags"] and f"domain:{h['domain']}" in h["tags"]
    assert any(t.startswith("type:") for t in h["tags"])
    assert any(t.startswith("lang:") for t in h["tags"])
    assert h["checksum"].startswith("sha256:") and h["recorded_at"]
    assert entry["scope"] == "project:notify" and entry["agent"] == "pytest-agent"


async def test_repeat_save_is_one_leaf_keeps_first_ingested_at_and_is_audited(
        tmp_path: Path) -> None:
    text = "The integration tests need the docker socket mounted at /var/run/docker.sock."
    async with Runtime(tmp_path, provenance=PROV) as rt:
        first = await rt.ingest.ask(Save(content=text, provenance=PROV))
        path = next((tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
        ingested = read_leaf(path).header["ingested_at"]
        second = await rt.ingest.ask(Save(content=text, provenance=PROV))
    assert first.leaf_ids == second.leaf_ids and second.repeated == second.leaf_ids
    assert len(list((tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))) == 1
    assert read_leaf(path).header["ingested_at"] == ingested
    actions = [r["action"] for r in read_audit(StoreLayout.at_home(tmp_path))]
    assert actions.count("save") == 1 and actions.count("save.repeat") == 1


async def test_a_journal_with_several_dates_gives_one_leaf_per_date(tmp_path: Path) -> None:
    journal = ("2024-03-11\nHoy he firmado el contrato del piso en Lavapiés.\n\n"
               "22 de julio de 2024\nEmpiezo en el equipo de inventario.\n\n"
               "August 30, 2026\nBack from the trip; the terrace plants survived.\n\n"
               "03/02/2026\nNota: revisar el contrato de la luz.\n")
    async with Runtime(tmp_path, provenance=PROV) as rt:
        result = await rt.ingest.ask(Save(content=journal, provenance=PROV))
    stamps = sorted(read_leaf(p).header["timestamp"][:10]
                    for p in (tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
    assert result.data_type == "PERSONAL"
    assert stamps == ["2024-03-11", "2024-07-22", "2026-02-03", "2026-08-30"]
    texts = "".join(read_leaf(p).text for p in sorted(
        (tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"),
        key=lambda p: read_leaf(p).header["order_index"]))
    assert texts == journal


async def test_terminal_codes_and_control_characters_are_not_stored(tmp_path: Path) -> None:
    async with Runtime(tmp_path, provenance=PROV) as rt:
        saved = await rt.ingest.ask(Save(provenance=PROV, content=(
            "\x1b[1;31mERROR\x1b[0m deploy of billing-api failed\x07\x1b]0;term\x07\n"
            "retry\tok\x0c")))
        [leaf_id] = saved.leaf_ids
        entry = CatalogReader(rt.layout).entries()[leaf_id]
    text = read_leaf(rt.layout.resolve(entry["path"])).text
    assert "ERROR deploy of billing-api failed" in text and "retry\tok" in text
    assert not any(ch < " " and ch not in "\t\n\r" for ch in text)
    assert saved.codes_removed == 22  # said in the reply (render_save), not removed in silence


async def test_an_impossible_leading_date_is_named_in_the_refusal(tmp_path: Path) -> None:
    async with Runtime(tmp_path, provenance=PROV) as rt:
        with pytest.raises(errors.InvalidArgument, match=r"'2026-02-30'.*Nothing was saved"):
            await rt.ingest.ask(Save(provenance=PROV, content="2026-02-30: dentist, all fine"))
        saved = await rt.ingest.ask(Save(provenance=PROV, content="2026-02-28: dentist, fine"))
        assert saved.leaf_ids


@pytest.mark.parametrize(("kwargs", "error"), [
    ({"content": ""}, errors.EmptyContent),
    ({"content": " \n\t"}, errors.EmptyContent),
    ({"content": "a" * 1_000_001}, errors.ContentTooLarge),
    ({"content": "nul\x00byte"}, errors.InvalidText),
    ({"content": "bad \ud800 surrogate"}, errors.InvalidText),
    ({"content": "ok", "domain": "../x"}, errors.InvalidDomain),
    ({"content": "ok", "domain": "/abs/path"}, errors.InvalidDomain),
    ({"content": "ok", "domain": "a\\b"}, errors.InvalidDomain),
    ({"content": "ok", "content_type": "sonnet"}, errors.UnknownContentType),
    ({"content": "ok", "origin": "martian"}, errors.UnknownOption),
    ({"content": "ok", "supersedes": "L-general-0000-ffffffffff"}, errors.UnknownMemory),
    ({"content": 42}, errors.InvalidArgument),
    # a leading date that names no day: dated today, the memory would say the wrong day
    ({"content": "\x1b[31m\x1b[0m\x07"}, errors.EmptyContent),  # terminal codes only
    ({"content": "2026-13-45: moved to Lisbon"}, errors.InvalidArgument),
    ({"content": "31/02/2026 standup notes"}, errors.InvalidArgument),
])
async def test_bad_input_is_refused_and_writes_nothing(tmp_path: Path, kwargs: dict[str, object],
                                                       error: type[Exception]) -> None:
    async with Runtime(tmp_path, provenance=PROV) as rt:
        with pytest.raises(error):
            await rt.ingest.ask(Save(provenance=PROV, **kwargs))  # type: ignore[arg-type]
        stats = rt.ingest.statistics()
        assert stats.restarts == 0
    assert not list((tmp_path / "ihmt_memory" / "layer_0").rglob("*.txt"))
    assert list(read_audit(StoreLayout.at_home(tmp_path))) == []
    # A refused save on a store that did not exist creates nothing at all.
    assert not (tmp_path / "ihmt_memory").exists()
