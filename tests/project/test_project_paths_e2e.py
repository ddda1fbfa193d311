"""project_map and find_code with paths that cannot work, over stdio with the SDK's client.

A 300-character root name came back "Internal error (OSError) ... Please try again", which
retrying cannot help; a 1 MB subpath was accepted and echoed whole in the reply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mcp_client import server_session
from tests.project.project_samples import write_project

pytestmark = pytest.mark.anyio

SHORT_REPLY = 400


def env(tmp_path: Path) -> dict[str, str]:
    return {"IHMT_PROJECTS_DIR": str(tmp_path / "indexes")}


async def test_an_impossible_root_is_a_clear_refusal_not_an_internal_error(
        tmp_path: Path) -> None:
    files = write_project(tmp_path / "shop")
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(loop)
    roots = {
        "name over 255 bytes": (str(tmp_path / ("a" * 300)), "name too long"),
        "path over 4096 bytes": ("/" + "/".join(["b" * 200] * 25), "is too long"),
        "1 MB of spaced words": ("/" + "palabra " * 125_000, "is too long"),
        "symbolic-link loop": (str(loop / "src"), "loop of symbolic links"),
        "through a file": (str(files["readme"] / "src"), "No such directory"),
        # the whole disk: minutes of indexing /etc and /usr (probe-fault: no reply in 400 s)
        "the file system's root": ("/", "the file system's root, not a project"),
        "the home folder": (str(tmp_path / "user"), "the home folder, not a project"),
    }
    (tmp_path / "user").mkdir()
    # IHMT_READ_ROOTS admits the whole disk: the root and the home folder are still no project
    async with server_session(tmp_path / "home", HOME=str(tmp_path / "user"),
                              IHMT_READ_ROOTS="/", **env(tmp_path)) as s:
        for name, (root, expected) in roots.items():
            for tool, args in (("project_map", {"path": root}),
                               ("find_code", {"query": "shippingCost", "path": root})):
                text, is_error = await s.call(tool, args)
                assert is_error and expected in text, (tool, name, text)
                assert "Internal error" not in text and len(text) < SHORT_REPLY, (tool, name)


async def test_subpath_is_bounded_and_quoted_short(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    write_project(root)
    possible = "/".join(["sub dir " * 20] * 10)  # ten 160-byte names: a path that could exist
    async with server_session(tmp_path / "home", **env(tmp_path)) as s:
        for tool, extra in (("project_map", {}), ("find_code", {"query": "shippingCost"})):
            for sub in ("x" * 1_000_000, "y" * 300):
                text, is_error = await s.call(tool, {"path": str(root), "subpath": sub, **extra})
                assert is_error and "too long" in text, (tool, text[:300])
                assert len(text) < SHORT_REPLY, (tool, len(text))
            reply = await s.ok(tool, {"path": str(root), "subpath": possible, **extra})
            assert len(reply) < SHORT_REPLY and "characters]" in reply, (tool, len(reply))
        escape = "../" + "zz/" * 1000
        text, is_error = await s.call("project_map", {"path": str(root), "subpath": escape})
        assert is_error and "'..'" in text and len(text) < SHORT_REPLY, text[:300]


async def test_find_code_refuses_a_pasted_query(tmp_path: Path) -> None:
    root = tmp_path / "shop"
    write_project(root)
    async with server_session(tmp_path / "home", **env(tmp_path)) as s:
        for args in ({"query": "shipping cost " * 200},
                     {"query": "shippingCost", "clue": "zone " * 500}):
            text, is_error = await s.call("find_code", {"path": str(root), **args})
            assert is_error and "over the limit of 2,000" in text, text[:300]
            assert len(text) < SHORT_REPLY
